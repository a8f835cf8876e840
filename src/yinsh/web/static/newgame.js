// The New game dialog: the game, its options and its seats, played at this
// screen (every seat a person or an engine) or online (one seat yours, the
// others friends invited by link or engines, with a time control). The games
// and their options come from the server's catalogue (GET /api/games): each
// option a select of its choices or numbers, or a number field. An engine
// seat has a level (the game's levels in the catalogue, by name and Elo; 1,
// the Beginner, by default) and, at level 8 (the full engine), its time a
// move; below 8 the level's nodes end each search (the server's most time
// is only an upper bound), so the time field is hidden.

const ENGINE_TIMES = [0.1, 0.5, 1, 3, 10];
const FULL = 8;                // the full engine: the level that has a time
const FIRST_LEVEL = "1";       // an engine seat's level unless chosen
const FIRST_TIME = "0.5";      // a level-8 seat's seconds a move unless chosen
const NAME = "yinsh-name";
const SELECT_NUMBERS = 8;      // a range of at most this many numbers is a select

// The form's field of an option of a game: "ludo-players"; its choice
// between words and a number (Insert's layout): "insert-layout-kind".
const fieldName = (game, option) => `${game}-${option.name}`;
const kindName = (game, option) => `${game}-${option.name}-kind`;
const numbers = (option) => option.minimum !== undefined;
const words = (option) => option.choices !== undefined;

function selectBox(name, entries, chosen) {
  const box = document.createElement("select");
  box.name = name;
  for (const [value, text] of entries) box.append(new Option(text, value));
  box.value = String(chosen);
  return box;
}

function labelled(text, ...fields) {
  const label = document.createElement("label");
  label.append(`${text} `, ...fields);
  return label;
}

function range(option) {
  const out = [];
  for (let n = option.minimum; n <= option.maximum; n++) out.push([String(n), String(n)]);
  return out;
}

// The fields of one option.
function optionFields(game, option) {
  const choices = words(option) ? option.choices.map((c) => [c.value, c.text]) : [];
  if (!numbers(option)) return [labelled(option.label, selectBox(fieldName(game, option), choices, option.default))];
  const span = option.maximum - option.minimum + 1;
  if (!choices.length && span <= SELECT_NUMBERS) {
    return [labelled(option.label, selectBox(fieldName(game, option), range(option), option.default))];
  }
  const input = document.createElement("input");
  input.name = fieldName(game, option);
  input.type = "number";
  input.min = option.minimum;
  input.max = option.maximum;
  const isNumber = typeof option.default === "number";
  input.value = String(isNumber ? option.default : option.minimum);
  if (!choices.length) return [labelled(option.label, input)];
  input.setAttribute("aria-label", `${option.label} number`);
  const kind = selectBox(kindName(game, option), [...choices, ["number", "number"]], isNumber ? "number" : option.default);
  return [labelled(option.label, kind), input];
}

