"""SVG-building primitives shared by the card-art generators (hwatu, playing
cards, the Stop deck), and their command line.

Everything returns plain strings; numbers are rounded to one decimal place
so the files stay small and the output is deterministic.
"""
from __future__ import annotations

import math
import os
import sys
from xml.sax.saxutils import escape


def n(v: float) -> str:
    """Format a number compactly (one decimal, no trailing .0)."""
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s in ("-0", "-0.0") else s


def attrs(a: dict) -> str:
    out = []
    for k, v in a.items():
        if v is None:
            continue
        k = k.rstrip("_").replace("_", "-")
        if isinstance(v, float):
            v = n(v)
        out.append(f' {k}="{v}"')
    return "".join(out)


def el(tag: str, **a) -> str:
    return f"<{tag}{attrs(a)}/>"


def path(d: str, fill: str = "none", **a) -> str:
    return el("path", d=d, fill=fill, **a)


def line(d: str, stroke: str, width: float, **a) -> str:
    """A stroked, round-capped path."""
    return el("path", d=d, fill="none", stroke=stroke, stroke_width=width,
              stroke_linecap="round", stroke_linejoin="round", **a)


def circle(cx, cy, r, fill, **a) -> str:
    return el("circle", cx=n(cx), cy=n(cy), r=n(r), fill=fill, **a)


def ellipse(cx, cy, rx, ry, fill, **a) -> str:
    return el("ellipse", cx=n(cx), cy=n(cy), rx=n(rx), ry=n(ry), fill=fill, **a)


def rect(x, y, w, h, fill, **a) -> str:
    return el("rect", x=n(x), y=n(y), width=n(w), height=n(h), fill=fill, **a)


def g(*children: str, **a) -> str:
    return f"<g{attrs(a)}>{''.join(children)}</g>"


def make_text(font: str):
    """A ``text(x, y, s, size, fill, ...)`` function for one font stack."""
    def text(x, y, s, size, fill, weight="700", anchor="middle", **a) -> str:
        return (f'<text x="{n(x)}" y="{n(y)}" font-size="{n(size)}" '
                f'font-weight="{weight}" text-anchor="{anchor}" fill="{fill}" '
                f'font-family="{font}"{attrs(a)}>{escape(s)}</text>')
    return text


def tf(x=0.0, y=0.0, r=0.0, s=1.0, flip=False, sy=None) -> str | None:
    """A transform: translate, rotate, then scale (mirrored with ``flip``,
    or ``s`` by ``sy``)."""
    parts = []
    if x or y:
        parts.append(f"translate({n(x)} {n(y)})")
    if r:
        parts.append(f"rotate({n(r)})")
    if flip:
        parts.append(f"scale({n(-s)} {n(s)})")
    elif sy is not None:
        parts.append(f"scale({n(s)} {n(sy)})")
    elif s != 1:
        parts.append(f"scale({n(s)})")
    return " ".join(parts) or None


def poly(points, close=True) -> str:
    """Path data through a list of (x, y) points."""
    d = "M" + " L".join(f"{n(x)},{n(y)}" for x, y in points)
    return d + ("Z" if close else "")


def polar(cx, cy, r, deg):
    a = math.radians(deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def cli(argv, write_all, name: str) -> int:
    """``python3 <name> OUT_DIR``: writes a deck's files and says how much."""
    if len(argv) != 2:
        print(f"usage: {name} OUT_DIR", file=sys.stderr)
        return 2
    paths = write_all(argv[1])
    total = sum(os.path.getsize(p) for p in paths)
    print(f"wrote {len(paths)} files ({total} bytes) to {argv[1]}")
    return 0
