// First paint and boot progress, before Python runs. No game rule lives here.

// The offline cache (sw.js), registered first thing: on a first visit it
// takes control within a moment, and the interpreter is fetched only then,
// through it, so that the interpreter crosses the network once (the worker
// keeps what passes through). A failure here only costs offline play.
const CONTROL_WAIT_MS = 2000;
const workers = (() => {
  try {
    if (!("serviceWorker" in navigator) || location.protocol === "file:") return null;
    // A cross-site frame or a private mode may refuse it, synchronously or not.
    const registered = navigator.serviceWorker.register("./sw.js");
    registered.catch((e) => console.info("offline cache unavailable:", e && e.message));
    return registered;
  } catch (e) {
    console.info("offline cache unavailable:", e && e.message);
    return null;
  }
})();

// Resolves once this page is controlled by the offline cache, or when it
// will not be soon (none, refused, already active without control as after a
// forced reload, or CONTROL_WAIT_MS passed): the boot never waits longer.
function controlled() {
  if (!workers || navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, CONTROL_WAIT_MS);
    navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
    workers.then((reg) => { if (!reg || (reg.active && !reg.installing && !reg.waiting)) resolve(); }, resolve);
  });
}

// Start the interpreter now, while PyScript sets itself up (pyodide/boot.mjs
// hands the same interpreter to PyScript when it asks).
import("./pyodide/boot.mjs").then((m) => m.start(controlled())).catch((e) =>
  console.info("early boot unavailable, PyScript boots normally:", e && e.message));

// The bar eases towards 90% while Pyodide loads; Python finishes it by
// setting <html data-ready="1">. The bar itself is a CSS animation
// (style.css), so it moves while the main thread is busy starting Python;
// this only keeps its aria-valuenow and label roughly true.
const started = performance.now();
function watchBar() {
  const bar = document.querySelector(".boot-bar");
  const label = document.getElementById("boot-label");
  const timer = bar && setInterval(() => {
    const done = document.documentElement.dataset.ready === "1";
    const t = (performance.now() - started) / 1000;
    bar.setAttribute("aria-valuenow", String(done ? 100 : Math.round(90 * (1 - Math.exp(-t / 1.5)))));
    if (done) clearInterval(timer);
  }, 500);
  addEventListener("py:ready", () => {
    if (label) label.textContent = "Dealing\u2026";
  });
}
// This module is loaded async (it must start the boot before the page is
// parsed), so the bar may not be in the document yet.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchBar, { once: true });
else watchBar();

// Once the page is ready, the offline cache fetches the rest of what a game
// page can load and says so: <html data-offline="ready"> (or "failed").
function fillOfflineCache() {
  if (!workers) return;
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data && data.offline) document.documentElement.dataset.offline = data.offline;
  });
  navigator.serviceWorker.ready.then((reg) => reg.active.postMessage("fill")).catch((e) =>
    console.info("offline cache unavailable:", e && e.message));
}
// The boot snapshot (pyodide-boot.mjs), stored once per release when the
// page is idle after its first boot: the shipped one it booted from, else one
// made in a worker after a normal boot.
async function ensureSnapshot() {
  if (!("caches" in self)) return;
  const boot = await import("./pyodide/boot.mjs");
  if (!boot.SNAPSHOTS_ON) return;
  const cache = await caches.open(boot.SNAPSHOT_CACHE);
  const url = new URL("./pyodide/__snapshot__/" + boot.SNAPSHOT_KEY, location.href).href;
  if (await cache.match(url)) return;
  // Read back before it is called made (see below).
  const present = async () => {
    for (let i = 0; i < 20; i += 1) {
      if (await (await caches.open(boot.SNAPSHOT_CACHE)).match(url)) return true;
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  };
  if (await boot.storeShipped()) {
    const stored = await present();
    console.info("boot snapshot:", JSON.stringify({ shipped: true, stored }));
    document.documentElement.dataset.snapshot = stored ? "made" : "lost";
    return;
  }
  if (!("Worker" in self)) return;
  const worker = new Worker("./snapshot-worker.mjs", { type: "module" });
  // The worker answers after its cache.put has resolved and closes itself
  // (no terminate() here: it could cut the write short). The page then reads
  // the entry back before calling it made (through a cache opened afresh: the
  // worker deleted and recreated it); the boot (pyodide-boot.mjs) checks again
  // and boots normally when it is missing. WebKit may show another context's
  // write a moment after it resolved (measured: seen within a second), so the
  // read-back retries for a few seconds.
  worker.onmessage = async ({ data }) => {
    const stored = data.ok && (await present());
    console.info("boot snapshot:", JSON.stringify({ ...data, stored }));
    document.documentElement.dataset.snapshot = stored ? "made" : data.ok ? "lost" : "failed";
  };
  worker.postMessage("make");
}

// The files a snapshot boot left out (pyodide-boot.mjs: the standard library
// zip, the engine wheel) are written in once the offline cache holds them
// (so they cross the network once), or at once when there is no offline
// cache; LEFT_OUT_WAIT_MS bounds the wait for one that never answers.
const LEFT_OUT_WAIT_MS = 30000;
const idle = self.requestIdleCallback || ((f) => setTimeout(f, 1500));
function completeFiles() {
  let started = false;
  // (in idle time: the write is one task, kept out of the table's moves)
  const complete = () => {
    if (started) return;
    started = true;
    idle(() => import("./pyodide/boot.mjs").then((m) => m.completeFiles())
      .catch((e) => console.info("standard library or engine wheel not written in:", e && e.message)), { timeout: 10000 });
  };
  if (!workers) return complete();
  const root = document.documentElement;
  if (root.dataset.offline) return complete();
  const obs = new MutationObserver(() => { if (root.dataset.offline) { obs.disconnect(); complete(); } });
  obs.observe(root, { attributes: true, attributeFilter: ["data-offline"] });
  workers.catch(complete);
  setTimeout(() => { obs.disconnect(); complete(); }, LEFT_OUT_WAIT_MS);
}

function afterBoot() {
  fillOfflineCache();
  completeFiles();
  idle(() => ensureSnapshot().catch((e) => console.info("no boot snapshot:", e && e.message)), { timeout: 4000 });
  // The computer players' worker (ai-client.mjs waits for idle time itself).
  import("./ai-client.mjs").then((m) => m.start()).catch((e) => console.info("no ai worker:", e && e.message));
}

new MutationObserver((_, obs) => {
  if (document.documentElement.dataset.ready === "1") { obs.disconnect(); afterBoot(); }
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
