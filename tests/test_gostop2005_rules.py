"""go-stop-2005: each ruling of RULINGS §5 with a counter-example."""
import random

import pytest

from gostop import make
from gostop.core.game import events_for
from gostop.games.gostop2005 import GO, STOP, round_winner


def new(players=3, deck=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), seed=0):
    return make("go-stop-2005", seed=seed, players=players, deck=list(deck))


def turn(g, *actions):
    """Everyone lays one card; returns the events of the last (resolving) one."""
    events = []
    for p, a in enumerate(actions):
        events = g.apply(a, p)
    return events


def types(events):
    return [e["type"] for e in events]


def test_each_round_starts_with_five_go_and_one_stop_each():
    g = new(players=6)
    v = g.view(3)
    assert v["hand"] == {"go": 5, "stop": True}
    assert v["hand_sizes"] == [6] * 6
    assert g.legal_actions(3) == [GO, STOP]


def test_the_top_number_card_is_turned_up_at_the_right_end():
    g = new(deck=(7, 3, 9, 1, 2, 4, 5, 6, 8, 10))
    assert [c["number"] for c in g.view(0)["line"]] == [7]
    turn(g, GO, GO, GO)
    assert [c["number"] for c in g.view(0)["line"]] == [7, 3]


def test_all_players_choose_simultaneously_and_secretly():
    g = new()
    assert g.to_move() == (0, 1, 2)
    g.apply(STOP, 1)
    assert g.to_move() == (0, 2)
    # Player 0 sees that 1 has chosen (what is checked just below).
    v0 = g.view(0)
    assert v0["chosen"] == [False, True, False] and v0["my_choice"] is None
    assert g.view(1)["my_choice"] == STOP


def test_a_choice_stays_secret_until_its_pile_is_opened():
    """Two games alike but for player 1's card under the first number: player 0's
    view and the events shown to player 0 are the same step by step until that
    pile is opened on turn 5; the opened pile then shows what 1 played."""
    def seen_by_0(first):
        g = new(players=2)
        steps = []
        def act(a, p):
            events = g.apply(a, p)
            steps.append((g.view(0), events_for(events, 0)))
        act(first, 1)                 # turn 1: player 1 lays Go or Stop under the 1
        act(GO, 0)
        for _ in range(4):            # turns 2-5: Go from both; turn 5 opens the 1
            act(GO, 1)
            act(GO, 0)
        return steps
    go, stop = seen_by_0(GO), seen_by_0(STOP)
    assert len(go) == len(stop) == 10
    assert go[0][0]["chosen"] == [False, True]       # that 1 chose is public
    for i in range(9):                               # up to player 1's turn-5 card
        assert go[i] == stop[i], f"player 0 can tell Go from Stop after step {i}"
    # The last step opens the 1's pile: player 0 now sees 1's card (a lone Stop
    # takes the 1 and ends the round; all Go discards it).
    (v_go, ev_go), (v_stop, ev_stop) = go[9], stop[9]
    assert [e["pile"] for e in ev_go if e["type"] == "pile_opened"][0] == [GO, GO]
    assert [e["pile"] for e in ev_stop if e["type"] == "pile_opened"][0] == [GO, STOP]
    assert v_go["revealed"][0] == {"number": 1, "pile": [GO, GO], "taker": -1}
    assert v_go["discards"] == [1] and v_go["round"] == 1
    assert v_stop["last_round"]["taken"] == [[1, 1]] and v_stop["wins"] == [0, 1]


def test_the_first_four_turns_score_nothing():
    g = new()
    for _ in range(4):
        events = turn(g, STOP if g.view(0)["hand"]["stop"] else GO, GO, GO)
        assert "pile_opened" not in types(events)
    assert len(g.view(0)["line"]) == 5 and g.view(0)["hand_sizes"] == [2, 2, 2]


def test_from_the_fifth_turn_the_leftmost_card_is_scored_and_the_pile_returns():
    g = new()
    for _ in range(4):
        turn(g, GO, GO, GO)
    events = turn(g, GO, GO, GO)   # turn 5: everybody is down to one card
    opened = [e for e in events if e["type"] == "pile_opened"]
    assert [(e["number"], e["taker"]) for e in opened] == [(1, -1)]
    v = g.view(0)
    assert v["hand"] == {"go": 1, "stop": True}      # the Go under the 1 came back
    assert [c["number"] for c in v["line"]] == [2, 3, 4, 5, 6]
    assert v["discards"] == [1]


