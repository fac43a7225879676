"""Views (what one seat may know): the parts every matching game shows.

Methods of ``MatchingGame`` (mixed in). A game's view is the shared one
with the game's own entries put in at four places (each hook returns a
dict, in the order the game shows it): ``_view_seats`` (after
``current``), ``_view_piles`` (the captured piles and their scores),
``_view_counts`` (after ``last_go``) and ``_view_more`` (last). The
pending decision is shared too, with ``_pending_more`` for the game's own
phases and additions.
"""
from .deck import GROUP_MASK, cards_of
from .phases import PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP, OVER, SHAKE_PLAY, PHASE_NAMES


def none_if_unset(x):
    """Engine fields use -1 for "none"; views say null."""
    return None if x is None or x < 0 else x


def grouped(mask, groups, key, owner):
    """The cards of ``mask`` by group (``key``: "month" or "rank"): cards,
    whether the group is a stack of three, and the stack's maker."""
    out = []
    for g in groups:
        cs = cards_of(mask & GROUP_MASK[g])
        if cs:
            stack = len(cs) == 3
            out.append({key: g, "cards": cs, "stack": stack,
                        "owner": none_if_unset(owner[g]) if stack else None})
    return out


class ViewMixin:
    __slots__ = ()

    def field_groups(self):
        """The field by group: cards, whether it is a stack, its maker."""
        return grouped(self.field, self.GROUPS, self.GROUP_KEY, self.stack_owner)

    def choice_fields(self, d):
        """Adds a choose-play/choose-flip decision's cards to pending dict ``d``."""
        d["played"] = none_if_unset(self.played)
        d["flipped"] = none_if_unset(self.flipped)
        d["options"] = cards_of(self.choices)
        if self.rules.deferred:
            d["play_kind"] = self.play_kind
            d["paired"] = none_if_unset(self.paired)
        return d

    def pending(self):
        """The decision in progress (JSON-safe), or None."""
        ph = self.phase_id
        if ph == PLAY or ph == OVER:
            return None
        p = self.mover
        d = {"kind": PHASE_NAMES[ph], "player": p}
        if ph == CHOOSE_PLAY or ph == CHOOSE_FLIP:
            self.choice_fields(d)
        elif ph == GOSTOP:
            d["score"] = self._base(p)
            d["last_turn"] = self.turns_taken[p] >= self.rules.hand_size
            # What Stop would pay now and why, step by step (public: captured
            # piles, Go counts, shakes ...); ``stop_pays`` is its total.
            d["stop_settle"] = self.settle_now(p)
            d["stop_pays"] = d["stop_settle"]["total"]
        elif ph == SHAKE_PLAY:
            d[self.GROUP_KEY] = self.shake_group
        self._pending_more(ph, d)
        return d

    def _pending_more(self, ph, d):
        """The game's own entries of pending decision ``d`` (phase ``ph``)."""

    def shake_view(self):
        """Shakes per seat, the groups each shook and the shown cards each
        still holds (public while held)."""
        n = self.rules.players
        return {
            "shakes": list(self.shakes),
            "shaken": [[g for g in self.GROUPS if self.shaken >> (16 * q + g) & 1]
                       for q in range(n)],
            "shown": [[c for c in h if self.shown >> c & 1] for h in self.hands],
        }

    def view(self, player):
        r = self.rules
        n = r.players
        seat = player if isinstance(player, int) and 0 <= player < n else None
        legal = self.legal_actions(seat) if seat is not None else []
        result = None
        if self.result is not None:
            result = dict(self.result)
            result["returns"] = self.returns()
        key = self.FIELD_KEY
        return {
            "game": self.game_id,
            "player": seat,
            "players": n,
            "options": dict(self.options),
            "rules": self.rules_view(),
            "phase": self.phase,
            "to_move": list(self.to_move()),
            "current": self.current_player,
            **self._view_seats(),
            "first": self.first,
            "turn": self.turn,
            "turns_total": r.turns_total,
            "turns_taken": self.turns_taken[:],
            "hand": self.hands[seat][:] if seat is not None else [],
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            key: self.field_groups(),
            key + "_cards": cards_of(self.field),
            "captured": [cards_of(m) for m in self.piles],
            **self._view_piles(),
            "gos": self.gos[:],
            "last_go": self.last_go[:],
            **self._view_counts(),
            "flip_only": self.flip_only[:],
            "pending": self.pending(),
            "legal": legal,
            "labels": {str(a): self.action_label(a) for a in legal},
            "deal_events": [dict(e) for e in self.deal_events],
            "out_of_play": cards_of(self.out_of_play),
            "result": result,
            **self._view_more(),
        }

    def _view_seats(self):
        return {}

    def _view_counts(self):
        return {}

    def _view_more(self):
        return {}


__all__ = ["ViewMixin", "grouped", "none_if_unset"]
