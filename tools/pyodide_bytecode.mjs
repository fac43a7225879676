// Runs tools/pyodide_bytecode.py inside Pyodide (the npm package) under Node.
// usage: node tools/pyodide_bytecode.mjs zip SRC DST | wheel SRC OUT_DIR
// Prints the path written.
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const pyodideDir = path.dirname(require.resolve("pyodide/package.json"));
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));

const [kind, src, dst] = process.argv.slice(2);
if (!["zip", "wheel"].includes(kind) || !src || !dst) {
  console.error("usage: node tools/pyodide_bytecode.mjs zip SRC DST | wheel SRC OUT_DIR");
  process.exit(2);
}
const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
py.FS.mkdirTree("/work/in");
py.FS.mkdirTree("/work/out");
const inside = "/work/in/" + path.basename(src);
py.FS.writeFile(inside, await readFile(src));
py.FS.writeFile("/work/pyodide_bytecode.py", await readFile(new URL("./pyodide_bytecode.py", import.meta.url)));
py.runPython("import sys; sys.path.insert(0, '/work')");
const tool = py.pyimport("pyodide_bytecode");
const written = kind === "zip" ? tool.compile_zip(inside, "/work/out/" + path.basename(dst))
  : tool.compile_wheel(inside, "/work/out");
const target = kind === "zip" ? dst : path.join(dst, path.basename(written));
await writeFile(target, py.FS.readFile(written));
console.log(target);
