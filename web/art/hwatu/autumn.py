"""September (chrysanthemum), October (maple), November (paulownia),
December (rain / willow)."""

from __future__ import annotations

import math
import re

from .svg import (RIBBON_BLUE, circle, ellipse, g, line, path, polar, poly,
                  ribbon, use, n)

# --------------------------------------------------------------------------
# September: chrysanthemum and the sake cup
# --------------------------------------------------------------------------

CHRYS_BG = "#f4efdc"
CHRYS_GOLD = "#f2bf2a"
CHRYS_ORANGE = "#e07a1f"
CHRYS_LEAF = "#2c5a30"


def _chrys_defs(p):
    outer = "".join(ellipse(0, -13, 3.6, 8.5, CHRYS_GOLD, stroke=CHRYS_ORANGE,
                            stroke_width=.8, transform=f"rotate({n(360 * i / 16)})")
                    for i in range(16))
    inner = "".join(ellipse(0, -7, 2.6, 5, "#f7d96a",
                            transform=f"rotate({n(11 + 360 * i / 10)})")
                    for i in range(10))
    flower = g(outer, inner, circle(0, 0, 4, "#d2471c"), id=p + "kf")
    leaf = g(path("M0,0C-12,-4-20,-14-16,-26C-10,-22-8,-24-8,-32C-2,-26 2,-28 4,-34"
                  "C8,-26 12,-26 16,-30C18,-16 10,-4 0,0Z", CHRYS_LEAF),
             line("M0,-2L2,-26M0,-10L-10,-22M1,-12L10,-24", "#6f9d5e", 1.2),
             id=p + "kl")
    return flower + leaf


def _chrys(p, variant):
    if variant == 0:
        stems = "M100,300C100,250 96,200 104,150M100,250C80,220 66,190 60,150M102,230C130,200 146,170 150,120M104,150C104,120 110,96 116,80"
        leaves = [(84, 230, 1.2, -40), (124, 220, 1.2, 40), (64, 180, 1.1, -60),
                  (140, 160, 1.1, 50), (104, 190, 1.0, 0)]
        flowers = [(104, 146, 1.6), (60, 148, 1.3), (150, 116, 1.35), (116, 78, 1.1),
                   (170, 200, .9)]
    else:
        stems = "M100,300C104,250 108,200 96,150M104,250C124,220 140,190 146,150M100,230C70,200 54,170 50,120M96,150C96,120 90,96 84,76"
        leaves = [(116, 232, 1.2, 40), (76, 220, 1.2, -40), (140, 184, 1.1, 60),
                  (60, 160, 1.1, -50), (98, 196, 1.0, 0)]
        flowers = [(96, 146, 1.6), (146, 148, 1.3), (50, 116, 1.35), (84, 74, 1.1),
                   (30, 196, .9)]
    return g(line(stems, "#2c3d22", 3.5),
             *[use(p + "kl", x, y, s, r) for x, y, s, r in leaves],
             *[use(p + "kf", x, y, s) for x, y, s in flowers])


def _sake_cup(p):
    """Red lacquer sake cup with a gold rim and a chrysanthemum crest."""
    return g(
        ellipse(100, 276, 40, 7, "#000000", opacity=".2"),
        path("M84,252L80,274H120L116,252Z", "#9e1a1a"),
        path("M46,212C50,246 74,258 100,258C126,258 150,246 154,212Z", "#c42323",
             stroke="#6e0d0d", stroke_width=2),
        path("M56,224C64,244 80,250 96,252C80,246 66,238 60,222Z", "#e55b4b"),
        ellipse(100, 212, 54, 14, "#e3b342", stroke="#8a5a10", stroke_width=1.5),
        ellipse(100, 212, 47, 10, "#b51e1e"),
        ellipse(100, 212, 40, 7, "#8e1515"),
        use(p + "kf", 100, 238, .75),
    )


def month_9(slot, p):
    defs = _chrys_defs(p)
    variant = 1 if slot == "junk2" else 0
    parts = [path("M0,272C60,260 140,270 200,258V300H0Z", "#5c4a2a")]
    if slot == "animal":
        parts.append(g(_chrys(p, 0), transform="translate(0 -40)"))
        parts.append(_sake_cup(p))
    else:
        parts.append(_chrys(p, variant))
        if slot == "ribbon":
            parts.append(ribbon(100, 84, 160, RIBBON_BLUE, label="청단", angle=6))
    return CHRYS_BG, defs, "".join(parts)


# --------------------------------------------------------------------------
# October: maple and deer
# --------------------------------------------------------------------------

MAPLE_BG = "#f4e9dd"


