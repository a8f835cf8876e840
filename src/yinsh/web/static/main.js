// The page: a game from the server drawn by the library's SVG, clicks (or
// keys) to act, the move list, live analysis, import/export, and online play
// (seats, live updates, clocks, the lobby), and the engine's review of a game
// (review.js). No build step.
//
// On a site with no server (a <meta name="yinsh-backend" content="local">,
// written by wasm/site.py) the library runs in the page (local.js): the
// same requests, no online play.
//
// The address says what is shown: #game=ID a game at this screen, #online=ID
// or #watch=ID an online game (a seat token kept for it makes this page a
// player, else a spectator), #join=ID:INVITE an invitation, #lobby the lobby,
// #import=TEXT a shared record or position.

import { api, ApiError, useBackend } from "./api.js";
import { AnalysisView } from "./analysis-view.js";
import { BoardView } from "./board.js";
import { click, lit } from "./clicks.js";
import { news } from "./news.js";
import { Lobby } from "./lobby.js";
import { LocalBackend } from "./local.js";
import { renderMoves, renderThrows } from "./moves.js";
import { ReviewView } from "./review.js";
import { NewGameForm } from "./newgame.js";
import { online } from "./online.js";
import { OnlineGames } from "./online-view.js";
import { copy, OnlinePanel } from "./seat-panel.js";
import { sideChip } from "./sides.js";
import { Sound } from "./sound.js";
import { markWin } from "./winning.js";

const $ = (id) => document.getElementById(id);
const LAST_GAME = "yinsh-game";
const NO_SERVER = "Online play needs a server (yinsh serve): this page plays at this screen only.";

if (document.querySelector('meta[name="yinsh-backend"]')?.content === "local") {
  useBackend(new LocalBackend(fetch("site.json").then((answer) => answer.json()), {
    onReady: (seconds) => engineState("", seconds),
    onFailed: (text) => engineState(`The engine could not be loaded: ${text}`),
  }));
  document.body.classList.add("no-server");
  engineState("Loading the engine\u2026 (you can begin: your first action waits for it)");
}

// What the page says of the engine loading in it (text: "" once it is ready).
function engineState(text, seconds = null) {
  const line = $("link-state");
  line.textContent = text;
  line.hidden = !text;
  document.body.dataset.engineReady = text ? "0" : "1";
  if (seconds !== null) document.body.dataset.engineSeconds = seconds.toFixed(2);
}

const page = {
  state: null,        // the game as the server last sent it
  view: null,         // the ply shown when looking back (null: the game now)
  prefix: [],         // the clicks of the action being chosen
  busy: false,        // a request is on its way
  engineLoop: false,  // the engine's turns are being asked for (single screen)
};

const board = new BoardView($("board"), onChoose);
const sound = new Sound();
const analysis = new AnalysisView({
  game: () => page.state,
  shown: shownPly,
  draw: (svg) => setBoard(svg),
  redraw: () => (page.view === null ? setBoard(page.state.svg) : goTo(page.view, true)),
  onError: showMessage,
});
const review = new ReviewView({
  game: () => page.state,
  onPick: (ply) => goTo(ply),
  onMarks: () => page.state && renderMoves($("moves"), page.state, shownPly(), (ply) => goTo(ply), review.marks()),
  // With no server the worker runs one engine job at a time: the analysis stops for the review.
  beforeStart: () => {
    if (api.local && $("analysis-on").checked) {
      $("analysis-on").checked = false;
      analysis.set(false);
    }
  },
});
const games = new OnlineGames({
  onState: (state, events) => setState(state, events),
  onGone: (text) => showGone(text),
  say: (text, inLobby) => (inLobby ? lobby.message(text) : showMessage(text)),
  beforeOpen: () => showGameView(),
  guarded: (work) => guarded(work),
});
const panel = new OnlinePanel({
  act: (type) => games.act({ type }, page.state),
  rematch: () => games.rematch(page.state.id),
  openGame: (id) => games.openRematch(page.state.id, id),
  analyse: (id) => analyseFinished(id),
});
const lobby = new Lobby({
  onJoin: (id, seat) => games.takeSeat(id, { seat }),
  onAnalyse: (id) => analyseFinished(id),
  onNew: (preset) => newGame.open(preset),
});
const newGame = new NewGameForm($("new-dialog"), api.catalogue(),
                                (body, isOnline) => (isOnline ? games.create(body) : startGame(body)));

