// Talking to the server: every API call carries the session token from the page's URL.

const params = new URLSearchParams(location.search);
export const token = params.get('token') || '';
// This tab's ID: events about its own edits are not news to it.
export const clientId = Math.random().toString(36).slice(2) + Date.now().toString(36);

const headers = { 'x-navforge-token': token };

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.error;
    this.body = body;
  }
}

async function answer(res) {
  if (res.ok) return res;
  let body = null;
  try {
    body = await res.json();
  } catch (_) {
    body = { message: `HTTP ${res.status}` };
  }
  throw new ApiError(res.status, body);
}

export async function getJson(path) {
  const res = await answer(await fetch(path, { headers }));
  return res.json();
}

export async function getBinary(path) {
  const res = await answer(await fetch(path, { headers }));
  return res.arrayBuffer();
}

export async function postJson(path, body) {
  const res = await answer(
    await fetch(path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, client: clientId }),
    }),
  );
  return res.json();
}

// Server-sent events: a new version from any tab.
export function listen(onChange) {
  const source = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
  source.onmessage = (e) => {
    try {
      onChange(JSON.parse(e.data));
    } catch (_) {
      /* a malformed event is ignored */
    }
  };
  return source;
}

// A binary buffer from the server: `NFMB`, header length, JSON header, typed-array sections.
export function decodeBuffer(buf) {
  const dv = new DataView(buf);
  const magic = String.fromCharCode(dv.getUint8(0), dv.getUint8(1), dv.getUint8(2), dv.getUint8(3));
  if (magic !== 'NFMB') throw new Error('the server sent something that is not a mesh buffer');
  const n = dv.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 8, n)));
  const base = 8 + n;
  const types = { f32: Float32Array, u32: Uint32Array, i32: Int32Array, u16: Uint16Array, u8: Uint8Array };
  const data = {};
  for (const [name, [offset, count, type]] of Object.entries(header.sections)) {
    data[name] = new types[type](buf, base + offset, count);
  }
  return { header, data };
}
