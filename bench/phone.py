"""The site on the reference phone (``python3 build.py bench phone [seed]``).

A fresh browser profile on the phone profile of issue 21: 390x844, touch,
deviceScaleFactor 3, 9 Mbps down / 60 ms, Chromium's CPU throttling x4 on
the page from the first request. It prints, each beside its target:
  cold ready      first visit: navigation to a playable page (html data-ready)
  offline ready   after ready, until the page is marked offline-ready
                  (html data-offline="ready": the service worker holds the
                  whole game shell)
  snapshot made   after ready, until the boot snapshot is stored
  return visit    a new tab in the same profile: navigation to ready, with
                  the boot's steps (its "boot:..." performance marks)
  hard turn       matgo at level hard, normal speed: a tap on a hand card
                  (its pointerdown) to the moment the table accepts the next
                  one (the page's probe; median over the first TURNS turns)
  longest task    the longest main-thread task in a whole hand: from the tap
                  on Start (the deal; tapped LOOK_MS after ready, with the
                  card faces' state then) through every turn to the result
                  panel
  longest task, first visit
                  the same for a new player's first hand: a fresh profile
                  opens the game's address, taps Start LOOK_MS after ready
                  and plays the hand while the offline cache fills, the
                  boot snapshot is made and the files the boot left out
                  are written in
  hint            a tap on Hint to the coach's advice shown (issue 19), after
                  those turns
  memory          the page's renderer process (the page's interpreter and
                  the computer players' worker together) after the hand,
                  once both have collected their garbage (gc()), and as
                  found: its private memory (anonymous pages) beyond a
                  blank tab's, the target's figure; its resident memory
                  (RSS), which also
                  counts ~100 MB of Chromium's own program mapped into every
                  renderer (a blank tab's RSS is 120-135 MB, the bare
                  PyScript page's ~243 MB with one interpreter: an RSS of
                  250 MB for two interpreters cannot be had)
and, as the floor under them, the same figures for a bare PyScript page
printing hello (the same Pyodide and server, nothing of ours): what no work
of ours on the page can go below on this profile.
It also prints the bytes the server sent for the first visit (until ready,
and until offline-ready) and that visit from a server sending files raw
(no Content-Encoding): its cold ready and bytes. ``bench bytes`` counts the
bytes in more detail (normal and private profiles, files sent twice). The
network is paced at the server (``tools.dev_server.Link``: one 9 Mbps link,
60 ms per request, shared by every response), not by Chromium's emulation,
which slows only the page's own requests: a first visit's interpreter, its
shipped snapshot and the offline cache's files are fetched by the service
worker. Chromium's CPU throttling applies to the page's main thread.
"""
import os
import statistics
import threading
import time

from playwright.sync_api import sync_playwright

from bytes import READY_BEACON_JS, Tally
from feel import ACCEPTING_JS, NO_TOP_CHROME, PHONE_CPU, PHONE_NET, POLL_MS, PROFILES, PROBE_JS

TIMEOUT = 300_000
TURNS = 5
HAND_TURNS = 15      # more than a matgo hand has: the hand is played to its end
LOOK_MS = 1000       # from ready to the tap on Start
LONGTASKS_JS = """window.__long = []; window.__frames = [];
try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.duration, e.startTime]); })
  .observe({type: 'longtask', buffered: true}); } catch (e) {}
// the long animation frames, with the scripts that ran in them (what the long tasks were)
try { new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.blockingDuration > 0)
  window.__frames.push([Math.round(e.duration), Math.round(e.startTime), e.scripts.map((s) => `${s.invoker} ${Math.round(s.duration)}`
    + (s.sourceURL ? ` ${s.sourceURL.split('/').pop()}:${s.sourceFunctionName || ''}` : ''))]); })
  .observe({type: 'long-animation-frame'}); } catch (e) {}"""
READY_AT_JS = """new MutationObserver(() => { const r = document.documentElement;
  if (r && r.dataset.ready === '1' && !window.__readyAt) window.__readyAt = performance.now(); })
  .observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});"""
STEPS_JS = """performance.getEntriesByType('mark').filter((m) => m.name.startsWith('boot:'))
  .map((m) => m.name.slice(5) + ' ' + (m.startTime / 1000).toFixed(2)).join(', ')"""
