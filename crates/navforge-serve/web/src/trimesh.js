// Triangle navmeshes (Bethesda plugins' NVNM, MGSV .nav2): the navmesh list, and dragging a
// vertex of a selected triangle. The server names triangles as the engine does: an area's ID is
// its triangle index in the chosen navmesh (other navmeshes' areas have IDs above 32 bits, which
// are never sent), and file.trimesh.corners holds each triangle's vertex indices (plugins).

import { CLICK, round } from './input.js';

const $ = (id) => document.getElementById(id);
const GRAB = 9; // pixels from a corner that start a vertex drag

export class TriMesh {
  constructor(app) {
    this.app = app;
    this.drag = null;
  }

  // What the server says about the triangle navmeshes, or null (another format, read-only).
  info() {
    const app = this.app;
    const f = app.mesh && app.mesh.header.file;
    return f && f.edits === 'triangles' && !app.readOnly ? f.trimesh : null;
  }

  // After each mesh load: the navmesh list under the file's name.
  refresh() {
    const t = this.info();
    let row = $('navmeshrow');
    if (!t) {
      if (row) row.hidden = true;
      return;
    }
    if (!row) {
      row = document.createElement('div');
      row.id = 'navmeshrow';
      const label = document.createElement('label');
      label.textContent = 'Navmesh ';
      const pick = document.createElement('select');
      pick.id = 'navmesh';
      pick.onchange = () => pick.value && this.app.run(`navmesh ${pick.value}`);
      label.append(pick);
      const hint = document.createElement('div');
      hint.className = 'hint';
      hint.id = 'navmeshhint';
      row.append(label, hint);
      $('fileinfo').after(row);
    }
    row.hidden = false;
    const pick = $('navmesh');
    pick.textContent = '';
    if (!t.navmesh) pick.append(new Option('choose one…', ''));
    for (const n of t.navmeshes) pick.append(new Option(n, n));
    pick.value = t.navmesh || '';
    $('navmeshhint').textContent = t.navmesh
      ? `${t.about}. Click a triangle, Del deletes${t.corners ? ', drag a corner of a selected triangle to move its vertex' : ''}.`
      : 'Choose the navmesh to edit.';
  }

  // The selected triangle's corner nearest a screen point, within a few pixels:
  // { vertex, point, area } (plugins: their triangles' vertex indices are known).
  cornerAt(x, y) {
    const t = this.info();
    if (!t || !t.corners) return null;
    const { view } = this.app;
    let best = null;
    let bestD = GRAB;
    for (const i of this.app.selection) {
      const c = this.corners(i);
      if (!c) continue;
      for (const corner of c) {
        const s = view.project(corner.point);
        const dist = Math.hypot(s.x - x, s.y - y);
        if (s.inside && dist < bestD) {
          bestD = dist;
          best = { ...corner, area: i };
        }
      }
    }
    return best;
  }

  // Area `i`'s corners with their vertex indices, or null when it is not a triangle of the
  // chosen navmesh.
  corners(i) {
    const t = this.info();
    if (!t || !t.corners) return null;
    const d = this.app.mesh.d;
    const id = Number(this.app.mesh.ids[i]);
    const a = d.area_start[i];
    if (!(id * 3 + 2 < t.corners.length) || d.area_start[i + 1] - a !== 3) return null;
    return [0, 1, 2].map((k) => ({
      vertex: t.corners[3 * id + k],
      point: Array.from(d.verts.subarray(3 * (a + k), 3 * (a + k) + 3)),
    }));
  }

  // The input handlers: true when the event was a vertex drag's.
  pointerDown(e) {
    if (this.app.tool !== 'select' || e.shiftKey) return false;
    const c = this.cornerAt(e.clientX, e.clientY);
    if (!c) return false;
    this.drag = { ...c, x: e.clientX, y: e.clientY, to: null };
    this.app.view.setControlsEnabled(false);
    $('canvas').focus();
    return true;
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d) return false;
    const p = this.app.view.onPlane(e.clientX, e.clientY, d.point[2]);
    if (p) {
      d.to = [round(p[0]), round(p[1]), d.point[2]];
      this.app.view.showPreview([d.point, d.to], 0xe8111a);
    }
    return true;
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d || e.button !== 0) return false;
    this.drag = null;
    const view = this.app.view;
    view.setControlsEnabled(true);
    view.showPreview(null);
    if (d.to && Math.hypot(e.clientX - d.x, e.clientY - d.y) > CLICK) {
      this.app.run(`move ${d.vertex} ${this.app.fileAxes(d.to).join(',')}`);
    }
    return true;
  }
}
