"""The build's compression step (``compress_dist``: .br and .gz beside every
compressible file that shrinks) and the server that sends them
(``make_server``: Content-Encoding when the request accepts it)."""
import gzip
import os
import random
import threading
import time
import urllib.request

import brotli
import pytest

from tools import compression
from tools.dev_server import accepted_encodings, make_server

TEXT = ("def play(card):\n    return card.month * 4 + card.kind  # some source text\n" * 200).encode()


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.setattr(compression, "COMPRESS_CACHE", tmp_path / "cache")
    root = tmp_path / "site"
    (root / "pyodide").mkdir(parents=True)
    (root / "index.html").write_bytes(b"<!doctype html><title>x</title>" + TEXT)
    (root / "pyodide" / "engine.js").write_bytes(TEXT)
    (root / "small.js").write_bytes(b"console.log(1);\n" * 20)            # under 1 kB
    (root / "noise.wasm").write_bytes(random.Random(1).randbytes(50_000))   # incompressible
    (root / "card.png").write_bytes(TEXT)                                  # not a compressible type
    return root


def test_compress_writes_variants_that_decompress_to_the_file(tree):
    raw, br, gz = compression.compress_dist(tree)
    for name in ("index.html", "pyodide/engine.js"):
        original = (tree / name).read_bytes()
        assert brotli.decompress((tree / (name + ".br")).read_bytes()) == original
        assert gzip.decompress((tree / (name + ".gz")).read_bytes()) == original
        assert (tree / (name + ".br")).stat().st_size < len(original) / 5
    sizes = {p: p.stat().st_size for p in tree.rglob("*") if p.is_file() and p.suffix not in (".br", ".gz")}
    assert raw == sum(sizes.values())
    assert br < raw and gz < raw and br <= gz


@pytest.mark.parametrize("name", ["small.js", "noise.wasm", "card.png"])
def test_compress_skips_small_incompressible_and_other_files(tree, name):
    compression.compress_dist(tree)
    assert not (tree / (name + ".br")).exists()
    assert not (tree / (name + ".gz")).exists()


def test_compress_is_reproducible_and_ignores_its_own_output(tree):
    compression.compress_dist(tree)
    first = {p: p.read_bytes() for p in tree.rglob("*.gz")}
    compression.COMPRESS_CACHE.joinpath("unused").mkdir(parents=True, exist_ok=True)
    for cached in compression.COMPRESS_CACHE.glob("*.*"):
        cached.unlink()                       # computed again, not read back
    compression.compress_dist(tree)
    assert {p: p.read_bytes() for p in tree.rglob("*.gz")} == first   # gzip mtime=0
    assert not list(tree.rglob("*.br.br")) and not list(tree.rglob("*.gz.gz"))


@pytest.fixture
def server(tree):
    compression.compress_dist(tree)
    log = []
    httpd = make_server(tree, log=lambda *entry: log.append(entry))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}/", log
    httpd.shutdown()


def fetch(url, method="GET", **headers):
    req = urllib.request.Request(url, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req) as res:
            return res.status, res.headers, res.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


@pytest.mark.parametrize("accept, encoding, decode", [
    ("br", "br", brotli.decompress),
    ("gzip, deflate, br, zstd", "br", brotli.decompress),
    ("gzip", "gzip", gzip.decompress),
    ("br;q=0, gzip;q=0.5", "gzip", gzip.decompress),
])
def test_server_sends_the_compressed_file_when_accepted(server, tree, accept, encoding, decode):
    base, log = server
    status, headers, body = fetch(base + "pyodide/engine.js", **{"Accept-Encoding": accept})
    assert status == 200
    assert headers["Content-Encoding"] == encoding
    assert headers["Content-Type"] == "text/javascript"
    assert headers["Vary"] == "Accept-Encoding"
    assert int(headers["Content-Length"]) == len(body) < len(TEXT)
    assert decode(body) == TEXT
    # The log entry is written once the handler returns, maybe after the client read.
    for _ in range(500):
        if log:
            break
        time.sleep(0.01)
    assert log[-1][1:3] == (200, encoding) and log[-1][3] > len(body)   # headers + body


def test_server_sends_raw_bytes_without_accept_encoding(server):
    base, _ = server
    for headers in ({}, {"Accept-Encoding": "identity"}, {"Accept-Encoding": "br;q=0"}):
        status, res, body = fetch(base + "pyodide/engine.js", **headers)
        assert (status, body, res["Content-Encoding"]) == (200, TEXT, None)
        assert res["Vary"] == "Accept-Encoding"
        assert int(res["Content-Length"]) == len(TEXT)


