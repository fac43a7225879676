"""Hwatu's part of views and explicit setups.

Methods of ``HwatuGame`` (mixed in): the rules shown, the captured piles
with the cup where it counts, the ppuks, the house rules' entries (shakes,
first-ppuk payments, the cup choice) and the setup keys of these. The
view itself, the pending decision and the rest of a setup are the matching
games' (``games/matching/views.py``, ``setups.py``, ``world.py``).
"""
from .cards import CUP_MASK
from .actions import GOSTOP, CUP
from .scoring import breakdown, split_piles
from .rules import rules_table


class ViewMixin:
    __slots__ = ()

    def rules_view(self):
        r = self.rules
        if r.house:
            return rules_table(r)
        return {"threshold": r.threshold, "hand_size": r.hand_size,
                "field_size": r.field_size, "bonus": r.bonus,
                "bomb": r.bomb, "bak": r.bak, "specials": r.deferred}

    def _pending_more(self, ph, d):
        if ph == GOSTOP:
            if self.rules.cup_owner:
                # the cup's owner would be asked after this Stop
                ask = self.cup_question(self.mover)
                d["cup_choice"] = None if ask is None else {
                    "owner": ask[0], "animal": ask[1], "junk": ask[2]}
        elif ph == CUP:
            a = self.settle_now(self.cup_winner, "animal")
            j = self.settle_now(self.cup_winner, "junk")
            d.update(winner=self.cup_winner, animal=a["total"], junk=j["total"],
                     animal_settle=a, junk_settle=j)

    def cup_counts(self, q):
        """How the cup in ``q``'s pile is shown: the owner's choice once
        made, else automatic (None)."""
        if self.cup_as is None or not self.piles[q] & CUP_MASK:
            return None
        return self.cup_as == "animal"

    def _view_seats(self):
        return {"dealer": self.options.get("lead", 0)}

    def _view_piles(self):
        return {
            "piles": [split_piles(m, self.cup_counts(q)) for q, m in enumerate(self.piles)],
            "scores": [breakdown(m, self.cup_counts(q)) for q, m in enumerate(self.piles)],
        }

    def _view_counts(self):
        return {"ppuks": self.ppuks[:]}

    def _view_more(self):
        if not self.rules.house:
            return {}
        # house rules: shakes (and the cards shown, public while held), the
        # first-ppuk payments so far
        v = self.shake_view()
        v["paid"] = [dict(x) for x in self.side_payments]
        v["side"] = list(self.side_net or (0,) * self.rules.players)
        return v

    # ---- explicit setups: the keys of hwatu's own --------------------------------
    def _load_more(self, s, per_player):
        self.ppuks = per_player("ppuks")
        paid = [dict(x) for x in s.get("paid") or []]
        if paid:
            side = [0] * self.rules.players
            for x in paid:
                side[int(x["player"])] += x["points"]
                side[int(x["from"])] -= x["points"]
            self.side_payments = tuple(paid)
            self.side_net = tuple(side)

    def _load_pending(self, ph, pend):
        if ph == CUP:
            self.cup_winner = int(pend["winner"])

    @classmethod
    def _world_more(cls, view, setup):
        setup["ppuks"] = view["ppuks"]
        if "paid" in view:            # house rules
            setup["paid"] = view["paid"]


__all__ = ["ViewMixin"]
