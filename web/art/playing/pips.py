"""Number cards (ace to ten): corner indices and pip layouts."""

from __future__ import annotations

from .suits import SUIT_COLOR
from .svg import circle, g, n, text, use

W, H = 250, 350
CX, CY = W / 2, H / 2
FACE = "#fffdf8"

# pip columns and rows (centres), chosen to clear the big corner indices
XL, XC, XR = 90, 125, 160
TOP, BOT = 58, 292
SPAN = BOT - TOP
PIP = 0.43          # pip scale (suit shapes are ~96 units wide)


def _rows(k):
    return [TOP + SPAN * i / (k - 1) for i in range(k)]


def pip_layout(rank: int) -> list[tuple[float, float]]:
    mid = CY
    r3 = _rows(3)
    r4 = _rows(4)
    if rank == 2:
        return [(XC, TOP), (XC, BOT)]
    if rank == 3:
        return [(XC, y) for y in r3]
    four = [(XL, TOP), (XR, TOP), (XL, BOT), (XR, BOT)]
    if rank == 4:
        return four
    if rank == 5:
        return four + [(XC, mid)]
    six = [(x, y) for y in r3 for x in (XL, XR)]
    if rank == 6:
        return six
    up = (TOP + mid) / 2
    down = (mid + BOT) / 2
    if rank == 7:
        return six + [(XC, up)]
    if rank == 8:
        return six + [(XC, up), (XC, down)]
    eight = [(x, y) for y in r4 for x in (XL, XR)]
    if rank == 9:
        return eight + [(XC, mid)]
    if rank == 10:
        d = SPAN / 6
        return eight + [(XC, TOP + d), (XC, BOT - d)]
    raise ValueError(rank)


def pips(rank: int, ref: str) -> str:
    out = []
    for x, y in pip_layout(rank):
        out.append(use(ref, x, y, PIP, 180 if y > CY + 1 else 0))
    return "".join(out)


def ace(suit: int, ref: str) -> str:
    col = SUIT_COLOR[suit]
    ring = "".join(
        circle(CX + 78 * c, CY + 78 * s, 3.2, col, opacity=".55")
        for c, s in _ring_points(24))
    return g(
        circle(CX, CY, 84, "none", stroke=col, stroke_width=2, opacity=".35"),
        ring,
        use(ref, CX, CY, 1.22),
    )


def _ring_points(k):
    import math
    return [(math.cos(2 * math.pi * i / k), math.sin(2 * math.pi * i / k))
            for i in range(k)]


RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_label(rank: int) -> str:
    return RANK_LABEL.get(rank, str(rank))


def corner(rank: int, suit: int, ref: str) -> str:
    """Big index (rank over suit) in the top-left, and rotated bottom-right."""
    col = SUIT_COLOR[suit]
    lab = rank_label(rank)
    extra = {}
    if len(lab) > 1:
        extra = {"textLength": "54", "lengthAdjust": "spacingAndGlyphs"}
    idx = g(
        text(33, 66, lab, 60, col, weight="700", **extra),
        use(ref, 33, 102, 0.48),
    )
    return idx + g(idx, transform=f"rotate(180 {n(CX)} {n(CY)})")
