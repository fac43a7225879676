"""The hwatu game state: deal, legal actions, dispatch and the fast clone.

State (all plain ints and lists, so ``clone`` is a handful of copies):
hands are sorted lists of card ids, the field and the captured piles are bit
masks, the stock is a list whose *last* element is the top card. The turn
resolution lives in ``flow.py``, views and explicit setups in ``views.py``.
"""
from bisect import insort

from ...core.game import Game
from ...core.rng import make_rng, derive_seed, shuffle, randbelow
from .cards import (MONTH, MONTH_MASK, NUM_MONTH_CARDS, NUM_CARDS, NAME_EN,
                    MONTH_NAMES_EN, BONUS2, cards_of)
from .actions import (CHOOSE_BASE, FLIP, PASS, GO, STOP, BOMB_BASE, SHAKE_BASE,
                      CUP_ANIMAL, CUP_JUNK, PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP,
                      FLIP_ONLY, OVER, SHAKE_PLAY, CUP, PHASE_NAMES)
from .flow import FlowMixin
from .views import ViewMixin
from .scoring import settle

_TO_MOVE = tuple((p,) for p in range(4))
_POP4 = tuple(bin(i).count("1") for i in range(16))
_DEAL_SALT = 0x68776174  # "hwat"


class HwatuGame(FlowMixin, ViewMixin, Game):
    """One hand of matgo or gostop; ``make_rules`` (set by a preset) builds
    the ``Rules`` from the options."""

    make_rules = None
    #: True disables event building (AI rollouts); ``_apply`` then returns [].
    quiet = False

    def _setup(self, deck=None):
        self.rules = r = self.make_rules(self.options)
        self._reset_fields()
        rng = make_rng(derive_seed(self.seed, _DEAL_SALT))
        self.first = randbelow(rng, r.players) if r.first_random else 0
        self.first = self.options.get("lead", self.first)   # drawn all the same: the same deal
        full = list(range(NUM_CARDS if r.bonus else NUM_MONTH_CARDS))
        if deck is None:
            deck = full
            shuffle(rng, deck)
        elif sorted(deck) != full:
            raise ValueError("from_deck: the deck must hold every card once")
        else:
            deck = list(deck)
        deal_events = []
        while True:
            why = self._deal(deck, deal_events)
            if why is None:
                break
            deal_events.append(why)
            shuffle(rng, deck)      # a redeal: same generator, so deterministic
        self.deal_events = deal_events
        self.cur = self.first
        self.phase_id = PLAY
        if self.winner is not None:   # chongtong
            self.phase_id = OVER
            self.cur = -1
            deal_events.append(self.hand_over_event())

    @classmethod
    def from_deck(cls, deck, seed=0, **options):
        """A hand dealt from an explicit deck order (tests, scenarios).

        ``deck`` lists every card once: the hands (seat 0's cards first, then
        seat 1's, ...), then the field, then the stock from the top. The first
        player (matgo) and any redeal still come from ``seed``.
        """
        g = cls.__new__(cls)
        g.seed = int(seed)
        g.options = cls.normalize_options(dict(options))
        g.num_players = g.options["players"]
        g.history = []
        g._setup(list(deck))
        g._setup_data = {"deck": list(deck)}
        return g

    def _reset_fields(self):
        r = self.rules
        n = r.players
        self.hands = [[] for _ in range(n)]
        self.field = 0
        self.owner = [-1] * 13          # ppuk maker of a month's stack
        self.stock = []
        self.piles = [0] * n
        self.taken = [0] * n            # turns completed per player
        self.turn = 1                   # global number of the turn in progress
        self.gos = [0] * n
        self.last_go = [0] * n          # base score at the last Go
        self.ppuks = [0] * n
        self.flip_only = [0] * n
        self.pc = -1                    # pending played card
        self.pk = 0                     # matgo: 0 stays, 1 pair, 2 chosen pair, 3 stack
        self.pf = -1                    # matgo: field card paired with pc
        self.pd = -1                    # pending flipped card
        self.opts = 0                   # mask of the two cards to choose from
        self.winner = None
        self.result = None
        self.first = 0
        self.deal_events = []
        self.out = 0                    # cards left out of an explicit setup
        # house rules (immutable values, so ``clone`` copies nothing more)
        self.shakes = (0,) * n          # shakes (and bombs that count) per player
        self.shaken = 0                 # bit 16*p + m: player p shook month m
        self.shown = 0                  # cards shown by a shake (public while held)
        self.sm = 0                     # the month just shaken (shake-play)
        self.side = None                # first-ppuk payments: net per player
        self.paid = ()                  # ... and each one, for the result
        self.cup_w = -1                 # cup choice pending: the Stop's player
        self.cup_as = None              # the owner's choice: "animal" or "junk"

    def _deal(self, deck, deal_events):
        """Deals ``deck``; returns a redeal event, or None when the deal stands."""
        r = self.rules
        n, h, f = r.players, r.hand_size, r.field_size
        self.hands = [sorted(deck[i * h:(i + 1) * h]) for i in range(n)]
        field_cards = deck[n * h:n * h + f]
        stock = deck[n * h + f:]
        stock.reverse()                 # the top card is the last element
        pile0 = 0
        banked = []
        while True:
            bonus = [c for c in field_cards if c >= BONUS2]
            if not bonus:
                break
            for c in bonus:
                field_cards.remove(c)
                pile0 |= 1 << c
                banked.append(c)
                field_cards.append(stock.pop())
        field = 0
        for c in field_cards:
            field |= 1 << c
        for m in range(1, 13):
            if field & MONTH_MASK[m] == MONTH_MASK[m]:
                return {"type": "redeal", "reason": "field-four", "month": m}
        fours = []
        if r.chongtong:
            for p in range(n):
                hm = 0
                for c in self.hands[p]:
                    hm |= 1 << c
                for m in range(1, 13):
                    if hm & MONTH_MASK[m] == MONTH_MASK[m]:
                        fours.append((p, m))
                        break
            if len({p for p, _ in fours}) >= 2:
                return {"type": "redeal", "reason": "both-four",
                        "months": [m for _, m in fours]}
        self.field = field
        self.stock = stock
        self.piles = [0] * n
        self.piles[self.first] = pile0      # the dealer's (gostop's dealer leads)
        for c in banked:
            deal_events.append({"type": "bonus-banked", "player": self.first, "card": c,
                                "source": "deal"})
        for m in range(1, 13):
            if _POP4[(field >> (4 * (m - 1))) & 15] == 3:
                deal_events.append({"type": "stack-made", "player": None,
                                    "month": m,
                                    "cards": cards_of(field & MONTH_MASK[m])})
        if fours:
            p, m = fours[0]
            cards = [c for c in self.hands[p] if MONTH[c] == m]
            deal_events.append({"type": "chongtong", "player": p, "month": m,
                                "cards": cards})
            self.winner = p
            self.result = settle(r, self.piles, p, 0, "chongtong")
        return None

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

    def _legal(self, p):
        ph = self.phase_id
        if ph == PLAY:
            hand = self.hands[p]
            if not hand:
                return [PASS]
            out = hand[:]
            r = self.rules
            if r.bomb or r.shake:
                bombs, shakes = self._special_months(p)
                if bombs:
                    out.extend([BOMB_BASE + m for m in bombs])
                if shakes:
                    out.extend([SHAKE_BASE + m for m in shakes])
            return out
        if ph == CHOOSE_PLAY or ph == CHOOSE_FLIP:
            o = self.opts
            low = o & -o
            a = low.bit_length() - 1
            b = (o ^ low).bit_length() - 1
            return [CHOOSE_BASE + a, CHOOSE_BASE + b]
        if ph == GOSTOP:
            if self.taken[p] >= self.rules.hand_size:
                return [STOP]
            return [GO, STOP]
        if ph == FLIP_ONLY:
            if self.stock:
                out = [c for c in self.hands[p] if c >= BONUS2]
                out.append(FLIP)
                return out
            return [PASS]
        if ph == SHAKE_PLAY:
            sm = self.sm
            return [c for c in self.hands[p] if MONTH[c] == sm]
        if ph == CUP:
            return [CUP_ANIMAL, CUP_JUNK]
        return []

    def _special_months(self, p):
        """(bomb months, shake months) of player ``p``'s hand: three of a month
        with the fourth on the field (bomb), three or four with none of the
        month on the field and the month not shaken yet (shake)."""
        bombs = shakes = ()
        hand = self.hands[p]
        # the hand is sorted, so a month's cards are side by side (the two
        # bonus cards, month 0, are never three)
        i = 0
        n = len(hand) - 2
        while i < n:
            m = MONTH[hand[i]]
            if MONTH[hand[i + 2]] != m:
                i += 1
                continue
            four = i + 3 < len(hand) and MONTH[hand[i + 3]] == m
            r = self.rules
            if self.field & MONTH_MASK[m]:
                if not four and r.bomb:
                    bombs += (m,)
            elif r.shake and not self.shaken >> (16 * p + m) & 1:
                shakes += (m,)
            i += 3
        return bombs, shakes

    def _apply(self, p, a):
        ev = None if self.quiet else []
        self._ev = ev
        ph = self.phase_id
        if ph == PLAY:
            if a < NUM_CARDS:
                if a >= BONUS2:
                    self._bank(p, a)
                elif self.rules.deferred:
                    self._m_play(p, a)
                else:
                    self._g_play(p, a)
            elif a >= SHAKE_BASE:
                self._shake(p, a - SHAKE_BASE)
            elif a >= BOMB_BASE:
                self._bomb(p, a - BOMB_BASE)
            else:               # PASS with an empty hand
                self._end_turn(p)
        elif ph == CHOOSE_PLAY:
            if self.rules.deferred:
                self._m_chose_play(p, a - CHOOSE_BASE)
            else:
                self._g_chose_play(p, a - CHOOSE_BASE)
        elif ph == CHOOSE_FLIP:
            if self.rules.deferred:
                self._m_resolve(p, a - CHOOSE_BASE)
            else:
                self._g_chose_flip(p, a - CHOOSE_BASE)
        elif ph == GOSTOP:
            if a == GO:
                self._go(p)
            else:
                self._stop(p)
        elif ph == FLIP_ONLY:
            if a < NUM_CARDS:
                self._bank(p, a)
            else:
                self.flip_only[p] -= 1
                if ev is not None:
                    ev.append({"type": "flip-only" if a == FLIP else "pass",
                               "player": p})
                if a != FLIP:
                    self._end_turn(p)
                elif self.rules.deferred:
                    self._m_flip(p)
                else:
                    self._g_flip(p)
        elif ph == SHAKE_PLAY:
            self.sm = 0
            if self.rules.deferred:
                self._m_play(p, a)
            else:
                self._g_play(p, a)
        elif ph == CUP:
            self._cup_chosen(p, "animal" if a == CUP_ANIMAL else "junk")
        self._ev = None
        return ev if ev is not None else []

    def _bank(self, p, c):
        """Banks bonus card ``c`` from hand, with a replacement draw."""
        hand = self.hands[p]
        hand.remove(c)
        self.piles[p] |= 1 << c
        ev = self._ev
        if ev is not None:
            ev.append({"type": "bonus-banked", "player": p, "card": c,
                       "source": "hand"})
        if self.stock:
            x = self.stock.pop()
            insort(hand, x)
            if ev is not None:
                ev.append({"type": "drew", "player": p, "card": x, "only": [p]})
                ev.append({"type": "drew", "player": p, "hide": [p]})
        else:
            self._end_turn(p)   # with the stock empty the banking is the turn

    def returns(self):
        n = self.rules.players
        if self.phase_id != OVER or self.winner is None:
            if self.side is not None and self.phase_id == OVER:
                return list(self.side)
            return [0] * n
        res = self.result
        total = res["total"]
        w = self.winner
        if "payments" in res:       # gostop bak: each loser pays his own share
            out = [total] * n
            for pay in res["payments"]:
                out[pay["player"]] = -pay["pays"]
        else:
            if n == 2:
                loss = total
            elif total % (n - 1):
                loss = total / (n - 1)
            else:
                loss = total // (n - 1)
            out = [total if q == w else -loss for q in range(n)]
        if self.side is not None:
            out = [x + y for x, y in zip(out, self.side)]
        return out

    def action_label(self, a):
        if 0 <= a < NUM_CARDS:
            if a >= BONUS2:
                return f"Bank {NAME_EN[a]}"
            return f"Play {NAME_EN[a]}"
        if CHOOSE_BASE <= a < CHOOSE_BASE + NUM_MONTH_CARDS:
            return f"Take {NAME_EN[a - CHOOSE_BASE]}"
        if a == FLIP:
            return "Flip the top stock card"
        if a == PASS:
            return "Pass"
        if a == GO:
            return "Go"
        if a == STOP:
            return "Stop"
        if BOMB_BASE < a <= BOMB_BASE + 12:
            return f"Bomb: {MONTH_NAMES_EN[a - BOMB_BASE]}"
        if SHAKE_BASE < a <= SHAKE_BASE + 12:
            return f"Shake: show {MONTH_NAMES_EN[a - SHAKE_BASE]}"
        if a == CUP_ANIMAL:
            return "Count the sake cup as an animal"
        if a == CUP_JUNK:
            return "Count the sake cup as double junk"
        return str(a)

    # ---- copies ------------------------------------------------------------
    def clone(self):
        g = object.__new__(type(self))
        d = self.__dict__.copy()
        d["history"] = self.history[:]
        d["hands"] = [h[:] for h in self.hands]
        d["owner"] = self.owner[:]
        d["stock"] = self.stock[:]
        d["piles"] = self.piles[:]
        d["taken"] = self.taken[:]
        d["gos"] = self.gos[:]
        d["last_go"] = self.last_go[:]
        d["ppuks"] = self.ppuks[:]
        d["flip_only"] = self.flip_only[:]
        g.__dict__ = d
        return g
