"""House rule ``bomb`` (matgo option).

Ruling: holding three cards of a month while the fourth is on the field, a
player may play all three (action 170 + month): the four are taken at once,
one junk unit comes from the opponent (as gostop's bomb: lowest single, else
lowest double, else a bonus card; never the cup), then the stock card is
flipped and resolved alone. The bomb counts as a shake (x2 if the bomber
wins); the bomber's next two turns are flip-only (no card played: the
flipped card meets the field alone, so no chok, ttadak or ppuk, but a sweep
still takes junk).
"""
import pytest

from gostop.games.hwatu import Matgo
from gostop.games.hwatu.actions import STOP, FLIP, BOMB_BASE, SHAKE_BASE

P0_PILE = [2, 3, 6, 7, 14, 15, 22, 23, 26, 27, 30, 31, 34, 43]   # 15 junk units
P1_PILE = [35, 38, 39, 42, 47]                                   # 6 junk units


def position(**options):
    """Player 0 holds three May cards (16, 17, 18), the fourth (19) is on
    the field; the flip (11) takes the March junk (10)."""
    setup = {"hands": [[0, 16, 17, 18], [1, 5, 9]], "field": [10, 19, 44],
             "stock": [11, 45, 46], "piles": [P0_PILE, P1_PILE]}
    return Matgo.from_setup(setup, 0, **options)


def test_bomb_takes_four_and_a_junk_then_flips():
    g = position(bomb=True)
    assert g.legal_actions() == [0, 16, 17, 18, BOMB_BASE + 5]
    ev = g.apply(BOMB_BASE + 5)
    assert [e["type"] for e in ev] == ["bomb", "captured", "junk-taken", "flipped",
                                       "captured", "go-stop"]
    assert ev[0] == {"type": "bomb", "player": 0, "month": 5, "cards": [16, 17, 18],
                     "shake": 1}
    assert ev[1]["cards"] == [16, 17, 18, 19]
    assert ev[2] == {"type": "junk-taken", "player": 0, "from": 1, "cards": [35],
                     "reason": "bomb"}
    assert ev[4]["cards"] == [10, 11]
    assert g.hands[0] == [0]
    assert g.flip_only == [2, 0]
    assert g.shakes == (1, 0)
    g.apply(STOP)
    # 15 + 18, 19 + 35 (taken) + 10, 11 = 20 junk units = 11 points;
    # the bomb counts as a shake: 11 x 2 = 22 (the loser keeps 5 units: no pi-bak)
    assert g.result["base"] == 11
    assert g.result["total"] == 22
    assert g.returns() == [22, -22]


def test_the_bomb_is_not_in_the_preset():
    g = position()
    assert BOMB_BASE + 5 not in g.legal_actions()
    g.apply(18)     # pairs with 19; the flip 11 takes 10
    g.apply(STOP)
    # 15 + 18, 19 + 10, 11 = 19 units = 10 points, no multiplier
    assert g.result["total"] == 10


def test_bomb_and_shake_each_double():
    # shaken June before (one shake) and the bomb: 11 x 2 x 2 = 44
    setup = {"hands": [[0, 16, 17, 18], [1, 5, 9]], "field": [10, 19, 44],
             "stock": [11, 45, 46], "piles": [P0_PILE, P1_PILE], "shakes": [1, 0],
             "shaken": [[6], []]}
    g = Matgo.from_setup(setup, 0, bomb=True, shake=True)
    g.apply(BOMB_BASE + 5)
    g.apply(STOP)
    assert g.result["steps"][-1] == {"key": "shake", "label": "2 shakes: x4",
                                     "factor": 4, "count": 2, "value": 44}


def test_flip_only_turns_follow_and_a_sweep_still_takes_junk():
    g = position(bomb=True)
    g.apply(BOMB_BASE + 5)
    from gostop.games.hwatu.actions import GO
    g.apply(GO)
    g.apply(1)                          # player 1 plays the crane's month: pairs with nothing
    assert g.current_player == 0 and g.phase == "flip-only"
    assert g.legal_actions() == [FLIP]
    # a flip-only turn in matgo: the flipped card meets the field alone
    setup = {"hands": [[0], [1, 5]], "field": [20], "stock": [21, 45],
             "piles": [P0_PILE, P1_PILE], "phase": "flip-only", "flip_only": [1, 0]}
    g = Matgo.from_setup(setup, 0, bomb=True)
    assert g.legal_actions() == [FLIP]
    ev = g.apply(FLIP)
    # 21 takes 20: the field is empty, a sweep: one junk from player 1
    assert [e["type"] for e in ev][:5] == ["flip-only", "flipped", "captured", "sweep",
                                           "junk-taken"]
    assert ev[4]["cards"] == [35] and ev[4]["reason"] == "sweep"
    assert g.flip_only == [0, 0]


def test_the_bombs_junk_is_a_double_when_no_single_is_left():
    setup = {"hands": [[0, 16, 17, 18], [1, 5, 9]], "field": [10, 19, 44],
             "stock": [11, 45, 46], "piles": [P0_PILE, [32, 47]]}
    g = Matgo.from_setup(setup, 0, bomb=True)
    ev = g.apply(BOMB_BASE + 5)
    taken = [e for e in ev if e["type"] == "junk-taken"]
    assert taken == [{"type": "junk-taken", "player": 0, "from": 1, "cards": [47],
                      "reason": "bomb"}]            # the cup (32) is never taken


@pytest.mark.parametrize("options", [{"bomb": True}, {"bomb": True, "shake": True}])
def test_three_with_the_fourth_on_the_field_is_never_a_shake(options):
    assert SHAKE_BASE + 5 not in position(**options).legal_actions()
