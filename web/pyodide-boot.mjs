// PyScript's interpreter module (see build.py): boots Pyodide, from a memory
// snapshot when this device has a valid one, else normally, and mounts our
// Python code before PyScript runs the page's script. The boot starts as soon
// as the page is parsed (start(), called by boot.js), not when PyScript gets
// round to asking for the interpreter: on a snapshot visit that overlap saves
// ~0.15-0.25 s (measured); a normal boot is bound by the main thread anyway.
//
// Our code is two zip files put on sys.path (zipimport): the engine wheel and
// app.zip (the page glue, compiled: its sources come after ready, see
// completeSources), checked against the sha256 the build wrote here
// (fetch integrity). Mounting a zip costs a few ms; installing the wheel
// through Pyodide's package loader cost ~270 ms at every boot. A normal boot
// fetches both with its start. A snapshot boot needs only app.zip (fetched
// while the interpreter starts; on a first visit once its wasm is in: see
// prefetchRuntime): the snapshot has imported every engine module, and the
// engine reads its data at import, so the wheel (0.44 MB, ~0.4 s of a
// first visit on a 9 Mbps link) is written in after the page is ready, with
// the standard library (completeFiles), for tracebacks' source lines.
//
// The snapshot holds an interpreter with the standard library modules we use
// and our engine already imported (from the same path). The build makes one
// (tools/boot_snapshot.mjs, this interpreter and wheel run in Node) and ships
// it beside this module: a first visit boots from it, which skips Pyodide's
// own start (one ~15 s main-thread task on the phone profile, measured), and
// the page then keeps those bytes in the Cache API under a key made of the
// Pyodide version and a hash of the engine wheel and the standard library
// (a snapshot holds zipimport's index of both), so a new release never boots
// a stale snapshot. Without a shipped one (it failed to load), the device
// makes its own after a normal boot, in snapshot-worker.mjs. It is stored as is
// (31 MB): reading it back takes ~50 ms, against ~150 ms to read and gunzip
// the 7 MB compressed form, which we stored before. Any failure (no Cache
// API, private mode, a corrupt or missing snapshot) falls back to a normal
// boot with a console note; the page is never left broken.
import { loadPyodide as bootPyodide, version } from "./pyodide.mjs";
import { ensureIndexedDB } from "../memory-idb.mjs";