// Messages -------------------------------------------------------------------

function showMessage(text) {
  const box = $("message");
  box.textContent = text;
  box.hidden = !text;
}

async function guarded(work) {
  if (page.busy) return;
  page.busy = true;
  document.body.dataset.busy = "1";
  try {
    showMessage("");
    await work();
  } catch (err) {
    showMessage(err instanceof ApiError ? err.message : `Something went wrong: ${err.message}`);
  } finally {
    page.busy = false;
    document.body.dataset.busy = "0";
    if (page.state) {
      renderButtons();
      lightTargets();
    }
  }
}

// Drawing ----------------------------------------------------------------------

function shownPly() {
  return page.view === null ? page.state.ply : page.view;
}

// Draws a picture of the game; animate: the change from the one shown.
function setBoard(svg, animate = false) {
  board.draw(svg, page.state.target, animate);
  lightTargets();
  if (page.state.over && page.view === null) markWin(board.svg(), page.state, board.points);
}

function boardAt(ply) {
  const s = page.state;
  return s.online ? online.board(s.id, ply) : api.board(s.id, ply);
}

function lightTargets() {
  const s = page.state;
  const live = page.view === null && !page.busy && (!s.online || yourTurn());
  board.light(live ? lit(s.choices, page.prefix) : new Set(), live ? page.prefix : []);
}

// Whether side is played on this page: a person's seat at this screen, the
// seat of the token online.
function mine(side) {
  const s = page.state;
  if (s.online) return s.you !== null && s.you !== undefined && s.seats[s.you].side === side;
  const seat = s.seats.find((x) => x.side === side);
  return Boolean(seat && seat.human);
}

function yourTurn() {
  const s = page.state;
  if (s.over || s.turn === null || s.engine_to_act) return false;
  return (!s.online || s.status === "playing") && mine(s.turn);
}

function render() {
  const s = page.state;
  const turn = yourTurn() && page.view === null;
  document.title = `${turn ? "\u25CF Your turn \u00B7 " : ""}${s.title} \u00B7 yinsh`;
  $("your-turn").hidden = !turn;
  document.body.classList.toggle("your-turn", turn);
  $("title").textContent = s.online ? `${s.title} online` : s.title;
  $("seats").innerHTML = "";
  for (const seat of s.seats) {
    const chip = sideChip(seat.side, `${seat.side}: ${seatWords(seat)}`);
    chip.classList.toggle("to-act", seat.side === s.turn);
    chip.classList.toggle("you", Boolean(s.online) && seat.seat === s.you);
    $("seats").append(chip);
  }
  renderStatus();
  renderMoves($("moves"), s, shownPly(), (ply) => goTo(ply), review.marks());
  renderThrows($("throws"), s);
  renderButtons();
  $("download").href = s.online ? online.recordUrl(s.id) : api.local ? "#" : api.recordUrl(s.id);
  $("share-record").textContent = s.online ? "Copy spectator link" : "Copy game link";
  analysis.sides(s.seats);
}

function seatWords(seat) {
  if (!page.state.online) return seat.human ? "person" : seat.name;
  if (seat.kind === "engine") return seat.name || "engine";
  const name = seat.joined ? seat.name : "waiting for a player";
  return `${name}${seat.seat === page.state.you ? " (you)" : ""}${seat.out ? " (out)" : ""}`;
}

