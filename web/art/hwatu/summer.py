"""May (iris), June (peony), July (bush clover), August (pampas grass)."""

from __future__ import annotations

import re

from .svg import (RIBBON_BLUE, RIBBON_RED, circle, ellipse, g, line, path,
                  polar, ribbon, scallop, use, n)

# --------------------------------------------------------------------------
# May: iris and the eight-plank bridge
# --------------------------------------------------------------------------

IRIS_BG = "#e7eef1"
IRIS_LEAF = "#2f6b35"
IRIS_LEAF2 = "#4f8f45"
IRIS_PURPLE = "#4a2a8c"
IRIS_LIGHT = "#8c6ad0"


def _iris_defs(p):
    bloom = g(
        # drooping falls
        path("M0,2C-8,4-20,8-22,18C-14,20-6,14 0,6Z", IRIS_PURPLE),
        path("M0,2C8,4 20,8 22,18C14,20 6,14 0,6Z", IRIS_PURPLE),
        path("M0,4C-4,10-4,20 0,26C4,20 4,10 0,4Z", IRIS_PURPLE),
        line("M-4,6L-14,13M4,6L14,13M0,8V20", "#f2d04a", 1.8),
        # upright standards
        path("M0,4C-8,-4-10,-14-4,-22C0,-14 2,-6 0,4Z", IRIS_LIGHT),
        path("M0,4C8,-4 10,-14 4,-22C0,-14-2,-6 0,4Z", IRIS_LIGHT),
        path("M-2,4L2,4L1,30L-1,30Z", IRIS_LEAF),
        id=p + "ib")
    return bloom


def _iris_bed(p, variant, y0=0):
    if variant == 0:
        blades = [(30, 120, -8), (52, 90, -2), (74, 130, 6), (100, 80, 0),
                  (126, 110, 5), (150, 86, 10), (172, 124, 14), (88, 150, -12)]
        blooms = [(52, 86, 1.3), (100, 74, 1.4), (150, 82, 1.25), (126, 130, 1.1),
                  (176, 150, 1.0)]
    else:
        blades = [(28, 96, -10), (50, 128, -4), (76, 84, 2), (98, 120, 6),
                  (124, 90, 4), (150, 124, 10), (174, 96, 14), (112, 150, 16)]
        blooms = [(76, 80, 1.35), (124, 86, 1.3), (28, 92, 1.1), (174, 92, 1.15),
                  (98, 136, 1.0)]
    parts = []
    for i, (x, top, lean) in enumerate(blades):
        top += y0
        col = IRIS_LEAF if i % 2 else IRIS_LEAF2
        parts.append(path(f"M{x - 5},300C{x - 4},{top + 100} {x + lean - 3},{top + 40}"
                          f" {x + lean},{top}C{x + lean + 3},{top + 40} {x + 5},"
                          f"{top + 100} {x + 7},300Z", col))
    for x, y, s in blooms:
        parts.append(use(p + "ib", x, y + y0, s))
    return g(*parts)


def _bridge():
    """Eight-plank bridge: two zig-zagging plank walks over water."""
    def span(x1, y1, x2, y2, w=16):
        d = f"M{x1},{y1}L{x2},{y2}L{x2},{y2 + w}L{x1},{y1 + w}Z"
        planks = []
        for i in range(1, 7):
            t = i / 7
            x = x1 + (x2 - x1) * t
            y = y1 + (y2 - y1) * t
            planks.append(f"M{n(x)},{n(y)}l0,{w}")
        return g(path(d, "#a8723c", stroke="#4d2e14", stroke_width=2),
                 path(f"M{x1},{y1 + w}L{x2},{y2 + w}L{x2},{y2 + w + 6}"
                      f"L{x1},{y1 + w + 6}Z", "#6b4322"),
                 line("".join(planks), "#5e3a1a", 1.4))
    posts = line("M30,212V246M96,236V270M104,214V246M170,236V272", "#4d2e14", 4)
    water = g(path("M0,220H200V300H0Z", "#6f9fc9"),
              line("M10,232q10,-5 20,0t20,0M120,236q10,-5 20,0t20,0"
                   "M40,262q10,-5 20,0t20,0M130,280q10,-5 20,0t20,0"
                   "M14,288q10,-5 20,0t20,0", "#e8f2fa", 2))
    return g(water, posts, span(14, 196, 110, 222), span(90, 222, 188, 196))


