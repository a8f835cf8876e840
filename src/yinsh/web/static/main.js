// The page: a game from the server drawn by the library's SVG, clicks to act,
// the move list, live analysis and import/export. No build step.

import { api, ApiError } from "./api.js";
import { click, lit } from "./clicks.js";
import { Analysis } from "./analysis.js";
import { BoardView } from "./board.js";
import { die, passedWords, thrown, turns } from "./dice.js";
import { renderMoves } from "./moves.js";
import { sideChip } from "./sides.js";
import { Sound } from "./sound.js";
import { WinMarks } from "./winning.js";

const $ = (id) => document.getElementById(id);
const ENGINE_TIMES = [0.1, 0.5, 1, 3, 10];

const page = {
  state: null,        // the game as the server last sent it
  view: null,         // the ply shown when looking back (null: the game now)
  prefix: [],         // the clicks of the action being chosen
  busy: false,        // a request is on its way
  engineLoop: false,  // the engine's turns are being asked for
  catalogue: null,
};

const board = new BoardView($("board"), onChoose);
const sound = new Sound();
const wins = new WinMarks((ply) => api.board(page.state.id, ply));

const analysis = new Analysis({
  onInfo: showInfo,
  onIdle: showIdle,
  onState: showThinking,
  onError: (text) => showMessage(text),
});

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
    renderButtons();
    if (page.state) lightTargets();
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
  if (page.state.over && page.view === null) wins.show(board.svg(), page.state);
}

function lightTargets() {
  const s = page.state;
  const live = page.view === null && !page.busy;
  board.light(live ? lit(s.choices, page.prefix) : new Set(), live ? page.prefix : []);
}

// Whether side is played on this page (a person's seat).
function mine(side) {
  const seat = page.state.seats.find((x) => x.side === side);
  return Boolean(seat && seat.human);
}

function yourTurn() {
  const s = page.state;
  return !s.over && page.view === null && s.turn !== null && !s.engine_to_act && mine(s.turn);
}

function render() {
  const s = page.state;
  const turn = yourTurn();
  document.title = `${turn ? "\u25CF Your turn \u00B7 " : ""}${s.title} \u00B7 yinsh`;
  $("your-turn").hidden = !turn;
  document.body.classList.toggle("your-turn", turn);
  $("title").textContent = s.title;
  $("seats").innerHTML = "";
  for (const seat of s.seats) {
    const chip = sideChip(seat.side, `${seat.side}: ${seat.human ? "person" : seat.name}`);
    chip.classList.toggle("to-act", seat.side === s.turn);
    $("seats").append(chip);
  }
  renderStatus();
  renderMoves($("moves"), s, shownPly(), goTo);
  renderThrows();
  renderButtons();
  $("download").href = api.recordUrl(s.id);
  const sides = $("view-side");
  const before = sides.value;
  sides.innerHTML = "";
  for (const name of ["side to act"].concat(s.seats.map((x) => x.side))) {
    const option = document.createElement("option");
    option.textContent = name;
    sides.append(option);
  }
  if ([...sides.options].some((o) => o.value === before)) sides.value = before;
}

// Ludo: each side's last turn under the board, its throws as dice.
function renderThrows() {
  const s = page.state;
  const box = $("throws");
  box.hidden = s.game !== "ludo";
  if (box.hidden) return;
  box.innerHTML = "";
  const last = new Map(turns(s.moves, s.turn).map((t) => [t.side, t]));
  for (const seat of s.seats) {
    const turn = last.get(seat.side);
    const chip = sideChip(seat.side, seat.side);
    chip.classList.toggle("to-act", seat.side === s.turn);
    const row = document.createElement("div");
    row.className = "throw-row";
    row.append(chip);
    if (turn) {
      row.append(...turn.throws.map(die));
      const what = document.createElement("span");
      what.textContent = turn.move || (turn.passed ? (turn.passed === "no move" ? "no move" : "void") : "");
      row.append(what);
    }
    box.append(row);
  }
}

