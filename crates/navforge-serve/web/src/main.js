// The page: loads the mesh and level, keeps the selection and version, sends edits, and fills
// the side panels. Pointer and keyboard handling is in input.js, drawing in view.js.

import { ApiError, clientId, decodeBuffer, getBinary, getJson, listen, postJson, whenGone } from './api.js';
import { Mesh } from './mesh.js';
import { View } from './view.js';
import { legendOf } from './colours.js';
import { Input } from './input.js';
import { TriMesh } from './trimesh.js';
import * as panels from './panels.js';

const $ = (id) => document.getElementById(id);

// After the redraw a change asked for: its frame callback was queued first, so it has run.
function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

class App {
  constructor() {
    this.view = new View($('canvas'), $('view'));
    this.mesh = null;
    this.version = 0;
    this.dirty = false;
    this.readOnly = null;
    this.selection = [];
    this.graph = false; // a Quake graph being edited: nodes are selected and edited, not areas
    this.nodes = [];
    this.tool = 'select';
    this.pathEnds = { from: null, to: null };
    this.lastPath = null;
    this.reloading = null;
    this.again = false;
    this.stats = { edits: [], loads: [] };
    this.gone = null; // how the server went away, once it has
    this.trimesh = new TriMesh(this);
    this.input = new Input(this);
    whenGone(() => this.serverGone(null));
  }

