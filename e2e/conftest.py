"""Playwright fixtures: the built site served in-process, Debian's Chromium,
and a guard that aborts and records every request off the site's origin."""
import threading
from pathlib import Path

import pytest

from site_helpers import CHROMIUM, DESKTOP, Table  # noqa: F401  (also puts engine/ on sys.path)
from tools.dev_server import make_server
from tools.paths import DIST


@pytest.fixture(scope="session")
def site():
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run python3 build.py test (it builds first)")
    httpd = make_server(DIST, "127.0.0.1", 0)
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


@pytest.fixture
def table_factory(browser, site):
    made = []

    def factory(viewport=DESKTOP, **context_args):
        t = Table(browser, site, viewport, **context_args)
        made.append(t)
        return t

    yield factory
    for t in made:
        t.close_checked()
