"""The two named presets: ``matgo`` (RULINGS section 2) and ``gostop`` (section 1).

Options:

* ``Matgo``: ``players`` (2 only); ``pibak``: ``"literal"`` (the preset, the
  loser has fewer than 5 junk units) or ``"lenient"`` (7 or fewer, 0 exempt,
  a RULINGS section 6 option).
* ``GoStop``: ``players`` 2..4.
"""
from .state import HwatuGame
from .rules import matgo_rules, gostop_rules
from . import world


class Matgo(HwatuGame):
    game_id = "matgo"
    rules_version = 1
    min_players = 2
    max_players = 2
    make_rules = staticmethod(matgo_rules)

    @classmethod
    def normalize_options(cls, options):
        options = super().normalize_options(options)
        pibak = options.setdefault("pibak", "literal")
        if pibak not in ("literal", "lenient"):
            raise ValueError(f"matgo: pibak must be 'literal' or 'lenient', got {pibak!r}")
        extra = set(options) - {"players", "pibak"}
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
        extra = set(options) - {"players"}
        if extra:
            raise ValueError(f"gostop: unknown options {sorted(extra)}")
        return options

    sample_world = staticmethod(world.sample_world)


PRESETS = {"matgo": Matgo, "gostop": GoStop}
