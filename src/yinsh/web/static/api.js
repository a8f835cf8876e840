// Talking to the server: JSON requests whose errors become readable messages.

export class ApiError extends Error {
  // status: the server's HTTP status (0 when it could not be reached).
  constructor(message, status = 0) {
    super(message);
    this.status = status;
  }
}

const GONE = "The server cannot be reached: is `yinsh serve` still running? Reload the page once it is.";

export async function request(method, path, body, headers = {}) {
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
  async record(id) {
    let response;
    try {
      response = await fetch(this.recordUrl(id));
    } catch (err) {
      throw new ApiError(GONE);
    }
    if (!response.ok) throw new ApiError("The record could not be made.");
    return response.text();
  },
  socketUrl: (id) => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/api/games/${encodeURIComponent(id)}/analysis`;
  },
};
