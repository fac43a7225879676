"""The two named presets: ``matgo`` (RULINGS section 2) and ``gostop`` (section 1).

Options:

* ``Matgo``: ``players`` (2 only); ``pibak``: ``"literal"`` (the preset, the
  loser has fewer than 5 junk units) or ``"lenient"`` (7 or fewer, 0 exempt,
  a RULINGS section 6 option).
* ``GoStop``: ``players`` 2..4.
* Both (and ``stopgo``): ``lead``, the seat that plays first (match play: the
  last hand's winner leads); absent, the preset decides (matgo: from the
  seed, gostop: seat 0, the dealer). The deal does not depend on it.
"""
from .state import HwatuGame
from .rules import matgo_rules, gostop_rules
from . import world
from ..turns import check_lead


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
        check_lead(cls.game_id, options)
        extra = set(options) - {"players", "pibak", "lead"}
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
        check_lead(cls.game_id, options)
        extra = set(options) - {"players", "lead"}
        if extra:
            raise ValueError(f"gostop: unknown options {sorted(extra)}")
        return options

    sample_world = staticmethod(world.sample_world)


PRESETS = {"matgo": Matgo, "gostop": GoStop}
