"""January (pine), February (plum blossom), March (cherry blossom),
April (wisteria)."""

from __future__ import annotations

from .svg import (RIBBON_RED, circle, ellipse, g, line, path, polar, ribbon,
                  scallop, use)

# --------------------------------------------------------------------------
# January: pine
# --------------------------------------------------------------------------

PINE_BG = "#f1eedd"
PINE_DARK = "#17402a"
PINE_MID = "#2c6a3c"
PINE_LIGHT = "#79b05c"
BARK = "#5b3a24"


def _pine_defs(p):
    clump = g(
        path("M-34,8C-37,-4-27,-12-17,-10C-13,-21-1,-23 6,-16"
             "C15,-23 29,-16 26,-6C37,-4 39,6 33,8Z",
             PINE_MID, stroke=PINE_DARK, stroke_width=2.2),
        line("M-25,5L-17,-5M-14,5L-7,-12M-2,5L5,-12M10,5L16,-9M22,5L27,-3",
             PINE_LIGHT, 2.2),
        id=p + "pc")
    return clump


def _pine_tree(p, variant):
    """A stylised pine: twisting trunk with cloud-like needle clumps."""
    if variant == 0:
        trunk = line("M92,300C80,262 112,236 100,204C90,176 120,150 132,120"
                     "C140,100 150,84 160,74", BARK, 11)
        boughs = line("M104,214C126,206 150,204 172,190M96,176C78,166 64,160 50,158"
                      "M126,130C146,128 162,134 178,130M132,120C118,110 102,104 88,104",
                      BARK, 5)
        clumps = [(158, 70, 1.3), (174, 188, 1.05), (60, 156, 1.0), (176, 126, .85),
                  (92, 102, 1.0), (126, 166, .8), (132, 232, .75)]
    else:
        trunk = line("M120,300C132,262 96,240 106,206C116,176 86,152 74,124"
                     "C66,104 74,84 96,70", BARK, 11)
        boughs = line("M104,220C84,214 60,212 40,200M110,180C130,172 150,164 172,160"
                      "M78,134C100,124 128,118 150,104M96,70C116,62 136,60 156,64",
                      BARK, 5)
        clumps = [(158, 64, 1.2), (150, 102, 1.0), (170, 158, 1.05), (46, 198, 1.0),
                  (104, 66, 1.0), (66, 236, .8), (150, 220, .8)]
    return g(trunk, boughs, *[use(p + "pc", x, y, s) for x, y, s in clumps])


def _pine_ground():
    return g(path("M0,262C40,240 80,250 110,258C140,266 170,246 200,240V300H0Z",
                  "#3b2b22"),
             path("M0,276C50,262 120,282 200,264V300H0Z", "#26201c"))


def _crane():
    """Red-crowned crane, standing, head raised towards the sun."""
    return g(
        # tail plume (black)
        path("M52,208C34,206 22,222 26,236C38,230 50,226 62,222Z", "#161616"),
        # legs
        line("M84,224L80,270L70,276M80,270L90,276M98,224L104,270L94,276"
             "M104,270L114,276", "#3a3a3a", 3),
        # body
        path("M46,206C46,184 78,172 110,180C124,184 128,198 120,208"
             "C104,226 62,228 46,206Z", "#fbfbf7", stroke="#5e5e5e",
             stroke_width=1.6),
        # wing feathers
        path("M58,200C74,190 98,190 116,198C104,206 86,212 66,212Z", "#e4e2da"),
        line("M66,206C80,200 96,200 110,204", "#9a9890", 1.5),
        # neck
        line("M110,186C122,168 114,148 126,128", "#161616", 8),
        line("M112,178C118,170 118,162 119,154", "#fbfbf7", 3),
        # head
        circle(128, 124, 8, "#fbfbf7", stroke="#161616", stroke_width=2),
        path("M122,118C124,112 132,112 134,118Z", "#d8262e"),
        circle(130, 125, 1.7, "#161616"),
        path("M134,122L158,130L134,129Z", "#cdb77e", stroke="#6d5b30",
             stroke_width=.8),
    )


