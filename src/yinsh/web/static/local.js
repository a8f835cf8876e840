// The page's backend on a site with no server: the library in Pyodide, in a
// Web Worker (worker.js), answering the requests the page would send to
// `yinsh serve` (Python's yinsh.web.local). One thing at a time goes to the
// worker, in order.
//
// The page starts before Python is loaded: the site holds the catalogue and
// the first state of the usual new game (site.json, made when the site was
// built), so the board is drawn at once and the first action waits for the
// worker. That game's id is a stand-in until the worker makes the game.
//
// The games outlive the page: after each action the request that makes the
// game again (its record and seats) is kept in the local storage, and a game
// the worker does not know (the page was reloaded) is made again from it. The
// last state the page drew is kept too, so a reloaded page draws its game at
// once, as a new one, while the worker makes it again.
//
// A live analysis runs in the worker until stopped. On a cross-origin
// isolated page it is stopped at once through Pyodide's interrupt buffer
// (shared memory); elsewhere the worker searches in short slices and reads
// the stop between them. A request while an analysis runs stops it first
// and starts it again afterwards unless the page asked for another.
//
// A review (the requests .../review: POST starts it, GET polls it, DELETE
// cancels it) runs in the worker a position at a time, sending its progress
// after each; the requests are answered here from the last progress the
// worker sent, and the page's other requests are answered between two
// positions. One engine job at a time: a review stops the analysis, an
// analysis (or a change of the game) cancels the review.

import { ApiError } from "./api.js";

const SIGINT = 2;
const SAVED = "yinsh-local-games";   // page id -> the request that makes the game again
const KEEP = 10;                     // ids kept (the last games)
const LAST_STATE = "yinsh-local-state";   // {id, state}: the last state the page was given
const NO_REVIEW = { status: "none", done: 0, total: 0, review: null, error: null, stored: false };
const CHANGES = /^\/api\/games\/([^/?]+)\/(play|throw|step|undo|resign)$/;

