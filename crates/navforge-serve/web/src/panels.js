// The side panels: file, view options and legend, selection, edit controls, history, check
// findings, path result. Text goes in with textContent only.

const $ = (id) => document.getElementById(id);

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

const fmt = (v) => (Number.isFinite(v) ? (Math.round(v * 10) / 10).toString() : '?');

// Layer switches for what this file has: a Quake graph has no connections or hiding spots,
// a Source mesh no nodes.
function layerSwitches(app) {
  const c = app.mesh.header.counts;
  const has = { conns: c.connections, ladders: c.ladders, spots: c.hiding_spots, graph: c.nodes, outlines: c.areas };
  for (const [layer, n] of Object.entries(has)) {
    const box = $('layers').querySelector(`[data-layer=${layer}]`);
    if (box) box.parentElement.hidden = !n;
  }
}

// The file's counts as `navforge info` gives them (the format's own summary, not a count of
// what is drawn): the counts every format has, then the format's own.
const COMMON = [['areas', 'areas'], ['connections', 'connections'], ['places', 'places'], ['ladders', 'ladders'], ['hiding_spots', 'hiding spots'], ['encounter_paths', 'encounter paths']];

function countLines(f) {
  const c = f.counts;
  const common = new Set(COMMON.map(([k]) => k));
  const main = COMMON.filter(([k]) => c[k] || k === 'areas').map(([k, name]) => `${c[k]} ${name}`);
  const own = Object.entries(c).filter(([k]) => !common.has(k)).map(([k, v]) => `${k.replaceAll('_', ' ')} ${v}`);
  // A waypoint graph: its nodes and links are what it has.
  if (!c.areas && c.nodes !== undefined) main.splice(0, main.length, `${c.nodes} nodes, ${c.links || 0} links${f.edits === 'graph' ? ' (edited by node number)' : ''}`);
  return [main.join(', '), own.join(', ')];
}

export function fileInfo(app) {
  layerSwitches(app);
  const f = app.mesh.header.file;
  $('title').textContent = f.file;
  const info = $('fileinfo');
  info.textContent = '';
  const [main, own] = countLines(f);
  info.append(el('div', `${f.format_title} (${f.format}), version ${f.version}${f.variant ? `, ${f.variant}` : ''}`), el('div', main, 'counts'));
  if (own) info.append(el('div', own, 'hint'));
  if (app.levelData !== undefined && app.levelData) {
    const l = app.levelData.header;
    info.append(el('div', `level ${l.file}: ${l.family}, ${l.triangles} triangles`));
  }
  if (app.graph) graphControls();
  const ro = $('readonly');
  if (f.read_only) {
    ro.hidden = false;
    ro.textContent = f.read_only;
    disableEditing();
  }
  recovery(app);
  emptyNote(app);
}

function disableEditing() {
  for (const b of document.querySelectorAll('#edit button, #edit input, #edit select, #save, [data-tool=create], [data-tool=split], [data-tool=paint]')) b.disabled = true;
}

// A recovery file: the edits this page opened from one, or ones left by a stopped server.
function recovery(app) {
  const f = app.mesh.header.file;
  const box = $('recovery');
  box.textContent = '';
  const found = f.recoveries || [];
  if (f.recovered_from) {
    box.append(el('b', 'Recovered edits'), 'These are the unsaved edits kept in ', el('code', f.recovered_from), ` when the server last stopped. Save writes them to ${f.file} and removes that file.`);
  } else if (found.length) {
    const newest = found[found.length - 1];
    const when = newest.written ? ` (written ${new Date(newest.written * 1000).toLocaleString()})` : '';
    box.append(
      el('b', `${found.length === 1 ? 'A recovery file holds' : `${found.length} recovery files hold`} edits that were not saved`),
      el('code', newest.path), `${when}${newest.file_is_newer ? `; ${f.file} was changed after it` : ''}. This page shows ${f.file} without them. To continue them, stop the server (Ctrl+C) and run `,
      el('code', `navforge serve ${f.path} --recover`),
    );
  }
  box.hidden = !box.childNodes.length;
}