def month_1(slot, p):
    defs = _pine_defs(p)
    parts = []
    if slot == "bright":
        parts.append(circle(120, 112, 52, "#d62b21"))
        parts.append(circle(120, 112, 52, "none", stroke="#f07b3a", stroke_width=3,
                            opacity=".6"))
        parts.append(_pine_ground())
        parts.append(g(line("M200,40C170,44 150,40 128,30", BARK, 6),
                       use(p + "pc", 176, 38, 1.1), use(p + "pc", 132, 26, .9)))
        parts.append(_crane())
    else:
        variant = 1 if slot == "junk2" else 0
        parts.append(_pine_ground())
        parts.append(_pine_tree(p, variant))
        if slot == "ribbon":
            parts.append(ribbon(118, 88, 168, RIBBON_RED, label="홍단", angle=-6))
    return PINE_BG, defs, "".join(parts)


# --------------------------------------------------------------------------
# February: plum blossom and bush warbler
# --------------------------------------------------------------------------

PLUM_BG = "#f5ebe1"
PLUM_RED = "#d92637"
PLUM_BRANCH = "#3a2419"


def _plum_defs(p):
    petals = "".join(circle(*polar(0, 0, 7, -90 + 72 * i), 6.2, PLUM_RED)
                     for i in range(5))
    blossom = g(petals, circle(0, 0, 4.2, "#f7e7a0"),
                *[circle(*polar(0, 0, 3, 72 * i), .9, "#a0151f") for i in range(5)],
                id=p + "pb")
    bud = g(circle(0, 0, 4.5, PLUM_RED), circle(-1.3, -1.3, 1.4, "#f28a93"),
            id=p + "pu")
    return blossom + bud


def _plum_branch(p, variant):
    if variant == 0:
        br = [line("M30,300L48,252L40,214L84,166L100,110L130,64", PLUM_BRANCH, 9),
              line("M48,252L104,236L150,200L178,192M84,166L140,150L176,120"
                   "M100,110L80,80M40,214L20,196", PLUM_BRANCH, 5)]
        bl = [(128, 66, 1.3), (100, 110, 1.2), (78, 80, 1.0), (140, 150, 1.25),
              (176, 120, 1.1), (150, 200, 1.3), (104, 236, 1.2), (40, 214, 1.1),
              (84, 166, 1.1), (178, 192, .9), (60, 258, 1.0)]
        buds = [(144, 50), (112, 88), (160, 138), (120, 222), (186, 110), (24, 196)]
    else:
        br = [line("M176,300L160,250L170,206L120,160L110,110L74,70", PLUM_BRANCH, 9),
              line("M160,250L100,232L60,196L30,190M120,160L66,146L34,120"
                   "M110,110L140,80M170,206L186,188", PLUM_BRANCH, 5)]
        bl = [(76, 70, 1.3), (110, 110, 1.2), (140, 80, 1.0), (66, 146, 1.25),
              (34, 120, 1.1), (60, 196, 1.3), (100, 232, 1.2), (170, 206, 1.1),
              (120, 160, 1.1), (30, 190, .9), (150, 262, 1.0)]
        buds = [(60, 56), (96, 92), (46, 134), (84, 220), (160, 70), (186, 186)]
    return g(*br, *[use(p + "pb", x, y, s) for x, y, s in bl],
             *[use(p + "pu", x, y) for x, y in buds])


def _warbler():
    """Bush warbler perched, facing left.  Origin = feet on the branch."""
    return g(
        path("M14,-12L36,-5L34,3L12,-2Z", "#6a6420"),
        ellipse(2, -14, 20, 13, "#c2b12c", transform="rotate(-18 2 -14)"),
        ellipse(-3, -7, 13, 7, "#efe4a2"),
        path("M0,-22C14,-28 28,-18 32,-6C20,-8 8,-10 0,-22Z", "#7c7622"),
        line("M8,-17C14,-16 20,-12 24,-8", "#b5aa4a", 1.3),
        circle(-16, -26, 10, "#c2b12c"),
        circle(-19, -28, 3.4, "#ffffff"),
        circle(-19.5, -28, 2, "#111111"),
        path("M-25,-27L-35,-23L-24,-22Z", "#3a3020"),
        line("M-4,0L-6,5M4,0L3,5", "#5a4520", 2),
    )