def _maple_leaf_path():
    """A five-lobed, toothed maple leaf about 40 units across (stem down)."""
    pts = []
    # lobe directions (degrees, SVG convention: 90 is down) and lengths
    lobes = [(-194, .62), (-142, .92), (-90, 1.0), (-38, .92), (14, .62)]
    R = 20
    for i, (a, L) in enumerate(lobes):
        r = R * L
        pts += [polar(0, 0, r * .52, a - 23), polar(0, 0, r * .84, a - 15),
                polar(0, 0, r * .76, a - 9), polar(0, 0, r, a),
                polar(0, 0, r * .76, a + 9), polar(0, 0, r * .84, a + 15),
                polar(0, 0, r * .52, a + 23)]
        if i < len(lobes) - 1:
            pts.append(polar(0, 0, R * .3, a + 26))
    pts.append(polar(0, 0, 4, 90))
    return poly(pts)


def _maple_defs(p):
    leaf = _maple_leaf_path()
    defs = (g(path(leaf, "#d5302a", stroke="#7e1410", stroke_width=.8),
              line("M0,3L0,-17M0,0L-16,-10M0,0L16,-10M0,1L-10,8M0,1L10,8", "#8e1c16", .8),
              line("M0,3L1,12", "#5a2a1a", 1.4), id=p + "ml")
            + g(path(leaf, "#ec8a2a", stroke="#8e4a10", stroke_width=.8),
                line("M0,3L0,-17M0,0L-16,-10M0,0L16,-10", "#a55a14", .8),
                line("M0,3L1,12", "#5a2a1a", 1.4), id=p + "mo"))
    return defs


def _maple(p, variant):
    if variant == 0:
        br = ("M200,30C160,40 130,60 110,90C96,112 70,120 40,120M130,62C140,90 150,110 170,130"
              "M110,90C110,120 120,140 116,170")
        leaves = [(176, 32, 1.3, "ml", 10), (140, 50, 1.2, "mo", -20), (104, 84, 1.3, "ml", 5),
                  (66, 112, 1.2, "mo", -30), (38, 120, 1.3, "ml", 20), (172, 130, 1.3, "ml", 30),
                  (150, 104, 1.1, "mo", 0), (116, 170, 1.3, "ml", -10), (84, 150, 1.0, "mo", 15),
                  (150, 170, 1.0, "ml", 40), (120, 30, 1.0, "ml", -10), (186, 88, 1.1, "mo", 20)]
    else:
        br = ("M0,40C40,50 70,70 90,100C104,122 130,130 160,130M70,72C60,100 50,120 30,140"
              "M90,100C90,130 80,150 84,180")
        leaves = [(24, 42, 1.3, "ml", -10), (60, 60, 1.2, "mo", 20), (96, 94, 1.3, "ml", -5),
                  (134, 122, 1.2, "mo", 30), (162, 130, 1.3, "ml", -20), (28, 140, 1.3, "ml", -30),
                  (50, 114, 1.1, "mo", 0), (84, 180, 1.3, "ml", 10), (116, 160, 1.0, "mo", -15),
                  (50, 180, 1.0, "ml", -40), (80, 40, 1.0, "ml", 10), (170, 90, 1.1, "mo", -20)]
    return g(line(br, "#3e2218", 4), *[use(p + k, x, y, s, r) for x, y, s, k, r in leaves])


def _deer():
    """Sika deer standing, facing right with the head raised."""
    coat, dark = "#a8622c", "#5a2e12"
    return g(
        line("M62,214L58,268M76,218L80,268M118,216L114,268M132,212L140,266",
             dark, 6),
        path("M50,206C48,186 70,176 100,178C122,180 138,174 146,186C152,200 144,222"
             " 120,226C96,230 64,230 50,206Z", coat, stroke=dark, stroke_width=2),
        path("M132,190C134,170 140,150 150,134L164,140C160,156 154,176 148,194Z",
             coat, stroke=dark, stroke_width=2),
        path("M146,130C154,122 170,124 180,136C182,142 176,146 170,144L158,142"
             "C150,142 144,138 146,130Z", coat, stroke=dark, stroke_width=2),
        circle(180, 138, 2.2, "#111111"),
        circle(160, 131, 2, "#111111"),
        path("M150,128L140,118L154,124Z", dark),
        line("M154,124C150,108 146,98 138,90M150,110L160,98M146,100L134,96"
             "M158,122C160,108 166,98 174,92M163,106L174,104", "#3a2010", 3.4),
        path("M50,200C42,196 40,188 46,186C48,192 50,196 54,198Z", "#f6efe2"),
        *[circle(x, y, 2.6, "#f6efe2") for x, y in
          [(70, 192), (84, 188), (98, 192), (112, 188), (78, 202), (94, 204),
           (108, 202), (124, 196), (64, 204)]],
        line("M56,268L62,268M76,268L84,268M110,268L118,268M136,266L144,266",
             "#1a1a1a", 4),
    )


