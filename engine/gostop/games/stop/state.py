"""`stop`: the shedding game (RULINGS §4): setup, turn flow and the protocol.

State (all faces, see ``cards``): ``hands``, ``stock`` (top = end), ``pile``
(top = end; ``fc_under`` when the top card was laid with a Free Choice),
``turn`` (who plays next), ``attack`` (``[kind, amount]`` aimed at ``turn``:
``draw2``/``skip``/``plusx``), ``phase`` (``play``, ``second``, ``direction``,
``window``, ``over``), ``window`` (see ``windows``), the score sheet.

Options: ``players`` (2-6, default 4), ``interjection`` (``relaxed`` default
or ``race``, see ``windows``), ``target`` (minus points ending the game,
default 500) and, for rule vectors, ``setup``: the first round's ``hands``,
``pile`` (last = top; its effect does not apply), ``stock`` (first = top),
``dealer`` and ``scores``.
"""
from collections import Counter

from ...core.game import Game
from ...core.rng import derive_seed, make_rng, shuffle
from . import effects, views, windows
from .actions import ACCEPT, DRAW, LEFT, PASS, RIGHT, call_needed, decode, label, play_id
from .cards import (FREE, HAND_SIZE, SKIP, colour, colour_name, face, full_deck, matches,
                    rank, rank_name)
from .scoring import returns as _returns

ROUND_LIMIT = 3000  # actions in one round before it is called a stall (safety)
_STOP_TAG = 0x5709


def _with_calls(faces, left):
    need = call_needed(left)
    out = []
    for f in faces:
        out.append(f)
        if need is not None:
            out.append(play_id(f, need))
    return out


