// The mesh as the page uses it: the server's typed arrays plus what drawing, picking and
// inspecting need (centres, heights, neighbours, ID strings).

function idString(lo, hi) {
  if (hi === 0) return String(lo);
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
}

export class Mesh {
  constructor({ header, data }) {
    this.header = header;
    this.d = data;
    const n = data.area_id_lo.length;
    this.count = n;
    this.ids = new Array(n);
    this.indexOf = new Map();
    for (let i = 0; i < n; i++) {
      const id = idString(data.area_id_lo[i], data.area_id_hi[i]);
      this.ids[i] = id;
      if (!this.indexOf.has(id)) this.indexOf.set(id, i);
    }
    // Centres and mean heights; areas with fewer than three corners have none (NaN).
    this.centre = new Float32Array(n * 3).fill(NaN);
    this.box = new Float32Array(n * 4); // min x, min y, max x, max y
    const v = data.verts;
    const start = data.area_start;
    for (let i = 0; i < n; i++) {
      const a = start[i];
      const b = start[i + 1];
      if (b - a < 3) continue;
      let x = 0, y = 0, z = 0;
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (let k = a; k < b; k++) {
        const px = v[3 * k], py = v[3 * k + 1];
        x += px; y += py; z += v[3 * k + 2];
        x0 = Math.min(x0, px); y0 = Math.min(y0, py); x1 = Math.max(x1, px); y1 = Math.max(y1, py);
      }
      const m = b - a;
      this.centre.set([x / m, y / m, z / m], 3 * i);
      this.box.set([x0, y0, x1, y1], 4 * i);
    }
    // Outgoing and incoming connections per area: lists of connection indices.
    this.out = Array.from({ length: n }, () => []);
    this.in = Array.from({ length: n }, () => []);
    for (let c = 0; c < data.conn_from.length; c++) {
      this.out[data.conn_from[c]].push(c);
      this.in[data.conn_to[c]].push(c);
    }
    this.attrNames = new Map(header.attributes.map((a) => [a.bit, a.name]));
  }

  drawable(i) {
    return this.d.area_start[i + 1] - this.d.area_start[i] >= 3;
  }

  z(i) {
    return this.centre[3 * i + 2];
  }

  placeName(i) {
    const p = this.d.area_place[i];
    if (p < 0) return null;
    return this.header.places[p] ?? `place #${p}`;
  }

  attributes(i) {
    const lo = this.d.area_attr_lo[i];
    const hi = this.d.area_attr_hi[i];
    const names = [];
    for (let b = 0; b < 64; b++) {
      const set = b < 32 ? (lo >>> b) & 1 : (hi >>> (b - 32)) & 1;
      if (set) names.push(this.attrNames.get(b) ?? `bit${b}`);
    }
    return names;
  }

  // What the hover box says about an area.
  describe(i) {
    const d = this.d;
    const out = this.out[i].map((c) => this.ids[d.conn_to[c]] + (d.conn_oneway[c] ? ' (one-way)' : ''));
    const inOnly = this.in[i].filter((c) => d.conn_oneway[c]).map((c) => this.ids[d.conn_from[c]]);
    const [x0, y0, x1, y1] = this.box.subarray(4 * i, 4 * i + 4);
    return {
      id: this.ids[i],
      place: this.placeName(i),
      attributes: this.attributes(i),
      out,
      inOnly,
      size: [x1 - x0, y1 - y0],
      z: this.z(i),
    };
  }

  // A waypoint node's ID (for a Quake graph: its number in the file, which commands name).
  nodeId(i) {
    return idString(this.d.node_id_lo[i], this.d.node_id_hi[i]);
  }

  // What the hover box says about a waypoint node: ID, flags, links by type.
  describeNode(i) {
    const d = this.d;
    const id = idString(d.node_id_lo[i], d.node_id_hi[i]);
    const flags = this.header.node_flags[d.node_flags[i]] || '';
    const kinds = this.header.kinds;
    if (!this.nodeOut) {
      this.nodeOut = Array.from({ length: d.node_id_lo.length }, () => []);
      for (let k = 0; k < d.link_from.length; k++) this.nodeOut[d.link_from[k]].push(k);
    }
    const links = this.nodeOut[i].map((k) => {
      const t = d.link_to[k];
      const kind = kinds[d.link_kind[k]];
      return `${idString(d.node_id_lo[t], d.node_id_hi[t])} (${kind ? kind.name : '?'})`;
    });
    const p = d.node_pos.subarray(3 * i, 3 * i + 3);
    return { id, flags, links, position: Array.from(p) };
  }

  // The box around every drawable area, node and ladder (the server's bounds).
  bounds() {
    const b = this.header.bounds;
    if (!b) return { min: [-100, -100, -100], max: [100, 100, 100] };
    return b;
  }
}
