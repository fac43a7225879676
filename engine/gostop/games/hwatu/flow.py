"""Turn resolution: matgo's deferred play+flip, gostop's immediate captures,
and the house rules' shakes, bombs, first-ppuk payments and cup choice.

Methods of ``HwatuGame`` (mixed in). Each appends events to ``self._ev`` when
it is a list (None in quiet mode) and leaves the state at the next decision.
The deferred resolution (``_m_*``) is matgo's, and gostop's when its house
options ``ppuk`` or ``steals`` are on; ``pc`` < 0 there means no played card
(a flip-only turn, a bomb's flip), ``pd`` < 0 no flipped card (stock empty).
"""
from .cards import (MONTH, MONTH_MASK, SINGLE_MASK, DOUBLE_MASK, BONUS2_MASK,
                    BONUS3_MASK, BONUS2, CUP_MASK, cards_of)
from .actions import (PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP, FLIP_ONLY, OVER,
                      SHAKE_PLAY, CUP)
from .scoring import base_score, settle
from ..turns import TurnsMixin

_POP4 = tuple(bin(i).count("1") for i in range(16))
_BIT = tuple(1 << c for c in range(50)) + (0,)


def _lowest(m):
    return (m & -m).bit_length() - 1


class FlowMixin(TurnsMixin):
    # ---- matgo: play, flip, then resolve both -------------------------------
    def _m_play(self, p, c):
        self.hands[p].remove(c)
        ev = self._ev
        if ev is not None:
            ev.append({"type": "played", "player": p, "card": c})
        m = MONTH[c]
        fm = self.field & MONTH_MASK[m]
        k = _POP4[fm >> (4 * m - 4)]
        self.pc = c
        if k == 2:
            self.opts = fm
            self.phase_id = CHOOSE_PLAY
            return
        if k == 0:
            self.pk, self.pf = 0, -1
        elif k == 1:
            self.pk, self.pf = 1, _lowest(fm)
        else:
            self.pk, self.pf = 3, -1
        self._m_flip(p)

    def _m_chose_play(self, p, x):
        self.pk, self.pf = 2, x
        ev = self._ev
        if ev is not None:
            ev.append({"type": "chose", "player": p, "card": x, "step": "play"})
        self._m_flip(p)

    def _m_flip(self, p):
        stock = self.stock
        if not stock:                       # gostop, 4 players: no flip left
            self.pd = -1
            self._m_resolve(p, -1)
            return
        d = stock.pop()
        ev = self._ev
        if ev is not None:
            ev.append({"type": "flipped", "player": p, "card": d})
        if d >= BONUS2:                     # a bonus card: banked, flip again
            self.piles[p] |= 1 << d
            if ev is not None:
                ev.append({"type": "bonus-banked", "player": p, "card": d,
                           "source": "flip"})
            self._m_flip(p)
            return
        self.pd = d
        md = MONTH[d]
        # no played card (pc -1): MONTH[-1] is the bonus card's 0, never md
        if md != MONTH[self.pc]:
            fm = self.field & MONTH_MASK[md]
            if _POP4[fm >> (4 * md - 4)] == 2:
                self.opts = fm
                self.phase_id = CHOOSE_FLIP
                return
        self._m_resolve(p, -1)

    def _m_resolve(self, p, df):
        """Resolves the pending play (self.pc/pk/pf) and flip (self.pd);
        ``df`` is the field card chosen for the flip (or -1)."""
        ev = self._ev
        if ev is not None and df >= 0:
            ev.append({"type": "chose", "player": p, "card": df, "step": "flip"})
        c, kind, pf, d = self.pc, self.pk, self.pf, self.pd
        self.pc = self.pd = self.pf = -1
        self.opts = 0
        r = self.rules
        final = self.turn >= r.turns_total
        # c or d may be -1 (no card), never both: MONTH[-1] is 0 (a bonus
        # card's), so md == m only with two real cards
        m = MONTH[c]
        md = MONTH[d]
        field = self.field
        cap = 0
        steals = []
        ppuk = False
        bc = _BIT[c]                        # _BIT[-1] is 0
        bd = _BIT[d]
        if md == m:
            if kind == 0:                       # chok
                cap = bc | bd
                if ev is not None:
                    ev.append({"type": "chok", "player": p, "month": m})
                    ev.append({"type": "captured", "player": p, "cards": sorted((c, d))})
                if not final:
                    steals.append((1, "chok"))
            elif kind == 1:
                if not r.ppuk:                  # gostop without ppuk: the pair is
                    cap = bc | (1 << pf)        # taken, the flipped card stays
                    field = (field & ~(1 << pf)) | bd
                    if ev is not None:
                        ev.append({"type": "captured", "player": p,
                                   "cards": sorted((c, pf))})
                        ev.append({"type": "stayed", "player": p, "card": d})
                elif final:                     # no ppuk on the final turn
                    cap = bc | bd | (1 << pf)
                    field &= ~(1 << pf)
                    if ev is not None:
                        ev.append({"type": "captured", "player": p,
                                   "cards": sorted((c, pf, d))})
                else:                           # ppuk: all three stay
                    field |= bc | bd
                    self.owner[m] = p
                    self.ppuks[p] += 1
                    ppuk = True
                    if ev is not None:
                        ev.append({"type": "ppuk", "player": p, "month": m,
                                   "cards": cards_of(field & MONTH_MASK[m]),
                                   "count": self.ppuks[p]})
                    if r.first_ppuk and not self.taken[p]:
                        self._first_ppuk(p, m)
            else:                               # ttadak (kind 2)
                mm = MONTH_MASK[m]
                cap = bc | bd | (field & mm)
                field &= ~mm
                if ev is not None:
                    ev.append({"type": "ttadak", "player": p, "month": m})
                    ev.append({"type": "captured", "player": p, "cards": cards_of(cap)})
                if not final:
                    steals.append((1, "ttadak"))
        else:
            # the played card
            if c < 0:
                pass
            elif kind == 0:
                field |= bc
                if ev is not None:
                    ev.append({"type": "stayed", "player": p, "card": c})
            elif kind == 3:
                field, got = self._take_stack(p, m, field, steals)
                cap |= got | bc
                if ev is not None:
                    ev.append({"type": "captured", "player": p,
                               "cards": cards_of(got | bc)})
            else:
                cap |= bc | (1 << pf)
                field &= ~(1 << pf)
                if ev is not None:
                    ev.append({"type": "captured", "player": p,
                               "cards": sorted((c, pf))})
            # the flipped card
            if d >= 0:
                fm = field & MONTH_MASK[md]
                k = _POP4[fm >> (4 * md - 4)]
                if k == 0:
                    field |= bd
                    if ev is not None:
                        ev.append({"type": "stayed", "player": p, "card": d})
                elif k == 3:
                    field, got = self._take_stack(p, md, field, steals)
                    cap |= got | bd
                    if ev is not None:
                        ev.append({"type": "captured", "player": p,
                                   "cards": cards_of(got | bd)})
                else:
                    x = df if k == 2 else _lowest(fm)
                    cap |= bd | (1 << x)
                    field &= ~(1 << x)
                    if ev is not None:
                        ev.append({"type": "captured", "player": p,
                                   "cards": sorted((d, x))})
        self.field = field
        self.piles[p] |= cap
        if not field and not final:
            steals.append((1, "sweep"))
            if ev is not None:
                ev.append({"type": "sweep", "player": p})
        if steals and r.steals:
            for units, why in steals:
                for q in range(r.players):
                    if q != p:
                        self._take_junk(p, q, units, why)
        if ppuk and r.three_ppuk and self.ppuks[p] >= 3:
            if ev is not None:
                ev.append({"type": "three-ppuk", "player": p})
            self._finish(p, "three-ppuk")
            return
        self._end_turn(p)

    def _take_stack(self, p, m, field, steals):
        """Takes the three cards of month ``m`` (a stack) off ``field``."""
        mm = MONTH_MASK[m]
        got = field & mm
        o = self.owner[m]
        self.owner[m] = -1
        if self._ev is not None:
            self._ev.append({"type": "stack-taken", "player": p, "month": m,
                             "owner": o if o >= 0 else None})
        if o == p:
            steals.append((2, "own-ppuk"))
        else:
            steals.append((1, "stack"))
        return field & ~mm, got

    def _take_junk(self, p, q, units, why):
        """Moves junk worth ``units`` from ``q`` to ``p`` (cup never)."""
        pile = self.piles[q]
        singles = pile & SINGLE_MASK
        take = 0
        if units == 2 and singles & (singles - 1):
            low = singles & -singles
            rest = singles ^ low
            take = low | (rest & -rest)
        elif units == 2 and pile & DOUBLE_MASK:
            take = (pile & DOUBLE_MASK) & -(pile & DOUBLE_MASK)
        elif singles:
            take = singles & -singles
        elif pile & DOUBLE_MASK:
            take = (pile & DOUBLE_MASK) & -(pile & DOUBLE_MASK)
        elif pile & BONUS2_MASK:
            take = BONUS2_MASK
        elif pile & BONUS3_MASK:
            take = BONUS3_MASK
        if not take:
            return
        self.piles[q] = pile ^ take
        self.piles[p] |= take
        if self._ev is not None:
            self._ev.append({"type": "junk-taken", "player": p, "from": q,
                             "cards": cards_of(take), "reason": why})

    # ---- gostop: captures at once in each step --------------------------------
    def _g_capture(self, p, c, step):
        """Card ``c`` (played or flipped) meets the field; returns False when
        a choice between two field cards is pending."""
        m = MONTH[c]
        fm = self.field & MONTH_MASK[m]
        k = _POP4[fm >> (4 * m - 4)]
        ev = self._ev
        if k == 0:
            self.field |= 1 << c
            if ev is not None:
                ev.append({"type": "stayed", "player": p, "card": c})
            return True
        if k == 2:
            self.opts = fm
            return False
        if k == 3 and ev is not None:
            ev.append({"type": "stack-taken", "player": p, "month": m,
                       "owner": None})
        self.field &= ~fm
        self.piles[p] |= fm | (1 << c)
        if ev is not None:
            ev.append({"type": "captured", "player": p,
                       "cards": cards_of(fm | (1 << c)), "step": step})
        return True

    def _g_take(self, p, c, x, step):
        self.field &= ~(1 << x)
        self.piles[p] |= (1 << c) | (1 << x)
        self.opts = 0
        ev = self._ev
        if ev is not None:
            ev.append({"type": "chose", "player": p, "card": x, "step": step})
            ev.append({"type": "captured", "player": p, "cards": sorted((c, x)),
                       "step": step})

    def _g_play(self, p, c):
        self.hands[p].remove(c)
        if self._ev is not None:
            self._ev.append({"type": "played", "player": p, "card": c})
        if self._g_capture(p, c, "play"):
            self._g_flip(p)
        else:
            self.pc = c
            self.phase_id = CHOOSE_PLAY

    def _g_chose_play(self, p, x):
        self._g_take(p, self.pc, x, "play")
        self.pc = -1
        self._g_flip(p)

    def _g_flip(self, p):
        stock = self.stock
        ev = self._ev
        while stock:
            d = stock.pop()
            if ev is not None:
                ev.append({"type": "flipped", "player": p, "card": d})
            if d >= BONUS2:
                self.piles[p] |= 1 << d
                if ev is not None:
                    ev.append({"type": "bonus-banked", "player": p, "card": d,
                               "source": "flip"})
                continue
            if not self._g_capture(p, d, "flip"):
                self.pd = d
                self.phase_id = CHOOSE_FLIP
                return
            break
        self._end_turn(p)

    def _g_chose_flip(self, p, x):
        self._g_take(p, self.pd, x, "flip")
        self.pd = -1
        self._end_turn(p)

    # ---- the bomb (gostop; matgo with option bomb) and the shake (option) ----------
    def _bomb(self, p, m):
        """Plays the three cards of month ``m``, takes the fourth from the
        field and one junk from every opponent, then flips; the bomber's next
        two turns are flip-only. With ``bomb_shakes`` it counts as a shake."""
        r = self.rules
        hand = self.hands[p]
        three = [c for c in hand if c < BONUS2 and MONTH[c] == m]
        for c in three:
            hand.remove(c)
        fm = self.field & MONTH_MASK[m]
        self.field &= ~fm
        got = fm
        for c in three:
            got |= 1 << c
        self.piles[p] |= got
        if r.bomb_shakes:
            self._count_shake(p)
        ev = self._ev
        if ev is not None:
            e = {"type": "bomb", "player": p, "month": m, "cards": three}
            if r.bomb_shakes:
                e["shake"] = self.shakes[p]
            ev.append(e)
            ev.append({"type": "captured", "player": p, "cards": cards_of(got),
                       "step": "play"})
        for q in range(r.players):
            if q != p:
                self._take_junk(p, q, 1, "bomb")
        self.flip_only[p] += 2
        if r.deferred:
            self.pc = -1
            self._m_flip(p)
        else:
            self._g_flip(p)

    def _count_shake(self, p):
        s = list(self.shakes)
        s[p] += 1
        self.shakes = tuple(s)

    def _shake(self, p, m):
        """Shows the cards of month ``m`` in ``p``'s hand; one of them is
        played next (phase shake-play). Each shake doubles ``p``'s payment
        if ``p`` wins."""
        cards = [c for c in self.hands[p] if MONTH[c] == m]
        self._count_shake(p)
        self.shaken |= 1 << (16 * p + m)
        for c in cards:
            self.shown |= 1 << c
        self.sm = m
        self.phase_id = SHAKE_PLAY
        if self._ev is not None:
            self._ev.append({"type": "shake", "player": p, "month": m, "cards": cards,
                             "count": self.shakes[p]})

    # ---- matgo option first_ppuk ------------------------------------------------------
    def _first_ppuk(self, p, m):
        """A ppuk on ``p``'s first turn: every opponent pays it at once."""
        pts = self.rules.first_ppuk
        side = list(self.side or (0,) * self.rules.players)
        paid = list(self.paid)
        for q in range(self.rules.players):
            if q != p:
                side[p] += pts
                side[q] -= pts
                paid.append({"key": "first-ppuk", "player": p, "from": q,
                             "points": pts, "month": m})
                if self._ev is not None:
                    self._ev.append({"type": "first-ppuk", "player": p, "from": q,
                                     "points": pts, "month": m})
        self.side = tuple(side)
        self.paid = tuple(paid)

    # ---- end of turn, Go and Stop: games/turns.py ---------------------------------
    PHASES = (PLAY, GOSTOP, FLIP_ONLY, OVER)
    DRAW = "nagari"

    def _base(self, p):
        return base_score(self.piles[p])

    def _settle(self, winner, reason):
        return settle(self.rules, self.piles, winner, self.gos[winner], reason,
                      self.shakes[winner], self.gos, self.cup_as)

    def settle_now(self, p, cup=None):
        """What a Stop by ``p`` would pay now (with ``cup``: the cup counted
        so by its owner)."""
        return settle(self.rules, self.piles, p, self.gos[p], "stop",
                      self.shakes[p], self.gos, cup)

    def _stop(self, p):
        if self.rules.cup_owner:
            ask = self.cup_question(p)
            if ask is not None:
                q, a, j = ask
                if self._ev is not None:
                    self._ev.append({"type": "stop", "player": p,
                                     "score": self._base(p)})
                    self._ev.append({"type": "cup-choice", "player": q, "winner": p,
                                     "animal": a, "junk": j})
                self.cup_w = p
                self.cur = q
                self.phase_id = CUP
                return
        super()._stop(p)

    def cup_question(self, winner):
        """Option cup "owner": (owner, payment with the cup as an animal, as
        double junk) when a Stop by ``winner`` now pays differently by how the
        cup is counted; else None."""
        owner = -1
        for q, pile in enumerate(self.piles):
            if pile & CUP_MASK:
                owner = q
        if owner < 0:
            return None
        a = self.settle_now(winner, "animal")["total"]
        j = self.settle_now(winner, "junk")["total"]
        if a == j:
            return None
        return owner, a, j

    def _cup_chosen(self, p, how):
        self.cup_as = how
        if self._ev is not None:
            self._ev.append({"type": "cup", "player": p, "as": how})
        w = self.cup_w
        self.cup_w = -1
        self.cur = w
        self._finish(w, "stop")

    def _finish(self, winner, reason):
        if not self.paid:
            super()._finish(winner, reason)
            return
        # first-ppuk payments: in the result (whoever wins, a nagari too)
        ev = self._ev
        self._ev = None
        super()._finish(winner, reason)
        self._ev = ev
        self.result["paid"] = [dict(x) for x in self.paid]
        if ev is not None:
            ev.append(self.hand_over_event())
