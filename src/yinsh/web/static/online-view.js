// Opening, joining and acting in online games on the page: the live
// connection of the game shown, the invitation card, the seat taken from a
// link or the lobby, the rematch, and the actions of this page's seat.

import { ApiError } from "./api.js";
import { asPageState, Live, online, seats } from "./online.js";

const $ = (id) => document.getElementById(id);
const NAME = "yinsh-name";

export class OnlineGames {
  // onState(state, events): a state to show; onGone(text): the game is not
  // on the server; say(text, inLobby): a message; beforeOpen(): the game
  // view is to be shown; guarded(work): runs work as the page's one request.
  constructor({ onState, onGone, say, beforeOpen, guarded }) {
    Object.assign(this, { onState, onGone, say, beforeOpen, guarded });
    this.live = null;
    this.joining = null;        // the game of the invitation card, and its invitation
    this.invite = null;
    $("join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.takeSeat(this.joining, { invite: this.invite });
    });
  }

  // Whether the invitation card belongs with game id.
  invited(id) {
    return this.joining === id;
  }

  // The invitation can no longer be used (refused, or every seat taken): no card.
  forgetInvitation() {
    this.joining = null;
    this.invite = null;
    $("join-card").hidden = true;
  }

  leave() {
    if (this.live) this.live.close();
    this.live = null;
    $("link-state").hidden = true;
  }

  // Shows the online game id, live; hash: the address to show.
  open(id, hash = `#online=${id}`) {
    this.beforeOpen();
    if (this.live && this.live.id === id) return;
    this.leave();
    if (location.hash !== hash) history.replaceState(null, "", hash);
    this.live = new Live(id, {
      onState: (state, events) => this.onState(asPageState(state), events),
      onLink: (text) => {
        $("link-state").textContent = text;
        $("link-state").hidden = !text;
      },
      onGone: (text) => this.onGone(text),
      onError: (text) => this.say(text, false),
    });
  }

  // The rematch next of game id: the token of this game owns its seat there.
  openRematch(id, next) {
    const token = seats.token(id);
    if (token && !seats.token(next)) seats.keep(next, token);
    this.open(next);
  }

  async rematch(id) {
    await this.guarded(async () => {
      const next = await online.rematch(id);
      if (next.token) seats.keep(next.id, next.token);
      this.openRematch(id, next.id);
    });
  }

  async create(body) {
    await this.guarded(async () => {
      const made = await online.create(body);
      seats.keep(made.id, made.token);
      seats.keepInvites(made.id, made.invites || []);
      this.open(made.id);
    });
  }

  // Takes a seat of game id: {invite} from a link, or {seat} of a public game.
  async takeSeat(id, how) {
    const inLobby = !$("lobby").hidden;
    const typed = $(inLobby ? "lobby-name" : "join-name").value.trim() || localStorage.getItem(NAME) || "";
    const name = typed.trim() || "Player";
    try {
      const joined = await online.join(id, { ...how, name });
      seats.keep(id, joined.token);
      localStorage.setItem(NAME, name);
      this.joining = null;
      $("join-card").hidden = true;
      this.leave();                       // the spectator's connection: again, with the token
      this.open(id);
    } catch (err) {
      const refused = err instanceof ApiError && (err.status === 409 || err.status === 401);
      if (refused && !inLobby && this.joining === id) {
        this.forgetInvitation();          // used or unknown: this page watches the game
        this.say(`${err.message.replace(/\.?$/, ".")} You are watching the game.`, false);
        return;
      }
      this.say(err instanceof ApiError ? err.message : `Something went wrong: ${err.message}`, inLobby);
    }
  }

  // #join=ID:INVITE: the game as a spectator, and a card to take the seat.
  openInvitation(value) {
    const [id, invite] = value.split(":");
    if (seats.token(id)) {
      this.open(id);
      return;
    }
    this.joining = id;
    this.invite = invite;
    $("join-name").value = localStorage.getItem(NAME) || "";
    $("join-text").textContent = "Choose a name and take your seat; until then you see the game as a spectator.";
    this.open(id, `#join=${value}`);
    $("join-card").hidden = false;
  }

  // An action of this page's seat, made at the ply and seq of shown. A
  // refusal is shown; a stale page (the game moved on) catches up.
  async act(action, shown) {
    const live = this.live;
    await this.guarded(async () => {
      try {
        await live.act(action, shown);
      } catch (err) {
        if (err.stale) live.refresh();
        // The page has caught up already: the message says so (no "reload").
        throw err.stale ? new ApiError(`Refused: ${err.message.replace(/\.?$/, ".")} The board now shows the game as it is.`) : err;
      }
    });
  }
}
