"""StopGo's part of views and explicit setups.

Methods of ``StopGo`` (mixed in): the rules shown, the captured piles by
suit, the missions and the shakes, and the missions of a setup. The view
itself, the pending decision and the rest of a setup are the matching
games' (``games/matching/views.py``, ``setups.py``, ``world.py``).
"""
from .cards import NUM_CARDS, NUMBER_MASK, COURT_MASK, SUITS, cards_of
from .scoring import breakdown, best_mission


def split_pile(m):
    """A captured pile for display: number cards by suit, then court cards."""
    d = {s: cards_of(m & NUMBER_MASK[i]) for i, s in enumerate(SUITS)}
    d["court"] = cards_of(m & COURT_MASK)
    return d


class ViewMixin:
    __slots__ = ()

    def rules_view(self):
        r = self.rules
        return {"threshold": r.threshold, "hand_size": r.hand_size,
                "table_size": r.table_size}

    def table_groups(self):
        """The table by rank: cards, whether it is a stack, its maker."""
        return self.field_groups()

    def mission_table(self):
        out = []
        for i, c in enumerate(self.missions):
            holder = None
            for p in (0, 1):
                if self.piles[p] >> c & 1:
                    holder = p
            out.append({"card": c, "factor": i + 2, "holder": holder})
        return out

    def _view_piles(self):
        best = [best_mission(m, self.missions) for m in self.piles]
        return {
            "piles": [split_pile(m) for m in self.piles],
            "scores": [breakdown(m) for m in self.piles],
            "missions": self.mission_table(),
            "mission_factor": [b[1] if b else 1 for b in best],
        }

    def _view_counts(self):
        return self.shake_view()

    # ---- explicit setups: the missions ------------------------------------------
    def _load_more(self, s, per_player):
        missions = s.get("missions") or []     # none: no mission in play
        if len(missions) not in (0, 3) or len(set(missions)) != len(missions) or not all(
                isinstance(c, int) and 0 <= c < NUM_CARDS for c in missions):
            raise ValueError("setup: missions needs 3 distinct cards (or none)")
        self.missions = tuple(missions)

    @classmethod
    def _world_more(cls, view, setup):
        setup["missions"] = [m["card"] for m in view["missions"]]


__all__ = ["ViewMixin", "split_pile"]