export class LocalBackend {
  // site: the promise of site.json (wheel, catalogue, starts); onReady(seconds), onFailed(text).
  constructor(site, { onReady = () => {}, onFailed = () => {} } = {}) {
    this.site = null;
    this.queue = Promise.resolve();
    this.seq = 0;
    this.waiting = new Map();          // seq -> what takes the worker's answer to a request
    this.aliases = new Map();          // stand-in id -> the worker's id
    this.known = new Set();            // the ids this page was given
    this.analysis = null;              // {seq, socket, message, done} of the running analysis
    this.reviews = new Map();          // page id -> {seq, answer} of its last review
    this.review = null;                // the review running in the worker: {seq, answer}
    this.interruptible = globalThis.crossOriginIsolated === true;
    this.interrupt = this.interruptible ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this.worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener("message", (event) => this.receive(event.data, resolve, reject));
      this.worker.addEventListener("error", (event) => reject(new Error(event.message || "the worker failed")));
    });
    this.ready.then((seconds) => onReady(seconds), (err) => onFailed(err.message));
    this.loaded = site.then((data) => {
      this.site = data;
      this.worker.postMessage({ type: "load", wheel: new URL(data.wheel, document.baseURI).href,
                                interrupt: this.interrupt });
    });
    this.loaded.catch((err) => onFailed(`the site's site.json: ${err.message}`));
  }

  receive(data, resolve, reject) {
    if (data.type === "ready") resolve(data.seconds);
    else if (data.type === "failed") reject(new Error(data.error));
    else if (data.type === "answer") {
      const done = this.waiting.get(data.seq);
      this.waiting.delete(data.seq);
      if (done) done(JSON.parse(data.text));
    } else if (data.type === "analysis") {
      const running = this.analysis;
      if (!running || running.seq !== data.seq) return;
      const message = JSON.parse(data.text);
      if (message.type !== "info") {
        this.analysis = null;
        if (this.interrupt) Atomics.store(this.interrupt, 0, 0);   // a stop that came too late
        running.done(message);
      }
      if (message.type === "info" || !running.quiet) running.socket.deliver(message);
    } else if (data.type === "review") {
      const running = this.review;
      if (!running || running.seq !== data.seq) return;
      const answer = JSON.parse(data.text);
      if (running.answer.status === "running") running.answer = answer;
      if (answer.status !== "running") this.review = null;
    }
  }

  // Runs work(seq) after everything sent before it.
  enqueue(work) {
    const next = this.queue.then(() => this.ready).then(() => work(++this.seq));
    this.queue = next.catch(() => {});
    return next;
  }

  id(id) {
    return this.aliases.get(id) || id;
  }

  path(path) {
    return path.replace(/^\/api\/games\/([^/?]+)/, (whole, id) => `/api/games/${encodeURIComponent(this.id(decodeURIComponent(id)))}`);
  }

  // The answer of the worker to a request, as {status, body} or {status, text,
  // filename}; then(answer) is called before anything sent later goes.
  async send(method, path, body, then = () => {}) {
    await this.ready.catch((err) => { throw new ApiError(`The engine could not be loaded: ${err.message}`); });
    const restart = this.analysis && this.analysis.message;
    const socket = this.analysis && this.analysis.socket;
    const answer = this.enqueue(async (seq) => {
      await this.halt();
      return new Promise((resolve) => {
        this.waiting.set(seq, (answer) => { then(answer); resolve(answer); });
        this.worker.postMessage({ type: "request", seq, method, path: this.path(path),
                                  body: body === undefined ? null : JSON.stringify(body) });
      });
    });
    if (restart) {
      // Started again once the page has acted on the answer, unless it asked for another.
      answer.finally(() => setTimeout(() => {
        if (socket.latest === restart && !socket.closed) this.analyse(socket, restart);
      }, 0));
    }
    return answer;
  }

  async request(method, path, body) {
    await this.loaded;
    if (method === "GET" && path === "/api/games") return this.site.catalogue;
    const reviewed = path.match(/^\/api\/games\/([^/?]+)\/review$/);
    if (reviewed) return this.reviewRequest(method, decodeURIComponent(reviewed[1]));
    const changed = method === "POST" && path.match(CHANGES);
    if (changed) this.cancelReview(decodeURIComponent(changed[1]), "the game changed");
    const start = method === "POST" && path === "/api/games" && this.start(body);
    if (start) return start;
    const shown = method === "GET" && path.match(/^\/api\/games\/([^/?]+)$/);
    const drawn = shown && this.drawn(decodeURIComponent(shown[1]));
    if (drawn) return drawn;
    let answer = await this.send(method, path, body);
    if (answer.status === 404 && shown) answer = await this.restore(decodeURIComponent(shown[1]), answer);
    else if (method === "POST" && answer.status === 200) this.keep(answer.body.id, [answer.body.id]);
    if (answer.status === 200 && answer.body && answer.body.id) this.drew(answer.body);
    if (answer.status !== 200) {
      throw new ApiError(answer.body && answer.body.error ? answer.body.error : `The engine answered ${answer.status}.`,
                         answer.status);
    }
    return answer.body;
  }

  // A new game the site holds the first state of, answered at once while the
  // worker makes it; null for another.
  start(body) {
    const known = this.site.starts.find((start) => JSON.stringify(start.body) === JSON.stringify(body));
    if (!known) return null;
    const standIn = `start-${++this.seq}`;
    const state = { ...known.state, id: standIn };
    this.store([standIn], body);                 // a reload before the worker answers: the same new game
    this.drew(state);
    this.remake(standIn, body).catch(() => {});
    return state;
  }

  // The page is given state: the last it drew, kept for a reload.
  drew(state) {
    this.known.add(state.id);
    try {
      localStorage.setItem(LAST_STATE, JSON.stringify({ id: state.id, state }));
    } catch (err) { /* the storage is full: the game is made again without it */ }
  }

  // The worker's answer to body (a new game's request) made for the page's
  // id, which stands for the worker's from then on.
  remake(id, body) {
    return this.send("POST", "/api/games", body, (made) => {
      if (made.status !== 200) return;
      this.aliases.set(id, made.body.id);
      this.keep(made.body.id, [made.body.id, id]);
    });
  }

  saved() {
    try {
      return JSON.parse(localStorage.getItem(SAVED)) || {};
    } catch (err) {
      return {};
    }
  }

  // Keeps the request that makes game id again, under each of names.
  keep(id, names) {
    this.send("GET", `/api/games/${encodeURIComponent(id)}/saved`).then((answer) => {
      if (answer.status === 200) this.store(names, answer.body);
    }).catch(() => {});
  }

  // Keeps body, the request that makes a game, under each of names.
  store(names, body) {
    const kept = Object.entries(this.saved()).filter(([name]) => !names.includes(name));
    for (const name of names) kept.push([name, body]);
    try {
      localStorage.setItem(SAVED, JSON.stringify(Object.fromEntries(kept.slice(-KEEP))));
    } catch (err) { /* the storage is full: the game is not kept */ }
  }

  // The state last drawn of game id, when this page has not seen it yet (a
  // reload) and it was kept: the worker makes the game again meanwhile.
  drawn(id) {
    if (this.known.has(id)) return null;
    let kept = null;
    try {
      kept = JSON.parse(localStorage.getItem(LAST_STATE));
    } catch (err) {
      return null;
    }
    const body = this.saved()[id];
    if (!kept || kept.id !== id || !body) return null;
    this.known.add(id);
    this.remake(id, body).catch(() => {});
    return kept.state;
  }

  // The game id made again from what was kept (else the worker's 404, missing).
  async restore(id, missing) {
    const body = this.saved()[id];
    if (!body) return missing;
    const made = await this.remake(id, body);
    return made.status === 200 ? made : missing;
  }

  async record(id) {
    const answer = await this.send("GET", `/api/games/${encodeURIComponent(id)}/record`);
    if (answer.status !== 200) throw new ApiError(answer.body.error, answer.status);
    return answer;
  }

  socket(id) {
    return new LocalSocket(this, id);
  }

  // A review request of game id (see the top): the answer the server's would be.
  async reviewRequest(method, id) {
    await this.ready.catch((err) => { throw new ApiError(`The engine could not be loaded: ${err.message}`); });
    const known = this.reviews.get(id);
    if (method === "GET") return known ? known.answer : NO_REVIEW;
    if (method === "DELETE") {
      this.cancelReview(id, "the review was cancelled");
      return known ? known.answer : NO_REVIEW;
    }
    if (method !== "POST") throw new ApiError(`no such request: ${method} /api/games/${id}/review`, 404);
    if (known && (known.answer.status === "running" || known.answer.status === "done")) return known.answer;
    if (this.review) this.cancelReview(this.review.id, "another review began");
    const entry = { id, seq: null, answer: { ...NO_REVIEW, status: "running" } };
    this.reviews.set(id, entry);
    this.review = entry;
    this.enqueue(async (seq) => {
      await this.halt();                         // the analysis stops for the review
      if (this.review !== entry) return;
      entry.seq = seq;
      this.worker.postMessage({ type: "review", seq, gameId: this.id(id) });
    }).catch(() => {});
    return entry.answer;
  }

  // Cancels the review of game id if it runs (why: what its answer says).
  cancelReview(id, why) {
    const running = this.review;
    if (!running || running.id !== id) {
      if (why === "the game changed") this.reviews.delete(id);
      return;
    }
    this.review = null;
    running.answer = { ...running.answer, status: "cancelled", error: why };
    this.worker.postMessage({ type: "stopReview" });
    if (why === "the game changed") this.reviews.delete(id);
  }

  // Starts the analysis message (text) of socket's game, after a running one stops.
  analyse(socket, message) {
    socket.latest = message;
    if (this.review) this.cancelReview(this.review.id, "the analysis took the engine: the review was cancelled");
    this.enqueue(async (seq) => {
      await this.halt();
      if (socket.closed || socket.latest !== message) return;
      // Runs until stopped: what is sent next stops it first (halt).
      this.analysis = { seq, socket, message, done: () => {}, quiet: false };
      this.worker.postMessage({ type: "analyse", seq, gameId: this.id(socket.gameId), message });
    }).catch(() => {});
  }

  // The page stops its analysis.
  stopAnalysis(socket) {
    socket.latest = null;
    if (this.analysis && this.analysis.socket === socket) this.stopRunning(false);
  }

  stopRunning(quiet) {
    const running = this.analysis;
    running.quiet = running.quiet || quiet;
    if (running.stopping) return;
    running.stopping = true;
    if (this.interrupt) Atomics.store(this.interrupt, 0, SIGINT);
    else this.worker.postMessage({ type: "stop" });
  }

  // Stops the running analysis for the next thing to send (its end is not
  // the page's business) and waits for its end.
  async halt() {
    const running = this.analysis;
    if (!running) return;
    const ended = new Promise((resolve) => {
      const done = running.done;
      running.done = (message) => { done(message); resolve(); };
    });
    this.stopRunning(true);
    await ended;
  }
}

// The analysis socket of a game, as analysis.js uses a WebSocket.
class LocalSocket extends EventTarget {
  constructor(backend, gameId) {
    super();
    this.backend = backend;
    this.gameId = gameId;
    this.readyState = 1;               // WebSocket.OPEN
    this.latest = null;                // the start message being served
    this.closed = false;
  }

  send(text) {
    const message = JSON.parse(text);
    if (message.type === "stop") this.backend.stopAnalysis(this);
    else this.backend.analyse(this, text);
  }

  deliver(message) {
    if (!this.closed) this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(message) }));
  }

  close() {
    if (this.closed) return;
    this.backend.stopAnalysis(this);
    this.closed = true;
    this.readyState = 3;               // WebSocket.CLOSED
    setTimeout(() => this.dispatchEvent(new Event("close")), 0);   // later, as a WebSocket's
  }
}
