// Card motion for the tables (every game). The Python tables redraw the
// table as HTML; this script makes each card look like one object moving
// between hand, field, stock and piles (the FLIP technique): before a redraw
// `capture()` measures every element with a `data-key` (one per card) and
// every `data-anchor` (a stock, a seat's hand, a pile); after it `play(ms)`
// sends each keyed element from where it was to where it is now, with
// transforms only, so the compositor animates it. A card that was not on the
// table comes from its `data-from` anchor (the stock, an opponent's hand);
// `data-turn` also turns it face up. With prefers-reduced-motion, cards only
// fade. The redraw itself, in place, is patch.js's. `finish()` jumps every
// running animation to its end (a tap during an animation is never made to
// wait for it). `banner()` shows a callout.
// Card faces are shown as bitmaps once raster.js has made them.
import * as raster from "./raster.js";
import * as inPlace from "./patch.js";
import { warmFonts } from "./fonts.js";

const EASE = "cubic-bezier(.2,.75,.25,1)";
let before = new Map();
let anchors = new Map();
const flying = new Set();   // cards with the flight's z-index on them (not in their markup)

function reduced() {
  try {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch (e) {
    return false;
  }
}

function measure(root, attr) {
  const out = new Map();
  for (const el of root.querySelectorAll(`[data-${attr}]`)) {
    const r = el.getBoundingClientRect();
    if (r.width > 0) out.set(el.dataset[attr], r);
  }
  return out;
}

// `fresh`: a new deal; no card keeps its old place, all come from anchors.
// With a flight still waiting for its frame (see `play`), the places
// captured for it stay: the next flight starts where that one would have.
function capture(root, fresh) {
  root = root || document.getElementById("table");
  if (!root) return;
  if (queued && !fresh) {
    queued = null;
    unmeasure();
    unhide();
    return;
  }
  drop();
  dealing = !!fresh;
  before = fresh ? new Map() : measure(root, "key");
  anchors = measure(root, "anchor");
}

function fly(el, from, now, ms, delay, turn) {
  const dx = from.left - now.left;
  const dy = from.top - now.top;
  const sx = from.width / now.width;
  const sy = from.height / now.height;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(sx - 1) < 0.02 && !turn) return null;
  const start = `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`;
  const frames = turn
    ? [
        { transform: `${start} rotateY(90deg)`, offset: 0 },
        { transform: `translate(${dx / 2}px, ${dy / 2}px) scale(${(sx + 1) / 2}) rotateY(0deg)`, offset: 0.4 },
        { transform: "none", offset: 1 },
      ]
    : [{ transform: start }, { transform: "none" }];
  // Above the other cards while it flies (a style attribute: no class
  // change, so nothing is laid out again). Its face is already on a layer
  // of its own (will-change in match.css).
  el.style.zIndex = "20";
  flying.add(el);
  const anim = el.animate(frames, { duration: ms, delay, easing: EASE, fill: "backwards" });
  hideUntil(el, delay);
  const land = () => {
    flying.delete(el);
    el.style.removeProperty("z-index");
    if (!el.getAttribute("style")) el.removeAttribute("style");
  };
  anim.finished.then(land, land);
  return anim;
}

// Hidden until it leaves (an animation of its own: visibility in the
// flight's keyframes would keep the flight off the compositor). A card not
// shown is not painted: a deal's faces are painted a few a frame as they
// come, not all in its first frame (~100 ms of paint on the phone profile
// while they were still SVG). Filled backwards, as the flight is: Chromium
// may give animations started together the start time of the compositor's
// frame, ahead of the main thread's; in that frame an unfilled hiding was
// not in effect and the whole deal showed at once (seen once in CI).
function hideUntil(el, delay) {
  if (delay > 0) el.animate([{ visibility: "hidden" }, { visibility: "hidden" }], { duration: delay, fill: "backwards" });
}

// A flight starts with the frame after the redraw that asked for it: on a
// slow phone that frame comes ~50 ms later (its style, layout and paint),
// on a desktop ~10 ms. The latency the last flight met is taken from the
// next one (at most a quarter of it), so a move lands when its pace says.
let latency = 0;

// Moves what changed since capture(), from the next frame on: the flight
// starts in that frame's callback, before it is painted, so the cards are
// never seen in their new places first. On a slow phone the redraw (the
// markup patched in) and the flight (every card measured: a layout) were
// one task of 50-90 ms; as two, neither holds the page that long. Returns
// the flight's length in ms.
let queued = null;   // [ms, root, when play was called] until the frame comes
let frame = 0;
const waiting = [];  // landed() calls waiting for the queued flight to start