class Stop(Game):
    game_id = "stop"
    display_name = "Stop"
    min_players = 2
    max_players = 6
    # an interjection or cancel window asks every eligible seat at once
    simultaneous = True
    returns_kind = "shares"
    levels = ("easy", "normal", "hard")

    @classmethod
    def normalize_options(cls, options):
        options.setdefault("players", 4)
        options = super().normalize_options(options)
        mode = options.setdefault("interjection", "relaxed")
        if mode not in ("relaxed", "race"):
            raise ValueError("stop: interjection must be 'relaxed' or 'race'")
        target = options.setdefault("target", 500)
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise ValueError("stop: target must be a positive int")
        setup = options.get("setup")
        if setup is not None:
            options["setup"] = _check_setup(setup, options["players"])
        return options

    @classmethod
    def from_setup(cls, setup, seed=0, **options):
        """A hand-made first round (``setup``: ``hands``, one list of faces per
        seat; ``pile``, last = top = the start card, whose effect does not
        apply; ``stock``, first = top; ``dealer``, who plays first;
        ``scores``). The setup is kept in the options, so the save
        (``to_json``) restores by replay like any other game."""
        if not isinstance(setup, dict):
            raise ValueError("stop: setup must be a dict")
        options = dict(options)
        options["setup"] = dict(setup)
        if isinstance(setup.get("hands"), list):
            options.setdefault("players", len(setup["hands"]))
        return cls(seed, **options)

    @classmethod
    def sample_world(cls, view, rng):
        """A full state consistent with ``view`` (``views.sample_world``)."""
        return views.sample_world(view, rng)

    # ---- setup ----------------------------------------------------------------
    def _setup(self):
        n = self.num_players
        self.rng = make_rng(derive_seed(self.seed, _STOP_TAG))
        self.target = self.options["target"]
        setup = self.options.get("setup") or {}
        self.scores = list(setup.get("scores", [0] * n))
        self.sheet = []
        self.round_no = 0
        self.dealer = setup.get("dealer", 0)
        self.winners = []
        self.phase_name = "play"
        self.start_round([])

    def start_round(self, events):
        n = self.num_players
        self.round_no += 1
        setup = self.options.get("setup")
        self.hands = [[] for _ in range(n)]
        if self.round_no == 1 and setup is not None:
            self.hands = [sorted(h) for h in setup["hands"]]
            self.pile = list(setup["pile"])
            self.stock = list(reversed(setup.get("stock", [])))
        else:
            self.stock = shuffle(self.rng, full_deck())
            for _ in range(HAND_SIZE):
                for k in range(n):
                    self.hands[(self.dealer + 1 + k) % n].append(self.stock.pop())
            for h in self.hands:
                h.sort()
            while self.stock[-1] == FREE:   # a Free Choice goes back under the stock
                self.stock.insert(0, self.stock.pop())
            self.pile = [self.stock.pop()]
        self.fc_under = False
        self.turn = self.dealer
        self.layer = self.dealer
        self.attack = None
        self.window = None
        self.actor = -1
        self.fc_call = None
        self.exchanger = -1
        self.exchange_dir = None
        self.calls = [None] * n
        self.stall = 0
        self.round_steps = 0
        self.phase = "play"
        events.append({"type": "round_start", "round": self.round_no, "dealer": self.dealer,
                       "start": self.pile[-1], "hand_sizes": [len(h) for h in self.hands]})
        for q in range(n):
            events.append({"type": "hand", "player": q, "cards": list(self.hands[q]),
                           "only": [q]})
        windows.open_window(self, "interject", self.dealer, events)

    # ---- protocol -----------------------------------------------------------
    @property
    def phase(self):
        p = self.phase_name
        if p == "window":
            return self.window["kind"]
        if p == "play" and self.attack:
            return "defend"
        return p

    @phase.setter
    def phase(self, value):
        self.phase_name = value

    def to_move(self):
        p = self.phase_name
        if p == "over":
            return ()
        if p == "window":
            return tuple(windows.pending(self))
        if p in ("second", "direction"):
            return (self.actor,)
        return (self.turn,)

    def is_terminal(self):
        return self.phase_name == "over"

    def returns(self):
        return _returns(self)

    def _legal(self, player):
        p = self.phase_name
        hand = self.hands[player]
        if p == "window":
            w = self.window
            if player not in w["eligible"] or player in w["answers"]:
                return []
            faces = [f for f in w["faces"] if f in hand]
            return sorted(_with_calls(faces, len(hand) - 1) + [PASS])
        if p == "second":
            return sorted({f for f in hand if f != FREE})
        if p == "direction":
            return [LEFT, RIGHT]
        if p != "play" or player != self.turn:
            return []
        top = self.pile[-1]
        faces = sorted(set(hand))
        if self.attack:
            kind = self.attack[0]
            zero = face(colour(top), 0)
            ok = [f for f in faces if f == zero
                  or (kind == "draw2" and rank(f) == 2)
                  or (kind == "skip" and rank(f) == SKIP)]
            return sorted(_with_calls(ok, len(hand) - 1) + [ACCEPT])
        ok = [f for f in faces if f != FREE and matches(top, f)]
        acts = _with_calls(ok, len(hand) - 1)
        if FREE in hand and len(hand) > hand.count(FREE):
            acts += _with_calls([FREE], len(hand) - 2)
        acts.append(DRAW)
        return sorted(acts)

    def _apply(self, player, action):
        events = []
        p = self.phase_name
        self.round_steps += 1
        if p == "window":
            windows.answer(self, player, action, events)
        elif p == "second":
            effects.land(self, player, action, None, "second", events)
        elif p == "direction":
            effects.choose_direction(self, player, "left" if action == LEFT else "right", events)
        elif action == DRAW:
            effects.draw_turn(self, player, events)
        elif action == ACCEPT:
            effects.accept(self, player, events)
        else:
            f, call = decode(action)
            if f == FREE:
                effects.play_free_choice(self, player, call, events)
            else:
                how = "defend" if self.attack else "play"
                effects.land(self, player, f, call, how, events)
        if (self.round_steps > ROUND_LIMIT and self.phase_name == "play"
                and not self.attack):
            from .scoring import end_round
            end_round(self, None, events, "limit")
        return events

    def action_label(self, action):
        verb = {"window": "interject" if self.window and self.window["kind"] == "interject"
                else "cancel with", "second": "name the colour with"}.get(self.phase_name, "play")
        if self.phase_name == "play" and self.attack and decode(action):
            verb = "defend with"
        if action == ACCEPT and self.attack:
            kind, amount = self.attack
            return {"draw2": f"draw {amount} cards", "skip": "be skipped",
                    "plusx": "turn over the +X card"}[kind]
        return label(action, verb)

    def describe_action(self, action):
        """``{"kind", ...}`` for an action id in the current phase: ``play``,
        ``defend``, ``interject``, ``cancel`` (a 0 stopping a Card Exchange)
        and ``second`` (the card laid with a Free Choice) carry ``cards``
        (one face), ``colour`` (``None`` for Free Choice), ``rank`` (``"0"``
        .. ``"9"``, ``"skip"``, ``"exchange"``, ``"plusx"``, ``"free"``)
        and ``call`` (``None``, ``"achtung"``, ``"stop"``); ``draw``;
        ``take`` (the pending attack: ``attack`` and ``amount``); ``pass``
        (``window``: ``interject`` or ``cancel``); ``direction``
        (``direction``: ``left`` or ``right``). Raises ValueError for an id
        outside the layout."""
        d = decode(action) if isinstance(action, int) and not isinstance(action, bool) else None
        p = self.phase_name
        if d is not None:
            f, call = d
            if p == "window":
                kind = "interject" if self.window["kind"] == "interject" else "cancel"
            elif p == "second":
                kind = "second"
            elif p == "play" and self.attack:
                kind = "defend"
            else:
                kind = "play"
            return {"kind": kind, "cards": [f], "colour": colour_name(f),
                    "rank": rank_name(f), "call": call}
        if action == DRAW:
            return {"kind": "draw"}
        if action == ACCEPT:
            out = {"kind": "take"}
            if self.attack:
                out["attack"], out["amount"] = self.attack[0], self.attack[1]
            return out
        if action == PASS:
            return {"kind": "pass",
                    "window": self.window["kind"] if self.window else None}
        if action in (LEFT, RIGHT):
            return {"kind": "direction", "direction": "left" if action == LEFT else "right"}
        raise ValueError(f"stop: no action {action!r}")

    def view(self, player):
        return views.view(self, player)

    def clone(self):
        g = object.__new__(Stop)
        g.__dict__.update(self.__dict__)
        g.options = dict(self.options)
        g.history = list(self.history)
        g.rng = make_rng(0)
        g.rng.setstate(self.rng.getstate())
        g.scores = list(self.scores)
        g.sheet = list(self.sheet)       # rows are never changed once written
        g.winners = list(self.winners)
        g.hands = [list(h) for h in self.hands]
        g.stock = list(self.stock)
        g.pile = list(self.pile)
        g.attack = None if self.attack is None else list(self.attack)
        g.calls = list(self.calls)
        if self.window is not None:
            w = self.window
            g.window = dict(w, answers=dict(w["answers"]))
        return g


