// Makes the boot snapshot (see pyodide-boot.mjs) in a worker, off the main
// thread: a fresh Pyodide with _makeSnapshot, our wheel unpacked and every
// engine module imported, then makeMemorySnapshot(), gzip, Cache API.
// Nothing here may touch the page (no js.document): the worker has none.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { SNAPSHOT_CACHE, SNAPSHOT_KEY } from "./pyodide/boot.mjs";

const IMPORT_ALL = `
import importlib, pkgutil, site, zipfile
zipfile.ZipFile("/tmp/engine.whl").extractall(site.getsitepackages()[0])
import gostop
for info in pkgutil.walk_packages(gostop.__path__, "gostop."):
    importlib.import_module(info.name)
import asyncio, json, html, random, zipfile
`;

onmessage = async ({ data }) => {
  const t0 = performance.now();
  try {
    const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href, _makeSnapshot: true });
    const wheel = await fetch(data.wheel);
    if (!wheel.ok) throw new Error("wheel " + wheel.status);
    py.FS.writeFile("/tmp/engine.whl", new Uint8Array(await wheel.arrayBuffer()));
    py.runPython(IMPORT_ALL);
    const raw = py.makeMemorySnapshot();
    const gz = await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
    await caches.delete(SNAPSHOT_CACHE);  // older keys go with it
    const cache = await caches.open(SNAPSHOT_CACHE);
    const url = new URL("./pyodide/__snapshot__/" + SNAPSHOT_KEY, import.meta.url).href;
    await cache.put(url, new Response(gz, { headers: { "content-type": "application/octet-stream" } }));
    postMessage({ ok: true, key: SNAPSHOT_KEY, raw: raw.length, stored: gz.byteLength, ms: performance.now() - t0 });
  } catch (e) {
    postMessage({ ok: false, error: String(e && e.message || e), ms: performance.now() - t0 });
  }
};
