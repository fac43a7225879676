"""Small SVG-building helpers shared by the playing-card and stop-card art.

Everything returns plain strings; numbers are rounded to one decimal place
so the files stay small and the output is deterministic.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

FONT = "'Noto Sans','DejaVu Sans',sans-serif"


def n(v: float) -> str:
    """Format a number compactly (one decimal, no trailing .0)."""
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s in ("-0", "-0.0") else s


def _attrs(a: dict) -> str:
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
    return f"<{tag}{_attrs(a)}/>"


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
    return f"<g{_attrs(a)}>{''.join(children)}</g>"


def text(x, y, s, size, fill, weight="700", anchor="middle", **a) -> str:
    return (f'<text x="{n(x)}" y="{n(y)}" font-size="{n(size)}" '
            f'font-weight="{weight}" text-anchor="{anchor}" fill="{fill}" '
            f'font-family="{FONT}"{_attrs(a)}>{escape(s)}</text>')


def tf(x=0.0, y=0.0, r=0.0, s=1.0, sy=None) -> str | None:
    parts = []
    if x or y:
        parts.append(f"translate({n(x)} {n(y)})")
    if r:
        parts.append(f"rotate({n(r)})")
    if sy is not None:
        parts.append(f"scale({n(s)} {n(sy)})")
    elif s != 1:
        parts.append(f"scale({n(s)})")
    return " ".join(parts) or None


def use(ref: str, x=0.0, y=0.0, s=1.0, r=0.0, **a) -> str:
    return el("use", href="#" + ref, transform=tf(x, y, r, s), **a)


def poly(points, close=True) -> str:
    """Path data through a list of (x, y) points."""
    d = "M" + " L".join(f"{n(x)},{n(y)}" for x, y in points)
    return d + ("Z" if close else "")


def polar(cx, cy, r, deg):
    a = math.radians(deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def star_points(cx, cy, outer, inner, k=5, start=-90.0):
    pts = []
    for i in range(2 * k):
        pts.append(polar(cx, cy, outer if i % 2 == 0 else inner,
                         start + 180.0 * i / k))
    return pts


def document(w: int, h: int, title: str, body: str, defs: str = "") -> str:
    """A complete, self-contained SVG document with an accessible name."""
    t = escape(title, {'"': "&quot;"})
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
            f'width="{w}" height="{h}" role="img" aria-label="{t}">'
            f"<title>{escape(title)}</title>"
            + (f"<defs>{defs}</defs>" if defs else "")
            + body + "</svg>\n")
