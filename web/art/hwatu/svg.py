"""Tiny SVG-building helpers plus the shared card furniture.

Everything here returns plain strings.  Numbers are rounded to one decimal
place so that the files stay small and the output is deterministic.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from svgkit import (attrs as _attrs, circle, el, ellipse, g, line, make_text, n,  # noqa: F401
                    path, poly, polar, rect, tf)

FONT = "'Noto Sans CJK KR','Noto Sans KR',sans-serif"

W, H = 200, 300
# The painted scene sits inside a white margin, like a real hwatu face.
SX, SY, SW, SH = 9, 9, 182, 282

INK = "#1b1b1b"


text = make_text(FONT)


def use(ref: str, x=0.0, y=0.0, s=1.0, r=0.0, flip=False) -> str:
    return el("use", href="#" + ref, transform=tf(x, y, r, s, flip))






def scallop(cx, cy, r, lobes, bulge=1.15, start=-90.0) -> str:
    """A closed 'cloud' outline: a circle made of outward bumps."""
    pts = [polar(cx, cy, r, start + 360 * i / lobes) for i in range(lobes)]
    chord = 2 * r * math.sin(math.pi / lobes)
    br = chord / 2 * bulge
    d = f"M{n(pts[0][0])},{n(pts[0][1])}"
    for i in range(1, lobes + 1):
        x, y = pts[i % lobes]
        d += f"A{n(br)},{n(br)} 0 0 1 {n(x)},{n(y)}"
    return d + "Z"


# ---------------------------------------------------------------------------
# Shared motifs
# ---------------------------------------------------------------------------

RIBBON_RED = "#cf2430"
RIBBON_BLUE = "#1f4fa3"

def ribbon(x, y, length, color, label=None, angle=0.0, width=30) -> str:
    """A vertical ribbon (tanzaku) hanging from (x, y).

    `label` writes its syllables down the strip: dark ink on the red poem
    ribbons (홍단), pale on the blue ones (청단); plain ribbons have none.
    """
    hw = width / 2
    L = length
    blue = color == RIBBON_BLUE
    body = path(f"M{-hw},0 H{hw} V{L} L0,{n(L - 12)} L{-hw},{L}Z", color,
                stroke="#0f2a5c" if blue else "#5a0f14", stroke_width=1.5)
    shine = line(f"M{n(-hw + 4)},7 V{n(L - 7)}", "#ffffff", 1.6, opacity=".45")
    tie = rect(-hw - 3, -4, width + 6, 9, "#f3e6c4", rx=2,
               stroke="#6b5a2c", stroke_width=1.2)
    parts = [body, shine, tie]
    if label:
        ink = "#f1f4ff" if blue else "#1a0d0d"
        step = 30
        top = (L - 12 - step * len(label)) / 2 + 4
        for i, ch in enumerate(label):
            parts.append(text(0, top + step * i + 24, ch, 24, ink, weight="900"))
    return g(*parts, transform=tf(x, y, angle))


def ground(d: str, fill: str) -> str:
    return path(d, fill)


# ---------------------------------------------------------------------------
# Card assembly
# ---------------------------------------------------------------------------

TYPE_GLYPH = {"bright": "광", "animal": "열", "ribbon": "띠", "junk": "피"}
TYPE_COLOR = {"bright": "#d0141d", "animal": "#16733a", "ribbon": "#7b2f9e",
              "junk": "#4a4f57"}


def corner_index(label: str, kind: str, label_fill="#15172b",
                 label_text="#ffffff") -> str:
    """Learner's index: month number in a circle, type glyph below it.

    Both marks are about a quarter of the card width so that they stay
    readable when a card is drawn only ~50 CSS px wide.
    """
    size = 42 if len(label) == 1 else 33
    parts = [
        circle(35, 35, 26, label_fill, stroke="#ffffff", stroke_width=3.5),
        text(35, 35 + size * 0.355, label, size, label_text, weight="900",
             letter_spacing="-2.5" if len(label) > 1 else None),
    ]
    glyph = TYPE_GLYPH[kind]
    col = TYPE_COLOR[kind]
    if kind == "bright":
        parts.append(circle(35, 91, 26, col, stroke="#ffffff", stroke_width=3.5))
        parts.append(circle(35, 91, 22, "none", stroke="#ffd45a", stroke_width=1.6))
        parts.append(text(35, 91 + 34 * 0.36, glyph, 34, "#ffffff", weight="900"))
    else:
        parts.append(rect(9, 66, 52, 50, col, rx=10, stroke="#ffffff",
                          stroke_width=3.5))
        parts.append(text(35, 91 + 40 * 0.36, glyph, 40, "#ffffff", weight="900"))
    return g(*parts)


def double_badge(label: str = "×2") -> str:
    """Gold badge in the top-right corner: the card counts as two junk."""
    return g(
        circle(165, 35, 26, "#f5b700", stroke="#ffffff", stroke_width=3.5),
        circle(165, 35, 21.5, "none", stroke="#8a5a00", stroke_width=1.2),
        text(165, 35 + 27 * 0.36, label, 27, "#2a1a00", weight="900",
             letter_spacing="-1"),
    )


def card(cid: int, title: str, bg: str, art: str, index: str,
         defs: str = "", extra: str = "", frame: str = INK,
         face: str = "#fffbf2") -> str:
    clip = f"h{cid}c"
    t = escape(title, {'"': "&quot;"})
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
        f'width="{W}" height="{H}" role="img" aria-label="{t}">'
        f"<title>{escape(title)}</title>"
        f'<defs><clipPath id="{clip}">'
        f'<rect x="{SX}" y="{SY}" width="{SW}" height="{SH}" rx="8"/>'
        f"</clipPath>{defs}</defs>"
        + rect(1, 1, W - 2, H - 2, face, rx=14, stroke="#2b2b2b", stroke_width=2)
        + rect(SX, SY, SW, SH, bg, rx=8)
        + f'<g clip-path="url(#{clip})">{art}</g>'
        + rect(SX, SY, SW, SH, "none", rx=8, stroke=frame, stroke_width=3)
        + index + extra + "</svg>\n"
    )