def test_a_lone_stop_takes_the_card_and_the_whole_line_is_scored():
    g = new(deck=(5, 9, 2, 7, 3, 1, 4, 6, 8, 10))
    turn(g, STOP, GO, GO)        # 0 stops on 5
    turn(g, GO, STOP, GO)        # 1 stops on 9
    turn(g, GO, GO, GO)          # 2
    turn(g, GO, GO, STOP)        # 2 stops on 7
    events = turn(g, GO, GO, GO)  # turn 5 scores the 5: player 0 takes it
    opened = [(e["number"], e["taker"]) for e in events if e["type"] == "pile_opened"]
    assert opened == [(5, 0), (9, 1), (2, -1), (7, 2), (3, -1)]
    won = [e for e in events if e["type"] == "round_won"][0]
    assert (won["player"], won["number"]) == (1, 9)
    assert g.wins == [0, 1, 0] and g.round_no == 2


def test_two_stops_discard_the_card_and_the_round_goes_on():
    g = new(deck=(10, 2, 3, 4, 5, 6, 7, 8, 9, 1))
    turn(g, STOP, STOP, GO)
    for _ in range(3):
        turn(g, GO, GO, GO)
    events = turn(g, GO, GO, GO)
    assert [(e["number"], e["taker"]) for e in events if e["type"] == "pile_opened"] == [(10, -1)]
    assert "round_won" not in types(events) and g.round_no == 1
    assert g.view(0)["discards"] == [10]
    # Both Stops came back.
    assert g.view(0)["hand"]["stop"] and g.view(1)["hand"]["stop"]


def test_all_go_discards_the_card():
    g = new(players=2)
    for _ in range(5):
        events = turn(g, GO, GO)
    assert [e["taker"] for e in events if e["type"] == "pile_opened"] == [-1]


def test_only_go_may_be_played_while_the_stop_is_out():
    g = new(players=2)
    turn(g, STOP, GO)
    assert g.legal_actions(0) == [GO]
    assert g.legal_actions(1) == [GO, STOP]


def test_a_hand_of_only_the_stop_never_occurs_so_go_is_always_legal():
    """The rulebook's "if you have [Go] only, you have to play it" has no Stop
    twin because a hand of the Stop alone cannot occur: hands shrink together
    6, 5, 4, 3 over turns 1-4 and are 2 cards at turn 5; from then on each turn's
    scoring gives every player back the card under the scored number before the
    next choice (and a new or voided round deals 5 Go + 1 Stop again), so every
    choice is made from at least 2 cards, at most one of them the Stop. Checked
    here at every choice of random games (2-6 players, every seat random, some
    games rarely stopping so that decks are reshuffled and rounds voided)."""
    choices = voids = reshuffles = 0
    for seed in range(60):
        players = 2 + seed % 5
        p_stop = (0.5, 0.1, 0.03)[seed % 3]
        g = make("go-stop-2005", seed=seed, players=players)
        rng = random.Random(seed)
        while not g.is_terminal():
            v = g.view(0)
            # Turn t of a round (t <= 5) is chosen from 7 - t cards, later from 2.
            assert v["hand_sizes"] == [max(7 - v["turn"], 2)] * players
            for p in g.to_move():
                hand = g.view(p)["hand"]
                legal = g.legal_actions(p)
                assert hand["go"] >= 1, (seed, p, hand)
                assert legal == ([GO, STOP] if hand["stop"] else [GO])
                events = g.apply(STOP if hand["stop"] and rng.random() < p_stop else GO, p)
                choices += 1
                voids += "round_void" in types(events)
                reshuffles += "deck_reshuffled" in types(events)
    assert choices > 5000 and voids > 0 and reshuffles > 0


@pytest.mark.parametrize("taken, winner", [
    ([(0, 8), (1, 3)], (0, 8)),           # highest card wins
    ([(0, 1), (1, 10), (2, 8)], (0, 1)),  # 1 beats 10 (the source's example)
    ([(0, 1), (1, 9)], (1, 9)),           # counter-example: no 10, the 1 is low
    ([(2, 10), (0, 9)], (2, 10)),         # the 10 wins without a 1
    ([(1, 1)], (1, 1)),                   # boundary: a lone 1 still wins
])
def test_round_winner_with_the_one_beats_ten_rule(taken, winner):
    assert round_winner(taken) == winner


def test_one_beats_ten_in_play():
    g = new(players=2, deck=(10, 1, 2, 3, 4, 5, 6, 7, 8, 9))
    turn(g, STOP, GO)     # 0 stops on 10
    turn(g, GO, STOP)     # 1 stops on 1
    for _ in range(3):
        events = turn(g, GO, GO)
    won = [e for e in events if e["type"] == "round_won"][0]
    assert (won["player"], won["number"]) == (1, 1)


