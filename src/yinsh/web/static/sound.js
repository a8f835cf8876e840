// An optional sound for each action (off by default): a short tone made with
// WebAudio, higher when it is the listener's turn next. No sound files.

const KEY = "yinsh-sound";

export class Sound {
  constructor() {
    this.on = localStorage.getItem(KEY) === "on";
    this.context = null;
  }

  set(on) {
    this.on = on;
    localStorage.setItem(KEY, on ? "on" : "off");
    if (on) this.play(false);          // a sample, and the browser allows sound after this click
  }

  // A tone: a soft click for an action, two notes when yourTurn.
  play(yourTurn) {
    if (!this.on) return;
    const AudioContext = window.AudioContext || window.webkitAudioContext;
    if (!AudioContext) return;
    this.context = this.context || new AudioContext();
    const ctx = this.context;
    const notes = yourTurn ? [660, 880] : [440];
    notes.forEach((frequency, i) => {
      const start = ctx.currentTime + i * 0.12;
      const tone = ctx.createOscillator();
      const gain = ctx.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.15);
      tone.connect(gain).connect(ctx.destination);
      tone.start(start);
      tone.stop(start + 0.16);
    });
  }
}
