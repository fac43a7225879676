"""Bytes a first visit moves (``python3 build.py bench bytes``).

Counts what the server writes to the socket (headers and bodies: the site's
own byte count, so the page, its service worker and its workers are all
seen) on a first visit to the home page in Chromium:
  ready     until the page is playable (html data-ready): what the page needs
  settled   until the service worker is active, the page is offline-ready
            (html data-offline, when the build has it), the boot snapshot is
            made (html data-snapshot) and the server has been quiet for 2 s
for two profiles:
  normal    a persistent profile (disk HTTP cache shared by the page, its
            workers and the service worker)
  private   a fresh incognito context (Playwright's default: an in-memory
            HTTP cache, which keeps no large file)
and two servers: raw (no Content-Encoding) and compressed (the build's .br).
It also lists the files whose body was sent more than once. (Settled
includes what the page left for after ready on purpose: the standard
library zip, 1.8 MB, which a snapshot boot does not read and writes in once
the offline cache holds it; see docs/architecture.md, "Fast boot".)

    bench bytes [profiles] [servers]   defaults: normal,private raw,compressed
"""
import collections
import tempfile
import threading
import time

from playwright.sync_api import sync_playwright

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
QUIET_S = 2.0
TIMEOUT = 180_000

SETTLED_JS = """async () => {
  const reg = await navigator.serviceWorker.ready;
  if (reg.active.state !== 'activated')
    await new Promise((r) => reg.active.addEventListener('statechange', r));
  return true;
}"""


# The page tells the server the moment it is ready: a request for READY_PATH
# (a 404, not counted) made as html[data-ready] is set. What the server sent
# before it is what the page needed; counting at the moment Playwright
# noticed the attribute took in the requests the page makes right after
# ready (its worker, the offline cache's first files: ~0.08 MB).
READY_PATH = "/__bench_ready"
READY_BEACON_JS = """new MutationObserver((_m, obs) => { const r = document.documentElement;
  if (r && r.dataset.ready === '1') { obs.disconnect(); fetch('%s', {cache: 'no-store'}).catch(() => {}); } })
  .observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});""" % READY_PATH


class Tally:
    """The server's log: every response with its size and when it was sent;
    ``ready_at``: how many came before the page said it was ready."""

    def __init__(self):
        self.lock = threading.Lock()
        self.entries = []
        self.ready_at = None

    def __call__(self, path, status, encoding, nbytes):
        with self.lock:
            if path.startswith(READY_PATH):
                if self.ready_at is None:
                    self.ready_at = len(self.entries)
                return
            self.entries.append((time.monotonic(), path.partition("?")[0], status, encoding, nbytes))

    def total(self):
        with self.lock:
            return sum(e[4] for e in self.entries)

    def before_ready(self, timeout=30.0):
        """The bytes sent before the page said it was ready."""
        end = time.monotonic() + timeout
        while self.ready_at is None:
            if time.monotonic() > end:
                raise RuntimeError("the page never said it was ready")
            time.sleep(0.05)
        with self.lock:
            return sum(e[4] for e in self.entries[:self.ready_at])

    def last(self):
        with self.lock:
            return self.entries[-1][0] if self.entries else 0

    def repeats(self):
        with self.lock:
            sent = collections.Counter(e[1] for e in self.entries if e[2] == 200)
            size = {e[1]: e[4] for e in self.entries if e[2] == 200}
        return sorted(((n, p, size[p]) for p, n in sent.items() if n > 1), key=lambda r: -r[0] * r[2])


def visit(p, browser, base, tally, profile):
    if profile == "normal":
        tmp = tempfile.TemporaryDirectory()
        context = p.chromium.launch_persistent_context(tmp.name, executable_path="/usr/bin/chromium",
                                                       args=ARGS)
        page = context.pages[0] if context.pages else context.new_page()
    else:
        tmp = None
        context = browser.new_context()
        page = context.new_page()
    context.add_init_script(READY_BEACON_JS)
    try:
        page.goto(base)
        page.wait_for_selector("html[data-ready='1']", timeout=TIMEOUT)
        ready = tally.before_ready()
        page.evaluate(SETTLED_JS)
        if "dataset.offline" in page.evaluate("fetch('./boot.js').then((r) => r.text())"):
            page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=TIMEOUT)
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=TIMEOUT)
        while time.monotonic() - tally.last() < QUIET_S:
            time.sleep(0.2)
        return ready, tally.total(), tally.repeats()
    finally:
        context.close()
        if tmp:
            tmp.cleanup()


def main(profiles="normal,private", servers="raw,compressed"):
    from tools.dev_server import make_server
    from tools.paths import DIST

    dist = DIST
    if not (dist / "index.html").exists():
        raise SystemExit("build first: python3 build.py build")
    raw_files = [f for f in dist.rglob("*") if f.is_file() and f.suffix not in (".br", ".gz")]
    raw = sum(f.stat().st_size for f in raw_files)
    br = sum((f.with_name(f.name + ".br") if f.with_name(f.name + ".br").exists() else f).stat().st_size
             for f in raw_files)
    print(f"dist: {raw / 1e6:.2f} MB raw, {br / 1e6:.2f} MB as sent with br ({len(raw_files)} files)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for server in servers.split(","):
            for profile in profiles.split(","):
                tally = Tally()
                httpd = make_server(dist, "127.0.0.1", 0, compress=server == "compressed",
                                               log=tally)
                threading.Thread(target=httpd.serve_forever, daemon=True).start()
                try:
                    ready, settled, repeats = visit(p, browser, f"http://127.0.0.1:{httpd.server_port}/",
                                                    tally, profile)
                finally:
                    httpd.shutdown()
                print(f"{server:>10} {profile:>7}: ready {ready / 1e6:6.2f} MB, settled {settled / 1e6:6.2f} MB"
                      f" = {settled / ready:.2f}x of ready" + ("" if repeats else ", nothing sent twice"))
                for n, path, size in repeats[:6]:
                    print(f"{'':20}sent {n}x: {path} ({size / 1e3:.0f} kB)")
        browser.close()


if __name__ == "__main__":
    import sys
    main(*sys.argv[1:])
