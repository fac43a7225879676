"""Computer players for `stop`.

``simple`` is the plain baseline: it plays the most expensive card it may
(Free Choice only when nothing else goes), always calls, always interjects,
always defends, passes hands left and never cancels an exchange.

The levels (``make("easy" | "normal" | "hard")``) share one hand-made policy
whose knobs differ: they keep their 0s for attacks, stack 2s and Skips, play
a card whose twin they hold (to interject it at once onto their own card),
aim attacks at a neighbour close to going out, choose the Card Exchange
direction by hand sizes and cancel an exchange that would hurt them, and save
the Free Choice for when it helps. They sometimes forget a call (``forget``)
and sometimes miss a chance to interject (``miss``); easy forgets and misses
most and adds noise to its choices. ``REACTION_MS`` is the delay the page
gives each level before it claims an interjection in the live race.
"""
from ..games.stop.actions import ACCEPT, DRAW, LEFT, PASS, RIGHT, decode
from ..games.stop.cards import (EXCHANGE, FREE, PLUSX, SKIP, colour, identical,
                                is_number, rank, value)
from ..games.stop.effects import passes_to, receives_from
from .base import Agent

#: Milliseconds before a computer player claims an interjection or a cancel
#: in the page's live race (the human sees a window of about this length).
REACTION_MS = {"easy": 1800, "normal": 1100, "hard": 650, "simple": 900}

LEVELS = {
    "easy": dict(forget=0.2, miss=0.35, noise=12.0, cunning=0.3),
    "normal": dict(forget=0.06, miss=0.1, noise=4.0, cunning=0.8),
    "hard": dict(forget=0.01, miss=0.0, noise=0.0, cunning=1.0),
}


def _by_face(legal):
    """{face: [action ids]} for the play actions in ``legal``."""
    out = {}
    for a in legal:
        d = decode(a)
        if d is not None:
            out.setdefault(d[0], []).append(a)
    return out


def _with_call(ids, forget, rng):
    """The id with the call (if one is offered), unless the call is forgotten."""
    if len(ids) == 1:
        return ids[0]
    if forget and rng.random() < forget:
        return min(ids)
    return max(ids)


def _received(view, direction):
    """Cards this player would receive from a Card Exchange passing that way."""
    me, n = view["player"], view["players"]
    giver = receives_from(me, direction, n)
    return view["hand_sizes"][giver]


class SimpleAgent(Agent):
    """The plain heuristic baseline."""
    name = "simple"

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "direction":
            return LEFT
        plays = _by_face(legal)
        if phase == "cancel":
            return PASS
        if phase == "interject" or phase == "second":
            f = max(plays, key=value)
            return max(plays[f])
        if phase == "defend":
            f = max(plays, key=value) if plays else None
            return max(plays[f]) if f is not None else ACCEPT
        others = [f for f in plays if f != FREE]
        if others:
            return max(plays[max(others, key=value)])
        if FREE in plays:
            return max(plays[FREE])
        return DRAW


