// PyScript's interpreter module (see build.py): boots Pyodide from a memory
// snapshot when this device has a valid one, else normally.
//
// The snapshot holds an interpreter with the standard library modules we use
// and our engine already imported; it is made once, after a normal boot, by
// snapshot-worker.mjs in a Web Worker, and kept gzip-compressed in the Cache
// API under a key made of the Pyodide version and the engine wheel's hash, so
// a new release never boots a stale snapshot. Any failure (no Cache API,
// private mode, a corrupt or missing snapshot) falls back to a normal boot
// with a console note; the page is never left broken.
import { loadPyodide as bootPyodide, version } from "./pyodide.mjs";

export { version };
export const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
export const SNAPSHOT_CACHE = "snapshot-cardroom";
export const WHEEL = "__WHEEL__";
// ?snapshot=off boots normally and makes no snapshot (benchmarks, debugging).
export const SNAPSHOTS_ON = !/[?&]snapshot=off\b/.test(globalThis.location ? location.search : "");
const SNAPSHOT_URL = new URL("./__snapshot__/" + SNAPSHOT_KEY, import.meta.url).href;

async function readSnapshot() {
  if (!SNAPSHOTS_ON || !("caches" in globalThis) || !("DecompressionStream" in globalThis)) return null;
  const cache = await caches.open(SNAPSHOT_CACHE);
  const hit = await cache.match(SNAPSHOT_URL);
  if (!hit) return null;
  const raw = hit.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(raw).arrayBuffer());
}

async function dropSnapshot() {
  try { await caches.delete(SNAPSHOT_CACHE); } catch (e) { /* nothing to drop */ }
}

export async function loadPyodide(options) {
  let snapshot = null;
  try {
    snapshot = await readSnapshot();
  } catch (e) {
    console.info("boot snapshot unreadable, booting normally:", e && e.message);
    await dropSnapshot();
  }
  if (snapshot) {
    try {
      // The engine is already imported in the snapshot: no wheel to load.
      const { packages, ...rest } = options;
      const py = await bootPyodide({ ...rest, _loadSnapshot: snapshot });
      py.runPython("import gostop");
      document.documentElement.dataset.boot = "snapshot";
      return py;
    } catch (e) {
      console.info("boot snapshot rejected, booting normally:", e && e.message);
      await dropSnapshot();
    }
  }
  document.documentElement.dataset.boot = "normal";
  return bootPyodide(options);
}
