// The New game dialog: the game, its options and its seats, played at this
// screen (every seat a person or an engine) or online (one seat yours, the
// others friends invited by link or engines, with a time control).

import { sidesOf } from "./sides.js";

const ENGINE_TIMES = [0.1, 0.5, 1, 3, 10];
const NAME = "yinsh-name";

export class NewGameForm {
  // dialog: the <dialog>; onStart(request, online): the form was sent.
  constructor(dialog, onStart) {
    this.dialog = dialog;
    this.form = dialog.querySelector("form");
    this.seatBox = dialog.querySelector(".seat-choices");
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
    this.render();
  }

  // Opens the dialog; preset: {online, seats: ["me", "invite" | seconds ...], name}.
  open(preset = {}) {
    // The name: the one just typed (the lobby's), else the one last used.
    this.form.elements.name.value = preset.name || localStorage.getItem(NAME) || this.form.elements.name.value;
    if (preset.online !== undefined) this.form.elements.where.value = preset.online ? "online" : "here";
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

  sides() {
    return sidesOf(this.form.elements.game.value, Number(this.form.elements["ludo-players"].value));
  }

  render(changed = null) {
    const form = this.form;
    const game = form.elements.game.value;
    const online = this.online();
    for (const opt of form.querySelectorAll(".opt")) opt.hidden = opt.dataset.for !== game;
    for (const part of form.querySelectorAll(".online-only")) part.hidden = !online;
    form.elements["insert-layout"].hidden = form.elements["insert-layout-kind"].value !== "number";
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

  request() {
    const form = this.form;
    const game = form.elements.game.value;
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
