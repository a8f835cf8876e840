// Ludo's throws: a die drawn as a small picture, each side's turns read from
// the move list (the throws and the move or the lack of one).

const PIPS = {
  1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};
const SVG = "http://www.w3.org/2000/svg";

// The face of a die (1..6) as an inline picture, named for screen readers.
export function die(value) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "die");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `a ${value}`);
  const face = document.createElementNS(SVG, "rect");
  for (const [k, v] of Object.entries({ x: 0.5, y: 0.5, width: 15, height: 15, rx: 3 })) face.setAttribute(k, v);
  svg.append(face);
  for (const [cx, cy] of PIPS[value] || []) {
    const pip = document.createElementNS(SVG, "circle");
    pip.setAttribute("cx", 4 * cx);
    pip.setAttribute("cy", 4 * cy);
    pip.setAttribute("r", 1.6);
    svg.append(pip);
  }
  return svg;
}

// The value of a throw's text (r1..r6), else null.
export function thrown(text) {
  const m = /^r([1-6])$/.exec(text);
  return m ? Number(m[1]) : null;
}

// The moves grouped by turn (a side's throws, then its move or none; the
// turn passes to another side after each): {side, throws: [values], plies,
// move, done, passed}, passed saying why no move came ("no move" or
// "three sixes") once the turn is over. toAct: the side to act now (null
// when the game is over).
export function turns(moves, toAct) {
  const out = [];
  for (const m of moves) {
    if (!out.length || out.at(-1).side !== m.side) out.push({ side: m.side, throws: [], plies: [], move: null });
    const turn = out.at(-1);
    const value = thrown(m.text);
    turn.plies.push(m.ply);
    if (value === null) turn.move = m.text;
    else turn.throws.push(value);
  }
  out.forEach((turn, i) => {
    turn.done = turn.move !== null || i < out.length - 1 || toAct !== turn.side;
    const void3 = turn.throws.length === 3 && turn.throws.every((v) => v === 6);
    turn.passed = turn.move === null && turn.done ? (void3 ? "three sixes" : "no move") : null;
  });
  return out;
}

// The words of a turn that ended without a move, for the notice and the list.
export function passedWords(turn) {
  const dice = turn.throws.join(" and ");
  return turn.passed === "three sixes"
    ? `${turn.side} threw three sixes: the turn is void and passes`
    : `${turn.side} threw ${dice}: no move, the turn passes`;
}