function renderStatus() {
  const s = page.state;
  const status = $("status");
  status.classList.toggle("over", s.over && page.view === null);
  if (page.view !== null) {
    status.textContent = `Looking at the position after ${page.view} of ${s.ply} actions (End: back to the game)`;
  } else if (s.online && s.status === "waiting") {
    status.textContent = "Waiting for the players to join: send them the invitation links";
  } else {
    status.textContent = s.prompt;
  }
  $("ply").textContent = `${shownPly()} / ${s.ply}`;
}

function renderButtons() {
  const s = page.state;
  const live = page.view === null;
  const act = live && (!s.online || yourTurn());
  $("throw").hidden = !(act && s.buttons.throw);
  $("pass").hidden = !(act && s.buttons.pass);
  $("throw").disabled = $("pass").disabled = page.busy;
  for (const id of ["undo", "resign"]) $(id).hidden = s.online;
  $("engine-move").hidden = s.online || !(live && s.engine_to_act && !page.engineLoop);
  $("undo").disabled = !s.can_undo || page.busy;
  $("resign").disabled = s.over || !s.seats.some((x) => x.human) || page.busy;
  $("type-form").hidden = s.online && !mine(s.turn);
  $("board").classList.toggle("waiting", page.busy);
  if (s.online) panel.render(s, page.busy);
  else panel.hide();
}

// What the last actions were: the live region, the sound, and the notice of
// a Ludo turn that passed without a move or of an online event.
function announce(before, state, events) {
  const { said, notices } = news(before, state, events);
  if (said.length || notices.length) {
    $("announce").textContent = said.concat(notices).join(". ") + (state.over ? `. ${state.prompt}` : "");
  }
  if (said.length) sound.play(yourTurn());
  if (notices.length || (before !== null && state.ply !== before)) {
    $("notice").textContent = notices.join(". ");
    $("notice").hidden = !notices.length;
  }
}

// The game -----------------------------------------------------------------------

function setState(state, events = null) {
  const same = page.state !== null && page.state.id === state.id;
  const changed = !same || page.state.ply !== state.ply;
  const before = same ? page.state.ply : null;
  page.state = state;
  if (changed || !same) page.prefix = [];
  if (!same) page.view = null;
  if (page.view !== null && page.view > state.ply) page.view = null;
  const hash = state.online ? `#online=${state.id}` : `#game=${state.id}`;
  if (location.hash !== hash && !(state.online && location.hash === `#watch=${state.id}`)) {
    history.replaceState(null, "", hash);
  }
  if (!state.online) localStorage.setItem(LAST_GAME, state.id);
  $("gone").hidden = true;
  // The invitation card until it is used or refused (games.forgetInvitation), or the game ends.
  if (state.online && state.over && games.invited(state.id)) games.forgetInvitation();
  $("join-card").hidden = !(state.online && games.invited(state.id));
  if (page.view === null) setBoard(state.svg, same && changed);
  analysis.allow(!state.online);
  review.update();
  render();
  if (!same) $("notice").hidden = true;
  announce(before, state, events);
  if (changed) analysis.position();
  if (state.engine_to_act && page.view === null) runEngine();
}

async function runEngine() {
  if (page.engineLoop) return;
  page.engineLoop = true;
  document.body.dataset.engine = "1";
  renderButtons();
  analysis.thinking(true);
  try {
    while (page.state.engine_to_act && page.view === null) {
      const id = page.state.id;
      let next;
      try {
        next = await api.act(id, "step");
      } catch (err) {
        showMessage(err.message);
        break;
      }
      if (page.state.id !== id) break;          // a new game began meanwhile
      page.engineLoop = next.engine_to_act;
      setState(next);
    }
  } finally {
    page.engineLoop = false;
    document.body.dataset.engine = "0";
    analysis.thinking(analysis.running);
    renderButtons();
  }
}

async function playMove(move) {
  if (page.state.online) {
    await games.act({ type: "move", move }, page.state);
    return;
  }
  await guarded(async () => setState(await api.play(page.state.id, move)));
}