def month_10(slot, p):
    defs = _maple_defs(p)
    variant = 1 if slot == "junk2" else 0
    parts = [path("M0,270C60,258 140,270 200,258V300H0Z", "#6a4a2a")]
    if slot == "animal":
        parts.append(_maple(p, 0))
        parts.append(_deer())
    else:
        parts.append(_maple(p, variant))
        parts.append(use(p + "ml", 60, 246, 1.2, 40))
        parts.append(use(p + "mo", 140, 238, 1.1, -30))
        if slot == "ribbon":
            parts.append(ribbon(98, 96, 150, RIBBON_BLUE, label="청단", angle=-5))
    return MAPLE_BG, defs, "".join(parts)


# --------------------------------------------------------------------------
# November: paulownia and phoenix
# --------------------------------------------------------------------------

KIRI_BG = "#eef0e4"


def _kiri_defs(p, coloured=False):
    fill = "#c8432b" if coloured else "#1e2620"
    vein = "#f2c230" if coloured else "#56705c"
    edge = "#7a2a10" if coloured else "#5d7a64"
    leaf = g(path("M0,0C-30,-4-46,-30-38,-54C-30,-70-12,-68 0,-56"
                  "C12,-68 30,-70 38,-54C46,-30 30,-4 0,0Z", fill, stroke=edge,
                  stroke_width=2.2),
             line("M0,-2V-56M0,-20L-24,-40M0,-20L24,-40M0,-34L-14,-52M0,-34L14,-52",
                  vein, 1.6), id=p + "kl")
    bud = g(ellipse(0, 0, 4, 6, "#8a5bb0"), ellipse(0, -2, 2, 3, "#c9a2e0"), id=p + "kb")
    return leaf + bud


def _kiri(p, variant, flowers=True):
    parts = []
    if flowers:
        # three upright flower spikes of the paulownia crest
        for k, (x, h) in enumerate([(70, 50), (100, 64), (130, 50)]):
            x += -10 if variant else 0
            base = 150
            parts.append(line(f"M{x},{base}V{base - h}", "#4a5a2a", 2))
            for i in range(5):
                y = base - 8 - i * (h - 8) / 5
                parts.append(use(p + "kb", x - 6, y, .8, -30))
                parts.append(use(p + "kb", x + 6, y - 4, .8, 30))
            parts.append(use(p + "kb", x, base - h - 4, .9))
    if variant == 0:
        lv = [(100, 300, 1.6, 0), (40, 286, 1.2, -40), (160, 286, 1.2, 40),
              (100, 222, 1.1, 0)]
    else:
        lv = [(90, 300, 1.6, 0), (30, 276, 1.2, -50), (156, 290, 1.3, 35),
              (96, 222, 1.1, -10)]
    parts += [use(p + "kl", x, y, s, r) for x, y, s, r in lv]
    return g(*parts)


def _plume(d, colour):
    """A tail plume along cubic `d` ending in a peacock-like eye."""
    x2, y2, x3, y3 = [float(v) for v in re.findall(r"-?\d+\.?\d*", d)][-4:]
    ang = math.degrees(math.atan2(y3 - y2, x3 - x2))
    return g(line(d, colour, 7), line(d, "#fff6d8", 1.6, opacity=".6"),
             g(ellipse(0, 0, 11, 7, "#f2c230", stroke=colour, stroke_width=1.5),
               ellipse(1, 0, 6.5, 4.2, "#2a5cb0"), circle(2, 0, 2, "#111111"),
               transform=f"translate({n(x3)} {n(y3)}) rotate({n(ang)})"))


