// Area fills with `navforge render`'s palette (sent by the server): by place, attributes or
// group, or by height on the render's ramp.

import * as THREE from 'three';

const cache = new Map();

// A palette colour (`#rrggbb`, sRGB) as a three.js colour.
export function rgb(css) {
  let c = cache.get(css);
  if (!c) {
    c = new THREE.Color(css);
    cache.set(css, c);
  }
  return c.clone();
}

// The ramp's colour at `t` (0 lowest .. 1 highest), between its samples.
function ramp(stops, t, out) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0.5)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  out.copy(stops[i]).lerp(stops[i + 1], x - i);
}

// Heights that the ramp spans: the 2nd to 98th percentile of the shown areas' heights.
function heightRange(mesh, visible) {
  const zs = [];
  for (let i = 0; i < mesh.count; i++) if (visible[i]) zs.push(mesh.z(i));
  zs.sort((a, b) => a - b);
  if (zs.length === 0) return [0, 1];
  const lo = zs[Math.floor(zs.length / 50)];
  const hi = zs[zs.length - 1 - Math.floor(zs.length / 50)];
  return hi - lo > 1e-3 ? [lo, hi] : [lo - 1, lo + 1];
}

// A painter `(areaIndex, THREE.Color) => void` for a colour mode.
export function colourOf(mesh, mode, visible) {
  const h = mesh.header;
  const stops = h.ramp.map(rgb);
  const [lo, hi] = heightRange(mesh, visible);
  const byHeight = (i, out) => ramp(stops, (mesh.z(i) - lo) / (hi - lo), out);
  if (mode === 'height') return byHeight;
  const palette = h.palettes[mode];
  if (!palette || palette.by_height) return byHeight;
  const colours = palette.categories.map((c) => rgb(c.colour));
  const neutral = rgb(h.colours.neutral_area);
  const cat = mesh.d[`cat_${mode}`];
  return (i, out) => {
    const k = cat[i];
    out.copy(k === 0xffff ? neutral : colours[k] || neutral);
  };
}

// The legend of a mode: [{name, colour, areas}], with `none` last.
export function legendOf(mesh, mode) {
  const h = mesh.header;
  if (mode === 'height') return { ramp: h.ramp };
  const palette = h.palettes[mode];
  if (!palette || palette.by_height) return { ramp: h.ramp, note: 'nothing tells areas apart: by height' };
  const named = palette.categories.reduce((n, c) => n + c.areas, 0);
  const items = palette.categories.slice();
  const none = mesh.count - named;
  if (none > 0) items.push({ name: mode === 'place' ? 'no place' : 'none', colour: h.colours.neutral_area, areas: none });
  return { items };
}
