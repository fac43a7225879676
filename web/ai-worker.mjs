// The computer players' thinking, off the page's main thread: a second
// Pyodide with the engine wheel, started from the boot snapshot (the stored
// one, else the shipped one: see pyodide-boot.mjs), else normally. The page
// (ai-client.mjs) sends {id, request}: the JSON text of Session.ai_request
// (the deciding seat's level, its own view and legal actions, the decision's
// seed: text, since the 64-bit seed would not survive a JavaScript number).
// {id, hint} asks the coach instead (gostop.agents.coach.hint_request as
// JSON text) and is answered {id, hint: the advice as JSON text}.
// The answer is {id, action, level, rollouts, counted, ms} or {id, error}: the choice the
// main thread would make (gostop.agents.remote), except that a search stops
// at its level's time budget (registry.TIME_BUDGETS: a slow phone plays
// with fewer rollouts rather than keep the player waiting); rollouts, counted
// (its rounds sized for the full count, as without a clock) and ms say what
// it did. Nothing here touches the page.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { ENGINE_PATH, WHEEL, WHEEL_SRI, fetchZip, loadSnapshot, mountLater, mountZips, readSnapshot, release } from "./pyodide/boot.mjs";

async function boot() {
  const t0 = performance.now();
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  const engine = fetchZip("./" + WHEEL, WHEEL_SRI);
  engine.catch(() => {});  // reported where it is awaited
  let snapshot = null;
  try {
    snapshot = await readSnapshot();
  } catch (e) {
    console.info("ai worker: boot snapshot unreadable:", e && e.message);
  }
  let py = null;
  if (snapshot) {
    try {
      [py] = await loadSnapshot(loadPyodide, { indexURL }, snapshot);
      release(snapshot);
    } catch (e) {
      console.info("ai worker: boot snapshot rejected, booting normally:", e && e.message);
    }
  }
  const how = py ? "snapshot" : "normal";
  // A snapshot has imported the whole engine: its wheel is written in when
  // it arrives (source lines for tracebacks); a normal boot needs it first.
  if (py) mountLater(py, engine);
  else {
    py = await loadPyodide({ indexURL });
    mountZips(py, [[ENGINE_PATH, await engine]]);
  }
  const choose = py.runPython("from gostop.agents.remote import choose_timed_json\nchoose_timed_json");
  // The coach (a Hint for the player): the hard player's search on the player's own view.
  advise = py.runPython("from gostop.agents.coach import advise_timed_json\nadvise_timed_json");
  // ms: this worker's own boot; wasm: its interpreter's memory (for the bench)
  postMessage({ ready: true, boot: how, ms: Math.round(performance.now() - t0), wasm: py._module ? py._module.HEAP8.length : null });
  return choose;
}

let advise = null;
const ready = boot();
ready.catch((e) => postMessage({ failed: String(e && e.message || e) }));

// Requests are answered one at a time, in order (choose is synchronous).
onmessage = async ({ data }) => {
  const { id, request, hint } = data;
  try {
    const choose = await ready;
    if (hint !== undefined) postMessage({ id, hint: advise(hint) });   // JSON text, as asked
    else postMessage({ id, ...JSON.parse(choose(request)) });
  } catch (e) {
    postMessage({ id, error: String(e && e.message || e) });
  }
};
