"""The rules object: every switch in which ``matgo`` and ``gostop`` differ,
and the house rules (options, off by default; RULINGS section 6).

A preset (see ``presets.py``) turns its options into one ``Rules``; the state
machine reads only this object, never the game id.
"""
from typing import NamedTuple


class Rules(NamedTuple):
    name: str             # "matgo" or "gostop"
    players: int
    hand_size: int        # cards dealt to each player = turns per player
    field_size: int
    bonus: bool           # the two bonus cards are in the pack
    threshold: int        # base score needed for the first Go/Stop
    deferred: bool        # resolve play+flip together (chok, ttadak, sweep, ppuk)
    steals: bool          # junk taking (ttadak, chok, sweep, stacks)
    chongtong: bool       # four of a month in one hand wins at once
    three_ppuk: bool      # three ppuks made by one player win at once
    bomb: bool            # bomb with two flip-only turns
    bak: bool             # gwang-bak, meong-bak, pi-bak
    pibak: str            # "literal" (< 5 junk) or "lenient" (1..7 junk, 0 exempt)
    go_rule: str          # "matgo" or "gostop" Go arithmetic
    first_random: bool    # matgo: first player from the seed; gostop: seat 0
    # ---- house rules (off by default) ----
    ppuk: bool = False            # (deferred) a pair and a flip of its month stay as a stack
    shake: bool = False           # three of a month in hand may be shown: x2 each
    bomb_shakes: bool = False     # a bomb counts as a shake for the payment
    go_bak: bool = False          # matgo: the loser who called Go pays double
    first_ppuk: int = 0           # matgo: a ppuk on one's first turn is paid this at once
    three_ppuk_points: int = 5    # what three ppuks win
    cup_owner: bool = False       # the cup's owner chooses its class when it matters
    house: str = ""               # the house preset named ("" = no house option given)

    @property
    def turns_total(self):
        return self.players * self.hand_size


MATGO_OPTIONS = {"players": 2, "pibak": "literal"}
GOSTOP_OPTIONS = {"players": 2}

#: The house-rule options of each game: option -> (its values, the value that
#: means "off", i.e. the preset as written).
HOUSE_OPTIONS = {
    "matgo": {
        "shake": ((False, True), False),
        "bomb": ((False, True), False),
        "go_bak": ((False, True), False),
        "first_ppuk": ((False, True), False),
        "three_ppuk_points": ((5, 7), 5),
        "pibak": (("literal", "lenient"), "literal"),
        "cup": (("best", "owner"), "best"),
        "bonus": ((False, True), False),
    },
    "gostop": {
        "ppuk": ((False, True), False),
        "steals": ((False, True), False),
        "bak": ((False, True), False),
        "shake": ((False, True), False),
    },
}

#: The named sets of house rules (option ``house``); the first is the default.
HOUSE_PRESETS = {
    "matgo": {
        "site": {k: off for k, (_, off) in HOUSE_OPTIONS["matgo"].items()},
        "hangame": {"shake": True, "bomb": True, "go_bak": True, "first_ppuk": True,
                    "three_ppuk_points": 7, "pibak": "lenient", "cup": "owner",
                    "bonus": True},
    },
    "gostop": {
        "site": {k: off for k, (_, off) in HOUSE_OPTIONS["gostop"].items()},
        "traditional": {"ppuk": True, "steals": True, "bak": True, "shake": True},
    },
}

#: The first-ppuk payment (matgo option ``first_ppuk``).
FIRST_PPUK_POINTS = 7


_PLAIN = {}      # the presets' Rules (no house option): made once


def _made_once(key, make, options):
    """The Rules of a preset without house options are made once per key."""
    if "house" in options:
        return make(options)
    r = _PLAIN.get(key)
    if r is None:
        r = _PLAIN[key] = make(options)
    return r


def matgo_rules(options):
    return _made_once(("matgo", options["pibak"]), _matgo_rules, options)


def _matgo_rules(options):
    get = options.get
    bomb = bool(get("bomb", False))
    return Rules(
        name="matgo", players=2, hand_size=10, field_size=8,
        bonus=bool(get("bonus", False)), threshold=7, deferred=True, steals=True,
        chongtong=True, three_ppuk=True, bomb=bomb, bak=True, pibak=options["pibak"],
        go_rule="matgo", first_random=True,
        ppuk=True, shake=bool(get("shake", False)), bomb_shakes=bomb,
        go_bak=bool(get("go_bak", False)),
        first_ppuk=FIRST_PPUK_POINTS if get("first_ppuk", False) else 0,
        three_ppuk_points=get("three_ppuk_points", 5),
        cup_owner=get("cup", "best") == "owner", house=get("house", ""))


def gostop_rules(options):
    return _made_once(("gostop", options["players"]), _gostop_rules, options)


def _gostop_rules(options):
    n = options["players"]
    get = options.get
    ppuk = bool(get("ppuk", False))
    steals = bool(get("steals", False))
    shake = bool(get("shake", False))
    return Rules(
        name="gostop", players=n, hand_size=10 if n == 2 else 7,
        field_size=8 if n == 2 else 6, bonus=True,
        threshold=7 if n == 2 else 3, deferred=ppuk or steals, steals=steals,
        chongtong=False, three_ppuk=False, bomb=True, bak=bool(get("bak", False)),
        pibak="literal", go_rule="gostop", first_random=False,
        ppuk=ppuk, shake=shake, bomb_shakes=shake, house=get("house", ""))


def rules_table(r):
    """Every switch of ``r`` by name, JSON-safe (the view's ``rules`` in a game
    with house options, and the rules page)."""
    return {
        "threshold": r.threshold, "hand_size": r.hand_size, "field_size": r.field_size,
        "bonus": r.bonus, "bomb": r.bomb, "bak": r.bak, "specials": r.deferred,
        "house": r.house or "site", "ppuk": r.ppuk, "steals": r.steals,
        "chongtong": r.chongtong, "three_ppuk": r.three_ppuk,
        "three_ppuk_points": r.three_ppuk_points, "shake": r.shake,
        "bomb_shakes": r.bomb_shakes, "go_bak": r.go_bak, "first_ppuk": r.first_ppuk,
        "pibak": r.pibak if r.bak else None, "cup": "owner" if r.cup_owner else "best",
    }