class LevelAgent(Agent):
    def __init__(self, name, forget, miss, noise, cunning):
        self.name = name
        self.forget = forget
        self.miss = miss
        self.noise = noise
        self.cunning = cunning

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "direction":
            return self._direction(view, rng)
        plays = _by_face(legal)
        if phase == "interject":
            return self._interject(view, plays, rng)
        if phase == "cancel":
            return self._cancel(view, plays, rng)
        if phase == "second":
            f = max(plays, key=lambda f: self._second_score(view, f, rng))
            return plays[f][0]
        if phase == "defend":
            return self._defend(view, plays, rng)
        return self._play(view, plays, rng)

    # ---- helpers ------------------------------------------------------------
    def _call(self, ids, rng):
        return _with_call(ids, self.forget, rng)

    def _threat(self, view, seat):
        """How urgent it is to hold ``seat`` back (0 .. 1)."""
        k = view["hand_sizes"][seat]
        return {0: 1.0, 1: 1.0, 2: 0.7, 3: 0.4, 4: 0.2}.get(k, 0.05)

    def _direction(self, view, rng):
        if self.cunning < 1 and rng.random() > self.cunning:
            return LEFT if rng.random() < 0.5 else RIGHT
        left, right = _received(view, "left"), _received(view, "right")
        if left != right:
            return LEFT if left < right else RIGHT
        # Equal: give my own hand to whoever is closer to going out.
        me, n = view["player"], view["players"]
        return LEFT if (self._threat(view, passes_to(me, "left", n))
                        >= self._threat(view, passes_to(me, "right", n))) else RIGHT

    def _interject(self, view, plays, rng):
        hand = view["hand"]
        # Going out is never missed by the better levels.
        for f, ids in plays.items():
            if len(hand) == 1 and self.cunning >= 0.8:
                return self._call(ids, rng)
        if rng.random() < self.miss:
            return PASS
        f = max(plays, key=value)
        zeros = sum(1 for c in hand if is_number(c) and rank(c) == 0)
        if rank(f) == 0 and zeros <= 1 and len(hand) > 3 and rng.random() < self.cunning:
            return PASS   # keep the only 0 for defence
        return self._call(plays[f], rng)

    def _cancel(self, view, plays, rng):
        ex = view["exchange"]
        me = view["player"]
        if ex is None or ex["player"] == me:
            return PASS
        f = next(iter(plays))
        size = len(view["hand"])
        got = _received(view, ex["direction"])
        if rng.random() > self.cunning:
            return self._call(plays[f], rng) if rng.random() < 0.5 else PASS
        if got >= size or (size - 1 <= 1):
            return self._call(plays[f], rng)
        return PASS

    def _defend(self, view, plays, rng):
        att = view["attack"]
        hand = view["hand"]
        if not plays:
            return ACCEPT
        def score(f):
            s = value(f) * 0.5
            if rank(f) == 0:
                s = 8 if att["kind"] != "skip" else 1
                s += 10 * (att["amount"] >= 4)
            else:   # a stacked 2 or Skip: pushes the attack on
                s += 15 * self._threat(view, (view["player"] + 1) % view["players"])
            if len(hand) == 1:
                s += 100
            return s + rng.random() * self.noise
        f = max(plays, key=score)
        zeros = sum(1 for c in hand if is_number(c) and rank(c) == 0)
        if (att["kind"] == "skip" and rank(f) == 0 and zeros <= 1 and len(hand) > 2
                and rng.random() < self.cunning):
            return ACCEPT  # a skip costs a turn; keep the 0 for a worse attack
        return self._call(plays[f], rng)

    def _card_score(self, view, f, rng, after):
        """How good it is to get ``f`` out now; ``after`` = my hand without it."""
        me, n = view["player"], view["players"]
        nxt = (me + 1) % n
        s = value(f) * 0.6
        same = sum(1 for c in after if colour(c) == colour(f))
        s += 2.5 * same * self.cunning
        if is_number(f) and any(c in identical(f) for c in after):
            s += 30 * self.cunning     # interject the twin onto my own card
        r = rank(f)
        if r in (2, SKIP, PLUSX):
            s += 25 * self._threat(view, nxt) * self.cunning
        if r == 0:
            zeros = sum(1 for c in after if is_number(c) and rank(c) == 0)
            if zeros == 0 and len(after) > 2:
                s -= 12 * self.cunning
        if r == EXCHANGE:
            gain = len(after) - min(_received(view, "left"), _received(view, "right"))
            s += (6 * gain - 10) * self.cunning
        return s + (rng.random() * self.noise if self.noise else 0)

    def _second_score(self, view, f, rng):
        after = list(view["hand"])
        after.remove(f)
        return self._card_score(view, f, rng, after)

    def _play(self, view, plays, rng):
        hand = view["hand"]
        n = view["players"]
        me = view["player"]
        best, best_s = DRAW, -8.0
        danger = max(self._threat(view, q) for q in range(n) if q != me)
        for f, ids in plays.items():
            after = list(hand)
            after.remove(f)
            if f == FREE:
                if len(after) == 0:
                    continue
                if len(after) == 1 and after[0] != FREE:
                    return self._call(ids, rng)    # Free Choice + last card: Stop
                second = max((c for c in set(after) if c != FREE),
                             key=lambda c: self._card_score(view, c, rng, after))
                s = 25 + value(second) * 0.3 + 40 * danger * self.cunning
                s -= 30 * self.cunning * (len(plays) > 1)   # keep it while other plays exist
            else:
                if not after:
                    return self._call(ids, rng)
                s = self._card_score(view, f, rng, after)
            if s > best_s:
                best, best_s = f, s
        if best == DRAW:
            return DRAW
        return self._call(plays[best], rng)


def make(level):
    if level == "simple":
        return SimpleAgent()
    if level not in LEVELS:
        raise ValueError(f"no stop agent level {level!r}")
    return LevelAgent(level, **LEVELS[level])
