// Card faces shown as bitmaps made in the page.
//
// The art is SVG: small to send and sharp at any size. But an SVG <img> is
// dear to paint: each paint lays the SVG document out again for the size it
// is shown at and records its drawing, on the main thread, and a table shows
// one face at three or four sizes. On a phone profile (CPU x4) the frames of
// a move spent most of their paint there, and many were over 50 ms.
//
// So once a table is drawn, each of its faces (preloaded by motion.js, or
// found on the table: a resumed game or an embed has no preload) is drawn
// once, in an idle moment, into a canvas as wide as the widest card on the
// table (in device pixels) and kept as a PNG blob. The table's markup is
// rewritten as it is parsed (`rewrite`) to show the bitmap; `data-art`
// keeps the SVG's address. Nothing crosses the network; the bitmaps are
// kept for the next visit.
// If the cards grow (a rotated phone, a wider window), the faces are made
// again at the new width; until then the old bitmaps are shown.

let faces = new Map();       // SVG address (as in the markup) -> its <img>: this table's faces
const made = new Map();      // SVG address -> the width its bitmap was made at
const bitmaps = new Map();   // SVG address -> blob: URL of its bitmap
let width = 0;               // device px of the bitmaps being made (0: not measured yet)
let planned = false;
let canvas = null;
let stored = 0;              // bitmaps read from the store, not drawn (this visit)

const STEP = 16;             // widths in steps, not a new set for every pixel
const MAX_WIDTH = 1024;

// (Without requestIdleCallback, as in Safari: a moment of 16 ms every 60.)
const idle = window.requestIdleCallback
  ? (fn) => window.requestIdleCallback(fn, { timeout: 2000 })
  : (fn) => setTimeout(() => {
      const end = performance.now() + 16;
      fn({ timeRemaining: () => Math.max(0, end - performance.now()) });
    }, 60);

// The markup of the table's widest card (set up by use()), measured while
// no card is drawn yet: the faces are then made while the player is still
// on the setup screen, and the deal shows bitmaps. (Dealt as SVG, its first
// frame painted every face at once: ~150 ms of paint on the phone profile.)
let sample = null;
let sampled = 0;             // its width in css px, once measured (0: not yet)

function sampleWidth() {
  if (!sample || !document.body) return 0;
  if (sampled) return sampled;
  const probe = document.createElement("div");
  probe.setAttribute("aria-hidden", "true");
  probe.setAttribute("data-no-layout", "");   // motion.js: its coming and going moves no card
  probe.style.cssText = "position:absolute;left:0;top:0;width:100%;visibility:hidden;pointer-events:none";
  probe.innerHTML = sample;
  document.body.appendChild(probe);
  const img = probe.querySelector("img");
  sampled = img ? img.offsetWidth : 0;
  probe.remove();
  return sampled;
}

// The width the table's cards need, in device pixels (0: no card drawn and
// no sample), taking in any face not met before (a resumed game, an embed:
// no preload).
function survey() {
  let css = 0;
  for (const img of document.querySelectorAll("#table img.hcard, #table img.scard")) {
    css = Math.max(css, img.offsetWidth);
    const art = img.getAttribute("data-art") || img.getAttribute("src");
    if (art && art.endsWith(".svg") && !faces.has(art)) {
      const face = new Image();
      face.src = art;
      faces.set(art, face);
    }
  }
  if (!css) css = sampleWidth();
  const px = Math.ceil((css * (window.devicePixelRatio || 1)) / STEP) * STEP;
  return Math.min(px, MAX_WIDTH);
}

function next() {
  for (const src of faces.keys()) if ((made.get(src) || 0) < width) return src;
  return undefined;
}

function plan() {
  if (planned) return;
  planned = true;
  idle(step);
}

