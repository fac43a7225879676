"""The hwatu deck as data: 48 month cards plus the two bonus cards.

Card id = 4*(month-1) + k, k = position in the month in the order bright,
animal, ribbon, junk (single junk before double junk). Ids 48 and 49 are the
bonus cards (2 and 3 junk units; ``gostop`` only). Every table is a tuple
indexed by card id, so the page, the art and the rulebook can use it too.
Bit masks (``1 << id``) are used by the engine for hands, piles and the field
(``mask`` and ``cards_of``: the matching games' helpers).
"""
from ..matching.deck import mask, cards_of  # noqa: F401

BRIGHT, ANIMAL, RIBBON, JUNK, BONUS = "bright", "animal", "ribbon", "junk", "bonus"
HONGDAN, CHEONGDAN, CHODAN = "hongdan", "cheongdan", "chodan"

NUM_MONTH_CARDS = 48
NUM_CARDS = 50
BONUS2, BONUS3 = 48, 49
CUP = 32            # September sake cup: animal or double junk
RAIN_BRIGHT = 44    # December rain man

# id: (month, type, ribbon set, junk units, English name, Korean name)
_DATA = (
    (1, BRIGHT, None, 0, "Pine crane (bright)", "송학 광"),
    (1, RIBBON, HONGDAN, 0, "Pine red poem ribbon", "송 홍단"),
    (1, JUNK, None, 1, "Pine junk", "송 피"),
    (1, JUNK, None, 1, "Pine junk", "송 피"),
    (2, ANIMAL, None, 0, "Plum bush warbler (godori)", "매조 고도리"),
    (2, RIBBON, HONGDAN, 0, "Plum red poem ribbon", "매 홍단"),
    (2, JUNK, None, 1, "Plum junk", "매 피"),
    (2, JUNK, None, 1, "Plum junk", "매 피"),
    (3, BRIGHT, None, 0, "Cherry curtain (bright)", "벚꽃 광"),
    (3, RIBBON, HONGDAN, 0, "Cherry red poem ribbon", "벚꽃 홍단"),
    (3, JUNK, None, 1, "Cherry junk", "벚꽃 피"),
    (3, JUNK, None, 1, "Cherry junk", "벚꽃 피"),
    (4, ANIMAL, None, 0, "Wisteria cuckoo (godori)", "흑싸리 고도리"),
    (4, RIBBON, CHODAN, 0, "Wisteria plain ribbon", "흑싸리 초단"),
    (4, JUNK, None, 1, "Wisteria junk", "흑싸리 피"),
    (4, JUNK, None, 1, "Wisteria junk", "흑싸리 피"),
    (5, ANIMAL, None, 0, "Iris bridge", "난초 다리"),
    (5, RIBBON, CHODAN, 0, "Iris plain ribbon", "난초 초단"),
    (5, JUNK, None, 1, "Iris junk", "난초 피"),
    (5, JUNK, None, 1, "Iris junk", "난초 피"),
    (6, ANIMAL, None, 0, "Peony butterflies", "모란 나비"),
    (6, RIBBON, CHEONGDAN, 0, "Peony blue ribbon", "모란 청단"),
    (6, JUNK, None, 1, "Peony junk", "모란 피"),
    (6, JUNK, None, 1, "Peony junk", "모란 피"),
    (7, ANIMAL, None, 0, "Bush clover boar", "홍싸리 멧돼지"),
    (7, RIBBON, CHODAN, 0, "Bush clover plain ribbon", "홍싸리 초단"),
    (7, JUNK, None, 1, "Bush clover junk", "홍싸리 피"),
    (7, JUNK, None, 1, "Bush clover junk", "홍싸리 피"),
    (8, BRIGHT, None, 0, "Pampas moon (bright)", "공산 광"),
    (8, ANIMAL, None, 0, "Pampas geese (godori)", "공산 고도리"),
    (8, JUNK, None, 1, "Pampas junk", "공산 피"),
    (8, JUNK, None, 1, "Pampas junk", "공산 피"),
    (9, ANIMAL, None, 2, "Chrysanthemum sake cup", "국진 술잔"),
    (9, RIBBON, CHEONGDAN, 0, "Chrysanthemum blue ribbon", "국화 청단"),
    (9, JUNK, None, 1, "Chrysanthemum junk", "국화 피"),
    (9, JUNK, None, 1, "Chrysanthemum junk", "국화 피"),
    (10, ANIMAL, None, 0, "Maple deer", "단풍 사슴"),
    (10, RIBBON, CHEONGDAN, 0, "Maple blue ribbon", "단풍 청단"),
    (10, JUNK, None, 1, "Maple junk", "단풍 피"),
    (10, JUNK, None, 1, "Maple junk", "단풍 피"),
    (11, BRIGHT, None, 0, "Paulownia phoenix (bright)", "오동 광"),
    (11, JUNK, None, 1, "Paulownia junk", "오동 피"),
    (11, JUNK, None, 1, "Paulownia junk", "오동 피"),
    (11, JUNK, None, 2, "Paulownia double junk", "오동 쌍피"),
    (12, BRIGHT, None, 0, "Rain man (rain bright)", "비 광"),
    (12, ANIMAL, None, 0, "Rain swallow", "비 제비"),
    (12, RIBBON, None, 0, "Rain ribbon (no set)", "비 띠"),
    (12, JUNK, None, 2, "Rain double junk", "비 쌍피"),
    (0, BONUS, None, 2, "Bonus card (2 junk)", "보너스 쌍피"),
    (0, BONUS, None, 3, "Bonus card (3 junk)", "보너스 쓰리피"),
)

