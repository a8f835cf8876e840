// Live analysis: a WebSocket to the server's engine (or the local backend's
// look-alike), one search at a time.

import { api } from "./api.js";

export class Analysis {
  constructor({ onInfo, onIdle, onState, onError }) {
    this.onInfo = onInfo;
    this.onIdle = onIdle;
    this.onState = onState;
    this.onError = onError;
    this.enabled = false;
    this.multipv = 3;
    this.socket = null;
    this.gameId = null;
    this.ply = null;
    this.running = false;
    this.last = null;
  }

  enable(on, multipv, restart = false) {
    this.enabled = on;
    this.multipv = multipv;
    if (!on) {
      this.stop();
      this.last = null;
    } else if (restart && this.gameId !== null) {
      this.position(this.gameId, this.ply, true);
    }
  }

  setRunning(on) {
    this.running = on;
    this.onState(on);
  }

  connect(gameId) {
    if (this.socket && this.gameId === gameId && this.socket.readyState <= 1) return this.socket;
    if (this.socket) this.socket.close();
    this.gameId = gameId;
    const socket = api.socket(gameId);
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "info") {
        this.last = data;
        this.onInfo(data);
      } else if (data.type === "done") {
        this.setRunning(false);
      } else if (data.type === "idle") {
        this.setRunning(false);
        this.onIdle(data);
      } else if (data.type === "error") {
        this.setRunning(false);
        this.onError(data.error);
      }
    });
    socket.addEventListener("close", () => {
      if (this.socket === socket) {
        this.socket = null;
        if (this.running) this.onError("The analysis stopped: the server cannot be reached.");
        this.setRunning(false);
      }
    });
    this.socket = socket;
    return socket;
  }

  send(message) {
    const socket = this.socket;
    const text = JSON.stringify(message);
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
    else socket.addEventListener("open", () => socket.send(text), { once: true });
  }

  // Analyse the game's position after ply actions (when analysis is on).
  position(gameId, ply, force = false) {
    if (!this.enabled) return;
    if (!force && this.running && this.gameId === gameId && this.ply === ply) return;
    this.connect(gameId);
    this.ply = ply;
    this.setRunning(true);
    this.send({ type: "start", ply, multipv: this.multipv });
  }

  stop() {
    if (this.socket && this.running) this.send({ type: "stop" });
    this.setRunning(false);
  }

  repeat() {
    if (this.last) this.onInfo(this.last);
  }
}
