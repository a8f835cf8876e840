// What changed between two states of a game, in words: the actions (for
// the live region) and the notices (a Ludo turn that passed without a move,
// the events of an online game: joins, offers, answers, resignations, flags).

import { passedWords, thrown, turns } from "./dice.js";

// An online event in words (moves and throws are said from the move list).
function eventWords(event) {
  const who = event.side || "";
  switch (event.kind) {
    case "join": return `${event.text} joined as ${who}`;
    case "start": return "Everybody is here: the game begins";
    case "takeback_request": return `${who} asks to take back their last action`;
    case "takeback_accept": return `${who} accepts the takeback`;
    case "takeback_decline": return `${who} declines the takeback`;
    case "takeback": return `The game went back to action ${event.text}`;
    case "draw_offer": return `${who} offers a draw`;
    case "draw_accept": return `${who} accepts the draw`;
    case "draw_decline": return `${who} declines the draw`;
    case "resign": return `${who} resigned`;
    case "flag": return `${who} ran out of time`;
    case "rematch": return "A rematch is ready (colours swapped)";
    case "resume": return `The server is back: the ${Math.round(Number(event.text) / 1000)} s it could not serve are not charged`;
    default: return "";
  }
}

// {said, notices} of state after a state at ply before (null: the first
// state shown, nothing to tell); events: the online update's.
export function news(before, state, events) {
  const said = [];
  const notices = (events || []).map(eventWords).filter(Boolean);
  if (before === null) return { said, notices };
  for (const m of state.moves.filter((x) => x.ply > before)) {
    const value = thrown(m.text);
    said.push(value === null ? `${m.side} played ${m.text}` : `${m.side} threw ${value}`);
  }
  if (state.game === "ludo") {
    notices.push(...turns(state.moves, state.turn).filter((t) => t.passed && t.plies.at(-1) > before).map(passedWords));
  }
  return { said, notices };
}
