"""Fast boot: a first visit boots Pyodide from the memory snapshot the build
ships and then stores it; returning visits boot from the stored one. A stored
snapshot that fails gives way to the shipped one; a shipped one that fails,
to a normal boot, after which a worker makes the device's own."""
import base64
import hashlib
import json
import re

from site_helpers import DESKTOP
from tools.paths import DIST

SNAPSHOT_CACHE = "snapshot-cardroom"


def first_visit_with_snapshot(t):
    page = t.open()
    assert page.evaluate("document.documentElement.dataset.boot") == "shipped"
    assert_no_docstrings(page)
    page.click("[data-do=open][data-game='go-stop-2005']")
    page.click("[data-do=start]")
    page.wait_for_selector(".t2005")
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "made"
    # stored by snapshot-reader.js, off the page's main thread
    assert page.evaluate("document.documentElement.dataset.snapshotWrite") == "worker"
    return page


def hold_back(context, pattern):
    """Holds the requests whose URL matches ``pattern`` until ``release()``;
    returns (the requests held, release)."""
    held, released = [], []

    def route(r):
        if released:
            r.continue_()
        else:
            held.append(r)

    def release():
        released.append(True)
        for r in held:
            r.continue_()

    context.route(re.compile(pattern), route)
    return held, release


def boot_kind(page):
    return page.evaluate("document.documentElement.dataset.boot")


def python_value(page, expr):
    """``expr`` evaluated by the page's own interpreter."""
    return page.evaluate("""async (expr) => {
        const py = await (await import('./pyodide/boot.mjs')).start();
        return py.runPython(expr); }""", expr)


# What a snapshot holds has no docstrings (IMPORT_ALL drops them, Python 3.14
# drops the constant from the code too): [module, function, first constant].
DOCSTRINGS = ("import json, gostop.scenarios as s; json.dumps([s.__doc__, s.load_scenario.__doc__,"
              " s.load_scenario.__code__.co_consts[0]])")


def assert_no_docstrings(page):
    assert python_value(page, DOCSTRINGS) == "[null, null, null]"


BOOT_STEPS = ["module", "snapshot-read", "interpreter", "mounted", "handed", "main", "imported", "ready"]


def test_returning_visit_boots_from_the_snapshot_and_resumes(table_factory):
    t = table_factory(DESKTOP)
    page = first_visit_with_snapshot(t)
    # The computer seats choose their cards while the human has not: wait
    # until they have, so the state saved is the one compared after the reload.
    page.wait_for_function("() => { const s = JSON.parse(window.cardroomState() || 'null');"
                           " return s && s.ai_to_move.length === 0; }")
    before = t.state()
    page.reload()
    t.wait_ready()
    assert boot_kind(page) == "snapshot"
    # read by snapshot-reader.js, off the page's main thread, and handed over
    assert page.evaluate("document.documentElement.dataset.snapshotRead") == "worker"
    assert t.state() == before                     # the same table, resumed
    assert_no_docstrings(page)
    # Pyodide no longer holds the snapshot's 31 MB it was restored from.
    assert page.evaluate("""async () => {
        const py = await (await import('./pyodide/boot.mjs')).start();
        return [typeof py._api.config, '_loadSnapshot' in py._api.config]; }""") == ["object", False]
    # PyScript's package came precompiled from app.zip (tools/pyscript_package.py),
    # not compiled from the files PyScript wrote, and it works.
    assert python_value(page, "import pyscript; pyscript.__loader__.archive") == "/cardroom/app.zip"
    assert python_value(page, "import pyscript; pyscript.document.title") == page.title()
    # The boot's steps are marked in order (bench phone prints them).
    steps = page.evaluate("performance.getEntriesByType('mark').filter((m) => m.name.startsWith('boot:'))"
                          ".map((m) => m.name.slice(5))")
    assert steps == BOOT_STEPS
    # The engine works normally after a snapshot boot: play a turn.
    page.wait_for_selector(".t2005[data-waiting=human]")
    page.click(".hand [data-action='0']")
    page.wait_for_function(f"() => window.cardroomState && JSON.parse(window.cardroomState()).actions > {before['actions']}")


