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
