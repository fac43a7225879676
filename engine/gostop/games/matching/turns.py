"""The end of a turn, Go and Stop, and the end of the hand: the same in every
matching game (moved here from ``games/turns.py``).

Methods of ``MatchingGame`` (mixed in). They read the record's fields
(``turns_taken``, ``gos``, ``last_go``, ``flip_only``, ``turn``, ``mover``,
``phase_id``, ``rules`` with ``threshold``, ``hand_size``, ``turns_total``
and ``players``, and ``_events``: the event list, None when quiet); the
game provides

- ``DRAW``: the reason (and event type) of a hand nobody stopped;
- ``_base(p)``: player ``p``'s base score;
- ``_settle(winner, reason)``: the final payment, with its steps.
"""
from .phases import PLAY, GOSTOP, FLIP_ONLY, OVER


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
    __slots__ = ()
    DRAW = "draw"

    def _end_turn(self, p):
        """After a turn: the Go/Stop decision when the score allows, else on."""
        self.turns_taken[p] += 1
        self.phase_id = PLAY
        s = self._base(p)
        if (s > self.last_go[p]) if self.gos[p] else (s >= self.rules.threshold):
            self.phase_id = GOSTOP
            if self._events is not None:
                self._events.append({"type": "go-stop", "player": p, "score": s,
                                     "last_turn": self.turns_taken[p] >= self.rules.hand_size})
            return
        self._advance()

    def _advance(self):
        if self.turn >= self.rules.turns_total:
            if self._events is not None:
                self._events.append({"type": self.DRAW})
            self._finish(None, self.DRAW)
            return
        self.turn += 1
        q = (self.mover + 1) % self.rules.players
        self.mover = q
        self.phase_id = FLIP_ONLY if self.flip_only[q] else PLAY
        if self._events is not None:
            self._events.append({"type": "turn", "player": q, "turn": self.turn,
                                 "flip_only": bool(self.flip_only[q])})

    def _go(self, p):
        self.gos[p] += 1
        self.last_go[p] = s = self._base(p)
        if self._events is not None:
            self._events.append({"type": "go", "player": p, "count": self.gos[p],
                                 "score": s})
        self._advance()

    def _stop(self, p):
        if self._events is not None:
            self._events.append({"type": "stop", "player": p, "score": self._base(p)})
        self._finish(p, "stop")

    def _finish(self, winner, reason):
        self.phase_id = OVER
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
        self.mover = -1
        if self._events is not None:
            self._events.append(self.hand_over_event())

    def hand_over_event(self):
        return {"type": "hand-over", "winner": self.winner,
                "reason": self.result["reason"], "result": self.result,
                "returns": self.returns()}


__all__ = ["TurnsMixin", "shake_step", "check_lead"]