def test_offline_returning_visit_boots_from_the_snapshot(table_factory):
    t = table_factory(DESKTOP)
    page = first_visit_with_snapshot(t)
    # Offline play is promised once the page says so (the files that passed
    # through the offline cache may still be being stored before that).
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)
    t.context.set_offline(True)
    page.reload()
    t.wait_ready()
    assert boot_kind(page) == "snapshot"
    assert page.locator(".t2005").count() == 1
    # A snapshot boot mounts an empty zip for the standard library (everything
    # the pages import is in the snapshot); the real one is written in after,
    # here from the offline cache, so a module the snapshot lacks still imports.
    page.wait_for_selector("html[data-stdlib='complete']", state="attached", timeout=60_000)
    assert python_value(page, "import sys\n'fractions' in sys.modules") is False
    assert python_value(page, "import fractions\nfractions.Fraction(2, 6).denominator") == 3


def test_a_corrupt_snapshot_falls_back_and_is_dropped(table_factory):
    t = table_factory(DESKTOP)
    page = first_visit_with_snapshot(t)
    page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        for (const req of await cache.keys())
            await cache.put(req, new Response(new Uint8Array([31, 139, 8, 0, 1, 2, 3])));
    }""", SNAPSHOT_CACHE)
    page.reload()
    t.wait_ready()
    assert boot_kind(page) == "shipped"
    assert page.locator(".t2005").count() == 1
    # The broken snapshot is gone; the shipped one is stored in its place.
    page.wait_for_selector("html[data-snapshot='made']", state="attached", timeout=120_000)


def test_a_snapshot_of_another_release_is_never_used(table_factory):
    t = table_factory(DESKTOP)
    page = t.open("?snapshot=off")
    assert boot_kind(page) == "normal"
    page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        await cache.put(new URL('./pyodide/__snapshot__/314.0.7-0000000000000000', location.href).href,
                        new Response(new Uint8Array(1000)));
    }""", SNAPSHOT_CACHE)
    page.goto(t.base)
    t.wait_ready()
    assert boot_kind(page) == "shipped"


def test_no_cache_api_boots_from_the_shipped_snapshot_every_time(table_factory):
    t = table_factory(DESKTOP)
    t.context.add_init_script("delete window.caches; delete window.CacheStorage;")
    page = t.open()
    assert boot_kind(page) == "shipped"
    page.wait_for_timeout(1500)
    assert page.evaluate("document.documentElement.dataset.snapshot") is None
    page.reload()
    t.wait_ready()
    assert boot_kind(page) == "shipped"


SHIPPED = re.compile(r".*/pyodide/boot-snapshot-[^/]*\.wasm$")


def test_without_the_shipped_snapshot_the_device_makes_its_own(table_factory):
    t = table_factory(DESKTOP)
    t.context.route(SHIPPED, lambda route: route.fulfill(status=404, body="gone"))
    page = t.open("?game=go-stop-2005")
    assert boot_kind(page) == "normal"
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "made"
    page.reload()
    t.wait_ready()
    assert boot_kind(page) == "snapshot"
    page.click("[data-do=start]")
    page.wait_for_selector(".t2005")


def test_a_damaged_shipped_snapshot_is_refused(table_factory):
    # Its fetch integrity fails: the page boots normally and still works.
    t = table_factory(DESKTOP)

    def damaged(route):
        body = bytearray(route.fetch().body())
        body[len(body) // 2] ^= 0xFF
        route.fulfill(status=200, body=bytes(body), headers={"content-type": "application/octet-stream"})

    t.context.route(SHIPPED, damaged)
    page = t.open("?game=go-stop-2005")
    assert boot_kind(page) == "normal"
    page.click("[data-do=start]")
    page.wait_for_selector(".t2005")


def test_the_offline_cache_does_not_keep_the_shipped_snapshot(table_factory):
    # The page stores it once, in its own cache: not a second 31 MB copy.
    t = table_factory(DESKTOP)
    page = first_visit_with_snapshot(t)
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)
    kept = page.evaluate("""async () => {
        const out = [];
        for (const name of await caches.keys())
            for (const req of await (await caches.open(name)).keys()) out.push(name + ' ' + req.url);
        return out; }""")
    assert [k for k in kept if k.startswith("cardroom-") and "boot-snapshot-" in k] == []
    assert [k for k in kept if k.startswith(SNAPSHOT_CACHE)] != []


def test_a_failed_snapshot_build_leaves_the_page_working(table_factory):
    # Without the offline cache, which would hand the worker the page's copy,
    # and without the shipped snapshot, so that the worker is asked.
    t = table_factory(DESKTOP, service_workers="block")
    t.context.route(SHIPPED, lambda route: route.fulfill(status=404, body="gone"))
    seen = []

    def wheel(route):
        # The page's own boot gets the wheel; the snapshot worker's fetch fails.
        seen.append(route.request.url)
        if len(seen) == 1:
            route.continue_()
        else:
            route.fulfill(status=404, body="gone")

    t.context.route(re.compile(r".*/pyodide/gostop-.*\.whl$"), wheel)
    page = t.open("?game=go-stop-2005")
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "failed"
    assert len(seen) >= 2
    page.click("[data-do=start]")
    page.wait_for_selector(".t2005")


