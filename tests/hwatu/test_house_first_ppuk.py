"""House rule ``first_ppuk`` (matgo option).

Ruling: a ppuk made on a player's first turn (no turn of theirs completed
yet) is paid at once: 7 points from the opponent (event ``first-ppuk``). The
payment stands whatever happens next: it is added to the hand's returns
whoever wins, a nagari too, and is never multiplied (no Go, shake or bak
applies to it). ``result["paid"]`` lists it; the view's ``side`` is the net
per player so far.
"""
from gostop.games.hwatu import Matgo
from gostop.games.hwatu.actions import STOP

# player 1: 15 singles + the November double = 17 junk units = 8 points
P1_PILE = [2, 3, 6, 7, 10, 11, 14, 15, 19, 22, 23, 26, 27, 30, 31, 43]
P0_PILE = [34, 35, 38, 39, 47]           # 6 junk units: no pi-bak


def position(taken=(0, 0), turn=1, **options):
    """Player 0's May bridge (16) pairs with the May ribbon (17) and the flip
    is the May junk (18): a ppuk."""
    setup = {"hands": [[0, 16], [1, 4]], "field": [17, 44], "stock": [18, 45, 46],
             "piles": [P0_PILE, P1_PILE], "taken": list(taken), "turn": turn}
    return Matgo.from_setup(setup, 0, **options)


def test_a_first_turn_ppuk_is_paid_at_once_and_stays_paid():
    g = position(first_ppuk=True)
    ev = g.apply(16)
    assert [e["type"] for e in ev][:4] == ["played", "flipped", "ppuk", "first-ppuk"]
    assert ev[3] == {"type": "first-ppuk", "player": 0, "from": 1, "points": 7, "month": 5}
    v = g.view(1)
    assert v["side"] == [7, -7]
    assert v["paid"] == [{"key": "first-ppuk", "player": 0, "from": 1, "points": 7,
                          "month": 5}]
    # player 1 plays the crane's ribbon (stays), flips 45 onto 44: still 8 points
    g.apply(1)
    assert g.phase == "go-stop" and g.current_player == 1
    g.apply(STOP)
    # player 1 wins 8 (no bak: player 0 has 6 junk units, no bright line);
    # player 0 was paid 7 at once: 8 - 7 = 1 for player 1
    assert g.result["total"] == 8
    assert g.result["paid"] == [{"key": "first-ppuk", "player": 0, "from": 1,
                                 "points": 7, "month": 5}]
    assert g.returns() == [-1, 1]
    assert g.view(0)["result"]["returns"] == [-1, 1]


def test_without_the_option_nothing_is_paid():
    g = position()
    ev = g.apply(16)
    assert "first-ppuk" not in [e["type"] for e in ev]
    g.apply(1)
    g.apply(STOP)
    assert "paid" not in g.result
    assert g.returns() == [-8, 8]


def test_a_ppuk_on_a_later_turn_is_not_paid():
    g = position(taken=(1, 1), turn=3, first_ppuk=True)
    ev = g.apply(16)
    assert "ppuk" in [e["type"] for e in ev]
    assert "first-ppuk" not in [e["type"] for e in ev]
    assert g.view(0)["side"] == [0, 0]


def test_the_second_players_first_turn_counts_too():
    setup = {"hands": [[1, 4], [0, 16]], "field": [17, 44], "stock": [18, 45, 46],
             "piles": [P1_PILE, P0_PILE], "first": 0, "current": 1,
             "taken": [1, 0], "turn": 2}
    g = Matgo.from_setup(setup, 0, first_ppuk=True)
    ev = g.apply(16)
    assert {"type": "first-ppuk", "player": 1, "from": 0, "points": 7, "month": 5} in ev
    assert g.view(0)["side"] == [-7, 7]


def test_a_nagari_keeps_the_first_ppuk_payment():
    # an explicit position: player 0's first turn is turn 19 (player 1 has
    # played 9 turns), so turn 20 ends the hand with nobody at 7 points
    setup = {"hands": [[16], [1]], "field": [17, 44], "stock": [18, 45, 46],
             "piles": [P0_PILE, [2, 3]], "taken": [0, 9], "turn": 19}
    g = Matgo.from_setup(setup, 0, first_ppuk=True)
    g.apply(16)                         # ppuk on turn 19: paid 7
    g.apply(1)                          # turn 20: nobody stops
    assert g.result["reason"] == "nagari"
    assert g.result["paid"][0]["points"] == 7
    assert g.returns() == [7, -7]
