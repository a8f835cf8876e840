// The clocks of an online game, as the server keeps them: each seat's time
// left when the state was sent, the running one counted down on the page
// from the moment it arrived; a clock at zero shows its flag.

export function clockText(ms) {
  if (ms <= 0) return "0:00";
  if (ms < 10000) return `0:0${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)}`;
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  if (hours) return `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`;
  return `${minutes}:${seconds}`;
}

export class Clocks {
  // box: the element that holds one clock a seat.
  constructor(box) {
    this.box = box;
    this.clock = null;
    this.received = 0;
    this.timer = null;
  }

  // Shows state's clocks (state.clock null: no clock, correspondence).
  show(state) {
    this.clock = state.over && state.clock ? { ...state.clock, running: null } : state.clock;
    this.state = state;
    this.received = performance.now();
    this.box.hidden = !this.clock;
    this.box.innerHTML = "";
    if (!this.clock) {
      this.stop();
      return;
    }
    for (const seat of state.seats) {
      const item = document.createElement("span");
      item.className = "clock";
      item.dataset.seat = seat.seat;
      item.setAttribute("role", "timer");
      item.setAttribute("aria-label", `${seat.side}'s clock`);
      this.box.append(item);
    }
    this.tick();
    if (this.clock.running !== null && !this.timer) this.timer = setInterval(() => this.tick(), 100);
    if (this.clock.running === null) this.stop();
  }

  // The time left of seat now (ms).
  left(seat) {
    const ms = this.clock.remaining_ms[seat];
    return seat === this.clock.running ? ms - (performance.now() - this.received) : ms;
  }

  tick() {
    for (const item of this.box.querySelectorAll(".clock")) {
      const seat = Number(item.dataset.seat);
      const ms = Math.max(0, this.left(seat));
      item.textContent = `${this.state.seats[seat].side} ${clockText(ms)}`;
      item.classList.toggle("running", seat === this.clock.running);
      item.classList.toggle("low", ms < 20000);
      item.classList.toggle("flag", ms <= 0);
      if (ms <= 0) item.textContent += " \u2691";
    }
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }
}
