"""The computer players' worker (``python3 build.py bench ai [level] [seed]``,
``python3 build.py bench ai budgets [seed] [turns] [profiles]``):
what it costs and what it saves, on a desktop and on the phone profile
(Chromium's CPU throttling x4 through CDP on the page, from the moment the
page is ready; whether the worker's thread is throttled too shows in its own
boot time, printed beside).

For each profile, a returning visit (the boot snapshot made by a first visit
in the same browser profile) with the worker and one with ``Worker`` removed
once PyScript is up (the page thinks on its main thread, in slices):
  worker ready  the worker's ready time after the page's (html data-ready),
                how it booted, and its own boot time
  longest task  the longest main-thread task (PerformanceObserver longtask)
                from each tap that ends the player's turn until the table
                waits for the player again (the computer's turn: thinking,
                the shown moves), and how many tasks over 50 ms
  memory        the renderer process's resident memory (page and worker
                are threads of it; /proc, after the hand's first turns), the
                page's JS heap (CDP Performance.getMetrics), and each
                interpreter's WebAssembly memory

``budgets``: each level's time budget in the worker (registry.TIME_BUDGETS):
for easy, normal and hard, a matgo hand's first turns on each profile (phone
by default), and per decision the worker's rollouts (beside the level's
fixed count, which the arena and the tests use) and its time.
"""
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]

LONGTASKS = """window.__long = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); })
  .observe({entryTypes: ['longtask']});"""
NO_WORKER = "addEventListener('py:ready', () => { delete window.Worker; });"
READY = """() => document.querySelector('.dialog') || document.querySelector('[data-do=continue]') ||
  (document.querySelector('.htable[data-waiting=human]') && document.documentElement.dataset.busy === '0')"""
PAGE_WASM = """() => import('./pyodide/boot.mjs').then((m) => m.start())
  .then((py) => py._module ? py._module.HEAP8.length : null)"""


def _rss_mb(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return 0.0
    return 0.0


def _renderers_mb(browser):
    cdp = browser.new_browser_cdp_session()
    info = cdp.send("SystemInfo.getProcessInfo")
    cdp.detach()
    return sum(_rss_mb(p["id"]) for p in info["processInfo"] if p["type"] == "renderer")


def _play(page, level, seed, turns):
    page.click(f"[data-do=open][data-game='matgo']")
    page.check(f"#setup-form input[value={level}]")
    page.fill("#opt-seed", str(seed))
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    longest = []
    for _ in range(turns):
        page.wait_for_function(READY, timeout=180_000)
        if page.locator(".dialog").count():
            break
        if page.locator("[data-do=continue]").count():
            page.click("[data-do=continue]")
            continue
        page.evaluate("window.__long = []")
        buttons = page.locator(".decision [data-action]")
        if buttons.count():
            buttons.first.click()
        else:
            page.locator(".hhand .card-btn:not([disabled]):not([aria-disabled=true])").first.click()
        page.wait_for_function(READY, timeout=180_000)
        longest += page.evaluate("window.__long")
    return longest


def run_one(p, base, profile, mode, level, seed, turns):
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
        "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"])
    try:
        phone = profile == "phone"
        context = browser.new_context(viewport={"width": 390, "height": 844} if phone else
                                      {"width": 1280, "height": 800}, has_touch=phone)
        page = context.new_page()
        notes = []
        page.on("console", lambda m: notes.append(m.text) if "think on the page" in m.text else None)
        # The first visit makes the boot snapshot; the measured visit returns.
        page.goto(base + "?speed=fast")
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=300_000)
        context.add_init_script(LONGTASKS)
        if mode == "main":
            context.add_init_script(NO_WORKER)
        cdp = context.new_cdp_session(page)
        page.goto(base + "?speed=fast")
        page.wait_for_selector("html[data-ready='1']", timeout=180_000)
        if phone:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        out = {}
        if mode == "worker":
            page.wait_for_function("document.documentElement.dataset.aiWorker === 'ready'", timeout=300_000)
            out.update(page.evaluate("({readyMs: cardroomAI.readyMs, boot: cardroomAI.boot, "
                                     "bootMs: cardroomAI.bootMs, wasm: cardroomAI.wasmBytes})"))
        else:
            page.wait_for_function("document.documentElement.dataset.aiWorker === 'off'", timeout=60_000)
        longest = _play(page, level, seed, turns)
        out["long"] = longest
        out["answers"] = page.evaluate("cardroomAI.answers")
        out["state"] = page.evaluate("document.documentElement.dataset.aiWorker")
        out["notes"] = notes
        cdp.send("Performance.enable")
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        out["js_heap"] = metrics.get("JSHeapUsedSize", 0) / 2**20
        out["page_wasm"] = (page.evaluate(PAGE_WASM) or 0) / 2**20
        out["rss"] = _renderers_mb(browser)
        return out
    finally:
        browser.close()