def month_2(slot, p):
    defs = _plum_defs(p)
    variant = 1 if slot == "junk2" else 0
    parts = [path("M0,270C60,256 140,262 200,252V300H0Z", "#5f3b2d"),
             _plum_branch(p, variant)]
    if slot == "animal":
        parts.append(g(_warbler(), transform="translate(132 150) scale(1.55)"))
    elif slot == "ribbon":
        parts.append(ribbon(104, 96, 168, RIBBON_RED, label="홍단", angle=4))
    return PLUM_BG, defs, "".join(parts)


# --------------------------------------------------------------------------
# March: cherry blossom
# --------------------------------------------------------------------------

CHERRY_BG = "#fbecef"
CHERRY_PETAL = "#fbd2dc"
CHERRY_EDGE = "#d2607e"


def _cherry_defs(p):
    petal = "M0,-2C-5,-6-6,-13-3,-16L0,-13L3,-16C6,-13 5,-6 0,-2Z"
    flower = g(*[path(petal, CHERRY_PETAL, stroke=CHERRY_EDGE, stroke_width=1,
                      transform=f"rotate({72 * i})") for i in range(5)],
               circle(0, 0, 3, "#e23b5f"), id=p + "cf")
    cloud = g(path(scallop(0, 0, 26, 9, 1.25), "#f7b9c9"),
              use(p + "cf", -12, -8), use(p + "cf", 10, -12, .9),
              use(p + "cf", 14, 8), use(p + "cf", -8, 12, .9), use(p + "cf", 0, 0, .8),
              id=p + "cc")
    return flower + cloud


def _cherry_tree(p, variant, low=False):
    y0 = 0 if not low else -20
    if variant == 0:
        br = [line("M150,300C150,250 130,220 140,170C146,140 120,110 100,90",
                   "#3b2a26", 10),
              line("M140,170C160,150 176,130 186,100M138,200C110,190 80,170 60,150"
                   "M120,110C100,120 80,120 60,110", "#3b2a26", 5)]
        cl = [(100, 84, 1.2), (160, 92, 1.1), (70, 140, 1.15), (178, 140, 1.0),
              (122, 130, .9), (58, 104, .9), (130, 44, 1.0)]
    else:
        br = [line("M50,300C50,250 72,220 62,170C56,140 80,110 104,86",
                   "#3b2a26", 10),
              line("M62,170C42,150 26,130 18,100M64,200C92,190 122,170 142,150"
                   "M84,110C104,120 124,120 146,108", "#3b2a26", 5)]
        cl = [(104, 80, 1.2), (150, 104, 1.1), (140, 150, 1.15), (30, 98, 1.0),
              (90, 130, .9), (172, 60, .9), (70, 40, 1.0)]
    return g(*br, *[use(p + "cc", x, y + y0, s) for x, y, s in cl])


def _curtain():
    """The flower-viewing curtain: a red and white drape with a crest."""
    top = 168
    folds = []
    for i in range(7):
        x = 9 + i * 26
        col = "#c71f2b" if i % 2 == 0 else "#f6efe2"
        folds.append(path(f"M{x},{top}H{x + 26}V292H{x}Z", col))
        folds.append(line(f"M{x + 13},{top + 8}V288", "#7a0e16", 1.2,
                          opacity=".15" if i % 2 else None))
    crest = g(circle(100, 226, 24, "#f6efe2", stroke="#7a0e16", stroke_width=2),
              *[circle(*polar(100, 226, 10, -90 + 120 * i), 8, "#c71f2b")
                for i in range(3)],
              circle(100, 226, 4, "#f2c230"))
    rope = g(line("M6,168C40,176 70,160 100,170C130,180 160,162 196,170",
                  "#d8a93a", 4),
             line("M40,174L36,200M100,170L100,196M160,168L164,196", "#d8a93a", 2.5),
             circle(36, 202, 4, "#d8a93a"), circle(164, 198, 4, "#d8a93a"))
    return g(*folds, path("M9,260C50,250 150,270 191,258V292H9Z", "#000000", opacity=".1"),
             crest, rope)


