"""Explicit setups and their saves, shared by the games built like hwatu.

A class using ``SetupSavesMixin`` provides ``make_rules(options)``,
``_reset_fields()`` and ``_load_setup(setup)`` (and ``from_deck`` if it saves
explicit deck orders); the mixin gives ``from_setup`` and saves that store the
setup, so that ``from_json`` rebuilds it and replays the history.
"""
from ...core.errors import SaveError
from ...core.game import saved_fields


class SetupSavesMixin:
    _setup_data = None

    @classmethod
    def from_setup(cls, setup, seed=0, **options):
        """A state built from an explicit position (tests, rulebook scenarios,
        the AI's sampled worlds). The keys are the game's own (see its engine
        doc, e.g. docs/rules-hwatu-engine.md); ``stock`` lists the top card
        first. Cards left out of every zone are out of play. No deal check
        (redeal, chongtong) is made. The history starts empty; ``to_json``
        stores the setup so a save still restores.
        """
        g = cls.__new__(cls)
        g.seed = int(seed)
        g.options = cls.normalize_options(dict(options))
        g.num_players = g.options["players"]
        g.history = []
        g.rules = g.make_rules(g.options)
        g._reset_fields()
        g._load_setup(setup)
        g._setup_data = jsonable(setup)
        return g

    # ---- saves of explicit setups ----------------------------------------------
    def to_json(self):
        data = super().to_json()
        if self._setup_data is not None:
            data["setup"] = self._setup_data
        return data

    @classmethod
    def from_json(cls, data):
        if isinstance(data, dict) and "setup" in data:
            seed, options, history = saved_fields(cls, data)
            setup = data["setup"]
            if not isinstance(setup, dict):
                raise SaveError("saved game's setup is not a table")
            try:
                if "deck" in setup:
                    g = cls.from_deck(setup["deck"], seed, **options)
                else:
                    g = cls.from_setup(setup, seed, **options)
                for p, a in history:
                    g.apply(a, p)
                return g
            except SaveError:
                raise
            except (KeyError, TypeError, ValueError) as e:
                raise SaveError(f"saved game does not replay: {e}") from None
        return super().from_json(data)


def setup_card_reader(top):
    """A reader for a setup's card lists: ``cards(lst, what)`` checks that
    every id is an int in ``0..top-1`` seen only once across all calls."""
    seen = set()

    def cards(lst, what):
        out = []
        for c in lst:
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < top:
                raise ValueError(f"setup: bad card {c!r} in {what}")
            if c in seen:
                raise ValueError(f"setup: card {c} appears twice")
            seen.add(c)
            out.append(c)
        return out
    return cards


def jsonable(x):
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    return x


__all__ = ["SetupSavesMixin", "setup_card_reader", "jsonable"]