def budgets(seed="7", turns="5", profiles="phone"):
    from tools.dev_server import make_server
    from tools.paths import DIST
    from playwright.sync_api import sync_playwright
    from gostop.agents.registry import HWATU_LEVELS, TIME_BUDGETS

    httpd = make_server(DIST, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}/"
    print(f"matgo, seed {seed}, {turns} turns per level; the worker's rollouts per decision "
          "(a decision with one sensible action plays none):")
    with sync_playwright() as p:
        for profile in profiles.split(","):
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            phone = profile == "phone"
            context = browser.new_context(viewport={"width": 390, "height": 844} if phone else
                                          {"width": 1280, "height": 800}, has_touch=phone)
            page = context.new_page()
            page.goto(base + "?speed=fast")           # the first visit makes the snapshot
            page.wait_for_selector("html[data-snapshot]", state="attached", timeout=300_000)
            cdp = context.new_cdp_session(page)
            page.goto(base + "?speed=fast")
            page.wait_for_selector("html[data-ready='1']", timeout=180_000)
            if phone:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.wait_for_function("document.documentElement.dataset.aiWorker === 'ready'", timeout=300_000)
            for level in ("easy", "normal", "hard"):
                page.evaluate("localStorage.clear()")    # the home page, not the last game
                page.goto(base + "?speed=fast")
                page.wait_for_selector("html[data-ready='1']", timeout=180_000)
                if phone:
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
                page.wait_for_function("document.documentElement.dataset.aiWorker === 'ready'",
                                       timeout=300_000)
                _play(page, level, int(seed), int(turns))
                log = [r for r in page.evaluate("cardroomAI.log") if r[1]]
                cap = HWATU_LEVELS[level]["rollouts"]
                if not log:
                    print(f"  {profile:7} {level:6}  no decision with a search")
                    continue
                rolls = sorted(r[1] for r in log)
                ms = sorted(r[2] for r in log)
                print(f"  {profile:7} {level:6}  budget {TIME_BUDGETS[level]:.2f} s, fixed count {cap}: "
                      f"{len(log)} decisions, rollouts median {statistics.median(rolls):.0f} "
                      f"(min {rolls[0]}, max {rolls[-1]}), think median {statistics.median(ms):.0f} ms "
                      f"(max {ms[-1]})", flush=True)
            browser.close()
    print("  (Chromium's CPU throttling slows the page's main thread, not the worker's: on the "
          "phone profile the worker runs at this machine's speed. A phone four times slower "
          "reaches about a quarter of these rollouts in the same budget.)")
    httpd.shutdown()


def ai_worker(*args):
    """``bench ai budgets ...`` or ``bench ai [level] [seed] [turns] [profiles]``."""
    if args and args[0] == "budgets":
        return budgets(*args[1:])
    return worker_and_main(*args)


def worker_and_main(level="easy", seed="7", turns="6", profiles="desktop,phone"):
    from tools.dev_server import make_server
    from tools.paths import DIST
    from playwright.sync_api import sync_playwright

    httpd = make_server(DIST, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}/"
    print(f"matgo, computer level {level}, seed {seed}, {turns} turns, returning visits:")
    with sync_playwright() as p:
        for profile in profiles.split(","):
            for mode in ("main", "worker"):
                r = run_one(p, base, profile, mode, level, int(seed), int(turns))
                long = r["long"]
                line = (f"  {profile:7} {mode:6}  longest task {max(long, default=0):4.0f} ms "
                        f"({len(long)} over 50 ms, median {statistics.median(long) if long else 0:.0f})  "
                        f"renderer RSS {r['rss']:.0f} MB, page JS heap {r['js_heap']:.0f} MB, "
                        f"page wasm {r['page_wasm']:.0f} MB")
                if mode == "worker":
                    line += (f", worker wasm {(r['wasm'] or 0) / 2**20:.0f} MB; worker ready "
                             f"{r['readyMs']} ms after the page ({r['boot']} boot, {r['bootMs']} ms); "
                             f"{r['answers']} answers, worker {r['state']}")
                    line += "".join(f"\n    {n}" for n in r["notes"])
                print(line, flush=True)
    httpd.shutdown()


if __name__ == "__main__":
    ai_worker(*sys.argv[1:])
