// The table's sounds, synthesized with Web Audio (no sound files), and short
// vibrations on phones. Python decides when (app/sounds.py maps the engine's
// events to these kinds; Shell.cue calls cue()); this file only makes them.
//
//   window.cardroomSound.cue(kind)    plays one sound (unknown kinds: nothing)
//   window.cardroomSound.setMuted(b)  the page's mute switch (starts muted:
//                                      the page unmutes once it knows the setting)
//   window.cardroomSound.muted()
//   window.cardroomSound.stats()      {context, played, failed}: for tests and debugging
//
// Browsers refuse to start audio before the player touches the page: the
// AudioContext, made in an idle moment once sound is on, starts suspended and
// the first gesture resumes it. Nothing here ever throws: no
// Web Audio, a refused context or a blocked vibration just means silence.

let ctx = null;         // made once sound is on (prepare), or at the first gesture
let out = null;         // the master gain every sound goes through
let noise = null;       // a second of white noise, shared by the noisy sounds
let isMuted = true;
let touched = false;    // a gesture was seen (vibrate() needs one too)
let nextFree = 0;       // when the next sound may start (a burst plays in turn, not as a chord)
let played = 0;         // sounds synthesized
let failed = 0;         // sounds that threw while being built (silence instead)

const NOTE = (semitones) => 440 * Math.pow(2, semitones / 12);   // from A4
// Notes by name, as semitones from A4.
const N = { C3: -21, G3: -14, C4: -9, D4: -7, Eb4: -6, E4: -5, G4: -2, A4: 0, B4: 2, C5: 3,
  D5: 5, E5: 7, G5: 10, A5: 12, C6: 15, E6: 19 };

// The AudioContext, its output and its noise.
function make() {
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  ctx = new AC();
  out = ctx.createGain();
  out.gain.value = 0.5;
  out.connect(ctx.destination);
  noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
  const data = noise.getChannelData(0);
  let seed = 1;   // a fixed pseudo-random noise: every visit sounds the same
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 16807) % 2147483647;
    data[i] = seed / 1073741823.5 - 1;
  }
}

// A gesture: the context may run from now on.
function unlock() {
  touched = true;
  try {
    if (!ctx && !isMuted) make();    // (made ahead, normally: see prepare)
    if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
  } catch (e) {
    ctx = null;
  }
}
for (const type of ['pointerdown', 'keydown', 'touchend']) {
  window.addEventListener(type, unlock, { capture: true, passive: true });
}

