"""``MatchingGame``: the state record and the protocol every matching game
shares (the deal's skeleton, turns, legal actions, dispatch, copies).

The state is an explicit record (``record.Record``): every field is named in
``__slots__`` below or in the game's class, and ``clone`` is compiled from
the declarations. Hands are sorted lists of card ids, the field and the
captured piles are bit masks, the stock is a list whose *last* element is
the top card. A game class provides:

- its deck and vocabulary: ``GROUPS`` (the months or ranks, ascending),
  ``GROUP_KEY`` ("month"/"rank"), ``FIELD_KEY`` ("field"/"table": its views'
  and setups' name of the field), ``DEAL_SALT``, ``deck_size()`` and the
  classmethod ``deck_size_in(view)``;
- its action ids ``FLIP``, ``PASS``, ``GO``, ``STOP``; ``FIELD_IDS`` (the
  cards that can lie on the field are ``0..FIELD_IDS-1``: a higher card
  played or flipped is the game's own business, hwatu's bonus cards),
  ``CARD_NAMES`` (for labels) and ``SETUP_PHASES`` (the phase names a setup
  may start in);
- ``make_rules(options)`` (a ``Rules`` with ``players``, ``hand_size``,
  ``threshold``, ``turns_total``, ``deferred``);
- the deal: ``_draw_first(rng)``, ``_deal(deck, events)`` (None, or the
  event of a redeal) and ``_dealt(events)``;
- its actions: ``_legal_play(p)``, ``_act_play(p, a)``, ``_resolve(p, x)``;
  the hooks of the other phases where its rules add to them;
- scoring: ``_base(p)``, ``_settle(winner, reason)``, ``settle_now(p)``,
  ``returns()``; views: ``rules_view()``, ``_view_piles()``; what its own
  actions are: ``_label_more(a)`` and ``_describe_more(a)``.
"""
from ...core.game import Game
from ...core.rng import make_rng, derive_seed, shuffle
from .deck import GROUP, POP4, GROUP_MASK, cards_of, two_cards
from .phases import (CHOOSE_BASE, PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP, FLIP_ONLY,
                     OVER, SHAKE_PLAY, CUP, PHASE_NAMES)
from .record import Record
from .turns import TurnsMixin
from .flow import FlowMixin
from .views import ViewMixin
from .setups import SetupsMixin
from .world import WorldMixin

_TO_MOVE = tuple((p,) for p in range(4))


