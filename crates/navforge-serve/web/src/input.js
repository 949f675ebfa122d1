// Pointer and keyboard: hover inspect, click / Shift+click / Shift+drag selection, the create,
// split, paint and path tools, and the shortcuts of every edit.

import { describe, describeNode } from './panels.js';

const $ = (id) => document.getElementById(id);
export const CLICK = 5; // pixels a press may move and still be a click
export const round = (v) => Math.round(v * 10) / 10;

export class Input {
  constructor(app) {
    this.app = app;
    this.down = null;
    this.splitTurn = false;
    this.moveQueued = null;
    const view = $('view');
    const canvas = $('canvas');
    // Capture phase: decide before the camera controls see the press.
    view.addEventListener('pointerdown', (e) => this.pointerDown(e), true);
    window.addEventListener('pointermove', (e) => this.pointerMove(e));
    window.addEventListener('pointerup', (e) => this.pointerUp(e));
    canvas.addEventListener('pointerleave', () => this.hideHover());
    window.addEventListener('keydown', (e) => this.key(e));
  }

  get view() {
    return this.app.view;
  }

  floorZ() {
    const f = this.view.floor;
    if (f) return f.min_z;
    const b = this.app.mesh ? this.app.mesh.bounds() : null;
    return b ? b.min[2] : 0;
  }

  pointerDown(e) {
    if (e.button !== 0 || e.target.id !== 'canvas' || !this.app.mesh) return;
    if (this.app.trimesh.pointerDown(e)) return;
    const tool = this.app.tool;
    // A graph's create tool adds a node where it is clicked: no drag.
    const drag = (tool === 'select' && e.shiftKey) || (tool === 'create' && !this.app.graph) || tool === 'paint';
    this.down = { x: e.clientX, y: e.clientY, shift: e.shiftKey, tool, drag };
    if (tool === 'paint') {
      // One stroke: every area the pointer passes over while the button is down.
      this.down.stroke = [];
      this.paintAt(e.clientX, e.clientY);
    }
    if (drag) {
      this.view.setControlsEnabled(false);
      if (tool === 'create') {
        const p = this.view.pickPoint(e.clientX, e.clientY, this.floorZ());
        this.down.world = p;
      }
    }
    $('canvas').focus();
  }

  pointerMove(e) {
    if (this.app.trimesh.pointerMove(e)) return;
    if (this.down && this.down.drag) {
      this.dragMove(e);
      return;
    }
    if (e.target.id !== 'canvas') return;
    // One pick per frame, however fast the mouse moves.
    const first = !this.moveQueued;
    this.moveQueued = { x: e.clientX, y: e.clientY, buttons: e.buttons };
    if (first) {
      requestAnimationFrame(() => {
        const m = this.moveQueued;
        this.moveQueued = null;
        if (m && !m.buttons) this.hoverAt(m.x, m.y);
      });
    }
  }

  // After a new mesh: describe what is now under the pointer, or hide the box.
  refreshHover() {
    if ($('tooltip').hidden) return;
    if (this.hovered) this.hoverAt(this.hovered.x, this.hovered.y);
    else this.hideHover();
  }

  hoverAt(x, y) {
    const app = this.app;
    this.hovered = { x, y };
    const hit = this.view.pick(x, y);
    const tip = $('tooltip');
    const node = hit ? -1 : this.view.pickNode(x, y);
    if (!hit && node < 0) {
      this.hideHover();
      return;
    }
    tip.textContent = '';
    if (hit) {
      this.view.setHover(hit.area);
      tip.append(describe(app.mesh, hit.area));
    } else {
      this.view.setHover(-1);
      tip.append(describeNode(app.mesh, node));
    }
    tip.hidden = false;
    tip.style.left = `${Math.min(x + 16, window.innerWidth - 370)}px`;
    tip.style.top = `${y + 16}px`;
    if (!hit) return;
    this.hoverPoint = hit.point;
    if (app.tool === 'split') this.splitPreview(hit.area, hit.point);
  }

