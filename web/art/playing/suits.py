"""The four suit symbols, drawn as paths in a 100 x 100 box centred on 0,0.

Each shape is distinct in silhouette (pointed-top spade with a stem, round
heart, narrow four-point diamond, three-lobed club with a stem) so that the
suits can be told apart without relying on colour.
"""

from __future__ import annotations

SUITS = ["spades", "hearts", "diamonds", "clubs"]
SUIT_ONE = ["spade", "heart", "diamond", "club"]

RED = "#c8102e"
BLACK = "#16181d"
SUIT_COLOR = [BLACK, RED, RED, BLACK]


def _circ(cx, cy, r):
    return (f"M{cx - r},{cy}a{r},{r} 0 1 0 {2 * r},0"
            f"a{r},{r} 0 1 0 {-2 * r},0Z")


SUIT_PATH = [
    # spade
    "M0,-48C14,-30 48,-12 48,10C48,26 38,35 26,35C17,35 9,30 5,23"
    "C6,34 11,42 21,48H-21C-11,42 -6,34 -5,23C-9,30 -17,35 -26,35"
    "C-38,35 -48,26 -48,10C-48,-12 -14,-30 0,-48Z",
    # heart
    "M0,46C-16,30 -48,10 -48,-15C-48,-33 -37,-44 -24,-44"
    "C-13,-44 -4,-37 0,-26C4,-37 13,-44 24,-44C37,-44 48,-33 48,-15"
    "C48,10 16,30 0,46Z",
    # diamond
    "M0,-50Q17,-21 40,0Q17,21 0,50Q-17,21 -40,0Q-17,-21 0,-50Z",
    # club
    _circ(0, -24, 22) + _circ(-25, 11, 22) + _circ(25, 11, 22)
    + _circ(0, 6, 13)
    + "M-4,16C-4,32 -10,42 -21,48H21C10,42 4,32 4,16Z",
]
