// The analysis card: the switch, the evaluation bar and number, the best
// lines and the arrows on the board, fed by the live analysis (analysis.js).
// Off, it shows nothing and the board is drawn without arrows.

import { Analysis } from "./analysis.js";

const $ = (id) => document.getElementById(id);

function scoreText(score, mate) {
  if (mate !== null) return mate > 0 ? `win in ${mate}` : `loss in ${-mate}`;
  return (score > 0 ? "+" : "") + score;
}

// The win chance of a [W, D, L] (per mille) as "62%"; "" without one.
function winText(wdl) {
  return wdl ? `${Math.round(wdl[0] / 10)}%` : "";
}

export class AnalysisView {
  // game(): the page's game (null: none); shown(): the ply on the board;
  // draw(svg): draws a picture of that ply; redraw(): draws it without
  // arrows; onError(text): a message.
  constructor({ game, shown, draw, redraw, onError }) {
    this.game = game;
    this.shown = shown;
    this.draw = draw;
    this.redraw = redraw;
    this.engine = new Analysis({
      onInfo: (info) => this.info(info),
      onIdle: (idle) => this.idle(idle),
      onState: (on) => this.thinking(on),
      onError,
    });
    $("analysis-on").addEventListener("change", (e) => this.set(e.target.checked));
    $("multipv").addEventListener("change", () => this.engine.enable(true, Number($("multipv").value), true));
    $("view-side").addEventListener("change", () => this.engine.repeat());
    $("analysis-stop").addEventListener("click", () => this.engine.stop());
    $("analysis-go").addEventListener("click", () => this.position(true));
  }

  get running() {
    return this.engine.running;
  }

  // Analyses the position shown (when on); force: again even if running.
  position(force = false) {
    const game = this.game();
    if (game && !game.online) this.engine.position(game.id, this.shown(), force);
  }

  // Online games in play are not analysed (no help from the engine): the
  // card is hidden and the analysis off.
  allow(on) {
    $("analysis-card").hidden = !on;
    if (!on && $("analysis-on").checked) {
      $("analysis-on").checked = false;
      this.set(false);
    }
  }

  // The sides of the "view of" choice.
  sides(seats) {
    const sides = $("view-side");
    const before = sides.value;
    sides.innerHTML = "";
    for (const name of ["side to act"].concat(seats.map((x) => x.side))) sides.append(new Option(name, name));
    if ([...sides.options].some((o) => o.value === before)) sides.value = before;
  }

  thinking(on) {
    $("thinking").hidden = !on;
  }

  // A score from the side to act, seen from the chosen side. With more than
  // two sides a score says nothing of the others: it stays the side to act's.
  // wdl: [W, D, L] per mille from the side to act (null: none), turned too.
  fromView(score, mate, turn, wdl = null) {
    const view = $("view-side").value;
    if (view === "side to act" || view === turn || this.game().seats.length !== 2) {
      return { score, mate, side: turn, wdl };
    }
    return { score: -score, mate: mate === null ? null : -mate, side: view, wdl: wdl ? [wdl[2], wdl[1], wdl[0]] : null };
  }

  info(info) {
    if (!this.game() || !this.engine.enabled || info.ply !== this.shown()) return;
    this.draw(info.svg);
    const best = info.lines[0];
    if (!best) return;
    const seen = this.fromView(best.score, best.mate, info.turn, best.wdl);
    const chance = winText(seen.wdl);
    $("eval").textContent = `${scoreText(seen.score, seen.mate)}` + (chance ? ` \u00B7 ${chance}` : "");
    $("eval").title = `Score from ${seen.side}'s view (${info.algorithm}; ${info.scale} is a clear advantage)` +
      (seen.wdl ? `; ${seen.side} wins ${chance}, draws ${Math.round(seen.wdl[1] / 10)}%, loses ${Math.round(seen.wdl[2] / 10)}%` : "");
    const share = seen.mate !== null ? (seen.mate > 0 ? 1 : 0)
      : seen.wdl ? (seen.wdl[0] + seen.wdl[1] / 2) / 1000 : 0.5 + 0.5 * Math.tanh(seen.score / info.scale);
    $("evalbar").querySelector(".fill").style.height = `${Math.round(share * 100)}%`;
    $("evalbar").title = `${seen.side}'s share`;
    const lines = $("lines");
    lines.innerHTML = "";
    for (const line of info.lines) {
      const v = this.fromView(line.score, line.mate, info.turn, line.wdl);
      const li = document.createElement("li");
      const score = document.createElement("span");
      score.className = "score";
      const lineChance = winText(v.wdl);
      score.textContent = scoreText(v.score, v.mate) + (lineChance ? ` (${lineChance})` : "");
      if (v.wdl) score.title = `${v.side}'s win/draw/loss: ${v.wdl.map((x) => Math.round(x / 10) + "%").join(" / ")}`;
      li.append(score, " ", line.pv.join(" "));
      lines.append(li);
    }
    $("analysis-info").textContent = `depth ${info.depth} \u00B7 ${info.nodes.toLocaleString()} nodes \u00B7 ${info.time} s \u00B7 ${info.turn} to act`;
  }

  idle(idle) {
    if (!this.game() || !this.engine.enabled || idle.ply !== this.shown()) return;
    $("eval").textContent = "";
    $("lines").innerHTML = "";
    $("analysis-info").textContent = idle.reason;
  }

  set(on) {
    $("analysis-body").hidden = !on;
    $("evalbar").hidden = !on;
    $("evalbar").querySelector(".fill").style.height = "50%";
    $("eval").textContent = "";
    $("lines").innerHTML = "";
    $("analysis-info").textContent = "";
    this.engine.enable(on, Number($("multipv").value));
    if (!this.game()) return;
    if (on) this.position();
    else this.redraw();
  }
}