// What the last actions were, for the ear: the live region, the sound, and
// the notice of a Ludo turn that passed without a move.
function announce(before, state) {
  if (before === null || state.ply <= before) return;
  const fresh = state.moves.filter((m) => m.ply > before);
  $("announce").textContent = fresh.map((m) => {
    const value = thrown(m.text);
    return value === null ? `${m.side} played ${m.text}` : `${m.side} threw ${value}`;
  }).join(", ") + (state.over ? `. ${state.prompt}` : "");
  const passed = state.game === "ludo"
    ? turns(state.moves, state.turn).filter((t) => t.passed && t.plies.at(-1) > before) : [];
  $("notice").textContent = passed.map(passedWords).join(". ");
  $("notice").hidden = !passed.length;
  sound.play(yourTurn());
}

function renderStatus() {
  const s = page.state;
  const status = $("status");
  status.classList.toggle("over", s.over && page.view === null);
  if (page.view !== null) {
    status.textContent = `Looking at the position after ${page.view} of ${s.ply} actions (End: back to the game)`;
  } else {
    status.textContent = s.prompt;
  }
  $("ply").textContent = `${shownPly()} / ${s.ply}`;
}

function renderButtons() {
  const s = page.state;
  if (!s) return;
  const live = page.view === null;
  $("throw").hidden = !(live && s.buttons.throw);
  $("pass").hidden = !(live && s.buttons.pass);
  $("engine-move").hidden = !(live && s.engine_to_act && !page.engineLoop);
  $("undo").disabled = !s.can_undo || page.busy;
  $("resign").disabled = s.over || !s.seats.some((x) => x.human) || page.busy;
  $("board").classList.toggle("waiting", page.busy);
}

// The game -----------------------------------------------------------------------

function setState(state) {
  const same = page.state !== null && page.state.id === state.id;
  const changed = !same || page.state.ply !== state.ply;
  const before = same ? page.state.ply : null;
  page.state = state;
  page.prefix = [];
  if (page.view !== null && page.view > state.ply) page.view = null;
  if (location.hash !== `#game=${state.id}`) history.replaceState(null, "", `#game=${state.id}`);
  localStorage.setItem("yinsh-game", state.id);
  if (page.view === null) setBoard(state.svg, same && changed);
  render();
  if (!same) $("notice").hidden = true;
  announce(before, state);
  if (changed) analysis.position(state.id, shownPly());
  if (state.engine_to_act && page.view === null) runEngine();
}

async function runEngine() {
  if (page.engineLoop) return;
  page.engineLoop = true;
  document.body.dataset.engine = "1";
  renderButtons();
  showThinking(true);
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
    showThinking(analysis.running);
    renderButtons();
  }
}

async function playMove(move) {
  await guarded(async () => setState(await api.play(page.state.id, move)));
}

