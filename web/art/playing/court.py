"""Jack, Queen and King: original double-ended half-length figures.

The top half of each figure is drawn once (in local coordinates whose
origin is the card centre, y < 0 upwards) and reused, turned 180 degrees,
for the bottom half.  Each rank has its own headgear and emblem (King:
spiked crown and sword; Queen: arched coronet and flower; Jack: feathered
cap and halberd); the robe carries the suit symbol on the chest.
"""

from __future__ import annotations

from .suits import SUIT_COLOR
from .svg import circle, ellipse, line, path, rect, use

GOLD, GOLD_D = "#e9b949", "#8a6212"
SKIN, SKIN_D = "#f6d6b8", "#7a5038"
INK = "#1d1a18"
PANEL = "#fbf1da"
ROBE = ["#262a35", "#c8102e", "#c8102e", "#262a35"]
ACCENT = ["#2f62b0", "#7b3fa3", "#18806f", "#2e7d3f"]
HAIR = ["#3b2a1e", "#8a4b1e", "#c98d2c", "#5d5852"]

PX0, PY0, PW, PH = 64, 20, 122, 310   # panel, card coordinates


def _face(mouth: bool = True) -> str:
    parts = [
        ellipse(0, -100, 15, 18, SKIN, stroke=SKIN_D, stroke_width=1.3),
        circle(-6, -102, 1.9, INK), circle(6, -102, 1.9, INK),
        line("M-10,-107Q-6,-109 -3,-107M3,-107Q6,-109 10,-107", INK, 1.2),
        line("M0,-100L-2,-93L1,-92", SKIN_D, 1.2),
    ]
    if mouth:
        parts.append(line("M-4,-87Q0,-85 4,-87", "#a3303a", 1.6))
    return "".join(parts)


def _robe(robe: str, trim: str, ref: str, split: str | None = None) -> str:
    body = "M-58,0V-46C-58,-64 -43,-72 -24,-76H24C43,-72 58,-64 58,-46V0Z"
    parts = [path(body, robe, stroke=INK, stroke_width=1.5)]
    if split:   # jack: parti-coloured tunic
        parts.append(path("M0,0V-76H24C43,-72 58,-64 58,-46V0Z", split,
                          stroke=INK, stroke_width=1.5))
    parts += [
        # shoulder seams, hem band
        line("M-56,-50C-40,-56 -30,-60 -22,-74M56,-50C40,-56 30,-60 22,-74",
             trim, 3),
        rect(-58, -13, 116, 13, trim),
        line("M-58,-13H58", GOLD, 2.5),
        "".join(circle(x, -6.5, 2, GOLD_D if trim == GOLD else GOLD)
                for x in (-48, -36, -24, 24, 36, 48)),
        rect(-9, -76, 18, 76, GOLD, stroke=GOLD_D, stroke_width=1),
        "".join(circle(0, y, 2, GOLD_D) for y in (-66, -57, -16, -7)),
        circle(0, -37, 15, "#ffffff", stroke=GOLD_D, stroke_width=2),
        use(ref, 0, -37, 0.2),
    ]
    return "".join(parts)


def _arm(side: int, sleeve: str, holding: bool) -> str:
    """A sleeved arm; the holding hand sits at (side*36, -38)."""
    s = side
    if holding:
        d = f"M{50 * s},-62C{52 * s},-48 {46 * s},-40 {38 * s},-38"
        hx, hy = 36 * s, -38
    else:
        d = f"M{50 * s},-62C{50 * s},-40 {42 * s},-28 {30 * s},-24"
        hx, hy = 27 * s, -24
    return "".join([
        line(d, INK, 16), line(d, sleeve, 13),
        ellipse(hx, hy, 6.5, 5.5, SKIN, stroke=SKIN_D, stroke_width=1.2),
    ])


