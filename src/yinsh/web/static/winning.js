// At the end of a game, what won it on the board: Insert's five in a row (or
// the winner's largest group), Yinsh's last row of five (its markers, taken
// off by then, drawn again faintly where they stood).

const COLUMNS = "abcdefghijk";
const AXES = [[1, 0], [0, 1], [1, 1], [1, -1]];

function winnerSide(state) {
  const words = state.result.winner || "";
  const side = state.seats.find((s) => words.startsWith(`${s.side} wins`));
  return side ? side.side : null;
}

function square(c, r) {
  return `${COLUMNS[c]}${r}`;
}

// The squares of side's longest line of five or more (Insert), else of its
// largest orthogonal group.
function insertSquares(svg, colour, five) {
  const mine = new Set([...svg.querySelectorAll(`.ring.${colour}[data-square]`)].map((el) => el.dataset.square));
  const at = (c, r) => c >= 0 && c < 6 && r >= 1 && r <= 6 && mine.has(square(c, r));
  if (five) {
    for (const key of mine) {
      const c0 = COLUMNS.indexOf(key[0]);
      const r0 = Number(key.slice(1));
      for (const [dc, dr] of AXES) {
        if (at(c0 - dc, r0 - dr)) continue;            // not the start of its run
        const run = [];
        for (let c = c0, r = r0; at(c, r); c += dc, r += dr) run.push(square(c, r));
        if (run.length >= 5) return run;
      }
    }
    return [];
  }
  let best = [];
  const seen = new Set();
  for (const key of mine) {
    if (seen.has(key)) continue;
    const group = [];
    const stack = [key];
    seen.add(key);
    while (stack.length) {
      const k = stack.pop();
      group.push(k);
      const c = COLUMNS.indexOf(k[0]);
      const r = Number(k.slice(1));
      for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const next = square(c + dc, r + dr);
        if (at(c + dc, r + dr) && !seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    if (group.length > best.length) best = group;
  }
  return best;
}

// The five points of a Yinsh row given by its ends ("xe6-e10").
export function rowPoints(text) {
  const m = /^x([a-k])(\d+)-([a-k])(\d+)$/.exec(text);
  if (!m) return [];
  const [c1, r1, c2, r2] = [COLUMNS.indexOf(m[1]), Number(m[2]), COLUMNS.indexOf(m[3]), Number(m[4])];
  return [0, 1, 2, 3, 4].map((i) => `${COLUMNS[c1 + (i * (c2 - c1)) / 4]}${r1 + (i * (r2 - r1)) / 4}`);
}

const SVG = "http://www.w3.org/2000/svg";

// Marks the win on svg (the game's final picture) for state. points: where
// each point of the board is drawn ({key: {x, y}}, from an earlier picture
// with targets), for Yinsh's row, whose markers are gone by the end.
export function markWin(svg, state, points) {
  if (!svg || !state.over) return;
  const winner = winnerSide(state);
  if (!winner) return;
  if (state.game === "insert") {
    const five = state.result.reason === "five in a row";
    for (const key of insertSquares(svg, winner.toLowerCase(), five)) {
      svg.querySelector(`.ring[data-square="${key}"]`).classList.add("winning");
    }
  } else if (state.game === "yinsh") {
    const row = [...state.moves].reverse().find((m) => m.side === winner && rowPoints(m.text).length);
    if (row) yinshRow(svg, rowPoints(row.text), winner.toLowerCase(), points);
  }
}

function yinshRow(svg, row, colour, points) {
  const like = svg.querySelector(`circle.marker.${colour}`) || svg.querySelector("circle.marker");
  const targets = svg.querySelector(".targets");
  for (const key of row) {
    const at = points.get(key);
    if (!at) continue;
    const ghost = document.createElementNS(SVG, "circle");
    ghost.setAttribute("class", `marker ${colour} winning ghost`);
    ghost.dataset.row = key;
    ghost.setAttribute("cx", at.x);
    ghost.setAttribute("cy", at.y);
    ghost.setAttribute("r", like ? like.getAttribute("r") : 10);
    ghost.setAttribute("fill", colour === "white" ? "#fbfbf6" : "#1d1d1d");
    ghost.setAttribute("stroke", "#1d1d1d");
    svg.insertBefore(ghost, targets);
  }
}
