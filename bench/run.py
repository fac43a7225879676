"""Benchmarks that print their figures (run through ``python3 build.py bench``).

    bench boot [N] boot times (cold, warm, snapshot) against a bare PyScript page
    bench engine   random-policy games per second on CPython
    bench agents   go-stop-2005 computer players against each other
    bench table    a matgo hand in the browser: click-to-result latency and
                   the longest main-thread block (long tasks) while the
                   computer plays (``bench table [level] [seed]``)
    bench feel     a seeded matgo hand tapped through on desktop and on a
                   throttled phone, normal and fast speed: turn time, motion
                   during the computer's turn, "Your turn" shown while input
                   is refused, dropped frames (``bench/feel.py``)
    bench phone    the site on the reference phone (CPU x4, 9 Mbps): cold
                   and returning boots, offline-ready, a hard-level turn,
                   the longest main-thread task, memory (``bench/phone.py``)
    bench bytes    bytes the server sends on a first visit, until ready and
                   until offline-ready, normal and private profile, raw and
                   compressed (``bench/bytes.py``)
    bench rollouts rollouts per second of the matching games' search on
                   CPython, or in Pyodide with --pyodide
                   (``bench/rollout_speed.py``; its options follow)
    bench levels   each level's time budget and the rollouts it buys on
                   CPython, in the desktop browser and on the phone
                   (estimated; ``bench/level_budgets.py``, options follow)
    bench opponents how well the search's worlds guess the opponents'
                   months from their plays (``bench/opponent_model.py``)
    bench ai       the computer players' worker: its ready time, the longest
                   main-thread task during the computer's turns with and
                   without it, memory (``bench ai [level] [seed] [turns]``);
                   ``bench ai budgets``: the rollouts each level reaches in
                   its time budget on the phone profile
"""
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]

