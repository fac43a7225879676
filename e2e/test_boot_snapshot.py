"""Fast boot: returning visits boot Pyodide from a memory snapshot made in a
worker after the first visit; every failure falls back to a normal boot."""
import re

from site_helpers import DESKTOP

SNAPSHOT_CACHE = "snapshot-cardroom"


def first_visit_with_snapshot(t):
    page = t.open()
    assert page.evaluate("document.documentElement.dataset.boot") == "normal"
    page.click("[data-do=open][data-game='go-stop-2005']")
    page.click("[data-do=start]")
    page.wait_for_selector(".t2005")
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "made"
    return page


def boot_kind(page):
    return page.evaluate("document.documentElement.dataset.boot")


def python_value(page, expr):
    """``expr`` evaluated by the page's own interpreter."""
    return page.evaluate("""async (expr) => {
        const py = await (await import('./pyodide/boot.mjs')).start();
        return py.runPython(expr); }""", expr)


BOOT_STEPS = ["module", "snapshot-read", "interpreter", "mounted", "handed", "main", "imported", "ready"]


def test_returning_visit_boots_from_the_snapshot_and_resumes(table_factory):
    t = table_factory(DESKTOP)
    page = first_visit_with_snapshot(t)
    before = t.state()
    page.reload()
    t.wait_ready()
    assert boot_kind(page) == "snapshot"
    assert t.state() == before                     # the same table, resumed
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
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    t.context.set_offline(True)
    page.reload()
    t.wait_ready()
    assert boot_kind(page) == "snapshot"
    assert page.locator(".t2005").count() == 1


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
    assert boot_kind(page) == "normal"
    assert page.locator(".t2005").count() == 1
    # The broken snapshot is gone; a new one is made in the background.
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
    assert boot_kind(page) == "normal"


def test_no_cache_api_boots_normally(table_factory):
    t = table_factory(DESKTOP)
    t.context.add_init_script("delete window.caches; delete window.CacheStorage;")
    page = t.open()
    assert boot_kind(page) == "normal"
    page.wait_for_timeout(1500)
    assert page.evaluate("document.documentElement.dataset.snapshot") is None
    page.reload()
    t.wait_ready()
    assert boot_kind(page) == "normal"


def test_a_failed_snapshot_build_leaves_the_page_working(table_factory):
    # Without the offline cache, which would hand the worker the page's copy.
    t = table_factory(DESKTOP, service_workers="block")
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
    # files (here the rulebook examples, from the engine's wheel, and their
    # Korean captions, from the glue's zip, both read on first use) must come
    # from the zips mounted again at boot.
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
