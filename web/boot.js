// First paint and boot progress, before Python runs. No game rule lives here.
// The bar eases towards 90% while Pyodide loads; Python finishes it by
// setting <html data-ready="1">.
const fill = document.getElementById("boot-fill");
const bar = fill && fill.parentElement;
const label = document.getElementById("boot-label");
const started = performance.now();
let stage = 0;

function show(pct) {
  if (!fill) return;
  fill.style.width = pct.toFixed(1) + "%";
  bar.setAttribute("aria-valuenow", String(Math.round(pct)));
}

function tick() {
  if (document.documentElement.dataset.ready === "1") { show(100); return; }
  const t = (performance.now() - started) / 1000;
  // About 5 s to boot on a slow machine: ease towards 60%, then 90% after py:ready.
  const target = stage ? 90 - 25 * Math.exp(-t / 2) : 60 * (1 - Math.exp(-t / 2.5));
  show(target);
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);

addEventListener("py:ready", () => {
  stage = 1;
  if (label) label.textContent = "Dealing\u2026";
});

// The offline cache. It is registered once the game is up, so that its
// pre-cache download does not compete with the first boot. A failure here
// only costs offline play.
function registerWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  navigator.serviceWorker.register("./sw.js").catch((e) =>
    console.info("offline cache unavailable:", e && e.message));
}
// The boot snapshot (pyodide-boot.mjs): made once per release, in a worker,
// when the page is idle after its first normal boot.
async function ensureSnapshot() {
  if (!("caches" in self) || !("CompressionStream" in self) || !("Worker" in self)) return;
  const boot = await import("./pyodide/boot.mjs");
  if (!boot.SNAPSHOTS_ON) return;
  const cache = await caches.open(boot.SNAPSHOT_CACHE);
  const url = new URL("./pyodide/__snapshot__/" + boot.SNAPSHOT_KEY, location.href).href;
  if (await cache.match(url)) return;
  const worker = new Worker("./snapshot-worker.mjs", { type: "module" });
  worker.onmessage = ({ data }) => {
    console.info("boot snapshot:", JSON.stringify(data));
    document.documentElement.dataset.snapshot = data.ok ? "made" : "failed";
    worker.terminate();
  };
  worker.postMessage({ wheel: new URL("./pyodide/" + boot.WHEEL, location.href).href });
}

function afterBoot() {
  registerWorker();
  const later = self.requestIdleCallback || ((f) => setTimeout(f, 1500));
  later(() => ensureSnapshot().catch((e) => console.info("no boot snapshot:", e && e.message)), { timeout: 4000 });
}

new MutationObserver((_, obs) => {
  if (document.documentElement.dataset.ready === "1") { obs.disconnect(); afterBoot(); }
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