// The store is read first, for every face at once: a returning visit
// finds them all there, and reading is the browser's work, not the page's
// (one face per idle moment took ~2 s of a return visit on the phone
// profile, so a quick deal still showed SVG faces). Then the faces not
// stored are painted, a strip of a face per task (see `paintStrip`; a face
// per task without the PNG worker): the first in an idle moment, the next
// ones in tasks of their own while that moment lasts (one per idle moment
// took ~3 s for a deck on the phone profile; several in one task, up to a
// slice of 16 ms, made tasks of 45-55 ms when a dear face came after a
// cheap one: a face costs 1-35 ms there). The PNG encoding, the store and
// the check of each bitmap follow off that task.
const looked = new Set();    // "<width> <address>": the store already asked
let pending = 0;             // faces painted whose bitmaps are not ready yet
let cost = 20;               // ms the last face's paint took (a guess at first)
const painter = new MessageChannel();
let until = 0;               // when the idle moment being used ends (performance.now())
let chained = false;         // a face's task is posted: that chain goes on
let missed = false;          // a step came meanwhile: the chain hands over to a new one
painter.port1.onmessage = () => {
  chained = false;
  if (missed) {                           // (the cards' width may have changed)
    missed = false;
    plan();
  } else {
    paintNext();
  }
};

function step(deadline) {
  planned = false;
  if (chained) {
    missed = true;
    return;
  }
  const want = survey();
  if (!want) return;                      // no table nor sample yet: the next draw asks again
  width = Math.max(width, want);
  const unread = [...faces.keys()].filter((src) => (made.get(src) || 0) < width && !looked.has(`${width} ${src}`));
  if (unread.length) {
    readStored(unread, width).finally(plan);
    return;
  }
  until = performance.now() + (deadline && deadline.timeRemaining ? deadline.timeRemaining() : 0);
  paintNext();
}

function paintNext() {
  if (!face) {
    const src = next();
    if (src === undefined) {
      if (!pending) idle(swapShown);
      return;
    }
    const img = faces.get(src);
    if (!img.complete) {                  // still loading: painted once it is in
      img.decode().catch(() => {}).finally(plan);
      return;
    }
    face = paint(src, img, width);        // null: done at once (no worker) or not paintable
  }
  const t0 = performance.now();
  if (face) paintStrip();
  cost = performance.now() - t0;
  if (!face && next() === undefined) {
    if (!pending) idle(swapShown);
  } else if (performance.now() + cost < until) {
    chained = true;
    painter.port2.postMessage(0);         // the next strip or face, in a task of its own
  } else {
    plan();
  }
}

// Asking the store costs the page ~1.4 ms a face on the phone profile (a
// fetch of its SVG for the key, the digest, the match), and up to ~5 ms
// during a deal: READ_BATCH faces are asked in a task of their own, so
// that no task is long (8 made a task of 39 ms in a deal).
const READ_BATCH = 4;

async function readStored(sources, w) {
  for (const src of sources) looked.add(`${w} ${src}`);
  const reads = [];
  for (let i = 0; i < sources.length; i += READ_BATCH) {
    if (i) await new Promise((resolve) => setTimeout(resolve, 0));
    reads.push(...sources.slice(i, i + READ_BATCH).map((src) => readOne(src, w)));
  }
  await Promise.all(reads);
  if (next() === undefined && !pending) idle(swapShown);
}

async function readOne(src, w) {
  try {
    const key = await storeKey(src, w);
    const blob = key && (await fromStore(key));
    if (blob && (made.get(src) || 0) < w) {
      made.set(src, w);
      stored++;
      await show(src, blob, w);
    }
  } catch {}                              // not stored: painted later
}

// Starts the face at width `w`. With the PNG worker, the face is drawn a
// strip a task (`paintStrip`) and returned as `face`; without it, it is
// drawn whole now and null is returned. Its PNG is made (off the main
// thread where the browser can, see `encode`), stored and shown afterwards.
// A face that cannot be drawn stays SVG.
function paint(src, img, w) {
  made.set(src, w);                        // tried at this width (a failure is not retried)
  if (!img.naturalWidth) return null;      // not loaded: stays SVG
  const h = Math.round((w * img.naturalHeight) / img.naturalWidth);
  if (pngWorker()) return { src, img, w, h, parts: [] };
  let png;
  try {
    png = encode(img, w, h);
  } catch (err) {
    console.warn(`cardroom: face ${src} stays SVG: ${err}`);   // shown as it was, never an error
    return null;
  }
  whenMade(src, w, png);
  return null;
}

