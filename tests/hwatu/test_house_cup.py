"""House rule ``cup`` (matgo option: "best", the preset, or "owner").

Ruling: with "owner", after a Stop the engine settles the hand twice, with
the sake cup counted as an animal and as double junk in its owner's pile
(the winner's base score, meong-bak and pi-bak; or the loser's pi-bak
count). If the two payments differ, the hand waits in phase ``cup``: the
cup's owner (winner or loser) chooses with 210 (animal) or 211 (double
junk) and the hand is settled that way. If they are equal nobody is asked
and the automatic classification stands. Nothing changes before the Stop:
the Go/Stop threshold uses the automatic (best) count, as in the preset.
"""
from gostop.games.hwatu import Matgo
from gostop.games.hwatu.actions import STOP, CUP_ANIMAL, CUP_JUNK

# the winner: 3 brights (0, 8, 28), 6 animals (4, 12, 16, 20, 24, 36), the
# cup (32) and 10 single junk
WINNER = [0, 8, 28, 4, 12, 16, 20, 24, 36, 32, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19]
LOSER = [40, 22, 23, 26, 27, 30]         # a bright (no gwang-bak), 5 junk units


def stop_position(piles, **options):
    setup = {"hands": [[41], [42]], "field": [44], "stock": [45], "piles": piles,
             "phase": "go-stop"}
    return Matgo.from_setup(setup, 0, **options)


def test_the_preset_counts_the_cup_for_the_best_base():
    g = stop_position([WINNER, LOSER])
    g.apply(STOP)
    # cup as junk: brights 3 + 6 animals 2 + 12 junk 3 = 8; as an animal:
    # 3 + 7 animals 3 + 10 junk 1 = 7; the higher base wins: junk, 8, no bak
    assert g.result["base"] == 8 and g.result["total"] == 8
    assert g.view(0)["scores"][0]["cup"] == "junk"


def test_the_winner_chooses_when_it_changes_the_payment():
    g = stop_position([WINNER, LOSER], cup="owner")
    pend = g.view(0)["pending"]
    assert pend["stop_pays"] == 8
    assert pend["cup_choice"] == {"owner": 0, "animal": 14, "junk": 8}
    ev = g.apply(STOP)
    assert ev[-1] == {"type": "cup-choice", "player": 0, "winner": 0, "animal": 14,
                      "junk": 8}
    assert g.phase == "cup" and g.current_player == 0
    assert g.legal_actions() == [CUP_ANIMAL, CUP_JUNK]
    v = g.view(1)
    assert v["pending"]["kind"] == "cup" and v["pending"]["winner"] == 0
    assert (v["pending"]["animal"], v["pending"]["junk"]) == (14, 8)
    g.apply(CUP_ANIMAL)
    # the cup as an animal: base 7, 7 animals: meong-bak x2 = 14
    assert g.result["base"] == 7
    assert g.result["steps"] == [{"key": "meong-bak", "label": "Meong-bak: 7 animals: x2",
                                  "factor": 2, "value": 14}]
    assert g.result["cup"] == {"player": 0, "as": "animal"}
    assert g.returns() == [14, -14]
    assert g.view(1)["scores"][0]["cup"] == "animal"
    assert g.view(1)["scores"][0]["base"] == 7


def test_the_winner_may_keep_the_junk_count():
    g = stop_position([WINNER, LOSER], cup="owner")
    g.apply(STOP)
    g.apply(CUP_JUNK)
    assert g.result["total"] == 8 and g.result["cup"] == {"player": 0, "as": "junk"}


def test_the_loser_chooses_under_lenient_pibak():
    # winner: 16 junk units = 7 points; the loser holds the cup and a bright
    # only: as double junk the cup makes 2 junk units (1..7: pi-bak), as an
    # animal 0 (exempt)
    winner = [2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 43]
    loser = [32, 40]
    g = stop_position([winner, loser], cup="owner", pibak="lenient")
    g.apply(STOP)
    assert g.phase == "cup" and g.current_player == 1
    assert g.view(1)["pending"]["animal"] == 7      # 7, no bak
    assert g.view(1)["pending"]["junk"] == 14       # 7 x 2 (pi-bak)
    g.apply(CUP_ANIMAL, 1)
    assert g.result["total"] == 7 and g.returns() == [7, -7]
    assert g.result["cup"] == {"player": 1, "as": "animal"}
    # the preset's automatic rule counts the loser's cup as junk: pi-bak
    g = stop_position([winner, loser], pibak="lenient")
    g.apply(STOP)
    assert g.result["total"] == 14


def test_nobody_is_asked_when_the_count_changes_nothing():
    # brights 0, 8, 28 = 3; hongdan 1, 5, 9 = 3; 5 ribbons = 1: 7 points; the
    # cup with 2 other animals (3 at most) or 3 junk units (5 at most) scores
    # nothing either way, and no bak depends on it: 7 either way
    winner = [0, 8, 28, 1, 5, 9, 13, 17, 4, 12, 32, 2, 3, 6]
    g = stop_position([winner, LOSER], cup="owner")
    assert g.view(0)["pending"]["cup_choice"] is None
    ev = g.apply(STOP)
    assert ev[-1]["type"] == "hand-over"
    assert g.result["total"] == 7 and "cup" not in g.result
