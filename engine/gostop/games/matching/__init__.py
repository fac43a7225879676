"""The matching games' engine: ``matgo`` and ``gostop`` (hwatu, 48 cards and
two bonus cards) and ``stopgo`` (52 playing cards).

What the three share lives here, parameterised by each game's deck and
``Rules``:

* ``state.MatchingGame``: the state as an explicit record (``record``:
  ``__slots__`` and one compiled ``clone``), the deal's skeleton (first
  player, shuffle, redeals), legal actions and the dispatch of an action
  by phase (``phases``);
* ``flow``: the shape of a turn (play a card, meet the field, flip the
  stock, choose between two, then the game's ``_resolve``), flip-only
  turns and shakes; ``turns``: the end of a turn, Go and Stop, the end of
  the hand;
* ``views``: the view and the pending decision; ``setups``: ``from_setup``,
  ``from_deck`` and the saves that keep a setup; ``world``: ``sample_world``
  (a classmethod) for the AI;
* ``deck``: the card layout both decks share (four cards a month or rank,
  one nibble of a bit mask).

Each game keeps its cards, scoring and special rules: ``games/hwatu``
(bonus cards, ppuk, bombs, junk taking, chongtong, the house rules) and
``games/stopgo`` (suits, court cards, sequences, missions, the triple play).
"""
from .state import MatchingGame

__all__ = ["MatchingGame"]
