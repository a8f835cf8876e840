// The board on the page: the server's picture, its lit targets (clickable,
// focusable, named for screen readers, walked with the arrow keys) and the
// changes between two pictures animated (a piece slides, a new one fades in,
// a removed one fades out).

const PIECES = ":is(.ring, .marker, .piece)";

// The centre of an element of the picture, in its units (0, 0 when it is
// not drawn: some browsers refuse to measure a hidden picture).
function middle(el) {
  try {
    const box = el.getBBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } catch (err) {
    return { x: 0, y: 0 };
  }
}
const NAMES = { point: "point", square: "square", place: "field" };

export class BoardView {
  // element: the board's container; onChoose(key): a lit target chosen
  // (clicked, or Enter / Space on it).
  constructor(element, onChoose) {
    this.element = element;
    this.onChoose = onChoose;
    this.attr = "data-point";
    this.focusKey = null;
    this.points = new Map();      // where each target's place is drawn, from the last picture with targets
    element.addEventListener("click", (event) => {
      const target = event.target.closest(".target");
      if (target) onChoose(target.getAttribute(this.attr));
    });
    element.addEventListener("keydown", (event) => this.key(event));
    element.addEventListener("focusin", (event) => {
      const target = event.target.closest(".target");
      if (target) this.focusKey = target.getAttribute(this.attr);
    });
  }

  // Draws svg (whose targets carry data-<kind>); animate: show what changed.
  draw(svg, kind, animate) {
    const hadFocus = this.element.contains(document.activeElement);
    const before = animate ? this.pieces() : null;
    this.attr = `data-${kind}`;
    this.kind = kind;
    this.element.innerHTML = svg;
    this.remember();
    if (before && !matchMedia("(prefers-reduced-motion: reduce)").matches) this.animate(before);
    this.restoreFocus = hadFocus;
  }

  svg() {
    return this.element.querySelector("svg");
  }

  // The centre of each target of the picture, kept for pictures without
  // targets (a finished game's).
  remember() {
    const targets = this.element.querySelectorAll(".target");
    if (!targets.length) return;
    this.points = new Map();
    for (const el of targets) this.points.set(el.getAttribute(this.attr), middle(el));
  }

  // The pieces drawn now: [{el, sig, key, x, y}] (sig: their kind and place).
  pieces() {
    return [...this.element.querySelectorAll(`${PIECES}[${this.attr}]`)].map((el) => {
      const key = el.getAttribute(this.attr);
      return { el, key, cls: el.getAttribute("class"), sig: `${el.getAttribute("class")}@${key}`, ...middle(el) };
    });
  }

  animate(before) {
    const after = this.pieces();
    const unmatched = (list, other) => {
      const counts = new Map();
      for (const p of other) counts.set(p.sig, (counts.get(p.sig) || 0) + 1);
      return list.filter((p) => {
        const n = counts.get(p.sig) || 0;
        if (n) counts.set(p.sig, n - 1);
        return !n;
      });
    };
    const gone = unmatched(before, after);
    const fresh = unmatched(after, before);
    const svg = this.svg();
    const targets = svg.querySelector(".targets");
    for (const p of fresh) {
      const from = gone.findIndex((g) => g.cls === p.cls);
      if (from >= 0) {
        const [g] = gone.splice(from, 1);
        p.el.animate([{ transform: `translate(${g.x - p.x}px, ${g.y - p.y}px)` }, { transform: "none" }],
                     { duration: 320, easing: "ease-out" });
      } else {
        p.el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 320, easing: "ease-in" });
      }
    }
    for (const g of gone) {
      const ghost = g.el.cloneNode(true);
      ghost.removeAttribute(this.attr);
      ghost.setAttribute("class", "leaving");
      ghost.style.pointerEvents = "none";
      svg.insertBefore(ghost, targets);
      ghost.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 320, easing: "ease-out" })
        .finished.then(() => ghost.remove(), () => ghost.remove());
    }
  }

  // What stands on key, in words ("white ring at e5", "square c3").
  label(key) {
    const piece = this.element.querySelector(`${PIECES}[${this.attr}="${CSS.escape(key)}"]`);
    const where = this.kind === "place" ? placeWords(key) : `${NAMES[this.kind]} ${key}`;
    if (!piece) return `empty ${where}`;
    const [kind, colour] = piece.getAttribute("class").split(" ");
    return `${colour || ""} ${kind} ${this.kind === "place" ? where : `at ${key}`}`.trim();
  }

  // Lights the targets in next (a Set of keys), marks those in chosen.
  light(next, chosen) {
    const svg = this.svg();
    if (!svg) return;
    const taken = new Set([...svg.querySelectorAll(`${PIECES}[${this.attr}]`)].map((el) => el.getAttribute(this.attr)));
    const lit = [];
    for (const el of svg.querySelectorAll(".target")) {
      const key = el.getAttribute(this.attr);
      const on = next.has(key);
      el.classList.toggle("lit", on);
      el.classList.toggle("empty", !taken.has(key));
      el.classList.toggle("selected", chosen.includes(key));
      if (on || chosen.includes(key)) {
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", (chosen.includes(key) ? "chosen: " : "") + this.label(key));
        el.setAttribute("tabindex", "-1");
        el.removeAttribute("aria-hidden");
        if (on) lit.push(el);
      } else {
        for (const name of ["role", "aria-label", "tabindex"]) el.removeAttribute(name);
        el.setAttribute("aria-hidden", "true");
      }
    }
    const focus = lit.find((el) => el.getAttribute(this.attr) === this.focusKey) || lit[0];
    if (focus) focus.setAttribute("tabindex", "0");
    this.element.setAttribute("tabindex", focus ? "-1" : "0");
    // The focus stays on the board: on a lit target, else on the board itself
    // until targets light up again (the answer to an action).
    if (this.restoreFocus || document.activeElement === this.element) {
      (focus || this.element).focus({ preventScroll: true });
    }
    this.restoreFocus = false;
  }

  key(event) {
    const current = event.target.closest(".target");
    if (!current) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      this.restoreFocus = true;
      this.onChoose(current.getAttribute(this.attr));
      return;
    }
    const way = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!way) return;
    event.preventDefault();
    event.stopPropagation();
    const next = nearest(current, [...this.element.querySelectorAll(".target.lit")], way);
    if (next) {
      current.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      next.focus();
    }
  }
}

function placeWords(key) {
  if (key === "s") return "in the start corner";
  if (key === "f") return "in the finish";
  if (key.startsWith("h")) return `on home field ${key}`;
  return `on field ${key}`;
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// The lit target closest to from in the direction way ([dx, dy]), favouring
// those straight ahead (none when nothing lies that way).
function nearest(from, targets, [dx, dy]) {
  const c = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of targets) {
    if (el === from) continue;
    const p = centre(el);
    const ahead = (p.x - c.x) * dx + (p.y - c.y) * dy;
    if (ahead <= 1) continue;
    const aside = Math.abs((p.x - c.x) * dy) + Math.abs((p.y - c.y) * dx);
    const score = ahead + 2 * aside;
    if (score < bestScore) {
      best = el;
      bestScore = score;
    }
  }
  return best;
}
