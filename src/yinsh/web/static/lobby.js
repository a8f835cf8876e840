// The lobby (#lobby): open games waiting for players (take a seat), games in
// progress (watch, or go back to your own), the archive of finished games,
// newest first (open in the analysis board, download the record), and the
// buttons that start one.

import { online, seats as kept } from "./online.js";
import { sideChip } from "./sides.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 5000;
const ARCHIVE_PAGE = 20;            // finished games shown at first, and more with each "Older games"
const ARCHIVE_MAX = 200;            // at most (the server's bound)
const NAME = "yinsh-name";

function optionWords(summary) {
  const o = summary.options || {};
  const parts = [];
  if (o.variant && o.variant !== "standard") parts.push(o.variant);
  if (o.players) parts.push(`${o.players} players`);
  if (o.layout !== undefined && o.layout !== "random") parts.push(`layout ${o.layout}`);
  parts.push(summary.clock ? summary.clock.replace("+", " min + ") + " s" : "no clock");
  return parts.join(", ");
}

function button(text, onClick, primary = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (primary) b.className = "primary";
  b.addEventListener("click", onClick);
  return b;
}

function link(text, href, download = false) {
  const a = document.createElement("a");
  a.className = "button";
  a.textContent = text;
  a.href = href;
  if (download) a.download = "";
  return a;
}

export class Lobby {
  // onJoin(id, seat), onAnalyse(id): the page's answers to the buttons;
  // onNew(preset): the New game dialog for online play.
  constructor({ onJoin, onAnalyse, onNew }) {
    this.onJoin = onJoin;
    this.onAnalyse = onAnalyse;
    this.timer = null;
    this.archived = ARCHIVE_PAGE;
    $("lobby-older").addEventListener("click", () => {
      this.archived = Math.min(ARCHIVE_MAX, this.archived + ARCHIVE_PAGE);
      this.refresh();
    });
    // The name typed here is the new game's (saved as typed, not only when the field is left).
    const name = () => $("lobby-name").value.trim();
    $("lobby-engine").addEventListener("click", () => onNew({ online: true, seats: ["me", "engine"], name: name() }));
    $("lobby-invite").addEventListener("click", () => onNew({ online: true, seats: ["me", "invite"], name: name() }));
    $("lobby-refresh").addEventListener("click", () => this.refresh());
    $("lobby-name").addEventListener("input", () => {
      if (name()) localStorage.setItem(NAME, name());
    });
  }

  show() {
    $("lobby").hidden = false;
    $("lobby-name").value = localStorage.getItem(NAME) || "";
    $("title").textContent = "Lobby";
    document.title = "Lobby \u00B7 yinsh";
    this.refresh();
    clearInterval(this.timer);
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
  }

  hide() {
    $("lobby").hidden = true;
    clearInterval(this.timer);
    this.timer = null;
  }

  message(text) {
    $("lobby-message").textContent = text;
    $("lobby-message").hidden = !text;
  }

  async refresh() {
    let lists;
    let archive;
    try {
      [lists, archive] = await Promise.all([online.lobby(), online.archive(this.archived)]);
    } catch (err) {
      this.message(err.message);
      return;
    }
    this.message("");
    this.fill($("lobby-open"), lists.open, "No game is waiting for players: start one.", (g) => this.openRow(g));
    this.fill($("lobby-playing"), lists.playing, "No game is being played.", (g) => this.playingRow(g));
    this.fill($("lobby-finished"), archive.games, "No game has finished yet.", (g) => this.finishedRow(g));
    $("lobby-older").hidden = archive.total <= archive.games.length || this.archived >= ARCHIVE_MAX;
  }

  fill(list, games, empty, row) {
    list.innerHTML = "";
    if (!games.length) {
      const item = document.createElement("li");
      item.className = "muted";
      item.textContent = empty;
      list.append(item);
    }
    for (const game of games) list.append(row(game));
  }

  row(game, extra) {
    const item = document.createElement("li");
    item.className = "lobby-game";
    item.dataset.id = game.id;
    const head = document.createElement("div");
    head.className = "lobby-head";
    const title = document.createElement("strong");
    title.textContent = game.title;
    const words = document.createElement("span");
    words.className = "muted";
    words.textContent = ` ${optionWords(game)} \u00B7 ${game.ply} action${game.ply === 1 ? "" : "s"}`;
    head.append(title, words);
    const who = document.createElement("div");
    who.className = "seats";
    for (const seat of game.seats) {
      const name = seat.kind === "engine" ? "engine" : seat.joined ? seat.name : "open seat";
      who.append(sideChip(seat.side, `${seat.side}: ${name}`));
    }
    const actions = document.createElement("div");
    actions.className = "buttons";
    actions.append(...extra);
    item.append(head, who, actions);
    return item;
  }

  openRow(game) {
    const mine = kept.token(game.id);
    const buttons = mine ? [link("Back to your game", `#online=${game.id}`)]
      : game.seats.filter((s) => s.kind === "person" && !s.joined)
        .map((s) => button(`Join as ${s.side}`, () => this.onJoin(game.id, s.seat), true));
    return this.row(game, buttons.concat([link("Watch", `#watch=${game.id}`)]));
  }

  playingRow(game) {
    const mine = kept.token(game.id);
    return this.row(game, [mine ? link("Back to your game", `#online=${game.id}`) : link("Watch", `#watch=${game.id}`)]);
  }

  finishedRow(game) {
    const result = document.createElement("span");
    result.className = "result";
    result.textContent = game.result && game.result.winner ? game.result.winner : game.result.code;
    return this.row(game, [result, link("See the game", `#watch=${game.id}`),
                           button("Open in the analysis board", () => this.onAnalyse(game.id)),
                           link("Download the record", online.recordUrl(game.id), true)]);
  }
}
