// The 3D view: three.js scene, the two cameras (orbit and top-down), the layers built from the
// mesh and level, picking, and the overlays (hover, selection, path, tool previews).
//
// World axes are the mesh's, Z up (the server turns Y-up meshes). Drawing happens on demand
// (after a change or a camera move), not every frame.

import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { MapControls } from 'three/addons/controls/MapControls.js';
import { Line2 } from 'three/addons/lines/Line2.js';
import { LineMaterial } from 'three/addons/lines/LineMaterial.js';
import { LineGeometry } from 'three/addons/lines/LineGeometry.js';
import { colourOf, rgb } from './colours.js';

THREE.Object3D.DEFAULT_UP.set(0, 0, 1);

// Heights above the areas' surface at which overlays are drawn, so that they are not hidden in it.
const LIFT = { outline: 1, selection: 1.5, conn: 4, path: 8, preview: 3 };
const HIGHLIGHT = 0xffc400;
const OUTLINE = new THREE.Color(0x22242a);
const SELECTED_EDGE = new THREE.Color(0x000000);
const HOVER_EDGE = new THREE.Color(0x1a73e8);

function discTexture() {
  const c = document.createElement('canvas');
  c.width = c.height = 32;
  const g = c.getContext('2d');
  g.beginPath();
  g.arc(16, 16, 13, 0, 2 * Math.PI);
  g.fillStyle = '#ffffff';
  g.fill();
  g.lineWidth = 4;
  g.strokeStyle = '#181818';
  g.stroke();
  const t = new THREE.CanvasTexture(c);
  t.colorSpace = THREE.SRGBColorSpace;
  return t;
}

// Geometry only: materials are made once and shared (disposing the last material of a shader
// program releases the program, and the next one would be compiled again: slow in software).
function disposeTree(obj) {
  obj.traverse((o) => {
    if (o.geometry) o.geometry.dispose();
  });
}

// Every material the view uses, made once. All lines are vertex-coloured and see-through, so
// they share one shader program (each program compiled is a pause in software WebGL).
function materials(disc) {
  const T = THREE;
  const line = (opts) => new T.LineBasicMaterial(opts);
  const points = (size, extra = {}) => new T.PointsMaterial({
    size, sizeAttenuation: false, vertexColors: true, map: disc, alphaTest: 0.5, transparent: true, ...extra,
  });
  const fat = () => new LineMaterial({ color: 0xffffff, linewidth: 3, worldUnits: false, depthTest: false });
  return {
    areas: new T.MeshBasicMaterial({ vertexColors: true, side: T.DoubleSide }),
    outline: line({ vertexColors: true, transparent: true, opacity: 0.35 }),
    ghost: new T.MeshBasicMaterial({ color: 0xe8e6e0, transparent: true, opacity: 0.45, depthWrite: false, side: T.DoubleSide }),
    twoWay: line({ vertexColors: true, transparent: true, opacity: 0.45 }),
    oneWay: line({ vertexColors: true, transparent: true, opacity: 0.85 }),
    links: line({ vertexColors: true, transparent: true, opacity: 0.85 }),
    ladder: line({ vertexColors: true, transparent: true, opacity: 1 }),
    ladderFill: new T.MeshBasicMaterial({ color: 0xf4c430, transparent: true, opacity: 0.6, side: T.DoubleSide, depthWrite: false }),
    ladderLink: line({ vertexColors: true, transparent: true, opacity: 0.6 }),
    spots: points(9),
    nodes: points(6),
    markers: points(14, { depthTest: false }),
    selNodes: points(13, { depthTest: false }),
    level: new T.MeshLambertMaterial({ color: 0xb9b4aa, transparent: true, opacity: 0.32, depthWrite: false, side: T.DoubleSide }),
    selFill: new T.MeshBasicMaterial({ color: HIGHLIGHT, transparent: true, opacity: 0.55, depthWrite: false, side: T.DoubleSide }),
    selLine: line({ vertexColors: true, transparent: true, opacity: 1 }),
    hoverFill: new T.MeshBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.4, depthWrite: false, side: T.DoubleSide }),
    hoverLine: line({ vertexColors: true, transparent: true, opacity: 1 }),
    path: fat(),
    preview: fat(),
  };
}

