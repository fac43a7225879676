"""House rules of gostop with 3 or 4 players: ``ppuk``, ``steals``, ``bak``,
``shake`` (RULINGS section 6: the traditional extras).

Rulings (docs/rules-hwatu-engine.md, House rules):

* ``ppuk`` or ``steals`` switch gostop to matgo's resolution (play, flip,
  then both resolved together). ``ppuk``: a played card that paired with the
  only field card of its month, and a flip of that month, leave all three on
  the field as a stack marked with its maker (no ppuk on the hand's final
  turn: the three are taken). Without ``ppuk`` that case is gostop's: the
  pair is taken and the flipped card stays. No three-ppuk win, no first-ppuk
  payment in gostop.
* ``steals``: chok, ttadak and sweep each take one junk unit from every
  opponent (not on the hand's final turn); taking a stack of three takes
  one (two from one's own ppuk stack), as in matgo.
* ``bak``: gwang-bak, meong-bak and pi-bak (pi-bak literal: fewer than 5
  units) against each loser separately: each loser pays his share of the
  score, score / (players - 1), doubled per bak against him; the winner
  gets the sum (``result["payments"]``, ``result["total"]``).
* ``shake``: as matgo's (x2 per shake if the shaker wins); with it, gostop's
  bomb also counts as a shake.
* With 2 players these switches are refused (the two-player game with these
  rules is matgo).
"""
import pytest

from gostop.games.hwatu import GoStop
from gostop.games.hwatu.actions import STOP, CHOOSE_BASE, BOMB_BASE, SHAKE_BASE


def g3(setup, **options):
    return GoStop.from_setup(setup, 0, players=3, **options)


# ---- ppuk -------------------------------------------------------------------
PPUK = {"hands": [[0, 16], [1, 19], [5, 9]], "field": [17, 44], "stock": [18, 45, 46],
        "piles": [[2, 3], [6, 7], [10, 11]]}


def test_ppuk_leaves_three_on_the_field():
    g = g3(PPUK, ppuk=True)
    ev = g.apply(16)
    assert [e["type"] for e in ev][:3] == ["played", "flipped", "ppuk"]
    assert g.view(0)["field"][0] == {"month": 5, "cards": [16, 17, 18], "stack": True,
                                     "owner": 0}
    assert g.view(0)["ppuks"] == [1, 0, 0]
    # player 1 takes the stack with the fourth: without steals, no junk moves
    ev = g.apply(19)
    assert {"type": "stack-taken", "player": 1, "month": 5, "owner": 0} in ev
    assert "junk-taken" not in [e["type"] for e in ev]
    # ... and its flip 45 takes the rain bright (44)
    assert g.view(0)["captured"][1] == [6, 7, 16, 17, 18, 19, 44, 45]


def test_without_ppuk_the_pair_is_taken_and_the_flip_stays():
    for options in ({}, {"steals": True}):
        g = g3(PPUK, **options)
        g.apply(16)
        # 16 takes 17; the flip 18 finds no May card left: it stays
        assert g.view(0)["captured"][0] == [2, 3, 16, 17]
        assert g.view(0)["field_cards"] == [18, 44]


# ---- steals -----------------------------------------------------------------
def test_chok_takes_a_junk_from_every_opponent():
    setup = {"hands": [[20, 0], [1], [5]], "field": [44], "stock": [21, 45],
             "piles": [[], [2, 3], [43, 6]]}
    g = g3(setup, steals=True)
    ev = g.apply(20)                    # stays; the flip 21 is its month: chok
    assert [e["type"] for e in ev][:4] == ["played", "flipped", "chok", "captured"]
    assert [(e["from"], e["cards"]) for e in ev if e["type"] == "junk-taken"] == [
        (1, [2]), (2, [6])]             # the lowest single of each
    off = g3(setup)                     # the preset: the flip takes it back, no junk
    ev = off.apply(20)
    assert "junk-taken" not in [e["type"] for e in ev]
    assert off.view(0)["captured"][0] == [20, 21]


