// Runs Python code inside real Pyodide under Node with our wheel installed.
// usage: node pyodide_run.mjs WHEEL_PATH PYTHON_FILE  -> prints the value of
// the file's last expression (a string) on stdout.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const pyodidePkg = path.dirname(require.resolve("pyodide/package.json"));
const { loadPyodide } = await import(path.join(pyodidePkg, "pyodide.mjs"));

const [wheel, codeFile] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: pyodidePkg + path.sep });
await pyodide.loadPackage(path.resolve(wheel), { messageCallback: () => {} });
const code = await readFile(codeFile, "utf8");
const out = await pyodide.runPythonAsync(code);
process.stdout.write(String(out));