def month_5(slot, p):
    defs = _iris_defs(p)
    variant = 1 if slot == "junk2" else 0
    parts = []
    if slot == "animal":
        parts.append(_iris_bed(p, 0, y0=-30))
        parts.append(_bridge())
    else:
        parts.append(path("M0,276C60,266 140,276 200,266V300H0Z", "#7aa6cc"))
        parts.append(_iris_bed(p, variant))
        if slot == "ribbon":
            parts.append(ribbon(106, 60, 160, RIBBON_RED, angle=5))
    return IRIS_BG, defs, "".join(parts)


# --------------------------------------------------------------------------
# June: peony and butterflies
# --------------------------------------------------------------------------

PEONY_BG = "#f7ece2"
PEONY_RED = "#cf2350"
PEONY_MID = "#e8607f"
PEONY_PALE = "#f7b3c3"
PEONY_LEAF = "#24502f"


def _peony_defs(p):
    bloom = g(path(scallop(0, 0, 30, 9, 1.3), PEONY_RED, stroke="#8e1233",
                   stroke_width=1.5),
              path(scallop(0, -2, 21, 8, 1.3, start=-70), PEONY_MID),
              path(scallop(0, -3, 12, 6, 1.3), PEONY_PALE),
              *[circle(*polar(0, -3, 5, 60 * i), 1.8, "#f2c230") for i in range(6)],
              id=p + "pf")
    leaf = g(path("M0,0C-10,-8-18,-22-14,-36C-8,-28-4,-26 0,-38"
                  "C4,-26 8,-28 14,-36C18,-22 10,-8 0,0Z", PEONY_LEAF),
             line("M0,-2V-32M0,-12L-9,-26M0,-12L9,-26", "#5d8d5a", 1.3),
             id=p + "pl")
    return bloom + leaf


def _peony(p, variant):
    if variant == 0:
        leaves = [(60, 240, 1.5, -40), (140, 236, 1.6, 35), (100, 250, 1.4, 0),
                  (40, 180, 1.2, -60), (168, 176, 1.2, 60), (100, 150, 1.1, 0)]
        blooms = [(100, 180, 1.6), (150, 118, 1.0), (50, 124, .9)]
        stems = "M100,300C100,260 98,220 100,180M100,230C120,200 140,160 150,118M100,230C80,190 60,160 50,124"
    else:
        leaves = [(60, 236, 1.6, -35), (140, 240, 1.5, 40), (100, 256, 1.4, 0),
                  (34, 172, 1.2, -60), (166, 180, 1.2, 60), (104, 140, 1.0, 10)]
        blooms = [(90, 170, 1.45), (146, 110, 1.15), (52, 100, .8)]
        stems = "M100,300C96,260 92,210 90,170M96,230C120,200 140,150 146,110M94,230C70,170 60,140 52,100"
    return g(line(stems, "#2c3d22", 4),
             *[use(p + "pl", x, y, s, r) for x, y, s, r in leaves],
             *[use(p + "pf", x, y, s) for x, y, s in blooms])


def _butterfly(wing, spot, x, y, s, r):
    body = g(
        path("M0,0C-10,-22-32,-26-34,-12C-36,0-16,4 0,0Z", wing, stroke="#1c1c1c",
             stroke_width=2),
        path("M0,0C10,-22 32,-26 34,-12C36,0 16,4 0,0Z", wing, stroke="#1c1c1c",
             stroke_width=2),
        path("M0,2C-6,12-22,20-24,10C-26,2-12,-2 0,2Z", wing, stroke="#1c1c1c",
             stroke_width=2),
        path("M0,2C6,12 22,20 24,10C26,2 12,-2 0,2Z", wing, stroke="#1c1c1c",
             stroke_width=2),
        circle(-20, -12, 4.5, spot), circle(20, -12, 4.5, spot),
        circle(-14, 9, 2.8, spot), circle(14, 9, 2.8, spot),
        ellipse(0, 2, 2.6, 13, "#1c1c1c"),
        line("M-1,-10C-4,-18-8,-22-11,-24M1,-10C4,-18 8,-22 11,-24", "#1c1c1c", 1.3),
    )
    return g(body, transform=f"translate({x} {y}) rotate({r}) scale({s})")