def test_ttadak_and_sweep_each_take_one():
    # 22 meets 20 and 21 (choose 20); the flip 23 is June too: ttadak, all four;
    # the field is then empty: sweep. Two transfers from each opponent.
    setup = {"hands": [[22, 0], [1], [5]], "field": [20, 21], "stock": [23, 45],
             "piles": [[], [2, 3, 6], [10, 11, 14]]}
    g = g3(setup, steals=True)
    g.apply(22)
    ev = g.apply(CHOOSE_BASE + 20)
    kinds = [e["type"] for e in ev]
    assert "ttadak" in kinds and "sweep" in kinds
    assert [(e["from"], e["cards"], e["reason"]) for e in ev
            if e["type"] == "junk-taken"] == [
        (1, [2], "ttadak"), (2, [10], "ttadak"), (1, [3], "sweep"), (2, [11], "sweep")]


def test_no_steal_on_the_final_turn_and_a_sweep_without_a_flip():
    # 3 players: the hand has 21 turns; turn 21 takes no junk for the sweep
    setup = {"hands": [[], [], [21]], "field": [20], "stock": [],
             "piles": [[2, 3], [6, 7], []], "first": 0, "current": 2,
             "taken": [7, 7, 6], "turn": 21}
    g = g3(setup, steals=True)
    ev = g.apply(21)
    assert "sweep" not in [e["type"] for e in ev]
    assert "junk-taken" not in [e["type"] for e in ev]
    # 4 players, stock empty before the end: the played card alone empties the field
    setup = {"hands": [[21, 0], [1, 4], [5, 8], [9, 12]], "field": [20], "stock": [],
             "piles": [[], [2], [6], [10]], "taken": [5, 5, 5, 5], "turn": 21}
    g = GoStop.from_setup(setup, 0, players=4, steals=True)
    ev = g.apply(21)
    assert [e["type"] for e in ev][:3] == ["played", "captured", "sweep"]
    assert [e["from"] for e in ev if e["type"] == "junk-taken"] == [1, 2, 3]


def test_taking_a_stack_takes_junk_two_from_ones_own_ppuk():
    setup = {"hands": [[19, 0], [1], [5]], "field": [16, 17, 18, 40, 44],
             "stock": [45, 46], "stacks": {5: 0},
             "piles": [[], [2, 3, 6], [10, 11, 14]]}
    g = g3(setup, ppuk=True, steals=True)
    ev = g.apply(19)
    # one's own ppuk stack: two junk units from each opponent (two singles)
    assert [(e["from"], e["cards"], e["reason"]) for e in ev
            if e["type"] == "junk-taken"] == [(1, [2, 3], "own-ppuk"),
                                                (2, [10, 11], "own-ppuk")]


def test_an_empty_stock_resolves_the_played_card_alone():
    # 4 players: 16 stock cards for 28 turns; late turns have no flip
    setup = {"hands": [[21, 0], [1, 4], [5, 8], [9, 12]], "field": [20, 44], "stock": [],
             "taken": [5, 5, 5, 5], "turn": 21}
    g = GoStop.from_setup(setup, 0, players=4, ppuk=True)
    ev = g.apply(21)
    assert [e["type"] for e in ev][:3] == ["played", "captured", "turn"]
    assert g.view(0)["captured"][0] == [20, 21]


# ---- bak ----------------------------------------------------------------------
# the winner: 3 brights (0, 8, 28) = 3 and 5 animals (16, 20, 24, 36, 45) = 1: 4
WINNER = [0, 8, 28, 16, 20, 24, 36, 45]
NO_BRIGHT = [2, 3, 6, 7, 10]                # 5 junk units, no bright
BRIGHT = [40, 11, 14, 15, 18, 19]            # a bright, 5 junk units


def stop3(piles, **options):
    setup = {"hands": [[33], [37], [42]], "field": [44], "stock": [46],
             "piles": piles, "phase": "go-stop"}
    return g3(setup, **options)


