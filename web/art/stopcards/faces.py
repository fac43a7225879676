"""Labels and action symbols, drawn at any size with a dark outline.

Every mark is painted twice -- first fattened in the dark outline colour,
then in its own fill -- so it stays crisp on both the white window and the
coloured field.
"""

from __future__ import annotations

import math

from playing.svg import g, line, n, path, polar, rect, text, tf


def label(x, y, s: str, size: float, fill: str, dark: str,
          outline: float, spacing: float | None = None) -> str:
    """A big digit (or short label) centred on x,y; 6 and 9 underlined."""
    base = y + size * 0.36
    extra = {}
    if len(s) > 1 and s.isdigit():
        extra = {"letter_spacing": n(-size * 0.04)}
    if spacing is not None:
        extra = {"letter_spacing": n(spacing)}
    parts = [text(x, base, s, size, fill, weight="800", stroke=dark,
                  stroke_width=n(outline), paint_order="stroke",
                  stroke_linejoin="round", **extra)]
    if s in ("6", "9"):
        w, h = size * 0.5, size * 0.1
        parts.append(rect(x - w / 2, base + size * 0.07, w, h, fill, rx=n(h / 3),
                          stroke=dark, stroke_width=n(outline / 2)))
    return "".join(parts)


def _layers(strokes, fill, dark, outline):
    """strokes: list of (d, width). Dark fattened pass, then the fill pass."""
    under = "".join(line(d, dark, w + 2 * outline) for d, w in strokes)
    over = "".join(line(d, fill, w) for d, w in strokes)
    return under + over


def skip_icon(fill, dark, outline=3.0) -> str:
    """A circle with a slash, radius ~34 around 0,0."""
    r = 27
    ring = (f"M{-r},0a{r},{r} 0 1 0 {2 * r},0a{r},{r} 0 1 0 {-2 * r},0Z")
    a = r * 0.7071
    slash = f"M{n(-a)},{n(a)}L{n(a)},{n(-a)}"
    return _layers([(ring, 11), (slash, 11)], fill, dark, outline)


def _arrow(start_deg, end_deg, r, fill, dark, outline, width=10):
    """A clockwise arc arrow; returns (under, over) layers."""
    sx, sy = polar(0, 0, r, start_deg)
    ex, ey = polar(0, 0, r, end_deg - 14)
    arc = f"M{n(sx)},{n(sy)}A{r},{r} 0 0 1 {n(ex)},{n(ey)}"
    th = math.radians(end_deg - 14)
    tx, ty = -math.sin(th), math.cos(th)          # clockwise tangent
    nx, ny = math.cos(th), math.sin(th)           # outward normal
    hx, hy = ex + tx * 4, ey + ty * 4
    tip = (hx + tx * 14, hy + ty * 14)
    head = (f"M{n(tip[0])},{n(tip[1])}L{n(hx + nx * 12)},{n(hy + ny * 12)}"
            f"L{n(hx - nx * 12)},{n(hy - ny * 12)}Z")
    under = (line(arc, dark, width + 2 * outline)
             + path(head, dark, stroke=dark, stroke_width=n(2 * outline),
                    stroke_linejoin="round"))
    over = line(arc, fill, width) + path(head, fill)
    return under, over


def exchange_icon(fill, dark, outline=3.0) -> str:
    """Two curved arrows chasing each other around a circle."""
    u1, o1 = _arrow(200, 340, 26, fill, dark, outline)
    u2, o2 = _arrow(20, 160, 26, fill, dark, outline)
    return u1 + u2 + o1 + o2


def mini_card(x, y, w, h, angle, fill, dark, stroke=3.0) -> str:
    """A small turned card (the +X 'draw' card)."""
    return g(rect(-w / 2, -h / 2, w, h, "#ffffff", rx=n(w * 0.16),
                  stroke=dark, stroke_width=n(stroke)),
             rect(-w / 2 + w * 0.16, -h / 2 + w * 0.16, w * 0.68,
                  h - w * 0.32, fill, rx=n(w * 0.1)),
             transform=tf(x, y, angle))


def plusx_icon(fill, dark, outline=3.0, size=60.0) -> str:
    """'+X' with a small turned card peeking out behind it."""
    return (mini_card(size * 0.5, -size * 0.4, size * 0.5, size * 0.7, 16,
                      fill, dark, outline)
            + label(0, size * 0.08, "+X", size, fill, dark, outline * 2))
