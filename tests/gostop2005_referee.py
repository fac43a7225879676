"""An independent referee for `go-stop-2005`: it follows a game through the
players' choices and the game's events and recomputes, from the rules text
(``/work/shared/rules`` go-stop-2005.txt, RULINGS §5), never from the
engine, every pile's taker, every round's winner, void rounds and the game's
winner.

The only thing it takes from the engine is the order the shuffled number
cards come up (``number_opened``), and it checks that each one could come
up: a card of this round's deck, or of the discards once the deck is empty
(``deck_reshuffled``).

The rules it applies:

- each round every player holds 5 Go + 1 Stop; a number card is turned up
  at the right end of the line each turn and every player lays one card
  under it, face down;
- while every hand holds two or more cards nothing is scored; when every
  hand is down to one card the leftmost number card is scored: exactly one
  Stop takes it, anything else discards it, and the cards under it go back
  to their owners;
- a card taken makes every other card in the line score the same way, left
  to right, and ends the round; the highest card taken wins the round,
  except that 1 beats 10 when the 10 was taken this round;
- 30 turns without a take void the round: it is played again from a fresh
  start and counts for nobody;
- three round wins take the game: ``returns()`` is 1 for the winner, 0 for
  the others.

Use: ``ref = Referee2005(game)`` on a fresh game, ``ref.step(player,
action, events)`` after each ``apply`` (the raw events), ``ref.finish(game)``
at the end. It raises AssertionError on a difference.
"""
GO, STOP = 0, 1            # the documented action ids
ROUND_WINS = 3
VOID_AFTER = 30


def strongest(taken):
    """The (player, number) winning a round from its takes."""
    numbers = [n for _, n in taken]
    best = None
    for player, n in taken:
        rank = 11 if n == 1 and 10 in numbers else n
        if best is None or rank > best[0]:
            best = (rank, player, n)
    return best[1], best[2]


class Referee2005:
    def __init__(self, g):
        self.n = g.num_players
        v = g.view(0)
        self.wins = list(v["wins"])
        self.round = v["round"]
        self.winner = None
        self.rounds = []              # (player, number) per won round; None for a void
        self._new_round(first=[c["number"] for c in v["line"]])

    def _new_round(self, first=()):
        self.deck = set(range(1, 11))
        self.discards = []
        self.line = []                # [number, pile or None]
        self.taken = []
        self.go = [5] * self.n
        self.stop = [True] * self.n
        self.turn = 0
        self.choices = [None] * self.n
        for number in first:
            self._opened(number)

    def _opened(self, number):
        assert number in self.deck, f"{number} cannot come up (deck {sorted(self.deck)})"
        self.deck.discard(number)
        self.line.append([number, None])
        self.turn += 1

    def _expect(self, events, kind, **fields):
        assert events, f"expected {kind}, the events ended"
        e = events.pop(0)
        assert e["type"] == kind, f"expected {kind}, got {e}"
        for k, v in fields.items():
            assert e[k] == v, f"{kind}: {k} is {e[k]!r}, the rules give {v!r}"
        return e

    def _open_next(self, events):
        if not self.deck:
            e = self._expect(events, "deck_reshuffled")
            assert e["cards"] == len(self.discards)
            self.deck, self.discards = set(self.discards), []
        e = self._expect(events, "number_opened", turn=self.turn + 1)
        self._opened(e["number"])

    def _score_leftmost(self, events):
        number, pile = self.line.pop(0)
        stops = [p for p in range(self.n) if pile[p] == STOP]
        taker = stops[0] if len(stops) == 1 else -1
        self._expect(events, "pile_opened", number=number, pile=pile, taker=taker)
        for p in range(self.n):           # the cards go back to their owners
            if pile[p] == STOP:
                self.stop[p] = True
            else:
                self.go[p] += 1
        if taker >= 0:
            self.taken.append((taker, number))
        else:
            self.discards.append(number)
        return taker >= 0

    def step(self, player, action, events):
        assert self.winner is None, "an action after the game's end"
        events = [e for e in events if e["type"] != "chose"]
        assert self.choices[player] is None, f"{player} chose twice in a turn"
        if action == STOP:
            assert self.stop[player], f"{player} laid a Stop it does not hold"
            self.stop[player] = False
        else:
            assert self.go[player] > 0, f"{player} laid a Go it does not hold"
            self.go[player] -= 1
        self.choices[player] = action
        if None in self.choices:
            assert not events, f"a turn resolved before everybody chose: {events}"
            return
        self.line[-1][1], self.choices = self.choices, [None] * self.n
        self._expect(events, "pile_placed", number=self.line[-1][0])
        hands = {self.go[p] + self.stop[p] for p in range(self.n)}
        assert len(hands) == 1, f"hands of different sizes {hands}"
        if hands.pop() > 1:
            self._open_next(events)
        elif self._score_leftmost(events):
            while self.line:
                self._score_leftmost(events)
            player, number = strongest(self.taken)
            self._expect(events, "round_won", player=player, number=number,
                         taken=[list(t) for t in self.taken])
            self.rounds.append((player, number))
            self.wins[player] += 1
            if self.wins[player] >= ROUND_WINS:
                self._expect(events, "game_won", player=player, wins=self.wins)
                self.winner = player
            else:
                self.round += 1
                self._expect(events, "round_start", round=self.round)
                self._new_round()
                self._open_next(events)
        elif self.turn >= VOID_AFTER:
            self._expect(events, "round_void", turns=self.turn)
            self.rounds.append(None)
            self._expect(events, "round_start", round=self.round)
            self._new_round()
            self._open_next(events)
        else:
            self._open_next(events)
        assert not events, f"events the rules do not call for: {events}"

    def finish(self, g):
        assert g.is_terminal() == (self.winner is not None)
        expected = [0.0] * self.n
        if self.winner is not None:
            expected[self.winner] = 1.0
        assert g.returns() == expected, (g.returns(), expected)
        assert g.view(0)["wins"] == self.wins


def conserved(g):
    """Nothing is lost or made: the number cards 1-10 are each in one place
    (line, deck, discards, taken this round) and, until the end, every player
    owns 5 Go + 1 Stop (in hand, in the line's piles or chosen this turn)."""
    cards = [c[0] for c in g.line] + g.deck + g.discards + [t[1] for t in g.taken]
    assert sorted(cards) == list(range(1, 11)), cards
    assert len(g.line) <= 5
    if g.is_terminal():
        return
    for p in range(g.num_players):
        laid = [cell[1][p] for cell in g.line if cell[1] is not None]
        if g.choices[p] is not None:
            laid.append(g.choices[p])
        gos = g.gos[p] + laid.count(GO)
        stops = int(g.stop_in_hand[p]) + laid.count(STOP)
        assert (gos, stops) == (5, 1), (p, gos, stops)