// Nothing to draw: say so instead of a blank view.
function emptyNote(app) {
  const m = app.mesh.header.counts;
  const f = app.mesh.header.file;
  const box = $('empty');
  box.textContent = '';
  box.hidden = m.areas > 0 || m.nodes > 0;
  if (box.hidden) return;
  if (f.read_only) {
    const [, own] = countLines(f);
    box.append(el('b', 'No navigation mesh in this file'), `${f.file} is a ${f.format_title} file with no areas or waypoints to draw${own ? ` (${own})` : ''}.`);
  } else {
    box.append(el('b', 'No areas yet'), app.graph ? 'Press N, then click where the first node goes.' : 'Press N, then drag a rectangle on the ground to create the first area.');
  }
}

// The server stopped or stopped answering: what became of unsaved edits, and what to do.
export function gone(app, info) {
  const f = app.mesh ? app.mesh.header.file : { file: 'the file', path: 'FILE' };
  const box = $('gone');
  box.textContent = '';
  if (!info || info.lost) {
    box.append(
      el('b', 'navforge serve is not running'),
      `It stopped or crashed: nothing in this page can be edited or saved any more${app.dirty ? ', and this page had unsaved edits' : ''}. Start it again with `,
      el('code', `navforge serve ${f.path}`),
      ': it says whether it kept a recovery file, and prints a new address to open.',
    );
  } else if (info.restarted) {
    box.append(el('b', 'navforge serve was restarted'), 'This page belongs to the server that stopped. Open the new address it printed.');
  } else if (!info.unsaved) {
    box.append(el('b', 'navforge serve stopped'), `Every edit was saved to ${f.file}. Start it again and open the new address it prints to go on editing.`);
  } else if (info.path) {
    box.append(
      el('b', 'navforge serve stopped: your unsaved edits are in a recovery file'),
      el('code', info.path),
      ` (${f.file} is unchanged). To go on with them, run `,
      el('code', info.command),
      ' and open the new address it prints.',
    );
  } else {
    box.append(el('b', 'navforge serve stopped, and your unsaved edits could not be kept'), info.error || 'no recovery file was written');
  }
  box.hidden = false;
  document.body.classList.add('gone');
  disableEditing();
  for (const b of document.querySelectorAll('#toolbar [data-tool=create], #toolbar [data-tool=split], #toolbar [data-tool=paint]')) b.disabled = true;
}

// A Quake graph is edited by node and link: the area-only controls go, the others say what
// they do to nodes.
function graphControls() {
  for (const q of ['#snaprow', '[data-tool=split]', '[data-tool=paint]', '[data-cmd=merge]', '[data-cmd=splice]', '[data-cmd=attribute]', '[data-cmd=place]']) {
    const b = document.querySelector(q);
    if (b) (b.closest('.row') || b).style.display = 'none';
  }
  const titles = {
    '[data-tool=create]': 'Create a node where you click (N)',
    '[data-cmd=delete]': 'Delete the selected nodes and every link to or from them',
    '[data-cmd=connect]': 'Link the first selected node to the second (walk)',
    '[data-cmd=connect-both]': 'Link the first two selected nodes both ways (walk)',
    '[data-cmd=disconnect]': 'Remove the links between the first two selected nodes',
  };
  for (const [q, t] of Object.entries(titles)) document.querySelector(q).title = t;
  $('cmd').placeholder = 'a command: node flags 12 +hazard, link add 4 9 long-jump, undo ... ( / )';
  document.querySelector('#edit .hint').firstChild.textContent = 'Move the selected node: Alt+arrows (x, y), Alt+PgUp/PgDn (z), by ';
}

function swatchRow(colour, text, round) {
  const row = el('div');
  const sw = el('span', null, round ? 'swatch dot' : 'swatch');
  sw.style.background = colour;
  row.append(sw, text);
  return row;
}