def month_6(slot, p):
    defs = _peony_defs(p)
    variant = 1 if slot == "junk2" else 0
    parts = [path("M0,274C60,262 140,272 200,262V300H0Z", "#5a4030"),
             _peony(p, variant)]
    if slot == "animal":
        parts.append(_butterfly("#f2b81f", "#2158a8", 132, 78, 1.05, 18))
        parts.append(_butterfly("#3a6fc4", "#f5d34a", 80, 230, .85, -22))
    elif slot == "ribbon":
        parts.append(ribbon(100, 70, 164, RIBBON_BLUE, label="청단", angle=-6))
    return PEONY_BG, defs, "".join(parts)


# --------------------------------------------------------------------------
# July: bush clover and boar
# --------------------------------------------------------------------------

CLOVER_BG = "#f3eedf"
CLOVER_RED = "#c8234a"
CLOVER_BRANCH = "#4a2a26"


def _clover_defs(p):
    spray = g(line("M0,0C4,-10 6,-20 4,-30", CLOVER_BRANCH, 1.5),
              ellipse(-4, -6, 4, 2.6, "#3f6a38", transform="rotate(-30 -4 -6)"),
              ellipse(6, -14, 4, 2.6, "#3f6a38", transform="rotate(30 6 -14)"),
              ellipse(0, -22, 3.4, 2.4, CLOVER_RED),
              ellipse(6, -28, 3, 2.2, CLOVER_RED),
              ellipse(2, -33, 2.6, 2, CLOVER_RED),
              ellipse(-4, -26, 2.8, 2, "#e2577a"), id=p + "cs")
    return spray


def _clover(p, variant):
    if variant == 0:
        arcs = ["M190,300C170,200 110,130 30,120", "M190,300C190,210 160,140 110,80",
                "M170,300C130,230 70,220 20,230", "M200,250C170,170 170,110 186,40"]
    else:
        arcs = ["M10,300C30,200 90,130 170,120", "M10,300C10,210 40,140 90,80",
                "M30,300C70,230 130,220 180,230", "M0,250C30,170 30,110 14,40"]
    parts = [line(d, CLOVER_BRANCH, 3.5) for d in arcs]
    # sprays along each arc: sample points on the cubic
    for k, d in enumerate(arcs):
        nums = [float(v) for v in re.findall(r"-?\d+\.?\d*", d)]
        (x0, y0, x1, y1, x2, y2, x3, y3) = nums
        for i in range(1, 8):
            t = i / 8
            mt = 1 - t
            x = mt ** 3 * x0 + 3 * mt * mt * t * x1 + 3 * mt * t * t * x2 + t ** 3 * x3
            y = mt ** 3 * y0 + 3 * mt * mt * t * y1 + 3 * mt * t * t * y2 + t ** 3 * y3
            r = (-40 if (i + k) % 2 else 35) + (20 if variant else 0)
            parts.append(use(p + "cs", x, y, 1.25 + .1 * (i % 3), r))
    return g(*parts)


def _boar():
    """Wild boar charging to the left; origin at the centre of the body."""
    dark, coat, shade = "#2e190e", "#6b3a22", "#4a2816"
    return g(
        # far legs
        line("M-24,14L-38,34L-46,34M28,16L44,32", dark, 8),
        # body and head in one silhouette
        path("M60,-6C58,-28 30,-40 0,-40C-24,-40-40,-32-50,-22"
             "C-62,-14-74,-4-82,4L-84,16C-74,20-60,20-50,16"
             "C-44,20-36,22-28,22L34,22C50,20 62,10 60,-6Z", coat,
             stroke=dark, stroke_width=2.2),
        # bristly ridge along the back
        path("M-46,-26L-40,-38L-32,-32L-24,-44L-16,-36L-6,-48L2,-38L12,-46L18,-36"
             "L28,-42L32,-32L42,-36L44,-26L54,-24C40,-34 14,-40-10,-38"
             "C-26,-36-38,-32-46,-26Z", dark),
        # belly shade and cheek
        path("M-28,16C-6,22 26,22 52,10C40,18 6,22-28,16Z", shade),
        path("M-52,-4C-58,4-58,12-52,16C-50,10-48,4-52,-4Z", shade),
        # snout, tusk, ear, eye
        ellipse(-84, 10, 3.5, 6.5, "#3a1f12"),
        line("M-82,16C-74,18-66,18-58,15", dark, 1.5),
        line("M-70,16C-76,9-74,3-68,1", "#f4efe2", 3.5),
        path("M-46,-26L-40,-42L-30,-28Z", dark),
        circle(-60, -12, 2.6, "#f2c230"), circle(-60.5, -12, 1.2, "#111111"),
        # near legs, galloping
        line("M-30,16L-48,28L-58,26M34,18L52,30L62,26", shade, 8),
        line("M-58,26L-62,24M62,26L66,23", "#111111", 5),
        line("M58,-10C66,-14 68,-20 64,-25", dark, 2.5),
    )