// Makes the context in an idle moment once sound is on, before any gesture:
// made at the first tap (the Start of a game), it was a task of ~100 ms on
// the phone profile (measured). Made before a gesture it starts suspended
// (the browser's rule), and the first gesture resumes it (unlock).
let preparing = false;
function prepare() {
  if (ctx || preparing) return;
  preparing = true;
  const idle = window.requestIdleCallback
    ? (fn) => window.requestIdleCallback(fn, { timeout: 5000 })
    : (fn) => setTimeout(fn, 1000);
  idle(() => {
    preparing = false;
    if (ctx || isMuted) return;
    try {
      make();
      if (touched && ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
    } catch (e) {
      ctx = null;
    }
  });
}

// An envelope: up to `peak` in `attack` seconds, then an exponential fall over `decay`.
function envelope(t, peak, attack, decay) {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(peak, t + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, t + attack + decay);
  g.connect(out);
  return g;
}

function tone(t, freq, { type = 'triangle', peak = 0.3, attack = 0.005, decay = 0.16, to = null } = {}) {
  const o = ctx.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(freq, t);
  if (to) o.frequency.exponentialRampToValueAtTime(to, t + attack + decay);
  o.connect(envelope(t, peak, attack, decay));
  o.start(t);
  o.stop(t + attack + decay + 0.02);
}

function hiss(t, { filter = 'bandpass', from = 1200, to = null, q = 1, peak = 0.3, attack = 0.004, decay = 0.08 } = {}) {
  const src = ctx.createBufferSource();
  src.buffer = noise;
  const f = ctx.createBiquadFilter();
  f.type = filter;
  f.Q.value = q;
  f.frequency.setValueAtTime(from, t);
  if (to) f.frequency.exponentialRampToValueAtTime(to, t + attack + decay);
  src.connect(f);
  f.connect(envelope(t, peak, attack, decay));
  src.start(t, Math.random() * 0.5);
  src.stop(t + attack + decay + 0.02);
}

// A motif: notes (names) one after another, `step` seconds apart.
function motif(t, notes, { step = 0.09, ...opts } = {}) {
  notes.forEach((n, i) => tone(t + i * step, NOTE(N[n]), opts));
  return notes.length * step;
}

// Each kind: draws its sound at time t and returns how long the next sound waits.
const SOUNDS = {
  // A card laid down: a soft, low thock (a falling sine and a dull tap).
  play: (t) => { tone(t, 190, { type: 'sine', peak: 0.45, decay: 0.09, to: 90 });
    hiss(t, { filter: 'lowpass', from: 900, peak: 0.18, decay: 0.04 }); return 0.07; },
  // A card turned over: a quick swish, noise swept upwards.
  flip: (t) => { hiss(t, { from: 700, to: 3500, q: 0.6, peak: 0.8, attack: 0.03, decay: 0.09 }); return 0.07; },
  // Cards taken: a pair of clicks.
  capture: (t) => { for (const d of [0, 0.065]) { hiss(t + d, { filter: 'highpass', from: 2500, peak: 0.3, decay: 0.03 });
    tone(t + d, 1400, { type: 'sine', peak: 0.12, decay: 0.04 }); } return 0.12; },
  ppuk: (t) => motif(t, ['E4', 'C4'], { step: 0.12, type: 'sine', peak: 0.35, decay: 0.2 }),
  ttadak: (t) => motif(t, ['E5', 'E5', 'A5'], { step: 0.07, peak: 0.3, decay: 0.07 }),
  chok: (t) => { hiss(t, { filter: 'highpass', from: 3000, peak: 0.3, decay: 0.02 });
    return motif(t + 0.02, ['C6', 'G5'], { step: 0.07, type: 'sine', peak: 0.3, decay: 0.1 }); },
  sweep: (t) => { hiss(t, { from: 500, to: 5000, q: 0.7, peak: 0.2, attack: 0.05, decay: 0.2 });
    return motif(t, ['C5', 'E5', 'G5'], { step: 0.07, peak: 0.25 }); },
  bomb: (t) => { hiss(t, { filter: 'lowpass', from: 600, to: 80, peak: 0.6, attack: 0.005, decay: 0.4 });
    tone(t, 110, { type: 'sine', peak: 0.5, decay: 0.35, to: 40 }); return 0.3; },
  shake: (t) => motif(t, ['A4', 'B4', 'A4', 'B4'], { step: 0.06, peak: 0.22, decay: 0.07 }),
  go: (t) => motif(t, ['G4', 'D5'], { step: 0.1, peak: 0.3, decay: 0.18 }),
  stop: (t) => motif(t, ['D5', 'G4'], { step: 0.12, type: 'square', peak: 0.2, decay: 0.2 }),
  chongtong: (t) => motif(t, ['C5', 'E5', 'G5', 'C6'], { step: 0.08, peak: 0.28, decay: 0.22 }),
  achtung: (t) => motif(t, ['A5', 'A5'], { step: 0.11, type: 'square', peak: 0.2, decay: 0.08 }),
  interject: (t) => motif(t, ['E5', 'B4', 'E6'], { step: 0.055, peak: 0.25, decay: 0.08 }),
  penalty: (t) => motif(t, ['Eb4', 'C4'], { step: 0.13, type: 'sawtooth', peak: 0.2, decay: 0.16 }),
  reveal: (t) => motif(t, ['C5', 'G5'], { step: 0.08, type: 'sine', peak: 0.3, decay: 0.2 }),
  win: (t) => motif(t, ['C5', 'E5', 'G5', 'C6'], { step: 0.11, peak: 0.3, decay: 0.3 }),
  lose: (t) => motif(t, ['G4', 'Eb4', 'C4'], { step: 0.15, type: 'sine', peak: 0.3, decay: 0.3 }),
};

// Short buzzes where the phone has them: captures and callouts only.
const CARD_KINDS = new Set(['play', 'flip']);
const BUZZ = { capture: 12, win: [40, 60, 40, 60, 90], lose: [90], bomb: [60, 40, 60], chongtong: [40, 60, 40, 60, 90] };

function vibrate(kind) {
  if (!touched || CARD_KINDS.has(kind) || typeof navigator.vibrate !== 'function') return;
  try { navigator.vibrate(BUZZ[kind] || [25, 40, 25]); } catch (e) { /* refused: fine */ }
}

function cue(kind) {
  try {
    if (isMuted || !Object.prototype.hasOwnProperty.call(SOUNDS, kind)) return;
    vibrate(kind);
    if (!ctx || ctx.state === 'closed') return;    // not made yet: silence
    // A context still starting plays what is scheduled once it runs; one that
    // never runs has a stopped clock, so the check below drops the backlog.
    const now = ctx.currentTime;
    const t = Math.max(now + 0.005, nextFree);
    if (t - now > 0.8) return;                     // far behind (a long burst): skip rather than lag
    nextFree = t + SOUNDS[kind](t);
    played += 1;
  } catch (e) {
    failed += 1;   // never let a sound break the page
  }
}

function setMuted(value) {
  isMuted = !!value;
  if (!isMuted) prepare();
  try {
    if (isMuted && typeof navigator.vibrate === 'function' && touched) navigator.vibrate(0);
  } catch (e) { /* nothing to stop */ }
}

window.cardroomSound = {
  cue, setMuted, muted: () => isMuted,
  stats: () => ({ context: ctx ? ctx.state : null, played, failed }),
};