// A deal (a fresh capture) lays out a whole new table: measured in the
// frame's callback, that layout (17-30 ms on the phone profile) and the
// frame's style and paint made one task of 50-80 ms. So its cards are
// measured in a task of their own, with the table's cards hidden
// (`.dealing`) until the frame after it starts the flight: nothing of the
// deal is seen before its cards leave the stock. (Other flights start
// from where their cards were, so a frame between the redraw and their
// start would show those cards in their new places for a moment.)
// Any change to the page after the measuring (seen by `watch`) makes the
// frame measure again, so a flight never starts from a stale place; but
// not the changes that move nothing (see `movesNothing`): measured again,
// the deal's frame was a task of 50-70 ms on the phone profile.
let dealing = false; // capture() was fresh: the next play() is a deal
let measured = null; // the queued flight's moves, once measured
const ruler = new MessageChannel();
ruler.port1.onmessage = () => {
  if (!queued || measured) return;
  measured = measureMoves(queued[1]);
  watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  if (!frame) frame = requestAnimationFrame(flush);
};
const watch = new MutationObserver((records) => {
  if (!records.every(movesNothing)) unmeasure();
});

// A face's bitmap shown in place of its SVG (raster.js: the same size, the
// SVG's address kept in data-art), or an element out of the page's flow
// taken off it again (marked data-no-layout: the hidden measuring probes of
// fonts.js and raster.js, a banner over the table).
function movesNothing(record) {
  if (record.type === "attributes") {
    return record.target.nodeName === "IMG" && (record.attributeName === "src" || record.attributeName === "data-art");
  }
  return record.type === "childList" && record.target === document.body
    && [...record.addedNodes, ...record.removedNodes].every(
      (node) => node.nodeType === 1 && !node.isConnected && node.hasAttribute("data-no-layout"));
}
let hidden = null;   // the table whose cards .dealing hides

function unmeasure() {
  measured = null;
  watch.disconnect();
}

function unhide() {
  if (hidden) hidden.classList.remove("dealing");
  hidden = null;
}

function play(ms, root) {
  const deal = dealing;
  dealing = false;
  if (!ms) return 0;
  if (document.hidden || typeof requestAnimationFrame !== "function") {
    return flyAll(ms, root, performance.now());   // a hidden tab has no frames
  }
  queued = [ms, root, performance.now()];
  unmeasure();
  const table = root || document.getElementById("table");
  if (deal && table && !reduced()) {
    unhide();
    hidden = table;
    table.classList.add("dealing");
    ruler.port2.postMessage(0);
  } else if (!frame) {
    frame = requestAnimationFrame(flush);
  }
  return ms;
}

function flush() {
  frame = 0;
  const q = queued;
  const m = watch.takeRecords().every(movesNothing) ? measured : null;
  queued = null;
  unmeasure();
  try {
    if (q) flyAll(...q, m);
  } finally {
    unhide();   // after the flight's animations: its cards' style is worked out once, in the frame
    for (const res of waiting.splice(0)) res();
  }
}

// A queued flight is given up: its cards stay where the redraw put them.
function drop() {
  queued = null;
  unmeasure();
  unhide();
  if (frame) cancelAnimationFrame(frame);
  frame = 0;
  for (const res of waiting.splice(0)) res();
}

// Each card on the table with where it is now, where it was at capture()
// and where it comes from. Every element is measured before any is
// animated: reading a position after an animation starts would lay the
// page out again for each card.
function measureMoves(root) {
  root = root || document.getElementById("table");
  const moves = [];
  if (!root) return moves;
  for (const el of root.querySelectorAll("[data-key]")) {
    const now = el.getBoundingClientRect();
    if (now.width === 0) continue;
    const was = before.get(el.dataset.key);
    moves.push([el, now, was, was || (el.dataset.from && anchors.get(el.dataset.from))]);
  }
  return moves;
}