class MatchingGame(Record, FlowMixin, TurnsMixin, ViewMixin, SetupsMixin, WorldMixin, Game):
    """One hand of a matching game (see the module doc)."""

    __slots__ = (
        # the protocol's (``core.game.Game``)
        "seed", "options", "num_players", "history",
        "rules",            # the Rules made from the options
        "quiet",            # True: no events are built (the AI's rollouts)
        "_events",          # the event list of the action being applied (None: quiet)
        # the cards
        "hands",            # per seat, a sorted list of card ids
        "field",            # bit mask
        "stock",            # list, the top card last
        "piles",            # per seat, the captured cards (bit mask)
        "stack_owner",      # per group, the seat that made its stack (-1: none)
        "out_of_play",      # bit mask: cards left out of an explicit setup
        # the turns
        "first",            # the seat that played first
        "mover",            # the seat to move (-1: the hand is over)
        "turn",             # the number of the turn in progress (from 1, all seats)
        "turns_taken",      # per seat, turns completed
        "phase_id",         # phases.PLAY ...
        "flip_only",        # per seat, flip-only turns still due
        "gos",              # per seat, Gos called
        "last_go",          # per seat, the base score at the last Go
        # the turn in progress (flow.py)
        "played", "play_kind", "paired", "flipped", "choices",
        # shakes
        "shakes",           # per seat, shakes that count (a tuple)
        "shaken",           # bit 16*p + g: seat p shook group g
        "shown",            # cards shown by a shake, while held (bit mask)
        "shake_group",      # the group just shaken (phase shake-play), else 0
        # the end
        "winner",           # the winner's seat (None: nobody, or not over)
        "result",           # the final payment with its steps (None until over)
        "deal_events",      # the deal's events (redeals ...)
        "_setup_data",      # the explicit setup or deck a save keeps (None: dealt)
    )
    LISTS = ("history", "stock", "piles", "stack_owner", "turns_taken", "flip_only",
             "gos", "last_go")
    NESTED = ("hands",)

    returns_kind = "payments"
    simultaneous = False
    make_rules = None
    SETUP_PHASES = ()
    GROUPS = ()
    GROUP_KEY = FIELD_KEY = "?"
    FIELD_IDS = 0
    CARD_NAMES = ()
    DEAL_SALT = 0

    # ---- the deal ------------------------------------------------------------
    def _setup(self, deck=None):
        self.rules = self.make_rules(self.options)
        self._reset_fields()
        rng = make_rng(derive_seed(self.seed, self.DEAL_SALT))
        self._draw_first(rng)
        self.first = self.options.get("lead", self.first)   # drawn all the same: the same deal
        full = list(range(self.deck_size()))
        if deck is None:
            deck = full
            shuffle(rng, deck)
        elif sorted(deck) != full:
            raise ValueError("from_deck: the deck must hold every card once")
        else:
            deck = list(deck)
        events = []
        while True:
            redeal = self._deal(deck, events)
            if redeal is None:
                break
            events.append(redeal)
            shuffle(rng, deck)      # a redeal: same generator, so deterministic
        self.deal_events = events
        self.mover = self.first
        self.phase_id = PLAY
        self._dealt(events)

    def _reset_fields(self):
        """Every field of the record, empty (a game adds its own)."""
        n = self.rules.players
        self.quiet = False
        self._events = None
        self.hands = [[] for _ in range(n)]
        self.field = 0
        self.stock = []
        self.piles = [0] * n
        self.stack_owner = [-1] * (self.GROUPS[-1] + 1)
        self.out_of_play = 0
        self.first = 0
        self.mover = 0
        self.turn = 1
        self.turns_taken = [0] * n
        self.phase_id = PLAY
        self.flip_only = [0] * n
        self.gos = [0] * n
        self.last_go = [0] * n
        self.played = -1
        self.play_kind = 0
        self.paired = -1
        self.flipped = -1
        self.choices = 0
        self.shakes = (0,) * n
        self.shaken = 0
        self.shown = 0
        self.shake_group = 0
        self.winner = None
        self.result = None
        self.deal_events = []
        self._setup_data = None

    def stack_events(self):
        """A ``stack-made`` event for each stack of three on the field."""
        out = []
        field = self.field
        for g in self.GROUPS:
            if POP4[(field >> (4 * g - 4)) & 15] == 3:
                out.append({"type": "stack-made", "player": None, self.GROUP_KEY: g,
                            "cards": cards_of(field & GROUP_MASK[g])})
        return out

    def _dealt(self, events):
        """After the deal stands (``events``: the deal's events so far)."""

    # ---- protocol ----------------------------------------------------------
    def to_move(self):
        if self.phase_id == OVER:
            return ()
        return _TO_MOVE[self.mover]

    def is_terminal(self):
        return self.phase_id == OVER

    @property
    def phase(self):
        return PHASE_NAMES[self.phase_id]

    def _legal(self, p):
        ph = self.phase_id
        if ph == PLAY:
            return self._legal_play(p)
        if ph == CHOOSE_PLAY or ph == CHOOSE_FLIP:
            a, b = two_cards(self.choices)
            return [CHOOSE_BASE + a, CHOOSE_BASE + b]
        if ph == GOSTOP:
            if self.turns_taken[p] >= self.rules.hand_size:
                return [self.STOP]
            return [self.GO, self.STOP]
        if ph == FLIP_ONLY:
            return self._legal_flip_only(p)
        if ph == SHAKE_PLAY:
            g = self.shake_group
            return [c for c in self.hands[p] if GROUP[c] == g]
        return self._legal_more(ph, p)

    def _legal_flip_only(self, p):
        return [self.FLIP] if self.stock else [self.PASS]

    def _legal_more(self, ph, p):
        """The legal actions of the game's own phases."""
        return []

    def _apply(self, p, a):
        ev = None if self.quiet else []
        self._events = ev
        ph = self.phase_id
        if ph == PLAY:
            # a card that meets the field, the flip to follow (every game's
            # resolution but hwatu's immediate one): the shared play
            if a < self.FIELD_IDS and self.rules.deferred:
                self._play(p, a)
            else:
                self._act_play(p, a)
        elif ph == CHOOSE_PLAY:
            self._act_choose_play(p, a)
        elif ph == CHOOSE_FLIP:
            self._act_choose_flip(p, a)
        elif ph == GOSTOP:
            if a == self.GO:
                self._go(p)
            else:
                self._stop(p)
        elif ph == FLIP_ONLY:
            self._act_flip_only(p, a)
        elif ph == SHAKE_PLAY:              # a card of the group just shaken
            self.shake_group = 0
            self._act_play(p, a)
        elif ph == CUP:
            self._act_cup(p, a)
        self._events = None
        return ev if ev is not None else []

    # the phases' actions, where a game does not change them
    _act_choose_play = FlowMixin._chose_play
    _act_choose_flip = FlowMixin._chose_flip
    _act_flip_only = FlowMixin._flip_only

    # ---- what the actions are --------------------------------------------------
    def action_label(self, a):
        """The action in English words (the page translates them)."""
        if a == self.FLIP:
            return "Flip the top stock card"
        if a == self.PASS:
            return "Pass"
        if a == self.GO:
            return "Go"
        if a == self.STOP:
            return "Stop"
        if CHOOSE_BASE <= a < CHOOSE_BASE + self.FIELD_IDS:
            return f"Take {self.CARD_NAMES[a - CHOOSE_BASE]}"
        return self._label_more(a)

    def _label_more(self, a):
        return str(a)

    def describe_action(self, a):
        """What action ``a`` does, without words (``core.game.ACTION_KINDS``);
        the shared kinds here, the game's own in ``_describe_more``."""
        if a == self.FLIP:
            return {"kind": "flip"}
        if a == self.PASS:
            return {"kind": "pass"}
        if a == self.GO:
            return {"kind": "go"}
        if a == self.STOP:
            return {"kind": "stop"}
        if CHOOSE_BASE <= a < CHOOSE_BASE + self.FIELD_IDS:
            x = a - CHOOSE_BASE
            return {"kind": "take", "cards": [x], self.GROUP_KEY: GROUP[x]}
        return self._describe_more(a)

    def _describe_more(self, a):
        return super().describe_action(a)


__all__ = ["MatchingGame"]
