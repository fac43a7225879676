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
const EASE = "cubic-bezier(.2,.75,.25,1)";
let before = new Map();
let anchors = new Map();

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
function capture(root, fresh) {
  root = root || document.getElementById("table");
  if (!root) return;
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
  // change, so nothing is laid out again).
  el.style.zIndex = "20";
  const anim = el.animate(frames, { duration: ms, delay, easing: EASE, fill: "backwards" });
  const land = () => {
    el.style.removeProperty("z-index");
    if (!el.getAttribute("style")) el.removeAttribute("style");
  };
  anim.finished.then(land, land);
  return anim;
}

// Moves what changed since capture(); returns the longest animation in ms.
function play(ms, root) {
  root = root || document.getElementById("table");
  if (!root || !ms) return 0;
  const quiet = reduced();
  // Every element is measured before any is animated: reading a position
  // after an animation starts would lay the page out again for each card.
  const moves = [];
  for (const el of root.querySelectorAll("[data-key]")) {
    const now = el.getBoundingClientRect();
    if (now.width === 0) continue;
    const was = before.get(el.dataset.key);
    moves.push([el, now, was, was || (el.dataset.from && anchors.get(el.dataset.from))]);
  }
  before = new Map();
  anchors = new Map();
  let longest = 0;
  let order = 0;
  for (const [el, now, was, source] of moves) {
    if (quiet) {
      if (!was) {
        el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, easing: "ease-out" });
        longest = ms;
      }
      continue;
    }
    // Cards that arrive together leave one after another (a sweep).
    const delay = was ? 0 : Math.min(order++ * 40, 160);
    const anim = source
      ? fly(el, source, now, ms, delay, !was && "turn" in el.dataset)
      : el.animate([{ opacity: 0, transform: "scale(.8)" }, { opacity: 1, transform: "none" }],
                   { duration: ms, delay, easing: EASE, fill: "backwards" });
    if (anim) longest = Math.max(longest, ms + delay);
  }
  return longest;
}

function finish() {
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

window.cardroomMotion = { capture, play, finish, banner, reduced };