TARGETS = {"cold": 10.0, "offline": 12.0, "return": 2.0, "turn": 2.5, "task": 50.0, "memory": 250.0}


def _throttle(context, page):
    """The phone's CPU on ``page`` (its network is the server's ``Link``)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
    return cdp


def _link():
    from tools.dev_server import Link
    return Link(PHONE_NET["downloadThroughput"] * 8, PHONE_NET["latency"] / 1000)


def _visit(page, url):
    """Seconds from navigation to html[data-ready='1'], by the page's clock."""
    page.goto(url, wait_until="commit", timeout=TIMEOUT)
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=TIMEOUT)
    return page.evaluate("window.__readyAt") / 1000


def _renderer_mb():
    """The largest Chromium renderer's (the one tab open) memory in MB:
    {"rss": resident, "private": its anonymous pages (what is not a mapped
    file, as Chromium's own program, shared with every renderer)}."""
    best = {"rss": 0.0, "private": 0.0}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
            if b"chromium" not in cmd or b"--type=renderer" not in cmd:
                continue
            with open(f"/proc/{pid}/smaps_rollup") as f:
                kb = dict(line.split()[:2] for line in f if line.endswith(" kB\n"))
            got = {"rss": int(kb["Rss:"]) / 1024, "private": int(kb["Anonymous:"]) / 1024}
            if got["rss"] > best["rss"]:
                best = got
        except (OSError, KeyError, ValueError):
            continue
    return best


# The page refused its computer players' worker (ai-client.mjs then lets the
# page's own interpreter think): the same page with one interpreter.
NO_AI_WORKER = """{ const W = self.Worker; self.Worker = class extends W {
  constructor(url, options) { if (String(url).includes('ai-worker')) throw new Error('bench: no worker');
    super(url, options); } }; }"""
SETTLE_MS = 3000


def _worker_share(context, base, seed):
    """The renderer's memory on the setup screen (returning, SETTLE_MS after
    the worker is ready), with the computer players' worker and without it:
    the difference is what the worker's interpreter costs."""
    out = []
    for worker in (True, False):
        page = context.new_page()
        if not worker:
            page.add_init_script(NO_AI_WORKER)
        page.goto(base + f"?game=matgo&seed={seed}&level=hard&lang=en", timeout=TIMEOUT)
        state = "ready" if worker else "failed"
        page.wait_for_selector(f"html[data-ai-worker={state}]", state="attached", timeout=TIMEOUT)
        page.wait_for_timeout(SETTLE_MS)
        out.append(_collected(page))
        page.close()
    return out


def _hand_tasks(page, started):
    """The long tasks since ``started`` (performance.now()), as [ms, s after
    it], longest first, and the three longest frames with their scripts."""
    longs = [(d, (t - started) / 1000) for d, t in page.evaluate("window.__long") if t >= started]
    frames = [[d, round((t - started) / 1000, 1), scripts] for d, t, scripts
              in sorted(page.evaluate("window.__frames"), reverse=True)[:3]]
    return sorted(longs, reverse=True), frames


def _first_visit_hand(browser, base, seed):
    """A new player's first hand: a fresh profile opens the game, taps Start
    LOOK_MS after ready and plays the hand to its end (while the offline
    cache fills and the boot snapshot is made); its long tasks (_hand_tasks)."""
    context = browser.new_context(**PROFILES["phone"])
    for script in (READY_AT_JS, LONGTASKS_JS, "window.__feelNoFrames = true;", PROBE_JS):
        context.add_init_script(script)
    page = context.new_page()
    _throttle(context, page)
    _visit(page, base + f"?game=matgo&seed={seed}&level=hard&lang=en")
    page.wait_for_timeout(LOOK_MS)
    page.evaluate("window.__frames = []")
    started = page.evaluate("performance.now()")
    page.locator("[data-do=start]").tap(timeout=TIMEOUT)
    page.wait_for_selector("#table .htable", timeout=TIMEOUT)
    _turns(page, TURNS + HAND_TURNS)
    page.wait_for_selector("#table .dialog", timeout=TIMEOUT)
    page.wait_for_timeout(1000)
    out = _hand_tasks(page, started)
    context.close()
    return out


