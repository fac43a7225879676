// Runs Python code inside real Pyodide under Node with our wheel mounted.
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
// Mounted as the page mounts it (web/pyodide-boot.mjs): the zip on sys.path.
pyodide.FS.mkdirTree("/cardroom");
pyodide.FS.writeFile("/cardroom/engine.whl", await readFile(wheel));
pyodide.runPython("import sys; sys.path.insert(0, '/cardroom/engine.whl')");
const code = await readFile(codeFile, "utf8");
const out = await pyodide.runPythonAsync(code);
process.stdout.write(String(out));
