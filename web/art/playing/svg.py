"""Small SVG-building helpers shared by the playing-card and stop-card art.

Everything returns plain strings; numbers are rounded to one decimal place
so the files stay small and the output is deterministic.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from svgkit import (attrs as _attrs, circle, el, ellipse, g, line, make_text, n,  # noqa: F401
                    path, poly, polar, rect, tf)

FONT = "'Noto Sans','DejaVu Sans',sans-serif"


text = make_text(FONT)


def use(ref: str, x=0.0, y=0.0, s=1.0, r=0.0, **a) -> str:
    return el("use", href="#" + ref, transform=tf(x, y, r, s), **a)






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
