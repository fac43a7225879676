"""Explicit setups (``from_setup``, ``from_deck``) and the saves that keep them.

Methods of ``MatchingGame`` (mixed in). ``from_setup`` builds a position
from a dict (tests, rulebook scenarios, the AI's sampled worlds), and a
save of such a game stores the setup, so that ``from_json`` rebuilds it and
replays the history (``from_deck``'s saves store the deck order).

A setup's keys (docs/rules-hwatu-engine.md, docs/rules-stopgo-engine.md):
``hands`` (per seat), the field under the game's ``FIELD_KEY`` (``field``
or ``table``), ``stock`` (top card first), ``piles``, ``stacks`` ({group:
maker or None}), ``gos``, ``last_go``, ``flip_only``, ``shakes``,
``shaken`` (per seat, groups), ``shown`` (per seat, cards in hand),
``first``, ``current``, ``phase``, ``pending`` (a view's pending
decision), ``taken`` and ``turn`` (worked out when absent) and
``deal_events``; the game reads its own keys in ``_load_more``.
"""
from ...core.errors import SaveError
from ...core.game import saved_fields
from .deck import GROUP_MASK, mask
from .phases import CHOOSE_PLAY, CHOOSE_FLIP, SHAKE_PLAY, PHASE_IDS


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


class SetupsMixin:
    __slots__ = ()

    @classmethod
    def _blank(cls, seed, options):
        """The one way to a state without ``__init__``'s deal: the seed, the
        checked options and an empty history, nothing else set yet.
        ``from_deck`` deals into it, ``from_setup`` loads a position."""
        g = cls.__new__(cls)
        g.seed = int(seed)
        g.options = cls.normalize_options(dict(options))
        g.num_players = g.options["players"]
        g.history = []
        return g

    @classmethod
    def from_deck(cls, deck, seed=0, **options):
        """A hand dealt from an explicit deck order (tests, scenarios).

        ``deck`` lists every card once: the hands (seat 0's cards first, then
        seat 1's, ...), then the field, then the stock from the top. The first
        player (when the game draws it), stopgo's missions and any redeal
        still come from ``seed``.
        """
        g = cls._blank(seed, options)
        g._setup(list(deck))
        g._setup_data = {"deck": list(deck)}
        return g

    @classmethod
    def from_setup(cls, setup, seed=0, **options):
        """A state built from an explicit position (tests, rulebook scenarios,
        the AI's sampled worlds; the keys: see the module doc); ``stock``
        lists the top card first. Cards left out of every zone are out of
        play. No deal check (redeal, chongtong) is made. The history starts
        empty; ``to_json`` stores the setup so a save still restores.
        """
        g = cls._blank(seed, options)
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

    # ---- loading a setup ---------------------------------------------------------
    def _load_setup(self, s):
        r = self.rules
        n = r.players
        top = self.deck_size()
        cards = setup_card_reader(top)
        where = self.FIELD_KEY

        def per_player(key, default=0):
            v = s.get(key)
            if v is None:
                return [default] * n
            if len(v) != n:
                raise ValueError(f"setup: {key} needs {n} entries")
            return [int(x) for x in v]

        def per_seat_lists(key):
            v = s.get(key) or [[] for _ in range(n)]
            if len(v) != n:
                raise ValueError(f"setup: {key} needs {n} entries")
            return v

        hands = s["hands"]
        if len(hands) != n:
            raise ValueError(f"setup: hands needs {n} entries")
        self.hands = [sorted(cards(h, "hands")) for h in hands]
        self.field = field = mask(cards(s[where], where))
        stock = cards(s.get("stock", []), "stock")
        stock.reverse()
        self.stock = stock
        self.piles = [mask(cards(pile, "piles")) for pile in per_seat_lists("piles")]
        for g, o in (s.get("stacks") or {}).items():
            g = int(g)
            if (field & GROUP_MASK[g]).bit_count() != 3:
                raise ValueError(f"setup: {self.GROUP_KEY} {g} has no stack on the {where}")
            self.stack_owner[g] = -1 if o is None else int(o)
        self.gos = per_player("gos")
        self.last_go = per_player("last_go")
        self.flip_only = per_player("flip_only")
        self.shakes = tuple(per_player("shakes"))
        for q, groups in enumerate(per_seat_lists("shaken")):
            for g in groups:
                self.shaken |= 1 << (16 * q + int(g))
        for q, shown in enumerate(per_seat_lists("shown")):
            for c in shown:
                if c not in self.hands[q]:
                    raise ValueError(f"setup: shown card {c} is not in hand {q}")
                self.shown |= 1 << c
        self._load_more(s, per_player)
        self.first = int(s.get("first", 0))
        self.mover = int(s.get("current", self.first))
        phase = s.get("phase", "play")
        if phase not in self.SETUP_PHASES:
            raise ValueError(f"setup: bad phase {phase!r}")
        self.phase_id = ph = PHASE_IDS[phase]
        pend = s.get("pending") or {}
        if ph == SHAKE_PLAY:
            self.shake_group = int(pend[self.GROUP_KEY])
        elif ph == CHOOSE_PLAY or ph == CHOOSE_FLIP:
            played, flipped, paired = pend.get("played"), pend.get("flipped"), pend.get("paired")
            self.played = -1 if played is None else cards([played], "pending")[0]
            self.flipped = -1 if flipped is None else cards([flipped], "pending")[0]
            self.paired = -1 if paired is None else int(paired)
            self.play_kind = int(pend.get("play_kind", 0))
            self.choices = mask(pend["options"])
            if (self.choices & field) != self.choices or self.choices.bit_count() != 2:
                raise ValueError(f"setup: pending options must be two {where} cards")
        else:
            self._load_pending(ph, pend)
        taken = s.get("taken")
        if taken is None:
            taken = []
            for p in range(n):
                t = r.hand_size - len(self.hands[p]) - self.flip_only[p]
                if p == self.mover and ph in (CHOOSE_PLAY, CHOOSE_FLIP):
                    t -= 1
                taken.append(max(0, t))
        self.turns_taken = [int(t) for t in taken]
        self.turn = int(s.get("turn", 1 + sum(self.turns_taken)))
        self.deal_events = [dict(e) for e in s.get("deal_events", [])]
        held = field | self.choices
        for m in self.piles:
            held |= m
        for c in [c for h in self.hands for c in h] + self.stock + [self.played, self.flipped]:
            if c >= 0:
                held |= 1 << c
        self.out_of_play = ((1 << top) - 1) & ~held

    def _load_more(self, s, per_player):
        """The game's own keys of setup ``s``."""

    def _load_pending(self, ph, pend):
        """The game's own pending decisions (phase ``ph``)."""


__all__ = ["SetupsMixin", "setup_card_reader", "jsonable"]