  hideHover() {
    this.hovered = null;
    $('tooltip').hidden = true;
    this.view.setHover(-1);
    this.hoverPoint = null;
    if (this.app.tool === 'split') this.view.showPreview(null);
  }

  // The cut of a split at `p`: across the area's longer side unless Tab turned it.
  splitCut(i, p) {
    const [x0, y0, x1, y1] = this.app.mesh.box.subarray(4 * i, 4 * i + 4);
    let alongX = x1 - x0 >= y1 - y0;
    if (this.splitTurn) alongX = !alongX;
    return alongX
      ? { axis: 'x', at: round(p[0]), line: [[round(p[0]), y0, p[2]], [round(p[0]), y1, p[2]]] }
      : { axis: 'y', at: round(p[1]), line: [[x0, round(p[1]), p[2]], [x1, round(p[1]), p[2]]] };
  }

  splitPreview(i, p) {
    this.view.showPreview(this.splitCut(i, p).line, 0xe8111a);
  }

  // Place painting: the area under the pointer joins the stroke (shown as selected meanwhile).
  paintAt(x, y) {
    const d = this.down;
    const hit = this.view.pick(x, y);
    if (!d || !d.stroke || !hit || d.stroke.includes(hit.area)) return;
    d.stroke.push(hit.area);
    this.view.setSelection(d.stroke);
  }

  dragMove(e) {
    const d = this.down;
    if (d.tool === 'paint') {
      this.paintAt(e.clientX, e.clientY);
      return;
    }
    if (d.tool === 'create') {
      if (!d.world) return;
      const p = this.view.onPlane(e.clientX, e.clientY, d.world[2]);
      if (!p) return;
      d.end = p;
      const [a, b] = [d.world, p];
      const z = a[2];
      this.view.showPreview([[a[0], a[1], z], [b[0], a[1], z], [b[0], b[1], z], [a[0], b[1], z], [a[0], a[1], z]], 0x1a73e8);
      return;
    }
    const box = $('box');
    box.hidden = false;
    box.style.left = `${Math.min(d.x, e.clientX)}px`;
    box.style.top = `${Math.min(d.y, e.clientY)}px`;
    box.style.width = `${Math.abs(e.clientX - d.x)}px`;
    box.style.height = `${Math.abs(e.clientY - d.y)}px`;
  }

  pointerUp(e) {
    if (this.app.trimesh.pointerUp(e)) return;
    const d = this.down;
    if (!d || e.button !== 0) return;
    this.down = null;
    if (d.drag) this.view.setControlsEnabled(true);
    $('box').hidden = true;
    const app = this.app;
    const moved = Math.hypot(e.clientX - d.x, e.clientY - d.y) > CLICK;
    switch (d.tool) {
      case 'select': {
        if (app.graph) {
          this.selectNodes(d, e, moved);
          break;
        }
        if (d.drag && moved) {
          const found = this.view.areasInRect(d.x, d.y, e.clientX, e.clientY);
          const set = [...app.selection];
          for (const i of found) if (!set.includes(i)) set.push(i);
          app.select(set);
          app.status(`${found.length} areas in the box; ${set.length} selected`);
        } else if (!moved) {
          const hit = this.view.pick(e.clientX, e.clientY);
          if (d.shift) {
            if (hit) app.toggle(hit.area);
          } else {
            app.select(hit ? [hit.area] : []);
          }
        }
        break;
      }
      case 'create': {
        this.view.showPreview(null);
        if (app.graph) {
          if (moved) break;
          const p = this.view.pickPoint(e.clientX, e.clientY, this.floorZ());
          if (p) app.run(`node add ${app.fileAxes(p.map(round)).join(',')}`);
          break;
        }
        if (!moved || !d.world || !d.end) break;
        const [a, b] = [d.world, d.end];
        const snap = $('snap').checked ? ' snap' : '';
        const z = round(a[2]);
        app.run(`create ${round(a[0])},${round(a[1])},${z} ${round(b[0])},${round(b[1])},${z}${snap}`);
        break;
      }
      case 'split': {
        if (moved) break;
        const hit = this.view.pick(e.clientX, e.clientY);
        if (!hit) break;
        const cut = this.splitCut(hit.area, hit.point);
        app.run(`split ${app.mesh.ids[hit.area]} ${cut.axis}=${cut.at}`);
        break;
      }
      case 'paint': {
        this.paintAt(e.clientX, e.clientY);
        this.view.setSelection(app.selection);
        if (d.stroke.length) app.paintStroke(d.stroke);
        break;
      }
      case 'path': {
        if (moved) break;
        const p = this.view.pickPoint(e.clientX, e.clientY, this.floorZ());
        if (p) app.pathClick(p);
        break;
      }
      default:
        break;
    }
  }

