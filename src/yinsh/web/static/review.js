// The engine's review of a game (docs/review.md, "Review on the page"): the
// Review button, the progress ("k of n positions") and Cancel, then the chart
// of the win chance over the game (a point an action: a click shows the
// position after it), each side's accuracy and counts, and the marks of the
// inaccuracies, mistakes and blunders for the move list (moves.js). The marks
// are those of the review's SVG chart (yinsh.engine.review.MARKS): the
// Okabe-Ito colours, a shape each and chess's signs, told apart without colour.
//
// The review runs on the server (or in the worker with no server): the page
// starts it (POST .../review), polls it (GET) and cancels it (DELETE).

import { ApiError, request } from "./api.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 400;

// Each flagged class: colour, shape and sign (as the review's SVG chart).
export const MARKS = {
  inaccuracy: { colour: "#E69F00", shape: "circle", sign: "?!" },
  mistake: { colour: "#D55E00", shape: "square", sign: "?" },
  blunder: { colour: "#CC79A7", shape: "triangle", sign: "??" },
};
const LINES = ["#0072B2", "#E69F00", "#009E73", "#000000"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3"];
const COUNTED = ["best", "good", "inaccuracy", "mistake", "blunder"];

function path(game) {
  const id = encodeURIComponent(game.id);
  return game.online ? `/api/online/games/${id}/review` : `/api/games/${id}/review`;
}

function element(tag, attributes = {}, text = "") {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text) made.textContent = text;
  return made;
}