def test_bak_is_paid_by_each_loser_on_his_own_share():
    g = stop3([WINNER, NO_BRIGHT, BRIGHT], bak=True)
    g.apply(STOP)
    # score 4; each loser's share 4 / 2 = 2; player 1 holds no bright:
    # gwang-bak x2 = 4; player 2: 2; the winner gets 6
    res = g.result
    assert res["score"] == 4 and res["total"] == 6
    assert res["payments"] == [
        {"player": 1, "steps": [{"key": "gwang-bak",
                                 "label": "Gwang-bak: the loser has no bright: x2",
                                 "factor": 2, "value": 8}],
         "factor": 2, "pays": 4},
        {"player": 2, "steps": [], "factor": 1, "pays": 2}]
    assert g.returns() == [6, -4, -2]
    off = stop3([WINNER, NO_BRIGHT, BRIGHT])
    off.apply(STOP)
    assert off.returns() == [4, -2, -2] and "payments" not in off.result


def test_bak_with_four_players_and_an_odd_share():
    setup = {"hands": [[41], [42], [43], [47]], "field": [44], "stock": [46],
             "piles": [WINNER + [4], NO_BRIGHT, BRIGHT, [12, 22, 23, 26, 27, 30]],
             "phase": "go-stop"}
    g = GoStop.from_setup(setup, 0, players=4, bak=True)
    g.apply(STOP)
    # 3 brights + 6 animals (2) = 5; shares 5 / 3; player 1 and player 3 hold
    # no bright: x2 each: 10/3 + 5/3 + 10/3 = 25/3
    assert g.result["score"] == 5
    r = g.returns()
    assert r[1] == pytest.approx(-10 / 3) and r[2] == pytest.approx(-5 / 3)
    assert r[3] == pytest.approx(-10 / 3) and r[0] == pytest.approx(25 / 3)
    assert abs(sum(r)) < 1e-9


def test_pibak_against_one_loser_only():
    # the winner: 3 brights 3 + 11 junk units (7 singles, 2 doubles) 2 = 5;
    # player 1 has 3 junk units
    # (pi-bak) and no bright (gwang-bak): x4; player 2 neither
    winner = [0, 8, 28, 22, 30, 31, 34, 35, 38, 39, 43, 47]
    g = stop3([winner, [2, 3, 6], BRIGHT], bak=True)
    g.apply(STOP)
    # shares 5 / 2 = 2.5: player 1 pays 2.5 x 4 = 10, player 2 2.5; total 12.5
    assert g.returns() == [12.5, -10, -2.5]


# ---- shake --------------------------------------------------------------------
def test_gostop_shake_and_the_bomb_counting_as_one():
    setup = {"hands": [[16, 17, 18, 19, 0], [1], [5]], "field": [44], "stock": [45, 46],
             "piles": [[], [], []]}
    g = g3(setup, shake=True)
    # four of a month (no chongtong in gostop): all four are shown
    assert g.legal_actions() == [0, 16, 17, 18, 19, SHAKE_BASE + 5]
    ev = g.apply(SHAKE_BASE + 5)
    assert ev[0]["cards"] == [16, 17, 18, 19]
    assert g.legal_actions() == [16, 17, 18, 19]
    # a bomb with the option on counts as a shake (x2); in the preset it does not
    setup = {"hands": [[16, 17, 18, 41], [1], [5]], "field": [19, 44], "stock": [45, 46],
             "piles": [[0, 8, 28, 4, 20, 24, 36], [40, 2, 3, 6, 7, 10],
                       [9, 11, 14, 15, 22, 23]]}
    for options, total in (({"shake": True}, 12), ({}, 6)):
        g = g3(setup, **options)
        g.apply(BOMB_BASE + 5)          # takes 16-19, junk 2 and 11; the flip 45 takes 44
        assert g.phase == "go-stop"
        g.apply(STOP)
        # brights 0, 8, 28, 44 = 4; animals 4, 16, 20, 24, 36, 45 = 6: 2; junk
        # 18, 19, 2, 11 = 4 units: 0; base 6; the bomb as a shake: 6 x 2 = 12
        assert g.result["base"] == 6
        assert g.result["total"] == total
        assert g.returns() == [total, -total / 2, -total / 2]


def test_two_player_gostop_refuses_these_switches():
    for opts in ({"ppuk": True}, {"steals": True}, {"bak": True}, {"shake": True},
                 {"house": "traditional"}):
        with pytest.raises(ValueError, match="3 or 4 players"):
            GoStop(1, players=2, **opts)
    assert GoStop(1, players=2, house="site").options["bak"] is False