  // The select tool on a graph being edited: nodes, not areas.
  selectNodes(d, e, moved) {
    const app = this.app;
    if (d.drag && moved) {
      const found = this.view.nodesInRect(d.x, d.y, e.clientX, e.clientY);
      const set = [...app.nodes];
      for (const i of found) if (!set.includes(i)) set.push(i);
      app.selectNodes(set);
      app.status(`${found.length} nodes in the box; ${set.length} selected`);
    } else if (!moved) {
      const i = this.view.pickNode(e.clientX, e.clientY);
      if (d.shift) {
        if (i >= 0) app.toggleNode(i);
      } else {
        app.selectNodes(i >= 0 ? [i] : []);
      }
    }
  }

  toggleTopDown() {
    this.view.setTopDown(!this.view.topDown);
    $('topdown').classList.toggle('active', this.view.topDown);
  }

  key(e) {
    const app = this.app;
    const typing = ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName);
    const ctrl = e.ctrlKey || e.metaKey;
    const k = e.key;
    if (ctrl && (k === 's' || k === 'S')) {
      e.preventDefault();
      app.save();
      return;
    }
    if (typing) {
      if (k === 'Escape') e.target.blur();
      return;
    }
    if (ctrl && !e.shiftKey && (k === 'z' || k === 'Z')) {
      e.preventDefault();
      app.command('undo');
      return;
    }
    if (ctrl && (k === 'y' || k === 'Y' || (e.shiftKey && (k === 'z' || k === 'Z')))) {
      e.preventDefault();
      app.command('redo');
      return;
    }
    if (ctrl) return;
    if (e.altKey) {
      const moves = {
        ArrowLeft: [-1, 0, 0], ArrowRight: [1, 0, 0], ArrowUp: [0, 1, 0], ArrowDown: [0, -1, 0],
        PageUp: [0, 0, 1], PageDown: [0, 0, -1],
      };
      if (moves[k]) {
        e.preventDefault();
        app.command('shift', moves[k]);
      }
      return;
    }
    const keys = {
      Delete: () => app.command('delete'),
      Backspace: () => app.command('delete'),
      m: () => app.command('merge'),
      j: () => app.command('splice'),
      c: () => app.command('connect'),
      C: () => app.command('connect-both'),
      x: () => app.command('disconnect'),
      a: () => app.command('attribute'),
      l: () => app.command('place'),
      n: () => app.setTool('create'),
      s: () => (app.graph || app.readOnly ? false : app.setTool('split')),
      p: () => app.setTool('path'),
      g: () => (app.graph || app.readOnly ? false : app.setTool('paint')),
      t: () => this.toggleTopDown(),
      f: () => app.frameSelection(),
      k: () => {
        const modes = ['place', 'attributes', 'height', 'group'];
        const sel = $('colourby');
        sel.value = modes[(modes.indexOf(sel.value) + 1) % modes.length];
        sel.dispatchEvent(new Event('change'));
      },
      '/': () => $('cmd').focus(),
      Tab: () => {
        if (app.tool !== 'split') return false;
        this.splitTurn = !this.splitTurn;
        if (this.view.hover >= 0 && this.hoverPoint) this.splitPreview(this.view.hover, this.hoverPoint);
        return true;
      },
      Escape: () => {
        if (app.tool !== 'select') app.setTool('select');
        else if (app.graph) app.selectNodes([]);
        else app.select([]);
      },
    };
    const action = keys[k];
    if (action) {
      if (action() !== false) e.preventDefault();
    }
  }
}
