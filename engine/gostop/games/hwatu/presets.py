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
from . import world
from ..turns import check_lead

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


class Matgo(HwatuGame):
    game_id = "matgo"
    rules_version = 1
    min_players = 2
    max_players = 2
    make_rules = staticmethod(matgo_rules)

    @classmethod
    def normalize_options(cls, options):
        options = super().normalize_options(options)
        normalize_house(cls.game_id, options)
        pibak = options.setdefault("pibak", "literal")
        if pibak not in ("literal", "lenient"):
            raise ValueError(f"matgo: pibak must be 'literal' or 'lenient', got {pibak!r}")
        check_lead(cls.game_id, options)
        extra = set(options) - _KNOWN["matgo"]
        if extra:
            raise ValueError(f"matgo: unknown options {sorted(extra)}")
        return options

    sample_world = staticmethod(world.sample_world)


class GoStop(HwatuGame):
    game_id = "gostop"
    rules_version = 1
    min_players = 2
    max_players = 4
    make_rules = staticmethod(gostop_rules)

    @classmethod
    def normalize_options(cls, options):
        options = super().normalize_options(options)
        normalize_house(cls.game_id, options)
        if options["players"] == 2:
            on = sorted(k for k in HOUSE_OPTIONS["gostop"] if options.get(k))
            if on:
                raise ValueError(f"gostop: {', '.join(on)} need 3 or 4 players "
                                 f"(the two-player game with these rules is matgo)")
        check_lead(cls.game_id, options)
        extra = set(options) - (_KNOWN["gostop"] - {"pibak"})
        if extra:
            raise ValueError(f"gostop: unknown options {sorted(extra)}")
        return options

    sample_world = staticmethod(world.sample_world)


PRESETS = {"matgo": Matgo, "gostop": GoStop}