MONTH = tuple(d[0] for d in _DATA)
TYPE = tuple(d[1] for d in _DATA)
RIBBON_SET = tuple(d[2] for d in _DATA)
#: Junk units a card is worth in the junk pile (the cup: 2, when counted as junk).
JUNK_VALUE = tuple(d[3] for d in _DATA)
NAME_EN = tuple(d[4] for d in _DATA)
NAME_KO = tuple(d[5] for d in _DATA)

MONTH_NAMES_EN = ("", "January (pine)", "February (plum)", "March (cherry)",
                  "April (wisteria)", "May (iris)", "June (peony)",
                  "July (bush clover)", "August (pampas)",
                  "September (chrysanthemum)", "October (maple)",
                  "November (paulownia)", "December (rain)")

BRIGHTS = tuple(c for c in range(NUM_CARDS) if TYPE[c] == BRIGHT)
ANIMALS = tuple(c for c in range(NUM_CARDS) if TYPE[c] == ANIMAL)
RIBBONS = tuple(c for c in range(NUM_CARDS) if TYPE[c] == RIBBON)
JUNKS = tuple(c for c in range(NUM_CARDS) if TYPE[c] == JUNK)
GODORI = (4, 12, 29)
SETS = {
    HONGDAN: tuple(c for c in RIBBONS if RIBBON_SET[c] == HONGDAN),
    CHEONGDAN: tuple(c for c in RIBBONS if RIBBON_SET[c] == CHEONGDAN),
    CHODAN: tuple(c for c in RIBBONS if RIBBON_SET[c] == CHODAN),
}
SET_ORDER = (HONGDAN, CHEONGDAN, CHODAN)


BRIGHT_MASK = mask(BRIGHTS)
RAIN_MASK = 1 << RAIN_BRIGHT
ANIMAL_MASK = mask(ANIMALS)
ANIMAL_NOCUP_MASK = ANIMAL_MASK & ~(1 << CUP)
CUP_MASK = 1 << CUP
RIBBON_MASK = mask(RIBBONS)
GODORI_MASK = mask(GODORI)
SET_MASKS = tuple(mask(SETS[s]) for s in SET_ORDER)
SINGLE_MASK = mask(c for c in JUNKS if JUNK_VALUE[c] == 1)
DOUBLE_MASK = mask(c for c in JUNKS if JUNK_VALUE[c] == 2)
BONUS2_MASK = 1 << BONUS2
BONUS3_MASK = 1 << BONUS3
BONUS_MASK = BONUS2_MASK | BONUS3_MASK
DECK48_MASK = (1 << NUM_MONTH_CARDS) - 1
DECK50_MASK = (1 << NUM_CARDS) - 1
#: MONTH_MASK[m]: the four cards of month m (index 0 unused).
MONTH_MASK = (0,) + tuple(0xF << (4 * (m - 1)) for m in range(1, 13))


def card_info(c):
    """One card as a JSON-safe dict (for the page and the rulebook)."""
    return {"id": c, "month": MONTH[c], "type": TYPE[c],
            "ribbon_set": RIBBON_SET[c], "junk": JUNK_VALUE[c],
            "godori": c in GODORI, "name": NAME_EN[c], "name_ko": NAME_KO[c]}


def deck_table():
    """The whole deck as a list of ``card_info`` dicts, ids 0..49."""
    return [card_info(c) for c in range(NUM_CARDS)]
