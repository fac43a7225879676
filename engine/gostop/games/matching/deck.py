"""The card layout both matching decks share, and bit-mask helpers.

Card id = 4*(group-1) + k: a *group* is a hwatu month (1..12) or a StopGo
rank (1..13), and its four cards are one 4-bit nibble of a bit mask. Hands
are sorted lists of ids (a group's cards side by side); the field and the
captured piles are bit masks (``1 << id``). The tables below index that
layout; ``GROUP[-1]`` is 0 (no card: ``-1`` stands for none in the engine),
so comparing the group of a card that may be absent needs no test.

Hwatu's bonus cards (ids 48 and 49) sit where a 13th month would be: its own
``MONTH`` table gives them month 0. The shared code never asks their group
(a bonus card is banked, never played or paired).
"""

#: GROUP[c]: the month or rank of card c (0..51); GROUP[-1] == 0.
GROUP = tuple(c // 4 + 1 for c in range(52)) + (0,)
#: GROUP_MASK[g]: the four cards of group g (index 0: none).
GROUP_MASK = (0,) + tuple(0xF << (4 * (g - 1)) for g in range(1, 14))
#: POP4[n]: the cards set in nibble n.
POP4 = tuple(bin(i).count("1") for i in range(16))


def mask(cards):
    """The bit mask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(m):
    """The ids set in bit mask ``m``, ascending."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def lowest(m):
    """The lowest id in the non-empty mask ``m``."""
    return (m & -m).bit_length() - 1


def two_cards(m):
    """The two ids of a two-card mask (a pending choice), lowest first."""
    low = m & -m
    return low.bit_length() - 1, (m ^ low).bit_length() - 1


__all__ = ["GROUP", "GROUP_MASK", "POP4", "mask", "cards_of", "lowest", "two_cards"]
