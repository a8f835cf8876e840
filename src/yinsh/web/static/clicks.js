// Turning clicks on the board's targets into actions.
//
// Each choice the server sends is {move, paths, auto}: a path is the list of
// target names (data-point / data-square / data-place) clicked in order. The
// clicks so far are a prefix; the targets that continue a path are lit.

export function candidates(choices, prefix) {
  return choices.filter((c) => c.paths.some((p) => startsWith(p, prefix)));
}

function startsWith(path, prefix) {
  return prefix.length <= path.length && prefix.every((key, i) => path[i] === key);
}

// The targets to light after prefix, and those already chosen.
export function lit(choices, prefix) {
  const next = new Set();
  for (const c of candidates(choices, prefix)) {
    for (const p of c.paths) {
      if (startsWith(p, prefix) && p.length > prefix.length) next.add(p[prefix.length]);
    }
  }
  return next;
}

// What a click on key does: {move} to play, {prefix} to wait for more
// clicks, or {illegal: true}. A click that continues no path starts over
// from it (choosing another ring).
export function click(choices, prefix, key) {
  for (const start of [prefix.concat([key]), [key]]) {
    const found = candidates(choices, start);
    if (!found.length) continue;
    const moves = new Set(found.map((c) => c.move));
    const complete = found.find((c) => c.paths.some((p) => p.length === start.length && startsWith(p, start)));
    if (moves.size === 1 && (complete || found[0].auto)) return { move: found[0].move };
    if (complete && moves.size === 1) return { move: complete.move };
    return { prefix: start };
  }
  return { illegal: true };
}
