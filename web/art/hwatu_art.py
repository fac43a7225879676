"""Generate the hwatu card art as SVG files.

Usage:  python3 web/art/hwatu_art.py OUT_DIR

Writes 0.svg .. 49.svg (card ids as used by the engine) and back.svg.
All art is drawn here in code (see the `hwatu` package next to this file);
standard library only, deterministic output.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from svgkit import cli  # noqa: E402

from hwatu import build_all, card_svg, back_svg, title_for  # noqa: E402
from hwatu import write_all as _write_all  # noqa: E402

__all__ = ["write_all", "build_all", "card_svg", "back_svg", "title_for"]


def write_all(out_dir) -> list[str]:
    """Write 0.svg .. 49.svg and back.svg into out_dir."""
    return _write_all(out_dir)


def main(argv: list[str]) -> int:
    return cli(argv, write_all, "hwatu_art.py")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
