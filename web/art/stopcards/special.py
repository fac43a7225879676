"""Free Choice (all four colours) and the card back."""

from __future__ import annotations

from playing.svg import circle, document, g, path, polar, poly, rect, text, tf

from .shapes import COLOURS, DARK, FILL, INK, SHAPE, shape_d

W, H = 200, 300
CX, CY = W / 2, H / 2
# quadrant order, clockwise from top-left
QUAD = ["red", "blue", "green", "yellow"]


def _quadrants(cx, cy, r, icon_r, outline) -> str:
    parts = []
    for i, colour in enumerate(QUAD):
        a0, a1 = 180 + 90 * i, 270 + 90 * i
        x0, y0 = polar(cx, cy, r, a0)
        x1, y1 = polar(cx, cy, r, a1)
        parts.append(path(f"M{cx:g},{cy:g}L{x0:.1f},{y0:.1f}"
                          f"A{r},{r} 0 0 1 {x1:.1f},{y1:.1f}Z", FILL[colour]))
    for i, colour in enumerate(QUAD):
        ix, iy = polar(cx, cy, r * 0.5, 225 + 90 * i)
        parts.append(path(shape_d(SHAPE[colour], ix, iy, icon_r), "#ffffff",
                          stroke=DARK[colour], stroke_width=outline,
                          stroke_linejoin="round"))
    parts.append(circle(cx, cy, r, "none", stroke="#ffffff",
                        stroke_width=outline * 1.6))
    return "".join(parts)


def free_svg(title: str = "Free Choice") -> str:
    corner = g(_quadrants(34, 40, 24, 6.5, 2),
               text(34, 88, "FREE", 17, "#ffffff", weight="800",
                    letter_spacing="0.5"))
    body = "".join([
        rect(1, 1, W - 2, H - 2, "#ffffff", rx=14, stroke=INK, stroke_width=2),
        rect(8, 8, W - 16, H - 16, "#1d1f27", rx=10),
        # faint rays behind the wheel
        "".join(path(f"M{CX:g},{CY:g}L{polar(CX, CY, 130, a - 6)[0]:.1f},"
                     f"{polar(CX, CY, 130, a - 6)[1]:.1f}"
                     f"L{polar(CX, CY, 130, a + 6)[0]:.1f},"
                     f"{polar(CX, CY, 130, a + 6)[1]:.1f}Z", "#ffffff",
                     opacity=".05")
                for a in range(0, 360, 30)),
        _quadrants(CX, CY, 74, 17, 3.5),
        corner,
        g(corner, transform=f"rotate(180 {CX:g} {CY:g})"),
    ])
    return document(W, H, title, body)


def back_svg(title: str = "Stop card back") -> str:
    tile = "".join(
        path(shape_d(SHAPE[c], x, y, 6), FILL[c], opacity=".35")
        for c, (x, y) in zip(COLOURS, [(10, 10), (30, 10), (10, 30), (30, 30)]))
    defs = (f'<pattern id="sbk" width="40" height="40" '
            f'patternUnits="userSpaceOnUse">{tile}</pattern>')
    octa = [polar(0, 0, 62, 22.5 + 45 * i) for i in range(8)]
    octa_in = [polar(0, 0, 55, 22.5 + 45 * i) for i in range(8)]
    sign = g(
        path(poly(octa), "#ffffff", stroke=INK, stroke_width=3),
        path(poly(octa_in), "#d62839"),
        text(0, 12, "STOP", 33, "#ffffff", weight="900", letter_spacing="0.5"),
        transform=tf(CX, CY, -14),
    )
    body = "".join([
        rect(1, 1, W - 2, H - 2, "#ffffff", rx=14, stroke=INK, stroke_width=2),
        rect(8, 8, W - 16, H - 16, "#1d2340", rx=10),
        rect(8, 8, W - 16, H - 16, "url(#sbk)", rx=10),
        path("M8,200L192,100V8H8Z", "#ffffff", opacity=".05"),
        circle(CX, CY, 80, "#1d2340", stroke="#f5c211", stroke_width=3),
        sign,
    ])
    return document(W, H, title, body, defs)
