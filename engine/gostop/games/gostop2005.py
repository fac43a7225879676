"""`go-stop-2005`: the simultaneous bidding game Go/Stop (B2F Games, 2005).

Rules: ``shared/rules/RULINGS.md`` §5. Each round every player holds five Go
cards and one Stop. A number card (1-10) is turned up at the right end of the
line each turn and every player secretly lays an action card under it. From the
turn on which everybody is down to one card, the leftmost number card is scored:
a lone Stop takes it, anything else discards it, and the pile goes back to its
owners. The first card taken makes the whole line score and ends the round.
Highest card taken wins the round (1 beats 10 when the 10 was taken); three
round wins take the game. Thirty turns without a take void the round.

Actions: ``GO`` = 0, ``STOP`` = 1. All players still to choose are "to move"
at once; a choice stays secret until its pile is opened.

Options: ``players`` (2-6, default 2) and, for rule examples and tests,
``deck``: the order in which the ten number cards of the first round are
turned up (a permutation of 1-10; later rounds are shuffled from the seed),
and ``wins``: the rounds each player has won before the first round (each
0-2). ``from_setup({"deck": [...], "wins": [...]})`` gives them as a setup.
"""
from ..core.game import Game
from ..core.rng import derive_seed, make_rng, shuffle

GO, STOP = 0, 1
GOS_PER_ROUND = 5
WINS_NEEDED = 3
SAFETY_TURNS = 30
NUMBERS = tuple(range(1, 11))


def round_winner(taken):
    """The winning (player, number) among this round's takes: the highest
    number, except that 1 beats 10 when the 10 was taken."""
    numbers = {n for _, n in taken}
    def strength(item):
        n = item[1]
        return 11 if (n == 1 and 10 in numbers) else n
    return max(taken, key=strength)


