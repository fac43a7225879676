"""The offline cache: ``sw.js`` from web/sw.js with the files a game page can
load (the offline shell), each with its fetch integrity, versioned by the
content of everything built."""
import base64
import hashlib
import json

from tools.paths import WEB


def sri(path):
    """A fetch integrity value (sha256) for ``path``."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def offline_shell(root):
    """The files the service worker keeps for offline play: everything a game
    page can load, not the rules pages (one per game and language: each is
    kept once visited) nor embed.html (a board for other sites), nor the
    shipped boot snapshot (31 MB: the page stores it in its own cache after
    the first boot, see web/pyodide-boot.mjs)."""
    def wanted(rel):
        return not (rel.startswith(("rules-", "_bench/", "pyodide/boot-snapshot-"))
                    or rel in ("sw.js", "embed.html") or rel.endswith((".br", ".gz")))
    return sorted(rel for rel in (p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
                  if wanted(rel))


def write_service_worker(dist):
    """``dist``/sw.js with the offline shell (each file with its fetch
    integrity, so a stale copy is never kept), versioned by the content of
    everything built."""
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                   if p.is_file() and p.name != "sw.js" and p.suffix not in (".br", ".gz"))
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.encode())
        digest.update(hashlib.sha256((dist / f).read_bytes()).digest())
    shell = {"./": sri(dist / "index.html")}
    shell.update((f, sri(dist / f)) for f in offline_shell(dist))
    template = (WEB / "sw.js").read_text()
    body = (template.replace("__VERSION__", digest.hexdigest()[:16])
            .replace("__SHELL__", json.dumps(shell, indent=1)))
    (dist / "sw.js").write_text(body)