def _king(suit: int, ref: str) -> str:
    hair, acc = HAIR[suit], ACCENT[suit]
    return "".join([
        _robe(ROBE[suit], acc, ref),
        # ermine collar
        path("M-36,-80C-22,-60 22,-60 36,-80L34,-70C20,-54 -20,-54 -34,-70Z",
             "#ffffff", stroke=INK, stroke_width=1.2),
        "".join(path(f"M{x},-66l-1.6,4.5h3.2Z", INK) for x in (-22, -8, 8, 22)),
        # hair, face, beard
        ellipse(0, -102, 19, 20, hair),
        _face(mouth=False),
        path("M-16,-100C-17,-80 -8,-68 0,-66C8,-68 17,-80 16,-100"
             "C12,-90 7,-88 0,-88C-7,-88 -12,-90 -16,-100Z", hair,
             stroke=INK, stroke_width=1),
        path("M-9,-89C-5,-93 -1,-92 0,-90C1,-92 5,-93 9,-89"
             "C5,-88 2,-87 0,-88C-2,-87 -5,-88 -9,-89Z", hair,
             stroke=INK, stroke_width=0.8),
        # crown
        path("M-20,-115V-142L-10,-128L0,-150L10,-128L20,-142V-115Z", GOLD,
             stroke=GOLD_D, stroke_width=1.6, stroke_linejoin="round"),
        rect(-21, -122, 42, 8, GOLD, stroke=GOLD_D, stroke_width=1.4),
        circle(-20, -143, 3, GOLD, stroke=GOLD_D, stroke_width=1),
        circle(20, -143, 3, GOLD, stroke=GOLD_D, stroke_width=1),
        circle(0, -152, 3.4, GOLD, stroke=GOLD_D, stroke_width=1),
        circle(0, -118, 3, acc), circle(-12, -118, 2, "#c8102e"),
        circle(12, -118, 2, "#c8102e"),
        # sword held upright in the right hand
        path("M33,-48V-146L36.5,-154L40,-146V-48Z", "#e4e8ee",
             stroke="#59616e", stroke_width=1.2),
        line("M36.5,-144V-52", "#aab2bd", 1),
        rect(25, -50, 23, 5, GOLD, stroke=GOLD_D, stroke_width=1, rx=2),
        rect(34.5, -45, 4, 14, "#6b3f1f"),
        circle(36.5, -29, 3.6, GOLD, stroke=GOLD_D, stroke_width=1),
        _arm(1, acc, True), _arm(-1, acc, False),
    ])


def _queen(suit: int, ref: str) -> str:
    hair, acc = HAIR[suit], ACCENT[suit]
    petals = "".join(
        ellipse(-38, -128, 4.5, 8, acc, stroke=INK, stroke_width=0.8,
                transform=f"rotate({a} -38 -120)")
        for a in range(0, 360, 60))
    return "".join([
        # long hair behind
        path("M-20,-102C-24,-130 24,-130 20,-102C20,-86 26,-74 34,-66"
             "L-34,-66C-26,-74 -20,-86 -20,-102Z", hair, stroke=INK,
             stroke_width=1),
        _robe(ROBE[suit], acc, ref),
        # scalloped lace collar
        path("M-30,-74Q-24,-62 -18,-72Q-12,-60 -6,-70Q0,-58 6,-70"
             "Q12,-60 18,-72Q24,-62 30,-74Z", "#ffffff", stroke=INK,
             stroke_width=1.1),
        circle(0, -66, 3, acc, stroke=GOLD_D, stroke_width=1),
        _face(),
        path("M-15,-104C-14,-118 14,-118 15,-104C10,-112 -10,-112 -15,-104Z",
             hair),
        # arched coronet with pearls
        path("M-17,-114V-124Q-12,-138 -6,-125Q0,-146 6,-125Q12,-138 17,-124"
             "V-114Z", GOLD, stroke=GOLD_D, stroke_width=1.5,
             stroke_linejoin="round"),
        circle(-11.5, -133, 2.6, "#ffffff", stroke=GOLD_D, stroke_width=.8),
        circle(11.5, -133, 2.6, "#ffffff", stroke=GOLD_D, stroke_width=.8),
        circle(0, -141, 3, "#ffffff", stroke=GOLD_D, stroke_width=.8),
        rect(-18, -118, 36, 5, GOLD, stroke=GOLD_D, stroke_width=1),
        # flower on a stem, held in the left hand
        line("M-36,-38C-40,-62 -34,-94 -38,-120", "#2f6b2a", 3),
        path("M-38,-80C-50,-86 -52,-94 -50,-99C-44,-95 -39,-88 -38,-80Z",
             "#3f8a35", stroke=INK, stroke_width=.8),
        petals,
        circle(-38, -120, 4.5, GOLD, stroke=GOLD_D, stroke_width=1),
        _arm(-1, acc, True), _arm(1, acc, False),
    ])


