"""Turn resolution: play, flip, then resolve both together (as in matgo,
without junk taking), shakes, the triple play, Go and Stop.

Methods of ``StopGo`` (mixed in). Each appends events to ``self._ev`` when it
is a list (None in quiet mode) and leaves the state at the next decision.
"""
from .cards import RANK, RANK_MASK, cards_of
from .actions import PLAY, SHAKE_PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP, FLIP_ONLY, OVER
from .scoring import base_score, settle
from ..turns import TurnsMixin

_POP4 = tuple(bin(i).count("1") for i in range(16))
_STAY, _PAIR, _CHOSEN, _STACK = 0, 1, 2, 3


def _lowest(m):
    return (m & -m).bit_length() - 1


class FlowMixin(TurnsMixin):
    # ---- the play step -------------------------------------------------------
    def _shake(self, p, r):
        """Shows three (or four) cards of rank ``r``; a card of ``r`` follows."""
        cards = [c for c in self.hands[p] if RANK[c] == r]
        self.shakes[p] += 1
        self.shaken[p] |= 1 << r
        for c in cards:
            self.shown[p] |= 1 << c
        self.sr = r
        self.phase_id = SHAKE_PLAY
        if self._ev is not None:
            self._ev.append({"type": "shake", "player": p, "rank": r, "cards": cards,
                             "count": self.shakes[p]})

    def _play(self, p, c):
        self.hands[p].remove(c)
        self.shown[p] &= ~(1 << c)
        self.sr = 0
        ev = self._ev
        if ev is not None:
            ev.append({"type": "played", "player": p, "card": c})
        r = RANK[c]
        fm = self.table & RANK_MASK[r]
        k = _POP4[fm >> (4 * r - 4)]
        self.pc = c
        if k == 2:
            self.opts = fm
            self.phase_id = CHOOSE_PLAY
            return
        if k == 0:
            self.pk, self.pf = _STAY, -1
        elif k == 1:
            self.pk, self.pf = _PAIR, _lowest(fm)
        else:
            self.pk, self.pf = _STACK, -1
        self._flip(p)

    def _chose_play(self, p, x):
        self.pk, self.pf = _CHOSEN, x
        if self._ev is not None:
            self._ev.append({"type": "chose", "player": p, "card": x, "step": "play"})
        self._flip(p)

    def _triple(self, p, r):
        """The forced three-card play: take all four of rank ``r``."""
        hand = self.hands[p]
        three = [c for c in hand if RANK[c] == r]
        for c in three:
            hand.remove(c)
        self.shown[p] &= ~RANK_MASK[r]
        counted = not self.shaken[p] >> r & 1
        if counted:
            self.shakes[p] += 1
            self.shaken[p] |= 1 << r
        got = self.table & RANK_MASK[r]
        self.table ^= got
        self.owner[r] = -1
        got |= RANK_MASK[r]
        self.piles[p] |= got
        self.flip_only[p] += 2
        ev = self._ev
        if ev is not None:
            ev.append({"type": "triple", "player": p, "rank": r, "cards": three,
                       "shake": counted, "count": self.shakes[p]})
            ev.append({"type": "captured", "player": p, "cards": cards_of(got),
                       "how": "triple"})
        self.pc = -1
        self._flip(p)

    # ---- the flip and the resolution ---------------------------------------------
    def _flip(self, p):
        if not self.stock:              # only in explicit setups
            self.pd = -1
            self._resolve(p, -1)
            return
        d = self.stock.pop()
        self.pd = d
        if self._ev is not None:
            self._ev.append({"type": "flipped", "player": p, "card": d})
        rd = RANK[d]
        if self.pc < 0 or rd != RANK[self.pc]:
            fm = self.table & RANK_MASK[rd]
            if _POP4[fm >> (4 * rd - 4)] == 2:
                self.opts = fm
                self.phase_id = CHOOSE_FLIP
                return
        self._resolve(p, -1)

    def _resolve(self, p, df):
        """Resolves the pending play (pc/pk/pf, pc < 0: none) and flip (pd,
        < 0: none); ``df`` is the table card chosen for the flip (or -1)."""
        ev = self._ev
        if ev is not None and df >= 0:
            ev.append({"type": "chose", "player": p, "card": df, "step": "flip"})
        c, kind, pf, d = self.pc, self.pk, self.pf, self.pd
        self.pc = self.pd = self.pf = -1
        self.opts = 0
        table = self.table
        cap = 0
        if c >= 0 and d >= 0 and RANK[c] == RANK[d]:
            r = RANK[c]
            both = (1 << c) | (1 << d)
            if kind == _STAY:                   # the flip takes the played card
                cap = both
                how = "flip-match"
            elif kind == _PAIR and self.turn < self.rules.turns_total:
                table |= both                   # a stack: all three stay
                self.owner[r] = p
                if ev is not None:
                    ev.append({"type": "stack-made", "player": p, "rank": r,
                               "cards": cards_of(table & RANK_MASK[r])})
            else:                               # two on the table (or final turn)
                cap = both | (table & RANK_MASK[r])
                table &= ~RANK_MASK[r]
                how = "four" if kind == _CHOSEN else "final-turn"
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
                k = _POP4[fm >> (4 * rd - 4)]
                kind = (_STAY, _PAIR, _CHOSEN, _STACK)[k]
                x = df if k == 2 else _lowest(fm)
                table, got = self._meet(p, d, kind, x, table)
                cap |= got
        self.table = table
        self.piles[p] |= cap
        self._end_turn(p)

    def _meet(self, p, c, kind, x, table):
        """Card ``c`` meets the table on its own: it stays, pairs with ``x``
        or takes a stack. Returns (table, captured mask)."""
        ev = self._ev
        if kind == _STAY:
            if ev is not None:
                ev.append({"type": "stayed", "player": p, "card": c})
            return table | (1 << c), 0
        if kind == _STACK:
            r = RANK[c]
            got = (table & RANK_MASK[r]) | (1 << c)
            if ev is not None:
                o = self.owner[r]
                ev.append({"type": "stack-taken", "player": p, "rank": r,
                           "owner": o if o >= 0 else None})
                ev.append({"type": "captured", "player": p, "cards": cards_of(got),
                           "how": "stack"})
            self.owner[r] = -1
            return table & ~RANK_MASK[r], got
        got = (1 << c) | (1 << x)
        if ev is not None:
            ev.append({"type": "captured", "player": p, "cards": cards_of(got),
                       "how": "pair"})
        return table & ~(1 << x), got

    # ---- end of turn, Go and Stop: games/turns.py ---------------------------------
    PHASES = (PLAY, GOSTOP, FLIP_ONLY, OVER)
    DRAW = "draw"

    def _base(self, p):
        return base_score(self.piles[p])

    def _settle(self, winner, reason):
        return settle(self.piles, winner, self.gos[winner], self.shakes[winner],
                      self.missions, reason)



__all__ = ["FlowMixin"]