export { version };
// Named moments of the boot (performance marks "boot:..."): `bench phone`
// prints the return visit's steps from them.
const mark = (name) => { try { performance.mark("boot:" + name); } catch (e) { /* no marks */ } };
mark("module");
export const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
export const SNAPSHOT_CACHE = "snapshot-cardroom";
export const WHEEL = "__WHEEL__";
export const WHEEL_SRI = "__WHEEL_SRI__";
// Where the zips live inside the interpreter (the snapshot worker uses the same).
export const ENGINE_PATH = "/cardroom/engine.whl";
export const GLUE_PATH = "/cardroom/app.zip";
// ?snapshot=off boots normally and makes no snapshot (benchmarks, debugging).
export const SNAPSHOTS_ON = !/[?&]snapshot=off\b/.test(globalThis.location ? location.search : "");
const SNAPSHOT_URL = new URL("./__snapshot__/" + SNAPSHOT_KEY, import.meta.url).href;
// A snapshot boot reads nothing from the standard library zip: every module
// the pages import is in the snapshot already (measured: after playing each
// game and opening the rules, sys.modules held nothing from the zip that the
// snapshot had not). So it boots with an empty zip in that file's place, and
// the real one (1.8 MB, a sixth of a first visit's bytes before ready) is
// written in later (completeFiles, called by boot.js once the offline cache
// holds it), for an import no page makes today. A normal boot (no snapshot)
// reads the real one at once, as Pyodide does.
const STDLIB_STUB = new URL("./stdlib-stub.zip", import.meta.url).href;
const STDLIB_SRI = "__STDLIB_SRI__";
// An interpreter booted from a snapshot (with the stub, without the engine
// wheel), until completeFiles() writes those in.
let leftOut = null;
// The shipped snapshot: its file beside this module, and its fetch integrity.
export const SHIPPED = "__SHIPPED__";
const SHIPPED_SRI = "__SHIPPED_SRI__";
// What a snapshot has imported (the build's and the device's alike), then
// every docstring dropped, as `python -OO` would (asserts stay): nothing on
// the pages reads them, and they were 6% of the shipped snapshot's Brotli
// bytes (3.06 -> 2.87 MB). Only what a snapshot holds goes without;
// code imported later keeps its own.
export const IMPORT_ALL = `
import importlib, pkgutil
import gostop
# (but the modules no page imports: the arena's; a page that asked for one
# would read it from the wheel)
_ARENA_ONLY = {"gostop.arena", "gostop.agents.hwatu_rollout_rg"}
for info in pkgutil.walk_packages(gostop.__path__, "gostop."):
    if info.name not in _ARENA_ONLY:
        importlib.import_module(info.name)
# the standard library modules the glue imports that Pyodide's own start
# does not (gettext: app/i18n.py; a module missing here fails a snapshot boot
# until the real standard library is written in). Each costs every first
# visit its bytes: html, for html.escape, was ~0.1 MB (app/dom.py has its own)
import asyncio, gettext, json, random

def _drop_docstrings():
    import gc, inspect, sys, types
    # Python 3.14 marks a function's docstring as its first constant; before
    # that only the attribute can go (the constant stays in the code).
    flag = getattr(inspect, "CO_HAS_DOCSTRING", 0)

    # (No memo of the codes done: its entries, freed, left holes between
    # the new codes that cost the shipped file 0.12 MB; a few codes that
    # functions shared get a copy each instead.)
    def without(code):
        consts = list(code.co_consts)
        if code.co_flags & flag and consts and isinstance(consts[0], str):
            consts[0] = None
        for i, c in enumerate(consts):
            if isinstance(c, types.CodeType):
                consts[i] = without(c)      # functions a call defines later
        same = all(a is b for a, b in zip(consts, code.co_consts))
        return code if same else code.replace(co_consts=tuple(consts))

    for o in gc.get_objects():
        if isinstance(o, types.FunctionType):
            if flag:
                o.__code__ = without(o.__code__)
            o.__doc__ = None
        elif isinstance(o, type) and isinstance(o.__dict__.get("__doc__"), str):
            try:
                o.__doc__ = None
            except (AttributeError, TypeError):  # a type that cannot be changed
                pass
    for module in list(sys.modules.values()):
        if isinstance(getattr(module, "__doc__", None), str):
            module.__doc__ = None
    gc.collect()

_drop_docstrings()
del _drop_docstrings
`;