export class View {
  constructor(canvas, container) {
    this.canvas = canvas;
    this.container = container;
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.setClearColor(0xf6f4ef);
    this.scene = new THREE.Scene();
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x5a5a5a, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.2);
    sun.position.set(0.4, -0.6, 1);
    this.scene.add(sun);

    this.persp = new THREE.PerspectiveCamera(50, 1, 1, 1e6);
    this.ortho = new THREE.OrthographicCamera(-1, 1, 1, -1, -1e6, 1e6);
    this.ortho.up.set(0, 1, 0);
    this.orbit = new OrbitControls(this.persp, canvas);
    this.orbit.screenSpacePanning = true;
    this.map = new MapControls(this.ortho, canvas);
    this.map.enableRotate = false;
    this.map.screenSpacePanning = true;
    this.map.enabled = false;
    this.topDown = false;
    this.orbit.addEventListener('change', () => this.requestRender());
    this.map.addEventListener('change', () => this.requestRender());

    this.layers = {};
    for (const name of ['level', 'ghosts', 'areas', 'outlines', 'conns', 'ladders', 'spots', 'graph', 'overlay']) {
      this.layers[name] = new THREE.Group();
      this.scene.add(this.layers[name]);
    }
    this.disc = discTexture();
    this.mat = materials(this.disc);
    this.mat.path.color.set(0xd4145a);
    this.mat.path.linewidth = 4;
    this.raycaster = new THREE.Raycaster();
    this.mesh = null;
    this.mode = 'place';
    this.floor = null;
    this.selected = [];
    this.hover = -1;
    this.frameQueued = false;
    this.onRender = null;
    window.addEventListener('resize', () => this.resize());
    this.resize();
  }

  get camera() {
    return this.topDown ? this.ortho : this.persp;
  }

  get controls() {
    return this.topDown ? this.map : this.orbit;
  }

  resize() {
    const w = Math.max(1, this.container.clientWidth);
    const h = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.persp.aspect = w / h;
    this.persp.updateProjectionMatrix();
    this.fitOrtho();
    for (const m of this.lineMaterials()) m.resolution.set(w, h);
    this.requestRender();
  }

  lineMaterials() {
    return [this.mat.path, this.mat.preview];
  }

  fitOrtho() {
    const w = Math.max(1, this.container.clientWidth);
    const h = Math.max(1, this.container.clientHeight);
    const half = this.orthoHalf || 1000;
    this.ortho.left = (-half * w) / h;
    this.ortho.right = (half * w) / h;
    this.ortho.top = half;
    this.ortho.bottom = -half;
    this.ortho.updateProjectionMatrix();
  }

  requestRender() {
    if (this.frameQueued) return;
    this.frameQueued = true;
    requestAnimationFrame(() => {
      this.frameQueued = false;
      this.render();
    });
  }

  render() {
    this.renderer.render(this.scene, this.camera);
    if (this.onRender) this.onRender();
  }

  // --- layers -------------------------------------------------------------------------------

  // Empty layer `name` to build it again; the mesh and its data arrays.
  fresh(name) {
    this.clear(name);
    return { m: this.mesh, d: this.mesh.d };
  }

  clear(name) {
    const g = this.layers[name];
    for (const c of [...g.children]) {
      g.remove(c);
      disposeTree(c);
    }
  }

  setMesh(mesh) {
    this.mesh = mesh;
    this.visible = new Uint8Array(mesh.count);
    this.selected = this.selected.filter((i) => i < mesh.count);
    this.hover = -1;
    this.rebuild();
  }

  inFloor(z) {
    if (!this.floor) return true;
    const pad = 1;
    return z >= this.floor.min_z - pad && z <= this.floor.max_z + pad;
  }

  // Everything drawn from the mesh, after a new mesh or a floor change.
  rebuild() {
    const m = this.mesh;
    if (!m) return;
    for (let i = 0; i < m.count; i++) this.visible[i] = m.drawable(i) && this.inFloor(m.z(i)) ? 1 : 0;
    this.buildAreas();
    this.buildConnections();
    this.buildLadders();
    this.buildSpots();
    this.buildGraph();
    this.updateSelection();
    this.requestRender();
  }

  buildAreas() {
    const m = this.mesh;
    const d = m.d;
    this.clear('areas');
    this.clear('outlines');
    this.clear('ghosts');
    let nv = 0, nt = 0, ne = 0, gv = 0, gt = 0;
    for (let i = 0; i < m.count; i++) {
      const k = d.area_start[i + 1] - d.area_start[i];
      if (k < 3) continue;
      if (this.visible[i]) {
        nv += k; nt += k - 2; ne += k;
      } else {
        gv += k; gt += k - 2;
      }
    }
    const pos = new Float32Array(nv * 3);
    const col = new Float32Array(nv * 3);
    const idx = new Uint32Array(nt * 3);
    const line = new Float32Array(ne * 6);
    const gpos = new Float32Array(gv * 3);
    const gidx = new Uint32Array(gt * 3);
    this.triArea = new Uint32Array(nt);
    this.vertStart = new Int32Array(m.count).fill(-1);
    let v = 0, t = 0, e = 0, w = 0, u = 0;
    for (let i = 0; i < m.count; i++) {
      const a = d.area_start[i], b = d.area_start[i + 1];
      const k = b - a;
      if (k < 3) continue;
      if (this.visible[i]) {
        this.vertStart[i] = v;
        for (let j = 0; j < k; j++) {
          pos.set(d.verts.subarray(3 * (a + j), 3 * (a + j) + 3), 3 * (v + j));
          const p = 3 * (a + j), q = 3 * (a + ((j + 1) % k));
          line.set([d.verts[p], d.verts[p + 1], d.verts[p + 2] + LIFT.outline,
            d.verts[q], d.verts[q + 1], d.verts[q + 2] + LIFT.outline], 6 * e++);
        }
        for (let j = 1; j + 1 < k; j++) {
          idx.set([v, v + j, v + j + 1], 3 * t);
          this.triArea[t++] = i;
        }
        v += k;
      } else {
        for (let j = 0; j < k; j++) gpos.set(d.verts.subarray(3 * (a + j), 3 * (a + j) + 3), 3 * (w + j));
        for (let j = 1; j + 1 < k; j++) gidx.set([w, w + j, w + j + 1], 3 * u++);
        w += k;
      }
    }
    const geo = new THREE.BufferGeometry();
    geo.setAttribute('position', new THREE.BufferAttribute(pos, 3));
    geo.setAttribute('color', new THREE.BufferAttribute(col, 3));
    geo.setIndex(new THREE.BufferAttribute(idx, 1));
    geo.computeBoundingSphere();
    geo.computeBoundingBox();
    this.areaMesh = new THREE.Mesh(geo, this.mat.areas);
    this.layers.areas.add(this.areaMesh);
    this.layers.outlines.add(new THREE.LineSegments(solid(line, OUTLINE), this.mat.outline));
    if (gt > 0) {
      const gg = new THREE.BufferGeometry();
      gg.setAttribute('position', new THREE.BufferAttribute(gpos, 3));
      gg.setIndex(new THREE.BufferAttribute(gidx, 1));
      this.mat.ghost.color.copy(rgb(m.header.colours.ghost));
      this.layers.ghosts.add(new THREE.Mesh(gg, this.mat.ghost));
    }
    this.applyColours();
  }

  setMode(mode) {
    this.mode = mode;
    this.applyColours();
    this.requestRender();
  }

  applyColours() {
    const m = this.mesh;
    if (!m || !this.areaMesh) return;
    const attr = this.areaMesh.geometry.getAttribute('color');
    const col = attr.array;
    const paint = colourOf(m, this.mode, this.visible);
    const c = new THREE.Color();
    for (let i = 0; i < m.count; i++) {
      const s = this.vertStart[i];
      if (s < 0) continue;
      paint(i, c);
      const k = m.d.area_start[i + 1] - m.d.area_start[i];
      for (let j = 0; j < k; j++) col.set([c.r, c.g, c.b], 3 * (s + j));
    }
    attr.needsUpdate = true;
  }

  centre(i, lift = 0) {
    const c = this.mesh.centre;
    return [c[3 * i], c[3 * i + 1], c[3 * i + 2] + lift];
  }

  // Lines between area centres: two-way ones once, one-way ones with an arrowhead.
  buildConnections() {
    const { m, d } = this.fresh('conns');
    const kinds = m.header.kinds;
    const n = d.conn_from.length;
    // Typed arrays sized for the most there can be: a pair of points per two-way line, three
    // pairs (line and arrowhead) per one-way one.
    const two = new Float32Array(n * 6), twoCol = new Float32Array(n * 6);
    const one = new Float32Array(n * 18), oneCol = new Float32Array(n * 18);
    let t = 0, o = 0;
    const walk = rgb(m.header.colours.two_way[0]);
    const oneWay = rgb(m.header.colours.one_way[0]);
    const kindColour = kinds.map((k) => (k.name !== 'walk' ? rgb(k.colour) : walk));
    const c = m.centre;
    const wing = [];
    for (let k = 0; k < n; k++) {
      const f = d.conn_from[k], to = d.conn_to[k];
      if (f === to || !this.visible[f] || !this.visible[to]) continue;
      const a = [c[3 * f], c[3 * f + 1], c[3 * f + 2] + LIFT.conn];
      const b = [c[3 * to], c[3 * to + 1], c[3 * to + 2] + LIFT.conn];
      if (d.conn_oneway[k]) {
        wing.length = 0;
        arrow(a, b, wing);
        one.set(a, o); one.set(b, o + 3);
        one.set(wing, o + 6);
        const end = o + 6 + wing.length;
        for (let j = o; j < end; j += 3) { oneCol[j] = oneWay.r; oneCol[j + 1] = oneWay.g; oneCol[j + 2] = oneWay.b; }
        o = end;
      } else if (f < to) {
        const col = kindColour[d.conn_kind[k]] || walk;
        two.set(a, t); two.set(b, t + 3);
        for (let j = t; j < t + 6; j += 3) { twoCol[j] = col.r; twoCol[j + 1] = col.g; twoCol[j + 2] = col.b; }
        t += 6;
      }
    }
    const [, twoAlpha] = m.header.colours.two_way;
    const [, oneAlpha] = m.header.colours.one_way;
    this.mat.twoWay.opacity = Math.max(0.45, twoAlpha);
    this.mat.oneWay.opacity = oneAlpha;
    this.layers.conns.add(segments(two.subarray(0, t), twoCol.subarray(0, t), this.mat.twoWay));
    this.layers.conns.add(segments(one.subarray(0, o), oneCol.subarray(0, o), this.mat.oneWay));
  }

  buildLadders() {
    const { m, d } = this.fresh('ladders');
    const n = d.ladder_id.length;
    if (n === 0) return;
    const rails = [], fill = [], links = [];
    const firstArea = new Int32Array(n).fill(-1);
    for (let k = 0; k < d.ladder_link_ladder.length; k++) {
      const l = d.ladder_link_ladder[k];
      if (firstArea[l] < 0) firstArea[l] = d.ladder_link_area[k];
    }
    for (let l = 0; l < n; l++) {
      const top = Array.from(d.ladder.subarray(7 * l, 7 * l + 3));
      const bottom = Array.from(d.ladder.subarray(7 * l + 3, 7 * l + 6));
      if (!this.inFloor(bottom[2]) && !this.inFloor(top[2])) continue;
      const width = Math.max(8, d.ladder[7 * l + 6]);
      // Rails across the direction to the first area the ladder joins (x when it joins none).
      let dx = 1, dy = 0;
      if (firstArea[l] >= 0) {
        const c = this.centre(firstArea[l]);
        const ex = c[0] - bottom[0], ey = c[1] - bottom[1];
        const len = Math.hypot(ex, ey);
        if (len > 1e-3) { dx = -ey / len; dy = ex / len; }
      }
      const h = width / 2;
      const corner = (p, s) => [p[0] + s * h * dx, p[1] + s * h * dy, p[2]];
      const bl = corner(bottom, -1), br = corner(bottom, 1), tl = corner(top, -1), tr = corner(top, 1);
      rails.push(...bl, ...tl, ...br, ...tr);
      const height = top[2] - bottom[2];
      const rungs = Math.min(64, Math.max(1, Math.floor(Math.abs(height) / 12)));
      for (let r = 0; r <= rungs; r++) {
        const f = r / rungs;
        const a = bl.map((x, i) => x + f * (tl[i] - x));
        const b = br.map((x, i) => x + f * (tr[i] - x));
        rails.push(...a, ...b);
      }
      fill.push(...bl, ...br, ...tr, ...bl, ...tr, ...tl);
    }
    for (let k = 0; k < d.ladder_link_ladder.length; k++) {
      const l = d.ladder_link_ladder[k], a = d.ladder_link_area[k];
      if (!this.visible[a]) continue;
      const c = this.centre(a, LIFT.conn);
      const top = d.ladder.subarray(7 * l, 7 * l + 3), bottom = d.ladder.subarray(7 * l + 3, 7 * l + 6);
      const end = Math.abs(top[2] - c[2]) < Math.abs(bottom[2] - c[2]) ? top : bottom;
      links.push(end[0], end[1], end[2], ...c);
    }
    const colour = rgb(m.header.colours.ladder);
    this.mat.ladderFill.color.copy(rgb(m.header.colours.ladder_fill));
    this.layers.ladders.add(new THREE.LineSegments(solid(rails, colour), this.mat.ladder));
    const fg = new THREE.BufferGeometry();
    fg.setAttribute('position', new THREE.Float32BufferAttribute(fill, 3));
    this.layers.ladders.add(new THREE.Mesh(fg, this.mat.ladderFill));
    this.layers.ladders.add(new THREE.LineSegments(solid(links, colour), this.mat.ladderLink));
  }

  buildSpots() {
    const { m, d } = this.fresh('spots');
    const pos = [], col = [];
    const kinds = m.header.spot_kinds;
    for (let s = 0; s < d.spot_kind.length; s++) {
      const z = d.spot_pos[3 * s + 2];
      if (!this.inFloor(z)) continue;
      pos.push(d.spot_pos[3 * s], d.spot_pos[3 * s + 1], z + LIFT.conn);
      const k = kinds[d.spot_kind[s]];
      const c = rgb(k ? k.colour : '#6a6c72');
      col.push(c.r, c.g, c.b);
    }
    if (pos.length) this.layers.spots.add(this.points(pos, col, this.mat.spots));
  }

  points(pos, col, material) {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
    g.setAttribute('color', new THREE.Float32BufferAttribute(col, 3));
    return new THREE.Points(g, material);
  }

  // Waypoint nodes (Quake, MGSV NavWorld) and their links by type.
  buildGraph() {
    const { m, d } = this.fresh('graph');
    const n = d.node_id_lo.length;
    if (n === 0) return;
    const shown = new Uint8Array(n);
    const pos = [], col = [];
    const nc = rgb(m.header.colours.node);
    for (let i = 0; i < n; i++) {
      if (!this.inFloor(d.node_pos[3 * i + 2])) continue;
      shown[i] = 1;
      pos.push(d.node_pos[3 * i], d.node_pos[3 * i + 1], d.node_pos[3 * i + 2] + LIFT.conn);
      col.push(nc.r, nc.g, nc.b);
    }
    const lines = [], lcol = [];
    const kinds = m.header.kinds;
    for (let k = 0; k < d.link_from.length; k++) {
      const f = d.link_from[k], t = d.link_to[k];
      if (!shown[f] || !shown[t] || f === t) continue;
      if (!d.link_oneway[k] && f > t) continue;
      const a = [d.node_pos[3 * f], d.node_pos[3 * f + 1], d.node_pos[3 * f + 2] + LIFT.conn];
      const b = [d.node_pos[3 * t], d.node_pos[3 * t + 1], d.node_pos[3 * t + 2] + LIFT.conn];
      const kind = kinds[d.link_kind[k]];
      const c = rgb(kind ? kind.colour : '#5d6f86');
      const before = lines.length;
      lines.push(...a, ...b);
      if (d.link_oneway[k]) arrow(a, b, lines);
      for (let j = before; j < lines.length; j += 3) lcol.push(c.r, c.g, c.b);
    }
    this.layers.graph.add(segments(lines, lcol, this.mat.links));
    this.layers.graph.add(this.points(pos, col, this.mat.nodes));
  }

  setLevel(level) {
    this.clear('level');
    if (!level) return;
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(level.data.verts, 3));
    g.setIndex(new THREE.BufferAttribute(level.data.tris, 1));
    const flat = g.toNonIndexed();
    g.dispose();
    flat.computeVertexNormals();
    const mesh = new THREE.Mesh(flat, this.mat.level);
    mesh.renderOrder = -1;
    this.layers.level.add(mesh);
    this.levelMesh = mesh;
    this.requestRender();
  }

  setLayer(name, on) {
    this.layers[name].visible = on;
    this.requestRender();
  }

  setFloor(floor) {
    this.floor = floor;
    this.rebuild();
  }

  // --- selection and overlays ---------------------------------------------------------------

  areaOverlay(list, fill, outline, lift) {
    const m = this.mesh;
    const d = m.d;
    const pos = [], idx = [], line = [];
    for (const i of list) {
      if (!this.visible[i]) continue;
      const a = d.area_start[i], b = d.area_start[i + 1];
      const base = pos.length / 3;
      for (let j = a; j < b; j++) pos.push(d.verts[3 * j], d.verts[3 * j + 1], d.verts[3 * j + 2] + lift);
      for (let j = 1; j + 1 < b - a; j++) idx.push(base, base + j, base + j + 1);
      for (let j = a; j < b; j++) {
        const q = j + 1 < b ? j + 1 : a;
        line.push(d.verts[3 * j], d.verts[3 * j + 1], d.verts[3 * j + 2] + lift + 0.5,
          d.verts[3 * q], d.verts[3 * q + 1], d.verts[3 * q + 2] + lift + 0.5);
      }
    }
    const group = new THREE.Group();
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
    g.setIndex(idx);
    group.add(new THREE.Mesh(g, fill));
    group.add(new THREE.LineSegments(solid(line, outline === this.mat.selLine ? SELECTED_EDGE : HOVER_EDGE), outline));
    return group;
  }

  setOverlay(name, obj) {
    const old = this.layers.overlay.getObjectByName(name);
    if (old) {
      this.layers.overlay.remove(old);
      disposeTree(old);
    }
    if (obj) {
      obj.name = name;
      this.layers.overlay.add(obj);
    }
    this.requestRender();
  }

  setSelection(list) {
    this.selected = list;
    this.updateSelection();
  }

  // The selected waypoint nodes (a Quake graph being edited), drawn as large rings on top.
  setNodeSelection(list) {
    this.selectedNodes = list;
    this.updateNodeSelection();
  }

  updateNodeSelection() {
    const d = this.mesh && this.mesh.d;
    const list = (this.selectedNodes || []).filter((i) => d && i < d.node_id_lo.length);
    if (!list.length) {
      this.setOverlay('nodes', null);
      return;
    }
    const pos = [], col = [];
    const c = new THREE.Color(HIGHLIGHT);
    for (const i of list) {
      pos.push(d.node_pos[3 * i], d.node_pos[3 * i + 1], d.node_pos[3 * i + 2] + LIFT.conn);
      col.push(c.r, c.g, c.b);
    }
    const pts = this.points(pos, col, this.mat.selNodes);
    pts.renderOrder = 9;
    this.setOverlay('nodes', pts);
  }

  updateSelection() {
    if (!this.mesh) return;
    this.updateNodeSelection();
    this.setOverlay('selection', this.selected.length
      ? this.areaOverlay(this.selected, this.mat.selFill, this.mat.selLine, LIFT.selection) : null);
    this.setOverlay('hover', this.hover >= 0
      ? this.areaOverlay([this.hover], this.mat.hoverFill, this.mat.hoverLine, LIFT.selection + 0.5) : null);
  }

  setHover(i) {
    if (i === this.hover) return;
    this.hover = i;
    this.setOverlay('hover', i >= 0 ? this.areaOverlay([i], this.mat.hoverFill, this.mat.hoverLine, LIFT.selection + 0.5) : null);
  }

  fatLine(points, material, lift) {
    const flat = [];
    for (const p of points) flat.push(p[0], p[1], p[2] + lift);
    const g = new LineGeometry();
    g.setPositions(flat);
    material.resolution.set(this.container.clientWidth, this.container.clientHeight);
    const line = new Line2(g, material);
    line.computeLineDistances();
    line.renderOrder = 10;
    return line;
  }

  marker(p, colour) {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute([p[0], p[1], p[2] + LIFT.path], 3));
    const c = new THREE.Color(colour);
    g.setAttribute('color', new THREE.Float32BufferAttribute([c.r, c.g, c.b], 3));
    const pts = new THREE.Points(g, this.mat.markers);
    pts.renderOrder = 11;
    return pts;
  }

  showPath(from, to, waypoints) {
    const group = new THREE.Group();
    if (waypoints && waypoints.length >= 2) group.add(this.fatLine(waypoints, this.mat.path, LIFT.path));
    if (from) group.add(this.marker(from, 0x1e9e4a));
    if (to) group.add(this.marker(to, 0xd4145a));
    this.setOverlay('path', group.children.length ? group : null);
  }

  showPreview(points, colour) {
    if (points) this.mat.preview.color.set(colour);
    this.setOverlay('preview', points ? this.fatLine(points, this.mat.preview, LIFT.preview) : null);
  }

  // --- picking and projection ---------------------------------------------------------------

  ray(clientX, clientY) {
    const r = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((clientX - r.left) / r.width) * 2 - 1, -((clientY - r.top) / r.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    return this.raycaster;
  }

  // The area under a screen point, and where on it.
  pick(clientX, clientY) {
    if (!this.areaMesh) return null;
    const hit = this.ray(clientX, clientY).intersectObject(this.areaMesh, false)[0];
    if (!hit) return null;
    return { area: this.triArea[hit.faceIndex], point: hit.point.toArray() };
  }

  // Screen positions (CSS pixels) of the shown waypoint nodes in front of the camera.
  nodesOnScreen() {
    const d = this.mesh && this.mesh.d;
    const out = [];
    if (!d || !this.layers.graph.visible) return out;
    const r = this.canvas.getBoundingClientRect();
    const v = new THREE.Vector3();
    for (let i = 0; i < d.node_id_lo.length; i++) {
      const z = d.node_pos[3 * i + 2];
      if (!this.inFloor(z)) continue;
      v.set(d.node_pos[3 * i], d.node_pos[3 * i + 1], z + LIFT.conn).project(this.camera);
      if (Math.abs(v.z) > 1) continue;
      out.push({ i, x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height });
    }
    return out;
  }

  // The shown waypoint node nearest the cursor, within a few pixels.
  pickNode(clientX, clientY) {
    let best = -1, bestD = 8;
    for (const n of this.nodesOnScreen()) {
      const dist = Math.hypot(n.x - clientX, n.y - clientY);
      if (dist < bestD) { bestD = dist; best = n.i; }
    }
    return best;
  }

  // A world point under the cursor: on an area, else on the level, else on the plane z = `z`.
  pickPoint(clientX, clientY, z) {
    const onArea = this.pick(clientX, clientY);
    if (onArea) return onArea.point;
    const ray = this.ray(clientX, clientY);
    if (this.levelMesh && this.layers.level.visible) {
      const hit = ray.intersectObject(this.levelMesh, false)[0];
      if (hit) return hit.point.toArray();
    }
    return this.onPlane(clientX, clientY, z);
  }

  onPlane(clientX, clientY, z) {
    const ray = this.ray(clientX, clientY).ray;
    const p = new THREE.Vector3();
    const plane = new THREE.Plane(new THREE.Vector3(0, 0, 1), -z);
    return ray.intersectPlane(plane, p) ? p.toArray() : null;
  }

  // Where a world point appears, in CSS pixels of the page.
  project(p) {
    const v = new THREE.Vector3(p[0], p[1], p[2]).project(this.camera);
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height, inside: Math.abs(v.z) <= 1 };
  }

  // Shown waypoint nodes that fall in a screen rectangle.
  nodesInRect(x0, y0, x1, y1) {
    const [ax, bx] = [Math.min(x0, x1), Math.max(x0, x1)];
    const [ay, by] = [Math.min(y0, y1), Math.max(y0, y1)];
    return this.nodesOnScreen()
      .filter((n) => n.x >= ax && n.x <= bx && n.y >= ay && n.y <= by)
      .map((n) => n.i);
  }

  // Visible areas whose centre falls in a screen rectangle.
  areasInRect(x0, y0, x1, y1) {
    const out = [];
    const m = this.mesh;
    const v = new THREE.Vector3();
    const r = this.canvas.getBoundingClientRect();
    const [ax, bx] = [Math.min(x0, x1), Math.max(x0, x1)];
    const [ay, by] = [Math.min(y0, y1), Math.max(y0, y1)];
    for (let i = 0; i < m.count; i++) {
      if (!this.visible[i]) continue;
      v.set(m.centre[3 * i], m.centre[3 * i + 1], m.centre[3 * i + 2]).project(this.camera);
      if (Math.abs(v.z) > 1) continue;
      const x = r.left + ((v.x + 1) / 2) * r.width, y = r.top + ((1 - v.y) / 2) * r.height;
      if (x >= ax && x <= bx && y >= ay && y <= by) out.push(i);
    }
    return out;
  }

  // --- cameras ------------------------------------------------------------------------------

  // Look at a box (the whole mesh by default) from the south, above, as close as keeps all of
  // it in view.
  frame(box) {
    const b = box || this.mesh.bounds();
    const c = new THREE.Vector3((b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2);
    const size = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2], 64);
    const dir = new THREE.Vector3(-0.3, -0.8, 1.0).normalize();
    const corners = [];
    for (const x of [b.min[0], b.max[0]]) for (const y of [b.min[1], b.max[1]]) for (const z of [b.min[2], b.max[2]]) corners.push(new THREE.Vector3(x, y, z));
    let dist = size / Math.tan((this.persp.fov * Math.PI) / 360);
    this.persp.near = Math.max(0.5, size / 5000);
    this.persp.far = size * 100;
    this.persp.updateProjectionMatrix();
    // Each pass scales the distance by how far the box overflows (or underfills) the view.
    for (let pass = 0; pass < 4; pass++) {
      this.persp.position.copy(c).addScaledVector(dir, dist);
      this.persp.lookAt(c);
      this.persp.updateMatrixWorld();
      let reach = 0;
      for (const p of corners) {
        const v = p.clone().project(this.persp);
        reach = Math.max(reach, Math.abs(v.x), Math.abs(v.y));
      }
      dist *= Math.min(4, Math.max(0.25, reach / 0.92));
    }
    this.persp.position.copy(c).addScaledVector(dir, dist);
    this.orbit.target.copy(c);
    this.orbit.update();
    const w = Math.max(1, this.container.clientWidth), h = Math.max(1, this.container.clientHeight);
    const ex = (b.max[0] - b.min[0]) / 2, ey = (b.max[1] - b.min[1]) / 2;
    this.orthoHalf = Math.max(ey, (ex * h) / w, 32) * 1.06;
    this.ortho.zoom = 1;
    this.ortho.position.set(c.x, c.y, b.max[2] + size + 1000);
    this.ortho.lookAt(c.x, c.y, c.z);
    this.map.target.copy(c);
    this.fitOrtho();
    this.map.update();
    this.requestRender();
  }

  setTopDown(on) {
    this.topDown = on;
    this.orbit.enabled = !on;
    this.map.enabled = on;
    this.requestRender();
  }

  setControlsEnabled(on) {
    this.controls.enabled = on;
  }
}

