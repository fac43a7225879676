"""An independent referee for `stop`: it follows a game through its events
and recomputes every round's result and the game's from the rules text
(RULINGS §4, ``docs/rules-stop-engine.md``), never from the engine's
scoring.

It keeps each seat's hand from what the seats are told (the deal's and an
exchange's ``hand`` events, the drawer's own ``draw`` events, the turned +X
card, the cards each seat lays), and checks:

- every card laid is in its player's hand, and the ``left`` count is right;
- a play leaving one card needs "Achtung!", none "Stop!"; a missing call
  costs two cards (``forgot`` and a penalty draw), a called Stop on the last
  card ends the round at once (its effect does not apply);
- a Card Exchange passes every hand one seat the chosen way;
- a round's result: the seat that went out (called Stop on its last card)
  wins and scores 0; every other seat (every seat on a stall) scores its
  hand: Free Choice 50, +X 40, Card Exchange 30, 2 20, Skip 10, 9 9, 6 6,
  0 0, other numbers their face value; totals add up; the deal passes left;
- the game ends when a total reaches the target; the fewest points win, a
  tie shares the win: ``returns()`` gives each winner 1/len(winners).

Use: ``ref = StopReferee(game)`` on a fresh game, ``ref.step(player,
action, events)`` after each ``apply`` (the raw events, not filtered),
``ref.finish(game)`` at the end. It raises AssertionError on a difference.
"""
from collections import Counter

# Faces, from the documented layout (docs/rules-stop-engine.md): colour * 13
# + rank for the coloured cards (rank 0-9 numbers, 10 Skip, 11 Card
# Exchange, 12 +X) and 52 for Free Choice. Written out here, not imported.
FREE = 52
SKIP, EXCHANGE, PLUSX = 10, 11, 12
LANDING = ("play", "defend", "second", "interject", "cancel")


def minus_points(face):
    """A card's minus points, from the rules text."""
    if face == FREE:
        return 50
    r = face % 13
    if r == PLUSX:
        return 40
    if r == EXCHANGE:
        return 30
    if r == 2:
        return 20
    if r == SKIP:
        return 10
    return r            # 9 9, 6 6, 0 0, other numbers their face value


def call_due(left):
    return "stop" if left == 0 else "achtung" if left == 1 else None


class StopReferee:
    def __init__(self, g):
        self.n = g.num_players
        self.target = g.options["target"]
        v = g.view(0)
        self.scores = list(v["scores"])
        self.dealer = v["dealer"]
        self.round = v["round"]
        self.hands = [Counter(g.view(q)["hand"]) for q in range(self.n)]
        self.rounds = []            # (winner, points) per round, as recomputed
        self.winners = None
        self.forgot_due = None      # (player, call) a forgot event must follow

    # ---- the event stream -------------------------------------------------
    def step(self, player, action, events):
        for i, e in enumerate(events):
            t = e["type"]
            if self.forgot_due is not None and t != "forgot":
                raise AssertionError(f"{self.forgot_due}: the missed call was not punished")
            if t in LANDING:
                self._landed(e, events[i + 1:])
            elif t == "forgot":
                assert self.forgot_due == (e["player"], e["call"]), (self.forgot_due, e)
                self.forgot_due = None
            elif t == "draw" and "cards" in e:
                assert "only" in e and e["only"] == [e["player"]], e
                self.hands[e["player"]].update(e["cards"])
            elif t == "turned":
                if e["card"] is not None:
                    self.hands[e["player"]][e["card"]] += 1
            elif t == "exchanged":
                step = 1 if e["direction"] == "left" else -1
                new = [None] * self.n
                for q in range(self.n):
                    new[(q + step) % self.n] = self.hands[q]
                self.hands = new
                self.dealing = False
            elif t == "hand":
                q = e["player"]
                assert e.get("only") == [q], e
                if self.dealing:    # a new round's deal
                    self.hands[q] = Counter(e["cards"])
                else:       # after an exchange: the hand passed on, as counted
                    assert Counter(e["cards"]) == self.hands[q], (q, e["cards"], self.hands[q])
            elif t == "round_end":
                self._round_end(e, events[:i])
            elif t == "round_start":
                assert self.winners is None, "a round after the game's end"
                self.round += 1
                self.dealer = (self.dealer + 1) % self.n
                assert (e["round"], e["dealer"]) == (self.round, self.dealer), e
                self.hands = [Counter() for _ in range(self.n)]
                self.dealing = True
            elif t == "game_end":
                assert self.winners is not None, "the game ended below the target"
                assert e["winners"] == self.winners and e["scores"] == self.scores, e
        assert self.forgot_due is None, f"{self.forgot_due}: the missed call was not punished"
        self.dealing = False

    dealing = False

    def _landed(self, e, after):
        p, card, left = e["player"], e["card"], e["left"]
        assert self.hands[p][card] > 0, f"seat {p} laid {card} it does not hold"
        self.hands[p][card] -= 1
        if not self.hands[p][card]:
            del self.hands[p][card]
        assert sum(self.hands[p].values()) == left, (e, self.hands[p])
        if card == FREE and e["type"] == "play":
            return          # the call is checked with the second card
        need, made = call_due(left), e["call"]
        if need == "stop" and made == "stop":
            assert after and after[0]["type"] == "round_end", "a called Stop did not end the round"
            self.went_out = p
        elif need is not None and made != need:
            self.forgot_due = (p, need)

    went_out = None

    def _round_end(self, e, before):
        winner, self.went_out = self.went_out, None
        assert e["winner"] == winner, (e["winner"], winner)
        assert (e["reason"] == "stop") == (winner is not None), e
        points = []
        for q in range(self.n):
            cards = sorted(self.hands[q].elements())
            assert sorted(c["card"] for c in e["hands"][q]["cards"]) == cards, (q, e["hands"][q])
            points.append(0 if q == winner else sum(minus_points(c) for c in cards))
        assert e["points"] == points, (e["points"], points)
        self.scores = [s + x for s, x in zip(self.scores, points)]
        assert e["totals"] == self.scores, (e["totals"], self.scores)
        self.rounds.append((winner, points))
        if max(self.scores) >= self.target:
            best = min(self.scores)
            self.winners = [q for q in range(self.n) if self.scores[q] == best]

    # ---- the end ------------------------------------------------------------
    def finish(self, g):
        assert g.is_terminal() == (self.winners is not None)
        if self.winners is None:
            assert g.returns() == [0.0] * self.n
            return
        share = 1 / len(self.winners)
        expected = [share if q in self.winners else 0.0 for q in range(self.n)]
        assert g.returns() == expected, (g.returns(), expected)
        assert g.view(0)["winners"] == self.winners
        assert g.view(0)["scores"] == self.scores