def _phoenix():
    """A phoenix (bonghwang): crest, raised wing and long trailing plumes."""
    return g(
        _plume("M122,180C148,200 150,232 172,252", "#2b8a5a"),
        _plume("M118,186C128,220 112,244 124,274", "#d23a2a"),
        _plume("M126,176C156,180 170,196 180,222", "#2a5cb0"),
        _plume("M114,188C104,220 84,238 80,268", "#f2a91f"),
        # raised wing with layered feather bands and a feathered edge
        path("M98,156C96,116 120,76 168,46L164,60L180,58L172,72L188,74L178,86"
             "L192,92L178,100L186,112C166,116 154,128 148,150C132,164 108,166 98,156Z",
             "#238060", stroke="#12402e", stroke_width=2),
        path("M108,150C112,124 130,100 160,84L158,96L170,98L162,108L168,116"
             "C150,122 142,134 138,150Z", "#f2c230"),
        path("M116,150C120,134 132,118 150,108L150,120L158,124L152,130"
             "C144,136 138,144 134,152Z", "#d23a2a"),
        line("M164,60C148,66 136,76 126,90M178,86C160,88 148,96 140,108",
             "#5fc09a", 1.6),
        # body
        path("M68,160C70,136 92,128 112,136C132,146 134,178 112,192"
             "C92,202 66,188 68,160Z", "#e0532a", stroke="#7a2410", stroke_width=2),
        line("M78,158q5,5 10,0M88,168q5,5 10,0M80,178q5,5 10,0M98,180q5,5 10,0"
             "M92,150q5,5 10,0", "#f6c64a", 1.8),
        # neck and head
        path("M78,148C72,136 70,128 72,118L84,116C84,126 88,134 96,140Z",
             "#e0532a", stroke="#7a2410", stroke_width=2),
        circle(78, 114, 10.5, "#e0532a", stroke="#7a2410", stroke_width=2),
        path("M69,110L54,116L69,120Z", "#f2c230", stroke="#7a5a10", stroke_width=1),
        circle(76, 110, 2.5, "#111111"),
        path("M72,121C68,130 70,136 75,134C77,130 77,126 77,121Z", "#d23a2a"),
        line("M84,106C86,94 94,86 104,84M86,108C94,100 104,98 114,100"
             "M82,104C80,92 84,82 90,76", "#2a5cb0", 2.5),
        circle(104, 84, 3.5, "#f2c230"), circle(114, 100, 3.5, "#f2c230"),
        circle(90, 76, 3.5, "#f2c230"),
    )


def month_11(slot, p):
    coloured = slot == "double"
    defs = _kiri_defs(p, coloured)
    variant = 1 if slot == "junk2" else 0
    parts = []
    if slot == "bright":
        parts.append(_kiri(p, 0, flowers=False))
        parts.append(g(_phoenix(), transform="translate(-14 -20) scale(1.1)"))
    else:
        parts.append(_kiri(p, variant))
    bg = "#f4e7c8" if coloured else KIRI_BG
    return bg, defs, "".join(parts)


# --------------------------------------------------------------------------
# December: rain, willow, swallow, lightning
# --------------------------------------------------------------------------

RAIN_BG = "#e4e9e6"
WILLOW = "#3f6e34"
WILLOW_LIGHT = "#8dbb5a"


def _willow(variant=0, lite=False):
    if variant == 0:
        strands = ["M200,20C170,40 150,90 150,170", "M190,12C150,30 120,70 116,140",
                   "M180,10C140,20 100,40 86,100", "M200,60C180,90 176,140 178,220"]
    else:
        strands = ["M0,20C30,40 50,90 50,170", "M10,12C50,30 80,70 84,140",
                   "M20,10C60,20 100,40 114,100", "M0,60C20,90 24,140 22,220"]
    d = "".join(strands)
    return g(line(d, WILLOW, 2.2),
             line(d, WILLOW_LIGHT if not lite else "#b6d27a", 6,
                  stroke_dasharray="4 7", opacity=".9"))


def _rain_lines(seed):
    d = "".join(f"M{(seed * 37 + i * 53) % 190},{(i * 71 + seed * 13) % 260}l-6,16"
                for i in range(18))
    return line(d, "#5a6470", 1.6, opacity=".7")