async function throwDie() {
  if (page.state.online) await games.act({ type: "throw" }, page.state);
  else await guarded(async () => setState(await api.act(page.state.id, "throw")));
}

function refusal() {
  const s = page.state;
  if (page.view !== null) return "You are looking at an earlier position: press End (or \u00BB) to return to the game.";
  if (s.over) return `The game is over: ${s.result.winner}.`;
  if (s.online && (s.you === null || s.you === undefined)) return "You are watching: only the players act in this game.";
  if (s.online && s.status === "waiting") return "The game begins when every seat is taken.";
  if (s.online && !yourTurn()) return `It is ${s.turn}'s turn, not yours.`;
  if (s.engine_to_act) return "Wait for the engine's action.";
  if (s.buttons.throw) return "Throw the die first.";
  return "";
}

function onChoose(key) {
  const s = page.state;
  if (!s || page.busy) return;
  const problem = refusal();
  if (problem) {
    showMessage(problem);
    return;
  }
  const outcome = click(s.choices, page.prefix, key);
  if (outcome.illegal) {
    showMessage(`${key} is not a legal choice now: ${s.prompt.charAt(0).toLowerCase()}${s.prompt.slice(1)}.`);
    page.prefix = [];
    lightTargets();
    return;
  }
  showMessage("");
  if (outcome.move) {
    page.prefix = [];
    playMove(outcome.move);
  } else {
    page.prefix = outcome.prefix;
    lightTargets();
  }
}

// Looking back -----------------------------------------------------------------

async function goTo(ply, again = false) {
  const s = page.state;
  if (!s) return;
  ply = Math.max(0, Math.min(s.ply, ply));
  if (ply === shownPly() && !again) return;
  await guarded(async () => {
    const step = Math.abs(ply - shownPly()) === 1;
    if (ply === s.ply) {
      page.view = null;
      setBoard(s.svg, step);
    } else {
      const shown = await boardAt(ply);
      page.view = ply;
      setBoard(shown.svg, step);
    }
    page.prefix = [];
    render();
    analysis.position();
  });
  if (page.view === null && page.state.engine_to_act) runEngine();
}

// Games at this screen, and imports ------------------------------------------------

async function startGame(body) {
  games.leave();
  await guarded(async () => {
    page.view = null;
    setState(await api.create(body));
  });
}

// The page's own address with hash (the site may live below a path).
function pageLink(hash) {
  return `${location.origin}${location.pathname}${hash}`;
}

async function copyLink(kind, button) {
  const s = page.state;
  await guarded(async () => {
    if (s.online) {
      await copy(pageLink(`#watch=${s.id}`), button);
      return;
    }
    const text = kind === "record" ? await api.record(s.id) : s.position;
    await copy(pageLink(`#import=${encodeURIComponent(text)}`), button);
    $("status").textContent = "Link copied: whoever opens it gets a copy of this " + (kind === "record" ? "game." : "position.");
  });
}