def _collected(page):
    """The renderer's memory (_renderer_mb) once the page and its workers
    have collected their garbage (what a browser short of memory would
    free; until it needs to, a throttled page left 30-40 MB uncollected)."""
    page.evaluate("gc()")
    for worker in page.workers:
        try:
            worker.evaluate("gc()")
        except Exception:       # (a worker that has closed itself)
            pass
    page.wait_for_timeout(500)
    return _renderer_mb()


def _blank_mb(browser, base):
    """A blank tab's renderer memory on the phone profile (what no page goes below)."""
    context = browser.new_context(**PROFILES["phone"])
    page = context.new_page()
    page.goto(base + "_bench/blank.html")
    page.wait_for_timeout(1500)
    out = _renderer_mb()
    context.close()
    return out


def _turns(page, n):
    """Taps the first playable card (or the first decision) ``n`` times, or
    until the hand is over; returns each tap's time to the next accepted
    tap, in seconds."""
    out = []
    for _ in range(n):
        page.wait_for_function(ACCEPTING_JS, timeout=TIMEOUT, polling=POLL_MS)
        if page.locator("#table .dialog, #table .htable[data-terminal=true]").count():
            break
        downs = page.evaluate("window.__feel.downs.length")
        t0 = page.evaluate("performance.now()")
        target = page.locator("#table #decision [data-do=act], #table .hhand .card-btn:not([disabled])").first
        target.tap(timeout=TIMEOUT)
        page.wait_for_function(f"() => performance.now() - {t0} > 50 && ({ACCEPTING_JS})()",
                               timeout=TIMEOUT, polling=POLL_MS)
        # From the finger's touch (the pointerdown), not from the call:
        # Playwright's own checks before a tap take 0.1-0.5 s on this profile.
        touched = page.evaluate(f"(window.__feel.downs[{downs}] || [{t0}])[0]")
        accepted = page.evaluate("window.__feel.accepts.slice(-1)[0]")
        out.append((accepted - touched) / 1000)
    return out


def _hint(page):
    """Seconds from a tap on Hint to the coach's advice on the table (the
    hard player's search in the worker; issue 19's target: 1.5 s), or nan."""
    page.wait_for_function(ACCEPTING_JS, timeout=TIMEOUT, polling=POLL_MS)
    if not page.locator("#table [data-do=hint]").count():
        return float("nan")
    t0 = page.evaluate("performance.now()")
    page.locator("#table [data-do=hint]").tap(timeout=TIMEOUT)
    page.wait_for_selector("#decision .coach", timeout=TIMEOUT)
    return (page.evaluate("performance.now()") - t0) / 1000


