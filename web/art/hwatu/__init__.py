"""Original SVG art for a 50-card hwatu (hanafuda) deck plus a card back.

Card ids follow the engine's table: id = 4*(month-1) + k, k ordering the
month's cards bright, animal, ribbon, junk (single junk before double junk);
48 and 49 are the bonus cards worth 2 and 3 junk.
"""

from __future__ import annotations

import os

from . import autumn, spring, summer
from .extras import back_card, bonus_card
from .svg import card, corner_index, double_badge

MONTH_EN = ["January", "February", "March", "April", "May", "June", "July",
            "August", "September", "October", "November", "December"]
PLANT = ["pine", "plum blossom", "cherry blossom", "wisteria", "iris", "peony",
         "bush clover", "pampas grass", "chrysanthemum", "maple", "paulownia",
         "rain (willow)"]

# (kind, slot, description) per card, month by month.
#   kind: bright / animal / ribbon / junk -- the scoring type for the index
#   slot: which drawing the month module should make
_B, _A, _R, _J = "bright", "animal", "ribbon", "junk"
DECK = [
    [(_B, "bright", "bright (crane and red sun)"), (_R, "ribbon", "red poem ribbon"),
     (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_A, "animal", "animal (bush warbler)"), (_R, "ribbon", "red poem ribbon"),
     (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_B, "bright", "bright (curtain)"), (_R, "ribbon", "red poem ribbon"),
     (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_A, "animal", "animal (cuckoo)"), (_R, "ribbon", "plain red ribbon"),
     (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_A, "animal", "animal (eight-plank bridge)"), (_R, "ribbon", "plain red ribbon"),
     (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_A, "animal", "animal (butterflies)"), (_R, "ribbon", "blue ribbon"),
     (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_A, "animal", "animal (boar)"), (_R, "ribbon", "plain red ribbon"),
     (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_B, "bright", "bright (full moon)"), (_A, "animal", "animal (three geese)"),
     (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_A, "animal", "animal (sake cup; may count as double junk)"),
     (_R, "ribbon", "blue ribbon"), (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_A, "animal", "animal (deer)"), (_R, "ribbon", "blue ribbon"),
     (_J, "junk1", "junk"), (_J, "junk2", "junk")],
    [(_B, "bright", "bright (phoenix)"), (_J, "junk1", "junk"), (_J, "junk2", "junk"),
     (_J, "double", "double junk")],
    [(_B, "bright", "rain bright (man with umbrella and frog)"),
     (_A, "animal", "animal (swallow)"), (_R, "ribbon", "plain ribbon"),
     (_J, "double", "double junk (lightning and drum)")],
]

_DRAW = [spring.month_1, spring.month_2, spring.month_3, spring.month_4,
         summer.month_5, summer.month_6, summer.month_7, summer.month_8,
         autumn.month_9, autumn.month_10, autumn.month_11, autumn.month_12]

SAKE_CUP = 32


def title_for(cid: int) -> str:
    if cid >= 48:
        return f"Bonus card — worth {cid - 46} junk"
    m, k = divmod(cid, 4)
    return f"{MONTH_EN[m]} — {PLANT[m]} — {DECK[m][k][2]}"


def card_svg(cid: int) -> str:
    """The SVG text of card `cid` (0..49)."""
    if cid >= 48:
        return bonus_card(cid, cid - 46, title_for(cid))
    m, k = divmod(cid, 4)
    kind, slot, _ = DECK[m][k]
    bg, defs, art = _DRAW[m](slot, f"h{cid}")
    extra = double_badge() if (slot == "double" or cid == SAKE_CUP) else ""
    return card(cid, title_for(cid), bg, art, corner_index(str(m + 1), kind),
                defs=defs, extra=extra)


def back_svg() -> str:
    return back_card("Hwatu card back")


def build_all() -> dict[str, str]:
    files = {f"{cid}.svg": card_svg(cid) for cid in range(50)}
    files["back.svg"] = back_svg()
    return files


def write_all(out_dir) -> list[str]:
    """Write 0.svg .. 49.svg and back.svg into out_dir; return the paths."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for name, svg in build_all().items():
        p = os.path.join(out_dir, name)
        with open(p, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(svg)
        paths.append(p)
    return paths
