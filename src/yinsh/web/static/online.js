// An online game: the live WebSocket (/api/online/games/{id}/live), the
// seat token kept in local storage, actions sent with the ply and seq the
// page shows (the server refuses a stale one), and reconnection with
// catch-up (the hello names the last seq seen; the server answers with the
// entries since then, or a snapshot). The hello asks for each action's ack
// in the update it makes (one message instead of two; a separate ack still
// comes when that update does not). An update carries the moves that
// changed and the address of its picture, fetched once per position and
// view (see docs/web.md, "Updates").

import { ApiError, request } from "./api.js";

const TOKENS = "yinsh-seat:";
const INVITES = "yinsh-invites:";
const ACK_TIMEOUT_MS = 15000;

export const seats = {
  token: (id) => localStorage.getItem(TOKENS + id),
  keep(id, token) {
    localStorage.setItem(TOKENS + id, token);
  },
  invites(id) {
    try {
      return JSON.parse(localStorage.getItem(INVITES + id)) || [];
    } catch (err) {
      return [];
    }
  },
  keepInvites(id, invites) {
    localStorage.setItem(INVITES + id, JSON.stringify(invites.map(({ seat, side, link }) => ({ seat, side, link }))));
  },
};

function path(id, what = "") {
  return `/api/online/games/${encodeURIComponent(id)}${what}`;
}

function authorised(id) {
  const token = seats.token(id);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export const online = {
  create: (body) => request("POST", "/api/online/games", body),
  join: (id, body) => request("POST", path(id, "/join"), body),
  board: (id, ply) => request("GET", path(id, `/board?ply=${ply}`)),
  rematch: (id) => request("POST", path(id, "/rematch"), {}, authorised(id)),
  lobby: () => request("GET", "/api/online/lobby"),
  archive: (limit) => request("GET", `/api/online/archive?offset=0&limit=${limit}`),
  recordUrl: (id) => path(id, "/record"),
};

// The single-screen fields the page draws, from an online STATE.
export function asPageState(state) {
  return {
    ...state,
    online: true,
    seats: state.seats.map((s) => ({ ...s, human: s.kind === "person" })),
    engine_to_act: false,
    can_undo: false,
  };
}

// The whole state after an update's state (docs/web.md, "Updates"): the
// moves before moves_from, then moves_tail; the picture kept when the
// position and the view did not change, else null (the page fetches
// picture). The tests run this very function in the browser.
export function mergeUpdate(before, update) {
  const { moves_from: from, moves_tail: tail, ...rest } = update;
  const same = before.position === rest.position && before.view === rest.view;
  return { ...rest, moves: before.moves.slice(0, from).concat(tail), svg: same ? before.svg : null };
}

export class Live {
  // id: the game; onState(state, events): a snapshot or an update;
  // onLink(text): the connection's state in words ("" when connected);
  // onGone(text): the game is not on the server; onError(text): a refusal
  // of no action of the page's (a seat token the game does not know).
  constructor(id, { onState, onLink, onGone, onError }) {
    this.id = id;
    this.onError = onError;
    this.onState = onState;
    this.onLink = onLink;
    this.onGone = onGone;
    this.seq = null;
    this.state = null;
    this.shown = Promise.resolve();
    this.pending = new Map();
    this.counter = 0;
    this.closed = false;
    this.retry = 0;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${path(this.id, "/live")}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", token: seats.token(this.id), seq: this.seq, ack_in_update: true }));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.fail("the connection was lost");
      if (this.closed || event.code === 4404) return;
      this.onLink("Reconnecting\u2026");
      const wait = Math.min(5000, 250 * 2 ** this.retry);
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), wait);
    });
  }

  receive(data) {
    if (this.closed) return;                   // the page left: nothing of this connection is shown
    if (data.type === "snapshot") {
      this.retry = 0;
      this.seq = data.state.seq;
      this.state = data.state;
      this.onLink("");
      this.show(data.state, null);
    } else if (data.type === "update") {
      if (this.state === null) {
        this.refresh();                        // nothing to add it to: the whole state
      } else {
        this.retry = 0;
        this.seq = data.state.seq;
        const state = mergeUpdate(this.state, data.state);
        this.state = state;
        this.onLink("");
        this.show(state, data.events);
      }
      // this page's own action: its ack comes in the update it made
      if (data.ack) this.answered({ type: "ack", ...data.ack });
    } else if (data.type === "ack" || data.type === "error") {
      this.answered(data);
    } else if (data.type === "gone") {
      this.closed = true;
      this.onGone(data.error);
    }
  }

  // An ack or an error of an action of this page's: its promise settles
  // after the states that came before it are shown.
  answered(data) {
    const waiting = this.pending.get(data.id);
    if (waiting) {
      this.pending.delete(data.id);
      clearTimeout(waiting.timer);
      this.shown = this.shown.then(() => {
        if (data.type === "ack") waiting.resolve(data);
        else waiting.reject(Object.assign(new ApiError(data.error, data.status || 400), { stale: Boolean(data.stale) }));
      });
    } else if (data.type === "error") {
      this.onError(data.error);
    }
  }

  // Hands states to onState in order, each once its picture is here; none
  // after close() (a picture still on its way when the page took its seat
  // would otherwise show the spectator's state over the player's).
  show(state, events) {
    this.shown = this.shown.then(async () => {
      if (state.svg === null) {
        try {
          const answer = await fetch(state.picture);
          if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
          state.svg = await answer.text();
        } catch (err) {
          this.refresh();
          return;
        }
      }
      if (!this.closed) this.onState(state, events);
    });
  }

  fail(reason) {
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new ApiError(`Not sent: ${reason}. The page catches up when it reconnects.`));
    }
    this.pending.clear();
  }

  // Sends an action ({type, ...}) made at the ply and seq shown; resolves
  // on its ack, rejects with the server's refusal (stale: true when the game
  // had moved on).
  act(action, shown) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new ApiError("Not connected to the server: reconnecting, try again in a moment."));
    }
    this.counter += 1;
    const id = `a${this.counter}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ApiError("The server did not answer in time."));
      }, ACK_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.socket.send(JSON.stringify({ ...action, id, ply: shown.ply, seq: shown.seq }));
    });
  }

  // Asks for the whole state again (after a refusal).
  refresh() {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ type: "hello", token: seats.token(this.id), seq: null, ack_in_update: true }));
    }
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.fail("the page left the game");
    if (this.socket) this.socket.close();
  }
}