class GoStop2005(Game):
    game_id = "go-stop-2005"
    display_name = "Go/Stop (2005)"
    min_players = 2
    max_players = 6
    simultaneous = True
    # 1 to the game's winner: a share of a win that is never split
    returns_kind = "shares"
    levels = ("easy", "normal", "hard")

    @classmethod
    def normalize_options(cls, options):
        options = super().normalize_options(options)
        deck = options.get("deck")
        if deck is not None:
            if (not isinstance(deck, (list, tuple))
                    or not all(type(x) is int for x in deck)
                    or sorted(deck) != list(NUMBERS)):
                raise ValueError("go-stop-2005: deck must list the numbers 1-10 once each")
            options["deck"] = list(deck)
        wins = options.get("wins")
        if wins is not None:
            if (not isinstance(wins, (list, tuple)) or len(wins) != options["players"]
                    or not all(type(w) is int and 0 <= w < WINS_NEEDED for w in wins)):
                raise ValueError(f"go-stop-2005: wins must give each of the "
                                 f"{options['players']} players 0 to {WINS_NEEDED - 1} rounds")
            options["wins"] = list(wins)
        return options

    @classmethod
    def from_setup(cls, setup, seed=0, **options):
        """A game from an explicit start: ``setup`` = ``{"deck": [...]}`` (the
        order the first round's number cards are turned up, a permutation of
        1-10) and optionally ``"wins"`` (rounds already won by each player).
        Everything else of a round (the hands: 5 Go + 1 Stop, the empty line)
        is fixed by the rules, and a position inside a round is reached by
        playing the choices from this start. Kept in the options, so the save
        restores by replay."""
        if not isinstance(setup, dict) or "deck" not in setup:
            raise ValueError("go-stop-2005: setup must be a dict with a 'deck'")
        extra = set(setup) - {"deck", "wins"}
        if extra:
            raise ValueError(f"go-stop-2005: unknown setup keys {sorted(extra)}")
        options = dict(options, **setup)
        if "wins" in setup and isinstance(setup["wins"], (list, tuple)):
            options.setdefault("players", len(setup["wins"]))
        return cls(seed, **options)

    @classmethod
    def sample_world(cls, view, rng, stop_weight=None):
        """A full state consistent with ``view`` (module ``sample_world``;
        ``stop_weight`` is the hard computer player's prior)."""
        return sample_world(view, rng, stop_weight)

    # ---- setup ------------------------------------------------------------
    def _setup(self):
        self.rng = make_rng(derive_seed(self.seed, 2005))
        self.wins = list(self.options.get("wins") or [0] * self.num_players)
        self.round_no = 0
        self.void_rounds = 0
        self.winner = -1
        self.last_round = None  # summary of the last finished round
        self._start_round([])

    def _start_round(self, events):
        n = self.num_players
        self.round_no += 1
        first = self.options.get("deck")
        if self.round_no == 1 and first is not None and self.void_rounds == 0:
            self.deck = list(reversed(first))   # the end of the list is the top
        else:
            self.deck = shuffle(self.rng, list(NUMBERS))
        self.line = []          # [[number, pile]]; pile = per-player action
        self.discards = []
        self.gos = [GOS_PER_ROUND] * n
        self.stop_in_hand = [True] * n
        self.turn = 0
        self.taken = []         # (player, number) this round
        self.revealed = []      # opened piles this round, in order
        events.append({"type": "round_start", "round": self.round_no})
        self._open_card(events)

    def _open_card(self, events):
        if not self.deck:
            self.deck = shuffle(self.rng, self.discards)
            self.discards = []
            events.append({"type": "deck_reshuffled", "cards": len(self.deck)})
        number = self.deck.pop()
        self.line.append([number, None])
        self.turn += 1
        self.choices = [None] * self.num_players
        events.append({"type": "number_opened", "number": number,
                       "turn": self.turn})

    # ---- protocol ---------------------------------------------------------
    def to_move(self):
        if self.winner >= 0:
            return ()
        return tuple(p for p, c in enumerate(self.choices) if c is None)

    @property
    def phase(self):
        return "over" if self.winner >= 0 else "choose"

    def is_terminal(self):
        return self.winner >= 0

    def returns(self):
        if self.winner < 0:
            return [0.0] * self.num_players
        return [1.0 if p == self.winner else 0.0 for p in range(self.num_players)]

    def _legal(self, player):
        if self.choices[player] is not None:
            return []
        legal = []
        if self.gos[player] > 0:
            legal.append(GO)
        if self.stop_in_hand[player]:
            legal.append(STOP)
        return legal

    def action_label(self, action):
        return {GO: "Go", STOP: "Stop"}.get(action, f"?{action}")

    def describe_action(self, action):
        """``{"kind": "go" | "stop", "number": n}``: the action card laid
        under the number card ``n`` turned up this turn."""
        if type(action) is not int or action not in (GO, STOP):
            raise ValueError(f"go-stop-2005: no action {action!r}")
        number = self.line[-1][0] if self.line else None
        return {"kind": "go" if action == GO else "stop", "number": number}

    def hand_size(self, player):
        return self.gos[player] + (1 if self.stop_in_hand[player] else 0)

    def _apply(self, player, action):
        self.choices[player] = action
        if action == STOP:
            self.stop_in_hand[player] = False
        else:
            self.gos[player] -= 1
        events = [
            {"type": "chose", "player": player, "action": action, "only": [player]},
            {"type": "chose", "player": player, "hide": [player]},
        ]
        if any(c is None for c in self.choices):
            return events
        self._resolve_turn(events)
        return events

    # ---- resolution -------------------------------------------------------
    def _resolve_turn(self, events):
        self.line[-1][1] = self.choices
        events.append({"type": "pile_placed", "number": self.line[-1][0]})
        if self.hand_size(0) > 1:       # all hands shrink together
            self._open_card(events)
            return
        took = self._score_leftmost(events)
        if took:
            while self.line:
                self._score_leftmost(events)
            self._end_round(events)
        elif self.turn >= SAFETY_TURNS:
            self.void_rounds += 1
            events.append({"type": "round_void", "round": self.round_no,
                           "turns": self.turn})
            self.last_round = {"round": self.round_no, "void": True,
                               "taken": [], "winner": -1}
            self.round_no -= 1  # the void round is played again
            self._start_round(events)
        else:
            self._open_card(events)

    def _score_leftmost(self, events):
        number, pile = self.line.pop(0)
        stoppers = [p for p, a in enumerate(pile) if a == STOP]
        taker = stoppers[0] if len(stoppers) == 1 else -1
        if taker >= 0:
            self.taken.append((taker, number))
        else:
            self.discards.append(number)
        for p, a in enumerate(pile):
            if a == STOP:
                self.stop_in_hand[p] = True
            else:
                self.gos[p] += 1
        self.revealed.append({"number": number, "pile": list(pile), "taker": taker})
        events.append({"type": "pile_opened", "number": number,
                       "pile": list(pile), "taker": taker})
        return taker >= 0

    def _end_round(self, events):
        player, number = round_winner(self.taken)
        self.wins[player] += 1
        self.last_round = {"round": self.round_no, "void": False,
                           "taken": [list(t) for t in self.taken],
                           "winner": player, "number": number}
        events.append({"type": "round_won", "round": self.round_no,
                       "player": player, "number": number,
                       "taken": [list(t) for t in self.taken]})
        if self.wins[player] >= WINS_NEEDED:
            self.winner = player
            self.choices = [0] * self.num_players  # nobody to move
            events.append({"type": "game_won", "player": player,
                           "wins": list(self.wins)})
        else:
            self._start_round(events)

    # ---- views ------------------------------------------------------------
    def view(self, player):
        n = self.num_players
        line = []
        for number, pile in self.line:
            line.append({"number": number,
                         "mine": None if pile is None else pile[player]})
        return {
            "game": self.game_id,
            "player": player,
            "players": n,
            "round": self.round_no,
            "turn": self.turn,
            "wins": list(self.wins),
            "winner": self.winner,
            "line": line,
            "deck": len(self.deck),
            "discards": sorted(self.discards),
            "hand": {"go": self.gos[player], "stop": self.stop_in_hand[player]},
            "hand_sizes": [self.hand_size(p) for p in range(n)],
            "my_choice": self.choices[player] if self.winner < 0 else None,
            "chosen": [c is not None for c in self.choices],
            "taken": [list(t) for t in self.taken],
            "revealed": [dict(r, pile=list(r["pile"])) for r in self.revealed],
            "last_round": self.last_round,
            "void_rounds": self.void_rounds,
            "scoring": self.hand_size(player) <= 2 if self.winner < 0 else False,
        }

    def clone(self):
        g = object.__new__(GoStop2005)
        g.__dict__.update(self.__dict__)
        g.options = dict(self.options)
        g.history = list(self.history)
        g.rng = make_rng(0)
        g.rng.setstate(self.rng.getstate())
        g.wins = list(self.wins)
        g.deck = list(self.deck)
        g.line = [[n, None if p is None else list(p)] for n, p in self.line]
        g.discards = list(self.discards)
        g.gos = list(self.gos)
        g.stop_in_hand = list(self.stop_in_hand)
        g.taken = list(self.taken)
        g.revealed = [dict(r) for r in self.revealed]
        g.choices = list(self.choices)
        return g