def month_7(slot, p):
    defs = _clover_defs(p)
    variant = 1 if slot == "junk2" else 0
    parts = [path("M0,270C60,258 140,268 200,256V300H0Z", "#6b5a3a"),
             _clover(p, variant)]
    if slot == "animal":
        parts.append(g(_boar(), transform="translate(104 226) scale(1.05)"))
    elif slot == "ribbon":
        parts.append(ribbon(100, 80, 160, RIBBON_RED, angle=-4))
    return CLOVER_BG, defs, "".join(parts)


# --------------------------------------------------------------------------
# August: pampas grass on the hill, full moon, geese
# --------------------------------------------------------------------------

SKY = "#ee9d5b"
SKY_RED = "#cf3a2b"
HILL = "#1d1d22"


def _hill(p, variant):
    if variant == 0:
        hill = "M0,176C50,130 120,118 200,150V300H0Z"
        tufts = [(30, 176), (70, 150), (110, 140), (150, 146), (186, 160),
                 (50, 214), (96, 196), (140, 206), (180, 224), (70, 258), (130, 256)]
    else:
        hill = "M0,150C70,120 140,136 200,180V300H0Z"
        tufts = [(20, 152), (60, 136), (100, 134), (140, 146), (176, 172),
                 (40, 200), (84, 186), (130, 196), (170, 218), (60, 250), (120, 246)]
    grass = "".join(f"M{x},{y}c-2,-14-8,-22-16,-26M{x},{y}c1,-16 4,-24 10,-30"
                    f"M{x},{y}c4,-10 10,-16 18,-18" for x, y in tufts)
    return g(path(hill, HILL), line(grass, "#f3ead2", 2))


def _goose(x, y, s):
    """A wild goose in flight, flying to the right."""
    return g(
        path("M6,-2C2,-16-10,-28-30,-34L-24,-26L-30,-24L-22,-18L-26,-14L-10,-4Z",
             "#5a524c"),
        path("M14,0C8,-6-10,-7-22,-2L-32,-5L-29,2C-18,6 6,6 14,0Z", "#2c2826"),
        path("M10,2C0,6-14,6-22,2C-10,3 2,3 10,2Z", "#8a8078"),
        line("M12,-1L28,-5", "#2c2826", 3.5),
        ellipse(30, -6, 4.5, 3.4, "#2c2826"),
        path("M28,-4L31,-2L27,-1Z", "#f4efe2"),
        path("M34,-7L40,-5L34,-4Z", "#e0a020"),
        path("M4,0C0,10-10,20-26,24L-20,16L-26,14L-18,10L-20,6L-8,0Z", "#3a3432"),
        transform=f"translate({x} {y}) scale({s})")


def month_8(slot, p):
    variant = 1 if slot == "junk2" else 0
    parts = []
    bg = SKY
    if slot == "bright":
        bg = SKY_RED
        parts.append(circle(108, 126, 62, "#fbf2d8"))
        parts.append(circle(108, 126, 62, "none", stroke="#f6d88a", stroke_width=4))
    parts.append(_hill(p, variant))
    if slot == "animal":
        parts.append(_goose(104, 52, 1.05))
        parts.append(_goose(148, 92, 1.05))
        parts.append(_goose(98, 134, 1.05))
    return bg, "", "".join(parts)
