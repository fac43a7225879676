"""The build's last step: ``f.br`` and ``f.gz`` beside every compressible
file of the site that they shrink (``compress_dist``), for a server that sends
them as they are (``dev_server``; the README's Compression for other hosts)."""
import gzip
import hashlib

from tools.paths import BUILD

# Formats worth compressing (text and wasm); images other than SVG, zips and
# wheels are already compressed, but zip/whl are tried too: the measure decides.
COMPRESSIBLE = {".wasm", ".js", ".mjs", ".json", ".html", ".css", ".svg", ".webmanifest",
                ".zip", ".whl"}
COMPRESS_MIN = 1024      # smaller files gain nothing worth a second request path
COMPRESS_KEEP = 0.9      # keep a compressed copy only if it is at most 90% of the file
ENCODINGS = {"br": ".br", "gzip": ".gz"}     # Content-Encoding -> file suffix
COMPRESS_CACHE = BUILD / "compressed"   # .../<sha256>.<kind>, see _compressed


# Brotli's default window is 4 MB (lgwin 22); a file bigger than that may
# compress better with the largest window a standard decoder takes (16 MB,
# lgwin 24) or worse: both are tried and the smaller kept. (The boot
# snapshot, 31 MB: 25 kB smaller; Pyodide's wasm, 9 MB: 25 kB larger.)
BROTLI_WINDOWS = (22, 24)


def _brotli(data):
    import brotli                   # a pinned tool of the venv (pyproject.toml)
    windows = BROTLI_WINDOWS if len(data) > 1 << BROTLI_WINDOWS[0] else BROTLI_WINDOWS[:1]
    return min((brotli.compress(data, quality=11, lgwin=w) for w in windows), key=len)


def _compressed(data, kind):
    """``data`` compressed as ``kind`` ("br" or "gzip"), or None when that does
    not shrink it noticeably. Brotli at quality 11 takes ~90 s for Pyodide's
    wasm, so results are kept in build/compressed/ by content hash."""
    tried = kind + ("-w" + "-".join(map(str, BROTLI_WINDOWS))
                    if kind == "br" and len(data) > 1 << BROTLI_WINDOWS[0] else "")
    key = COMPRESS_CACHE / f"{hashlib.sha256(data).hexdigest()}.{tried}"
    if key.exists():
        out = key.read_bytes()
        return out or None          # an empty file records "not worth it"
    # gzip is fast and a fair judge of whether brotli would gain anything.
    out = gzip.compress(data, compresslevel=9, mtime=0)
    if kind == "br" and len(out) <= COMPRESS_KEEP * len(data):
        out = _brotli(data)
    keep = len(out) <= COMPRESS_KEEP * len(data)
    COMPRESS_CACHE.mkdir(parents=True, exist_ok=True)
    key.write_bytes(out if keep else b"")
    return out if keep else None


def compress_dist(root):
    """Writes ``f.br`` and ``f.gz`` beside every compressible file of ``root``
    over COMPRESS_MIN bytes that they shrink; returns (raw, br, gz) totals of
    every file, a file without a variant counted at its raw size."""
    raw = br = gz = 0
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        if path.suffix in (".br", ".gz"):
            continue
        data = path.read_bytes()
        sizes = {kind: len(data) for kind in ENCODINGS}
        if path.suffix in COMPRESSIBLE and len(data) > COMPRESS_MIN:
            for kind, ext in ENCODINGS.items():
                out = _compressed(data, kind)
                if out is not None:
                    path.with_name(path.name + ext).write_bytes(out)
                    sizes[kind] = len(out)
        raw += len(data)
        br += sizes["br"]
        gz += sizes["gzip"]
    return raw, br, gz
