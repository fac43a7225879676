"""StopGo's turn rules: the resolution of the play and the flip together
(as in matgo, without junk taking) and the triple play.

Methods of ``StopGo`` (mixed in). Each appends events to ``self._events``
when it is a list (None in quiet mode) and leaves the state at the next
decision. The shared shape of the turn (play, flip, choose), the shake and
the Go/Stop plumbing are ``games/matching/flow.py`` and ``turns.py``.
"""
from .cards import RANK, RANK_MASK, cards_of
from .scoring import base_score, settle
from ..matching.deck import POP4, lowest
from ..matching.flow import STAY, PAIR, CHOSEN, STACK


class FlowMixin:
    __slots__ = ()

    def _triple(self, p, r):
        """The forced three-card play: take all four of rank ``r``."""
        hand = self.hands[p]
        three = [c for c in hand if RANK[c] == r]
        for c in three:
            hand.remove(c)
        self.shown &= ~RANK_MASK[r]
        counted = not self.has_shaken(p, r)
        if counted:
            self._count_shake(p)
            self.shaken |= 1 << (16 * p + r)
        got = self.field & RANK_MASK[r]
        self.field ^= got
        self.stack_owner[r] = -1
        got |= RANK_MASK[r]
        self.piles[p] |= got
        self.flip_only[p] += 2
        ev = self._events
        if ev is not None:
            ev.append({"type": "triple", "player": p, "rank": r, "cards": three,
                       "shake": counted, "count": self.shakes[p]})
            ev.append({"type": "captured", "player": p, "cards": cards_of(got),
                       "how": "triple"})
        self.played = -1
        self._flip(p)

    def _resolve(self, p, df):
        """Resolves the pending play (played/play_kind/paired, played < 0:
        none) and flip (flipped, < 0: none); ``df`` is the table card chosen
        for the flip (or -1)."""
        c, kind, pf, d = self.played, self.play_kind, self.paired, self.flipped
        self.played = self.flipped = self.paired = -1
        self.choices = 0
        ev = self._events
        table = self.field
        cap = 0
        if c >= 0 and d >= 0 and RANK[c] == RANK[d]:
            r = RANK[c]
            both = (1 << c) | (1 << d)
            if kind == STAY:                    # the flip takes the played card
                cap = both
                how = "flip-match"
            elif kind == PAIR and self.turn < self.rules.turns_total:
                table |= both                   # a stack: all three stay
                self.stack_owner[r] = p
                if ev is not None:
                    ev.append({"type": "stack-made", "player": p, "rank": r,
                               "cards": cards_of(table & RANK_MASK[r])})
            else:                               # two on the table (or final turn)
                cap = both | (table & RANK_MASK[r])
                table &= ~RANK_MASK[r]
                how = "four" if kind == CHOSEN else "final-turn"
            if cap and ev is not None:
                ev.append({"type": "captured", "player": p, "cards": cards_of(cap),
                           "how": how})
        else:
            if c >= 0:
                table, got = self._meet(p, c, kind, pf, table)
                cap |= got
            if d >= 0:
                rd = RANK[d]
                fm = table & RANK_MASK[rd]
                k = POP4[fm >> (4 * rd - 4)]
                x = df if k == CHOSEN else lowest(fm)
                table, got = self._meet(p, d, k, x, table)     # k cards there: its kind
                cap |= got
        self.field = table
        self.piles[p] |= cap
        self._end_turn(p)

    def _meet(self, p, c, kind, x, table):
        """Card ``c`` meets the table on its own: it stays, pairs with ``x``
        or takes a stack. Returns (table, captured mask)."""
        ev = self._events
        if kind == STAY:
            if ev is not None:
                ev.append({"type": "stayed", "player": p, "card": c})
            return table | (1 << c), 0
        if kind == STACK:
            r = RANK[c]
            got = (table & RANK_MASK[r]) | (1 << c)
            if ev is not None:
                o = self.stack_owner[r]
                ev.append({"type": "stack-taken", "player": p, "rank": r,
                           "owner": o if o >= 0 else None})
                ev.append({"type": "captured", "player": p, "cards": cards_of(got),
                           "how": "stack"})
            self.stack_owner[r] = -1
            return table & ~RANK_MASK[r], got
        got = (1 << c) | (1 << x)
        if ev is not None:
            ev.append({"type": "captured", "player": p, "cards": cards_of(got),
                       "how": "pair"})
        return table & ~(1 << x), got

    # ---- scoring (the end of a turn, Go and Stop: games/matching/turns.py) --------------
    def _base(self, p):
        return base_score(self.piles[p])

    def _settle(self, winner, reason):
        return settle(self.piles, winner, self.gos[winner], self.shakes[winner],
                      self.missions, reason)

    def settle_now(self, p):
        """What a Stop by ``p`` would pay now."""
        return settle(self.piles, p, self.gos[p], self.shakes[p], self.missions)


__all__ = ["FlowMixin"]
