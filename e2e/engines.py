"""What the WebKit and Firefox tests share (test_webkit.py, test_firefox.py):
where each engine's programs are, a skip or failure when they are missing,
and the matgo game they play."""
import os
import shutil
from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent
# What a player would tap next (see the file); both drivers click it.
NEXT_TAP_JS = (E2E / "browser_play.js").read_text()
GAME = "?game=matgo&seed=7&level=easy&lang=en&speed=fast"
# The table's card faces are all shown as bitmaps made in the page (raster.js):
# every face loaded, none an SVG any more.
BITMAPS_JS = """(() => { const faces = [...document.querySelectorAll('#table img.hcard')];
  return faces.length > 0 && faces.every((i) => i.getAttribute('src').startsWith('blob:') && i.naturalWidth > 0); })()"""
# The turn strip as laid out (match.css): [what is wrong, "" if nothing; how
# many steps are out of view]. The steps in view must be whole, read oldest
# first, and be the newest ones; the others wholly below, on the line the
# strip's height hides.
STRIP_JS = """(() => { const s = document.querySelector('#table .turn-strip');
  if (!s) return ['', 0]; const r = s.getBoundingClientRect(), cs = getComputedStyle(s);
  const left = r.left + parseFloat(cs.paddingLeft) - 0.5, right = r.right - parseFloat(cs.paddingRight) + 0.5;
  const steps = [...s.children].map((li) => li.getBoundingClientRect()), shown = steps.map((q) => q.top < r.bottom - 0.5);
  const bad = [];
  steps.forEach((q, i) => { if (shown[i] && (q.left < left || q.right > right || q.bottom > r.bottom + 0.5))
      bad.push(`step ${i} of ${steps.length} cut`);
    if (i && shown[i - 1] && !shown[i]) bad.push(`step ${i} hidden after one shown`); });
  if (steps.length && !shown[steps.length - 1]) bad.push('the newest step hidden');
  const lefts = steps.filter((q, i) => shown[i]).map((q) => q.left);
  if (lefts.some((x, i) => i && x < lefts[i - 1])) bad.push('not oldest first');
  return [bad.join('; '), shown.filter((v) => !v).length]; })()"""
# Debian packages per engine; build.py's setup installs them (apt-get).
WEBKIT_PACKAGES = ("webkit2gtk-driver", "xvfb", "gir1.2-webkit2-4.1", "python3-gi")
FIREFOX_PACKAGES = ("firefox-esr",)
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
FIREFOX = "/usr/bin/firefox-esr"


def require(paths, packages):
    """Skips when a program is missing on a machine that could not install
    it; in CI (CI=true) that is a failure, since CI can install them."""
    missing = [p for p in paths if not (Path(p).exists() or shutil.which(p))]
    if not missing:
        return
    why = f"{', '.join(missing)} missing: apt-get install -y {' '.join(packages)}"
    if os.environ.get("CI") == "true":
        pytest.fail(why)
    pytest.skip(why)