// The bytes at ``url`` (a Response's arrayBuffer) checked against
// ``integrity`` ("sha256-<base64>") with WebCrypto, which hashes off the
// main thread. A fetch()'s own integrity check hashed the body on the
// page's main thread: for the files written in after ready (the standard
// library, the wheel, the glue's sources), tasks of 60-100 ms in a new
// player's first hand on the phone profile (none in 5 first visits
// without it). Without WebCrypto (a page not served over https), fetch()
// checks.
export async function fetchChecked(url, integrity) {
  const subtle = globalThis.crypto && crypto.subtle;
  if (!subtle) return fetchZip(url, integrity);
  const bytes = await fetchBytes(url);
  const cut = integrity.indexOf("-");
  const algorithm = { sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" }[integrity.slice(0, cut)];
  if (!algorithm) throw new Error(`${url}: unknown integrity ${integrity}`);
  const digest = new Uint8Array(await subtle.digest(algorithm, bytes));
  if (btoa(String.fromCharCode(...digest)) !== integrity.slice(cut + 1)) {
    throw new Error(`${url}: its integrity check failed`);
  }
  return bytes;
}

export function fetchZip(url, integrity) {
  return fetchBytes(url, { integrity });
}

async function fetchBytes(url, init) {
  const r = await fetch(new URL(url, import.meta.url), init);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.arrayBuffer();
}

// Python code to put the zips on sys.path (once: a snapshot already has them).
export function mountZips(py, zips) {
  py.FS.mkdirTree("/cardroom");
  for (const [path, bytes] of zips) py.FS.writeFile(path, new Uint8Array(bytes));
  py.runPython(`import sys
for p in ${JSON.stringify(zips.map(([path]) => path))}:
    if p not in sys.path:
        sys.path.insert(0, p)`);
}

// The snapshot this device stored, or null; ``found()`` is called once it
// is known to exist, before it is read. A page reads it in a worker
// (<html data-snapshot-read="worker">, else "page").
async function readStored(found = () => {}) {
  if (!SNAPSHOTS_ON || !("caches" in globalThis)) return null;
  const read = await readStoredOffThread(found);
  if (read !== undefined) {
    if (read) document.documentElement.dataset.snapshotRead = "worker";
    return read;
  }
  const cache = await caches.open(SNAPSHOT_CACHE);
  const hit = await cache.match(SNAPSHOT_URL);
  if (!hit) return null;
  if (typeof document !== "undefined") document.documentElement.dataset.snapshotRead = "page";
  found();
  return new Uint8Array(await hit.arrayBuffer());
}

// snapshot-reader.js started on a page, or null (not on a page, no workers,
// or it could not be started).
function snapshotWorker() {
  if (typeof document === "undefined" || typeof Worker === "undefined") return null;
  try {
    return new Worker(new URL("../snapshot-reader.js", import.meta.url));
  } catch (e) {
    return null;
  }
}

// The stored snapshot (or null) as snapshot-reader.js read it and handed it
// over; undefined when no worker could (none here, or it failed: the
// caller reads it itself).
function readStoredOffThread(found) {
  const worker = snapshotWorker();
  if (!worker) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const done = (value) => {
      worker.terminate();
      resolve(value);
    };
    worker.onmessage = ({ data }) => {
      if (data.found) found();
      else if ("bytes" in data) done(data.bytes ? new Uint8Array(data.bytes) : null);
      else done(undefined);
    };
    worker.onerror = () => done(undefined);
    worker.postMessage({ cache: SNAPSHOT_CACHE, url: SNAPSHOT_URL });
  });
}

