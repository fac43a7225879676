"""What the e2e tests share: viewports, paths and ``Table``, a browser
context on the site with an off-origin guard. (Kept out of conftest.py:
several conftest modules exist in this repo, so importing names from
"conftest" would pick whichever was loaded first.)"""
import json
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "e2e" / "artifacts"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


# Every page is tested under its Content-Security-Policy (a meta tag): any
# violation, in the page or a frame, is reported to the test.
CSP_WATCH = """document.addEventListener('securitypolicyviolation', (e) =>
  window.__cspViolation(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));"""


def machine_state():
    """One line on what a crashed renderer may have run out of (CI has seen
    runs of "Page crashed" that this machine never shows): free memory, free
    space where Chromium keeps its shared memory (--disable-dev-shm-usage puts
    it in /tmp) and the browser's resident memory."""
    meminfo = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
    rss = subprocess.run(["ps", "-C", "chromium", "-o", "rss="], capture_output=True, text=True).stdout
    return (f"renderer crashed: MemAvailable {meminfo['MemAvailable'].strip()}, "
            f"/tmp free {shutil.disk_usage('/tmp').free >> 20} MB, "
            f"/dev/shm free {shutil.disk_usage('/dev/shm').free >> 20} MB, "
            f"chromium RSS {sum(int(x) for x in rss.split()) >> 10} MB "
            f"in {len(rss.split())} processes")


class Table:
    """A browser context on the site with the off-origin guard installed."""

    def __init__(self, browser, base, viewport, **context_args):
        self.base = base
        self.offsite = []
        self.errors = []
        self.csp = []
        self.context = browser.new_context(viewport=viewport, **context_args)
        self.context.expose_binding("__cspViolation", lambda source, v: self.csp.append(v))
        self.context.add_init_script(CSP_WATCH)
        self.context.route("**/*", self._route)
        self.context.on("request", self._seen)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("crash", lambda _page: print(machine_state(), file=sys.stderr))

    def _is_offsite(self, url):
        u = urlparse(url)
        return u.scheme in ("http", "https", "ws", "wss") and u.hostname != "127.0.0.1"

    def _route(self, route):
        if self._is_offsite(route.request.url):
            self.offsite.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def _seen(self, request):
        if self._is_offsite(request.url) and request.url not in self.offsite:
            self.offsite.append(request.url)

    def close_checked(self):
        """Closes the context; fails on any off-origin request, page error or
        CSP violation seen while it was open."""
        try:
            assert self.offsite == [], f"requests left the site's origin: {self.offsite}"
            assert self.errors == [], f"page errors: {self.errors}"
            assert self.csp == [], f"Content-Security-Policy violations: {self.csp}"
        finally:
            self.context.close()

    def open(self, query=""):
        self.page.goto(self.base + query)
        self.wait_ready()
        return self.page

    def wait_ready(self):
        self.page.wait_for_selector("html[data-ready='1']", timeout=90_000)

    def state(self):
        return json.loads(self.page.evaluate("window.cardroomState()"))

    def screenshot(self, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


# A teaching page that frames the board (embed.html) and records its messages.
PARENT = """<!doctype html><html><head><title>Teaching page</title></head><body>
<h1>Learn Matgo</h1>
<script>window.msgs = []; addEventListener('message', (e) => window.msgs.push(e.data));
function send(m) { document.getElementById('board').contentWindow.postMessage(m, '*'); }</script>
<iframe id="board" title="Matgo board" src="SRC" style="width: 390px; height: 820px; border: 0"></iframe>
</body></html>"""


def open_parent(t, src):
    """Opens a teaching page on the site's origin framing ``src``."""
    url = t.base + "teaching-page.html"
    t.context.route(url, lambda route: route.fulfill(status=200, content_type="text/html",
                                                     body=PARENT.replace("SRC", src)))
    t.page.goto(url)
    return t.page


def start_seeded(t, query, ready, speed="normal"):
    """Opens the new-game screen for ``query`` (game, seed, level...) with
    the animation ``speed`` stored, deals, and waits until ``ready``."""
    page = t.open()
    page.evaluate("(s) => localStorage.setItem('cardroom.settings', JSON.stringify({speed: s}))", speed)
    page.goto(t.base + query)
    t.wait_ready()
    page.click("[data-do=start]")
    page.wait_for_function(ready, timeout=60_000)
    return page

