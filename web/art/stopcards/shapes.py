"""Colours, their identifying shapes, and the shape outlines.

Colour is never the only cue: every colour has a shape that appears in the
corner indices, as the big central window and as the background pattern.
    red = circle, yellow = triangle, green = square, blue = star
"""

from __future__ import annotations

from playing.svg import n, poly, star_points

COLOURS = ["red", "yellow", "green", "blue"]
SHAPE = {"red": "circle", "yellow": "triangle", "green": "square",
         "blue": "star"}
FILL = {"red": "#d62839", "yellow": "#f5c211", "green": "#1f9d55",
        "blue": "#2166d1"}
DARK = {"red": "#6e0d16", "yellow": "#5e4500", "green": "#0b4a27",
        "blue": "#0c2d66"}
# the fill of the big central mark (yellow a shade deeper, for contrast on white)
MARK = dict(FILL, yellow="#eba900")
# the slightly lighter tone used for the background pattern
TINT = {"red": "#ea5a66", "yellow": "#ffd84d", "green": "#3fbf77",
        "blue": "#4d8ae6"}
INK = "#17181c"


def _circle_d(cx, cy, r):
    return (f"M{n(cx - r)},{n(cy)}a{n(r)},{n(r)} 0 1 0 {n(2 * r)},0"
            f"a{n(r)},{n(r)} 0 1 0 {n(-2 * r)},0Z")


def shape_d(shape: str, cx: float, cy: float, r: float,
            fat: bool = False) -> str:
    """Path data for `shape` of nominal radius r, visually centred on cx,cy.

    `fat` makes the star plumper so that a number fits inside it.
    """
    if shape == "circle":
        return _circle_d(cx, cy, r * 0.9)
    if shape == "triangle":
        R = r * 1.16
        cy2 = cy + R / 4          # centre the bounding box, not the centroid
        return poly([(cx, cy2 - R), (cx + R * 0.866, cy2 + R / 2),
                     (cx - R * 0.866, cy2 + R / 2)])
    if shape == "square":
        a = r * 0.8
        c = a * (0.3 if fat else 0.12)    # corner radius
        return (f"M{n(cx - a + c)},{n(cy - a)}H{n(cx + a - c)}"
                f"Q{n(cx + a)},{n(cy - a)} {n(cx + a)},{n(cy - a + c)}"
                f"V{n(cy + a - c)}"
                f"Q{n(cx + a)},{n(cy + a)} {n(cx + a - c)},{n(cy + a)}"
                f"H{n(cx - a + c)}Q{n(cx - a)},{n(cy + a)} {n(cx - a)},{n(cy + a - c)}"
                f"V{n(cy - a + c)}Q{n(cx - a)},{n(cy - a)} {n(cx - a + c)},{n(cy - a)}Z")
    if shape == "star":
        R = r * 1.08
        cy2 = cy + R * 0.1
        return poly(star_points(cx, cy2, R, R * (0.6 if fat else 0.5)))
    raise ValueError(shape)


def inner_centre(shape: str, cx: float, cy: float, r: float):
    """Where a label sits inside the big shape window."""
    if shape == "triangle":
        return cx, cy + r * 1.16 / 4
    if shape == "star":
        return cx, cy + r * 1.08 * 0.1
    return cx, cy