  // `early` holds the first requests, sent before WebGL starts up.
  async start(early) {
    const t0 = performance.now();
    const marks = { script: early.t0, view: t0 };
    this.stats.marks = marks;
    const level = early.level
      .then(decodeBuffer)
      .catch((e) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      });
    await this.loadMesh(early.mesh);
    marks.mesh = performance.now();
    this.levelData = await level;
    this.view.setLevel(this.levelData);
    panels.fileInfo(this);
    if (!this.levelData) $('layers').querySelector('[data-layer=level]').parentElement.hidden = true;
    this.view.frame();
    panels.wire(this);
    this.events = listen((e) => this.onEvent(e), () => this.streamLost());
    this.loadCheck();
    marks.built = performance.now();
    await nextFrame();
    marks.frame = performance.now();
    this.stats.start = performance.now() - t0;
    window.navforge.ready = true;
    window.navforge.tti = performance.now();
    document.body.dataset.ready = '1';
  }

  // --- the mesh -----------------------------------------------------------------------------

  async loadMesh(pending) {
    const t0 = performance.now();
    const buf = await (pending || getBinary('/api/mesh'));
    const tf = performance.now();
    const mesh = new Mesh(decodeBuffer(buf));
    const tm = performance.now();
    const keep = this.selectedIds();
    this.mesh = mesh;
    this.version = mesh.header.state.version;
    this.readOnly = mesh.header.file.read_only;
    this.graph = mesh.header.file.edits === 'graph';
    this.view.setMesh(mesh);
    // The hover box describes what is under the pointer in this version (or nothing).
    this.input.refreshHover();
    const tv = performance.now();
    this.setSelectionIds(keep);
    this.selectNodes(this.nodes.filter((i) => i < mesh.d.node_id_lo.length));
    this.applyState(mesh.header.state);
    panels.fileInfo(this);
    panels.legend(this);
    panels.floors(this);
    panels.editChoices(this);
    this.trimesh.refresh();
    this.stats.loads.push({ fetch: tf - t0, decode: tm - tf, view: tv - tm, total: performance.now() - t0 });
  }

  // One load at a time; a request during a load runs one more after it.
  reload() {
    if (this.reloading) {
      this.again = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      try {
        do {
          this.again = false;
          await this.loadMesh();
        } while (this.again);
      } finally {
        this.reloading = null;
      }
      this.loadCheck();
    })();
    return this.reloading;
  }

  applyState(state) {
    this.version = Math.max(this.version, state.version);
    this.setDirty(state.dirty);
    panels.history(this, state.history);
  }

  setDirty(dirty) {
    this.dirty = dirty;
    $('dirty').textContent = dirty ? 'unsaved edits' : '';
    document.title = `${dirty ? '• ' : ''}${this.mesh ? this.mesh.header.file.file : ''} — navforge`;
  }

  onEvent(e) {
    if (e.what === 'stopping') {
      this.serverGone(e.recovery || { unsaved: e.dirty });
      return;
    }
    if (e.by === clientId) return;
    if (e.version !== this.version) {
      if (e.what === 'edit') this.status(`another tab: ${e.command} (version ${e.version})`);
      this.reload();
    } else if (e.what === 'save') {
      this.setDirty(e.dirty);
    }
  }

  // The event stream broke: a server that answers is still there (the browser reconnects by
  // itself); one that does not is gone; one that refuses this page's token is a new server.
  async streamLost() {
    if (this.gone) return;
    try {
      await getJson('/api/state');
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) this.serverGone({ restarted: true });
      // `gone` was handled by the request itself.
    }
  }

  // The server stopped (`info` from its last event) or stopped answering (`info` null): say so
  // where it cannot be missed, and stop offering edits.
  serverGone(info) {
    if (this.gone) return;
    this.gone = info || { lost: true };
    window.navforge.gone = this.gone;
    if (this.events) this.events.close();
    this.readOnly = 'navforge serve is not running: nothing can be edited or saved in this page';
    panels.gone(this, info);
    if (info && info.path) $('dirty').textContent = 'unsaved edits: kept in the recovery file';
    this.status(this.readOnly, true);
  }

  // --- selection ----------------------------------------------------------------------------

  selectedIds() {
    return this.mesh ? this.selection.map((i) => this.mesh.ids[i]) : [];
  }

  setSelectionIds(ids) {
    const list = [];
    for (const id of ids) {
      const i = this.mesh.indexOf.get(String(id));
      if (i !== undefined && !list.includes(i)) list.push(i);
    }
    this.select(list);
  }

  select(list) {
    this.selection = list;
    this.view.setSelection(list);
    panels.selection(this);
  }

  toggle(i) {
    const at = this.selection.indexOf(i);
    this.select(at >= 0 ? this.selection.filter((x) => x !== i) : [...this.selection, i]);
  }

  // Selected waypoint nodes, by index in the buffer (a graph being edited).
  selectNodes(list) {
    this.nodes = list;
    this.view.setNodeSelection(list);
    panels.selection(this);
  }

  toggleNode(i) {
    const at = this.nodes.indexOf(i);
    this.selectNodes(at >= 0 ? this.nodes.filter((x) => x !== i) : [...this.nodes, i]);
  }

  selectedNodeIds() {
    return this.mesh ? this.nodes.map((i) => this.mesh.nodeId(i)) : [];
  }

  // --- edits --------------------------------------------------------------------------------

  status(text, error = false) {
    const s = $('status');
    s.textContent = text;
    s.classList.toggle('error', error);
    window.navforge.status = text;
  }

  // Send one command line, made on this version, with the selected set.
  async run(command) {
    if (this.readOnly) {
      this.status(this.readOnly, true);
      return null;
    }
    const t0 = performance.now();
    const ids = this.selectedIds().filter((id) => /^\d+$/.test(id) && Number(id) <= 0xffffffff).map(Number);
    try {
      const reply = await postJson('/api/edit', { command, version: this.version, selection: ids });
      const t1 = performance.now();
      panels.history(this, reply.history);
      this.setDirty(reply.dirty);
      // The page's version moves when the mesh of that version is loaded, not before.
      if (reply.changed) await this.reload();
      const t2 = performance.now();
      this.setSelectionIds(reply.selection.map(String));
      await nextFrame();
      // Sent to answered; answered to the new mesh built; sent to the redrawn frame.
      this.stats.edits.push({ command, request: t1 - t0, reload: t2 - t1, total: performance.now() - t0 });
      this.status(reply.message || command);
      return reply;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'stale') {
        this.status(e.message, true);
        await this.reload();
      } else {
        this.status(`${command}: ${e.message}`, true);
      }
      return null;
    }
  }

  need(n, what) {
    const [have, one, many] = this.graph ? [this.nodes.length, 'a node', 'nodes'] : [this.selection.length, 'an area', 'areas'];
    if (have >= n) return true;
    this.status(`${what}: select ${n === 1 ? one : `${n} ${many}`} first`, true);
    return false;
  }

  // The graph commands behind the buttons and shortcuts (a Quake graph: nodes and links).
  graphCommand(name, arg) {
    const ids = this.selectedNodeIds();
    switch (name) {
      case 'delete':
        if (this.need(1, 'delete')) {
          // Later nodes are numbered down: the selection would name other nodes.
          const r = this.run(`node delete ${ids.join(' ')}`);
          this.selectNodes([]);
          return r;
        }
        break;
      case 'connect':
        if (this.need(2, 'connect')) return this.run(`link add ${ids[0]} ${ids[1]}`);
        break;
      case 'connect-both':
        if (this.need(2, 'connect')) return this.run(`link add ${ids[0]} ${ids[1]} both`);
        break;
      case 'disconnect':
        if (this.need(2, 'disconnect')) return this.run(`link delete ${ids[0]} ${ids[1]} both`);
        break;
      case 'shift': {
        if (!this.need(1, 'move')) break;
        const step = Number($('step').value) || 25;
        const i = this.nodes[0];
        const p = Array.from(this.mesh.d.node_pos.subarray(3 * i, 3 * i + 3));
        const q = p.map((v, k) => Math.round((v + arg[k] * step) * 10) / 10);
        return this.run(`node move ${ids[0]} ${this.fileAxes(q).join(',')}`);
      }
      case 'undo':
      case 'redo':
        return this.run(arg ? `${name} ${arg}` : name);
      default:
        this.status(`${name}: not for a Quake graph (the command box takes any graph command)`, true);
        break;
    }
    return null;
  }

  // A page point (Z up) in the file's own axes (a Y-up file's are (x, z, -y) of it).
  fileAxes(p) {
    return this.mesh.header.y_up ? [p[0], p[2], -p[1]] : p;
  }

  // The edit commands behind the buttons and shortcuts.
  command(name, arg) {
    if (this.graph) return this.graphCommand(name, arg);
    const ids = this.selectedIds();
    switch (name) {
      case 'delete':
        if (this.need(1, 'delete')) return this.run(`delete ${ids.join(' ')}`);
        break;
      case 'merge':
        if (this.need(2, 'merge')) return this.run(`merge ${ids[0]} ${ids[1]}`);
        break;
      case 'splice':
        if (this.need(2, 'splice')) return this.run(`splice ${ids[0]} ${ids[1]}`);
        break;
      case 'connect':
        if (this.need(2, 'connect')) return this.run(`connect ${ids[0]} ${ids[1]}`);
        break;
      case 'connect-both':
        if (this.need(2, 'connect')) return this.run('connect');
        break;
      case 'disconnect':
        if (this.need(2, 'disconnect')) return this.run(`disconnect ${ids[0]} ${ids[1]}`);
        break;
      case 'attribute': {
        const attr = $('attribute').value;
        if (attr && this.need(1, 'attribute')) return this.run(`nav_toggle_attribute ${attr} ${ids.join(' ')}`);
        break;
      }
      case 'place': {
        const place = $('place').value.trim();
        if (!place) {
          this.status('type a place name first', true);
          break;
        }
        if (!this.need(1, 'place')) break;
        if (place === 'none') return this.run(`place ${ids[0]} none`);
        return this.run(`nav_use_place ${place} ${ids.join(' ')}`);
      }
      case 'shift': {
        const step = Number($('step').value) || 25;
        const [dx, dy, dz] = arg.map((v) => v * step);
        if (this.need(1, 'shift')) return this.run(`shift ${dx} ${dy} ${dz}`);
        break;
      }
      case 'undo':
        return this.run(arg ? `undo ${arg}` : 'undo');
      case 'redo':
        return this.run(arg ? `redo ${arg}` : 'redo');
      default:
        break;
    }
    return null;
  }

  // A place-painting stroke (area indices): the current place on each, one edit (one undo).
  paintStroke(stroke) {
    const place = $('place').value.trim();
    if (!place || place === 'none' || /\s/.test(place)) {
      this.status('Paint: choose a place name first (Edit, place name)', true);
      return null;
    }
    const ids = stroke.map((i) => this.mesh.ids[i]);
    return this.run(`nav_use_place ${place} ${ids.join(' ')}`);
  }

  async save() {
    if (this.readOnly) {
      this.status(this.readOnly, true);
      return;
    }
    try {
      const r = await postJson('/api/save', { version: this.version });
      this.setDirty(false);
      this.status(`saved ${r.file} (${r.bytes} bytes)`);
      window.navforge.saved = r;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'stale') {
        this.status(e.message, true);
        await this.reload();
      } else {
        this.status(`save: ${e.message}`, true);
      }
    }
  }

  async loadCheck() {
    try {
      const r = await getJson('/api/check');
      if (r.version === this.version) panels.findings(this, r.report);
    } catch (e) {
      $('checkcount').textContent = e.message;
    }
  }

  // --- tools --------------------------------------------------------------------------------

  setTool(tool) {
    this.tool = tool;
    for (const b of document.querySelectorAll('#toolbar [data-tool]')) b.classList.toggle('active', b.dataset.tool === tool);
    this.view.showPreview(null);
    if (tool !== 'path') this.view.showPath(null, null, null);
    const hints = {
      select: '',
      create: this.graph ? 'Create: click where the new node goes (Esc leaves)' : 'Create: drag a rectangle on the ground (Esc leaves)',
      split: 'Split: click where the cut goes; Tab turns it (Esc leaves)',
      path: 'Path: click a start, then a goal',
      paint: `Paint places: drag over areas to give them ${$('place').value.trim() || 'the place named under Edit'}; one stroke is one undo (Esc leaves)`,
    };
    this.status(hints[tool] || '');
  }

  async pathClick(point) {
    const ends = this.pathEnds;
    if (!ends.from || ends.to) {
      this.pathEnds = { from: point, to: null };
      this.view.showPath(point, null, null);
      $('pathinfo').textContent = 'Now click the goal.';
      return;
    }
    ends.to = point;
    const q = (p) => p.map((v) => v.toFixed(2)).join(',');
    try {
      const r = await getJson(`/api/path?from=${q(ends.from)}&to=${q(ends.to)}`);
      this.lastPath = { from: ends.from, to: ends.to, result: r.path };
      window.navforge.lastPath = this.lastPath;
      this.view.showPath(ends.from, ends.to, r.path.waypoints);
      panels.path(this, r.path);
    } catch (e) {
      this.view.showPath(ends.from, ends.to, null);
      $('pathinfo').textContent = e.message;
      this.status(`path: ${e.message}`, true);
    }
  }

  frameSelection() {
    if (this.graph && this.nodes.length) {
      const d = this.mesh.d;
      const b = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
      for (const i of this.nodes) {
        for (let k = 0; k < 3; k++) {
          b.min[k] = Math.min(b.min[k], d.node_pos[3 * i + k] - 300);
          b.max[k] = Math.max(b.max[k], d.node_pos[3 * i + k] + 300);
        }
      }
      this.view.frame(b);
      return null;
    }
    if (!this.selection.length) return this.view.frame();
    const b = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
    for (const i of this.selection) {
      const [x0, y0, x1, y1] = this.mesh.box.subarray(4 * i, 4 * i + 4);
      const z = this.mesh.z(i);
      b.min = [Math.min(b.min[0], x0), Math.min(b.min[1], y0), Math.min(b.min[2], z)];
      b.max = [Math.max(b.max[0], x1), Math.max(b.max[1], y1), Math.max(b.max[2], z)];
    }
    const pad = 200;
    b.min = b.min.map((v) => v - pad);
    b.max = b.max.map((v) => v + pad);
    this.view.frame(b);
    return null;
  }

  legendOf(mode) {
    return legendOf(this.mesh, mode);
  }
}

