"""Views (what one seat may know) and explicit setups (``from_setup``).

Methods of ``StopGo`` (mixed in). ``from_setup`` and the saves of explicit
setups come from the hwatu engine's ``SetupSavesMixin``.
"""
from ..hwatu.saves import SetupSavesMixin, setup_card_reader
from ..views_common import choice_fields, grouped
from .cards import NUM_CARDS, RANK_MASK, NUMBER_MASK, COURT_MASK, SUITS, cards_of
from .actions import (CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP, SHAKE_PLAY, PLAY, OVER,
                      PHASE_NAMES, PHASE_IDS)
from .scoring import breakdown, base_score, settle, best_mission



def _ranks(bits):
    return [r for r in range(1, 14) if bits >> r & 1]


def split_pile(m):
    """A captured pile for display: number cards by suit, then court cards."""
    d = {s: cards_of(m & NUMBER_MASK[i]) for i, s in enumerate(SUITS)}
    d["court"] = cards_of(m & COURT_MASK)
    return d


class ViewMixin(SetupSavesMixin):

    # ---- views -------------------------------------------------------------
    def table_groups(self):
        """The table by rank: cards, whether it is a stack, its maker."""
        return grouped(self.table, RANK_MASK, 1, 13, "rank", self.owner, cards_of)

    def pending(self):
        """The decision in progress (JSON-safe), or None."""
        ph = self.phase_id
        if ph in (PLAY, OVER):
            return None
        d = {"kind": PHASE_NAMES[ph], "player": self.cur}
        if ph in (CHOOSE_PLAY, CHOOSE_FLIP):
            choice_fields(self, d, cards_of, True)
        elif ph == SHAKE_PLAY:
            d["rank"] = self.sr
        elif ph == GOSTOP:
            p = self.cur
            d["score"] = base_score(self.piles[p])
            d["last_turn"] = self.taken[p] >= self.rules.hand_size
            # What Stop would pay now and why, step by step (public: piles,
            # Gos, shakes and missions); ``stop_pays`` is its total.
            d["stop_settle"] = settle(self.piles, p, self.gos[p], self.shakes[p],
                                      self.missions)
            d["stop_pays"] = d["stop_settle"]["total"]
        return d

    def mission_table(self):
        out = []
        for i, c in enumerate(self.missions):
            holder = None
            for p in (0, 1):
                if self.piles[p] >> c & 1:
                    holder = p
            out.append({"card": c, "factor": i + 2, "holder": holder})
        return out

    def view(self, player):
        r = self.rules
        seat = player if player in (0, 1) else None
        legal = self.legal_actions(seat) if seat is not None else []
        result = None
        if self.result is not None:
            result = dict(self.result)
            result["returns"] = self.returns()
        best = [best_mission(m, self.missions) for m in self.piles]
        return {
            "game": self.game_id,
            "player": seat,
            "players": 2,
            "options": dict(self.options),
            "rules": {"threshold": r.threshold, "hand_size": r.hand_size,
                      "table_size": r.table_size},
            "phase": self.phase,
            "to_move": list(self.to_move()),
            "current": self.current_player,
            "first": self.first,
            "turn": self.turn,
            "turns_total": r.turns_total,
            "turns_taken": self.taken[:],
            "hand": self.hands[seat][:] if seat is not None else [],
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "table": self.table_groups(),
            "table_cards": cards_of(self.table),
            "captured": [cards_of(m) for m in self.piles],
            "piles": [split_pile(m) for m in self.piles],
            "scores": [breakdown(m) for m in self.piles],
            "missions": self.mission_table(),
            "mission_factor": [b[1] if b else 1 for b in best],
            "gos": self.gos[:],
            "last_go": self.last_go[:],
            "shakes": self.shakes[:],
            "shaken": [_ranks(b) for b in self.shaken],
            "shown": [cards_of(m) for m in self.shown],
            "flip_only": self.flip_only[:],
            "pending": self.pending(),
            "legal": legal,
            "labels": {str(a): self.action_label(a) for a in legal},
            "deal_events": [dict(e) for e in self.deal_events],
            "out_of_play": cards_of(self.out),
            "result": result,
        }

    # ---- explicit setups (``from_setup`` is in hwatu/saves.py) ---------------------
    def _load_setup(self, s):
        cards = setup_card_reader(NUM_CARDS)

        def pair(key, default=0):
            v = s.get(key)
            if v is None:
                return [default, default]
            if len(v) != 2:
                raise ValueError(f"setup: {key} needs 2 entries")
            return list(v)

        def to_mask(lst, what):
            m = 0
            for c in cards(lst, what):
                m |= 1 << c
            return m

        hands = s["hands"]
        if len(hands) != 2:
            raise ValueError("setup: hands needs 2 entries")
        self.hands = [sorted(cards(h, "hands")) for h in hands]
        self.table = to_mask(s["table"], "table")
        self.stock = cards(s.get("stock", []), "stock")[::-1]
        self.piles = [to_mask(pile, "piles") for pile in pair("piles", [])]
        missions = s.get("missions") or []     # none: no mission in play
        if len(missions) not in (0, 3) or len(set(missions)) != len(missions) or not all(
                isinstance(c, int) and 0 <= c < NUM_CARDS for c in missions):
            raise ValueError("setup: missions needs 3 distinct cards (or none)")
        self.missions = tuple(missions)
        for r, o in (s.get("stacks") or {}).items():
            r = int(r)
            if (self.table & RANK_MASK[r]).bit_count() != 3:
                raise ValueError(f"setup: rank {r} has no stack on the table")
            self.owner[r] = -1 if o is None else int(o)
        for key in ("gos", "last_go", "shakes", "flip_only"):
            setattr(self, key, [int(x) for x in pair(key)])
        self.shaken = [sum(1 << int(r) for r in rs) for rs in pair("shaken", [])]
        self.shown = [0, 0]
        for p, lst in enumerate(pair("shown", [])):
            for c in lst:
                if c not in self.hands[p]:
                    raise ValueError(f"setup: shown card {c} is not in hand {p}")
                self.shown[p] |= 1 << c
        self.first = int(s.get("first", 0))
        self.cur = int(s.get("current", self.first))
        phase = s.get("phase", "play")
        if phase not in PHASE_IDS or phase == "over":
            raise ValueError(f"setup: bad phase {phase!r}")
        self.phase_id = PHASE_IDS[phase]
        pend = s.get("pending") or {}
        if self.phase_id == SHAKE_PLAY:
            self.sr = int(pend["rank"])
        if self.phase_id in (CHOOSE_PLAY, CHOOSE_FLIP):
            pc, pd, pf = pend.get("played"), pend.get("flipped"), pend.get("paired")
            self.pc = -1 if pc is None else cards([pc], "pending")[0]
            self.pd = -1 if pd is None else cards([pd], "pending")[0]
            self.pf = -1 if pf is None else int(pf)
            self.pk = int(pend.get("play_kind", 0))
            for c in pend["options"]:
                self.opts |= 1 << c
            if (self.opts & self.table) != self.opts or self.opts.bit_count() != 2:
                raise ValueError("setup: pending options must be two table cards")
        taken = s.get("taken")
        if taken is None:
            taken = []
            for p in (0, 1):
                t = self.rules.hand_size - len(self.hands[p]) - self.flip_only[p]
                if p == self.cur and self.phase_id in (CHOOSE_PLAY, CHOOSE_FLIP):
                    t -= 1
                taken.append(max(0, t))
        self.taken = [int(t) for t in taken]
        self.turn = int(s.get("turn", 1 + sum(self.taken)))
        self.deal_events = [dict(e) for e in s.get("deal_events", [])]
        held = self.table | self.opts | self.piles[0] | self.piles[1]
        for c in self.hands[0] + self.hands[1] + self.stock + [self.pc, self.pd]:
            if c >= 0:
                held |= 1 << c
        self.out = ((1 << NUM_CARDS) - 1) & ~held


__all__ = ["ViewMixin", "split_pile"]