// The shape of a mark at (x, y), radius r.
function shape(kind, x, y, r, colour) {
  const style = { fill: colour, stroke: "#000", "stroke-width": 1 };
  if (kind === "circle") return element("circle", { cx: x, cy: y, r, ...style });
  if (kind === "square") return element("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...style });
  const points = `${x},${y - 1.2 * r} ${x + 1.1 * r},${y + 0.9 * r} ${x - 1.1 * r},${y + 0.9 * r}`;
  return element("polygon", { points, ...style });
}

const percent = (p) => `${Math.round(p * 100)}%`;

export class ReviewView {
  // game(): the page's game; onPick(ply): show the position after ply;
  // onMarks(): the marks changed (the move list is drawn again); beforeStart():
  // called when a review starts (the page with no server stops its analysis).
  constructor({ game, onPick, onMarks, beforeStart = () => {} }) {
    this.game = game;
    this.onPick = onPick;
    this.onMarks = onMarks;
    this.beforeStart = beforeStart;
    this.review = null;        // the review shown
    this.key = null;           // the game (id and ply) it is of
    this.polling = null;
    $("review-start").addEventListener("click", () => this.start());
    $("review-cancel").addEventListener("click", () => this.cancel());
  }

  // The marks of the review shown: ply (of the move list) -> its action's review.
  marks() {
    const marks = new Map();
    if (!this.review) return marks;
    for (const action of this.review.actions) {
      if (MARKS[action.class]) marks.set(action.ply + this.review.first_ply, action);
    }
    return marks;
  }

  // The game shown changed: a review of another game (or of fewer actions) is put away.
  update() {
    const game = this.game();
    const key = game ? `${game.online ? "online" : "game"}:${game.id}:${game.ply}` : null;
    const reviewable = Boolean(game && game.moves.length && (!game.online || game.over));
    $("review-card").hidden = !reviewable;
    if (key === this.key) return;
    const had = this.review !== null;
    this.stopPolling();
    this.key = key;
    this.review = null;
    $("review-result").hidden = true;
    $("review-progress").hidden = true;
    $("review-cancel").hidden = true;
    $("review-start").disabled = false;
    this.say("");
    if (had) this.onMarks();
    if (reviewable && game.online) this.ask("GET");     // a stored review is shown at once
  }

  say(text) {
    $("review-status").textContent = text;
  }

  start() {
    this.beforeStart();
    this.ask("POST", {});
  }

  cancel() {
    this.ask("DELETE");
  }

  async ask(method, body) {
    const game = this.game();
    if (!game) return;
    const key = this.key;
    try {
      const answer = await request(method, path(game), body);
      if (this.key === key) this.show(answer);
    } catch (err) {
      if (this.key === key) this.say(err instanceof ApiError ? err.message : `The review failed: ${err.message}`);
    }
  }

  stopPolling() {
    if (this.polling !== null) clearTimeout(this.polling);
    this.polling = null;
  }

  // An answer of the review's route.
  show(answer) {
    this.stopPolling();
    const running = answer.status === "running";
    $("review-start").disabled = running;
    $("review-cancel").hidden = !running;
    $("review-progress").hidden = !running;
    if (running) {
      const bar = $("review-bar");
      bar.max = Math.max(1, answer.total);
      bar.value = answer.done;
      this.say(answer.total ? `Reviewing: ${answer.done} of ${answer.total} positions` : "Reviewing\u2026");
      const key = this.key;
      this.polling = setTimeout(() => { if (this.key === key) this.ask("GET"); }, POLL_MS);
    } else if (answer.status === "done") {
      this.review = answer.review;
      this.draw();
      this.say(answer.stored ? "The review (stored with the game)." : "The review is ready.");
      this.onMarks();
    } else if (answer.status === "cancelled" || answer.status === "failed") {
      this.say(answer.error || "The review stopped.");
    } else {
      this.say("");
    }
  }

  draw() {
    const review = this.review;
    $("review-result").hidden = false;
    this.chart(review);
    const table = $("review-sides");
    table.innerHTML = "";
    const head = document.createElement("tr");
    for (const text of ["", "accuracy", ...COUNTED.slice(2).map((name) => `${MARKS[name].sign} ${name}`)]) {
      const cell = document.createElement("th");
      cell.textContent = text;
      head.append(cell);
    }
    table.append(head);
    for (const side of review.sides) {
      const row = document.createElement("tr");
      row.dataset.side = side;
      const counts = review.counts[side];
      const accuracy = review.accuracy[side];
      for (const text of [side, accuracy === null ? "\u2013" : accuracy.toFixed(1),
                          ...COUNTED.slice(2).map((name) => String(counts[name]))]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      table.append(row);
    }
  }

  // The chart of the win chance: the first side's (every side's with 3 or 4),
  // a point a position (a click: that position), the flagged actions marked.
  chart(review) {
    const width = 360;
    const height = 170;
    const [left, right, top, bottom] = [34, 8, 10, 22];
    const plotW = width - left - right;
    const plotH = height - top - bottom;
    const n = Math.max(1, review.chances.length - 1);
    const x = (k) => left + (plotW * k) / n;
    const y = (p) => top + plotH * (1 - Math.min(1, Math.max(0, p)));
    const svg = element("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "review-chart",
                                 "font-size": 10, "font-family": "sans-serif" });
    const many = review.sides.length > 2;
    svg.append(element("title", {}, many ? "Every side's win chance after each action"
                                         : `${review.sides[0]}'s win chance after each action`));
    for (const p of [0, 0.5, 1]) {
      svg.append(element("line", { x1: left, x2: width - right, y1: y(p), y2: y(p),
                                   stroke: p === 0.5 ? "#555" : "#bbb", "stroke-dasharray": p === 0.5 ? "3 3" : "" }));
      svg.append(element("text", { x: left - 4, y: y(p) + 3, "text-anchor": "end" }, percent(p)));
    }
    const seats = many ? review.sides.map((_, s) => s) : [0];
    if (!many) {
      const points = review.chances.map((c, k) => `${x(k)},${y(c[review.sides[0]])}`).join(" ");
      svg.append(element("polygon", { points: `${x(0)},${y(0.5)} ${points} ${x(n)},${y(0.5)}`,
                                      fill: "#56B4E9", "fill-opacity": 0.35 }));
    }
    for (const seat of seats) {
      const side = review.sides[seat];
      const points = review.chances.map((c, k) => `${x(k)},${y(c[side])}`).join(" ");
      svg.append(element("polyline", { points, fill: "none", stroke: LINES[seat % 4], "stroke-width": 2,
                                       "stroke-dasharray": DASHES[seat % 4] }));
    }
    const byPly = new Map(review.actions.map((a) => [a.ply, a]));
    const first = review.sides[0];
    review.chances.forEach((c, k) => {
      const action = byPly.get(k);
      const label = k === 0 ? `start: ${first} ${percent(c[first])}`
        : `${action.ply + review.first_ply}. ${action.side} ${action.action}: ${first} ${percent(c[first])}`
          + (MARKS[action.class] ? `, ${action.class}` : "");
      const point = element("circle", { cx: x(k), cy: y(c[many ? action?.side ?? first : first]), r: 4,
                                        class: "review-point", "data-ply": k + review.first_ply,
                                        tabindex: 0, role: "button", "aria-label": label });
      point.append(element("title", {}, label));
      point.addEventListener("click", () => this.onPick(k + review.first_ply));
      point.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          this.onPick(k + review.first_ply);
        }
      });
      svg.append(point);
    });
    for (const action of review.actions) {
      const mark = MARKS[action.class];
      if (!mark || action.ply >= review.chances.length) continue;
      const seat = many ? review.sides.indexOf(action.side) : 0;
      const px = x(action.ply);
      const py = y(review.chances[action.ply][review.sides[seat]]);
      const group = element("g", { class: `review-mark ${action.class}`, "data-ply": action.ply + review.first_ply });
      group.append(shape(mark.shape, px, py, 5, mark.colour));
      group.append(element("text", { x: px, y: py - 8, "text-anchor": "middle", "font-weight": "bold" }, mark.sign));
      group.addEventListener("click", () => this.onPick(action.ply + review.first_ply));
      svg.append(group);
    }
    $("review-chart").replaceChildren(svg);
  }
}
