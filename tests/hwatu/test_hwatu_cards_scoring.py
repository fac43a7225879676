import json

from gostop.games.hwatu import cards as C
from gostop.games.hwatu import scoring
from gostop.games.hwatu.cards import mask

import hwatu_refscore as refscore


def test_deck_composition():
    assert len(C.MONTH) == len(C.TYPE) == len(C.NAME_EN) == len(C.NAME_KO) == 50
    assert (len(C.BRIGHTS), len(C.ANIMALS), len(C.RIBBONS), len(C.JUNKS)) == (5, 9, 10, 24)
    for c in range(48):
        assert C.MONTH[c] == c // 4 + 1
        assert C.MONTH_MASK[C.MONTH[c]] >> c & 1
    assert [C.MONTH[c] for c in (48, 49)] == [0, 0]
    assert C.BRIGHTS == (0, 8, 28, 40, 44)
    assert C.GODORI == (4, 12, 29)
    assert [c for c in range(48) if C.JUNK_VALUE[c] == 2] == [32, 43, 47]
    assert C.JUNK_VALUE[48] == 2 and C.JUNK_VALUE[49] == 3
    assert C.SETS == {"hongdan": (1, 5, 9), "cheongdan": (21, 33, 37),
                      "chodan": (13, 17, 25)}
    assert C.RIBBON_SET[46] is None and C.TYPE[46] == C.RIBBON


def test_card_order_within_month():
    order = {C.BRIGHT: 0, C.ANIMAL: 1, C.RIBBON: 2, C.JUNK: 3}
    for m in range(1, 13):
        ids = list(range(4 * (m - 1), 4 * m))
        keys = [(order[C.TYPE[c]], C.JUNK_VALUE[c] if C.TYPE[c] == C.JUNK else 0) for c in ids]
        assert keys == sorted(keys), m


def test_deck_table_json():
    table = C.deck_table()
    assert json.loads(json.dumps(table, ensure_ascii=False)) == table
    assert table[32]["name"] and table[32]["name_ko"]
    assert table[44]["type"] == "bright" and table[44]["month"] == 12


def test_cards_of_roundtrip():
    for cs in ([], [0], [3, 17, 49], list(range(50))):
        assert C.cards_of(mask(cs)) == sorted(cs)


def test_base_score_matches_reference_on_random_piles():
    from gostop.core.rng import make_rng, randbelow
    rng = make_rng(4)
    for _ in range(3000):
        k = randbelow(rng, 30)
        pile = sorted({randbelow(rng, 50) for _ in range(k)})
        m = mask(pile)
        ref, animal = refscore.score(pile)
        assert scoring.base_score(m) == ref, pile
        assert scoring.breakdown(m)["base"] == ref
        assert scoring.cup_is_animal(m) == animal


def test_breakdown_shape():
    b = scoring.breakdown(mask([0, 8, 28, 4, 12, 29, 32] + list(range(2, 4))))
    assert json.loads(json.dumps(b)) == b
    keys = [ln["key"] for ln in b["lines"]]
    assert keys == ["brights", "animals", "godori", "ribbons", "junk"]
    for ln in b["lines"]:
        assert set(ln) >= {"key", "label", "cards", "points"}
    assert b["base"] == sum(ln["points"] for ln in b["lines"]) == 8
    assert b["cup"] == "animal"
    assert 32 in b["lines"][1]["cards"]


def test_cup_placed_in_one_pile_only():
    m = mask([32] + [2, 3, 6, 7, 10, 11, 14, 15])
    piles = scoring.split_piles(m)
    assert 32 in piles["junk"] and 32 not in piles["animals"]
    m = mask([32, 4, 12, 16, 20])
    piles = scoring.split_piles(m)
    assert 32 in piles["animals"] and 32 not in piles["junk"]


def test_settle_steps_json_and_values():
    from gostop.games.hwatu.rules import matgo_rules
    rules = matgo_rules({"players": 2, "pibak": "literal"})
    w = mask([0, 8, 28] + [2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23])
    lo = mask([30])
    res = scoring.settle(rules, [w, lo], 0, 4)
    assert json.loads(json.dumps(res)) == res
    # base 3 + 3 = 6; 4 Go: x4 = 24; gwang-bak x2, pi-bak x2 = 96
    assert res["base"] == 6
    assert [s["key"] for s in res["steps"]] == ["go", "gwang-bak", "pi-bak"]
    assert [s["value"] for s in res["steps"]] == [24, 48, 96]
    assert res["total"] == 96 == refscore.matgo_payment(C.cards_of(w), C.cards_of(lo), 4)
