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

// What a request that reached no server says (the browser's own words are "Failed to fetch").
export const GONE = 'the navforge server is not answering: it was stopped, or it crashed';

// Told when a request reaches no server (set by the page).
let onGone = () => {};
export function whenGone(f) {
  onGone = f;
}

// fetch, with "no server" as an ApiError of its own (code `gone`).
async function send(path, init) {
  try {
    return await fetch(path, init);
  } catch (_) {
    onGone();
    throw new ApiError(0, { error: 'gone', message: GONE });
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
  const res = await answer(await send(path, { headers }));
  return res.json();
}

export async function getBinary(path) {
  const res = await answer(await send(path, { headers }));
  return res.arrayBuffer();
}

export async function postJson(path, body) {
  const res = await answer(
    await send(path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, client: clientId }),
    }),
  );
  return res.json();
}

// Server-sent events: a new version from any tab. `onLost` hears when the stream breaks (the
// browser then tries again by itself).
export function listen(onChange, onLost) {
  const source = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
  source.onerror = () => onLost(source);
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