// The face being drawn a strip a task: {src, img, w, h, parts} (null: none).
// drawImage only records an SVG's drawing; it is rasterized on the main
// thread when the bitmap is taken: 2-52 ms a whole face on the phone
// profile (with a software canvas), and a third of a face took up to 53 ms
// in a hand. A sixth took at most 30 ms (most 5-20 ms).
let face = null;
const STRIPS = 6;

function paintStrip() {
  const { src, img, w, h, parts } = face;
  const k = parts.length;
  const top = Math.floor((k * h) / STRIPS);
  const bottom = Math.floor(((k + 1) * h) / STRIPS);
  try {
    const part = new OffscreenCanvas(w, bottom - top);
    part.getContext("2d").drawImage(img, 0, -top, w, h);
    parts.push(part.transferToImageBitmap());
  } catch {
    for (const bitmap of parts) bitmap.close();
    face = null;
    noWorker();                            // this face and the next ones, made on the page
    made.delete(src);
    return;
  }
  if (parts.length < STRIPS) return;
  face = null;
  const worker = pngWorker();
  if (!worker) {                           // failed meanwhile: the page encodes it
    for (const bitmap of parts) bitmap.close();
    made.delete(src);
    return;
  }
  whenMade(src, w, toWorker(worker, parts, img, w, h));
}

// A face's PNG on its way (`png`): stored and shown once it is made.
function whenMade(src, w, png) {
  pending++;
  png
    .then(async (blob) => {
      if (blob && w === width) storeKey(src, w).then((key) => key && toStore(key, blob));
      await show(src, blob, w);
    })
    .catch((err) => console.warn(`cardroom: face ${src} stays SVG: ${err}`))
    .finally(() => {
      pending--;
      if (!pending && !face && next() === undefined) {
        idle(swapShown);
        if (encoder) {                     // made again if the faces are (a wider window)
          encoder.terminate();
          encoder = undefined;
        }
      }
    });
}

// The PNGs. Where there are OffscreenCanvas and workers, a face's strips go
// to png-worker.js, which puts them together and encodes the PNG: on the
// main thread (canvas.toBlob) Chromium encodes in the page's idle time, and
// when there was none, all at once: tasks of 50-90 ms a face on the phone
// profile. Elsewhere, or once the worker fails, a face is drawn whole on
// the page and encoded there (`encode`).
let encoder;                 // the worker (null: none; undefined: not tried yet)
const encoding = new Map();  // id -> [resolve, reject, img, w, h]
let encodingId = 0;

function pngWorker() {
  if (encoder !== undefined) return encoder;
  encoder = null;
  if (typeof OffscreenCanvas !== "function" || typeof Worker !== "function") return null;
  try {
    encoder = new Worker(new URL("./png-worker.js", import.meta.url));
  } catch {
    return null;
  }
  encoder.onmessage = ({ data }) => {
    const [resolve, reject] = encoding.get(data.id) || [];
    encoding.delete(data.id);
    if (data.blob) resolve(data.blob);
    else if (reject) reject(new Error(data.error));
  };
  encoder.onerror = () => noWorker();
  return encoder;
}

// The worker failed (or drawing for it did): the faces it had, and the
// next ones, are made on the page.
function noWorker() {
  if (encoder) encoder.terminate();
  encoder = null;
  const left = [...encoding.values()];
  encoding.clear();
  for (const [resolve, reject, img, w, h] of left) {
    try {
      encode(img, w, h).then(resolve, reject);
    } catch (err) {
      reject(err);
    }
  }
}

// The strips of a face, sent to the worker, which puts them together and
// answers with the PNG.
function toWorker(worker, parts, img, w, h) {
  const id = ++encodingId;
  return new Promise((resolve, reject) => {
    encoding.set(id, [resolve, reject, img, w, h]);
    worker.postMessage({ id, parts, width: w, height: h }, parts);
  });
}