def test_a_snapshot_boot_reads_engine_data_files(table_factory):
    # The snapshot holds the interpreter's memory, not its files: the data
    # files (here the rulebook examples, which the engine read at import,
    # and their Korean captions, read on first use from the glue's zip,
    # mounted again at boot) must be there after a snapshot boot.
    import sys

    from gostop.scenarios import load_scenario, scenario_ids
    from tools.paths import WEB
    sys.path.insert(0, str(WEB))
    import catalogues          # web/catalogues.py: the compiled catalogues
    sys.path.remove(str(WEB))
    t = table_factory(DESKTOP)
    page = first_visit_with_snapshot(t)
    page.goto(t.base + "rules-matgo.ko.html")
    t.wait_ready()
    assert boot_kind(page) == "snapshot"
    page.wait_for_function("() => document.documentElement.dataset.busy === '0' && document.querySelector('.scn')")
    first = load_scenario("matgo", scenario_ids("matgo")[0])
    korean = catalogues.caption("ko", first["title"])
    assert korean != first["title"]["en"]
    assert page.locator(".scn-title").inner_text() == korean


def test_before_the_standard_library_is_written_in_a_missing_module_is_an_import_error(table_factory):
    # The standard library zip never arrives (no offline cache, its fetch
    # fails): the page boots from the shipped snapshot with the stub zip and
    # plays; a module the snapshot lacks is a clean ImportError (the stub's
    # index, not the real zip's read at the wrong offsets: an EOFError, which
    # also broke the printing of any traceback).
    t = table_factory(DESKTOP, service_workers="block")
    t.context.route("**/python_stdlib.zip", lambda route: route.abort())
    page = t.open("?game=matgo&seed=3&level=easy&lang=en")
    assert boot_kind(page) == "shipped"
    page.wait_for_timeout(1000)
    assert page.evaluate("document.documentElement.dataset.stdlib") is None
    assert python_value(page, """
try:
    import fractions
    got = "imported"
except ImportError as e:
    got = type(e).__name__
got""") == "ModuleNotFoundError"
    # a traceback still prints (linecache reads the stub, finds nothing)
    assert "ZeroDivisionError" in python_value(page, """
import traceback
try:
    1 / 0
except ZeroDivisionError:
    text = traceback.format_exc()
text""")
    page.click("[data-do=start]")
    page.wait_for_selector("#table .htable")
    # (the computer players' worker boots without a snapshot's stub: it needs
    # the zip, fails to fetch it, and the page thinks on its own thread)
    t.errors[:] = [e for e in t.errors if e != "Failed to fetch"]


def test_a_first_visit_fetches_the_interpreter_while_the_snapshot_is_read(table_factory):
    # The wasm is requested once its snapshot's bytes are in, not once Pyodide
    # asks for it (after reading them), and only once: Pyodide's own request
    # is answered with that response.
    t = table_factory(DESKTOP)
    page = t.open()
    assert boot_kind(page) == "shipped"
    got = page.evaluate("""() => {
        const wasm = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/pyodide/pyodide.asm.wasm'));
        const read = performance.getEntriesByName('boot:snapshot-read')[0].startTime;
        return {requests: wasm.length, start: wasm.length ? wasm[0].startTime : null, read};
    }""")
    assert got["requests"] == 1
    assert got["start"] < got["read"]


