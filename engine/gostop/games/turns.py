"""The end of a turn, Go and Stop, and the end of the hand: the same in the
matching games (`matgo`, `gostop`, `stopgo`).

A game class using ``TurnsMixin`` has ``taken``, ``gos``, ``last_go``,
``flip_only``, ``turn``, ``cur``, ``phase_id``, ``rules`` (with
``threshold``, ``hand_size``, ``turns_total``, ``players``) and ``_ev`` (the
event list, or None when quiet), and provides:

- ``PHASES``: its phase ids for (play, go-stop, flip-only, over);
- ``DRAW``: the reason (and event type) of a hand nobody stopped;
- ``_base(p)``: player ``p``'s base score;
- ``_settle(winner, reason)``: the final payment, with its steps.
"""


def shake_step(total, shakes, steps):
    """The payment step of ``shakes`` shakes (x2 each), appended to ``steps``;
    returns the new total (stopgo's shakes, hwatu's house-rule shakes)."""
    if shakes:
        f = 2 ** shakes
        total *= f
        steps.append({"key": "shake",
                      "label": f"{shakes} shake{'s' if shakes > 1 else ''}: x{f}",
                      "factor": f, "count": shakes, "value": total})
    return total


def check_lead(game_id, options):
    """The optional ``lead`` option (match play: the last hand's winner leads
    the next): the seat that plays first, in place of the preset's choice.
    Absent, the preset decides; the deal is the same either way."""
    if "lead" not in options:
        return
    lead = options["lead"]
    if isinstance(lead, bool) or not isinstance(lead, int) or not 0 <= lead < options["players"]:
        raise ValueError(f"{game_id}: lead must be a seat from 0 to {options['players'] - 1}, got {lead!r}")


class TurnsMixin:
    PHASES = (0, 0, 0, 0)
    DRAW = "draw"

    def _end_turn(self, p):
        """After a turn: the Go/Stop decision when the score allows, else on."""
        play, gostop, _, _ = self.PHASES
        self.taken[p] += 1
        self.phase_id = play
        s = self._base(p)
        if (s > self.last_go[p]) if self.gos[p] else (s >= self.rules.threshold):
            self.phase_id = gostop
            if self._ev is not None:
                self._ev.append({"type": "go-stop", "player": p, "score": s,
                                 "last_turn": self.taken[p] >= self.rules.hand_size})
            return
        self._advance()

    def _advance(self):
        play, _, flip_only, _ = self.PHASES
        if self.turn >= self.rules.turns_total:
            if self._ev is not None:
                self._ev.append({"type": self.DRAW})
            self._finish(None, self.DRAW)
            return
        self.turn += 1
        q = (self.cur + 1) % self.rules.players
        self.cur = q
        self.phase_id = flip_only if self.flip_only[q] else play
        if self._ev is not None:
            self._ev.append({"type": "turn", "player": q, "turn": self.turn,
                             "flip_only": bool(self.flip_only[q])})

    def _go(self, p):
        self.gos[p] += 1
        self.last_go[p] = s = self._base(p)
        if self._ev is not None:
            self._ev.append({"type": "go", "player": p, "count": self.gos[p],
                             "score": s})
        self._advance()

    def _stop(self, p):
        if self._ev is not None:
            self._ev.append({"type": "stop", "player": p, "score": self._base(p)})
        self._finish(p, "stop")

    def _finish(self, winner, reason):
        self.phase_id = self.PHASES[3]
        self.winner = winner
        if winner is None:
            self.result = {"winner": None, "reason": reason, "base": 0,
                           "steps": [], "total": 0}
        else:
            self.result = self._settle(winner, reason)
        # Gos that came to nothing (another player stopped first, or nobody
        # did): no penalty in these rules, but the end of the hand says so.
        self.result["failed_gos"] = [
            {"player": q, "gos": self.gos[q], "score": self.last_go[q]}
            for q in range(self.rules.players) if q != winner and self.gos[q]]
        self.cur = -1
        if self._ev is not None:
            self._ev.append(self.hand_over_event())

    def hand_over_event(self):
        return {"type": "hand-over", "winner": self.winner,
                "reason": self.result["reason"], "result": self.result,
                "returns": self.returns()}
