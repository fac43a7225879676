"""House rule ``three_ppuk_points`` (matgo option: 5, the preset, or 7).

Ruling: three ppuks made by one player win at once with exactly that many
points; no Go, shake, bak or go-bak multiplies it (as in the preset).
"""
import pytest

from gostop.games.hwatu import Matgo


def position(**options):
    """Player 0 has made two ppuks; the May bridge (16) pairs with the May
    ribbon (17) and the flip is the May junk (18): the third."""
    setup = {"hands": [[0, 16], [1, 4]], "field": [17, 44], "stock": [18, 45, 46],
             "piles": [[34, 35], [38, 39]], "ppuks": [2, 0], "shakes": [1, 0],
             "gos": [0, 1], "last_go": [0, 7]}
    return Matgo.from_setup(setup, 0, **options)


@pytest.mark.parametrize("options,points", [
    ({}, 5),                                              # the preset
    ({"three_ppuk_points": 5}, 5),
    ({"three_ppuk_points": 7}, 7),
    ({"three_ppuk_points": 7, "shake": True, "go_bak": True}, 7),   # never multiplied
])
def test_three_ppuks_win_with_the_options_points(options, points):
    g = position(**options)
    ev = g.apply(16)
    assert [e["type"] for e in ev][-2:] == ["three-ppuk", "hand-over"]
    assert g.result == {"winner": 0, "reason": "three-ppuk", "base": points,
                        "steps": [{"key": "three-ppuk",
                                   "label": f"Three ppuk: {points} points",
                                   "value": points}],
                        "total": points,
                        "failed_gos": [{"player": 1, "gos": 1, "score": 7}]}
    assert g.returns() == [points, -points]


def test_other_values_are_refused():
    for bad in (6, "7", True, 7.0):
        with pytest.raises(ValueError, match="three_ppuk_points"):
            Matgo(1, three_ppuk_points=bad)
