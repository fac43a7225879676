"""Generate the `stop` deck art (shedding game) as SVG files.

Usage:  python3 web/art/stop_art.py OUT_DIR

Writes {colour}-{face}.svg for colour in red, yellow, green, blue and face
in 0..9, skip, exchange, plusx; plus free.svg (Free Choice) and back.svg.
Colour is never the only cue: red = circle, yellow = triangle,
green = square, blue = star, shown in the corners, as the central window
and as the background pattern.  All art is drawn in code in the
`stopcards` package next to this file; standard library only, deterministic.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from svgkit import cli  # noqa: E402

from stopcards import (COLOURS, FACES, back_svg, build_all, card_svg,  # noqa: E402
                       free_svg, title_for)
from stopcards import write_all as _write_all  # noqa: E402

__all__ = ["write_all", "build_all", "card_svg", "free_svg", "back_svg",
           "title_for", "COLOURS", "FACES"]


def write_all(out_dir) -> list[str]:
    """Write all 52 coloured faces, free.svg and back.svg into out_dir."""
    return _write_all(out_dir)


def main(argv: list[str]) -> int:
    return cli(argv, write_all, "stop_art.py")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
