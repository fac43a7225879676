"""Hwatu's turn rules: matgo's resolution of the play and the flip together,
gostop's immediate captures, the bonus cards, and the house rules' bombs,
shakes, first-ppuk payments and cup choice.

Methods of ``HwatuGame`` (mixed in). Each appends events to
``self._events`` when it is a list (None in quiet mode) and leaves the state
at the next decision. The shared shape of the turn (play, flip, choose) is
``games/matching/flow.py``; the resolution of the two cards together
(``_resolve``) is matgo's, and gostop's when its house options ``ppuk`` or
``steals`` are on (``rules.deferred``); without them gostop captures at
once in each step (``_play_now``, ``_flip_now``). ``played`` < 0 means no
played card (a flip-only turn, a bomb's flip), ``flipped`` < 0 no flipped
card (stock empty).
"""
from .cards import (MONTH, MONTH_MASK, SINGLE_MASK, DOUBLE_MASK, BONUS2_MASK,
                    BONUS3_MASK, BONUS2, CUP_MASK, cards_of)
from .actions import CHOOSE_PLAY, CHOOSE_FLIP, CUP
from .scoring import base_score, settle
from ..matching.deck import POP4
from ..matching.flow import STAY, PAIR, CHOSEN, STACK

_BIT = tuple(1 << c for c in range(50)) + (0,)


