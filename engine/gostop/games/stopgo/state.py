"""The StopGo state: deal and redeal, legal actions, dispatch, fast clone.

State (plain ints and lists, so ``clone`` is a handful of copies): hands are
sorted lists of card ids (ranks adjacent, see ``cards.py``), the table and
the captured piles are bit masks, the stock is a list whose *last* element is
the top card. Turn resolution: ``flow.py``; views and setups: ``views.py``.
"""
from ...core.game import Game
from ...core.rng import make_rng, derive_seed, shuffle, randbelow
from .cards import (NUM_CARDS, RANK, RANK_MASK, NAME, RANK_WORDS,
                    MISSION_FACTORS, cards_of)
from .actions import (CHOOSE_BASE, FLIP, PASS, GO, STOP, SHAKE_BASE, TRIPLE_BASE,
                      PLAY, SHAKE_PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP,
                      FLIP_ONLY, OVER, PHASE_NAMES, make_rules)
from .flow import FlowMixin
from .views import ViewMixin
from ..turns import check_lead

_TO_MOVE = ((0,), (1,))
_POP4 = tuple(bin(i).count("1") for i in range(16))
_DEAL_SALT = 0x73746F70  # "stop"


class StopGo(FlowMixin, ViewMixin, Game):
    """One hand of StopGo (RULINGS section 3), two players."""

    game_id = "stopgo"
    rules_version = 1
    min_players = 2
    max_players = 2
    make_rules = staticmethod(make_rules)
    #: True disables event building (AI rollouts); ``_apply`` then returns [].
    quiet = False

    @classmethod
    def normalize_options(cls, options):
        options = super().normalize_options(options)
        check_lead(cls.game_id, options)
        extra = set(options) - {"players", "lead"}
        if extra:
            raise ValueError(f"stopgo: unknown options {sorted(extra)}")
        return options

    def _setup(self, deck=None):
        self.rules = make_rules(self.options)
        self._reset_fields()
        rng = make_rng(derive_seed(self.seed, _DEAL_SALT))
        self.first = randbelow(rng, 2)
        self.first = self.options.get("lead", self.first)   # drawn all the same: the same deal
        missions = []
        while len(missions) < 3:
            c = randbelow(rng, NUM_CARDS)
            if c not in missions:
                missions.append(c)
        self.missions = tuple(missions)
        if deck is None:
            deck = list(range(NUM_CARDS))
            shuffle(rng, deck)
        elif sorted(deck) != list(range(NUM_CARDS)):
            raise ValueError("from_deck: the deck must hold every card once")
        else:
            deck = list(deck)
        events = []
        while True:
            rank = self._deal(deck)
            if not rank:
                break
            events.append({"type": "redeal", "reason": "table-four", "rank": rank})
            shuffle(rng, deck)      # same generator: deterministic from the seed
        events.append({"type": "missions", "cards": list(self.missions),
                       "factors": list(MISSION_FACTORS)})
        for r in range(1, 14):
            if _POP4[(self.table >> (4 * r - 4)) & 15] == 3:
                events.append({"type": "stack-made", "player": None, "rank": r,
                               "cards": cards_of(self.table & RANK_MASK[r])})
        self.deal_events = events
        self.cur = self.first
        self.phase_id = PLAY

    def _deal(self, deck):
        """Deals ``deck`` (hands, table, stock from the top); returns the rank
        of a four on the table (a redeal) or 0."""
        h, t = self.rules.hand_size, self.rules.table_size
        self.hands = [sorted(deck[:h]), sorted(deck[h:2 * h])]
        table = 0
        for c in deck[2 * h:2 * h + t]:
            table |= 1 << c
        for r in range(1, 14):
            if table & RANK_MASK[r] == RANK_MASK[r]:
                return r
        self.table = table
        stock = deck[2 * h + t:]
        stock.reverse()             # the top card is the last element
        self.stock = stock
        return 0

    @classmethod
    def from_deck(cls, deck, seed=0, **options):
        """A hand dealt from an explicit deck order (tests, scenarios): seat
        0's 11 cards, seat 1's 11, the 8 table cards, then the stock from the
        top. The first player, the missions and any redeal come from ``seed``."""
        g = cls.__new__(cls)
        g.seed = int(seed)
        g.options = cls.normalize_options(dict(options))
        g.num_players = 2
        g.history = []
        g._setup(list(deck))
        g._setup_data = {"deck": list(deck)}
        return g

    def _reset_fields(self):
        self.hands = [[], []]
        self.table = 0
        self.owner = [-1] * 14          # maker of a rank's stack (-1: none)
        self.stock = []
        self.piles = [0, 0]
        self.taken = [0, 0]             # turns completed per player
        self.turn = 1                   # global number of the turn in progress
        self.gos = [0, 0]
        self.last_go = [0, 0]           # base score at the last Go
        self.shakes = [0, 0]            # shakes (and triple plays) that count
        self.shaken = [0, 0]            # bit r: rank r shaken
        self.shown = [0, 0]             # cards shown by a shake, still in hand
        self.flip_only = [0, 0]
        self.missions = ()
        self.sr = 0                     # the rank just shaken (shake-play)
        self.pc = -1                    # pending played card
        self.pk = 0                     # 0 stays, 1 pair, 2 chosen pair, 3 stack
        self.pf = -1                    # table card paired with pc
        self.pd = -1                    # pending flipped card
        self.opts = 0                   # mask of the two cards to choose from
        self.winner = None
        self.result = None
        self.first = 0
        self.cur = 0
        self.phase_id = PLAY
        self.deal_events = []
        self.out = 0                    # cards left out of an explicit setup

    # ---- protocol ----------------------------------------------------------
    def to_move(self):
        if self.phase_id == OVER:
            return ()
        return _TO_MOVE[self.cur]

    def is_terminal(self):
        return self.phase_id == OVER

    @property
    def phase(self):
        return PHASE_NAMES[self.phase_id]

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
            if self.table & RANK_MASK[r]:
                forced |= 1 << r
            elif not self.shaken[p] >> r & 1:
                shakable |= 1 << r
            i += 3
        return forced, shakable

    def _legal(self, p):
        ph = self.phase_id
        if ph == PLAY:
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
        if ph == CHOOSE_PLAY or ph == CHOOSE_FLIP:
            o = self.opts
            low = o & -o
            return [CHOOSE_BASE + low.bit_length() - 1,
                    CHOOSE_BASE + (o ^ low).bit_length() - 1]
        if ph == GOSTOP:
            if self.taken[p] >= self.rules.hand_size:
                return [STOP]
            return [GO, STOP]
        if ph == FLIP_ONLY:
            return [FLIP] if self.stock else [PASS]
        if ph == SHAKE_PLAY:
            sr = self.sr
            return [c for c in self.hands[p] if RANK[c] == sr]
        return []

    def _apply(self, p, a):
        ev = None if self.quiet else []
        self._ev = ev
        ph = self.phase_id
        if ph == PLAY or ph == SHAKE_PLAY:
            if a < NUM_CARDS:
                self._play(p, a)
            elif a >= TRIPLE_BASE:
                self._triple(p, a - TRIPLE_BASE)
            elif a >= SHAKE_BASE:
                self._shake(p, a - SHAKE_BASE)
            else:                       # PASS with an empty hand (setups only)
                self._end_turn(p)
        elif ph == CHOOSE_PLAY:
            self._chose_play(p, a - CHOOSE_BASE)
        elif ph == CHOOSE_FLIP:
            self._resolve(p, a - CHOOSE_BASE)
        elif ph == GOSTOP:
            if a == GO:
                self._go(p)
            else:
                self._stop(p)
        elif ph == FLIP_ONLY:
            self.flip_only[p] -= 1
            if ev is not None:
                ev.append({"type": "flip-only" if a == FLIP else "pass", "player": p})
            if a == FLIP:
                self.pc = -1
                self._flip(p)
            else:
                self._end_turn(p)
        self._ev = None
        return ev if ev is not None else []

    def returns(self):
        if self.phase_id != OVER or self.winner is None:
            return [0, 0]
        t = self.result["total"]
        return [t, -t] if self.winner == 0 else [-t, t]

    def action_label(self, a):
        if 0 <= a < NUM_CARDS:
            return f"Play {NAME[a]}"
        if CHOOSE_BASE <= a < CHOOSE_BASE + NUM_CARDS:
            return f"Take {NAME[a - CHOOSE_BASE]}"
        if a == FLIP:
            return "Flip the top stock card"
        if a == PASS:
            return "Pass"
        if a == GO:
            return "Go"
        if a == STOP:
            return "Stop"
        if SHAKE_BASE < a <= SHAKE_BASE + 13:
            return f"Shake: show three {RANK_WORDS[a - SHAKE_BASE]}s"
        if TRIPLE_BASE < a <= TRIPLE_BASE + 13:
            return f"Play all three {RANK_WORDS[a - TRIPLE_BASE]}s (take all four)"
        return str(a)

    # ---- copies ------------------------------------------------------------
    def clone(self):
        g = object.__new__(type(self))
        d = self.__dict__.copy()
        d["history"] = self.history[:]
        d["hands"] = [self.hands[0][:], self.hands[1][:]]
        d["owner"] = self.owner[:]
        d["stock"] = self.stock[:]
        for k in ("piles", "taken", "gos", "last_go", "shakes", "shaken",
                  "shown", "flip_only"):
            d[k] = d[k][:]
        g.__dict__ = d
        return g
