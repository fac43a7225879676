"""`stop`: each ruling of RULINGS §4 with examples and counter-examples."""
import pytest

from gostop import IllegalAction, make
from gostop.games.stop.cards import FREE, full_deck, value
from gostop.games.stop.actions import ACHTUNG, STOP

from stop_util import ACCEPT, DRAW, LEFT, PASS, RIGHT, c, conserved, cs, new, play, types


# ---- deck, deal, start card ------------------------------------------------------
def test_the_deck_has_112_cards():
    d = full_deck()
    assert len(d) == 112 and d.count(FREE) == 8
    for col in range(4):
        assert sum(1 for x in d if x != FREE and x // 13 == col) == 26


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seven_cards_each_seat_0_deals_and_plays_first(players):
    g = make("stop", seed=3, players=players)
    v = g.view(0)
    assert v["hand_sizes"] == [7] * players and v["dealer"] == 0
    assert v["stock"] == 112 - 7 * players - 1 and conserved(g)
    assert g.turn == 0


@pytest.mark.parametrize("players", [1, 7, "3", True])
def test_player_counts_outside_2_to_6_are_refused(players):
    with pytest.raises(ValueError):
        make("stop", seed=0, players=players)


def test_a_free_choice_is_never_the_start_card():
    for seed in range(300):
        g = make("stop", seed=seed, players=6)
        assert g.pile[0] != FREE and len(g.pile) == 1


@pytest.mark.parametrize("start", ["r2", "rS", "r+", "rX"])
def test_the_start_cards_effect_does_not_apply(start):
    g = new(["r5 g7 g8", "y1 y3"], start)
    assert g.attack is None and g.phase == "play" and g.to_move() == (0,)
    assert g.legal_actions(0) == sorted([c("r5"), DRAW])


# ---- matching --------------------------------------------------------------------
MATCHES = [
    ("b4", "b7", True), ("b4", "r4", True), ("b4", "r5", False),
    ("rS", "gS", True), ("rS", "r3", True), ("rS", "gX", False),
    ("g+", "y+", True), ("gX", "bX", True), ("r6", "b9", True), ("r9", "y6", True),
    ("r6", "g6", True), ("r6", "g8", False), ("y0", "b0", True), ("y2", "g2", True),
]


@pytest.mark.parametrize("top,card,ok", MATCHES)
def test_matching_colour_number_symbol_and_6_on_9(top, card, ok):
    g = new([card + " b8 b8", "y1"], top, stock="r1")
    assert (c(card) in g.legal_actions(0)) is ok


def test_drawing_is_always_allowed_and_ends_the_turn():
    g = new(["r5 r6", "y1 y2"], "r3", stock="r7 g1")
    assert DRAW in g.legal_actions(0)
    events = g.apply(DRAW, 0)
    assert g.hands[0] == cs("r5 r6 r7") and g.turn == 1       # r7 playable, turn over anyway
    mine = [e for e in events if e["type"] == "draw" and "only" in e]
    theirs = [e for e in events if e["type"] == "draw" and "hide" in e]
    assert mine[0]["cards"] == cs("r7") and "cards" not in theirs[0] and theirs[0]["count"] == 1


# ---- interjecting ----------------------------------------------------------------
def test_an_identical_card_may_be_interjected_and_play_goes_left_of_it():
    g = new(["r5 y1 y2", "g1 g2", "r5 b1 b2", "b3 b4"], "r3")
    g.apply(play("r5"), 0)
    assert g.phase == "interject" and g.to_move() == (2,)
    assert g.legal_actions(2) == [c("r5"), PASS]
    g.apply(c("r5"), 2)
    assert g.turn == 3 and g.pile[-1] == c("r5") and g.phase == "play"


def test_all_passing_keeps_the_turn():
    g = new(["r5 y1 y2", "g1 g2", "r5 b1 b2"], "r3")
    g.apply(play("r5"), 0)
    g.apply(PASS, 2)
    assert g.to_move() == (1,) and g.hands[2] == cs("r5 b1 b2")


def test_a_same_colour_6_or_9_is_identical_another_colour_is_not():
    g = new(["r6 y1 y2", "r9 g1 g2", "b6 b9 b1"], "r3")
    g.apply(play("r6"), 0)
    assert g.to_move() == (1,)          # b6 and b9 do not count
    assert g.legal_actions(1) == [c("r9"), PASS]


def test_a_different_colour_same_number_is_not_interjectable():
    g = new(["r5 y1 y2", "g5 g1", "b5 b1"], "r3")
    g.apply(play("r5"), 0)
    assert g.phase == "play" and g.to_move() == (1,)


@pytest.mark.parametrize("card", ["rS", "rX", "r+"])
def test_symbol_cards_cannot_be_interjected(card):
    g = new([card + " y1 y2", card + " g1", "b1 b2"], "r3")
    g.apply(play(card), 0)
    assert g.window is None or g.window["kind"] != "interject"


def test_interjecting_onto_the_start_card():
    g = new(["y1 y2", "g1 g2", "r4 b2 b3"], "r4", dealer=0)
    assert g.phase == "interject" and g.to_move() == (2,)
    g.apply(c("r4"), 2)
    assert g.turn == 0 and g.pile == cs("r4 r4")


def test_interjecting_onto_ones_own_card():
    g = new(["r4 r4 y2", "g1 g2"], "r3")
    g.apply(play("r4"), 0)
    assert g.to_move() == (0,)
    g.apply(play("r4", ACHTUNG), 0)
    assert g.hands[0] == cs("y2") and g.turn == 1


def test_interjecting_onto_a_defending_0():
    g = new(["r2 y1 y2", "r0 g1", "r0 b1"], "r3")
    g.apply(play("r2"), 0)
    g.apply(play("r0"), 1)          # defends
    assert g.attack is None and g.to_move() == (2,)
    g.apply(c("r0"), 2)
    assert g.turn == 0


def test_interjecting_onto_the_card_laid_with_a_free_choice():
    g = new(["F g7 y1", "g7 g1", "b1 b2"], "r3")
    g.apply(play("F"), 0)
    g.apply(c("g7"), 0)
    assert g.to_move() == (1,) and g.phase == "interject"
    g.apply(c("g7"), 1)
    assert g.turn == 2


def test_simultaneous_claims_go_to_the_first_clockwise_from_the_layer():
    # Layer 1; claimants 0 and 3 (4 players): clockwise from 1 is 2, 3, 0, 1.
    g = new(["r9 y1 y2", "r6 g1 g2", "b1 b2", "r6 y3 y4"], "r3", dealer=1)
    g.apply(play("r6"), 1)
    assert g.to_move() == (0, 3)
    g.apply(c("r9"), 0)
    assert g.to_move() == (3,) and g.hands[0] == cs("r9 y1 y2")   # nothing yet
    g.apply(c("r6"), 3)
    assert g.hands[3] == cs("y3 y4") and g.hands[0] == cs("r9 y1 y2") and g.turn == 0


def test_the_layer_comes_last_in_the_clockwise_order():
    g = new(["r6 r6 y1 y2", "r9 g1 g2", "b1 b2"], "r3")
    g.apply(play("r6"), 0)
    assert g.to_move() == (0, 1)
    g.apply(c("r6"), 0)
    g.apply(c("r9"), 1)
    assert g.hands[1] == cs("g1 g2") and g.hands[0] == cs("r6 y1 y2")


def test_race_mode_the_first_claim_applied_wins():
    g = new(["r9 y1 y2", "r6 g1 g2", "b1 b2", "r6 y3 y4"], "r3", dealer=1, mode="race")
    g.apply(play("r6"), 1)
    g.apply(c("r9"), 0)             # seat 0 was quicker than seat 3
    assert g.hands[0] == cs("y1 y2") and g.hands[3] == cs("r6 y3 y4")
    assert g.turn == 1 and g.window is not None and g.window["eligible"] == [3]
    g.apply(PASS, 3)                # a new window: the r9 may be answered by r6
    assert g.window is None and g.to_move() == (1,)


def test_race_mode_window_closes_when_all_pass():
    g = new(["r9 y1 y2", "r6 g1 g2", "b1 b2", "r6 y3 y4"], "r3", dealer=1, mode="race")
    g.apply(play("r6"), 1)
    g.apply(PASS, 3)
    g.apply(PASS, 0)
    assert g.to_move() == (2,)


def test_an_interjected_2_adds_to_a_pending_draw_and_moves_it():
    g = new(["r2 y1 y2", "g1 g2", "r2 b1 b2", "b3 b4"], "r3", stock="y3 y4 y5 y6 y7")
    g.apply(play("r2"), 0)
    assert g.attack == ["draw2", 2] and g.turn == 1
    g.apply(c("r2"), 2)
    assert g.attack == ["draw2", 4] and g.turn == 3
    g.apply(ACCEPT, 3)
    assert len(g.hands[3]) == 6 and len(g.hands[1]) == 2 and g.turn == 0


def test_an_interjected_2_after_the_draw_starts_a_new_draw_of_2():
    g = new(["r2 y1 y2", "g1 g2", "r2 b1 b2", "b3 b4"], "r3", stock="y3 y4 y5 y6 y7")
    g.apply(play("r2"), 0)
    g.apply(PASS, 2)
    g.apply(ACCEPT, 1)
    assert len(g.hands[1]) == 4 and g.phase == "interject" and g.to_move() == (2,)
    g.apply(c("r2"), 2)
    assert g.attack == ["draw2", 2] and g.turn == 3


def test_an_interjected_2_on_the_start_2_starts_a_draw_of_2():
    g = new(["y1 y2", "r2 g2 g3", "b1 b2"], "r2")
    g.apply(c("r2"), 1)
    assert g.attack == ["draw2", 2] and g.turn == 2


# ---- calls -----------------------------------------------------------------------
def test_achtung_is_offered_when_one_card_will_be_left():
    g = new(["r5 y1", "g1 g2"], "r3")
    assert g.legal_actions(0) == sorted([c("r5"), play("r5", ACHTUNG), DRAW])


def test_no_call_is_offered_with_more_cards_left():
    g = new(["r5 y1 y2", "g1 g2"], "r3")
    assert g.legal_actions(0) == [c("r5"), DRAW]


def test_a_forgotten_achtung_costs_2_cards():
    g = new(["r5 y1", "g1 g2"], "r3", stock="b1 b2 b3")
    events = g.apply(c("r5"), 0)
    assert "forgot" in types(events) and g.hands[0] == cs("y1 b1 b2")


def test_a_called_achtung_costs_nothing():
    g = new(["r5 y1", "g1 g2"], "r3", stock="b1 b2 b3")
    g.apply(play("r5", ACHTUNG), 0)
    assert g.hands[0] == cs("y1") and g.calls[0] == ACHTUNG


def test_stop_ends_the_round_and_the_last_cards_effect_does_not_apply():
    g = new(["r2", "g1 g2 rS"], "r3", stock="b1 b2 b3")
    events = g.apply(play("r2", STOP), 0)
    row = g.sheet[0]
    assert row["winner"] == 0 and row["points"] == [0, 1 + 20 + 10] and row["reason"] == "stop"
    assert g.round_no == 2 and "round_end" in types(events)


def test_a_forgotten_stop_draws_2_and_the_round_goes_on():
    g = new(["r2", "g1 g2"], "r3", stock="b1 b2 b3 b4")
    g.apply(c("r2"), 0)
    assert g.round_no == 1 and g.hands[0] == cs("b1 b2")
    assert g.attack == ["draw2", 2] and g.turn == 1      # the 2 now does apply


def test_calls_apply_to_interjections():
    g = new(["r5 y1 y2", "r5 g1"], "r3", stock="b1 b2")
    g.apply(play("r5"), 0)
    assert g.legal_actions(1) == sorted([c("r5"), play("r5", ACHTUNG), PASS])
    g.apply(c("r5"), 1)
    assert g.hands[1] == cs("g1 b1 b2")


def test_interjecting_the_last_card_with_stop_wins():
    g = new(["r5 y1 y2", "r5"], "r3")
    g.apply(play("r5"), 0)
    g.apply(play("r5", STOP), 1)
    assert g.sheet[0]["winner"] == 1


def test_free_choice_calls_count_both_cards():
    g = new(["F r5 y1", "g1 g2"], "b3")
    assert play("F", ACHTUNG) in g.legal_actions(0)
    g = new(["F r5", "g1 g2"], "b3")
    assert play("F", STOP) in g.legal_actions(0)
    g.apply(play("F", STOP), 0)
    assert g.phase == "second" and g.legal_actions(0) == [c("r5")]
    g.apply(c("r5"), 0)
    assert g.sheet[0]["winner"] == 0


def test_a_forgotten_achtung_with_free_choice_is_charged_after_the_second_card():
    g = new(["F r5 y1", "g1 g2"], "b3", stock="b1 b2")
    events = g.apply(c("F"), 0)
    assert "forgot" not in types(events)
    events = g.apply(c("r5"), 0)
    assert "forgot" in types(events) and g.hands[0] == cs("y1 b1 b2")


def test_nobody_owes_a_call_for_a_received_one_card_hand():
    g = new(["rX y1 y2", "g1"], "r3", stock="b1 b2")
    g.apply(c("rX"), 0)
    g.apply(LEFT, 0)
    assert g.hands[0] == cs("g1") and g.hands[1] == cs("y1 y2") and len(g.stock) == 2


# ---- the 0 -----------------------------------------------------------------------
@pytest.mark.parametrize("attack", ["r2", "rS", "r+"])
def test_a_same_colour_0_defends(attack):
    g = new([attack + " y1 y2", "r0 g0 g1", "b1 b2"], "r3", stock="b3 b4 b5")
    g.apply(play(attack), 0)
    assert c("r0") in g.legal_actions(1) and c("g0") not in g.legal_actions(1)
    g.apply(c("r0"), 1)
    assert g.attack is None and g.turn == 2 and g.hands[1] == cs("g0 g1")


def test_only_the_attacked_player_may_defend():
    g = new(["r2 y1 y2", "g1 g2", "r0 b1"], "r3")
    g.apply(play("r2"), 0)
    assert g.to_move() == (1,) and g.legal_actions(2) == []


def test_a_0_is_also_an_ordinary_number_card():
    g = new(["g0 y1", "b0 g1 g2"], "g5")
    assert c("g0") in g.legal_actions(0)
    g.apply(c("g0"), 0)
    assert c("b0") in g.legal_actions(1)


def test_a_spent_attack_card_is_played_on_as_any_card():
    g = new(["r2 y1 y2", "g1 g2", "r7 b1 b5"], "r3", stock="b3 b4")
    g.apply(play("r2"), 0)
    g.apply(ACCEPT, 1)
    assert g.attack is None and g.legal_actions(2) == [c("r7"), DRAW]


# ---- the 2 ------------------------------------------------------------------------
def test_a_2_makes_the_next_draw_2_and_skips_them():
    g = new(["r2 y1 y2", "g1 g3", "b1 b2"], "r3", stock="y3 y4 y5")
    g.apply(play("r2"), 0)
    assert g.phase == "defend" and g.legal_actions(1) == [ACCEPT]
    g.apply(ACCEPT, 1)
    assert g.hands[1] == sorted(cs("g1 g3 y3 y4"))
    assert g.turn == 2


def test_2s_stack_in_any_colour():
    g = new(["r2 y1 y2", "g2 g1 g3", "b2 b1 b3", "y5 y6"], "r3", stock="y3 y4 y7 y8 y9 y0 r1")
    g.apply(play("r2"), 0)
    g.apply(c("g2"), 1)
    assert g.attack == ["draw2", 4] and g.turn == 2
    g.apply(c("b2"), 2)
    assert g.attack == ["draw2", 6] and g.turn == 3
    g.apply(ACCEPT, 3)
    assert len(g.hands[3]) == 8 and g.turn == 0


def test_under_a_2_only_defences_and_taking_it_are_legal():
    g = new(["r2 y1 y2", "r5 F r0 b0 rS g2", "b1 b2"], "r3")
    g.apply(play("r2"), 0)
    assert g.legal_actions(1) == sorted([c("r0"), c("g2"), ACCEPT])


# ---- Skip ------------------------------------------------------------------------
def test_a_skip_skips_the_next():
    g = new(["rS y1 y2", "g1 g2", "b1 b2"], "r3")
    g.apply(c("rS"), 0)
    assert g.legal_actions(1) == [ACCEPT]
    g.apply(ACCEPT, 1)
    assert g.turn == 2 and g.hands[1] == cs("g1 g2")


def test_a_skip_is_passed_on_with_any_skip():
    g = new(["rS y1 y2", "gS g1 g2", "b1 b2"], "r3")
    g.apply(c("rS"), 0)
    assert c("gS") in g.legal_actions(1)
    g.apply(c("gS"), 1)
    assert g.attack == ["skip", 0] and g.turn == 2
    g.apply(ACCEPT, 2)
    assert g.turn == 0


def test_with_two_players_a_skip_gives_another_turn():
    g = new(["rS y1 y2", "g1 g2"], "r3")
    g.apply(c("rS"), 0)
    g.apply(ACCEPT, 1)
    assert g.to_move() == (0,)


# ---- Card Exchange ----------------------------------------------------------------
@pytest.mark.parametrize("direction,expect", [(LEFT, ["b1 b2", "y1 y2", "g1"]),
                                              (RIGHT, ["g1", "b1 b2", "y1 y2"])])
def test_card_exchange_passes_all_hands(direction, expect):
    g = new(["rX y1 y2", "g1", "b1 b2"], "r3")
    g.apply(c("rX"), 0)
    assert g.phase == "direction" and g.legal_actions(0) == [LEFT, RIGHT]
    g.apply(direction, 0)
    assert g.hands == [cs(h) for h in expect] and g.turn == 1


def test_any_player_may_cancel_an_exchange_with_a_same_colour_0():
    g = new(["rX y1 y2", "g1 g3", "b1 b2", "r0 y5 y6", "b0 b4"], "r3")
    g.apply(c("rX"), 0)
    g.apply(LEFT, 0)
    assert g.phase == "cancel" and g.to_move() == (3,)    # b0 may not cancel
    g.apply(c("r0"), 3)
    assert g.hands[0] == cs("y1 y2") and g.hands[3] == cs("y5 y6")
    assert g.turn == 4 and g.pile[-1] == c("r0")


def test_a_passed_cancel_window_lets_the_exchange_happen():
    g = new(["rX y1 y2", "r0 g3", "b1 b2"], "r3")
    g.apply(c("rX"), 0)
    g.apply(RIGHT, 0)
    g.apply(PASS, 1)
    assert g.hands == [cs("r0 g3"), cs("b1 b2"), cs("y1 y2")] and g.turn == 1


def test_several_cancels_go_clockwise_from_the_exchanger():
    g = new(["rX y1 y2", "g1 g3", "r0 b2", "r0 y5 y6"], "r3", dealer=0)
    g.apply(c("rX"), 0)
    g.apply(LEFT, 0)
    assert g.to_move() == (2, 3)
    g.apply(c("r0"), 3)
    g.apply(play("r0", ACHTUNG), 2)
    assert g.hands[2] == cs("b2") and g.hands[3] == cs("r0 y5 y6") and g.turn == 3


# ---- +X --------------------------------------------------------------------------
@pytest.mark.parametrize("turned,size", [("g3", 2 + 1 + 3), ("g0", 2 + 1), ("gS", 3),
                                         ("F", 3), ("g9", 2 + 1 + 9)])
def test_plus_x_turns_the_top_stock_card(turned, size):
    g = new(["r+ y1 y2", "g1 g2", "b1 b2"], "r3",
            stock=turned + " y3 y4 y5 y6 y7 y8 y9 b3 b4 b5")
    g.apply(c("r+"), 0)
    events = g.apply(ACCEPT, 1)
    turned_ev = [e for e in events if e["type"] == "turned"]
    assert turned_ev[0]["card"] == c(turned) and "only" not in turned_ev[0]
    assert len(g.hands[1]) == size and g.turn == 2


def test_plus_x_cannot_be_answered_with_plus_x():
    g = new(["r+ y1 y2", "g+ r+ g1", "b1 b2"], "r3")
    g.apply(c("r+"), 0)
    assert g.legal_actions(1) == [ACCEPT]


# ---- Free Choice -------------------------------------------------------------------
def test_free_choice_plays_on_anything_and_the_second_card_names_the_colour():
    g = new(["F g7 y1 y3", "g1 b2 b3", "b1 b2"], "r3")
    assert c("F") in g.legal_actions(0)
    g.apply(c("F"), 0)
    assert g.phase == "second" and g.legal_actions(0) == [c("y1"), c("y3"), c("g7")]
    g.apply(c("g7"), 0)
    assert g.view(1)["colour"] == "green" and g.view(1)["top"] == cs("F g7")
    assert g.legal_actions(1) == [c("g1"), DRAW]


def test_free_choice_needs_a_second_card():
    g = new(["F F", "g1 b2"], "r3")
    assert g.legal_actions(0) == [DRAW]


def test_the_second_card_cannot_be_another_free_choice():
    g = new(["F F y1", "g1 b2"], "r3")
    g.apply(c("F"), 0)
    assert g.legal_actions(0) == [c("y1")]


def test_free_choice_is_not_playable_on_a_pending_attack():
    g = new(["r2 y1 y2", "F g1 b3 b5", "b1 b2"], "r3")
    g.apply(play("r2"), 0)
    assert g.legal_actions(1) == [ACCEPT]


def test_the_second_card_acts_as_itself():
    g = new(["F b2 y1", "g1 b7", "b1 b5"], "r3", stock="y3 y4")
    g.apply(c("F"), 0)
    g.apply(c("b2"), 0)
    assert g.attack == ["draw2", 2] and g.turn == 1


# ---- stock --------------------------------------------------------------------------
def test_the_reshuffle_keeps_the_top_card():
    g = new(["r5 y1 y2", "g1 g2"], "r1 b4 y7 r3")
    g.apply(c("r5"), 0)
    events = g.apply(DRAW, 1)
    assert "reshuffle" in types(events) and g.pile == cs("r5")
    assert sorted(g.stock + g.hands[1]) == sorted(cs("r1 b4 y7 r3 g1 g2"))


def test_with_nothing_to_shuffle_the_drawer_draws_nothing():
    g = new(["r5 y1 y2", "g1 g2"], "r3")
    g.apply(DRAW, 0)
    assert g.hands[0] == cs("r5 y1 y2") and g.turn == 1


def test_a_stall_ends_the_round_and_scores_every_hand():
    g = new(["y1 y2", "g1 g2"], "r3", target=1000)
    g.apply(DRAW, 0)
    events = g.apply(DRAW, 1)
    row = g.sheet[0]
    assert row["winner"] is None and row["reason"] == "stall" and row["points"] == [21, 21]
    assert "round_end" in types(events)


def test_a_play_breaks_the_stall_count():
    g = new(["y1 y2", "r5 g2 g4"], "r3")
    g.apply(DRAW, 0)
    g.apply(c("r5"), 1)
    assert g.stall == 0
    g.apply(DRAW, 0)                  # the r3 under the r5 is reshuffled and drawn
    assert g.round_no == 1 and g.stall == 0 and g.hands[0] == sorted(cs("y1 y2 r3"))
    g.apply(DRAW, 1)
    g.apply(DRAW, 0)
    assert g.sheet[0]["reason"] == "stall" and g.sheet[0]["points"] == [24, 24]


# ---- scoring and the end ------------------------------------------------------------
@pytest.mark.parametrize("card,points", [("F", 50), ("r+", 40), ("rX", 30), ("r2", 20),
                                         ("rS", 10), ("r9", 9), ("r6", 6), ("r0", 0),
                                         ("r1", 1), ("r3", 3), ("r4", 4), ("r5", 5),
                                         ("r7", 7), ("r8", 8)])
def test_minus_points_table(card, points):
    assert value(c(card)) == points


def test_round_breakdown_is_json_safe_and_the_deal_passes_left():
    import json
    g = new(["r5", "F r+ y9", "b6 b0"], "r3")
    g.apply(play("r5", STOP), 0)
    row = g.view(1)["sheet"][0]
    json.dumps(row)
    assert row["points"] == [0, 99, 6]
    assert row["hands"][1]["cards"] == [{"card": c("r+"), "points": 40},
                                        {"card": c("y9"), "points": 9},
                                        {"card": FREE, "points": 50}]
    assert g.dealer == 1 and g.turn == 1 and g.round_no == 2 and conserved(g)


def test_the_game_ends_at_500_and_fewest_points_win():
    g = new(["r5", "y9 r+", "b6"], "r3", scores=[100, 460, 200])
    g.apply(play("r5", STOP), 0)
    assert g.is_terminal() and g.scores == [100, 509, 206] and g.winners == [0]
    assert g.returns() == [1.0, 0.0, 0.0] and g.to_move() == ()


def test_below_500_the_game_goes_on():
    g = new(["r5", "y9", "b6"], "r3", scores=[100, 400, 200])
    g.apply(play("r5", STOP), 0)
    assert not g.is_terminal() and g.returns() == [0.0, 0.0, 0.0]


def test_a_tie_for_fewest_points_is_a_shared_win():
    g = new(["r5", "y1", "b9 r+ rX F"], "r3", scores=[100, 99, 400])
    g.apply(play("r5", STOP), 0)
    assert g.winners == [0, 1] and g.returns() == [0.5, 0.5, 0.0]


# ---- views --------------------------------------------------------------------------
def test_the_view_shows_counts_not_cards_and_windows_only_to_the_eligible():
    # Seats 2 and 3 swap hands: the r5's twin (and with it the window) moves
    # from seat 2 to seat 3, and neither's cards are the same. Seat 1 may not
    # see either change, so its view is the same in both games.
    a = new(["r5 y1 y2", "g1 g2", "r5 b1 b2", "y7 b4 b8"], "r3")
    b = new(["r5 y1 y2", "g1 g2", "y7 b4 b8", "r5 b1 b2"], "r3")
    for g in (a, b):
        g.apply(play("r5"), 0)
        assert g.phase == "interject"
    assert a.view(2)["window"]["mine"] and not a.view(3)["window"]["mine"]
    assert b.view(3)["window"]["mine"] and not b.view(2)["window"]["mine"]
    v1 = a.view(1)
    assert not v1["window"]["mine"]
    assert v1["hand"] == cs("g1 g2") and v1["hand_sizes"] == [2, 2, 3, 3]
    assert b.view(1) == v1


def test_illegal_actions_raise_and_change_nothing():
    import json
    g = new(["r5 y1 y2", "g1 g2"], "r3")
    before = json.dumps(g.to_json())
    for bad in (c("y1"), play("r5", STOP), ACCEPT, PASS, LEFT, 999):
        with pytest.raises(IllegalAction):
            g.apply(bad, 0)
    with pytest.raises(IllegalAction):
        g.apply(DRAW, 1)
    assert json.dumps(g.to_json()) == before
