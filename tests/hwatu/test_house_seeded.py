"""Seeded hands (dealt from a seed, not constructed) whose payment differs
from the preset's exactly as a house rule says. The actions are the greedy
player's, kept here literally so the hands never drift."""
import pytest

from gostop import make
from gostop.core.errors import IllegalAction
from gostop.games.hwatu.actions import SHAKE_BASE

# matgo seed 5, player 1 leads; player 1 calls Go (160) at turn 9, player 0
# stops (161) at turn 11 with 7 points (16 junk units), no bak
SEED5 = [(1, 18), (0, 25), (1, 19), (0, 22), (1, 40), (0, 36), (1, 9), (1, 113),
         (0, 6), (1, 4), (0, 5), (1, 29), (0, 7), (1, 3), (0, 0), (1, 42), (1, 160),
         (0, 11), (1, 38), (0, 1), (0, 161)]
# matgo seed 35, player 0 leads: its first play (9) pairs with the cherry
# curtain and the flip is cherry: a ppuk on its first turn; player 0 then
# wins 16 (15 points + one Go)
SEED35 = [(0, 9), (1, 43), (0, 32), (1, 24), (0, 30), (1, 26), (1, 121), (0, 44),
          (0, 145), (1, 5), (0, 47), (1, 13), (0, 20), (1, 14), (0, 17), (1, 15),
          (0, 36), (1, 6), (0, 7), (0, 160), (1, 35), (0, 18), (0, 161)]


def play(seed, history, **options):
    g = make("matgo", seed=seed, **options)
    events = []
    for p, a in history:
        events += g.apply(a, p)
    assert g.is_terminal()
    return g, events


def test_seed_5_preset_and_go_bak():
    g, _ = play(5, SEED5)
    assert (g.result["winner"], g.result["base"], g.result["total"]) == (0, 7, 7)
    assert g.gos == [0, 1]
    g, _ = play(5, SEED5, go_bak=True)
    # player 1 called Go and player 0 stopped: 7 x 2 = 14
    assert g.result["total"] == 14 and g.returns() == [14, -14]


def test_seed_5_with_a_shake():
    # player 0's ninth action plays the plum junk (6) holding the three plum
    # cards 5, 6, 7 with none on the field: shown first, the win pays 7 x 2
    history = SEED5[:8] + [(0, SHAKE_BASE + 2)] + SEED5[8:]
    with pytest.raises(IllegalAction):
        play(5, history)                # the preset has no shake
    g, events = play(5, history, shake=True)
    assert {"type": "shake", "player": 0, "month": 2, "cards": [5, 6, 7],
            "count": 1} in events
    assert g.result["total"] == 14 and g.returns() == [14, -14]


def test_seed_35_with_the_first_ppuk_payment():
    g, _ = play(35, SEED35)
    assert g.returns() == [16, -16]
    g, events = play(35, SEED35, first_ppuk=True)
    assert {"type": "first-ppuk", "player": 0, "from": 1, "points": 7,
            "month": 3} in events
    # the hand pays 16 as before, and player 0 was paid 7 at once: 23
    assert g.result["total"] == 16 and g.returns() == [23, -23]
