"""House rule ``bonus`` (matgo option): the two bonus cards in the pack.

Ruling: as gostop's banking (RULINGS 1): 50 cards, 10 each, 8 on the field,
22 in the stock; a bonus card dealt to the field goes to the first player's
junk and the field is topped up from the stock; one in hand may be banked
(a replacement is drawn, then a card is still played); a flipped one is
banked and the next card flipped. Bonus cards are junk worth 2 and 3 units
(pi-bak counts them) and can be taken by junk transfers after every single
and double (the 2-junk one first). The two extra stock cards are exactly
what the banking draws, so the stock never runs out before turn 20.
"""
from gostop.games.hwatu import Matgo
from gostop.games.hwatu.actions import STOP

HAND0 = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36]
HAND1 = [1, 5, 9, 13, 17, 21, 25, 29, 33, 37]
FIELD = [48, 2, 6, 10, 14, 18, 22, 26]


def deck():
    rest = [c for c in range(50) if c not in HAND0 + HAND1 + FIELD]
    return HAND0 + HAND1 + FIELD + rest         # the stock: 3, 7, 11, ... top first


def test_the_pack_has_fifty_cards_and_a_bonus_on_the_field_goes_to_the_leader():
    g = Matgo.from_deck(deck(), 0, bonus=True, lead=1)
    assert len(g.stock) == 21                   # 22, one topped up the field
    assert g.view(0)["field_cards"] == [2, 3, 6, 10, 14, 18, 22, 26]   # 3: the top-up
    assert g.view(0)["captured"] == [[], [48]]  # the first player's (lead 1)
    assert g.view(0)["deal_events"][0] == {"type": "bonus-banked", "player": 1,
                                           "card": 48, "source": "deal"}
    assert g.view(0)["rules"]["bonus"] is True
    v = Matgo(3, bonus=True).view(0)
    # a dealt hand: 10 + 10 in hands, 8 on the field, the rest in the stock or
    # (bonus cards dealt to the field) in the leader's pile
    assert 28 + v["stock_count"] + sum(map(len, v["captured"])) == 50


def test_banking_from_hand_draws_a_replacement_then_a_card_is_played():
    setup = {"hands": [[0, 49], [1]], "field": [44], "stock": [45, 46, 47],
             "piles": [[], []]}
    g = Matgo.from_setup(setup, 0, bonus=True)
    assert g.legal_actions() == [0, 49]
    ev = g.apply(49)
    assert ev[0] == {"type": "bonus-banked", "player": 0, "card": 49, "source": "hand"}
    assert g.current_player == 0 and g.phase == "play"
    assert g.hands[0] == [0, 45]                # the replacement, drawn from the top
    assert g.view(1)["hand_counts"] == [2, 1]


def test_a_flipped_bonus_is_banked_and_the_next_card_flipped():
    setup = {"hands": [[0], [1]], "field": [44], "stock": [48, 45, 46],
             "piles": [[], []]}
    g = Matgo.from_setup(setup, 0, bonus=True)
    ev = g.apply(0)
    assert [(e["type"], e.get("card")) for e in ev[:5]] == [
        ("played", 0), ("flipped", 48), ("bonus-banked", 48), ("flipped", 45),
        ("stayed", 0)]
    assert g.view(0)["captured"][0] == [44, 45, 48]


def test_bonus_cards_are_junk_for_the_score_and_the_transfers():
    # 10 singles + the 3-junk bonus = 13 junk units = 4 points; 3 brights
    # (0, 8, 28) = 3: base 7; the loser's junk is the 2-junk bonus alone: 2
    # units, pi-bak (fewer than 5) x2 = 14
    winner = [0, 8, 28, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 49]
    setup = {"hands": [[41], [42]], "field": [44], "stock": [45],
             "piles": [winner, [40, 48]], "phase": "go-stop"}
    g = Matgo.from_setup(setup, 0, bonus=True)
    g.apply(STOP)
    assert g.result["base"] == 7 and g.result["total"] == 14
    # a chok takes the loser's only junk, the 2-junk bonus
    setup = {"hands": [[20], [1]], "field": [44], "stock": [21, 45],
             "piles": [[], [40, 48]]}
    g = Matgo.from_setup(setup, 0, bonus=True)
    ev = g.apply(20)
    assert {"type": "junk-taken", "player": 0, "from": 1, "cards": [48],
            "reason": "chok"} in ev


def test_without_the_option_matgo_has_48_cards():
    g = Matgo(3)
    assert g.view(0)["rules"]["bonus"] is False
    assert g.view(0)["stock_count"] == 20