function flyAll(ms, root, called, measured) {
  root = root || document.getElementById("table");
  if (!root || !ms) return 0;
  ms = Math.max(ms - Math.min(latency, ms / 4), 1);
  const quiet = reduced();
  const moves = measured || measureMoves(root);
  before = new Map();
  anchors = new Map();
  let longest = 0;
  let order = 0;
  // Arriving cards leave 40 ms apart, or closer when many arrive (a deal):
  // all have left by a third of the flight.
  const arriving = moves.filter((m) => !m[2]).length;
  const apart = Math.min(40, ms / 3 / Math.max(arriving - 1, 1));
  for (const [el, now, was, source] of moves) {
    if (quiet) {
      if (!was) {
        el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, easing: "ease-out" });
        longest = ms;
      }
      continue;
    }
    // Cards that arrive together leave one after another (a sweep) and all
    // land at `ms`: the move is over when its time is.
    const delay = was ? 0 : Math.min(order++ * apart, ms / 3);
    const anim = source
      ? fly(el, source, now, ms - delay, delay, !was && "turn" in el.dataset)
      : el.animate([{ opacity: 0, transform: "scale(.8)" }, { opacity: 1, transform: "none" }],
                   { duration: ms - delay, delay, easing: EASE, fill: "backwards" });
    if (!source) hideUntil(el, delay);
    if (anim) {
      if (!longest) anim.ready.then(() => { latency = performance.now() - called; }, () => {});
      longest = ms;
    }
  }
  return longest;
}

// Text for elements outside the table (the top bar, the live region) is
// written at the end of the task that redraws: written before the redraw,
// it made the browser lay the page out again when `capture()` measured the
// cards (a forced layout of ~8 ms per move on a slow phone). The last
// value given for an element in a task wins, as it would have.
// With a redraw waiting for its task (see `draw`), they are written there,
// after it.
const writes = new Map();
function write(id, value, html) {
  if (!writes.size) queueMicrotask(flushWrites);
  writes.set(id, [value, html]);
}

function flushWrites() {
  if (asked.length) return;
  for (const [id, [value, html]] of writes) {
    const node = document.getElementById(id);
    if (!node) continue;
    if (html) node.innerHTML = value;
    else node.textContent = value;
  }
  writes.clear();
}

// The table redrawn in place (patch.js), telling it which cards wear the
// flight's style (not in their markup): their parts are patched in full.
function patch(root, markup) {
  inPlace.patch(root, markup, [...flying]);
}

// A redraw the page asks for (`draw`) is done in a task of its own, the next
// one: the Python step that worked the move out and wrote its markup
// (~20-35 ms on the phone profile) and the redraw (measuring the cards,
// patching the table: ~10-60 ms) were one task, often over 50 ms. Until
// it is done, `pending()` is true; `finish()` and `landed()` do it first.
const asked = [];    // [markup, ms, floor, fresh, when asked]
const doorbell = new MessageChannel();
doorbell.port1.onmessage = () => drawAsked(true);

function draw(markup, ms, floor, fresh) {
  if (!asked.length) doorbell.port2.postMessage(0);
  asked.push([markup, ms || 0, floor || 0, fresh, performance.now()]);
}

// `flights`: false when a tap cut the motion short (the cards go straight
// to their places).
function drawAsked(flights) {
  const todo = asked.splice(0);
  for (const [markup, ms, floor, fresh, when] of todo) {
    // The wait for this task is the move's time too (as its Python was).
    const left = flights && ms ? Math.max(floor, ms - (performance.now() - when)) : 0;
    // Through the page's handle on this module: what wraps it (a test) sees each step.
    const m = window.cardroomMotion;
    if (left) m.capture(null, fresh);
    m.patch(null, markup);
    if (left) m.play(left);
  }
  flushWrites();
  for (const fn of afterwards.splice(0)) fn();
}

function pending() {
  return asked.length > 0;
}

// The redraw waiting for its task, done now (a click whose change must be
// seen with it: the paused table's Pass turn).
function drawNow() {
  if (asked.length) drawAsked(true);
}

// Calls `fn` at the end of this task, or once the redraw waiting for its
// task is done: what the page says about the table (<html data-busy>)
// follows the table, whether the redraw was asked before or after.
const afterwards = [];
function after(fn) {
  queueMicrotask(() => {
    if (asked.length) afterwards.push(fn);
    else fn();
  });
}