export class NewGameForm {
  // dialog: the <dialog>; catalogue: the promise of the server's catalogue;
  // onStart(request, online): the form was sent.
  constructor(dialog, catalogue, onStart) {
    this.dialog = dialog;
    this.form = dialog.querySelector("form");
    this.seatBox = dialog.querySelector(".seat-choices");
    this.games = {};
    this.loaded = false;
    this.form.elements.name.value = localStorage.getItem(NAME) || "";
    this.form.addEventListener("change", (event) => {
      if (event.target.closest(".seat-row")) this.showSeatParts();      // a seat's kind or level: its parts
      else this.render(event.target);
    });
    dialog.querySelector(".cancel").addEventListener("click", () => dialog.close());
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const problem = this.problem();
      if (problem) {
        this.dialog.querySelector(".form-problem").textContent = problem;
        return;
      }
      dialog.close();
      const online = this.online();
      const name = this.form.elements.name.value.trim();
      if (online && name) localStorage.setItem(NAME, name);       // an empty field keeps the last name
      onStart(this.request(), online);
    });
    this.ready = catalogue.then((data) => this.build(data.games), () => {
      this.dialog.querySelector(".form-problem").textContent = "The list of games did not load: reload the page.";
    });
  }

  // The games' radio buttons and each game's option fields.
  build(games) {
    this.games = games;
    this.loaded = true;
    const choices = this.form.querySelector(".game-choices");
    const fields = this.form.querySelector(".game-options");
    Object.entries(games).forEach(([game, info], i) => {
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = "game";
      radio.value = game;
      radio.checked = i === 0;
      const label = document.createElement("label");
      label.append(radio, ` ${info.title}`);
      choices.append(label);
      const box = document.createElement("div");
      box.className = "opt";
      box.dataset.for = game;
      for (const option of info.options) box.append(...optionFields(game, option));
      fields.append(box);
    });
    this.render();
  }

  // Opens the dialog (once the catalogue is in); preset: {online, seats: ["me", "invite", "person",
  // "engine" (its level: levels[i]) or seconds (level 8) ...], levels: [...], name}.
  open(preset = {}) {
    // The name: the one just typed (the lobby's), else the one last used.
    this.form.elements.name.value = preset.name || localStorage.getItem(NAME) || this.form.elements.name.value;
    if (preset.online !== undefined) this.form.elements.where.value = preset.online ? "online" : "here";
    if (this.loaded) this.show(preset);
    else this.ready.then(() => this.loaded && this.show(preset));
  }

  show(preset) {
    this.render();
    (preset.seats || []).forEach((seat, i) => {
      const kind = this.form.elements[`seat-${i}`];
      if (!kind) return;
      const seconds = !["me", "invite", "person", "engine"].includes(String(seat));
      kind.value = seconds ? "engine" : String(seat);
      const level = (preset.levels || [])[i];
      if (seconds) this.form.elements[`seat-level-${i}`].value = String(FULL);
      else if (level) this.form.elements[`seat-level-${i}`].value = String(level);
      if (seconds) this.form.elements[`seat-time-${i}`].value = String(seat);
    });
    this.showSeatParts();
    this.dialog.querySelector(".form-problem").textContent = "";
    this.dialog.showModal();
  }

  online() {
    return this.form.elements.where.value === "online";
  }

  game() {
    return this.form.elements.game ? this.form.elements.game.value : "";
  }

  // The sides that take a seat, by the number of players where the game has that option.
  sides() {
    const game = this.game();
    const info = this.games[game];
    if (!info) return [];
    const players = this.form.elements[`${game}-players`];
    return info.seats[players ? players.value : ""] || Object.values(info.seats)[0];
  }

  render(changed = null) {
    const form = this.form;
    const game = this.game();
    const info = this.games[game];
    const online = this.online();
    for (const opt of form.querySelectorAll(".game-options .opt")) opt.hidden = opt.dataset.for !== game;
    for (const part of form.querySelectorAll(".online-only")) part.hidden = !online;
    form.querySelector(".opt-chance").hidden = !(info && info.chance);
    for (const option of info ? info.options : []) {
      const kind = form.elements[kindName(game, option)];
      if (kind) form.elements[fieldName(game, option)].hidden = kind.value !== "number";
    }
    const kept = this.seatChoices();
    const modeChanged = changed && changed.name === "where";
    const levels = (info && info.levels) || [{ number: FULL, label: "8 Full" }];   // a catalogue without levels
    this.seatBox.innerHTML = "";
    this.sides().forEach((side, i) => {
      const label = document.createElement("label");
      label.textContent = side;
      label.htmlFor = `seat-${i}`;
      const people = online ? [["me", "Me"], ["invite", "A friend (invitation link)"]] : [["person", "Person"]];
      const fallback = online ? (i === 0 ? "me" : "invite") : (i === 0 ? "person" : "engine");
      const was = kept[i] || {};
      const wanted = modeChanged || !was.kind ? fallback : was.kind;
      const kind = selectBox(`seat-${i}`, [...people, ["engine", "Engine"]], fallback);
      kind.id = `seat-${i}`;
      if ([...kind.options].some((o) => o.value === wanted)) kind.value = wanted;
      const level = selectBox(`seat-level-${i}`, levels.map((x) => [String(x.number), x.label]), FIRST_LEVEL);
      level.id = `seat-level-${i}`;
      level.setAttribute("aria-label", `${side}'s engine level`);
      if (was.level && [...level.options].some((o) => o.value === was.level)) level.value = was.level;
      const time = selectBox(`seat-time-${i}`, ENGINE_TIMES.map((t) => [String(t), `${t} s a move`]), FIRST_TIME);
      time.id = `seat-time-${i}`;
      time.setAttribute("aria-label", `${side}'s engine time a move`);
      if (was.time) time.value = was.time;
      const row = document.createElement("div");
      row.className = "seat-row";
      row.append(kind, level, time);
      this.seatBox.append(label, row);
    });
    this.showSeatParts();
  }

  // Each seat's level shown for an engine, its time for level 8 only.
  showSeatParts() {
    this.seatChoices().forEach((seat, i) => {
      const engine = seat.kind === "engine";
      this.form.elements[`seat-level-${i}`].hidden = !engine;
      this.form.elements[`seat-time-${i}`].hidden = !engine || Number(seat.level) !== FULL;
    });
  }

  // Each seat's choices: {kind, level, time} (the select's values).
  seatChoices() {
    return [...this.seatBox.querySelectorAll(".seat-row")].map((row) => {
      const [kind, level, time] = row.querySelectorAll("select");
      return { kind: kind.value, level: level.value, time: time.value };
    });
  }

  seatValues() {
    return this.seatChoices().map((x) => x.kind);
  }

  // A seat as the request gives it: a person (null, "me", "invite"), a level-8
  // engine's seconds a move (as before levels), or {level} (the server's time).
  seatRequest(seat) {
    if (seat.kind !== "engine") return seat.kind === "person" ? null : seat.kind;
    return Number(seat.level) === FULL ? Number(seat.time) : { level: Number(seat.level) };
  }

  // Why the form cannot be sent, else "".
  problem() {
    if (!this.online()) return "";
    const mine = this.seatValues().filter((v) => v === "me").length;
    return mine === 1 ? "" : "Choose \u201cMe\u201d for exactly one seat.";
  }

  // The options of the game chosen: a word, or a number (a field's text: the server reads it).
  options(game) {
    const options = {};
    for (const option of this.games[game].options) {
      const field = this.form.elements[fieldName(game, option)];
      const kind = this.form.elements[kindName(game, option)];
      if (kind && kind.value !== "number") options[option.name] = kind.value;
      else if (numbers(option) && field.tagName === "SELECT") options[option.name] = Number(field.value);
      else options[option.name] = field.value;
    }
    return options;
  }

  request() {
    const form = this.form;
    const game = this.game();
    const options = this.options(game);
    const autoThrow = this.games[game].chance && form.elements["auto-throw"].checked;
    const seats = this.seatChoices().map((seat) => this.seatRequest(seat));
    if (!this.online()) return { game, options, seats, auto_throw: autoThrow };
    const clock = form.elements.clock.value;
    const position = form.elements.position.value.trim();
    return {
      ...(position ? { position } : {}),
      game, options, auto_throw: autoThrow,
      seats,
      clock: clock === "none" ? null : clock,
      name: form.elements.name.value.trim() || "Player",
      public: form.elements.public.checked,
    };
  }
}