def sample_world(view, rng, stop_weight=None):
    """A full state consistent with ``view``, for the computer players.

    Unknown to the viewer: the order of the deck (the number cards neither in
    the line, the discards nor taken), the others' choices in unopened piles and
    the others' choices already made this turn. Each other player's one Stop is
    put in their hand or in one of their unopened piles, uniformly, and the
    rest of their cards are Go. ``stop_weight(number)``, if given, weights
    the piles by how likely a Stop is under that number (the hand weighs 1).
    """
    me = view["player"]
    n = view["players"]
    g = object.__new__(GoStop2005)
    g.seed = 0
    g.options = {"players": n}
    g.num_players = n
    g.history = []
    g.rng = make_rng(rng.getrandbits(64))
    g.wins = list(view["wins"])
    g.round_no = view["round"]
    g.void_rounds = view["void_rounds"]
    g.winner = view["winner"]
    g.last_round = view["last_round"]
    g.turn = view["turn"]
    g.taken = [tuple(t) for t in view["taken"]]
    g.revealed = [dict(r) for r in view["revealed"]]
    g.discards = list(view["discards"])
    seen = {c["number"] for c in view["line"]} | set(g.discards) | {t[1] for t in g.taken}
    g.deck = shuffle(rng, [x for x in NUMBERS if x not in seen])
    current_chosen = view["chosen"]
    g.line = [[c["number"], None if c["mine"] is None else [GO] * n] for c in view["line"]]
    g.choices = [None] * n
    g.gos = [0] * n
    g.stop_in_hand = [False] * n
    size = view["hand_sizes"]
    for p in range(n):
        if p == me:
            for cell, c in zip(g.line, view["line"]):
                if c["mine"] is not None:
                    cell[1][p] = c["mine"]
            g.choices[p] = view["my_choice"]
            g.gos[p] = view["hand"]["go"]
            g.stop_in_hand[p] = view["hand"]["stop"]
            continue
        # Where may p's Stop be: an unopened pile, this turn's hidden choice,
        # or the hand (if the hand is not empty).
        slots = [("pile", i) for i, cell in enumerate(g.line) if cell[1] is not None]
        if current_chosen[p]:
            slots.append(("choice", None))
        if size[p] > 0:
            slots.append(("hand", None))
        where = _pick_slot(slots, g.line, stop_weight, rng)
        if current_chosen[p]:
            g.choices[p] = STOP if where[0] == "choice" else GO
        if where[0] == "pile":
            g.line[where[1]][1][p] = STOP
        g.stop_in_hand[p] = where[0] == "hand"
        g.gos[p] = size[p] - (1 if g.stop_in_hand[p] else 0)
    return g


def _pick_slot(slots, line, stop_weight, rng):
    if not slots:
        return ("hand", None)
    if stop_weight is None:
        return slots[rng.randrange(len(slots))]
    weights = [stop_weight(line[i][0]) if kind == "pile" else 1.0
               for kind, i in slots]
    r = rng.random() * sum(weights)
    for slot, w in zip(slots, weights):
        r -= w
        if r < 0:
            return slot
    return slots[-1]

