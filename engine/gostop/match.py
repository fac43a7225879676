"""Matches, hand records and statistics: what outlives one hand.

A *hand record* (``hand_record``) is a finished game kept as data: its game,
seed, options and actions (enough to deal it again and replay it move by
move), plus what the summaries need (each seat's result, who won, the Gos
called). JSON-safe.

A *match* (``Match``, RULINGS section 6: "match play") is a series of hands
of one matching game (matgo, gostop, stopgo) with a running total per seat:
- each hand's points are its ``returns()`` times the hand's multiplier;
- a hand nobody won (nagari) doubles the next one; two in a row, four times
  (our ruling: each nagari doubles again, as at most Korean tables);
- the winner of a hand leads the next (the ``lead`` option); after a nagari
  the same seat leads again;
- the match ends after ``hands`` hands (nagari included) or as soon as a
  seat's total reaches ``target`` points, whichever is set (both: the first
  reached);
- ``stake``: money per point, shown as winnings (0: none).
Hand k is dealt from ``derive_seed(match seed, k)``, so a match is a pure
function of its seed and the actions taken, like a game.

``Stats`` are one player's running figures for one game (hands, wins,
points, biggest win, Go success, streaks), fed hand records.
"""
from .core import safejson
from .core.errors import SaveError
from .core.game import MAX_SEED, is_whole
from .core.registry import make
from .core.rng import derive_seed

MATCH_FORMAT = "gostop-match"
MATCH_VERSION = 1
MATCH_GAMES = ("matgo", "gostop", "stopgo")
MAX_HANDS = 100          # the longest match the setup offers
MAX_TARGET = 100_000
MAX_STAKE = 1_000_000


def _number(x):
    """A payment as the save keeps it (gostop's losers may pay a fraction)."""
    return int(x) if float(x).is_integer() else round(float(x), 4)


def hand_record(game, human=0):
    """A finished game as data (see the module doc). ``human``: the seat
    whose Gos and result the statistics follow."""
    if not game.is_terminal():
        raise ValueError("hand_record: the game is not over")
    returns = [_number(x) for x in game.returns()]
    best = max(returns)
    own = getattr(game, "winner", None)     # the matching games say who won (None: nagari)
    if game.game_id in MATCH_GAMES:
        # (a nagari may still move points: matgo's first-ppuk payments)
        winners = [own] if isinstance(own, int) and own >= 0 else []
    else:
        winners = [p for p, x in enumerate(returns) if x == best] if best > 0 else []
    view = game.view(human)
    return {
        "game": game.game_id,
        "seed": game.seed,
        "options": dict(game.options),
        "actions": [[p, a] for p, a in game.history],
        "returns": returns,
        "winner": winners[0] if winners else None,
        "winners": winners,         # stop: the winners share the game
        "gos": list(view.get("gos") or [0] * game.num_players),
        "first": view.get("first"),
        # payments made during the hand whoever wins (matgo's first ppuk)
        "side": [_number(x) for x in (getattr(game, "side_net", None) or [0] * game.num_players)],
    }


