"""Views (what one seat may know) and explicit setups (``from_setup``).

Methods of ``HwatuGame`` (mixed in).
"""
from ..views_common import choice_fields, grouped
from .cards import MONTH_MASK, NUM_CARDS, NUM_MONTH_CARDS, CUP_MASK, cards_of
from .actions import (PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP, OVER, SHAKE_PLAY, CUP,
                      PHASE_NAMES, PHASE_IDS)
from .scoring import breakdown, split_piles, base_score
from .rules import rules_table
from .saves import SetupSavesMixin, setup_card_reader



class ViewMixin(SetupSavesMixin):

    # ---- views -------------------------------------------------------------
    def field_groups(self):
        """The field by month: cards, whether it is a stack, the ppuk maker."""
        return grouped(self.field, MONTH_MASK, 1, 12, "month", self.owner, cards_of)

    def pending(self):
        """The decision in progress (JSON-safe), or None."""
        ph = self.phase_id
        if ph in (PLAY, OVER):
            return None
        d = {"kind": PHASE_NAMES[ph], "player": self.cur}
        if ph in (CHOOSE_PLAY, CHOOSE_FLIP):
            choice_fields(self, d, cards_of, self.rules.deferred)
        elif ph == GOSTOP:
            d["score"] = base_score(self.piles[self.cur])
            d["last_turn"] = self.taken[self.cur] >= self.rules.hand_size
            # What Stop would pay now and why, step by step (public: captured
            # piles, Go counts and shakes); ``stop_pays`` is its total.
            d["stop_settle"] = self.settle_now(self.cur)
            d["stop_pays"] = d["stop_settle"]["total"]
            if self.rules.cup_owner:
                # the cup's owner would be asked after this Stop
                ask = self.cup_question(self.cur)
                d["cup_choice"] = None if ask is None else {
                    "owner": ask[0], "animal": ask[1], "junk": ask[2]}
        elif ph == SHAKE_PLAY:
            d["month"] = self.sm
        elif ph == CUP:
            a = self.settle_now(self.cup_w, "animal")
            j = self.settle_now(self.cup_w, "junk")
            d.update(winner=self.cup_w, animal=a["total"], junk=j["total"],
                     animal_settle=a, junk_settle=j)
        return d

    def cup_counts(self, q):
        """How the cup in ``q``'s pile is shown: the owner's choice once
        made, else automatic (None)."""
        if self.cup_as is None or not self.piles[q] & CUP_MASK:
            return None
        return self.cup_as == "animal"

    def view(self, player):
        r = self.rules
        n = r.players
        seat = player if isinstance(player, int) and 0 <= player < n else None
        legal = self.legal_actions(seat) if seat is not None else []
        result = None
        if self.result is not None:
            result = dict(self.result)
            result["returns"] = self.returns()
        if r.house:
            rules = rules_table(r)
        else:
            rules = {"threshold": r.threshold, "hand_size": r.hand_size,
                     "field_size": r.field_size, "bonus": r.bonus,
                     "bomb": r.bomb, "bak": r.bak, "specials": r.deferred}
        v = {
            "game": self.game_id,
            "player": seat,
            "players": n,
            "options": dict(self.options),
            "rules": rules,
            "phase": self.phase,
            "to_move": list(self.to_move()),
            "current": self.current_player,
            "dealer": self.options.get("lead", 0),
            "first": self.first,
            "turn": self.turn,
            "turns_total": r.turns_total,
            "turns_taken": self.taken[:],
            "hand": self.hands[seat][:] if seat is not None else [],
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "field": self.field_groups(),
            "field_cards": cards_of(self.field),
            "captured": [cards_of(m) for m in self.piles],
            "piles": [split_piles(m, self.cup_counts(q)) for q, m in enumerate(self.piles)],
            "scores": [breakdown(m, self.cup_counts(q)) for q, m in enumerate(self.piles)],
            "gos": self.gos[:],
            "last_go": self.last_go[:],
            "ppuks": self.ppuks[:],
            "flip_only": self.flip_only[:],
            "pending": self.pending(),
            "legal": legal,
            "labels": {str(a): self.action_label(a) for a in legal},
            "deal_events": [dict(e) for e in self.deal_events],
            "out_of_play": cards_of(self.out),
            "result": result,
        }
        if r.house:
            # house rules: shakes (and the cards shown, public while held),
            # the first-ppuk payments so far
            v["shakes"] = list(self.shakes)
            v["shaken"] = [[m for m in range(1, 13) if self.shaken >> (16 * q + m) & 1]
                           for q in range(n)]
            v["shown"] = [[c for c in h if self.shown >> c & 1] for h in self.hands]
            v["paid"] = [dict(x) for x in self.paid]
            v["side"] = list(self.side or (0,) * n)
        return v

    # ---- explicit setups (``from_setup`` is in saves.py) -------------------------
    def _load_setup(self, s):
        r = self.rules
        n = r.players
        top = NUM_CARDS if r.bonus else NUM_MONTH_CARDS
        cards = setup_card_reader(top)

        def per_player(key, default):
            v = s.get(key)
            if v is None:
                return [default] * n
            if len(v) != n:
                raise ValueError(f"setup: {key} needs {n} entries")
            return [int(x) for x in v]

        hands = s["hands"]
        if len(hands) != n:
            raise ValueError(f"setup: hands needs {n} entries")
        self.hands = [sorted(cards(h, "hands")) for h in hands]
        field = 0
        for c in cards(s["field"], "field"):
            field |= 1 << c
        self.field = field
        stock = cards(s.get("stock", []), "stock")
        stock.reverse()
        self.stock = stock
        piles = s.get("piles") or [[] for _ in range(n)]
        if len(piles) != n:
            raise ValueError(f"setup: piles needs {n} entries")
        self.piles = [0] * n
        for p, pile in enumerate(piles):
            for c in cards(pile, "piles"):
                self.piles[p] |= 1 << c
        for m, o in (s.get("stacks") or {}).items():
            m = int(m)
            if (field & MONTH_MASK[m]).bit_count() != 3:
                raise ValueError(f"setup: month {m} has no stack on the field")
            self.owner[m] = -1 if o is None else int(o)
        self.gos = per_player("gos", 0)
        self.last_go = per_player("last_go", 0)
        self.ppuks = per_player("ppuks", 0)
        self.flip_only = per_player("flip_only", 0)
        # house rules
        self.shakes = tuple(per_player("shakes", 0))
        for q, months in enumerate(s.get("shaken") or [[]] * n):
            for m in months:
                self.shaken |= 1 << (16 * q + int(m))
        for q, shown in enumerate(s.get("shown") or [[]] * n):
            for c in shown:
                if c not in self.hands[q]:
                    raise ValueError(f"setup: shown card {c} is not in hand {q}")
                self.shown |= 1 << c
        paid = [dict(x) for x in s.get("paid") or []]
        if paid:
            side = [0] * n
            for x in paid:
                side[int(x["player"])] += x["points"]
                side[int(x["from"])] -= x["points"]
            self.paid = tuple(paid)
            self.side = tuple(side)
        self.first = int(s.get("first", 0))
        self.cur = int(s.get("current", self.first))
        phase = s.get("phase", "play")
        if phase not in PHASE_IDS or phase == "over":
            raise ValueError(f"setup: bad phase {phase!r}")
        self.phase_id = PHASE_IDS[phase]
        pend = s.get("pending") or {}
        if self.phase_id == SHAKE_PLAY:
            self.sm = int(pend["month"])
        elif self.phase_id == CUP:
            self.cup_w = int(pend["winner"])
        if self.phase_id in (CHOOSE_PLAY, CHOOSE_FLIP):
            pc = pend.get("played")
            pd = pend.get("flipped")
            self.pc = -1 if pc is None else cards([pc], "pending")[0]
            self.pd = -1 if pd is None else cards([pd], "pending")[0]
            pf = pend.get("paired")
            self.pf = -1 if pf is None else int(pf)
            self.pk = int(pend.get("play_kind", 0))
            for c in pend["options"]:
                self.opts |= 1 << c
            if (self.opts & field) != self.opts or self.opts.bit_count() != 2:
                raise ValueError("setup: pending options must be two field cards")
        taken = s.get("taken")
        if taken is None:
            taken = []
            for p in range(n):
                t = r.hand_size - len(self.hands[p]) - self.flip_only[p]
                if p == self.cur and self.phase_id in (CHOOSE_PLAY, CHOOSE_FLIP):
                    t -= 1
                taken.append(max(0, t))
        self.taken = [int(t) for t in taken]
        self.turn = int(s.get("turn", 1 + sum(self.taken)))
        self.deal_events = [dict(e) for e in s.get("deal_events", [])]
        everything = (1 << top) - 1
        held = self.field | self.opts
        for m in self.piles:
            held |= m
        for c in [c for h in self.hands for c in h] + self.stock + [self.pc, self.pd]:
            if c >= 0:
                held |= 1 << c
        self.out = everything & ~held


__all__ = ["ViewMixin"]
