"""House rules of gostop with 3 or 4 players (RULINGS section 6: the
traditional extras): ``ppuk``.

Rulings (docs/rules-hwatu-engine.md, House rules):

* ``ppuk`` switches gostop to matgo's resolution (play, flip,
  then both resolved together). ``ppuk``: a played card that paired with the
  only field card of its month, and a flip of that month, leave all three on
  the field as a stack marked with its maker (no ppuk on the hand's final
  turn: the three are taken). Without ``ppuk`` that case is gostop's: the
  pair is taken and the flipped card stays. No three-ppuk win, no first-ppuk
  payment in gostop.
* With 2 players the switch is refused (the two-player game with these
  rules is matgo).
"""
import pytest

from gostop.games.hwatu import GoStop


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
    for options in ({},):
        g = g3(PPUK, **options)
        g.apply(16)
        # 16 takes 17; the flip 18 finds no May card left: it stays
        assert g.view(0)["captured"][0] == [2, 3, 16, 17]
        assert g.view(0)["field_cards"] == [18, 44]


def test_two_player_gostop_refuses_ppuk():
    with pytest.raises(ValueError, match="3 or 4 players"):
        GoStop(1, players=2, ppuk=True)
    assert GoStop(1, players=2, house="site").options == {"players": 2, "house": "site",
                                                          "ppuk": False}


def test_an_empty_stock_resolves_the_played_card_alone():
    # 4 players: 16 stock cards for 28 turns; late turns have no flip
    setup = {"hands": [[21, 0], [1, 4], [5, 8], [9, 12]], "field": [20, 44], "stock": [],
             "taken": [5, 5, 5, 5], "turn": 21}
    g = GoStop.from_setup(setup, 0, players=4, ppuk=True)
    ev = g.apply(21)
    assert [e["type"] for e in ev][:3] == ["played", "captured", "turn"]
    assert g.view(0)["captured"][0] == [20, 21]
