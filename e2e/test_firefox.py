"""Firefox ESR: a first boot from the shipped snapshot, that snapshot stored
and used on the next visit (a reload that resumes the game), one matgo hand
to its end. Driven through WebDriver BiDi by puppeteer-core in Node
(e2e/firefox/visit.mjs)."""
import json
import subprocess

from engines import BITMAPS_JS, E2E, FIREFOX, FIREFOX_PACKAGES, STRIP_JS, require
from tools.paths import NODE_MODULES


def test_firefox_boots_resumes_plays_a_hand_and_uses_the_snapshot(site, tmp_path):
    require([FIREFOX, "node"], FIREFOX_PACKAGES)
    if not (NODE_MODULES / "puppeteer-core").exists():
        raise AssertionError("node_modules/puppeteer-core is missing: npm ci")
    run = subprocess.run(["node", str(E2E / "firefox" / "visit.mjs"), site, FIREFOX, str(tmp_path / "profile"), BITMAPS_JS,
                          STRIP_JS],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    print("firefox:", {k: found[k] for k in ("first", "snapshot", "returning", "moves", "stripHidden")})
    assert found["first"]["boot"] == "shipped"            # the build's snapshot, made in Node
    assert found["snapshot"] == "made"
    assert found["snapshotWrite"] == "worker"            # stored off the page's main thread
    assert found["returning"]["boot"] == "snapshot"
    assert found["snapshotRead"] == "worker"             # read off the page's main thread
    before, after = found["state"]
    assert after == before and before["actions"] > 0      # the reload resumed the game
    assert found["over"] and found["moves"] > 1            # the hand was played to its end
    assert found["strip"] == [], found["strip"]            # the turn strip's steps whole, at a phone's width
    assert found["stripHidden"] > 0                        # ... on turns with more steps than the line holds
    assert found["bitmaps"]                                # the faces are shown as bitmaps
    assert found["stdlib"] == 3                            # the standard library written in after the boot
    assert found["errors"] == [], found["errors"]
    assert found["offsite"] == [], found["offsite"]
    assert found["csp"] == [], found["csp"]
