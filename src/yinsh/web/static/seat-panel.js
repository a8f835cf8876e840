// The online game's own controls: the seats with their players and clocks,
// the invitation links (one per open seat, with copy buttons), the offers
// (takeback, draw) to answer, resign and rematch. Spectators see the game
// and none of the buttons.

import { Clocks } from "./clock.js";
import { seats as kept } from "./online.js";

const $ = (id) => document.getElementById(id);

// Copies text, or shows it to copy by hand when the browser refuses.
export async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    const was = button.textContent;
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = was; }, 1500);
  } catch (err) {
    window.prompt("Copy this link:", text);
  }
}

export class OnlinePanel {
  // act(type): send an action of the seat; rematch(): ask for the rematch;
  // openGame(id): show another online game; analyse(id): open a finished
  // game in the analysis board.
  constructor({ act, rematch, openGame, analyse }) {
    this.act = act;
    $("analyse-online").addEventListener("click", () => analyse(this.state.id));
    this.clocks = new Clocks($("clocks"));
    $("takeback").addEventListener("click", () => act("takeback"));
    $("offer-draw").addEventListener("click", () => act("draw"));
    $("online-resign").addEventListener("click", () => {
      if (window.confirm("Resign this game?")) act("resign");
    });
    $("rematch").addEventListener("click", () => {
      const next = this.state && this.state.rematch;
      if (next) openGame(next);
      else rematch();
    });
    for (const [id, type] of [["offer-accept", "accept"], ["offer-decline", "decline"]]) {
      $(id).addEventListener("click", () => act(`${this.offer}_${type}`));
    }
  }

  hide() {
    $("online-panel").hidden = true;
    for (const id of ["takeback", "offer-draw", "online-resign", "rematch", "analyse-online"]) $(id).hidden = true;
    this.clocks.show({ clock: null, seats: [] });
    this.state = null;
  }

  // Shows state (an online game's, as the page keeps it); busy: an action
  // is on its way.
  render(state, busy) {
    this.state = state;
    $("online-panel").hidden = false;
    this.clocks.show(state);
    const you = state.you;
    const player = you !== null && you !== undefined;
    const playing = state.status === "playing";
    $("you-are").textContent = player
      ? `You play ${state.seats[you].side}.`
      : "You are watching this game (a spectator).";
    for (const id of ["takeback", "offer-draw", "online-resign"]) $(id).hidden = !player || !playing;
    $("offer-draw").hidden = $("offer-draw").hidden || state.game === "ludo";
    $("takeback").disabled = busy || !state.moves.length || Boolean(state.offers && state.offers.takeback);
    $("offer-draw").disabled = busy || Boolean(state.offers && state.offers.draw !== null);
    $("online-resign").disabled = busy;
    $("rematch").hidden = !(player && state.over) && !state.rematch;
    $("rematch").textContent = state.rematch ? "Go to the rematch" : "Rematch (colours swapped)";
    $("analyse-online").hidden = !state.over;
    this.renderOffer(state, player, busy);
    this.renderInvites(state);
  }

  renderOffer(state, player, busy) {
    const offers = state.offers || {};
    const take = offers.takeback;
    let text = "";
    this.offer = null;
    if (take) {
      const asker = state.seats[take.seat].side;
      const answered = take.accepted || [];
      if (take.seat === state.you) text = "You asked to take back your last action: waiting for the answer.";
      else {
        text = `${asker} asks to take back their last action.`;
        if (player && !answered.includes(state.you)) this.offer = "takeback";
      }
    } else if (offers.draw !== null && offers.draw !== undefined) {
      const side = state.seats[offers.draw].side;
      if (offers.draw === state.you) text = "You offered a draw: waiting for the answer.";
      else {
        text = `${side} offers a draw.`;
        if (player) this.offer = "draw";
      }
    }
    $("offer").hidden = !text;
    $("offer-text").textContent = text;
    $("offer-accept").hidden = $("offer-decline").hidden = this.offer === null;
    $("offer-accept").disabled = $("offer-decline").disabled = busy;
  }

  renderInvites(state) {
    const box = $("invites");
    const open = new Set(state.seats.filter((s) => s.kind === "person" && !s.joined).map((s) => s.seat));
    const invites = kept.invites(state.id).filter((i) => open.has(i.seat));
    box.hidden = !invites.length;
    const list = box.querySelector("ul");
    list.innerHTML = "";
    for (const invite of invites) {
      const url = new URL(invite.link, location.origin).href;
      const item = document.createElement("li");
      item.className = "invite";
      item.dataset.seat = invite.seat;
      const label = document.createElement("span");
      label.textContent = `${invite.side}:`;
      const field = document.createElement("input");
      field.readOnly = true;
      field.value = url;
      field.setAttribute("aria-label", `Invitation link for ${invite.side}`);
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Copy";
      button.setAttribute("aria-label", `Copy the invitation link for ${invite.side}`);
      button.addEventListener("click", () => copy(url, button));
      item.append(label, field, button);
      list.append(item);
    }
  }
}
