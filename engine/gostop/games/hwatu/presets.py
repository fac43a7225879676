"""The two named presets: ``matgo`` (RULINGS section 2) and ``gostop`` (section 1).

Options:

* ``Matgo``: ``players`` (2 only); ``pibak``: ``"literal"`` (the preset, the
  loser has fewer than 5 junk units) or ``"lenient"`` (7 or fewer, 0 exempt,
  a RULINGS section 6 option).
* ``GoStop``: ``players`` 2..4.
* Both (and ``stopgo``): ``lead``, the seat that plays first (match play: the
  last hand's winner leads); absent, the preset decides (matgo: from the
  seed, gostop: seat 0, the dealer). The deal does not depend on it.
* House rules (``rules.HOUSE_OPTIONS``, every one off by default): ``house``
  names a set (matgo ``"site"``/``"hangame"``, gostop ``"site"``/
  ``"traditional"``) and the single switches override it. When any of them
  is given, the options are completed with every switch (so a save and a
  hand record say exactly which rules were played); when none is, the
  options are exactly as before. Switches take ``True``/``False`` (or 1/0,
  as a share link sends them). Gostop's switches need 3 or 4 players.
"""
from .state import HwatuGame
from .rules import matgo_rules, gostop_rules, HOUSE_OPTIONS, HOUSE_PRESETS
from ..matching.turns import check_lead

_BASE_KEYS = frozenset({"players", "pibak", "lead"})
_KNOWN = {game: _BASE_KEYS | set(table) | {"house"} for game, table in HOUSE_OPTIONS.items()}


def normalize_house(game_id, options):
    """Completes ``options`` with the house switches when any is given
    (``house`` first, then the single switches override); checks values."""
    for key in options:
        if key not in _BASE_KEYS:
            break
    else:
        return options              # none: the preset as written
    table = HOUSE_OPTIONS[game_id]
    if not any(k in options for k in table if k != "pibak") and "house" not in options:
        return options              # unknown names only: refused by the caller
    presets = HOUSE_PRESETS[game_id]
    house = options.setdefault("house", next(iter(presets)))
    if house not in presets:
        raise ValueError(f"{game_id}: house must be one of {sorted(presets)}, got {house!r}")
    for key, (values, _) in table.items():
        value = options.get(key, presets[house][key])
        if isinstance(values[0], bool) and type(value) is int and value in (0, 1):
            value = bool(value)
        if not any(type(value) is type(v) and value == v for v in values):
            raise ValueError(f"{game_id}: {key} must be one of "
                             f"{', '.join(map(repr, values))}, got {value!r}")
        options[key] = value
    return options


class _Preset(HwatuGame):
    """What both presets check of their options: the house switches, their
    own (``_check_options``), the lead, and no unknown option."""
    known_options = frozenset()

    @classmethod
    def normalize_options(cls, options):
        options = super().normalize_options(options)
        normalize_house(cls.game_id, options)
        cls._check_options(options)
        check_lead(cls.game_id, options)
        extra = set(options) - cls.known_options
        if extra:
            raise ValueError(f"{cls.game_id}: unknown options {sorted(extra)}")
        return options

    @classmethod
    def _check_options(cls, options):
        pass


class Matgo(_Preset):
    game_id = "matgo"
    display_name = "Matgo"
    rules_version = 1               # two players: Game's min_players and max_players
    make_rules = staticmethod(matgo_rules)
    house_presets = HOUSE_PRESETS["matgo"]
    known_options = _KNOWN["matgo"]

    @classmethod
    def _check_options(cls, options):
        pibak = options.setdefault("pibak", "literal")
        if pibak not in ("literal", "lenient"):
            raise ValueError(f"matgo: pibak must be 'literal' or 'lenient', got {pibak!r}")


class GoStop(_Preset):
    game_id = "gostop"
    display_name = "Go-Stop"
    rules_version = 1
    max_players = 4
    make_rules = staticmethod(gostop_rules)
    house_presets = HOUSE_PRESETS["gostop"]
    known_options = _KNOWN["gostop"] - {"pibak"}

    @classmethod
    def _check_options(cls, options):
        if options["players"] == 2:
            on = sorted(k for k in HOUSE_OPTIONS["gostop"] if options.get(k))
            if on:
                raise ValueError(f"gostop: {', '.join(on)} need 3 or 4 players "
                                 f"(the two-player game with these rules is matgo)")


PRESETS = {"matgo": Matgo, "gostop": GoStop}