def _rain_man():
    """The rain bright: a man in a red robe under an umbrella, and a frog."""
    return g(
        # stream
        path("M0,240C40,232 70,250 110,244C150,238 170,246 200,242V300H0Z", "#6f9fc9"),
        line("M10,262q12,-5 24,0t24,0M110,270q12,-5 24,0t24,0M40,284q12,-5 24,0t24,0",
             "#e8f2fa", 2),
        # umbrella
        line("M96,92L104,196", "#3a2a1a", 2.5),
        path("M38,112C54,70 132,62 158,96C130,92 72,98 38,112Z", "#e2a33a",
             stroke="#6b4a14", stroke_width=2),
        line("M96,76L40,110M96,76L70,102M96,76L100,96M96,76L128,92M96,76L156,96",
             "#8a5a14", 1.3),
        # robe
        path("M84,132C70,150 62,200 58,238L130,238C126,200 122,156 108,132Z",
             "#b8222c", stroke="#5a0e12", stroke_width=2),
        path("M94,134L90,238H100L104,134Z", "#1d1d1d"),
        path("M108,140C120,150 126,160 124,172L108,170Z", "#8e1820"),
        path("M84,140C74,156 72,170 80,176L92,168Z", "#8e1820"),
        path("M108,140C118,148 114,160 104,162L98,154C104,152 104,148 102,144Z",
             "#8e1820", stroke="#5a0e12", stroke_width=1.5),
        circle(99, 154, 4.5, "#f2d2a8", stroke="#6b4a2a", stroke_width=1.2),
        circle(96, 120, 11, "#f2d2a8", stroke="#6b4a2a", stroke_width=1.5),
        path("M86,112C86,100 94,94 104,96L106,112Z", "#1d1d1d"),
        line("M62,240L52,244M124,240L134,244", "#1d1d1d", 4),
        # frog leaping at the willow
        g(ellipse(0, 0, 12, 8, "#5fae3a", stroke="#2a5a1a", stroke_width=1.5),
          line("M-8,4L-20,14L-28,12M8,4L18,16L26,14", "#5fae3a", 4),
          line("M-6,-4L-14,-14M6,-4L12,-14", "#5fae3a", 3.5),
          circle(-4, -6, 2.5, "#f2e06a"), circle(4, -6, 2.5, "#f2e06a"),
          transform="translate(160 224) rotate(-30)"),
    )


def _swallow():
    """Swallow swooping left; origin at the body."""
    navy = "#1c2744"
    return g(
        path("M-2,-4C10,-26 30,-42 56,-48C40,-32 24,-16 12,-2Z", navy),
        path("M0,2C12,18 30,30 54,34C38,20 22,8 10,2Z", "#2a3a64"),
        path("M18,-3L52,-14L36,0L54,10L18,3Z", navy),
        path("M-22,0C-12,-9 10,-9 24,-2C10,6-10,7-22,0Z", navy),
        path("M-18,2C-6,7 8,6 18,2C6,3-8,2-18,2Z", "#f4f1e8"),
        circle(-22, -1, 7.5, navy),
        circle(-25, 3, 4, "#c8302e"),
        circle(-24, -3, 1.6, "#f4f1e8"),
        path("M-29,-2L-36,0L-29,2Z", "#1a1a1a"),
    )


def _lightning():
    """The December double junk: storm clouds, lightning and a thunder drum."""
    clouds = path("M0,9H200V70C180,84 160,70 146,80C130,92 110,76 96,86"
                  "C80,96 60,80 46,90C30,100 14,86 0,92Z", "#3a3a44")
    bolts = g(path("M150,80L126,140L146,140L118,210L170,124L148,124L168,80Z",
                   "#f5c518", stroke="#7a5a00", stroke_width=1.5),
              path("M60,88L46,130L58,130L40,176L76,120L62,120L72,88Z", "#f5c518",
                   stroke="#7a5a00", stroke_width=1.5))
    drum = g(ellipse(100, 236, 46, 14, "#6a2a14"),
             path("M54,200V236C54,244 146,244 146,236V200Z", "#b8241e",
                  stroke="#4a0e0a", stroke_width=2),
             *[circle(60 + i * 16, 222, 2.5, "#f2c230") for i in range(6)],
             ellipse(100, 200, 46, 14, "#efe0b8", stroke="#4a0e0a", stroke_width=2),
             g(*[path("M0,-30A15,15 0 0 1 0,0A7.5,7.5 0 0 0 0,-15A7.5,7.5 0 0 1 0,-30Z",
                      "#b8241e", transform=f"rotate({120 * i})") for i in range(3)],
               transform="translate(100 200) scale(1 .3)"),
             circle(100, 200, 3, "#1a1a1a"))
    return g(clouds, bolts, _rain_lines(7), drum)


def month_12(slot, p):
    parts = []
    bg = RAIN_BG
    if slot == "bright":
        bg = "#cfd6d8"
        parts.append(_rain_lines(3))
        parts.append(_willow(0))
        parts.append(_rain_man())
    elif slot == "animal":
        parts.append(path("M0,262C60,250 140,262 200,250V300H0Z", "#6f9fc9"))
        parts.append(_willow(0))
        parts.append(_willow(1))
        parts.append(g(_swallow(), transform="translate(96 176) scale(1.7) rotate(-12)"))
    elif slot == "ribbon":
        parts.append(path("M0,262C60,250 140,262 200,250V300H0Z", "#6f9fc9"))
        parts.append(_willow(0))
        parts.append(_willow(1))
        parts.append(ribbon(100, 70, 170, "#b3262c", angle=4))
    else:  # double junk
        bg = "#2a2a30"
        parts.append(_lightning())
    return bg, "", "".join(parts)