def test_server_directory_index_and_files_without_variants(server, tree):
    base, _ = server
    status, headers, body = fetch(base, **{"Accept-Encoding": "br"})
    assert (status, headers["Content-Type"], headers["Content-Encoding"]) == (200, "text/html", "br")
    assert brotli.decompress(body) == (tree / "index.html").read_bytes()
    status, headers, body = fetch(base + "small.js", **{"Accept-Encoding": "br"})
    assert (status, headers["Content-Encoding"], headers["Vary"]) == (200, None, None)
    assert body == (tree / "small.js").read_bytes()
    assert fetch(base + "missing.js", **{"Accept-Encoding": "br"})[0] == 404


def test_server_head_range_and_revalidation(server, tree):
    base, _ = server
    url = base + "pyodide/engine.js"
    status, headers, body = fetch(url, "HEAD", **{"Accept-Encoding": "br"})
    assert (status, body, headers["Content-Encoding"]) == (200, b"", "br")
    assert int(headers["Content-Length"]) == (tree / "pyodide/engine.js.br").stat().st_size
    # A range of the raw file cannot be cut from the .br: the raw file is sent.
    status, headers, body = fetch(url, **{"Accept-Encoding": "br", "Range": "bytes=0-9"})
    assert status in (200, 206) and headers["Content-Encoding"] is None
    assert TEXT.startswith(body) and (status == 206 or body == TEXT)
    # If-Modified-Since: unchanged -> 304, changed -> the new compressed bytes.
    stamp = fetch(url, **{"Accept-Encoding": "br"})[1]["Last-Modified"]
    status, headers, body = fetch(url, **{"Accept-Encoding": "br", "If-Modified-Since": stamp})
    assert (status, body) == (304, b"")
    later = os.stat(tree / "pyodide/engine.js").st_mtime + 60
    os.utime(tree / "pyodide/engine.js", (later, later))
    assert fetch(url, **{"Accept-Encoding": "br", "If-Modified-Since": stamp})[0] == 200


def test_server_never_sends_a_variant_older_than_its_file(server, tree):
    base, _ = server
    js = tree / "pyodide/engine.js"
    js.write_bytes(TEXT + b"// rebuilt\n")
    later = (tree / "pyodide/engine.js.br").stat().st_mtime + 60
    os.utime(js, (later, later))
    status, headers, body = fetch(base + "pyodide/engine.js", **{"Accept-Encoding": "br, gzip"})
    assert (status, headers["Content-Encoding"], body) == (200, None, TEXT + b"// rebuilt\n")


def test_server_can_be_told_not_to_compress(tree):
    compression.compress_dist(tree)
    httpd = make_server(tree, compress=False)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        status, headers, body = fetch(f"http://127.0.0.1:{httpd.server_port}/pyodide/engine.js",
                                      **{"Accept-Encoding": "br, gzip"})
        assert (status, headers["Content-Encoding"], body) == (200, None, TEXT)
    finally:
        httpd.shutdown()


@pytest.mark.parametrize("header, expected", [
    ("gzip, deflate, br", {"gzip", "deflate", "br"}),
    ("br;q=0, gzip; q=0.8", {"gzip"}),
    ("BR;Q=1", {"br"}),
    ("br;q=x", set()),
    ("", set()),
    (None, set()),
])
def test_accepted_encodings(header, expected):
    assert accepted_encodings(header) == expected


def test_a_paced_server_shares_one_link_between_its_responses(tree):
    # bench phone's network: 200 kB/s and 50 ms per request, for everyone.
    from tools.dev_server import Link
    (tree / "big.png").write_bytes(random.Random(2).randbytes(60_000))
    httpd = make_server(tree, link=Link(200_000 * 8, 0.05))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_port}/big.png"
    try:
        t0 = time.monotonic()
        with urllib.request.urlopen(url) as r:
            assert len(r.read()) == 60_000
        alone = time.monotonic() - t0
        t0 = time.monotonic()
        threads = [threading.Thread(target=lambda: urllib.request.urlopen(url).read()) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        together = time.monotonic() - t0
    finally:
        httpd.shutdown()
    assert alone >= 0.05 + 60_000 / 200_000          # latency, then 0.3 s of bytes
    assert together >= 3 * 60_000 / 200_000         # three bodies queue on one link



def test_brotli_tries_a_larger_window_for_a_file_bigger_than_the_default(tmp_path, monkeypatch):
    # Scaled down: windows of 1 and 4 kB (lgwin 10 and 12) for 22 and 24. A
    # repeat 3 kB back is out of reach of the small window only.
    monkeypatch.setattr(compression, "COMPRESS_CACHE", tmp_path / "cache")
    monkeypatch.setattr(compression, "BROTLI_WINDOWS", (10, 12))
    block = random.Random(2).randbytes(3000)
    (tmp_path / "snap.wasm").write_bytes(block + block)
    compression.compress_dist(tmp_path)
    sent = (tmp_path / "snap.wasm.br").read_bytes()
    assert brotli.decompress(sent) == block + block
    assert len(sent) < 3300
