"""The hwatu game state: the deal (bonus cards, redeals, chongtong), legal
actions, the play phase's actions, payments and labels.

``HwatuGame`` is a ``MatchingGame`` (games/matching: the record, turns,
the play-flip-resolve flow, views, setups and sampled worlds). What is
hwatu's own: the bonus cards, bombs, matgo's and gostop's resolutions and
the house rules (``flow.py``), its views and setup keys (``views.py``).
"""
from bisect import insort

from ...core.rng import randbelow
from ..matching import MatchingGame
from .cards import (MONTH, MONTH_MASK, NUM_MONTH_CARDS, NUM_CARDS, NAME_EN,
                    MONTH_NAMES_EN, BONUS2, cards_of)
from .actions import (CHOOSE_BASE, FLIP, PASS, GO, STOP, BOMB_BASE, SHAKE_BASE,
                      CUP_ANIMAL, CUP_JUNK, OVER, CUP, PHASE_NAMES)
from .flow import FlowMixin
from .views import ViewMixin
from .scoring import settle

_DEAL_SALT = 0x68776174  # "hwat"


class HwatuGame(FlowMixin, ViewMixin, MatchingGame):
    """One hand of matgo or gostop; ``make_rules`` (set by a preset) builds
    the ``Rules`` from the options."""

    __slots__ = (
        "ppuks",            # per seat, ppuks made
        "side_net",         # first-ppuk payments: net per seat (a tuple; None: none)
        "side_payments",    # ... and each one, for the result (a tuple of dicts)
        "cup_winner",       # cup choice pending: the Stop's seat (-1: none)
        "cup_as",           # the cup owner's choice: "animal", "junk" or None
    )
    LISTS = ("ppuks",)

    GROUPS = range(1, 13)
    GROUP_KEY = "month"
    FIELD_KEY = "field"
    DEAL_SALT = _DEAL_SALT
    SETUP_PHASES = frozenset(PHASE_NAMES) - {"over"}
    FLIP, PASS, GO, STOP = FLIP, PASS, GO, STOP
    FIELD_IDS = NUM_MONTH_CARDS
    CARD_NAMES = NAME_EN
    DRAW = "nagari"

    def deck_size(self):
        return NUM_CARDS if self.rules.bonus else NUM_MONTH_CARDS

    @classmethod
    def deck_size_in(cls, view):
        return NUM_CARDS if view["rules"]["bonus"] else NUM_MONTH_CARDS

    # ---- the deal ------------------------------------------------------------
    def _reset_fields(self):
        super()._reset_fields()
        n = self.rules.players
        self.ppuks = [0] * n
        self.side_net = None
        self.side_payments = ()
        self.cup_winner = -1
        self.cup_as = None

    def _draw_first(self, rng):
        self.first = randbelow(rng, self.rules.players) if self.rules.first_random else 0

    def _deal(self, deck, deal_events):
        """Deals ``deck``; returns a redeal event, or None when the deal stands
        (then the bonus cards banked from the field, the stacks and a
        chongtong are in ``deal_events``)."""
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
        deal_events.extend(self.stack_events())
        if fours:
            p, m = fours[0]
            cards = [c for c in self.hands[p] if MONTH[c] == m]
            deal_events.append({"type": "chongtong", "player": p, "month": m,
                                "cards": cards})
            self.winner = p
            self.result = settle(r, self.piles, p, 0, "chongtong")
        return None

    def _dealt(self, events):
        if self.winner is not None:   # chongtong
            self.phase_id = OVER
            self.mover = -1
            events.append(self.hand_over_event())

    # ---- legal actions and the play phase ------------------------------------------
    def _legal_play(self, p):
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

    def _legal_flip_only(self, p):
        if self.stock:
            out = [c for c in self.hands[p] if c >= BONUS2]
            out.append(FLIP)
            return out
        return [PASS]

    def _legal_more(self, ph, p):
        return [CUP_ANIMAL, CUP_JUNK] if ph == CUP else []

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
            elif r.shake and not self.has_shaken(p, m):
                shakes += (m,)
            i += 3
        return bombs, shakes

    def _act_play(self, p, a):
        """A play-phase action but the plain deferred play (``_apply``), or
        a shaken month's card (phase shake-play)."""
        if a < NUM_CARDS:
            if a >= BONUS2:
                self._bank(p, a)
            elif self.rules.deferred:
                self._play(p, a)
            else:
                self._play_now(p, a)
        elif a >= SHAKE_BASE:
            self._shake(p, a - SHAKE_BASE)
        elif a >= BOMB_BASE:
            self._bomb(p, a - BOMB_BASE)
        else:               # PASS with an empty hand
            self._end_turn(p)

    def _act_choose_play(self, p, a):
        if self.rules.deferred:
            self._chose_play(p, a)
        else:
            self._chose_now(p, a - CHOOSE_BASE, "play")

    def _act_choose_flip(self, p, a):
        if self.rules.deferred:
            self._chose_flip(p, a)
        else:
            self._chose_now(p, a - CHOOSE_BASE, "flip")

    def _act_flip_only(self, p, a):
        if a < NUM_CARDS:
            self._bank(p, a)
        else:
            self._flip_only(p, a)

    def _act_cup(self, p, a):
        self._cup_chosen(p, "animal" if a == CUP_ANIMAL else "junk")

    def _bank(self, p, c):
        """Banks bonus card ``c`` from hand, with a replacement draw."""
        hand = self.hands[p]
        hand.remove(c)
        self.piles[p] |= 1 << c
        ev = self._events
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
            if self.side_net is not None and self.phase_id == OVER:
                return list(self.side_net)
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
        if self.side_net is not None:
            out = [x + y for x, y in zip(out, self.side_net)]
        return out

    # ---- what the actions are --------------------------------------------------
    def _label_more(self, a):
        if 0 <= a < NUM_CARDS:
            if a >= BONUS2:
                return f"Bank {NAME_EN[a]}"
            return f"Play {NAME_EN[a]}"
        if BOMB_BASE < a <= BOMB_BASE + 12:
            return f"Bomb: {MONTH_NAMES_EN[a - BOMB_BASE]}"
        if SHAKE_BASE < a <= SHAKE_BASE + 12:
            return f"Shake: show {MONTH_NAMES_EN[a - SHAKE_BASE]}"
        if a == CUP_ANIMAL:
            return "Count the sake cup as an animal"
        if a == CUP_JUNK:
            return "Count the sake cup as double junk"
        return super()._label_more(a)

    def _describe_more(self, a):
        if 0 <= a < NUM_CARDS:
            if a >= BONUS2:
                return {"kind": "bank", "cards": [a]}
            return {"kind": "play", "cards": [a], "month": MONTH[a]}
        if BOMB_BASE < a <= BOMB_BASE + 12:
            return {"kind": "bomb", "month": a - BOMB_BASE}
        if SHAKE_BASE < a <= SHAKE_BASE + 12:
            return {"kind": "shake", "month": a - SHAKE_BASE}
        if a == CUP_ANIMAL:
            return {"kind": "cup", "as": "animal"}
        if a == CUP_JUNK:
            return {"kind": "cup", "as": "junk"}
        return super()._describe_more(a)


__all__ = ["HwatuGame", "cards_of"]
