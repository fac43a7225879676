"""House rule ``go_bak`` (matgo option).

Ruling: when a player stops and the opponent had called Go (at least once,
earlier in the hand), the opponent pays double: one more x2 step, "go-bak",
after the baks. It applies to a Stop only (not to chongtong or three ppuks).
"""
import pytest

from gostop.games.hwatu import Matgo
from gostop.games.hwatu.actions import GO, STOP

P0_PILE = [2, 3, 6, 7, 10, 14, 15, 22, 23, 26, 27, 30, 31, 34, 43]   # 16 junk units = 7
P1_PILE = [35, 38, 39, 42, 47]                                       # 6 units: no pi-bak


def stop_position(gos, last_go, **options):
    setup = {"hands": [[0], [1]], "field": [44], "stock": [45],
             "piles": [P0_PILE, P1_PILE], "phase": "go-stop", "gos": gos,
             "last_go": last_go}
    return Matgo.from_setup(setup, 0, **options)


@pytest.mark.parametrize("gos,last_go,go_bak,total", [
    ([0, 1], [0, 7], True, 14),      # 7 points; player 1 called Go: x2
    ([0, 1], [0, 7], False, 7),      # the preset: a failed Go costs nothing
    ([0, 0], [0, 0], True, 7),       # nobody called Go
    ([1, 2], [6, 8], True, 16),      # 7 + 1 (the winner's Go) = 8; x2 once = 16
])
def test_go_bak_doubles_when_the_loser_called_go(gos, last_go, go_bak, total):
    g = stop_position(gos, last_go, go_bak=go_bak)
    assert g.view(0)["pending"]["stop_pays"] == total
    g.apply(STOP)
    assert g.result["total"] == total
    assert g.returns() == [total, -total]
    if go_bak and gos[1]:
        assert g.result["steps"][-1] == {"key": "go-bak",
                                         "label": "Go-bak: the loser called Go: x2",
                                         "factor": 2, "value": total}


def test_go_bak_comes_after_the_baks():
    # 7 points; pi-bak (the loser has 3 junk units) x2 = 14; go-bak x2 = 28
    setup = {"hands": [[0], [1]], "field": [44], "stock": [45],
             "piles": [P0_PILE, [35, 38, 39]], "phase": "go-stop", "gos": [0, 1],
             "last_go": [0, 7]}
    g = Matgo.from_setup(setup, 0, go_bak=True)
    g.apply(STOP)
    assert [(s["key"], s["value"]) for s in g.result["steps"]] == [("pi-bak", 14),
                                                                  ("go-bak", 28)]
    assert g.result["total"] == 28


def test_a_go_then_the_opponents_stop_in_play():
    # player 1 holds two brights, two red-poem ribbons and 10 junk units (1 point)
    p1_pile = [1, 5, 28, 40, 11, 18, 19, 35, 38, 39, 41, 42, 47]
    setup = {"hands": [[0, 4], [8, 12]], "field": [9, 44], "stock": [13, 45],
             "piles": [P0_PILE, p1_pile], "phase": "go-stop"}
    for go_bak, total in ((True, 28), (False, 14)):
        g = Matgo.from_setup(setup, 0, go_bak=go_bak)
        g.apply(GO)                     # player 0: Go at 7 points
        g.apply(8)                      # the cherry curtain takes the cherry ribbon (9)
        assert g.phase == "go-stop" and g.current_player == 1
        g.apply(STOP)
        # player 1: brights 8, 28, 40 = 3; hongdan 1, 5, 9 = 3; 10 junk = 1: 7;
        # gwang-bak (player 0 holds no bright) x2 = 14; go-bak x2 = 28
        assert g.result["base"] == 7
        assert g.result["total"] == total
        assert g.returns() == [-total, total]