export function legend(app) {
  const box = $('legend');
  box.textContent = '';
  const l = app.legendOf(app.view.mode);
  if (l.ramp) {
    const bar = el('div', null, 'ramp');
    bar.style.background = `linear-gradient(to right, ${l.ramp.join(', ')})`;
    box.append(el('div', l.note || 'height: low to high'), bar);
  } else {
    for (const item of l.items.slice(0, 40)) box.append(swatchRow(item.colour, `${item.name} (${item.areas})`));
    if (l.items.length > 40) box.append(el('div', `... and ${l.items.length - 40} more`, 'hint'));
  }
  // The marks: connection and link kinds, one-way, ladders, hiding spots by kind.
  const h = app.mesh.header;
  const d = app.mesh.d;
  const marks = el('div', null, 'marks');
  if (d.conn_oneway.some((x) => x)) marks.append(swatchRow(h.colours.one_way[0], 'one-way connection'));
  for (const k of h.kinds) marks.append(swatchRow(k.name === 'walk' && d.conn_from.length ? h.colours.two_way[0] : k.colour, k.name));
  if (d.ladder_id.length) marks.append(swatchRow(h.colours.ladder_fill, `ladder (${d.ladder_id.length})`));
  const spots = new Map();
  for (const k of d.spot_kind) spots.set(k, (spots.get(k) || 0) + 1);
  for (const [k, n] of [...spots].sort((a, b) => a[0] - b[0])) {
    const kind = h.spot_kinds[k];
    marks.append(swatchRow(kind ? kind.colour : '#6a6c72', `${kind ? kind.name.replace('_', ' ') : 'hiding spot'} (${n})`, true));
  }
  if (d.node_id_lo.length) marks.append(swatchRow(h.colours.node, `node (${d.node_id_lo.length})`, true));
  if (marks.children.length) box.append(marks);
}

export function floors(app) {
  const sel = $('floor');
  const keep = sel.value;
  sel.textContent = '';
  sel.append(new Option('all floors', ''));
  for (const f of app.mesh.header.floors) {
    sel.append(new Option(`floor ${f.index}: z ${fmt(f.min_z)} to ${fmt(f.max_z)} (${f.areas} areas)`, String(f.index)));
  }
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
}

export function editChoices(app) {
  const attr = $('attribute');
  const keep = attr.value;
  attr.textContent = '';
  for (const a of app.mesh.header.attributes) attr.append(new Option(a.name, a.name));
  if (keep) attr.value = keep;
  // The file's places, then the game's standard names it does not use yet (for painting).
  const places = $('places');
  places.textContent = '';
  const own = app.mesh.header.places;
  for (const p of own) places.append(new Option(p));
  for (const p of app.mesh.header.file.standard_places || []) if (!own.includes(p)) places.append(new Option(p, p));
}

export function history(app, h) {
  const list = $('history');
  list.textContent = '';
  const n = h.undo.length;
  const origin = el('li', '(as opened)', n === 0 ? 'now' : '');
  origin.title = n ? `undo ${n}` : 'the file as opened';
  origin.onclick = () => n && app.command('undo', n);
  list.append(origin);
  h.undo.forEach((label, i) => {
    const li = el('li', label, i === n - 1 ? 'now' : '');
    const back = n - 1 - i;
    li.title = back ? `undo ${back}` : 'the current state';
    li.onclick = () => back && app.command('undo', back);
    list.append(li);
  });
  h.redo.forEach((label, j) => {
    const li = el('li', label, 'redo');
    li.title = `redo ${j + 1}`;
    li.onclick = () => app.command('redo', j + 1);
    list.append(li);
  });
  list.scrollTop = list.scrollHeight;
}

export function selection(app) {
  const box = $('selinfo');
  box.textContent = '';
  if (app.graph) {
    const ids = app.selectedNodeIds();
    if (!ids.length) {
      box.textContent = 'Click a node; Shift+click adds; Shift+drag boxes.';
      return;
    }
    box.append(el('div', `${ids.length} node${ids.length > 1 ? 's' : ''}:`), el('div', ids.slice(0, 60).join(' ') + (ids.length > 60 ? ' ...' : ''), 'ids'));
    box.append(describeNode(app.mesh, app.nodes[0]));
    return;
  }
  const sel = app.selection;
  if (!sel.length) {
    box.textContent = 'Click an area; Shift+click adds; Shift+drag boxes.';
    return;
  }
  const ids = sel.map((i) => app.mesh.ids[i]);
  box.append(el('div', `${sel.length} area${sel.length > 1 ? 's' : ''}:`), el('div', ids.slice(0, 60).join(' ') + (ids.length > 60 ? ' ...' : ''), 'ids'));
  box.append(describe(app.mesh, sel[0]));
}

