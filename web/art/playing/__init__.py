"""Original SVG art for a standard 52-card deck plus a card back.

Card ids follow the stopgo engine (engine/gostop/games/stopgo/cards.py):
id = 4 * (rank - 1) + suit_index, suits in the order spades 0, hearts 1,
diamonds 2, clubs 3; rank 1 = Ace .. 13 = King.  Change ID_LAYOUT below if
the engine's layout ever changes.
"""

from __future__ import annotations

import os

from .back import back_svg
from .court import court
from .pips import FACE, H, W, ace, corner, pips
from .suits import SUIT_ONE, SUIT_PATH, SUITS, SUIT_COLOR
from .svg import document, rect

# --- id mapping ------------------------------------------------------------
#   "rank-major": id = 4 * (rank - 1) + suit   (stopgo engine; 0 = A spades,
#                 1 = A hearts, 2 = A diamonds, 3 = A clubs, 4 = 2 spades ..)
#   "suit-major": id = 13 * suit + (rank - 1)  (0..12 = A..K of spades, ..)
ID_LAYOUT = "rank-major"
SUIT_ORDER = SUITS                     # suit_index -> suit name
RANKS = list(range(1, 14))             # 1 = Ace, 11 = J, 12 = Q, 13 = K


def card_of(cid: int) -> tuple[int, int]:
    """id -> (suit_index, rank)."""
    if not 0 <= cid < 52:
        raise ValueError(cid)
    if ID_LAYOUT == "rank-major":
        return cid % 4, cid // 4 + 1
    return cid // 13, cid % 13 + 1


def id_of(suit: int, rank: int) -> int:
    if ID_LAYOUT == "rank-major":
        return 4 * (rank - 1) + suit
    return suit * 13 + (rank - 1)
# ---------------------------------------------------------------------------

RANK_NAME = ["", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
             "Nine", "Ten", "Jack", "Queen", "King"]


def title_for(cid: int) -> str:
    suit, rank = card_of(cid)
    return f"{RANK_NAME[rank]} of {SUIT_ORDER[suit]}"


def card_svg(cid: int) -> str:
    suit, rank = card_of(cid)
    ref = f"p{cid}s"
    defs = f'<path id="{ref}" d="{SUIT_PATH[suit]}" fill="{SUIT_COLOR[suit]}"/>'
    if rank == 1:
        middle = ace(suit, ref)
    elif rank <= 10:
        middle = pips(rank, ref)
    else:
        cdefs, middle = court(rank, suit, ref, f"p{cid}f")
        defs += cdefs
    body = (rect(1, 1, W - 2, H - 2, FACE, rx=16, stroke="#3a3a3a",
                 stroke_width=2)
            + middle + corner(rank, suit, ref))
    return document(W, H, title_for(cid), body, defs)


def build_all() -> dict[str, str]:
    files = {f"{cid}.svg": card_svg(cid) for cid in range(52)}
    files["back.svg"] = back_svg()
    return files


def write_all(out_dir) -> list[str]:
    """Write 0.svg .. 51.svg and back.svg into out_dir; return the paths."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for name, svg in build_all().items():
        p = os.path.join(out_dir, name)
        with open(p, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(svg)
        paths.append(p)
    return paths


__all__ = ["build_all", "write_all", "card_svg", "back_svg", "title_for",
           "card_of", "id_of", "ID_LAYOUT", "SUIT_ORDER", "SUIT_ONE"]