def phone(seed="7"):
    from tools.dev_server import make_server
    from tools.paths import DIST

    if not (DIST / "index.html").exists():
        raise SystemExit("build first: python3 build.py build")
    tally = Tally()
    httpd = make_server(DIST, "127.0.0.1", 0, link=_link(), log=tally)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}/"
    got = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking", NO_TOP_CHROME,
                "--js-flags=--expose-gc"])   # (gc(): the memory after a full collection, _collected)
            context = browser.new_context(**PROFILES["phone"])
            context.add_init_script(READY_AT_JS)
            context.add_init_script(READY_BEACON_JS)
            context.add_init_script(LONGTASKS_JS)
            # the probe without its frame loop: the long tasks measured are the page's own
            context.add_init_script("window.__feelNoFrames = true;")
            context.add_init_script(PROBE_JS)
            page = context.new_page()
            _throttle(context, page)
            got["cold"] = _visit(page, base + "?lang=en")
            ready_wall = time.perf_counter()
            page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=TIMEOUT)
            got["offline"] = time.perf_counter() - ready_wall
            page.wait_for_selector("html[data-snapshot]", state="attached", timeout=TIMEOUT)
            got["snapshot"] = time.perf_counter() - ready_wall
            got["snapshot_ok"] = page.evaluate("document.documentElement.dataset.snapshot")
            got["mb_ready"], got["mb_settled"] = tally.before_ready() / 1e6, tally.total() / 1e6
            page.close()

            page = context.new_page()
            _throttle(context, page)
            got["return"] = _visit(page, base + f"?game=matgo&seed={seed}&level=hard&lang=en")
            got["boot"] = page.evaluate("document.documentElement.dataset.boot || 'normal'")
            got["steps"] = page.evaluate(STEPS_JS)
            # A player looks at the setup screen before tapping Start (tapped
            # the moment the page was ready, the deal came before the faces
            # were read from the store, 0.7 s, and was drawn as SVG)
            page.wait_for_timeout(LOOK_MS)
            got["faces"] = page.evaluate("import('./raster.js').then((r) => r.state())")
            page.evaluate("window.__long = []; window.__frames = []")     # the long tasks of the hand
            started = page.evaluate("performance.now()")
            page.locator("[data-do=start]").tap(timeout=TIMEOUT)
            page.wait_for_selector("#table .htable", timeout=TIMEOUT)
            turns = _turns(page, TURNS)
            got["hint"] = _hint(page)            # after TURNS turns, as before
            turns += _turns(page, HAND_TURNS)
            # the result panel, and the moment after it (its focus: dom.open_dialog)
            page.wait_for_selector("#table .dialog", timeout=TIMEOUT)
            page.wait_for_timeout(1000)
            got["turn"] = statistics.median(turns[:TURNS]) if turns else float("nan")
            got["turns"] = len(turns)
            got["each"] = " ".join(f"{x:.2f}" for x in turns)
            got["tasks"], got["frames"] = _hand_tasks(page, started)
            got["task"] = max((d for d, _ in got["tasks"]), default=0.0)
            got["memory"] = _renderer_mb()
            got["collected"] = _collected(page)
            got["worker"] = page.evaluate("document.documentElement.dataset.aiWorker || 'none'")
            page.close()
            got["with"], got["without"] = _worker_share(context, base, seed)
            context.close()      # its renderer gone before the bare page's is measured
            got["first_tasks"], got["first_frames"] = _first_visit_hand(browser, base, seed)
            got["first_task"] = max((d for d, _ in got["first_tasks"]), default=0.0)
            got["raw"] = _raw_first_visit(browser)
            got["bare"] = _bare(browser, base)
            got["blank"] = _blank_mb(browser, base)
            browser.close()
    finally:
        httpd.shutdown()
        from run import remove_hello
        remove_hello(DIST)
    print(f"The site on the phone profile (390x844, touch, CPU x{PHONE_CPU}, 9 Mbps / 60 ms), "
          f"matgo seed {seed} at level hard:")
    mem, live, blank = got["memory"], got["collected"], got["blank"]
    rows = [
        ("cold ready", f"{got['cold']:.1f} s", f"<= {TARGETS['cold']:.0f} s", got["cold"] <= TARGETS["cold"]),
        ("  on the wire (Brotli)", f"{got['mb_ready']:.2f} MB ({got['mb_settled']:.2f} MB offline-ready)",
         "", None),
        ("  raw server (no compression)", f"{got['raw'][0]:.1f} s ({got['raw'][1]:.2f} MB)", "", None),
        ("offline ready (after ready)", f"{got['offline']:.1f} s", f"<= {TARGETS['offline']:.0f} s",
         got["offline"] <= TARGETS["offline"]),
        ("snapshot made (after ready)", f"{got['snapshot']:.1f} s ({got['snapshot_ok']})", "", None),
        ("return visit", f"{got['return']:.1f} s (boot: {got['boot']})", f"<= {TARGETS['return']:.1f} s",
         got["return"] <= TARGETS["return"]),
        (f"hard turn (median of {min(got['turns'], TURNS)})", f"{got['turn']:.2f} s", f"<= {TARGETS['turn']} s",
         got["turn"] <= TARGETS["turn"]),
        ("longest main-thread task, a hand",
         (f"{got['task']:.0f} ms" if got["task"] else "none over 50 ms") + f" (AI worker: {got['worker']})",
         f"<= {TARGETS['task']:.0f} ms", got["task"] <= TARGETS["task"]),
        ("  the same, a first visit's hand",
         f"{got['first_task']:.0f} ms" if got["first_task"] else "none over 50 ms",
         f"<= {TARGETS['task']:.0f} ms", got["first_task"] <= TARGETS["task"]),
        ("hint (the coach, hard)", f"{got['hint']:.2f} s", "<= 1.5 s", got["hint"] <= 1.5),
        ("memory (page + worker) over blank",
         f"{live['private'] - blank['private']:.0f} MB (found: {mem['private'] - blank['private']:.0f} MB)",
         f"<= {TARGETS['memory']:.0f} MB", live["private"] - blank["private"] <= TARGETS["memory"]),
    ]
    for name, value, target, ok in rows:
        verdict = "" if ok is None else ("met" if ok else "NOT met")
        print(f"  {name:34} {value:28} {target:10} {verdict}")
    faces = got["faces"]
    print(f"  (each hard turn of the hand: {got['each']} s; Start tapped {LOOK_MS / 1000:g} s after ready, "
          f"{faces['bitmaps']} of {faces['faces']} faces bitmaps then, {faces['stored']} read from the store)")
    for which, tasks, frames in (("", got["tasks"], got["frames"]),
                                 (" (first visit)", got["first_tasks"], got["first_frames"])):
        print(f"  (main-thread tasks over 50 ms from the deal to the result{which}: {len(tasks)}: "
              f"{' '.join(f'{d:.0f} ms at {t:.1f} s' for d, t in tasks[:8])} after Start; the longest frames "
              f"(ms, s after Start, scripts): {frames})")
    print(f"  (the return visit's steps, s from navigation: {got['steps']})")
    print(f"  (the memory at the end of the hand, private pages beyond a blank tab's, once the page and its "
          f"worker have collected their garbage (found: as the hand left it); RSS {live['rss']:.0f} MB "
          f"(found: {mem['rss']:.0f} MB), of which ~100 MB is Chromium's program, in every tab)")
    bare = got["bare"]
    print(f"A bare PyScript page (hello) on the same profile: cold ready {bare['cold']:.1f} s, "
          f"return visit {bare['return']:.1f} s, memory {bare['memory']['private'] - blank['private']:.0f} MB "
          f"over blank (private; RSS {bare['memory']['rss']:.0f} MB; one interpreter)")
    print(f"A blank tab: private {blank['private']:.0f} MB, RSS {blank['rss']:.0f} MB")
    worker = got["with"]["private"] - got["without"]["private"]
    page = got["without"]["private"] - blank["private"]
    print(f"The setup screen, {SETTLE_MS / 1000:g} s after the worker is ready, collected: {page + worker:.0f} MB over blank "
          f"with the worker, {page:.0f} MB without it (the page thinks): the worker's interpreter {worker:.0f} MB; "
          f"with the bare page's interpreter, both interpreters {bare['memory']['private'] - blank['private'] + worker:.0f} MB")