def test_a_snapshot_boot_plays_before_the_engine_wheel_arrives(table_factory):
    # A snapshot has imported every engine module: the page gets ready and the
    # computer players (their worker boots from the snapshot too) answer
    # while the wheel is held back; it is asked for after ready, written in
    # when it arrives, and tracebacks then show the engine's source lines.
    from test_ai_worker import AI_READY, play
    t = table_factory(DESKTOP, service_workers="block")
    held, release = hold_back(t.context, r".*/pyodide/gostop-.*\.whl$")
    page = t.open("?game=matgo&seed=3&level=easy&speed=fast&lang=en")
    assert boot_kind(page) == "shipped"
    assert page.evaluate("document.documentElement.dataset.engine") is None
    page.wait_for_function(AI_READY, timeout=60_000)
    play(t, 3)                                   # each answered by the computer
    assert page.evaluate("window.cardroomAI.log.length") > 0
    assert page.evaluate("document.documentElement.dataset.engine") is None
    assert held                                  # asked for, after ready
    traceback = """
import traceback
from gostop.core import safejson
try:
    safejson.loads("[", max_chars=10)
except Exception:
    text = traceback.format_exc()
text"""
    before = python_value(page, traceback)
    release()
    page.wait_for_selector("html[data-engine='mounted']", state="attached", timeout=30_000)
    after = python_value(page, "import linecache\nlinecache.clearcache()\n" + traceback)
    assert len(after.splitlines()) > len(before.splitlines())   # the source lines


def test_a_normal_boot_mounts_the_engine_wheel_before_it_runs(table_factory):
    t = table_factory(DESKTOP)
    page = t.open("?snapshot=off")
    assert boot_kind(page) == "normal"
    assert page.evaluate("document.documentElement.dataset.engine") == "mounted"
    # Docstrings go only from what a snapshot holds.
    module_doc, function_doc, _ = json.loads(python_value(page, DOCSTRINGS))
    assert module_doc.startswith("Rulebook scenarios") and function_doc.startswith("The scenario")


# The page's own fetch of the glue's sources waits for window.__releaseSources()
# and records whether the page was ready when it asked. (A route is not
# enough: the offline cache's worker may fetch the file past a context's
# routes, and the page's fetch is then answered from that cache.)
HOLD_SOURCES = """{
  const real = window.fetch, release = new Promise((r) => { window.__releaseSources = r; });
  window.__sourcesAsked = [];
  window.fetch = function (input, init) {
    const url = String(input && input.url || input);
    if (!/\\/app-src\\.json$/.test(url)) return real.call(this, input, init);
    window.__sourcesAsked.push(document.documentElement.dataset.ready || 'not ready');
    return release.then(() => real.call(this, input, init));
  };
}"""


def test_the_glue_sources_come_after_ready_for_tracebacks(table_factory):
    """app.zip holds the page glue's bytecode alone (its sources only give
    tracebacks their lines); the sources are written in after ready."""
    t = table_factory(DESKTOP)
    t.context.add_init_script(HOLD_SOURCES)
    page = t.open("?lang=en")
    assert python_value(page, "import zipfile; str(sorted({n.rsplit('.', 1)[-1] for n in "
                              "zipfile.ZipFile('/cardroom/app.zip').namelist()}))") == "['mo', 'pyc']"
    traceback = """
import traceback
from app import i18n
try:
    i18n._mo("zz", "messages")
except Exception:
    text = traceback.format_exc()
text"""
    before = python_value(page, traceback)
    assert 'rel = f"locale/' not in before
    # asked for once, after ready (the page waits for the offline cache first)
    page.wait_for_function("window.__sourcesAsked.length > 0", timeout=60_000)
    assert page.evaluate("window.__sourcesAsked") == ["1"]
    assert page.evaluate("document.documentElement.dataset.sources") is None
    page.evaluate("window.__releaseSources()")
    page.wait_for_selector("html[data-sources='written']", state="attached", timeout=60_000)
    after = python_value(page, "import linecache\nlinecache.clearcache()\n" + traceback)
    assert 'return resources.files(__package__).joinpath(rel).read_bytes()' in after, after


def test_the_files_written_in_after_ready_are_checked_with_webcrypto(table_factory):
    """The standard library, the wheel and the glue's sources come after
    ready through ``fetchChecked``: WebCrypto checks their integrity (a
    fetch()'s own check hashed them on the main thread), and a file that
    does not match is refused."""
    right = "sha256-" + base64.b64encode(hashlib.sha256((DIST / "app-src.json").read_bytes()).digest()).decode()
    t = table_factory(DESKTOP)
    page = t.open("?lang=en")
    got = page.evaluate("""async (right) => {
      const m = await import('./pyodide/boot.mjs');
      const ok = await m.fetchChecked('../app-src.json', right);
      const wrong = right.slice(0, 7) + (right[7] === 'A' ? 'B' : 'A') + right.slice(8);
      const refused = await m.fetchChecked('../app-src.json', wrong).then(() => null, (e) => e.message);
      return {bytes: ok.byteLength, refused};
    }""", right)
    assert got["bytes"] == (DIST / "app-src.json").stat().st_size
    assert got["refused"] == "../app-src.json: its integrity check failed"
