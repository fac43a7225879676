"""Original SVG art for the `stop` shedding-game deck.

Faces: for each colour (red, yellow, green, blue) the numbers 0..9, Skip,
Card Exchange and +X; plus Free Choice and the card back.  Files are named
`{colour}-{face}.svg` (face in 0..9, skip, exchange, plusx), `free.svg` and
`back.svg`.
"""

from __future__ import annotations

import os

from playing.svg import document, g, path, rect, tf

from .faces import exchange_icon, label, plusx_icon, skip_icon
from .shapes import (COLOURS, DARK, FILL, INK, MARK, SHAPE, TINT,
                     inner_centre, shape_d)
from .special import back_svg, free_svg

W, H = 200, 300
CX, CY = W / 2, H / 2
FACES = [str(i) for i in range(10)] + ["skip", "exchange", "plusx"]
FACE_NAME = {"skip": "Skip", "exchange": "Card Exchange", "plusx": "+X"}
# size of the central window per shape (nominal radius)
WINDOW_R = {"circle": 71, "triangle": 68, "square": 68, "star": 72}
# vertical nudge of the window, and the size of the number inside it
WINDOW_DY = {"circle": 0, "triangle": -24, "square": 0, "star": -2}
DIGIT = {"circle": 100, "triangle": 78, "square": 100, "star": 78}


def title_for(colour: str, face: str) -> str:
    return f"{colour.capitalize()} {FACE_NAME.get(face, face)}"


def pattern(pid: str, colour: str) -> str:
    """Tone-on-tone background tile of the colour's own shape."""
    shp, tint = SHAPE[colour], TINT[colour]
    marks = (path(shape_d(shp, 8, 8, 5.5), tint)
             + path(shape_d(shp, 24, 24, 5.5), tint))
    return (f'<pattern id="{pid}" width="32" height="32" '
            f'patternUnits="userSpaceOnUse">{marks}</pattern>')


def corner_mark(colour: str, face: str) -> str:
    """Top-left index: the label over the colour's shape, white on colour."""
    dark = DARK[colour]
    if face.isdigit():
        top = label(31, 40, face, 54, "#ffffff", dark, 6)
    elif face == "skip":
        top = g(skip_icon("#ffffff", dark, 4), transform=tf(31, 40, s=0.66))
    elif face == "exchange":
        top = g(exchange_icon("#ffffff", dark, 4), transform=tf(31, 40, s=0.66))
    else:
        top = label(33, 40, "+X", 30, "#ffffff", dark, 5, spacing=-1)
    mark = path(shape_d(SHAPE[colour], 31, 89, 17, fat=True), "#ffffff", stroke=dark,
                stroke_width=4, stroke_linejoin="round")
    return top + mark


def centre(colour: str, face: str) -> str:
    shp, fill, dark = SHAPE[colour], MARK[colour], DARK[colour]
    r = WINDOW_R[shp]
    cy = CY + WINDOW_DY[shp]
    d = shape_d(shp, CX, cy, r, fat=True)
    window = (path(d, dark, stroke=dark, stroke_width=20, stroke_linejoin="round")
              + path(d, "#ffffff", stroke="#ffffff", stroke_width=11,
                     stroke_linejoin="round"))
    lx, ly = inner_centre(shp, CX, cy, r)
    scale = DIGIT[shp] / 100
    if face.isdigit():
        mark = label(lx, ly - 5 * scale * (face in "69"), face, DIGIT[shp], fill,
                     dark, 8)
    elif face == "skip":
        mark = g(skip_icon(fill, dark, 3.5), transform=tf(lx, ly, s=1.15 * scale))
    elif face == "exchange":
        mark = g(exchange_icon(fill, dark, 3.5),
                 transform=tf(lx, ly, s=1.15 * scale))
    else:
        mark = g(plusx_icon(fill, dark, 3.5, 60),
                 transform=tf(lx - 2, ly + 6, s=scale))
    return window + mark


def card_svg(colour: str, face: str) -> str:
    pid = f"{colour[0]}{face}p"
    fill, dark = FILL[colour], DARK[colour]
    corner = corner_mark(colour, face)
    body = "".join([
        rect(1, 1, W - 2, H - 2, "#ffffff", rx=14, stroke=INK, stroke_width=2),
        rect(8, 8, W - 16, H - 16, fill, rx=10),
        rect(8, 8, W - 16, H - 16, f"url(#{pid})", rx=10),
        rect(8, 8, W - 16, H - 16, "none", rx=10, stroke=dark, stroke_width=2),
        centre(colour, face),
        corner,
        g(corner, transform=f"rotate(180 {CX:g} {CY:g})"),
    ])
    return document(W, H, title_for(colour, face), body, pattern(pid, colour))


def build_all() -> dict[str, str]:
    files = {}
    for colour in COLOURS:
        for face in FACES:
            files[f"{colour}-{face}.svg"] = card_svg(colour, face)
    files["free.svg"] = free_svg()
    files["back.svg"] = back_svg()
    return files


def write_all(out_dir) -> list[str]:
    """Write every distinct face plus free.svg and back.svg; return paths."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for name, svg in build_all().items():
        p = os.path.join(out_dir, name)
        with open(p, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(svg)
        paths.append(p)
    return paths


__all__ = ["COLOURS", "FACES", "build_all", "write_all", "card_svg",
           "free_svg", "back_svg", "title_for"]