// Hooks for tests and the curious: where areas are on screen, what the page did.
window.navforge = {
  ready: false,
  status: '',
  errors: [],
  screenOf(id) {
    const app = window.navforge.app;
    const i = app.mesh.indexOf.get(String(id));
    if (i === undefined) return null;
    return app.view.project(app.view.centre(i));
  },
  pickAt(x, y) {
    const app = window.navforge.app;
    const hit = app.view.pick(x, y);
    return hit ? app.mesh.ids[hit.area] : null;
  },
  selection() {
    return window.navforge.app.selectedIds();
  },
  // A triangle's corner (k = 0, 1, 2) on screen, with its vertex index (a triangle navmesh).
  screenOfCorner(id, k) {
    const app = window.navforge.app;
    const i = app.mesh.indexOf.get(String(id));
    const c = i === undefined ? null : app.trimesh.corners(i);
    if (!c) return null;
    return { ...app.view.project(c[k].point), vertex: c[k].vertex, point: c[k].point };
  },
  screenOfNode(id) {
    const app = window.navforge.app;
    const d = app.mesh.d;
    for (let i = 0; i < d.node_id_lo.length; i++) {
      if (app.mesh.nodeId(i) === String(id)) {
        const p = Array.from(d.node_pos.subarray(3 * i, 3 * i + 3));
        return app.view.project([p[0], p[1], p[2] + 4]);
      }
    }
    return null;
  },
  selectedNodes() {
    return window.navforge.app.selectedNodeIds();
  },
};

window.addEventListener('error', (e) => window.navforge.errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => window.navforge.errors.push(String(e.reason)));

// The mesh and level are asked for first: the downloads overlap the start of WebGL.
const early = { t0: performance.now(), mesh: getBinary('/api/mesh'), level: getBinary('/api/level') };
early.mesh.catch(() => {});
early.level.catch(() => {});
const app = new App();
window.navforge.app = app;
app.start(early).catch((e) => {
  app.status(`cannot load: ${e.message}`, true);
  window.navforge.error = e.message;
});