function onChoose(key) {
  const s = page.state;
  if (!s || page.busy) return;
  if (page.view !== null) {
    showMessage("You are looking at an earlier position: press End (or ») to return to the game.");
    return;
  }
  if (s.over) {
    showMessage(`The game is over: ${s.result.winner}.`);
    return;
  }
  if (s.engine_to_act) {
    showMessage("Wait for the engine's action.");
    return;
  }
  if (s.buttons.throw) {
    showMessage("Throw the die first.");
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

async function goTo(ply) {
  const s = page.state;
  if (!s) return;
  ply = Math.max(0, Math.min(s.ply, ply));
  await guarded(async () => {
    const step = Math.abs(ply - shownPly()) === 1;
    if (ply === s.ply) {
      page.view = null;
      setBoard(s.svg, step);
    } else {
      const shown = await api.board(s.id, ply);
      page.view = ply;
      setBoard(shown.svg, step);
    }
    page.prefix = [];
    render();
    analysis.position(s.id, ply);
  });
  if (page.view === null && page.state.engine_to_act) runEngine();
}

// Analysis ---------------------------------------------------------------------

function showThinking(on) {
  $("thinking").hidden = !on;
}

function fromView(score, mate, turn) {
  // A score from the side to act, seen from the chosen side. With more than
  // two sides a score says nothing of the others: it stays the side to act's.
  const view = $("view-side").value;
  if (view === "side to act" || view === turn || page.state.seats.length !== 2) {
    return { score, mate, side: turn };
  }
  return { score: -score, mate: mate === null ? null : -mate, side: view };
}

function scoreText(score, mate) {
  if (mate !== null) return mate > 0 ? `win in ${mate}` : `loss in ${-mate}`;
  return (score > 0 ? "+" : "") + score;
}

function showInfo(info) {
  if (!page.state || !analysis.enabled || info.ply !== shownPly()) return;
  setBoard(info.svg);
  const best = info.lines[0];
  if (!best) return;
  const seen = fromView(best.score, best.mate, info.turn);
  $("eval").textContent = `${scoreText(seen.score, seen.mate)}`;
  $("eval").title = `Score from ${seen.side}'s view (${info.algorithm}; ${info.scale} is a clear advantage)`;
  const share = seen.mate !== null ? (seen.mate > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(seen.score / info.scale);
  $("evalbar").querySelector(".fill").style.height = `${Math.round(share * 100)}%`;
  $("evalbar").title = `${seen.side}'s share`;
  const lines = $("lines");
  lines.innerHTML = "";
  for (const line of info.lines) {
    const v = fromView(line.score, line.mate, info.turn);
    const li = document.createElement("li");
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = scoreText(v.score, v.mate);
    li.append(score, " ", line.pv.join(" "));
    lines.append(li);
  }
  $("analysis-info").textContent = `depth ${info.depth} · ${info.nodes.toLocaleString()} nodes · ${info.time} s · ${info.turn} to act`;
}

function showIdle(idle) {
  if (!page.state || idle.ply !== shownPly()) return;
  $("eval").textContent = "";
  $("lines").innerHTML = "";
  $("analysis-info").textContent = idle.reason;
}

function setAnalysis(on) {
  $("analysis-body").hidden = !on;
  $("evalbar").hidden = !on;
  $("evalbar").querySelector(".fill").style.height = "50%";
  $("eval").textContent = "";
  $("lines").innerHTML = "";
  $("analysis-info").textContent = "";
  analysis.enable(on, Number($("multipv").value));
  if (on && page.state) analysis.position(page.state.id, shownPly());
  if (!on && page.state) {
    if (page.view === null) setBoard(page.state.svg);
    else goTo(page.view);
  }
}

// New game and import --------------------------------------------------------------

function seatSides() {
  const form = $("new-form");
  const game = form.elements.game.value;
  if (game === "yinsh") return ["White", "Black"];
  if (game === "insert") return ["White", "Red"];
  const players = form.elements["ludo-players"].value;
  return { 2: ["Green", "Blue"], 3: ["Green", "Yellow", "Blue"], 4: ["Green", "Yellow", "Blue", "Red"] }[players];
}

function renderNewForm() {
  const form = $("new-form");
  const game = form.elements.game.value;
  for (const opt of form.querySelectorAll(".opt")) opt.hidden = opt.dataset.for !== game;
  form.elements["insert-layout"].hidden = form.elements["insert-layout-kind"].value !== "number";
  const box = $("seat-choices");
  const before = [...box.querySelectorAll("select")].map((x) => x.value);
  box.innerHTML = "";
  seatSides().forEach((side, i) => {
    const label = document.createElement("label");
    label.textContent = side;
    label.htmlFor = `seat-${i}`;
    const select = document.createElement("select");
    select.id = `seat-${i}`;
    select.name = `seat-${i}`;
    select.append(new Option("Person", "person"));
    for (const t of ENGINE_TIMES) select.append(new Option(`Engine, ${t} s a move`, String(t)));
    select.value = before[i] || (i === 0 ? "person" : "0.5");
    box.append(label, select);
  });
}

function newGameRequest() {
  const form = $("new-form");
  const game = form.elements.game.value;
  const seats = [...$("seat-choices").querySelectorAll("select")].map((x) => (x.value === "person" ? null : Number(x.value)));
  const options = {};
  let autoThrow = false;
  if (game === "yinsh") options.variant = form.elements["yinsh-variant"].value;
  if (game === "insert") {
    options.layout = form.elements["insert-layout-kind"].value === "random" ? "random" : form.elements["insert-layout"].value;
  }
  if (game === "ludo") {
    options.players = Number(form.elements["ludo-players"].value);
    options.variant = form.elements["ludo-variant"].value;
    autoThrow = form.elements["auto-throw"].checked;
  }
  return { game, options, seats, auto_throw: autoThrow };
}

async function startGame(body) {
  await guarded(async () => {
    page.view = null;
    setState(await api.create(body));
  });
}

async function copyLink(kind) {
  const s = page.state;
  await guarded(async () => {
    const text = kind === "record" ? await api.record(s.id) : s.position;
    const url = `${location.origin}/#import=${encodeURIComponent(text)}`;
    try {
      await navigator.clipboard.writeText(url);
      showMessage("");
      $("status").textContent = "Link copied: whoever opens it gets this " + (kind === "record" ? "game." : "position.");
    } catch (err) {
      window.prompt("Copy this link:", url);
    }
  });
}

// Start ------------------------------------------------------------------------------

function bind() {
  $("first").addEventListener("click", () => goTo(0));
  $("back").addEventListener("click", () => goTo(shownPly() - 1));
  $("forward").addEventListener("click", () => goTo(shownPly() + 1));
  $("last").addEventListener("click", () => goTo(page.state.ply));
  document.addEventListener("keydown", (event) => {
    if (!page.state || event.target.closest("input, textarea, select, dialog")) return;
    const moves = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: page.state.ply };
    if (event.key in moves) {
      event.preventDefault();
      goTo(moves[event.key]);
    } else if (event.key === "Escape") {
      page.prefix = [];
      lightTargets();
    }
  });
  $("throw").addEventListener("click", () => guarded(async () => setState(await api.act(page.state.id, "throw"))));
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
  $("analysis-on").addEventListener("change", (e) => setAnalysis(e.target.checked));
  $("multipv").addEventListener("change", () => analysis.enable(true, Number($("multipv").value), true));
  $("view-side").addEventListener("change", () => analysis.repeat());
  $("analysis-stop").addEventListener("click", () => analysis.stop());
  $("analysis-go").addEventListener("click", () => analysis.position(page.state.id, shownPly(), true));
  $("share-record").addEventListener("click", () => copyLink("record"));
  $("share-position").addEventListener("click", () => copyLink("position"));
  $("import-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startGame({ import: $("import-text").value });
  });
  const dialog = $("new-dialog");
  const openNew = () => { renderNewForm(); dialog.showModal(); };
  $("new-game").addEventListener("click", openNew);
  $("gone-new").addEventListener("click", openNew);
  $("rules").addEventListener("click", () => {
    const game = page.state ? page.state.game : "yinsh";
    for (const part of $("rules-dialog").querySelectorAll("details")) part.open = part.dataset.game === game;
    $("rules-dialog").showModal();
  });
  $("rules-close").addEventListener("click", () => $("rules-dialog").close());
  $("sound-on").checked = sound.on;
  $("sound-on").addEventListener("change", (e) => sound.set(e.target.checked));
  $("new-form").addEventListener("change", renderNewForm);
  $("new-cancel").addEventListener("click", () => dialog.close());
  $("new-form").addEventListener("submit", (event) => {
    event.preventDefault();
    dialog.close();
    startGame(newGameRequest()).then(() => { if (page.state) $("gone").hidden = true; });
  });
}

// The game the address names: #game=ID, or #import=TEXT (a shared record
// or position, opened as a new game). A game the server does not have is
// said to be gone; it is never replaced by a new one unasked.
async function load() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const imported = hash.get("import") || query.get("import");
  if (imported) {
    await startGame({ import: imported });
    if (!page.state) showGone(`The link holds no game: ${$("message").textContent}`);
    return;
  }
  const id = hash.get("game") || (location.hash ? null : localStorage.getItem("yinsh-game"));
  if (!id) {
    await startGame({ game: "yinsh", options: { variant: "standard" }, seats: [null, 0.5] });
    return;
  }
  if (page.state && page.state.id === id) return;
  try {
    page.view = null;
    setState(await api.state(id));
    $("gone").hidden = true;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) {
      showMessage(err.message);
      return;
    }
    if (localStorage.getItem("yinsh-game") === id) localStorage.removeItem("yinsh-game");
    showGone(err.message);
  }
}

function showGone(reason) {
  page.state = null;
  analysis.enable(false, 1);
  $("board").innerHTML = "";
  $("moves").innerHTML = "";
  $("seats").innerHTML = "";
  $("status").textContent = "";
  $("throws").hidden = true;
  $("gone-reason").textContent = reason;
  $("gone").hidden = false;
  document.title = "Game not found \u00B7 yinsh";
}

async function boot() {
  bind();
  renderNewForm();
  window.addEventListener("hashchange", load);
  await load();
}

boot();