class FlowMixin:
    __slots__ = ()

    # ---- matgo: play, flip, then resolve both -------------------------------
    def _flipped_other(self, p, d):
        """A bonus card flipped: banked (the next card is flipped)."""
        self.piles[p] |= 1 << d
        if self._events is not None:
            self._events.append({"type": "bonus-banked", "player": p, "card": d,
                                 "source": "flip"})

    def _flip_without_play(self, p):
        if self.rules.deferred:
            self._flip(p)
        else:
            self._flip_now(p)

    def _resolve(self, p, df):
        """Resolves the pending play (played/play_kind/paired) and flip
        (flipped); ``df`` is the field card chosen for the flip (or -1)."""
        c, kind, pf, d = self.played, self.play_kind, self.paired, self.flipped
        self.played = self.flipped = self.paired = -1
        self.choices = 0
        ev = self._events
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
            if kind == STAY:                    # chok
                cap = bc | bd
                if ev is not None:
                    ev.append({"type": "chok", "player": p, "month": m})
                    ev.append({"type": "captured", "player": p, "cards": sorted((c, d))})
                if not final:
                    steals.append((1, "chok"))
            elif kind == PAIR:
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
                    self.stack_owner[m] = p
                    self.ppuks[p] += 1
                    ppuk = True
                    if ev is not None:
                        ev.append({"type": "ppuk", "player": p, "month": m,
                                   "cards": cards_of(field & MONTH_MASK[m]),
                                   "count": self.ppuks[p]})
                    if r.first_ppuk and not self.turns_taken[p]:
                        self._first_ppuk(p, m)
            else:                               # ttadak (CHOSEN)
                mm = MONTH_MASK[m]
                cap = bc | bd | (field & mm)
                field &= ~mm
                if ev is not None:
                    ev.append({"type": "ttadak", "player": p, "month": m})
                    ev.append({"type": "captured", "player": p, "cards": cards_of(cap)})
                if not final:
                    steals.append((1, "ttadak"))
        else:
            # each card meets the field on its own (their months differ): it
            # stays, takes the card it pairs with (x) or takes a stack; the
            # played card first, then the flipped one on the field it left
            x = pf
            for card in (c, d):
                if card < 0:
                    continue
                if card == d:               # its kind: the cards of its month there
                    fm = field & MONTH_MASK[md]
                    kind = POP4[fm >> (4 * md - 4)]
                    x = df if kind == CHOSEN else (fm & -fm).bit_length() - 1
                b = 1 << card
                if kind == STAY:
                    field |= b
                    if ev is not None:
                        ev.append({"type": "stayed", "player": p, "card": card})
                    continue
                if kind == STACK:
                    field, got = self._take_stack(p, MONTH[card], field, steals)
                    got |= b
                else:
                    got = b | (1 << x)
                    field &= ~(1 << x)
                cap |= got
                if ev is not None:
                    ev.append({"type": "captured", "player": p, "cards": cards_of(got)})
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
        o = self.stack_owner[m]
        self.stack_owner[m] = -1
        if self._events is not None:
            self._events.append({"type": "stack-taken", "player": p, "month": m,
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
        if self._events is not None:
            self._events.append({"type": "junk-taken", "player": p, "from": q,
                                 "cards": cards_of(take), "reason": why})

    # ---- gostop: captures at once in each step --------------------------------
    def _capture_now(self, p, c, step):
        """Card ``c`` (played or flipped) meets the field; returns False when
        a choice between two field cards is pending."""
        m = MONTH[c]
        fm = self.field & MONTH_MASK[m]
        k = POP4[fm >> (4 * m - 4)]
        ev = self._events
        if k == 0:
            self.field |= 1 << c
            if ev is not None:
                ev.append({"type": "stayed", "player": p, "card": c})
            return True
        if k == 2:
            self.choices = fm
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

    def _play_now(self, p, c):
        self.hands[p].remove(c)
        if self.shown:
            self.shown &= ~(1 << c)
        if self._events is not None:
            self._events.append({"type": "played", "player": p, "card": c})
        if self._capture_now(p, c, "play"):
            self._flip_now(p)
        else:
            self.played = c
            self.phase_id = CHOOSE_PLAY

    def _chose_now(self, p, x, step):
        """The choice of the played (``step`` "play") or flipped card: it
        takes field card ``x``; then the flip, or the end of the turn."""
        c = self.played if step == "play" else self.flipped
        self.played = self.flipped = -1
        self.field &= ~(1 << x)
        self.piles[p] |= (1 << c) | (1 << x)
        self.choices = 0
        ev = self._events
        if ev is not None:
            ev.append({"type": "chose", "player": p, "card": x, "step": step})
            ev.append({"type": "captured", "player": p, "cards": sorted((c, x)),
                       "step": step})
        if step == "play":
            self._flip_now(p)
        else:
            self._end_turn(p)

    def _flip_now(self, p):
        stock = self.stock
        ev = self._events
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
            if not self._capture_now(p, d, "flip"):
                self.flipped = d
                self.phase_id = CHOOSE_FLIP
                return
            break
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
        ev = self._events
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
        self.played = -1
        self._flip_without_play(p)

    # ---- matgo option first_ppuk ------------------------------------------------------
    def _first_ppuk(self, p, m):
        """A ppuk on ``p``'s first turn: every opponent pays it at once."""
        pts = self.rules.first_ppuk
        side = list(self.side_net or (0,) * self.rules.players)
        paid = list(self.side_payments)
        for q in range(self.rules.players):
            if q != p:
                side[p] += pts
                side[q] -= pts
                paid.append({"key": "first-ppuk", "player": p, "from": q,
                             "points": pts, "month": m})
                if self._events is not None:
                    self._events.append({"type": "first-ppuk", "player": p, "from": q,
                                         "points": pts, "month": m})
        self.side_net = tuple(side)
        self.side_payments = tuple(paid)

    # ---- end of turn, Go and Stop: games/matching/turns.py ---------------------------------
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
                if self._events is not None:
                    self._events.append({"type": "stop", "player": p,
                                         "score": self._base(p)})
                    self._events.append({"type": "cup-choice", "player": q, "winner": p,
                                         "animal": a, "junk": j})
                self.cup_winner = p
                self.mover = q
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
        if self._events is not None:
            self._events.append({"type": "cup", "player": p, "as": how})
        w = self.cup_winner
        self.cup_winner = -1
        self.mover = w
        self._finish(w, "stop")

    def _finish(self, winner, reason):
        if not self.side_payments:
            super()._finish(winner, reason)
            return
        # first-ppuk payments: in the result (whoever wins, a nagari too)
        ev = self._events
        self._events = None
        super()._finish(winner, reason)
        self._events = ev
        self.result["paid"] = [dict(x) for x in self.side_payments]
        if ev is not None:
            ev.append(self.hand_over_event())