def test_first_to_three_rounds_wins_the_game():
    g = new(players=2, seed=3)
    while not g.is_terminal():
        # Player 0 stops on every card it can; player 1 never stops.
        turn(g, STOP if STOP in g.legal_actions(0) else GO, GO)
    assert g.winner == 0 and g.wins == [3, 0]
    assert g.returns() == [1.0, 0.0]
    assert g.legal_actions(0) == [] and g.to_move() == ()


def test_the_game_is_not_over_at_two_wins():
    g = new(players=2, seed=3)
    while g.wins[0] < 2:
        turn(g, STOP if STOP in g.legal_actions(0) else GO, GO)
    assert not g.is_terminal() and g.returns() == [0.0, 0.0]


def test_an_empty_deck_is_refilled_from_the_discards():
    g = new(players=2)
    reshuffled = []
    for _ in range(11):
        reshuffled += [e for e in turn(g, GO, GO) if e["type"] == "deck_reshuffled"]
    assert len(reshuffled) == 1 and reshuffled[0]["cards"] == 6
    v = g.view(0)
    assert len(v["line"]) + v["deck"] + len(v["discards"]) == 10


def test_safety_rule_voids_the_round_after_thirty_turns_without_a_take():
    g = new(players=2)
    events = []
    for _ in range(29):
        events = turn(g, GO, GO)
        assert "round_void" not in types(events)
    events = turn(g, GO, GO)
    assert "round_void" in types(events)
    assert g.round_no == 1 and g.void_rounds == 1 and g.wins == [0, 0]
    v = g.view(0)
    assert v["turn"] == 1 and v["hand"] == {"go": 5, "stop": True} and len(v["line"]) == 1


def test_a_take_on_the_thirtieth_turn_is_not_void():
    g = new(players=2)
    for _ in range(25):
        turn(g, GO, GO)
    turn(g, STOP, GO)          # turn 26: 0 stops; that card is scored on turn 30
    for _ in range(3):
        turn(g, GO, GO)
    events = turn(g, GO, GO)   # turn 30
    assert "round_won" in types(events) and "round_void" not in types(events)


def test_views_never_show_another_players_unopened_choices():
    g = new(players=3)
    turn(g, STOP, GO, STOP)
    g.apply(GO, 1)
    for p in range(3):
        v = g.view(p)
        for cell in v["line"]:
            # Only the viewer's own card in each pile is shown.
            assert set(cell) == {"number", "mine"}
        assert v["my_choice"] == (GO if p == 1 else None)


def test_deck_option_is_validated():
    with pytest.raises(ValueError, match="deck"):
        make("go-stop-2005", players=2, deck=[1, 2, 3])


def test_from_setup_gives_the_deck_and_the_rounds_already_won():
    from gostop.games.gostop2005 import GoStop2005
    g = GoStop2005.from_setup({"deck": [10, 1, 2, 3, 4, 5, 6, 7, 8, 9], "wins": [2, 0, 1]})
    assert g.num_players == 3 and g.wins == [2, 0, 1]
    assert [c["number"] for c in g.view(0)["line"]] == [10]
    # seat 0 takes the 10 alone: its third round, the game
    turn(g, STOP, GO, GO)
    for _ in range(4):
        turn(g, GO, GO, GO)
    assert g.is_terminal() and g.winner == 0 and g.returns() == [1.0, 0.0, 0.0]
    # the setup is in the options: the save replays
    from gostop import load
    assert load(g.to_json()).view(1) == g.view(1)
    with pytest.raises(ValueError, match="wins"):
        GoStop2005.from_setup({"deck": list(range(1, 11)), "wins": [3, 0]})
    with pytest.raises(ValueError, match="wins"):
        GoStop2005.from_setup({"deck": list(range(1, 11)), "wins": [0, 0]}, players=3)
    with pytest.raises(ValueError, match="setup"):
        GoStop2005.from_setup({"line": [1]})
    with pytest.raises(ValueError, match="unknown setup"):
        GoStop2005.from_setup({"deck": list(range(1, 11)), "hands": []})


def test_describe_action_names_the_card_and_the_number():
    g = new(players=2, deck=(7, 3, 9, 1, 2, 4, 5, 6, 8, 10))
    assert g.describe_action(GO) == {"kind": "go", "number": 7}
    assert g.describe_action(STOP) == {"kind": "stop", "number": 7}
    turn(g, GO, GO)
    assert g.describe_action(STOP) == {"kind": "stop", "number": 3}
    for bad in (2, -1, True, "0"):
        with pytest.raises(ValueError):
            g.describe_action(bad)


def test_deck_option_takes_whole_numbers_only():
    with pytest.raises(ValueError, match="deck"):
        make("go-stop-2005", players=2, deck=[True, 2, 3, 4, 5, 6, 7, 8, 9, 10])
