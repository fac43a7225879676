// Makes the shipped boot snapshot (see web/pyodide-boot.mjs) under Node, with
// the site's own Pyodide files, boot module and engine wheel: the interpreter
// the page would get after a normal boot, every engine module imported.
// usage: node tools/boot_snapshot.mjs PYODIDE_DIR WHEEL OUT
// PYODIDE_DIR is the built site's pyodide/ folder (pyodide.mjs, the trimmed
// standard library, boot.mjs); prints the number of bytes written.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, wheel, out] = process.argv.slice(2);
if (!dir || !wheel || !out) {
  console.error("usage: node tools/boot_snapshot.mjs PYODIDE_DIR WHEEL OUT");
  process.exit(2);
}
const url = (name) => pathToFileURL(path.join(path.resolve(dir), name)).href;
const { loadPyodide } = await import(url("pyodide.mjs"));
const { ENGINE_PATH, IMPORT_ALL, mountZips } = await import(url("boot.mjs"));

const py = await loadPyodide({ indexURL: path.resolve(dir) + path.sep, _makeSnapshot: true });
mountZips(py, [[ENGINE_PATH, await readFile(wheel)]]);
py.runPython(IMPORT_ALL);
py.runPython("import gc; gc.collect()");
zeroFreeMemory(py._module);
const raw = py.makeMemorySnapshot();
await writeFile(out, raw);
console.log(raw.length);

// Zeroes the memory the allocator holds free: it keeps whatever the freed
// objects left there, which compresses badly (the shipped file drops from
// 5.5 to 4.7 MB as Brotli at quality 9). Takes every free block it can
// without growing the heap (a footprint limit makes malloc fail instead),
// fills it with zeros and frees it again; the limit is lifted before the
// snapshot.
function zeroFreeMemory(M) {
  const size = M.HEAPU8.length;
  M._malloc_set_footprint_limit(M._malloc_footprint());
  const taken = [];
  for (let block = 1 << 22; block >= 16; block >>= 1) {
    for (let p = M._malloc(block); p; p = M._malloc(block)) {
      M.HEAPU8.fill(0, p, p + block);
      taken.push(p);
    }
  }
  for (const p of taken) M._free(p);
  M._malloc_set_footprint_limit(-1);   // (size_t)-1: no limit, as at start
  if (M.HEAPU8.length !== size) throw new Error("the heap grew while it was being zeroed");
}
