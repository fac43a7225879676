"""House rule ``shake`` (matgo option; gostop's is in test_house_gostop.py).

Ruling (docs/rules-hwatu-engine.md, House rules): holding three (or four)
cards of a month with none of that month on the field, a player may show
them (action 190 + month) before playing; the next action must play one of
them (phase ``shake-play``). Each shake doubles the shaker's payment if the
shaker wins (x2 per shake, after the Go value, with the baks); a month is
shaken once; the shown cards stay public while held. The fixed wins
(chongtong, three ppuks) are not multiplied.
"""
import json

import pytest

from gostop.core.rng import make_rng
from gostop.games.hwatu import Matgo
from gostop.games.hwatu.actions import STOP, SHAKE_BASE, BOMB_BASE

# Player 0's pile: 13 single junk + the November double = 15 units = 6 points
P0_PILE = [2, 3, 6, 7, 14, 15, 22, 23, 26, 27, 30, 31, 34, 43]
# Player 1's pile: 4 singles + the December double = 6 junk units (no pi-bak)
P1_PILE = [35, 38, 39, 42, 47]


def position(**options):
    """Player 0 holds the three May cards (16, 17, 18) and the crane (0);
    no May card is on the field; the flip (11) takes the March junk (10)."""
    setup = {"hands": [[0, 16, 17, 18], [1, 5, 19]], "field": [10, 44],
             "stock": [11, 45], "piles": [P0_PILE, P1_PILE]}
    return Matgo.from_setup(setup, 0, **options)


def test_shake_is_offered_and_shows_the_cards():
    g = position(shake=True)
    assert g.legal_actions() == [0, 16, 17, 18, SHAKE_BASE + 5]
    assert g.action_label(SHAKE_BASE + 5) == "Shake: show May (iris)"
    ev = g.apply(SHAKE_BASE + 5)
    assert ev == [{"type": "shake", "player": 0, "month": 5, "cards": [16, 17, 18],
                   "count": 1}]
    assert g.phase == "shake-play"
    assert g.legal_actions() == [16, 17, 18]
    v1 = g.view(1)
    assert v1["pending"] == {"kind": "shake-play", "player": 0, "month": 5}
    assert v1["shown"] == [[16, 17, 18], []] and v1["shakes"] == [1, 0]
    assert v1["shaken"] == [[5], []]
    g.apply(18)
    # the two cards still held stay shown
    assert g.view(1)["shown"] == [[16, 17], []]


def test_a_shake_doubles_the_winners_payment():
    g = position(shake=True)
    g.apply(SHAKE_BASE + 5)
    ev = g.apply(18)                    # stays; the flip 11 takes 10
    assert {"type": "captured", "player": 0, "cards": [10, 11]} in ev
    assert g.phase == "go-stop"
    g.apply(STOP)
    # 15 + 2 = 17 junk units = 8 points; one shake: 8 x 2 = 16
    assert g.result["base"] == 8
    assert g.result["steps"] == [{"key": "shake", "label": "1 shake: x2", "factor": 2,
                                  "count": 1, "value": 16}]
    assert g.result["total"] == 16
    assert g.returns() == [16, -16]


def test_without_the_shake_the_same_play_pays_single():
    g = position(shake=True)
    g.apply(18)                         # played without showing
    g.apply(STOP)
    assert g.result["total"] == 8       # 17 junk units = 8 points, no multiplier
    off = position()                    # the option off (the preset)
    assert off.legal_actions() == [0, 16, 17, 18]
    off.apply(18)
    off.apply(STOP)
    assert off.result["total"] == 8


def test_no_shake_with_the_fourth_on_the_field_or_twice():
    setup = {"hands": [[0, 16, 17, 18], [1, 5]], "field": [19, 44],
             "stock": [11, 45], "piles": [P0_PILE, P1_PILE]}
    g = Matgo.from_setup(setup, 0, shake=True)
    # the fourth May card (19) is on the field: that is a bomb's case (off here)
    assert g.legal_actions() == [0, 16, 17, 18]
    assert BOMB_BASE + 5 not in g.legal_actions()
    setup = {"hands": [[0, 16, 17, 18], [1, 5, 19]], "field": [10, 44],
             "stock": [11, 45], "piles": [P0_PILE, P1_PILE],
             "shaken": [[5], []]}
    g = Matgo.from_setup(setup, 0, shake=True)
    assert g.legal_actions() == [0, 16, 17, 18]      # May was shaken already


def stop_position(shakes, **options):
    """Player 0 at the end-of-turn panel with 16 junk units (7 points)."""
    setup = {"hands": [[0], [1]], "field": [44], "stock": [45],
             "piles": [P0_PILE + [10], P1_PILE], "phase": "go-stop",
             "shakes": shakes}
    return Matgo.from_setup(setup, 0, shake=True, **options)


@pytest.mark.parametrize("shakes,total", [
    ([0, 0], 7),        # 16 junk units = 7 points
    ([1, 0], 14),       # 7 x 2
    ([2, 0], 28),       # 7 x 2 x 2
    ([0, 2], 7),        # the loser's shakes: nothing
])
def test_shakes_multiply_the_winners_payment(shakes, total):
    g = stop_position(shakes)
    assert g.view(0)["pending"]["stop_pays"] == total
    g.apply(STOP)
    assert g.result["total"] == total


def test_shakes_come_after_the_go_value_and_with_the_baks():
    # 3 Go: 7 x 2^(3-2) = 14; one shake x2 = 28; pi-bak (the loser has 3 junk
    # units) x2 = 56
    setup = {"hands": [[0], [1]], "field": [44], "stock": [45],
             "piles": [P0_PILE + [10], [35, 38, 39]], "phase": "go-stop",
             "shakes": [1, 0], "gos": [3, 0], "last_go": [6, 0]}
    g = Matgo.from_setup(setup, 0, shake=True)
    g.apply(STOP)
    assert [(s["key"], s["value"]) for s in g.result["steps"]] == [
        ("go", 14), ("shake", 28), ("pi-bak", 56)]
    assert g.result["total"] == 56


def test_shown_cards_are_dealt_to_their_holder_in_sampled_worlds_and_saves():
    g = position(shake=True)
    g.apply(SHAKE_BASE + 5)
    g.apply(17)
    # player 1 to move: its view shows 16 and 18 in player 0's hand
    v = g.view(1)
    assert v["shown"] == [[16, 18], []]
    for k in range(5):
        w = Matgo.sample_world(v, make_rng(k))
        assert {16, 18} <= set(w.hands[0])
        assert w.view(1) == v
    data = json.loads(json.dumps(g.to_json()))
    r = Matgo.from_json(data)
    assert r.view(1) == v and r.view(0) == g.view(0)


def test_the_option_is_refused_with_a_bad_value():
    with pytest.raises(ValueError, match="shake"):
        Matgo(1, shake="yes")
    assert Matgo(1, shake=1).options["shake"] is True      # a share link's 1
