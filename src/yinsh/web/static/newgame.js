// The New game dialog: the game, its options and its seats, played at this
// screen (every seat a person or an engine) or online (one seat yours, the
// others friends invited by link or engines, with a time control). The games
// and their options come from the server's catalogue (GET /api/games): each
// option a select of its choices or numbers, or a number field.

const ENGINE_TIMES = [0.1, 0.5, 1, 3, 10];
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
    this.form.addEventListener("change", (event) => this.render(event.target));
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

  // Opens the dialog (once the catalogue is in); preset: {online, seats: ["me", "invite" | seconds ...], name}.
  open(preset = {}) {
    // The name: the one just typed (the lobby's), else the one last used.
    this.form.elements.name.value = preset.name || localStorage.getItem(NAME) || this.form.elements.name.value;
    if (preset.online !== undefined) this.form.elements.where.value = preset.online ? "online" : "here";
    if (this.loaded) this.show(preset);
    else this.ready.then(() => this.loaded && this.show(preset));
  }

  show(preset) {
    this.render();
    if (preset.seats) {
      this.seatBox.querySelectorAll("select").forEach((select, i) => {
        if (i < preset.seats.length) select.value = String(preset.seats[i]);
      });
    }
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
    const kept = [...this.seatBox.querySelectorAll("select")].map((x) => x.value);
    const modeChanged = changed && changed.name === "where";
    this.seatBox.innerHTML = "";
    this.sides().forEach((side, i) => {
      const label = document.createElement("label");
      label.textContent = side;
      label.htmlFor = `seat-${i}`;
      const select = document.createElement("select");
      select.id = `seat-${i}`;
      select.name = `seat-${i}`;
      if (online) {
        select.append(new Option("Me", "me"), new Option("A friend (invitation link)", "invite"));
      } else {
        select.append(new Option("Person", "person"));
      }
      for (const t of ENGINE_TIMES) select.append(new Option(`Engine, ${t} s a move`, String(t)));
      const fallback = online ? (i === 0 ? "me" : "invite") : (i === 0 ? "person" : "0.5");
      const value = modeChanged ? fallback : kept[i] || fallback;
      select.value = [...select.options].some((o) => o.value === value) ? value : fallback;
      this.seatBox.append(label, select);
    });
  }

  seatValues() {
    return [...this.seatBox.querySelectorAll("select")].map((x) => x.value);
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
    const values = this.seatValues();
    if (!this.online()) {
      return { game, options, seats: values.map((v) => (v === "person" ? null : Number(v))), auto_throw: autoThrow };
    }
    const clock = form.elements.clock.value;
    const position = form.elements.position.value.trim();
    return {
      ...(position ? { position } : {}),
      game, options, auto_throw: autoThrow,
      seats: values.map((v) => (v === "me" || v === "invite" ? v : Number(v))),
      clock: clock === "none" ? null : clock,
      name: form.elements.name.value.trim() || "Player",
      public: form.elements.public.checked,
    };
  }
}
