// The page's side of the computer players' worker (ai-worker.mjs): started
// by boot.js once the page is ready, kept for the page's lifetime, used by
// Python (app/ai_remote.py) through window.cardroomAI:
//   ready        true once the worker answers requests
//   ask(text)    a Promise of the action for a request (Session.ai_request
//                as JSON text); rejected on an error or after TIMEOUT_MS
//   started(ms)  a Promise: true once the worker is ready; false after ms,
//                if it fails, or at once unless it is starting (a computer
//                seat's first move waits for a worker that is booting rather
//                than think on the page: the page's slices are its longest
//                tasks on a slow phone)
//   hint(text)   a Promise of the coach's advice (JSON text) for a hint
//                request (gostop.agents.coach.hint_request as JSON text)
//   answers      how many requests the worker answered (tests, bench)
//   log          [level, rollouts, ms] of each answer (the bench)
//   readyMs      the worker's ready time after the page's; boot: how it
//                booted, bootMs: its own boot time, wasmBytes: its memory
// <html data-ai-worker> says where it stands: waiting (for idle time and the
// boot snapshot), starting, ready, off (no workers here) or failed. Whenever
// it is not ready, the page thinks on its main thread in slices, as before.
// The first visit stores the boot snapshot (the shipped one, or one made in
// another worker: boot.js); this one starts after that is settled, so two
// interpreters never boot at once and this one boots from the stored copy.
const TIMEOUT_MS = 10000;
const SNAPSHOT_WAIT_MS = 60000;
const root = document.documentElement;

const ai = { ready: false, answers: 0, log: [], readyMs: null, boot: null, ask, hint, started };
let worker = null;
let nextId = 0;
const pending = new Map();  // id -> {resolve, reject, timer}

function ask(text) {
  return post({ request: text });
}

// The coach's advice for the player (a Hint): a Promise of its JSON text.
function hint(text) {
  return post({ hint: text });
}

const readyWaiters = [];
let waitedInVain = false;   // a worker that missed one wait is not waited for again
function started(ms) {
  if (ai.ready) return Promise.resolve(true);
  if (root.dataset.aiWorker !== "starting" || waitedInVain) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => { waitedInVain = true; resolve(false); }, ms);
    readyWaiters.push((ok) => { clearTimeout(timer); resolve(ok); });
  });
}

function settled(ok) {
  for (const resolve of readyWaiters.splice(0)) resolve(ok);
}

function post(message) {
  if (!ai.ready) return Promise.reject(new Error("the worker is not ready"));
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    // No answer in time: the worker is stuck or far too slow; the page
    // thinks for itself from now on.
    const timer = setTimeout(() => fail("no answer in " + TIMEOUT_MS + " ms"), TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    worker.postMessage({ id, ...message });
  });
}

function fail(why) {
  console.info("computer players think on the page:", why);
  ai.ready = false;
  root.dataset.aiWorker = "failed";
  if (worker) worker.terminate();
  settled(false);
  for (const { reject, timer } of pending.values()) { clearTimeout(timer); reject(new Error(why)); }
  pending.clear();
}

function onMessage({ data }, started) {
  if (data.ready) {
    Object.assign(ai, { ready: true, readyMs: Math.round(performance.now() - started), boot: data.boot,
                        bootMs: data.ms, wasmBytes: data.wasm });
    root.dataset.aiWorker = "ready";
    console.info("ai worker:", JSON.stringify({ boot: data.boot, ms: data.ms, readyMs: ai.readyMs }));
    settled(true);
  } else if (data.failed) {
    fail(data.failed);
  } else {
    const waiting = pending.get(data.id);
    if (!waiting) return;  // an answer given up on: never applied
    pending.delete(data.id);
    clearTimeout(waiting.timer);
    if ("error" in data) {
      waiting.reject(new Error(data.error));
    } else if ("hint" in data) {
      waiting.resolve(data.hint);
    } else {
      ai.answers += 1;
      ai.log.push([data.level, data.rollouts, data.ms, data.counted]);
      if (ai.log.length > 500) ai.log.shift();
      waiting.resolve(data.action);
    }
  }
}

// Resolves when the boot snapshot is stored or its making has ended (boot.js
// sets data-snapshot), at once when there is none to wait for.
async function snapshotSettled(boot) {
  if (!boot.SNAPSHOTS_ON || !("caches" in self)) return;
  const cache = await caches.open(boot.SNAPSHOT_CACHE);
  const url = new URL("./pyodide/__snapshot__/" + boot.SNAPSHOT_KEY, location.href).href;
  if (await cache.match(url)) return;
  await new Promise((resolve) => {
    const obs = new MutationObserver(() => { if (root.dataset.snapshot) done(); });
    const timer = setTimeout(done, SNAPSHOT_WAIT_MS);
    function done() { obs.disconnect(); clearTimeout(timer); resolve(); }
    obs.observe(root, { attributes: true, attributeFilter: ["data-snapshot"] });
    if (root.dataset.snapshot) done();
  });
}

export async function start() {
  if (window.cardroomAI) return;
  window.cardroomAI = ai;
  const started = performance.now();
  // A rules page has no computer players (its examples replay fixed moves).
  if (!("Worker" in self) || location.protocol === "file:" || root.dataset.page === "rules") {
    root.dataset.aiWorker = "off";
    return;
  }
  root.dataset.aiWorker = "waiting";
  try {
    const boot = await import("./pyodide/boot.mjs");
    await new Promise((resolve) => (self.requestIdleCallback || ((f) => setTimeout(f, 1500)))(resolve, { timeout: 4000 }));
    await snapshotSettled(boot).catch(() => {});
    root.dataset.aiWorker = "starting";
    worker = new Worker("./ai-worker.mjs" + (boot.SNAPSHOTS_ON ? "" : "?snapshot=off"), { type: "module" });
    worker.onmessage = (event) => onMessage(event, started);
    worker.onerror = (event) => fail("worker error: " + (event.message || "failed to start"));
  } catch (e) {
    fail(String(e && e.message || e));
  }
}
