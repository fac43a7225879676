"""The offline cache (web/sw.js) on a first visit: each file crosses the
network once (the page, the service worker and the snapshot worker share
it), only what a game page can use is kept, and the pages the README says
work offline do. Served by a server of our own that logs what it sends, with
compression on."""
import collections
import threading

import pytest

from tools.dev_server import make_server
from tools.paths import DIST
from tools.service_worker import offline_shell, write_service_worker
from site_helpers import DESKTOP, Table

CACHE_KEYS = """async () => {
  const names = (await caches.keys()).filter((k) => k.startsWith('cardroom-'));
  const cache = await caches.open(names[0]);
  return {names, keys: (await cache.keys()).map((r) => new URL(r.url).pathname)};
}"""


@pytest.fixture
def logged_site():
    sent = []
    httpd = make_server(DIST, log=lambda *entry: sent.append(entry))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}/", sent
    httpd.shutdown()


@pytest.fixture
def visitor(browser, logged_site):
    base, sent = logged_site
    t = Table(browser, base, DESKTOP)
    # Playwright turns the HTTP cache off while requests are routed, and the
    # files the page fetched before the offline cache took control come from
    # it: the guard only records here (an offsite request still fails below).
    t.context.unroute("**/*")
    yield t, sent
    t.close_checked()


def first_visit(t):
    """Home page, a matgo table and a stop table (their art), then the page
    is offline-ready and the boot snapshot is made."""
    failed = []
    t.page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    page = t.open()
    page.click("[data-do=open][data-game='matgo']")
    page.click("[data-do=start]")
    page.wait_for_selector("#table .card-btn")
    page.wait_for_selector("html[data-offline]", state="attached", timeout=120_000)
    assert page.evaluate("document.documentElement.dataset.offline") == "ready"
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "made"
    assert failed == []
    return page


def test_a_first_visit_sends_each_file_once_compressed(visitor):
    t, sent = visitor
    page = first_visit(t)
    bodies = collections.Counter(path.partition("?")[0] for path, status, _, _ in sent if status == 200)
    assert bodies["/pyodide/pyodide.asm.wasm"] == 1
    assert [p for p, n in bodies.items() if n > 1] == []
    encodings = {path: enc for path, status, enc, _ in sent if status == 200}
    assert encodings["/pyodide/pyodide.asm.wasm"] == "br"
    assert encodings["/pyodide/python_stdlib.zip"] is None    # compression does not pay
    # The interpreter came through the offline cache (the page was controlled).
    assert page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => e.name.endsWith('/pyodide.asm.wasm')).every((e) => e.workerStart > 0)""")


def test_only_the_game_pages_files_are_kept_and_work_offline(visitor):
    t, sent = visitor
    page = first_visit(t)
    page.goto(t.base + "rules-stop.ko.html")                   # kept once visited
    t.wait_ready()
    cached = page.evaluate(CACHE_KEYS)
    assert len(cached["names"]) == 1
    keys = set(cached["keys"])
    shell = {"/" + f for f in offline_shell(DIST)}
    assert shell | {"/", "/rules-stop.ko.html"} == keys
    assert {"/pyodide/pyodide.asm.wasm", "/index.html", "/art/stop/back.svg", "/boot.js"} <= keys
    assert not any(k.startswith("/rules-") for k in shell)
    assert "/embed.html" not in shell
    # No page loads the PyScript chunks that are not shipped.
    requested = {path.partition("?")[0] for path, *_ in sent}
    assert not any(name in path for path in requested for name in ("codemirror", "xterm", "toml"))
    assert not list((DIST / "pyscript").glob("codemirror*"))

    t.context.set_offline(True)
    for query in ("rules-stop.ko.html", "?game=stop"):
        page.goto(t.base + query)
        t.wait_ready()
    page.click("[data-do=start]")
    page.wait_for_selector("#table .card-btn")
    with pytest.raises(Exception):                              # never visited: not kept
        page.goto(t.base + "rules-matgo.uk.html")


# Chromium activates a new worker that called skipWaiting() only once the
# old one has nothing in flight, an event or a response (after five minutes
# it goes ahead anyway; kMaxLameDuckTime): in full CI runs the new release's
# worker sat installed and waiting for over 150 s with the page open. Its
# update is what this test is about, so it waits for the install, gives the
# takeover a while with the page open, and else does what a visitor does:
# leaves the page and comes back (and says which requests were open).
UPDATE = """async (seconds) => {
    const reg = await navigator.serviceWorker.getRegistration();
    const old = reg.active;
    const state = () => JSON.stringify(['installing', 'waiting', 'active']
        .map((k) => reg[k] && [k, reg[k].state]));
    const outcome = new Promise((r) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => r('took over'));
        reg.addEventListener('updatefound', () => {
            const w = reg.installing;
            w.addEventListener('statechange', () => w.state === 'redundant' && r('new worker redundant'));
        });
        // installed: waiting, or activating in the old one's place
        setTimeout(() => r((reg.waiting || reg.active !== old ? 'installed, waiting: ' : 'timed out: ')
                           + state()), seconds * 1000);
    });
    await reg.update();
    return outcome;
}"""


def test_a_new_release_downloads_only_what_changed_and_then_works_offline(browser, tmp_path):
    import shutil
    import warnings
    site = tmp_path / "dist"
    shutil.copytree(DIST, site)
    sent = []
    httpd = make_server(site, log=lambda *entry: sent.append(entry))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    t = Table(browser, f"http://127.0.0.1:{httpd.server_port}/", DESKTOP)
    t.context.unroute("**/*")               # the HTTP cache on (see the visitor fixture)
    open_requests = {}                       # the page's, its workers' and the offline cache's
    t.context.on("request", lambda r: open_requests.__setitem__(id(r), r.url))
    for done in ("requestfinished", "requestfailed"):
        t.context.on(done, lambda r: open_requests.pop(id(r), None))
    try:
        page = t.open()
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)
        # the page idle, its boot snapshot stored
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
        # The next release changes one stylesheet.
        css = site / "stop.css"
        css.write_text(css.read_text() + "\n/* next release */\n")
        for variant in site.glob("stop.css.*"):
            variant.unlink()
        write_service_worker(site)
        for variant in site.glob("sw.js.*"):
            variant.unlink()
        sent.clear()
        outcome = page.evaluate(UPDATE, 60)
        # else a failed install leaves the new worker redundant, or it never installed
        assert outcome == "took over" or outcome.startswith("installed, waiting"), outcome
        # the install downloaded only what changed
        assert sorted({path for path, status, *_ in sent if status == 200}) == ["/stop.css", "/sw.js"]
        if outcome != "took over":
            warnings.warn(f"the new worker waited with the page open ({outcome}); "
                          f"requests open: {sorted(set(open_requests.values()))}")
            page.goto("about:blank")
            page.goto(t.base)
            t.wait_ready()
            page.wait_for_function("""async () => navigator.serviceWorker.controller &&
                (await caches.keys()).filter((k) => k.startsWith('cardroom-')).length === 1""",
                                   timeout=120_000)
        t.context.set_offline(True)
        page.reload()
        t.wait_ready()
        assert page.evaluate("fetch('./stop.css').then((r) => r.text())").endswith("/* next release */\n")
        assert page.evaluate(CACHE_KEYS)["names"] != []
        assert len(page.evaluate(CACHE_KEYS)["names"]) == 1            # the old release's is gone
        assert t.offsite == [] and t.errors == [] and t.csp == []
    finally:
        t.context.close()
        httpd.shutdown()