// The shipped snapshot, checked against its integrity, or null;
// ``arrived()`` is called once its bytes are in, before they are read.
async function readShipped(arrived = () => {}) {
  if (!SNAPSHOTS_ON) return null;
  const res = await fetch(new URL("./" + SHIPPED, import.meta.url), { integrity: SHIPPED_SRI });
  arrived();
  if (!res.ok) throw new Error(`${SHIPPED}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

// A snapshot's bytes, the stored one else the shipped one, or null (the AI
// worker, ai-worker.mjs, boots from it too).
export async function readSnapshot() {
  return (await readStored()) || (await readShipped());
}

// After a boot from the shipped snapshot, its bytes (plain) until storeShipped().
let shippedBytes = null;

// Stores the shipped snapshot the page booted from as this device's own, so
// later visits read it from the Cache API (as fast as a snapshot can be read)
// and make none; false when this boot did not use it.
export async function storeShipped() {
  const bytes = shippedBytes;
  shippedBytes = null;
  if (!bytes || !("caches" in globalThis)) {
    if (bytes) release(bytes);
    return false;
  }
  let left = bytes;
  try {
    left = await storeOffThread(bytes);
    if (left) {
      await caches.delete(SNAPSHOT_CACHE);  // older releases' snapshots go with it
      const cache = await caches.open(SNAPSHOT_CACHE);
      await cache.put(SNAPSHOT_URL, new Response(left, { headers: { "content-type": "application/octet-stream" } }));
    }
  } finally {
    if (left) release(left);
  }
  return true;
}

// Stores ``bytes`` as the device's snapshot in snapshot-reader.js (they are
// transferred to it): resolves to null once stored, or to the bytes to
// store on the page (no worker here, or it failed: it hands them back).
function storeOffThread(bytes) {
  const worker = snapshotWorker();
  if (!worker) return Promise.resolve(bytes);
  return new Promise((resolve) => {
    // (not terminated once it has the bytes: it closes itself once its
    // write has resolved)
    worker.onmessage = ({ data }) => {
      if (data.hello) {
        worker.postMessage({ cache: SNAPSHOT_CACHE, url: SNAPSHOT_URL, write: bytes.buffer,
                             offset: bytes.byteOffset, length: bytes.byteLength }, [bytes.buffer]);
        return;
      }
      if (data.stored) document.documentElement.dataset.snapshotWrite = "worker";
      else console.info("boot snapshot: the worker could not store it:", data.error);
      resolve(data.stored ? null : new Uint8Array(data.write, data.offset, data.length));
    };
    worker.onerror = () => {
      if (bytes.byteLength) worker.terminate();   // never started: the page stores them
      resolve(bytes.byteLength ? bytes : null);
    };
    worker.postMessage({ hello: true });
  });
}

// Frees the memory of ``bytes`` (a snapshot, 31 MB) once it is no longer
// needed, instead of whenever a full garbage collection comes: its buffer
// moves to a new one nothing holds, young, so the next minor collection
// frees it (an idle worker may see no full one for minutes). ``bytes`` is
// empty afterwards.
export function release(bytes) {
  try {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  } catch (e) { /* no transfer here: collected in time */ }
}

async function dropSnapshot() {
  try { await caches.delete(SNAPSHOT_CACHE); } catch (e) { /* nothing to drop */ }
}

// PyScript opens an IndexedDB store right after it gets the interpreter and
// cannot boot without one: checked now, in parallel with the boot.
const STORAGE = typeof document === "undefined" ? null : ensureIndexedDB();

// Our zips: app.zip is needed once the interpreter is up, and fetched as soon
// as the boot finds a stored snapshot (all local), but on a first visit once
// the interpreter's wasm is downloaded, so that the snapshot and then the
// wasm have the link to themselves (see prefetchRuntime). The wheel is
// fetched with it on a normal boot, after the page is ready on a snapshot
// boot.
let GLUE = null;
let ENGINE = null;

function once(fetching) {
  fetching.catch(() => {});  // reported where it is awaited
  return fetching;
}

function glue() {
  return (GLUE ||= once(fetchZip("../app.zip", "__GLUE_SRI__")));
}

function engine() {
  return (ENGINE ||= once(fetchChecked("./" + WHEEL, WHEEL_SRI)));
}

// Writes the engine wheel's ``bytes`` (a promise) in at ENGINE_PATH when they
// arrive, into an interpreter booted from a snapshot (its sys.path and
// zipimport's index of the wheel are the snapshot's: no Python runs);
// resolves true once it is there, false if it could not be fetched. Until
// then nothing reads it: every engine module is imported already.
export function mountLater(py, bytes) {
  return bytes.then((data) => {
    py.FS.mkdirTree(ENGINE_PATH.slice(0, ENGINE_PATH.lastIndexOf("/")));
    py.FS.writeFile(ENGINE_PATH, new Uint8Array(data));
    return true;
  }, (e) => {
    console.info("engine wheel unavailable (tracebacks lack its source lines):", e && e.message);
    return false;
  });
}

// The shipped snapshot is a delta (tools/snapshot_delta.py): the region of
// memory where the WebAssembly module's data segments were written, which
// the interpreter barely changed, is stored XORed with those segments, which
// the page downloads anyway in pyodide.asm.wasm (1.0 MB less Brotli on a
// first visit). It is restored from the memory of the module as it is
// instantiated, before Pyodide copies the snapshot in, and checked against
// the segments' checksum; the delta carries Pyodide's magic number zeroed,
// so one that was not restored is refused by Pyodide, never run. What a
// device stores is the restored, plain snapshot.
const DELTA_MAGIC = 0x31445243;  // "CRD1"
const DELTA_HEADER = 32;

// [interpreter, Pyodide's snapshot] from ``load`` (a loadPyodide) and a
// snapshot's bytes, plain or delta (restored in place).
export async function loadSnapshot(load, options, bytes) {
  const head = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.min(8, bytes.byteLength >> 2));
  const sparse = { set: copySparse };
  if (head[0] !== DELTA_MAGIC) {
    const py = await replacing(Int8Array.prototype, sparse, () => load({ ...options, _loadSnapshot: bytes }));
    return [forget(py), bytes];
  }
  const [, format, lo, hi, sum, magic] = head;
  if (format !== 1) throw new Error("boot snapshot: unknown delta format " + format);
  const image = bytes.subarray(DELTA_HEADER);
  const words = new Uint32Array(image.buffer, image.byteOffset, image.byteLength >> 2);
  const region = words.subarray((words[1] + lo) >> 2, (words[1] + hi) >> 2);
  let restored = false;
  const restore = (result) => {
    const instance = result instanceof WebAssembly.Instance ? result : result && result.instance;
    const memory = instance && instance.exports.memory;
    if (restored || !(memory instanceof WebAssembly.Memory)) return result;
    restored = true;
    const base = new Uint32Array(memory.buffer, lo, region.length);
    let h = 0x811c9dc5;
    for (let i = 0; i < base.length; i++) {
      h = Math.imul(h ^ base[i], 0x01000193);
      region[i] ^= base[i];
    }
    if (h >>> 0 === sum) words[0] = magic;  // else Pyodide refuses it: "invalid magic number"
    else console.info("boot snapshot: made against another interpreter");
    return result;
  };
  const restoring = (native) => (...args) => native.apply(WebAssembly, args).then(restore);
  const py = await replacing(WebAssembly, { instantiate: restoring, instantiateStreaming: restoring },
    () => replacing(Int8Array.prototype, sparse, () => load({ ...options, _loadSnapshot: image })));
  return [forget(py), image];
}

// Pyodide restores a snapshot by copying the whole of it into the new
// interpreter's memory (``HEAP8.set``), and a page of memory once written is
// resident, zeros or not: 17-20 MB of the 31 MB snapshot are pages of zeros,
// which the new memory already is, so each interpreter (the page's and the
// computer players') held ~17 MB more than a normal boot. While a snapshot
// loads, Int8Array's ``set`` is this: a copy of 8 MB or more to the start of
// an array (Pyodide's, the only one) skips the pages of zeros where the
// memory is zero already (not where the module's data segments are), which
// leaves the array as the native copy would; any other call is the native
// one.
const PAGE_WORDS = 1024;                 // 4 kB, the system's page
const SPARSE_MIN = 8 << 20;

export function copySparse(native) {
  return function set(source, offset) {
    if (offset || !ArrayBuffer.isView(source) || source.byteLength < SPARSE_MIN || source.byteOffset % 4
        || this.byteOffset !== 0 || this.byteLength < source.byteLength || !(this.buffer instanceof ArrayBuffer)
        || source.buffer === this.buffer) {
      return native.apply(this, arguments);
    }
    const words = source.byteLength >> 2;
    const from = new Uint32Array(source.buffer, source.byteOffset, words);
    const to = new Uint32Array(this.buffer, 0, words);
    for (let page = 0; page < words; page += PAGE_WORDS) {
      const end = Math.min(page + PAGE_WORDS, words);
      let i = page;
      while (i < end && from[i] === 0) i++;
      if (i === end) {                   // zeros: written only over memory that is not
        i = page;
        while (i < end && to[i] === 0) i++;
        if (i === end) continue;
      }
      to.set(from.subarray(page, end), page);
    }
    const tail = words << 2;              // the last 0-3 bytes
    if (tail < source.byteLength) {
      new Uint8Array(this.buffer, tail, source.byteLength - tail)
        .set(new Uint8Array(source.buffer, source.byteOffset + tail, source.byteLength - tail));
    }
  };
}

// Pyodide keeps the options it was loaded with (``py._api.config``), the
// snapshot's 31 MB among them, for as long as the interpreter lives, though
// it never reads the snapshot again once restored: the page and the
// computer players' worker each held a copy (60 MB of the phone's memory).
function forget(py) {
  const config = py && py._api && py._api.config;
  if (config) delete config._loadSnapshot;
  return py;
}

// Runs ``run`` with properties of ``target`` replaced, for that run only:
// ``replacements`` maps each name to a function of the property's own value
// that returns its stand-in.
async function replacing(target, replacements, run) {
  const own = {};
  for (const [name, standIn] of Object.entries(replacements)) {
    own[name] = [target[name], Object.prototype.hasOwnProperty.call(target, name)];
    target[name] = standIn(own[name][0]);
  }
  try {
    return await run();
  } finally {
    // (an inherited one, as Int8Array's set, is inherited again)
    for (const [name, [value, mine]] of Object.entries(own)) {
      if (mine) target[name] = value;
      else delete target[name];
    }
  }
}

// A first visit fetches the interpreter's own files (pyodide.asm.wasm, 2.7 MB
// as Brotli, and pyodide.asm.mjs) without waiting for Pyodide to ask: it
// asks only once it is called, which is once the shipped snapshot is read
// and checked, and the link sat idle meanwhile (0.8 s on the phone
// profile). The script is imported at once (Pyodide takes it as
// createPyodideModule); the wasm is requested as soon as the snapshot's
// bytes are in (sharing the link with it would only delay the snapshot,
// which is needed first), and Pyodide's own request for it is answered with
// that response, whose body Pyodide's streaming compile then reads as it
// arrives (once; any later request goes to the network). app.zip follows
// once that compile is done (glue()), while the snapshot is restored.
const WASM_URL = new URL("./pyodide.asm.wasm", import.meta.url).href;
let runtime = null;

function prefetchRuntime() {
  const script = import("./pyodide.asm.mjs").then((m) => m.default);
  script.catch(() => {});  // Pyodide imports it again, and reports
  let wasm = null;
  let served = false;
  let compiled = () => {};
  return {
    options: { createPyodideModule: script },
    // ``then()`` is called once Pyodide has compiled the wasm (so its bytes
    // are all in), or its load ended without that.
    fetchWasm(then) {
      if (wasm) return;
      compiled = then;
      wasm = fetch(WASM_URL);
      wasm.catch(() => {});
    },
    // Runs ``load`` with Pyodide's fetch of the wasm answered by fetchWasm's.
    async serving(load) {
      const answering = (network) => (input, init) => {
        if (served || !wasm || String(input) !== WASM_URL) return network(input, init);
        served = true;  // a response is read once: any later request goes to the network
        return wasm.catch(() => network(input, init));
      };
      const telling = (native) => (...args) => {
        const instantiated = native.apply(WebAssembly, args);
        instantiated.then(() => compiled(), () => compiled());
        return instantiated;
      };
      try {
        return await replacing(globalThis, { fetch: answering }, () =>
          replacing(WebAssembly, { instantiateStreaming: telling }, load));
      } finally {
        compiled();
      }
    },
  };
}

// The interpreter (from ``options``, and ``snapshot``'s bytes if any), with
// our zips mounted (but the wheel of a snapshot boot: completeFiles), and
// Pyodide's snapshot it booted from.
async function interpreter(options, snapshot = null) {
  const load = runtime ? (o) => runtime.serving(() => bootPyodide({ ...o, ...runtime.options })) : bootPyodide;
  const [py, image] = snapshot ? await loadSnapshot(load, options, snapshot) : [await load(options), null];
  mark("interpreter");
  if (snapshot) {
    mountZips(py, [[GLUE_PATH, await glue()]]);
  } else {
    const [wheel, app] = await Promise.all([engine(), glue()]);
    mountZips(py, [[ENGINE_PATH, wheel], [GLUE_PATH, app]]);
    document.documentElement.dataset.engine = "mounted";
  }
  withoutSources = py;
  mark("mounted");
  return [py, image];
}

// [interpreter, Pyodide's snapshot] booted from ``snapshot``; <html
// data-boot> says which.
async function fromSnapshot(options, snapshot, kind) {
  const [py, image] = await interpreter({ ...options, stdLibURL: STDLIB_STUB }, snapshot);
  // The zip's importer holds the real zip's index (from the snapshot): it
  // reads the stub's instead, so that until completeFiles an import of a
  // module the snapshot lacks fails as a missing module (ImportError, which
  // callers and tracebacks handle), not with an EOFError from reading the
  // stub at the real zip's offsets.
  py.runPython(`import gostop, sys
_z = sys.path_importer_cache.get(${JSON.stringify(stdlibPath(py))})
if _z is not None: _z.invalidate_caches()
del _z`);
  document.documentElement.dataset.boot = kind;
  leftOut = py;
  return [py, image];
}

// /lib/python3NN.zip, where Pyodide puts the standard library zip (or the stub).
function stdlibPath(py) {
  return "/lib/" + py.FS.readdir("/lib").find((f) => /^python\d+\.zip$/.test(f));
}

// Writes the real standard library zip over the stub ``py`` booted with
// (<html data-stdlib="complete">).
async function completeStdlib(py) {
  const bytes = await fetchChecked("./python_stdlib.zip", STDLIB_SRI);
  // (no runPython here: a call costs ~0.1 s on the phone profile)
  const path = stdlibPath(py);
  py.FS.writeFile(path, new Uint8Array(bytes));
  // Its importer drops the index it holds (the real zip's, from the
  // snapshot, unless something made it read the stub's) and reads the new
  // file's at its next import. Only this importer: importlib's
  // invalidate_caches() cost ~0.6 s on the phone profile.
  const sys = py.pyimport("sys");
  const finder = sys.path_importer_cache.get(path);
  if (finder) finder.invalidate_caches();
  for (const proxy of [finder, sys]) if (proxy && proxy.destroy) proxy.destroy();
  document.documentElement.dataset.stdlib = "complete";
}

// The page glue's Python sources: app.zip holds its bytecode alone (the
// sources, 0.10 MB of a first visit's bytes before ready, only give
// tracebacks their lines). They are written in after ready, under the
// working directory, where linecache looks first for a module's file name
// ("app/shell.py": the name its bytecode was compiled with); no import
// reads them there, app.zip being ahead of the working directory on
// sys.path (mountZips). <html data-sources="written">.
const SOURCES_SRI = "__SOURCES_SRI__";
const SOURCES_SLICE_MS = 16;
let withoutSources = null;   // the interpreter whose glue has no sources yet

async function completeSources(py) {
  const text = new TextDecoder().decode(await fetchChecked("../app-src.json", SOURCES_SRI));
  // One [path, text] pair a line (tools/pipeline.py split_sources), each
  // parsed when it is written: the whole file parsed at once was a task of
  // ~57 ms on the phone profile.
  const files = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("[") && line !== "[") files.push(line.endsWith(",") ? line.slice(0, -1) : line);
  }
  const cwd = py.FS.cwd();
  // A few files per idle moment, SOURCES_SLICE_MS at most: all in one
  // task, they were ~65 ms of a hand on the phone profile; up to an idle
  // moment's whole 50 ms, a task still measured 50 ms.
  while (files.length) {
    await new Promise((resolve) => idleSlot((deadline) => {
      const start = performance.now();
      do {
        const [path, text] = JSON.parse(files.pop());
        const full = cwd + "/" + path;
        py.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
        py.FS.writeFile(full, text);
      } while (files.length && deadline.timeRemaining() > 4 && performance.now() - start < SOURCES_SLICE_MS);
      resolve();
    }));
  }
  document.documentElement.dataset.sources = "written";
}

// Runs ``fn(deadline)`` in an idle moment (without requestIdleCallback: soon,
// with no time to spare).
function idleSlot(fn) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(() => fn({ timeRemaining: () => 0 }), 50);
}

// Writes in the engine wheel ``py`` booted without (<html
// data-engine="mounted">).
async function completeEngine(py) {
  if (await mountLater(py, engine())) document.documentElement.dataset.engine = "mounted";
}

// What the boot left out (the glue's sources; after a snapshot boot, the
// standard library zip and the engine wheel too), written in once the page
// is ready (boot.js: once the offline cache holds them, so that they cross
// the network once); false when this boot left nothing out.
export async function completeFiles() {
  const jobs = [];
  if (withoutSources) jobs.push(completeSources(withoutSources));
  if (leftOut) jobs.push(completeStdlib(leftOut), completeEngine(leftOut));
  withoutSources = leftOut = null;
  if (!jobs.length) return false;
  await Promise.all(jobs);
  return true;
}

// The stored snapshot, else the shipped one, else a normal boot: a snapshot
// that cannot be read or is refused is dropped, with a console note.
async function boot(options) {
  let stored = null;
  try {
    stored = await readStored(glue);
  } catch (e) {
    console.info("boot snapshot unreadable:", e && e.message);
    await dropSnapshot();
  }
  if (stored) {
    mark("snapshot-read");
    try {
      const [py] = await fromSnapshot(options, stored, "snapshot");
      release(stored);
      return py;
    } catch (e) {
      console.info("boot snapshot rejected:", e && e.message);
      await dropSnapshot();
    }
  }
  let shipped = null;
  runtime = prefetchRuntime();
  try {
    shipped = await readShipped(() => runtime.fetchWasm(glue));
    mark("snapshot-read");
  } catch (e) {
    console.info("shipped boot snapshot unavailable, booting normally:", e && e.message);
  }
  if (shipped) {
    try {
      const [py, image] = await fromSnapshot(options, shipped, "shipped");
      shippedBytes = image;
      return py;
    } catch (e) {
      console.info("shipped boot snapshot rejected, booting normally:", e && e.message);
    }
  }
  document.documentElement.dataset.boot = "normal";
  engine();  // (a normal boot's own start takes far longer than the zips)
  glue();
  return (await interpreter(options))[0];
}

// The page's boot.js calls start() as soon as the page is parsed, so the
// interpreter starts while PyScript is still setting itself up; PyScript's
// loadPyodide call then gets that same interpreter. Output goes to whatever
// PyScript hands over for stdout/stderr (the console until then).
const sinks = { stdout: (s) => console.log(s), stderr: (s) => console.error(s) };
let booting = null;

// ``ready``: boot.js's promise that the offline cache controls the page (on a
// first visit the files fetched after it are kept as they pass; see sw.js).
export function start(ready = Promise.resolve()) {
  booting ||= ready.then(() => {
    return boot({
      indexURL: new URL("./", import.meta.url).href,
      stdout: (s) => sinks.stdout(s),
      stderr: (s) => sinks.stderr(s),
    });
  });
  return booting;
}

// PyScript's entry point: the interpreter (config "interpreter") module's loadPyodide.
export function loadPyodide({ stdout, stderr } = {}) {
  if (stdout) sinks.stdout = stdout;
  if (stderr) sinks.stderr = stderr;
  return Promise.all([start(), STORAGE]).then(([py]) => {
    mark("handed");
    return py;
  });
}