class Match:
    def __init__(self, game_id, options, level, seed, hands=0, target=0, stake=0):
        if game_id not in MATCH_GAMES:
            raise ValueError(f"match: no match play for {game_id!r}")
        if not is_whole(seed) or not 0 <= seed < MAX_SEED:
            raise ValueError(f"match: seed must be a whole number from 0 to 2^53-1, got {seed!r}")
        for name, value, top in (("hands", hands, MAX_HANDS), ("target", target, MAX_TARGET),
                                 ("stake", stake, MAX_STAKE)):
            if not is_whole(value) or not 0 <= value <= top:
                raise ValueError(f"match: {name} must be a whole number from 0 to {top}, got {value!r}")
        if not hands and not target:
            raise ValueError("match: give a number of hands, a target, or both")
        options = dict(options or {})
        options.pop("lead", None)
        options = dict(make(game_id, 0, **options).options)   # checked and completed
        self.game_id = game_id
        self.options = options
        self.level = str(level)
        self.seed = seed
        self.limit = hands
        self.target = target
        self.stake = stake
        self.hands = []                  # hand records, each with its "multiplier"

    # ---- the next hand -----------------------------------------------------------
    def multiplier(self):
        """The next hand's multiplier: 2 for each nagari just before it.
        (Matgo's first-ppuk payments are paid in a nagari too, and multiplied.)"""
        m = 1
        for h in reversed(self.hands):
            if h["winner"] is not None:
                break
            m *= 2
        return m

    def next_hand(self):
        """(seed, options) of the next hand to deal."""
        if self.is_over():
            raise ValueError("match: the match is over")
        options = dict(self.options)
        if self.hands:
            last = self.hands[-1]
            lead = last["winner"] if last["winner"] is not None else last["first"]
            if lead is not None:
                options["lead"] = lead
        return derive_seed(self.seed, len(self.hands)) % MAX_SEED, options

    def is_current(self, game):
        """True when ``game`` is the hand this match deals next."""
        seed, options = self.next_hand() if not self.is_over() else (None, None)
        return game.game_id == self.game_id and game.seed == seed and game.options == options

    def record(self, game, human=0):
        """Counts the finished ``game`` if it is the match's next hand;
        returns its record, or None (another game, or counted already)."""
        if self.is_over() or not game.is_terminal() or not self.is_current(game):
            return None
        rec = hand_record(game, human)
        rec["multiplier"] = self.multiplier()
        # the multiplier doubles the hand's result, not what was paid during it
        rec["points"] = [_number((x - s) * rec["multiplier"] + s) for x, s in zip(rec["returns"], rec["side"])]
        self.hands.append(rec)
        return rec

    # ---- standings ---------------------------------------------------------------
    @property
    def players(self):
        return make(self.game_id, 0, **self.options).num_players

    def totals(self):
        out = [0] * self.players
        for h in self.hands:
            for p, x in enumerate(h["points"]):
                out[p] += x
        return [_number(x) for x in out]

    def is_over(self):
        if self.limit and len(self.hands) >= self.limit:
            return True
        return bool(self.target) and any(t >= self.target for t in self.totals())

    def summary(self):
        """Winner(s), biggest hand, each seat's Go success, nagari count."""
        totals = self.totals()
        top = max(totals)
        biggest = None
        for i, h in enumerate(self.hands):
            if h["winner"] is not None and (biggest is None or h["points"][h["winner"]] > biggest["points"]):
                biggest = {"hand": i + 1, "seat": h["winner"], "points": h["points"][h["winner"]]}
        gos = []
        for p in range(self.players):
            called = [h for h in self.hands if h["gos"][p]]
            gos.append({"hands": len(called), "won": sum(1 for h in called if h["winner"] == p)})
        return {
            "hands": len(self.hands),
            "totals": totals,
            "winnings": [_number(t * self.stake) for t in totals] if self.stake else None,
            "leaders": [p for p, t in enumerate(totals) if t == top],
            "biggest": biggest,
            "gos": gos,
            "nagari": sum(1 for h in self.hands if h["winner"] is None),
            "over": self.is_over(),
        }

    # ---- saves -----------------------------------------------------------------------
    def to_json(self):
        return {"format": MATCH_FORMAT, "version": MATCH_VERSION, "game": self.game_id,
                "options": self.options, "level": self.level, "seed": self.seed,
                "hands_limit": self.limit, "target": self.target, "stake": self.stake,
                "hands": self.hands}

    @classmethod
    def load(cls, text):
        """Restores a saved match or raises SaveError with a one-line reason:
        the hands are dealt again and replayed, so a tampered record cannot
        stand for a hand that was not played."""
        try:
            data = safejson.loads(text, max_chars=4_000_000, what="the match")
        except ValueError as e:
            raise SaveError(str(e)) from None
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise SaveError("the match is not a match of ours")
        if data.get("version") != MATCH_VERSION:
            raise SaveError(f"the match has version {data.get('version')!r}, this site reads {MATCH_VERSION}")
        try:
            m = cls(data.get("game"), data.get("options"), data.get("level"), data.get("seed"),
                    data.get("hands_limit", 0), data.get("target", 0), data.get("stake", 0))
            hands = data.get("hands")
            if not isinstance(hands, list) or len(hands) > MAX_HANDS * 10:
                raise ValueError("its hands are not a list")
            for h in hands:
                if m.is_over():
                    raise ValueError("it has hands after its end")
                seed, options = m.next_hand()
                game = make(m.game_id, seed, **options)
                for p, a in h["actions"]:
                    game.apply(a, p)
                if m.record(game) is None:
                    raise ValueError("a hand is not over")
        except SaveError:
            raise
        except Exception as e:  # noqa: BLE001 - any failure is a bad save
            raise SaveError(f"the match does not replay: {e}") from None
        return m


class Stats:
    """One player's figures for one game, fed hand records (``add``)."""

    FIELDS = ("hands", "wins", "losses", "draws", "points", "biggest", "gos", "go_wins",
              "streak", "best_streak")

    def __init__(self, data=None):
        data = data if isinstance(data, dict) else {}
        for f in self.FIELDS:
            x = data.get(f, 0)
            setattr(self, f, x if isinstance(x, (int, float)) and not isinstance(x, bool) else 0)

    def add(self, record, human=0):
        pay = record.get("points", record["returns"])[human]
        self.hands += 1
        self.points = _number(self.points + pay)
        if human in record["winners"]:
            self.wins += 1
            self.biggest = max(self.biggest, pay)
            self.streak = max(self.streak, 0) + 1
            self.best_streak = max(self.best_streak, self.streak)
        elif record["winner"] is None:
            self.draws += 1
        else:
            self.losses += 1
            self.streak = min(self.streak, 0) - 1
        if record["gos"][human]:
            self.gos += 1
            self.go_wins += human in record["winners"]

    def go_rate(self):
        """The share of hands with a Go of yours that you won, or None."""
        return self.go_wins / self.gos if self.gos else None

    def to_json(self):
        return {f: getattr(self, f) for f in self.FIELDS}
