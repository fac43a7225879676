"""Generate the standard playing-card art (for `stopgo`) as SVG files.

Usage:  python3 web/art/playing_art.py OUT_DIR

Writes 0.svg .. 51.svg and back.svg.  Card id layout (the stopgo engine's,
engine/gostop/games/stopgo/cards.py; switch `ID_LAYOUT` in
playing/__init__.py if it changes):

    id = 4 * (rank - 1) + suit_index
    suit_index: 0 spades, 1 hearts, 2 diamonds, 3 clubs
    rank:       1 Ace, 2..10, 11 Jack, 12 Queen, 13 King

so 0 = Ace of spades, 1 = Ace of hearts, 3 = Ace of clubs, 4 = Two of
spades, ..., 51 = King of clubs.  All art is drawn in code in the `playing`
package next to this file; standard library only, deterministic output.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from svgkit import cli  # noqa: E402

from playing import (ID_LAYOUT, back_svg, build_all, card_of,  # noqa: E402
                     card_svg, id_of, title_for)
from playing import write_all as _write_all  # noqa: E402

__all__ = ["write_all", "build_all", "card_svg", "back_svg", "title_for",
           "card_of", "id_of", "ID_LAYOUT"]


def write_all(out_dir) -> list[str]:
    """Write 0.svg .. 51.svg and back.svg into out_dir."""
    return _write_all(out_dir)


def main(argv: list[str]) -> int:
    return cli(argv, write_all, "playing_art.py")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
