// Makes the boot snapshot (see pyodide-boot.mjs) in a worker, off the main
// thread, when the page could not boot from the shipped one: a fresh Pyodide
// with _makeSnapshot, the engine wheel mounted where the page mounts it and
// every engine module imported, then makeMemorySnapshot(), Cache API
// (uncompressed: faster to read back); it answers once the entry is
// written, then closes itself.
// Nothing here may touch the page (no js.document): the worker has none.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { ENGINE_PATH, IMPORT_ALL, SNAPSHOT_CACHE, SNAPSHOT_KEY, WHEEL, WHEEL_SRI, fetchZip, mountZips } from "./pyodide/boot.mjs";

onmessage = async () => {
  const t0 = performance.now();
  try {
    const [py, engine] = await Promise.all([
      loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href, _makeSnapshot: true }),
      fetchZip("./" + WHEEL, WHEEL_SRI)]);
    mountZips(py, [[ENGINE_PATH, engine]]);
    py.runPython(IMPORT_ALL);
    const raw = py.makeMemorySnapshot();
    await caches.delete(SNAPSHOT_CACHE);  // older keys go with it
    const cache = await caches.open(SNAPSHOT_CACHE);
    const url = new URL("./pyodide/__snapshot__/" + SNAPSHOT_KEY, import.meta.url).href;
    await cache.put(url, new Response(raw, { headers: { "content-type": "application/octet-stream" } }));
    postMessage({ ok: true, key: SNAPSHOT_KEY, raw: raw.length, stored: raw.length, ms: performance.now() - t0 });
  } catch (e) {
    postMessage({ ok: false, error: String(e && e.message || e), ms: performance.now() - t0 });
  }
  // The worker ends itself, only once its write has resolved: the page never
  // terminates it, so no engine can cut a Cache API write short.
  close();
};
