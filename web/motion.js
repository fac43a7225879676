// Card motion for the tables (every game). The Python tables redraw the
// table as HTML; this script makes each card look like one object moving
// between hand, field, stock and piles (the FLIP technique): before a redraw
// `capture()` measures every element with a `data-key` (one per card) and
// every `data-anchor` (a stock, a seat's hand, a pile); after it `play(ms)`
// sends each keyed element from where it was to where it is now, with
// transforms only, so the compositor animates it. A card that was not on the
// table comes from its `data-from` anchor (the stock, an opponent's hand);
// `data-turn` also turns it face up. With prefers-reduced-motion, cards only
// fade. `finish()` jumps every running animation to its end (a tap during an
// animation is never made to wait for it). `banner()` shows a callout.
// Card faces are shown as bitmaps once raster.js has made them.
import * as raster from "./raster.js";
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
// while they were still SVG).
function hideUntil(el, delay) {
  if (delay > 0) el.animate([{ visibility: "hidden" }, { visibility: "hidden" }], { duration: delay });
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
// frame measure again, so a flight never starts from a stale place.
let dealing = false; // capture() was fresh: the next play() is a deal
let measured = null; // the queued flight's moves, once measured
const ruler = new MessageChannel();
ruler.port1.onmessage = () => {
  if (!queued || measured) return;
  measured = measureMoves(queued[1]);
  watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  if (!frame) frame = requestAnimationFrame(flush);
};
const watch = new MutationObserver(() => unmeasure());
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
  const m = watch.takeRecords().length ? null : measured;
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

// Redraws `root` as `markup` keeping every element that is still there, so
// a redraw lays out, paints and rasterizes only what changed (replacing the
// whole table's HTML repainted it all at every move: the phone dropped most
// frames of each flight). A card (`data-key`) keeps its element wherever it
// goes; other nodes are matched by position and tag within their parent.
// Form fields are always new, as with innerHTML (their state is the markup's).
const FRESH = new Set(["INPUT", "SELECT", "TEXTAREA"]);

function keyOf(node) {
  return node.nodeType === 1 ? node.getAttribute("data-key") : null;
}

function syncNode(el, src, keyed) {
  if (el.nodeType !== 1) {
    if (el.nodeValue !== src.nodeValue) el.nodeValue = src.nodeValue;
    return;
  }
  for (const a of [...el.attributes]) if (!src.hasAttribute(a.name)) el.removeAttribute(a.name);
  for (const a of src.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
  syncChildren(el, src, keyed);
}

// A new node keeps the cards it holds that were on the table.
function adopt(node, keyed) {
  for (const d of node.querySelectorAll("[data-key]")) {
    const was = keyed.get(d.getAttribute("data-key"));
    if (!was || was.nodeName !== d.nodeName || !node.contains(d)) continue;
    keyed.delete(d.getAttribute("data-key"));
    syncNode(was, d, keyed);
    d.replaceWith(was);
  }
}

// A wrapper with a `data-slot` (the <li> around a card in a hand, a month's
// group on the field) is matched by its slot among its parent's children,
// not by position: when a card leaves a hand, the other cards keep their
// wrappers instead of each moving into the one before it.
function slotOf(node) {
  return node.nodeType === 1 ? node.getAttribute("data-slot") : null;
}

function syncChildren(parent, source, keyed) {
  const old = [...parent.childNodes];
  const slots = new Map();
  for (const node of old) if (slotOf(node) !== null) slots.set(slotOf(node), node);
  let oi = 0;
  const result = [];
  for (const node of [...source.childNodes]) {
    let keep = null;
    const key = keyOf(node);
    const slot = slotOf(node);
    if (key !== null) {
      const was = keyed.get(key);
      if (was && was.nodeName === node.nodeName) {
        keyed.delete(key);
        keep = was;
      }
    } else if (slot !== null) {
      const was = slots.get(slot);
      if (was && was.nodeName === node.nodeName && was.parentNode === parent) {
        slots.delete(slot);
        keep = was;
      }
    } else if (!FRESH.has(node.nodeName)) {
      while (oi < old.length && (keyOf(old[oi]) !== null || slotOf(old[oi]) !== null
                                 || old[oi].parentNode !== parent)) oi++;
      if (oi < old.length && old[oi].nodeType === node.nodeType && old[oi].nodeName === node.nodeName) keep = old[oi++];
    }
    if (keep) syncNode(keep, node, keyed);
    else if (node.nodeType === 1) adopt(node, keyed);
    result.push(keep || node);
  }
  // The children that go are taken out first: moving a node that stays
  // re-creates its layout object and repaints it (a card's image is an SVG,
  // costly to paint on a slow phone), and every card after a removed one
  // used to be moved. Now only new and reordered nodes are.
  const kept = new Set(result);
  for (const node of old) if (!kept.has(node) && node.parentNode === parent) node.remove();
  // Children before `cursor` are result's first items, in order.
  let cursor = parent.firstChild;
  for (const node of result) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

// A table drawn in parts: its markup is its element's opening tag, each
// part (one element, or nothing) and its closing tag, with PART between
// them. When the parts are laid out as in the last drawing, only the parts
// whose markup changed are parsed and patched (a move changes two or three
// of ten: the parsing and the walk over the rest were most of a redraw on
// a slow phone), and the table element's own attributes are synced. A part
// may be drawn in parts of its own the same way, with the next level's
// marker (`<!--part1-->`, `<!--part2-->`: a seat's head apart from its piles).
const PART = "<!--part-->";
let drawn = null;   // [the root patched, its parts as last drawn]

function marker(level) {
  return level ? `<!--part${level}-->` : PART;
}

function fragment(markup) {
  const tpl = document.createElement("template");
  tpl.innerHTML = markup;
  raster.rewrite(tpl.content);   // faces made into bitmaps are shown as such
  return tpl.content;
}

function patchParts(root, parts, keyed) {
  if (!drawn || drawn[0] !== root) return false;
  const host = root.firstElementChild;
  if (!host || root.childNodes.length !== 1) return false;
  return patchHost(host, parts, drawn[1], keyed, 0);
}

// `host` was drawn from `last` (its nodes: a marker before each part and
// after the last, an element for each part that has one); makes it
// `parts`. False, with nothing changed, when they are not laid out alike.
function patchHost(host, parts, last, keyed, level) {
  if (parts.length !== last.length) return false;
  let nodes = 0;
  for (let i = 1; i < parts.length - 1; i++) {
    if (!parts[i] !== !last[i]) return false;
    nodes += parts[i] ? 2 : 1;
  }
  if (host.childNodes.length !== nodes + 1) return false;
  const head = fragment(parts[0] + parts[parts.length - 1]).firstElementChild;
  if (!head || head.nodeName !== host.nodeName) return false;
  for (const a of [...host.attributes]) if (!head.hasAttribute(a.name)) host.removeAttribute(a.name);
  for (const a of head.attributes) if (host.getAttribute(a.name) !== a.value) host.setAttribute(a.name, a.value);
  let index = 0;
  const olds = [...host.children];
  const styled = [...flying];
  const inner = marker(level + 1);
  for (let i = 1; i < parts.length - 1; i++) {
    if (!parts[i]) continue;
    const old = olds[index++];
    // Unchanged, unless a card still flying in it wears the flight's style.
    if (parts[i] === last[i] && !styled.some((el) => old.contains(el))) continue;
    if (parts[i].includes(inner) && last[i].includes(inner)
        && patchHost(old, parts[i].split(inner), last[i].split(inner), keyed, level + 1)) continue;
    const src = fragment(parts[i]);
    const el = src.firstElementChild;
    if (el && src.childNodes.length === 1 && el.nodeName === old.nodeName) {
      syncNode(old, el, keyed);
    } else {
      for (const node of src.childNodes) if (node.nodeType === 1) adopt(node, keyed);
      old.replaceWith(src);
    }
  }
  return true;
}

// The indices of the parts (between the opening and closing tags) that
// have an element, in order: the host's children.
function withElements(parts) {
  const out = [];
  for (let i = 1; i < parts.length - 1; i++) if (parts[i]) out.push(i);
  return out;
}

// The page changed the table itself (a tapped card, a button's words): the
// next redraw patches the parts holding `nodes` in full (every part when
// none is given), so the table is its markup again. Only those: after a
// tap, a redraw of every part was a 25-45 ms task on a slow phone.
function forget(...nodes) {
  const host = drawn && drawn[0].firstElementChild;
  if (!host || !nodes.length) {
    drawn = null;
    return;
  }
  const last = drawn[1];
  for (const node of nodes) {
    let el = node;
    while (el && el.parentNode !== host) el = el.parentNode;
    // its part: the k-th of the parts that have an element
    const k = el ? [...host.children].indexOf(el) : -1;
    const part = k < 0 ? undefined : withElements(last)[k];
    if (part === undefined) {
      drawn = null;
      return;
    }
    last[part] = "\0";   // never drawn: unlike any markup
  }
}

function patch(root, markup) {
  root = root || document.getElementById("table");
  if (!root) return;
  const keyed = new Map();
  for (const el of root.querySelectorAll("[data-key]")) keyed.set(el.getAttribute("data-key"), el);
  const parts = markup.split(PART);
  if (parts.length > 2 && patchParts(root, parts, keyed)) {
    drawn = [root, parts];
  } else {
    syncChildren(root, fragment(markup), keyed);
    drawn = parts.length > 2 ? [root, parts] : null;
  }
  raster.drawn();
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

window.cardroomMotion = { capture, play, patch, draw, drawNow, pending, after, forget, landed, finish, banner, reduced, preload, write };