def _check_setup(setup, n):
    if not isinstance(setup, dict):
        raise ValueError("stop: setup must be a dict")
    hands, pile = setup.get("hands"), setup.get("pile")
    stock = setup.get("stock", [])
    if not isinstance(hands, list) or len(hands) != n or not isinstance(pile, list) or not pile:
        raise ValueError("stop: setup needs one hand per player and a non-empty pile")
    cards = [c for h in hands for c in h] + list(pile) + list(stock)
    if any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= FREE for c in cards):
        raise ValueError("stop: setup cards must be faces 0-52")
    if Counter(cards) - Counter(full_deck()):
        raise ValueError("stop: setup uses more copies of a card than the deck has")
    if pile[-1] == FREE:
        raise ValueError("stop: the start card cannot be a Free Choice")
    out = {"hands": [list(h) for h in hands], "pile": list(pile), "stock": list(stock)}
    dealer = setup.get("dealer", 0)
    if not isinstance(dealer, int) or not 0 <= dealer < n:
        raise ValueError("stop: bad dealer")
    out["dealer"] = dealer
    if "scores" in setup:
        scores = setup["scores"]
        if not isinstance(scores, list) or len(scores) != n:
            raise ValueError("stop: scores need one number per player")
        out["scores"] = [int(s) for s in scores]
    return out