// An area's ID, place, attributes and connections (the hover box and the selection panel).
export function describe(mesh, i) {
  const d = mesh.describe(i);
  const box = el('div');
  const head = el('div');
  head.append(el('b', `area ${d.id}`), ` · ${d.place || 'no place'} · z ${fmt(d.z)} · ${fmt(d.size[0])} × ${fmt(d.size[1])}`);
  box.append(head);
  box.append(el('div', `attributes: ${d.attributes.length ? d.attributes.join(', ') : 'none'}`));
  box.append(el('div', `to: ${d.out.length ? d.out.join(', ') : 'none'}`));
  if (d.inOnly.length) box.append(el('div', `one-way from: ${d.inOnly.join(', ')}`));
  return box;
}

// A waypoint node's ID, flags and links (the hover box).
export function describeNode(mesh, i) {
  const d = mesh.describeNode(i);
  const box = el('div');
  const head = el('div');
  head.append(el('b', `node ${d.id}`), ` · ${d.position.map(fmt).join(', ')}`);
  box.append(head);
  box.append(el('div', `flags: ${d.flags || 'none'}`));
  box.append(el('div', `links: ${d.links.length ? d.links.slice(0, 12).join(', ') + (d.links.length > 12 ? ' ...' : '') : 'none'}`));
  return box;
}

export function findings(app, report) {
  const list = $('findings');
  list.textContent = '';
  let errors = 0, warnings = 0;
  for (const f of report.findings) {
    if (f.severity === 'error') errors++;
    else warnings++;
    const li = el('li');
    li.append(el('span', f.severity, `sev-${f.severity}`), ` ${f.code}: ${f.message}`);
    const sub = el('ul');
    for (const inst of f.instances.slice(0, 50)) {
      const [kind, id] = Object.entries(inst.subject)[0];
      const text = `${kind.replace('_', ' ')} ${id}${inst.other !== undefined ? ` & ${inst.other}` : ''}${inst.missing !== undefined ? ` → missing ${inst.missing}` : ''}`;
      const item = el('li', text);
      item.onclick = () => {
        const i = kind === 'area' ? app.mesh.indexOf.get(String(id)) : undefined;
        if (i !== undefined) {
          const other = inst.other !== undefined ? app.mesh.indexOf.get(String(inst.other)) : undefined;
          app.select(other !== undefined ? [i, other] : [i]);
          app.frameSelection();
        } else if (inst.position) {
          const p = inst.position;
          app.view.frame({ min: p.map((v) => v - 300), max: p.map((v) => v + 300) });
        }
        app.status(`${f.code}: ${text}`);
      };
      sub.append(item);
    }
    if (f.instances.length > 50) sub.append(el('li', `... ${f.instances.length - 50} more`));
    li.append(sub);
    list.append(li);
  }
  $('checkcount').textContent = `${errors} errors, ${warnings} warnings`;
  window.navforge.findings = report.findings.length;
}

export function path(app, r) {
  const box = $('pathinfo');
  box.textContent = '';
  box.append(
    el('div', `${r.algo}: length ${fmt(r.length)}, cost ${fmt(r.cost)}`),
    el('div', `${r.corridor.length} ${r.algo === 'graph' ? 'nodes' : 'areas'}, ${r.waypoints.length} waypoints${r.reached_goal ? '' : ' — the goal was not reached: this ends at the closest area'}`),
    el('div', r.corridor.slice(0, 40).join(' → ') + (r.corridor.length > 40 ? ' ...' : ''), 'hint'),
  );
}

// Buttons, selects and the command line.
export function wire(app) {
  for (const b of document.querySelectorAll('#toolbar [data-tool]')) b.onclick = () => app.setTool(b.dataset.tool);
  $('topdown').onclick = () => app.input.toggleTopDown();
  $('frame').onclick = () => app.frameSelection();
  $('save').onclick = () => app.save();
  for (const b of document.querySelectorAll('#edit [data-cmd]')) b.onclick = () => app.command(b.dataset.cmd);
  $('colourby').onchange = (e) => {
    app.view.setMode(e.target.value);
    legend(app);
  };
  $('floor').onchange = (e) => {
    const f = app.mesh.header.floors.find((x) => String(x.index) === e.target.value);
    app.view.setFloor(f || null);
  };
  for (const box of document.querySelectorAll('#layers [data-layer]')) {
    box.onchange = () => app.view.setLayer(box.dataset.layer, box.checked);
  }
  $('cmdform').onsubmit = (e) => {
    e.preventDefault();
    const line = $('cmd').value.trim();
    if (line) app.run(line).then((r) => r && ($('cmd').value = ''));
  };
  app.setTool('select');
}
