"""The playing-card back: a navy lattice with a four-suit medallion."""

from __future__ import annotations

from .suits import SUIT_PATH
from .svg import circle, document, g, path, polar, rect

W, H = 250, 350
NAVY, DEEP, GOLD, CREAM = "#1d3461", "#12213f", "#e9b949", "#fbf1da"


def back_svg(title: str = "Playing card back") -> str:
    tile = ('<pattern id="pbk" width="24" height="24" '
            'patternUnits="userSpaceOnUse">'
            f'<path d="M12,0L24,12L12,24L0,12Z" fill="none" stroke="{DEEP}" '
            'stroke-width="2"/>'
            f'<circle cx="12" cy="12" r="2.2" fill="{GOLD}" opacity=".5"/>'
            "</pattern>")
    defs = tile + "".join(
        f'<path id="pb{i}" d="{d}"/>' for i, d in enumerate(SUIT_PATH))
    cx, cy = W / 2, H / 2
    suits = "".join(
        g(f'<use href="#pb{i}"/>', fill=fill,
          transform=f"translate({x:.1f} {y:.1f}) scale(.22)")
        for i, ((x, y), fill) in enumerate(zip(
            [polar(cx, cy, 34, a) for a in (-90, 0, 90, 180)],
            [CREAM, "#ff6b6b", "#ff6b6b", CREAM])))
    body = "".join([
        rect(1, 1, W - 2, H - 2, NAVY, rx=16, stroke="#0b1428", stroke_width=2),
        rect(14, 14, W - 28, H - 28, "url(#pbk)", rx=9),
        rect(14, 14, W - 28, H - 28, "none", rx=9, stroke=GOLD, stroke_width=2.5),
        rect(8, 8, W - 16, H - 16, "none", rx=12, stroke=CREAM, stroke_width=1.5,
             opacity=".6"),
        path(f"M{cx},{cy - 80}L{cx + 66},{cy}L{cx},{cy + 80}L{cx - 66},{cy}Z",
             NAVY, stroke=GOLD, stroke_width=2.5),
        circle(cx, cy, 52, DEEP, stroke=GOLD, stroke_width=3),
        circle(cx, cy, 46, "none", stroke=CREAM, stroke_width=1, opacity=".6"),
        suits,
        circle(cx, cy, 6, GOLD),
        "".join(circle(*polar(cx, cy, 58, 15 * i), 1.8, GOLD) for i in range(24)),
    ])
    return document(W, H, title, body, defs)