def month_3(slot, p):
    defs = _cherry_defs(p)
    variant = 1 if slot == "junk2" else 0
    parts = [path("M0,268C70,246 130,262 200,248V300H0Z", "#4a5a3a"),
             _cherry_tree(p, variant, low=(slot == "bright"))]
    if slot == "bright":
        parts.append(_curtain())
    elif slot == "ribbon":
        parts.append(ribbon(100, 118, 160, RIBBON_RED, label="홍단", angle=-4))
    return CHERRY_BG, defs, "".join(parts)


# --------------------------------------------------------------------------
# April: wisteria and cuckoo
# --------------------------------------------------------------------------

WIS_BG = "#ece8f2"
WIS_DARK = "#3d2a63"
WIS_LIGHT = "#8f72c6"


def _wis_defs(p):
    # one hanging raceme, origin at the top, about 110 long, tapering
    dots = []
    rows = 13
    for i in range(rows):
        y = i * 8.5
        w = 10 - 7.5 * i / (rows - 1)
        for j in (-1, 1):
            dots.append(ellipse(j * w * .5, y + 4 + (j > 0) * 3.5, w * .55, 4,
                                WIS_DARK if (i + (j > 0)) % 2 else WIS_LIGHT))
    raceme = g(line("M0,0V108", "#2a2a22", 1.4), *dots, id=p + "wr")
    leaf = g(path("M0,0C-6,10-5,22 0,34C5,22 6,10 0,0Z", "#2e5a34"),
             line("M0,2V30", "#6d9a5a", 1), id=p + "wl")
    return raceme + leaf


def _wisteria(p, variant):
    """Racemes hanging from a bough along the top edge."""
    xs = [28, 52, 76, 100, 124, 148, 172, 192]
    if variant:
        xs = [x - 12 for x in xs]
    lens = [1.15, .8, 1.4, .95, 1.3, .75, 1.1, .9]
    parts = [line("M0,22C50,32 120,14 200,26", "#3b2a1e", 7)]
    leaves = []
    for i, x in enumerate(xs):
        s = lens[(i + 3 * variant) % len(lens)]
        leaves.append(use(p + "wl", x + 9, 24, .9, r=-20 if i % 2 else 20))
        parts.append(use(p + "wr", x, 26 + (i % 2) * 4, s))
    return g(*leaves, *parts)


def _cuckoo():
    """Cuckoo in flight, facing left; origin at the body centre."""
    return g(
        path("M-6,-6C-10,-28-2,-44 12,-52C8,-32 10,-18 6,-6Z", "#34343f"),
        path("M24,-4L54,-14L56,-5L28,3Z", "#34343f"),
        path("M-32,0C-22,-12 12,-12 32,-3C12,7-18,9-32,0Z", "#4a4a58"),
        path("M-26,3C-12,9 8,8 22,2C8,2-12,0-26,3Z", "#eadfbe"),
        line("M-16,4L-14,7M-8,5L-6,8M0,5L2,7", "#4a4a58", 1.2),
        path("M-2,-6C4,-30 24,-48 50,-56C36,-38 26,-20 16,-5Z", "#5d5d6e"),
        line("M6,-12C14,-24 24,-34 36,-42M12,-10C20,-20 28,-28 40,-34", "#8a8a9c", 1.3),
        circle(-32, -2, 8.5, "#4a4a58"),
        circle(-35, -4, 3.2, "#f2c230"),
        circle(-35.5, -4, 1.6, "#111111"),
        path("M-39,-2L-50,2L-39,4Z", "#e0a020"),
    )


def month_4(slot, p):
    defs = _wis_defs(p)
    variant = 1 if slot == "junk2" else 0
    parts = [path("M0,272C60,258 140,270 200,258V300H0Z", "#3e4a35")]
    if slot == "animal":
        parts.append(path("M160,150A30,30 0 1 1 134,196A24,24 0 1 0 160,150Z",
                          "#f2c94c"))
    parts.append(_wisteria(p, variant))
    if slot == "animal":
        parts.append(g(_cuckoo(), transform="translate(96 212) scale(1.5) rotate(-8)"))
    elif slot == "ribbon":
        parts.append(ribbon(104, 120, 150, RIBBON_RED, angle=-5))
    return WIS_BG, defs, "".join(parts)