// A V at 60% along a → b, drawn in the horizontal plane.
function arrow(a, b, out) {
  const dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
  const len = Math.hypot(dx, dy, dz);
  if (len < 1e-3) return;
  const s = Math.min(14, len * 0.2);
  const ux = dx / len, uy = dy / len, uz = dz / len;
  const px = -uy, py = ux;
  const tip = [a[0] + dx * 0.6, a[1] + dy * 0.6, a[2] + dz * 0.6];
  for (const side of [1, -1]) {
    out.push(...tip, tip[0] - ux * s + side * px * s * 0.6, tip[1] - uy * s + side * py * s * 0.6, tip[2] - uz * s);
  }
}

// Line geometry in one colour.
function solid(pos, colour) {
  const p = pos instanceof Float32Array ? pos : new Float32Array(pos);
  const col = new Float32Array(p.length);
  for (let i = 0; i < col.length; i += 3) {
    col[i] = colour.r; col[i + 1] = colour.g; col[i + 2] = colour.b;
  }
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.BufferAttribute(p, 3));
  g.setAttribute('color', new THREE.BufferAttribute(col, 3));
  return g;
}

function segments(pos, col, material) {
  const g = new THREE.BufferGeometry();
  const typed = (v) => (v instanceof Float32Array ? new THREE.BufferAttribute(v, 3) : new THREE.Float32BufferAttribute(v, 3));
  g.setAttribute('position', typed(pos));
  g.setAttribute('color', typed(col));
  return new THREE.LineSegments(g, material);
}
