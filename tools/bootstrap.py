"""What a fresh machine needs before anything is built: the venv with the
pinned Python tools (pyproject.toml's dev extras), the pinned npm packages
(``npm ci``), and for the tests the browsers from Debian (``apt-get``).
Standard library only: ``build.py`` runs this module with the system's
``python3``, then re-executes itself inside the venv. Quick when done."""
import hashlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from tools.paths import NODE_MODULES, ROOT, VENV

CHROMIUM = "/usr/bin/chromium"
# The browsers the tests drive, each a program and the Debian packages that
# bring it (Playwright cannot download browsers here; Debian's work): Chromium
# for Playwright; WebKitGTK's WebDriver, Xvfb and the GObject bindings for
# e2e/webkit/browser.py; Firefox ESR for puppeteer-core.
BROWSER_PACKAGES = (
    (CHROMIUM, ("chromium", "fonts-noto-cjk")),
    ("/usr/bin/WebKitWebDriver", ("webkit2gtk-driver", "gir1.2-webkit2-4.1", "python3-gi")),
    ("/usr/bin/Xvfb", ("xvfb",)),
    ("/usr/bin/firefox-esr", ("firefox-esr",)),
)


def run(cmd, **kw):
    """Runs ``cmd`` (printed first) in the repository; fails on failure."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=kw.pop("cwd", ROOT), **kw)


def venv_python():
    return VENV / "bin" / "python"


def in_venv():
    return Path(sys.prefix).resolve() == VENV.resolve()


def dev_requirements():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return data["project"]["optional-dependencies"]["dev"]


def setup(with_browser=False):
    """Installs what the other commands need; quick when already done (the
    venv and node_modules each keep a stamp of what they were made from)."""
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", VENV])
    reqs = dev_requirements()
    stamp = VENV / ".requirements"
    if not stamp.exists() or stamp.read_text() != "\n".join(reqs):
        run([venv_python(), "-m", "pip", "install", "-q", "--disable-pip-version-check", *reqs])
        stamp.write_text("\n".join(reqs))
    lock = ROOT / "package-lock.json"
    npm_stamp = NODE_MODULES / ".lock-hash"
    lock_hash = hashlib.sha256(lock.read_bytes()).hexdigest()
    if not npm_stamp.exists() or npm_stamp.read_text() != lock_hash:
        run(["npm", "ci", "--no-audit", "--no-fund"])
        npm_stamp.write_text(lock_hash)
    if with_browser:
        install_browsers()


def install_browsers():
    """apt-get installs the browsers that are missing. Where that is not
    possible (not root, no network) it says so; the WebKit and Firefox tests
    then skip, except under CI=true, where they fail."""
    missing = [pkg for path, pkgs in BROWSER_PACKAGES if not Path(path).exists() for pkg in pkgs]
    if not missing:
        return
    try:
        run(["apt-get", "update", "-q"])
        run(["apt-get", "install", "-y", "-q", *missing])
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"could not install {' '.join(missing)} ({e}): the tests that need them skip", flush=True)


def reexec_in_venv(script):
    """Runs ``script`` again with the same arguments under the venv's Python
    (unless this already is it)."""
    if not in_venv():
        os.execv(venv_python(), [str(venv_python()), str(script), *sys.argv[1:]])
