"""The 112-card Stop deck, as faces.

A card is a *face* (an int): ``colour * 13 + rank`` for the 104 coloured cards
(colour 0-3: red, yellow, green, blue; rank 0-9 the number cards, 10 Skip,
11 Card Exchange, 12 +X) and ``FREE`` = 52 for Free Choice. The two copies of
a coloured card are the same face; the deck holds each coloured face twice and
Free Choice eight times. Hands, piles and actions all use faces.
"""
COLOURS = ("red", "yellow", "green", "blue")
SKIP, EXCHANGE, PLUSX = 10, 11, 12
FREE = 52
NUM_FACES = 53
HAND_SIZE = 7
DECK_SIZE = 112

_RANK_NAMES = tuple(str(i) for i in range(10)) + ("Skip", "Card Exchange", "+X")


def face(colour, rank):
    return colour * 13 + rank


def colour(f):
    return -1 if f == FREE else f // 13


def rank(f):
    return -1 if f == FREE else f % 13


def is_number(f):
    return f != FREE and f % 13 <= 9


def is_symbol(f):
    """Skip, Card Exchange, +X and Free Choice."""
    return not is_number(f)


def name(f):
    if f == FREE:
        return "Free Choice"
    return f"{COLOURS[f // 13]} {_RANK_NAMES[f % 13]}"


def full_deck():
    """All 112 faces, sorted."""
    return sorted([f for f in range(52) for _ in range(2)] + [FREE] * 8)


def value(f):
    """Minus points of a card left in hand at the end of a round."""
    if f == FREE:
        return 50
    r = f % 13
    return {PLUSX: 40, EXCHANGE: 30, 2: 20, SKIP: 10}.get(r, r)


def matches(top, f):
    """May ``f`` be played on ``top`` in an ordinary turn (no attack pending)?
    Free Choice is handled by the caller (it needs a second card)."""
    if f == FREE:
        return True
    if colour(f) == colour(top) or rank(f) == rank(top):
        return True
    return {rank(f), rank(top)} == {6, 9}


def identical(top):
    """The faces that may be interjected onto ``top`` (empty for symbols):
    the same card, and for a 6 or a 9 also the other one of the same colour."""
    if not is_number(top):
        return ()
    c, r = colour(top), rank(top)
    if r == 6:
        return (top, face(c, 9))
    if r == 9:
        return (face(c, 6), top)
    return (top,)


def colour_name(f):
    """``"red"`` .. ``"blue"``, or None for Free Choice (language-free keys)."""
    return None if f == FREE else COLOURS[colour(f)]


def rank_name(f):
    """``"0"`` .. ``"9"``, ``"skip"``, ``"exchange"``, ``"plusx"`` or ``"free"``
    (language-free keys)."""
    if f == FREE:
        return "free"
    return str(rank(f)) if is_number(f) else {SKIP: "skip", EXCHANGE: "exchange",
                                               PLUSX: "plusx"}[rank(f)]


def card_table():
    """JSON-safe data for the page: one entry per face."""
    return [{"face": f, "name": name(f), "colour": None if f == FREE else COLOURS[colour(f)],
             "rank": None if f == FREE else _RANK_NAMES[rank(f)],
             "number": rank(f) if is_number(f) else None, "value": value(f)}
            for f in range(NUM_FACES)]
