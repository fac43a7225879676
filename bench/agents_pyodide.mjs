// Decision time of each hwatu level inside real Pyodide (Node), side by side
// with CPython on the same positions (bench/agents_time_program.py).
//
//   python3 build.py build
//   node bench/agents_pyodide.mjs dist/pyodide/gostop-0.1.0-cp314-none-any.whl [HANDS]
import { readFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const require = createRequire(path.join(root, "package.json"));
const pyodidePkg = path.dirname(require.resolve("pyodide/package.json"));
const { loadPyodide } = await import(path.join(pyodidePkg, "pyodide.mjs"));

const [wheel, handsArg] = process.argv.slice(2);
const hands = parseInt(handsArg || "2", 10);
const program = await readFile(path.join(here, "agents_time_program.py"), "utf8");

const pyodide = await loadPyodide({ indexURL: pyodidePkg + path.sep });
// Mounted as the page mounts it (web/pyodide-boot.mjs): the zip on sys.path.
pyodide.FS.mkdirTree("/cardroom");
pyodide.FS.writeFile("/cardroom/engine.whl", await readFile(wheel));
pyodide.runPython("import sys; sys.path.insert(0, '/cardroom/engine.whl')");
pyodide.globals.set("BENCH_HANDS", hands);
const inPyodide = JSON.parse(await pyodide.runPythonAsync(program));

let inCPython = null;
try {
  const py = process.env.PYTHON || "python3";
  const out = execFileSync(py, ["bench/agents_time.py", "--json", "--hands", String(hands)],
    { cwd: root, encoding: "utf8" });
  inCPython = JSON.parse(out);
} catch (e) {
  console.error("CPython run failed:", e.message);
}

const fmt = (r) => r ? `${r.mean_ms.toFixed(1).padStart(7)} ${r.p95_ms.toFixed(1).padStart(7)}` : "      -       -";
console.log(`Pyodide: Python ${inPyodide.python}; CPython: ${inCPython ? inCPython.python : "-"}; ${hands} hands of positions`);
console.log("game      level     n   Pyodide mean/p95 ms   CPython mean/p95 ms   ratio");
for (const key of ["matgo", "gostop-3"]) {
  for (const [level, r] of Object.entries(inPyodide[key])) {
    const c = inCPython ? inCPython[key][level] : null;
    const ratio = c ? (r.mean_ms / c.mean_ms).toFixed(2) : "-";
    console.log(`${key.padEnd(9)} ${level.padEnd(7)} ${String(r.n).padStart(4)}   ${fmt(r)}       ${fmt(c)}       ${ratio}`);
  }
}
