// First paint and boot progress, before Python runs. No game rule lives here.

// Start the interpreter now, while PyScript sets itself up (pyodide/boot.mjs
// hands the same interpreter to PyScript when it asks).
import("./pyodide/boot.mjs").then((m) => m.start()).catch((e) =>
  console.info("early boot unavailable, PyScript boots normally:", e && e.message));

// The bar eases towards 90% while Pyodide loads; Python finishes it by
// setting <html data-ready="1">. The bar itself is a CSS animation
// (style.css), so it moves while the main thread is busy starting Python;
// this only keeps its aria-valuenow and label roughly true.
const bar = document.querySelector(".boot-bar");
const label = document.getElementById("boot-label");
const started = performance.now();
const timer = bar && setInterval(() => {
  const done = document.documentElement.dataset.ready === "1";
  const t = (performance.now() - started) / 1000;
  bar.setAttribute("aria-valuenow", String(done ? 100 : Math.round(90 * (1 - Math.exp(-t / 1.5)))));
  if (done) clearInterval(timer);
}, 500);

addEventListener("py:ready", () => {
  if (label) label.textContent = "Dealing\u2026";
});

// The offline cache. It is registered once the game is up, so that its
// pre-cache download does not compete with the first boot. A failure here
// only costs offline play.
function registerWorker() {
  try {
    if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
    // A cross-site frame or a private mode may refuse it, synchronously or not.
    navigator.serviceWorker.register("./sw.js").catch((e) =>
      console.info("offline cache unavailable:", e && e.message));
  } catch (e) {
    console.info("offline cache unavailable:", e && e.message);
  }
}
// The boot snapshot (pyodide-boot.mjs): made once per release, in a worker,
// when the page is idle after its first normal boot.
async function ensureSnapshot() {
  if (!("caches" in self) || !("Worker" in self)) return;
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
  worker.postMessage("make");
}

function afterBoot() {
  registerWorker();
  const later = self.requestIdleCallback || ((f) => setTimeout(f, 1500));
  later(() => ensureSnapshot().catch((e) => console.info("no boot snapshot:", e && e.message)), { timeout: 4000 });
  // The computer players' worker (ai-client.mjs waits for idle time itself).
  import("./ai-client.mjs").then((m) => m.start()).catch((e) => console.info("no ai worker:", e && e.message));
}

new MutationObserver((_, obs) => {
  if (document.documentElement.dataset.ready === "1") { obs.disconnect(); afterBoot(); }
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
