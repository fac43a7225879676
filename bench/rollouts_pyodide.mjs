// bench/rollout_speed.py inside Pyodide under Node, the interpreter the page
// runs (its options follow; run through `python3 build.py bench rollouts
// --pyodide`). The host's files are mounted at /host, so the bench reads this
// repository's engine, or the one `--engine DIR` names, as CPython would.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "package.json"));
const pyodidePkg = path.dirname(require.resolve("pyodide/package.json"));
const { loadPyodide } = await import(path.join(pyodidePkg, "pyodide.mjs"));

const args = process.argv.slice(2);
const at = args.indexOf("--engine");
if (at >= 0 && at + 1 < args.length) args[at + 1] = "/host" + path.resolve(args[at + 1]);

const py = await loadPyodide({ indexURL: pyodidePkg + path.sep });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("BENCH", "/host" + path.join(here, "rollout_speed.py"));
py.globals.set("ARGS", py.toPy(args));
py.runPython(`
import runpy, sys
sys.argv = ["rollout_speed.py", *ARGS]
runpy.run_path(BENCH, run_name="__main__")
`);