// The face drawn whole on the page (one canvas for every face: a canvas
// each held ~10 MB until collected; setting its size clears it), and a
// promise of its PNG (toBlob copies the canvas as it is called).
function encode(img, w, h) {
  canvas = canvas || document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  canvas.getContext("2d").drawImage(img, 0, 0, w, h);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

async function show(src, blob, w) {
  if (!blob || w !== width) return;        // the width changed meanwhile
  const url = URL.createObjectURL(blob);
  // Loaded once before any card shows it, so a card never shows it blank.
  // The <img> is not kept: keeping 50 decoded faces cost ~20 MB, and a
  // loaded image's pixels stay in the browser's cache.
  const loaded = new Image();
  loaded.src = url;
  try {
    await loaded.decode();
  } catch {
    URL.revokeObjectURL(url);
    return;
  }
  bitmaps.set(src, url);
}

// The bitmaps are kept between visits (Cache API), under the hash of the
// face's SVG and the width: a release that changes a face changes its key.
// The store is optional: without the Cache API or crypto.subtle (a page
// not served over https or from localhost), or with storage full or
// refused, faces are drawn at every visit. The name is not "cardroom-...":
// sw.js owns those (and deletes the old ones).
const STORE = "cardroom.faces";

async function storeKey(src, w) {
  try {
    if (!window.caches || !window.crypto || !crypto.subtle) return null;
    // Read under another address (`?key`: the service worker and the
    // server ignore it): a fetch() of the image's own address took the
    // decoded face's place in the browser's memory cache, so each card
    // drawn with that SVG afterwards loaded and parsed it again (~60-70 ms
    // a face on the phone profile, a deal's faces all in its first frames).
    const url = new URL(src, location.href);
    url.searchParams.set("key", "");
    const svg = await (await fetch(url.href)).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", svg));
    const hex = [...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return new URL(`./faces/${hex}-${w}.png`, location.href).href;
  } catch {
    return null;
  }
}

async function fromStore(key) {
  try {
    const hit = await (await caches.open(STORE)).match(key);
    return hit ? await hit.blob() : null;
  } catch {
    return null;
  }
}

function toStore(key, blob) {
  caches.open(STORE)
    .then((cache) => cache.put(key, new Response(blob, { headers: { "Content-Type": "image/png" } })))
    .catch(() => {});                      // full or refused: drawn again next visit
}

// Shows the bitmaps in the cards already on the table (their parts of the
// markup may not be parsed again for a while).
function swapShown() {
  const root = document.getElementById("table");
  if (root) rewrite(root);
}

// Points every face image under `root` (a parsed fragment or the table) at
// its bitmap, when it has one.
export function rewrite(root) {
  if (!bitmaps.size) return;
  for (const img of root.querySelectorAll("img[src]")) {
    const art = img.getAttribute("data-art") || img.getAttribute("src");
    const url = bitmaps.get(art);
    if (url && img.getAttribute("src") !== url) {
      img.setAttribute("data-art", art);
      img.setAttribute("src", url);
    }
  }
}

// The faces of the table being set up (loaded <img> elements, by the
// address its markup uses): each is made into a bitmap, from now on when
// ``widest`` (the markup of the table's widest card) tells their width,
// else once the table shows cards.
export function use(table, widest) {
  faces = table;
  sample = widest || null;
  sampled = 0;
  if (sample) plan();
}

// A redraw happened: there may be cards on the table now, or new faces.
export function drawn() {
  plan();
}

window.addEventListener("resize", () => {
  sampled = 0;               // the cards may have another size now
  plan();
});

// For tests and benches: how many faces are bitmaps, at what width.
export function state() {
  let todo = 0;
  for (const src of faces.keys()) if ((made.get(src) || 0) < width) todo++;
  return { faces: faces.size, bitmaps: bitmaps.size, stored, width, todo };
}