def _jack(suit: int, ref: str) -> str:
    hair, acc = HAIR[suit], ACCENT[suit]
    return "".join([
        _robe(ROBE[suit], GOLD, ref, split=acc),
        # pointed collar
        path("M-28,-76L-10,-62L0,-72L10,-62L28,-76Z", "#ffffff", stroke=INK,
             stroke_width=1.1),
        # short curly hair, face
        path("M-18,-96C-22,-112 -12,-122 0,-122C12,-122 22,-112 18,-96"
             "C16,-88 19,-84 15,-80L-15,-80C-19,-84 -16,-88 -18,-96Z", hair,
             stroke=INK, stroke_width=1),
        _face(),
        # cap with a feather
        path("M-20,-112C-20,-132 20,-134 24,-114Z", acc, stroke=INK,
             stroke_width=1.2),
        rect(-21, -117, 44, 7, GOLD, stroke=GOLD_D, stroke_width=1.2, rx=2),
        path("M14,-118C22,-132 34,-148 48,-152C42,-140 32,-126 18,-114Z",
             "#ffffff", stroke=INK, stroke_width=1.1),
        line("M17,-117C26,-128 36,-142 46,-150", "#b8b0a0", 1),
        # halberd in the left hand
        line("M-36,-28V-146", INK, 6.5), line("M-36,-28V-146", "#8a5a2b", 4),
        path("M-36,-142C-26,-140 -20,-130 -22,-118C-26,-124 -32,-126 -36,-126Z"
             "M-36,-140C-44,-138 -47,-132 -46,-126C-42,-129 -39,-130 -36,-130Z",
             "#e4e8ee", stroke="#59616e", stroke_width=1.2),
        path("M-36,-160L-32,-144H-40Z", "#e4e8ee", stroke="#59616e",
             stroke_width=1.2, stroke_linejoin="round"),
        _arm(-1, ROBE[suit], True), _arm(1, acc, False),
    ])


_DRAW = {11: _jack, 12: _queen, 13: _king}


def court(rank: int, suit: int, ref: str, fid: str) -> tuple[str, str]:
    """Return (defs, body) for a court card; `fid` is the half-figure id."""
    col = SUIT_COLOR[suit]
    half = f'<g id="{fid}">{_DRAW[rank](suit, ref)}</g>'
    cx, cy = PX0 + PW / 2, PY0 + PH / 2
    body = "".join([
        rect(PX0, PY0, PW, PH, PANEL, rx=8),
        f'<g clip-path="url(#{fid}c)">',
        use(fid, cx, cy), use(fid, cx, cy, r=180),
        "</g>",
        line(f"M{PX0},{cy}H{PX0 + PW}", GOLD_D, 2),
        rect(PX0, PY0, PW, PH, "none", rx=8, stroke=col, stroke_width=3),
        rect(PX0 + 4, PY0 + 4, PW - 8, PH - 8, "none", rx=5, stroke=GOLD,
             stroke_width=1.5),
    ])
    clip = (f'<clipPath id="{fid}c"><rect x="{PX0}" y="{PY0}" width="{PW}" '
            f'height="{PH}" rx="8"/></clipPath>')
    return half + clip, body
