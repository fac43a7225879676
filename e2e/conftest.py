"""Playwright fixtures: the built site served in-process, Debian's Chromium,
and a guard that aborts and records every request off the site's origin."""
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]
import build as site_build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "e2e" / "artifacts"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def site():
    if not (site_build.DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run python3 build.py test (it builds first)")
    httpd = site_build.make_server(site_build.DIST, "127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}/"
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run"]}


class Table:
    """A browser context on the site with the off-origin guard installed."""

    def __init__(self, browser, base, viewport, **context_args):
        self.base = base
        self.offsite = []
        self.errors = []
        self.context = browser.new_context(viewport=viewport, **context_args)
        self.context.route("**/*", self._route)
        self.context.on("request", self._seen)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

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

    def open(self, query=""):
        self.page.goto(self.base + query)
        self.wait_ready()
        return self.page

    def wait_ready(self):
        self.page.wait_for_selector("html[data-ready='1']", timeout=90_000)

    def state(self):
        import json
        return json.loads(self.page.evaluate("window.cardroomState()"))

    def screenshot(self, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture
def table_factory(browser, site):
    made = []

    def factory(viewport=DESKTOP, **context_args):
        t = Table(browser, site, viewport, **context_args)
        made.append(t)
        return t

    yield factory
    for t in made:
        try:
            assert t.offsite == [], f"requests left the site's origin: {t.offsite}"
            assert t.errors == [], f"page errors: {t.errors}"
        finally:
            t.context.close()
