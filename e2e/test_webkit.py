"""WebKit (Safari's engine; Debian's WebKitGTK): a first boot from the
shipped snapshot, that snapshot stored and used on the next visit (a reload that resumes the game), one matgo
hand to its end. Driven through Selenium and WebKitWebDriver, under Xvfb,
with e2e/webkit/browser.py as the browser: it keeps website data on disk, as
Safari does (MiniBrowser's automation mode keeps it in memory, where a Cache
API entry is dropped once no page or worker holds its cache open)."""
import json
import os
import subprocess
import time

import pytest

from engines import BITMAPS_JS, E2E, GAME, NEXT_TAP_JS, STRIP_JS, WEBKIT_DRIVER, WEBKIT_PACKAGES, require

TIMEOUT = 300  # s: a normal WebKit boot takes about a minute on a loaded CI machine
CSP_WATCH = """window.__csp = window.__csp || [];
if (!window.__cspOn) { window.__cspOn = 1;
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI)); }"""


@pytest.fixture
def display():
    """A private X display (Xvfb picks a free number and writes it to us)."""
    require([WEBKIT_DRIVER, "Xvfb", "/usr/bin/python3"], WEBKIT_PACKAGES)
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    yield f":{number}"
    xvfb.terminate()
    xvfb.wait(10)


@pytest.fixture
def webkit(display, tmp_path):
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.binary_location = str(E2E / "webkit" / "browser.py")
    options.add_argument("--automation")
    options.add_argument(f"--profile={tmp_path / 'profile'}")
    options.set_capability("browserName", "CardroomWebKit")
    service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_script_timeout(30)
    yield driver
    driver.quit()


def wait(driver, js, timeout=TIMEOUT):
    """Polls ``js`` (an expression) until it is truthy; returns its value."""
    end = time.monotonic() + timeout
    while True:
        value = driver.execute_script(f"return {js};")
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {js}")
        time.sleep(0.1)


# No card in flight: WebDriver refuses a click on an element that another
# covers, and for a moment after the table accepts a tap a card of its last
# drawing may still fly over the one to click (a player's tap there is
# simply taken by the table; the driver's is refused).
LANDED_JS = """!document.getAnimations().some((a) => a.playState === 'running' && a.effect
  && a.effect.getComputedTiming().endTime !== Infinity)"""


class Visit:
    def __init__(self, driver, base):
        self.driver, self.base, self.csp = driver, base, []

    def open(self, url):
        if self.driver.current_url.startswith(self.base):
            self.csp += self.driver.execute_script("return window.__csp || []")
        t0 = time.monotonic()
        self.driver.get(url)
        wait(self.driver, "document.documentElement.dataset.ready === '1'")
        self.driver.execute_script(CSP_WATCH)  # late, but the page's own scripts run on after ready
        return time.monotonic() - t0, self.dataset("boot")

    def dataset(self, key):
        return self.driver.execute_script(f"return document.documentElement.dataset.{key} || null")

    def state(self):
        return json.loads(self.driver.execute_script("return window.cardroomState()"))

    def settled(self):
        """The table's next tap once it accepts one (or {over})."""
        return wait(self.driver, f"(() => {{ const n = {NEXT_TAP_JS}; return n.wait ? null : n; }})()")

    def step(self):
        """One tap through the driver (a real click); False once the hand is over."""
        from selenium.webdriver.common.by import By
        nxt = self.settled()
        if nxt.get("over"):
            return False
        from selenium.common.exceptions import ElementClickInterceptedException
        wait(self.driver, LANDED_JS)
        for attempt in range(5):
            try:
                self.driver.find_element(By.CSS_SELECTOR, nxt["sel"]).click()
                break
            except ElementClickInterceptedException:
                if attempt == 4:
                    raise
                time.sleep(0.3)
        wait(self.driver, f"(() => {{ const n = {NEXT_TAP_JS}; return n.over || n.token !== {json.dumps(nxt['token'])}; }})()")
        return True


def test_webkit_boots_resumes_plays_a_hand_and_uses_the_snapshot(webkit, site):
    from selenium.webdriver.common.by import By
    v = Visit(webkit, site)
    first, boot = v.open(site + GAME)
    assert boot == "shipped"                      # the build's snapshot, made in Node
    webkit.find_element(By.CSS_SELECTOR, "[data-do=start]").click()
    wait(webkit, "document.querySelector('#table .htable')")
    v.step()
    v.settled()                                   # the computer has answered
    before = v.state()
    made = wait(webkit, "document.documentElement.dataset.snapshot")
    assert made == "made"                         # stored, and read back by the page
    # stored off the page's main thread (snapshot-reader.js)
    assert webkit.execute_script("return document.documentElement.dataset.snapshotWrite") == "worker"
    returning, boot = v.open(site + GAME)
    assert boot == "snapshot"
    # read off the page's main thread (snapshot-reader.js)
    assert webkit.execute_script("return document.documentElement.dataset.snapshotRead") == "worker"
    v.settled()
    assert v.state() == before and before["actions"] > 0     # the reload resumed the game
    moves, strip, overflowed = 1, [], 0
    # The rest of the hand on a phone's width, where the turn strip overflows.
    webkit.set_window_size(390, 844)
    while v.step():
        moves += 1
        # the turn strip, once the computer's turn is shown in it: its steps
        # in view whole, the newest, oldest first
        v.settled()
        wrong, hidden = webkit.execute_script(f"return {STRIP_JS};")
        if wrong:
            strip.append(f"move {moves}: {wrong}")
        overflowed += hidden > 0
    assert moves > 1
    assert strip == [] and overflowed, (strip, overflowed, webkit.execute_script("return innerWidth"))
    assert webkit.execute_script("return !!document.querySelector('#table .dialog, #table .htable[data-terminal=true]')")
    wait(webkit, BITMAPS_JS, timeout=60)          # the faces are shown as bitmaps
    # The standard library a snapshot boot left out is written in afterwards.
    wait(webkit, "document.documentElement.dataset.stdlib === 'complete'", timeout=60)
    assert webkit.execute_async_script(
        "const done = arguments[arguments.length - 1]; import('./pyodide/boot.mjs').then((m) => m.start())"
        ".then((py) => done(py.runPython('import fractions\\nfractions.Fraction(2, 6).denominator')))") == 3
    v.open(site)                                  # gathers the last page's CSP reports
    assert v.csp == []
    print(f"webkit: first boot (shipped) {first:.1f} s, returning (snapshot) {returning:.1f} s, {moves} moves")
