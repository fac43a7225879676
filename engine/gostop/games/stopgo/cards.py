"""The 52-card deck as data.

Card id = 4*(rank-1) + suit, ranks 1..13 (A, 2..10, J, Q, K), suits in the
order spades 0, hearts 1, diamonds 2, clubs 3. So the four cards of a rank are
one 4-bit nibble of a bit mask (like a hwatu month), which keeps matching by
rank cheap. Hands are sorted lists of ids; the table and the captured piles
are bit masks (``1 << id``). ``cards_of`` and ``mask``: the matching games' helpers.
"""
from ..matching.deck import cards_of, mask

NUM_CARDS = 52
NUM_RANKS = 13
SUITS = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_WORDS = ("", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
              "Nine", "Ten", "Jack", "Queen", "King")
JACK, QUEEN, KING = 11, 12, 13


def card_id(rank, suit):
    """The id of ``rank`` (1..13) of ``suit`` (0..3 or a SUITS name)."""
    if isinstance(suit, str):
        suit = SUITS.index(suit)
    return 4 * (rank - 1) + suit


RANK = tuple(c // 4 + 1 for c in range(NUM_CARDS))
SUIT = tuple(c % 4 for c in range(NUM_CARDS))
IS_COURT = tuple(RANK[c] >= JACK for c in range(NUM_CARDS))
NAME = tuple(f"{RANK_NAMES[RANK[c]]}{SUIT_SYMBOLS[SUIT[c]]}" for c in range(NUM_CARDS))
NAME_EN = tuple(f"{RANK_WORDS[RANK[c]]} of {SUITS[SUIT[c]]}" for c in range(NUM_CARDS))

#: RANK_MASK[r]: the four cards of rank r (index 0 unused).
RANK_MASK = (0,) + tuple(0xF << (4 * (r - 1)) for r in range(1, 14))
#: NUMBER_MASK[s]: the ten number cards (A-10) of suit s.
NUMBER_MASK = tuple(mask(card_id(r, s) for r in range(1, 11)) for s in range(4))
COURT_MASK = mask(c for c in range(NUM_CARDS) if IS_COURT[c])
HEART_NUMBERS = NUMBER_MASK[HEARTS]
DECK_MASK = (1 << NUM_CARDS) - 1

# the four named sequences: key, name, cards (3 points each)
SEQUENCES = (
    ("perfect", "Perfect Number", (card_id(7, HEARTS), card_id(8, HEARTS),
                                   card_id(9, HEARTS))),
    ("friend", "Friend Number", (card_id(4, SPADES), card_id(6, SPADES),
                                 card_id(9, SPADES))),
    ("product", "Product Number", (card_id(5, SPADES), card_id(7, SPADES),
                                   card_id(10, SPADES))),
    ("rich", "Rich Number", (card_id(1, CLUBS), card_id(2, CLUBS),
                             card_id(3, CLUBS))),
)
SEQUENCE_MASKS = tuple(mask(cs) for _, _, cs in SEQUENCES)

MISSION_FACTORS = (2, 3, 4)


def card_info(c):
    """One card as a JSON-safe dict (for the page and the rulebook)."""
    return {"id": c, "rank": RANK[c], "rank_name": RANK_NAMES[RANK[c]],
            "suit": SUITS[SUIT[c]], "symbol": SUIT_SYMBOLS[SUIT[c]],
            "court": IS_COURT[c], "short": NAME[c], "name": NAME_EN[c],
            "sequences": [k for k, _, cs in SEQUENCES if c in cs]}


def deck_table():
    """The whole deck as a list of ``card_info`` dicts, ids 0..51."""
    return [card_info(c) for c in range(NUM_CARDS)]


__all__ = ["NUM_CARDS", "RANK", "SUIT", "NAME", "NAME_EN", "RANK_MASK",
           "NUMBER_MASK", "COURT_MASK", "SEQUENCES", "SEQUENCE_MASKS",
           "card_id", "card_info", "deck_table", "cards_of", "mask"]
