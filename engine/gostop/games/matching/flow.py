"""The shape of a matching turn: a card is played and meets the field, the
top of the stock is flipped and meets it too, then both are resolved
together; where a card could take either of two field cards the player
chooses first. Also the flip-only turn and the shake.

Methods of ``MatchingGame`` (mixed in); each appends events to
``self._events`` when it is a list (None in quiet mode) and leaves the state
at the next decision. The pending turn is held in ``played`` (the card
played, -1: none, as in a flip-only turn), ``play_kind`` (how it met the
field: ``STAY``, ``PAIR``, ``CHOSEN`` or ``STACK``), ``paired`` (the field
card it pairs with), ``flipped`` (the card flipped, -1: none, the stock
being empty) and ``choices`` (the two field cards of a pending choice).

The game provides ``_resolve(p, chosen)``: its own rules for what the two
cards do together (``chosen``: the field card chosen for the flip, or -1),
and ``FIELD_IDS``: a flipped card of a higher id meets nothing (hwatu's bonus
cards: ``_flipped_other`` banks it, and the next card is flipped). Hwatu's
immediate resolution (gostop without its house rules) is its own.
"""
from .deck import GROUP, GROUP_MASK, POP4, lowest
from .phases import CHOOSE_BASE, CHOOSE_PLAY, CHOOSE_FLIP, SHAKE_PLAY

#: How the played card met the field (``play_kind``): no card of its group
#: there (it stays), one (a pair), two (the player chose one), three (a stack).
STAY, PAIR, CHOSEN, STACK = range(4)


class FlowMixin:
    __slots__ = ()

    def _play(self, p, c):
        """``p`` plays card ``c`` from hand; the flip follows, unless ``p``
        must first choose which of two field cards ``c`` takes."""
        self.hands[p].remove(c)
        if self.shown:
            self.shown &= ~(1 << c)
        ev = self._events
        if ev is not None:
            ev.append({"type": "played", "player": p, "card": c})
        g = GROUP[c]
        fm = self.field & GROUP_MASK[g]
        k = POP4[fm >> (4 * g - 4)]
        self.played = c
        if k == 2:
            self.choices = fm
            self.phase_id = CHOOSE_PLAY
            return
        if k == 0:
            self.play_kind, self.paired = STAY, -1
        elif k == 1:
            self.play_kind, self.paired = PAIR, lowest(fm)
        else:
            self.play_kind, self.paired = STACK, -1
        self._flip(p)

    def _chose_play(self, p, a):
        """The played card's choice (action ``CHOOSE_BASE + x``), then the flip."""
        x = a - CHOOSE_BASE
        self.play_kind, self.paired = CHOSEN, x
        if self._events is not None:
            self._events.append({"type": "chose", "player": p, "card": x, "step": "play"})
        self._flip(p)

    def _flip(self, p):
        """Flips the top of the stock; resolves the turn, unless the flipped
        card could take either of two field cards (and the played card is
        not of its group: then the two are resolved together)."""
        stock = self.stock
        if not stock:
            self.flipped = -1
            self._resolve(p, -1)
            return
        d = stock.pop()
        if self._events is not None:
            self._events.append({"type": "flipped", "player": p, "card": d})
        if d >= self.FIELD_IDS:
            self._flipped_other(p, d)
            self._flip(p)
            return
        self.flipped = d
        g = GROUP[d]
        if g != GROUP[self.played]:         # GROUP[-1] (nothing played) is 0
            fm = self.field & GROUP_MASK[g]
            if POP4[fm >> (4 * g - 4)] == 2:
                self.choices = fm
                self.phase_id = CHOOSE_FLIP
                return
        self._resolve(p, -1)

    def _chose_flip(self, p, a):
        """The flipped card's choice (action ``CHOOSE_BASE + x``): resolves."""
        x = a - CHOOSE_BASE
        if self._events is not None:
            self._events.append({"type": "chose", "player": p, "card": x, "step": "flip"})
        self._resolve(p, x)

    def _flipped_other(self, p, d):
        """A flipped card that meets nothing (see the module doc)."""
        raise NotImplementedError

    def _flip_without_play(self, p):
        """The flip of a turn without a played card (flip-only turns, hwatu's
        bomb): ``_flip``, unless the game flips otherwise (hwatu's immediate
        resolution)."""
        self._flip(p)

    def _flip_only(self, p, a):
        """A flip-only turn (after a bomb or a triple play): ``FLIP`` flips,
        ``PASS`` (the stock is empty) ends the turn."""
        self.flip_only[p] -= 1
        flip = a == self.FLIP
        if self._events is not None:
            self._events.append({"type": "flip-only" if flip else "pass", "player": p})
        if flip:
            self._flip_without_play(p)
        else:
            self._end_turn(p)

    # ---- the shake ----------------------------------------------------------
    def _shake(self, p, g):
        """Shows the cards of group ``g`` in ``p``'s hand (three or four); one
        of them is played next (phase shake-play). Each shake doubles ``p``'s
        payment if ``p`` wins."""
        cards = [c for c in self.hands[p] if GROUP[c] == g]
        self._count_shake(p)
        self.shaken |= 1 << (16 * p + g)
        for c in cards:
            self.shown |= 1 << c
        self.shake_group = g
        self.phase_id = SHAKE_PLAY
        if self._events is not None:
            self._events.append({"type": "shake", "player": p, self.GROUP_KEY: g,
                                 "cards": cards, "count": self.shakes[p]})

    def _count_shake(self, p):
        """One more shake for ``p`` (``shakes`` is a tuple: copies share it)."""
        s = list(self.shakes)
        s[p] += 1
        self.shakes = tuple(s)

    def has_shaken(self, p, g):
        """Whether ``p`` shook (or played all three of) group ``g``."""
        return self.shaken >> (16 * p + g) & 1


__all__ = ["FlowMixin", "STAY", "PAIR", "CHOSEN", "STACK"]