// Resolves once the table's cards have landed and a callout banner is over
// (the next move is drawn after it: drawn during it, it made the banner
// stutter on a slow phone), or after `limit` ms (a hidden tab does not
// animate).
function landed(limit) {
  if (asked.length) {
    const done = new Promise((res) => afterwards.push(res));
    const late = new Promise((res) => setTimeout(() => res(false), limit || 2000));
    return Promise.race([done.then(() => landed(limit)), late]);
  }
  if (queued) {
    const started = new Promise((res) => waiting.push(res));
    const late = new Promise((res) => setTimeout(() => res(false), limit || 2000));
    return Promise.race([started.then(() => landed(limit)), late]);
  }
  const root = document.getElementById("table");
  const flying = document.getAnimations().filter((a) => {
    const target = a.effect && a.effect.target;
    const timing = a.effect && a.effect.getComputedTiming && a.effect.getComputedTiming();
    const ours = target && ((root && root.contains(target)) || target.classList.contains("banner"));
    return ours && timing && timing.endTime !== Infinity && a.playState !== "finished";
  });
  if (!flying.length) return Promise.resolve(true);
  const all = Promise.all(flying.map((a) => a.finished.catch(() => null))).then(() => true);
  return Promise.race([all, new Promise((res) => setTimeout(() => res(false), limit || 2000))]);
}

function finish() {
  if (asked.length) drawAsked(false);
  drop();
  for (const anim of document.getAnimations()) {
    // Endless animations (a pulsing option) cannot finish; leave them.
    const timing = anim.effect && anim.effect.getComputedTiming && anim.effect.getComputedTiming();
    if (timing && timing.endTime === Infinity) continue;
    try {
      anim.finish();
    } catch (e) {
      /* already gone */
    }
  }
  for (const node of document.querySelectorAll(".banner")) node.remove();
}

// A short callout over the table ("Ppuk!", "Go!", "Achtung!"); it removes itself.
function banner(word, native, kind, ms, images) {
  const host = document.getElementById("table");
  if (!host) return;
  for (const node of document.querySelectorAll(".banner")) node.remove();
  const node = document.createElement("div");
  node.className = `banner banner-${kind || "call"}`;
  node.setAttribute("aria-hidden", "true"); // the log's live region says it
  node.setAttribute("data-no-layout", "");  // over the table: its going moves no card
  const b = document.createElement("b");
  b.textContent = word;
  node.append(b);
  if (native) {
    const span = document.createElement("span");
    span.lang = "ko";
    span.textContent = native;
    node.append(" ", span);
  }
  if (images && images.length) {
    const row = document.createElement("span");
    row.className = "banner-cards";
    for (const src of images) {
      const img = document.createElement("img");
      img.src = src;
      img.alt = "";
      row.append(img);
    }
    node.append(row);
  }
  document.body.append(node);
  const frames = reduced()
    ? [{ opacity: 0 }, { opacity: 1, offset: 0.2 }, { opacity: 1, offset: 0.8 }, { opacity: 0 }]
    : [
        { opacity: 0, transform: "translate(-50%, -50%) scale(.4)" },
        { opacity: 1, transform: "translate(-50%, -50%) scale(1.1)", offset: 0.2 },
        { opacity: 1, transform: "translate(-50%, -50%) scale(1)", offset: 0.75 },
        { opacity: 0, transform: "translate(-50%, -50%) scale(1.05)" },
      ];
  const anim = node.animate(frames, { duration: ms || 900, easing: "ease-out", fill: "forwards" });
  anim.finished.then(() => node.remove(), () => node.remove());
}

// Loads and decodes the card faces a table is about to deal, before the
// deal: a face first met during a flight was fetched, parsed and painted in
// the middle of it (the phone dropped frames through the whole deal).
// The images are kept so the browser keeps the decoded faces; raster.js
// makes them into bitmaps (at the width of ``widest``, the markup of the
// table's widest card, when given: before the deal).
const preloaded = new Map();
function preload(urls, widest) {
  warmFonts();
  const table = new Map();
  for (const src of urls || []) {
    if (!preloaded.has(src)) {
      const img = new Image();
      img.decoding = "async";
      img.src = src;
      preloaded.set(src, img);
      img.decode().catch(() => preloaded.delete(src));
    }
    table.set(src, preloaded.get(src));
  }
  raster.use(table, widest);
}

// Hovering (or focusing) a hand card lights the field cards it would take.
function light(event) {
  const card = event.target.closest && event.target.closest("[data-group]");
  const root = document.getElementById("table");
  if (!root || !card || !card.classList.contains("card-btn")) return;
  const on = event.type === "pointerover" || event.type === "focusin";
  for (const node of root.querySelectorAll(`.field [data-group="${card.dataset.group}"] .hcard`)) {
    node.classList.toggle("hover-hl", on);
  }
}
for (const type of ["pointerover", "pointerout", "focusin", "focusout"]) {
  document.addEventListener(type, light);
}

window.cardroomMotion = { capture, play, patch, draw, drawNow, pending, after, forget: inPlace.forget, landed, finish, banner, reduced, preload, write };
