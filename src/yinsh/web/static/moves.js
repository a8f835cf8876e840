// The move list: the actions in the game's notation, numbered by turn; in
// Ludo one line a turn with the side's name, its throws as dice and its move
// (or that none came). Each action is a button that shows the position after it.
// The actions a review flagged carry its mark (review.js): chess's sign after
// the action, its class's colour and name (in the label: not by colour alone).

import { die, thrown, turns } from "./dice.js";
import { MARKS } from "./review.js";
import { sideChip } from "./sides.js";

let marks = new Map();        // ply -> the review of a flagged action

function actionButton(move, shown, onPick, content, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.append(content);
  const flagged = marks.get(move.ply);
  if (flagged) {
    const sign = document.createElement("span");
    sign.className = "review-sign";
    sign.textContent = MARKS[flagged.class].sign;
    button.append(sign);
    button.classList.add("flagged", flagged.class);
    button.dataset.review = flagged.class;
    label += `: ${flagged.class}, win chance ${Math.round(flagged.win_before * 100)}% to ` +
      `${Math.round(flagged.win_after * 100)}%` + (flagged.best ? `, best ${flagged.best}` : "");
  }
  button.title = label;
  button.setAttribute("aria-label", label);
  button.dataset.ply = move.ply;
  if (move.ply === shown) button.classList.add("current");
  button.addEventListener("click", () => onPick(move.ply));
  return button;
}

function numbered(list, state, shown, onPick) {
  let turn = 0;
  let lastSide = null;
  for (const m of state.moves) {
    if (m.side !== lastSide && (lastSide === null || m.side === state.seats[0].side)) {
      turn += 1;
      const num = document.createElement("li");
      num.className = "num";
      num.textContent = `${turn}.`;
      list.append(num);
    }
    lastSide = m.side;
    const item = document.createElement("li");
    item.append(actionButton(m, shown, onPick, m.text, `${m.side}: ${m.text} (action ${m.ply})`));
    list.append(item);
  }
}

function byTurn(list, state, shown, onPick) {
  const byPly = new Map(state.moves.map((m) => [m.ply, m]));
  for (const turn of turns(state.moves, state.turn)) {
    const item = document.createElement("li");
    item.className = "turn";
    item.append(sideChip(turn.side, turn.side));
    for (const ply of turn.plies) {
      const m = byPly.get(ply);
      const value = thrown(m.text);
      const label = value === null ? `${m.side} moved ${m.text} (action ${ply})`
        : `${m.side} threw ${value} (action ${ply})`;
      item.append(actionButton(m, shown, onPick, value === null ? m.text : die(value), label));
    }
    if (turn.passed) {
      const note = document.createElement("span");
      note.className = "passed";
      note.textContent = turn.passed === "three sixes" ? "three sixes: void" : "no move";
      item.append(note);
    }
    list.append(item);
  }
}

// Fills list with state's moves; shown is the ply on the board, onPick(ply)
// the choice of an action, flagged the review's marks (ply -> its action's review).
export function renderMoves(list, state, shown, onPick, flagged = new Map()) {
  marks = flagged;
  list.innerHTML = "";
  list.classList.toggle("by-turn", state.game === "ludo");
  (state.game === "ludo" ? byTurn : numbered)(list, state, shown, onPick);
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

// Ludo: each side's last turn in box (under the board), its throws as dice.
export function renderThrows(box, state) {
  box.hidden = state.game !== "ludo";
  if (box.hidden) return;
  box.innerHTML = "";
  const last = new Map(turns(state.moves, state.turn).map((t) => [t.side, t]));
  for (const seat of state.seats) {
    const turn = last.get(seat.side);
    const chip = sideChip(seat.side, seat.side);
    chip.classList.toggle("to-act", seat.side === state.turn);
    const row = document.createElement("div");
    row.className = "throw-row";
    row.append(chip);
    if (turn) {
      row.append(...turn.throws.map(die));
      const what = document.createElement("span");
      what.textContent = turn.move || (turn.passed === "no move" ? "no move" : turn.passed ? "void" : "");
      row.append(what);
    }
    box.append(row);
  }
}
