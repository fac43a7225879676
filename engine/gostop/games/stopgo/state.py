"""The StopGo state: the deal (missions, redeals), legal actions, the play
phase's actions, payments and labels.

``StopGo`` is a ``MatchingGame`` (games/matching: the record, turns, the
play-flip-resolve flow, views, setups and sampled worlds); the table is
the record's ``field`` (``table`` reads it). What is StopGo's own: the
missions, the triple play and the resolution (``flow.py``), its views and
setup keys (``views.py``), its scoring (``scoring.py``).
"""
from ...core.rng import randbelow
from ..matching import MatchingGame
from ..matching.turns import check_lead
from .cards import NUM_CARDS, RANK, RANK_MASK, NAME, RANK_WORDS, MISSION_FACTORS
from .actions import (FLIP, PASS, GO, STOP, SHAKE_BASE, TRIPLE_BASE,
                      OVER, PHASE_NAMES, make_rules)
from .flow import FlowMixin
from .views import ViewMixin

_DEAL_SALT = 0x73746F70  # "stop"


class StopGo(FlowMixin, ViewMixin, MatchingGame):
    """One hand of StopGo (RULINGS section 3), two players."""

    __slots__ = (
        "missions",         # the three mission cards, worth x2, x3, x4 (a tuple)
    )

    game_id = "stopgo"
    display_name = "StopGo"
    rules_version = 1
    min_players = 2
    max_players = 2
    make_rules = staticmethod(make_rules)

    GROUPS = range(1, 14)
    GROUP_KEY = "rank"
    FIELD_KEY = "table"
    DEAL_SALT = _DEAL_SALT
    SETUP_PHASES = frozenset(PHASE_NAMES) - {"over", "cup"}
    FLIP, PASS, GO, STOP = FLIP, PASS, GO, STOP
    FIELD_IDS = NUM_CARDS
    CARD_NAMES = NAME

    @classmethod
    def normalize_options(cls, options):
        options = super().normalize_options(options)
        check_lead(cls.game_id, options)
        extra = set(options) - {"players", "lead"}
        if extra:
            raise ValueError(f"stopgo: unknown options {sorted(extra)}")
        return options

    def deck_size(self):
        return NUM_CARDS

    @classmethod
    def deck_size_in(cls, view):
        return NUM_CARDS

    @property
    def table(self):
        """The table (StopGo's name of the field), a bit mask."""
        return self.field

    # ---- the deal ------------------------------------------------------------
    def _reset_fields(self):
        super()._reset_fields()
        self.missions = ()

    def _draw_first(self, rng):
        """The first player, then the three mission cards."""
        self.first = randbelow(rng, 2)
        missions = []
        while len(missions) < 3:
            c = randbelow(rng, NUM_CARDS)
            if c not in missions:
                missions.append(c)
        self.missions = tuple(missions)

    def _deal(self, deck, events):
        """Deals ``deck`` (hands, table, stock from the top); returns the
        redeal event of a four on the table, or None."""
        h, t = self.rules.hand_size, self.rules.table_size
        self.hands = [sorted(deck[:h]), sorted(deck[h:2 * h])]
        table = 0
        for c in deck[2 * h:2 * h + t]:
            table |= 1 << c
        for r in range(1, 14):
            if table & RANK_MASK[r] == RANK_MASK[r]:
                return {"type": "redeal", "reason": "table-four", "rank": r}
        self.field = table
        stock = deck[2 * h + t:]
        stock.reverse()             # the top card is the last element
        self.stock = stock
        return None

    def _dealt(self, events):
        events.append({"type": "missions", "cards": list(self.missions),
                       "factors": list(MISSION_FACTORS)})
        events.extend(self.stack_events())

    # ---- legal actions and the play phase ------------------------------------------
    def hand_options(self, p):
        """(forced, shakable): ranks of which ``p`` holds three with the
        fourth on the table, and ranks ``p`` may shake, as bit sets."""
        hand = self.hands[p]
        forced = shakable = 0
        i, n = 0, len(hand)
        while i + 2 < n:
            r = RANK[hand[i]]
            if RANK[hand[i + 2]] != r:
                i += 1
                continue
            if self.field & RANK_MASK[r]:
                forced |= 1 << r
            elif not self.has_shaken(p, r):
                shakable |= 1 << r
            i += 3
        return forced, shakable

    def _legal_play(self, p):
        """The play phase's actions (the shake-play phase's: the shared ones)."""
        hand = self.hands[p]
        if not hand:
            return [PASS]
        forced, shakable = self.hand_options(p)
        if not (forced or shakable):
            return hand[:]
        out = [c for c in hand if not forced >> RANK[c] & 1]
        out.extend(SHAKE_BASE + r for r in range(1, 14) if shakable >> r & 1)
        out.extend(TRIPLE_BASE + r for r in range(1, 14) if forced >> r & 1)
        return out

    def _act_play(self, p, a):
        """A play-phase action but a plain card (``_apply``), or the card
        played after a shake."""
        if a < NUM_CARDS:
            self._play(p, a)
        elif a >= TRIPLE_BASE:
            self._triple(p, a - TRIPLE_BASE)
        elif a >= SHAKE_BASE:
            self._shake(p, a - SHAKE_BASE)
        else:                       # PASS with an empty hand (setups only)
            self._end_turn(p)

    def returns(self):
        if self.phase_id != OVER or self.winner is None:
            return [0, 0]
        t = self.result["total"]
        return [t, -t] if self.winner == 0 else [-t, t]

    # ---- what the actions are --------------------------------------------------
    def _label_more(self, a):
        if 0 <= a < NUM_CARDS:
            return f"Play {NAME[a]}"
        if SHAKE_BASE < a <= SHAKE_BASE + 13:
            return f"Shake: show three {RANK_WORDS[a - SHAKE_BASE]}s"
        if TRIPLE_BASE < a <= TRIPLE_BASE + 13:
            return f"Play all three {RANK_WORDS[a - TRIPLE_BASE]}s (take all four)"
        return super()._label_more(a)

    def _describe_more(self, a):
        if 0 <= a < NUM_CARDS:
            return {"kind": "play", "cards": [a], "rank": RANK[a]}
        if SHAKE_BASE < a <= SHAKE_BASE + 13:
            return {"kind": "shake", "rank": a - SHAKE_BASE}
        if TRIPLE_BASE < a <= TRIPLE_BASE + 13:
            return {"kind": "bomb", "rank": a - TRIPLE_BASE}
        return super()._describe_more(a)
