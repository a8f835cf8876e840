// Talking to the server: JSON requests whose errors become readable messages.
// On a site with no server the same requests go to a local backend (the
// library in a Web Worker: local.js), set once with useBackend.

export class ApiError extends Error {
  // status: the server's HTTP status (0 when it could not be reached).
  constructor(message, status = 0) {
    super(message);
    this.status = status;
  }
}

const GONE = "The server cannot be reached: is `yinsh serve` still running? Reload the page once it is.";

// The local backend: request(method, path, body), record(id), socket(id).
let backend = null;

export function useBackend(local) {
  backend = local;
}

export async function request(method, path, body, headers = {}) {
  if (backend) return backend.request(method, path, body);
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(GONE);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    if (response.ok) throw new ApiError("The server's answer was not understood.");
    throw new ApiError(response.status >= 500 ? GONE : `The server answered ${response.status}.`, response.status);
  }
  if (!response.ok) {
    throw Object.assign(new ApiError(data && data.error ? data.error : `The server answered ${response.status}.`,
                                     response.status), { stale: Boolean(data && data.stale) });
  }
  return data;
}

export const api = {
  catalogue: () => request("GET", "/api/games"),
  create: (body) => request("POST", "/api/games", body),
  state: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
  play: (id, move) => request("POST", `/api/games/${encodeURIComponent(id)}/play`, { move }),
  act: (id, what) => request("POST", `/api/games/${encodeURIComponent(id)}/${what}`, {}),
  board: (id, ply) => request("GET", `/api/games/${encodeURIComponent(id)}/board?ply=${ply}`),
  recordUrl: (id) => `/api/games/${encodeURIComponent(id)}/record`,
  // The record of the game with no server: {text, filename}.
  recordFile: (id) => backend.record(id),
  async record(id) {
    if (backend) return (await backend.record(id)).text;
    let response;
    try {
      response = await fetch(this.recordUrl(id));
    } catch (err) {
      throw new ApiError(GONE);
    }
    if (!response.ok) throw new ApiError("The record could not be made.");
    return response.text();
  },
  // The live analysis of a game: a WebSocket, or the local backend's look-alike.
  socket: (id) => {
    if (backend) return backend.socket(id);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return new WebSocket(`${scheme}//${location.host}/api/games/${encodeURIComponent(id)}/analysis`);
  },
  // Whether the page has a server (online play, downloads by address).
  get local() {
    return backend !== null;
  },
};