def _raw_first_visit(browser):
    """A first visit (cold ready, and the MB sent until then) from a server
    that sends every file as it is, without Content-Encoding."""
    from tools.dev_server import make_server
    from tools.paths import DIST
    tally = Tally()
    httpd = make_server(DIST, "127.0.0.1", 0, compress=False, link=_link(), log=tally)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        context = browser.new_context(**PROFILES["phone"])
        context.add_init_script(READY_AT_JS)
        context.add_init_script(READY_BEACON_JS)
        page = context.new_page()
        _throttle(context, page)
        cold = _visit(page, f"http://127.0.0.1:{httpd.server_port}/?lang=en")
        sent = tally.before_ready() / 1e6
        context.close()
    finally:
        httpd.shutdown()
    return cold, sent


def _bare(browser, base):
    """Cold and return visits of a bare PyScript page, and its memory."""
    from run import write_hello

    from tools.paths import DIST
    write_hello(DIST)
    context = browser.new_context(**PROFILES["phone"])
    context.add_init_script(READY_AT_JS)
    page = context.new_page()
    _throttle(context, page)
    out = {"cold": _visit(page, base + "_bench/hello.html")}
    page.wait_for_timeout(SETTLE_MS)
    out["memory"] = _collected(page)
    page.close()
    page = context.new_page()
    _throttle(context, page)
    out["return"] = _visit(page, base + "_bench/hello.html")
    context.close()
    return out