HELLO = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script></head>
<body><p>bare page</p>
<script type="py" config='{"interpreter": "../pyodide/pyodide.mjs"}'>
from pyscript import document
document.documentElement.dataset.ready = "1"
print("hello")
</script></body></html>"""

def write_hello(dist):
    """dist/_bench/hello.html, the bare PyScript page, with PyScript's own
    files as the pinned package has them (the site's copy writes no pyscript
    package into the file system: its pages import it from app.zip, which a
    bare page does not have); returns its folder (remove_hello deletes it)."""
    import shutil

    from tools.paths import PYSCRIPT_DIST
    from tools.runtime_files import pyscript_files
    folder = dist / "_bench"
    (folder / "pyscript").mkdir(parents=True, exist_ok=True)
    for name in pyscript_files():
        shutil.copy2(PYSCRIPT_DIST / name, folder / "pyscript" / name)
    (folder / "hello.html").write_text(HELLO)
    (folder / "blank.html").write_text(BLANK)
    return folder


# A page with nothing in it: the memory every tab has (bench phone).
BLANK = "<!doctype html><meta charset=utf-8><title>blank</title><p>blank</p>\n"


def remove_hello(dist):
    import shutil
    shutil.rmtree(dist / "_bench", ignore_errors=True)


# When the page set <html data-ready="1">, by its own clock: the table is in
# the DOM and answers clicks. "ready" (wall clock to Playwright seeing it) is
# later by whatever the main thread does next, e.g. ~100 ms for the card
# table's SVG images (Chromium builds one SVG document per image).
READY_JS = """new MutationObserver(() => { const r = document.documentElement;
  if (r && r.dataset.ready === '1' && !window.__readyAt) window.__readyAt = performance.now(); })
  .observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});"""
PAINT_JS = """() => { const p = performance.getEntriesByName('first-contentful-paint')[0];
  return p ? p.startTime : null; }"""
BYTES_JS = """() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
  .reduce((s, e) => s + (e.transferSize || 0), 0)"""


def _launch(p):
    return p.chromium.launch(executable_path="/usr/bin/chromium", args=[
        "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"])


def _visit(page, url):
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
    return (page.evaluate(PAINT_JS), (time.perf_counter() - t0) * 1000, page.evaluate(BYTES_JS),
            page.evaluate("window.__readyAt || null"))


def boot(runs=5):
    """Navigation to first paint and to a playable page (html data-ready),
    median of ``runs`` fresh browser profiles each:
      cold       first visit (empty caches)
      warm       a returning visit without the boot snapshot (?snapshot=off)
      snapshot   a returning visit that boots from the snapshot
    and the same cold/warm figures for a bare PyScript page printing hello.
    Returning visits resume a saved matgo game, so "ready" there is the table."""
    from tools.dev_server import make_server
    from tools.paths import DIST
    from playwright.sync_api import sync_playwright

    runs = int(runs)
    dist = DIST
    if not (dist / "index.html").exists():
        raise SystemExit("build first: python3 build.py build")
    write_hello(dist)
    httpd = make_server(dist, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}/"
    rows = {k: [] for k in ("cold", "warm", "snapshot", "bare cold", "bare warm")}
    made, blocks = [], []
    try:
        with sync_playwright() as p:
            browser = _launch(p)
            for _ in range(runs):
                ctx = browser.new_context()
                ctx.add_init_script(LONGTASKS_JS)
                ctx.add_init_script(READY_JS)
                page = ctx.new_page()
                page.on("console", lambda m: made.append(m.text) if m.text.startswith("boot snapshot:") else None)
                rows["cold"].append(_visit(page, base))
                page.click("[data-do=open][data-game='matgo']")
                page.click("[data-do=start]")
                page.wait_for_selector(".htable")
                page.wait_for_selector("html[data-busy='0']", state="attached")
                page.evaluate("window.__long = []")
                page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)
                blocks += [d for _, d in page.evaluate("window.__long")]
                rows["warm"].append(_visit(page, base + "?snapshot=off"))
                assert page.locator(".htable").count() == 1
                rows["snapshot"].append(_visit(page, base))
                assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
                assert page.locator(".htable").count() == 1
                ctx.close()
                ctx = browser.new_context()
                ctx.add_init_script(READY_JS)
                page = ctx.new_page()
                rows["bare cold"].append(_visit(page, base + "_bench/hello.html"))
                rows["bare warm"].append(_visit(page, base + "_bench/hello.html"))
                ctx.close()
            browser.close()
    finally:
        httpd.shutdown()
        remove_hello(dist)
    med = lambda key, i: statistics.median(x[i] for x in rows[key] if x[i] is not None)  # noqa: E731
    print(f"Boot, median of {runs} fresh profiles (ms from navigation):")
    print(f"{'visit':22} {'first paint':>12} {'ready':>8} {'in page':>8} {'bytes':>12}")
    for key, label in (("cold", "card room, cold"), ("warm", "card room, warm"),
                       ("snapshot", "card room, snapshot"), ("bare cold", "bare PyScript, cold"),
                       ("bare warm", "bare PyScript, warm")):
        print(f"{label:22} {med(key, 0):12.0f} {med(key, 1):8.0f} {med(key, 3):8.0f} {med(key, 2):12.0f}")
    print(f"cold ready vs bare cold: {med('cold', 1) / med('bare cold', 1):.2f}x; "
          f"warm vs bare warm: {med('warm', 1) / med('bare warm', 1):.2f}x; "
          f"snapshot vs warm: {med('snapshot', 1) / med('warm', 1):.2f}x")
    print(f"in page (navigation to data-ready by the page's clock): cold {med('cold', 3) / med('bare cold', 3):.2f}x, "
          f"warm {med('warm', 3) / med('bare warm', 3):.2f}x, snapshot vs warm {med('snapshot', 3) / med('warm', 3):.2f}x")
    stats = [json.loads(m.split(":", 1)[1]) for m in made]
    ok = [s for s in stats if s.get("ok")]
    if ok:
        print(f"snapshot made on the first visit in a worker: {statistics.median(s['ms'] for s in ok):.0f} ms "
              f"(worker time, off the main thread); stored {ok[0]['stored'] / 1e6:.1f} MB in the Cache API "
              f"(uncompressed); main-thread long tasks while it was made: "
              f"{len(blocks)}, longest {max(blocks, default=0):.0f} ms")
    wheel = next((dist / "pyodide").glob("gostop-*.whl"))
    ours = sum(f.stat().st_size for f in dist.rglob("*") if f.is_file()
               and f.parent.name not in ("pyodide", "pyscript")) + wheel.stat().st_size
    print(f"our own part (wheel + page + glue + art): {ours / 1000:.0f} kB; wheel {wheel.stat().st_size / 1000:.0f} kB")


def engine():
    """Random-policy games per second, CPython and Pyodide (Node) side by side."""
    import ast
    import subprocess
    from tools.paths import DIST
    program = ROOT / "bench" / "engine_speed_program.py"
    tree = ast.parse(program.read_text())
    last = tree.body.pop()
    env = {}
    exec(compile(tree, str(program), "exec"), env)
    cpython = json.loads(eval(compile(ast.Expression(last.value), str(program), "eval"), env))
    wheels = sorted((DIST / "pyodide").glob("gostop-*.whl"))
    if not wheels:
        raise SystemExit("build first: python3 build.py build")
    out = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(wheels[-1]), str(program)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    pyodide = json.loads(out.stdout)
    print(f"Random-policy games (hands) per second; CPython {sys.version.split()[0]} vs Pyodide (Node):")
    print(f"{'game':14} {'CPython fast':>13} {'CPython checked':>16} {'Pyodide fast':>13} {'Pyodide checked':>16} {'ratio':>6}")
    for game, (fast, checked) in cpython["rates"].items():
        pf, pc = pyodide["rates"][game]
        print(f"{game:14} {fast:13.0f} {checked:16.0f} {pf:13.0f} {pc:16.0f} {fast / pf:5.1f}x")
    print(f"clone of a mid-game matgo state: {cpython['clone_us']:.1f} us CPython, "
          f"{pyodide['clone_us']:.1f} us Pyodide")
    print("(fast = apply_unchecked, as AI rollouts play; checked = apply with validation;"
          " 'stop' counts whole games to 500)")


def agents(games=200):
    from gostop import make
    from gostop.agents import make_agent
    from gostop.core.rng import make_rng
    for a, b, n in (("easy", "random", 2), ("normal", "random", 2), ("normal", "easy", 3),
                    ("hard", "normal", 2), ("hard", "normal", 3)):
        wins, times = 0, []
        count = games if a != "hard" else games // 4
        for s in range(count):
            seat = s % n
            g = make("go-stop-2005", seed=s, players=n)
            pl = [make_agent("go-stop-2005", a if p == seat else b) for p in range(n)]
            rng = make_rng(s)
            while not g.is_terminal():
                for p in g.to_move():
                    t0 = time.perf_counter()
                    act = pl[p].choose(g.view(p), g.legal_actions(p), rng)
                    if p == seat:
                        times.append(time.perf_counter() - t0)
                    g.apply(act, p)
            wins += g.winner == seat
        times.sort()
        print(f"{a:6} vs {b:6} ({n}p): {a} wins {wins}/{count} = {wins / count:.0%} "
              f"(fair share {1 / n:.0%}); decision mean {statistics.mean(times) * 1000:.1f} ms, "
              f"p95 {times[int(len(times) * .95)] * 1000:.1f} ms")


LONGTASKS_JS = """window.__long = [];
new PerformanceObserver((list) => list.getEntries().forEach(
  (e) => window.__long.push([e.startTime, e.duration]))).observe({type: 'longtask', buffered: true});"""


def table(level="hard", seed="7"):
    """Plays one matgo hand by clicking; prints the latency from the click on a
    card to the table showing the play, and the main-thread long tasks."""
    from tools.dev_server import make_server
    from tools.paths import DIST
    from playwright.sync_api import sync_playwright

    httpd = make_server(DIST, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}/"
    ready = """() => document.querySelector('.dialog') || document.querySelector('[data-do=continue]') ||
      (document.querySelector('.htable[data-waiting=human]') && document.documentElement.dataset.busy === '0')"""
    latencies, blocks = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.add_init_script(LONGTASKS_JS)
        page.goto(base + "?speed=fast")
        page.wait_for_selector("html[data-ready='1']", timeout=120_000)
        page.click("[data-do=open][data-game='matgo']")
        page.check(f"#setup-form input[value={level}]")
        page.fill("#opt-seed", str(seed))
        page.click("[data-do=start]")
        page.wait_for_selector(".htable")
        for _ in range(200):
            page.wait_for_function(ready, timeout=120_000)
            if page.locator(".dialog").count():
                break
            buttons = page.locator(".decision [data-action]")
            if buttons.count() and not page.locator(".hhand .selected").count():
                page.evaluate("window.__long = []")
                buttons.last.click()
                continue
            card = page.locator(".hhand .card-btn:not([disabled])").first
            card.click()
            page.wait_for_selector(".hhand .selected")
            before = page.locator(".htable").get_attribute("data-actions")
            page.evaluate("window.__long = []")
            t0 = time.perf_counter()
            page.locator(".decision [data-action]").last.click()
            page.wait_for_function(f"() => document.querySelector('.htable').dataset.actions !== '{before}'")
            latencies.append((time.perf_counter() - t0) * 1000)
            page.wait_for_function(ready, timeout=120_000)
            blocks += [d for _, d in page.evaluate("window.__long")]
        browser.close()
    httpd.shutdown()
    print(f"matgo in the browser, computer level {level}, seed {seed}, phone viewport:")
    print(f"  click on a card -> table shows the play: median {statistics.median(latencies):.0f} ms, "
          f"max {max(latencies):.0f} ms over {len(latencies)} plays")
    print(f"  main-thread long tasks after your plays (incl. the computer's turns): "
          f"{len(blocks)}, longest {max(blocks, default=0):.0f} ms")


def ai(*args):
    from ai_worker import ai_worker   # bench/ is this script's directory
    ai_worker(*args)


def feel(*args):
    from feel import feel as run_feel   # bench/ is this script's directory
    run_feel(*args)


def phone(*args):
    from phone import phone as run_phone
    run_phone(*args)


def bytes_(*args):
    from bytes import main as run_bytes   # bench/bytes.py
    run_bytes(*args)


def rollouts(*args):
    from rollout_speed import main as run_rollouts   # bench/rollout_speed.py
    run_rollouts(list(args))


def levels(*args):
    from level_budgets import main as run_levels   # bench/level_budgets.py
    run_levels(list(args))


def opponents(*args):
    from opponent_model import main as run_opponents   # bench/opponent_model.py
    run_opponents(list(args))


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "engine"
    {"boot": boot, "engine": engine, "agents": agents, "table": table, "feel": feel,
     "phone": phone, "bytes": bytes_, "ai": ai, "rollouts": rollouts,
     "levels": levels, "opponents": opponents}[what](*sys.argv[2:])