// The record as a file, made in the page (no server to download it from).
async function downloadHere(event) {
  if (!api.local || page.state.online) return;
  event.preventDefault();
  await guarded(async () => {
    const { text, filename } = await api.recordFile(page.state.id);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = filename;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
}

// A finished online game in the analysis board: its record imported at this screen.
async function analyseFinished(id) {
  let text;
  try {
    const response = await fetch(online.recordUrl(id));
    if (!response.ok) throw new ApiError("The record could not be fetched.");
    text = await response.text();
  } catch (err) {
    const text = err instanceof ApiError ? err.message : "The server cannot be reached.";
    if ($("lobby").hidden) showMessage(text);
    else lobby.message(text);
    return;
  }
  showGameView();
  await startGame({ import: text });
}

// Online games -----------------------------------------------------------------------

function showGameView() {
  lobby.hide();
  $("game-view").hidden = false;
}

// Start ------------------------------------------------------------------------------

function showGone(reason) {
  games.leave();
  page.state = null;
  analysis.allow(true);
  $("board").innerHTML = "";
  $("moves").innerHTML = "";
  $("seats").innerHTML = "";
  $("status").textContent = "";
  $("throws").hidden = true;
  $("join-card").hidden = true;
  panel.hide();
  review.update();
  $("gone-reason").textContent = reason;
  $("gone").hidden = false;
  document.title = "Game not found \u00B7 yinsh";
}

function bind() {
  $("first").addEventListener("click", () => goTo(0));
  $("back").addEventListener("click", () => goTo(shownPly() - 1));
  $("forward").addEventListener("click", () => goTo(shownPly() + 1));
  $("last").addEventListener("click", () => goTo(page.state.ply));
  document.addEventListener("keydown", (event) => {
    if (!page.state || $("game-view").hidden || event.target.closest("input, textarea, select, dialog")) return;
    const moves = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: page.state.ply };
    if (event.key in moves) {
      event.preventDefault();
      goTo(moves[event.key]);
    } else if (event.key === "Escape") {
      page.prefix = [];
      lightTargets();
    }
  });
  $("throw").addEventListener("click", throwDie);
  $("pass").addEventListener("click", () => playMove("pass"));
  $("engine-move").addEventListener("click", () => runEngine());
  $("undo").addEventListener("click", () => guarded(async () => { page.view = null; setState(await api.act(page.state.id, "undo")); }));
  $("resign").addEventListener("click", () => {
    if (window.confirm("Resign this game?")) guarded(async () => setState(await api.act(page.state.id, "resign")));
  });
  $("type-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("type-move").value.trim();
    if (!move) return;
    if (page.view !== null) page.view = null;
    playMove(move).then(() => { if ($("message").hidden) $("type-move").value = ""; });
  });
  $("download").addEventListener("click", downloadHere);
  $("share-record").addEventListener("click", (e) => copyLink("record", e.target));
  $("share-position").addEventListener("click", (e) => copyLink("position", e.target));
  $("import-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startGame({ import: $("import-text").value });
  });
  $("new-game").addEventListener("click", () => newGame.open());
  $("gone-new").addEventListener("click", () => newGame.open());
  $("rules").addEventListener("click", () => {
    const game = page.state ? page.state.game : "yinsh";
    for (const part of $("rules-dialog").querySelectorAll("details")) part.open = part.dataset.game === game;
    $("rules-dialog").showModal();
  });
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  $("sound-on").checked = sound.on;
  $("sound-on").addEventListener("change", (e) => sound.set(e.target.checked));
}

// The game the address names (see the top). A game the server does not
// have is said to be gone; it is never replaced by a new one unasked.
async function load() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  if (api.local && (location.hash === "#lobby" || hash.get("join") || hash.get("online") || hash.get("watch"))) {
    showGameView();
    showGone(NO_SERVER);
    return;
  }
  if (location.hash === "#lobby") {
    games.leave();
    $("game-view").hidden = true;
    lobby.show();
    return;
  }
  const imported = hash.get("import") || query.get("import");
  if (imported) {
    showGameView();
    await startGame({ import: imported });
    if (!page.state) showGone(`The link holds no game: ${$("message").textContent}`);
    return;
  }
  if (hash.get("join")) return games.openInvitation(hash.get("join"));
  const watched = hash.get("online") || hash.get("watch");
  if (watched) return games.open(watched, location.hash);
  showGameView();
  const id = hash.get("game") || (location.hash ? null : localStorage.getItem(LAST_GAME));
  if (!id) {
    await startGame({ game: "yinsh", options: { variant: "standard" }, seats: [null, { level: 1 }] });
    return;
  }
  if (page.state && page.state.id === id) return;
  games.leave();
  try {
    setState(await api.state(id));
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) {
      showMessage(err.message);
      return;
    }
    if (localStorage.getItem(LAST_GAME) === id) localStorage.removeItem(LAST_GAME);
    showGone(err.message);
  }
}

bind();
window.addEventListener("hashchange", load);
load();
