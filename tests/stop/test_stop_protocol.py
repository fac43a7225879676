"""`stop` under the engine's protocol: explicit setups (``from_setup``) and
what each action id does (``describe_action``) in every phase."""
import pytest

from stop_util import ACCEPT, DRAW, LEFT, PASS, RIGHT, c, cs, new, play


def test_from_setup_is_the_setup_option_and_restores_from_its_save():
    from gostop import load
    from gostop.games.stop import Stop
    setup = {"hands": [cs("r5 y1"), cs("g1 g2"), cs("b1")], "pile": cs("r3"), "stock": cs("y7"),
             "dealer": 1, "scores": [10, 20, 30]}
    g = Stop.from_setup(setup, seed=4, target=100)
    assert g.num_players == 3 and g.options["setup"]["dealer"] == 1 and g.scores == [10, 20, 30]
    assert g.hands == [cs("r5 y1"), cs("g1 g2"), cs("b1")] and g.turn == 1
    assert load(g.to_json()).view(2) == g.view(2)
    with pytest.raises(ValueError, match="setup"):
        Stop.from_setup(["r5"])
    with pytest.raises(ValueError, match="hand per player"):
        Stop.from_setup(setup, players=4)


def test_describe_action_in_every_phase():
    def d(g, a):
        return g.describe_action(a)
    g = new(["r5 y1 y2", "r5 g2", "b3 b4"], "r3")
    assert d(g, play("r5")) == {"kind": "play", "cards": [c("r5")], "colour": "red",
                                "rank": "5", "call": None}
    assert d(g, DRAW) == {"kind": "draw"}
    g.apply(play("r5"), 0)
    assert d(g, c("r5"))["kind"] == "interject"
    assert d(g, play("r5", "achtung"))["call"] == "achtung"
    assert d(g, PASS) == {"kind": "pass", "window": "interject"}
    g = new(["r2 y1 y2", "r0 g3", "b1 b2"], "r3", stock="y3 y4 y5")
    g.apply(play("r2"), 0)
    assert d(g, c("r0"))["kind"] == "defend"
    assert d(g, ACCEPT) == {"kind": "take", "attack": "draw2", "amount": 2}
    g = new(["rX y1 y2", "g1", "b1 b2"], "r3")
    assert d(g, c("rX"))["rank"] == "exchange"
    g.apply(c("rX"), 0)
    assert d(g, LEFT) == {"kind": "direction", "direction": "left"}
    assert d(g, RIGHT) == {"kind": "direction", "direction": "right"}
    g = new(["F g7 y1 y3", "g1 b2 b3", "b1 b2"], "r3")
    assert d(g, c("F")) == {"kind": "play", "cards": [c("F")], "colour": None,
                            "rank": "free", "call": None}
    g.apply(c("F"), 0)
    assert d(g, c("g7"))["kind"] == "second"
    for bad in (53, 99, 305, -1, True, "1"):
        with pytest.raises(ValueError):
            d(g, bad)


def test_sampled_worlds_keep_an_open_window_open_and_a_second_card_in_hand():
    """A window another seat must still answer stays open in every world the
    viewer samples (somebody else holds its card), and the Free Choice's
    player holds a card to lay with it."""
    import random
    from gostop.games.stop import Stop
    # 2 players: seat 1 holds the other r5; seat 0 sees a window it cannot answer
    g = new(["r5 y1 y2", "r5 g2"], "r3", stock="b1 b2 b3 b4 b5 b6 b7 b8 b9")
    g.apply(play("r5"), 0)
    v = g.view(0)
    assert v["phase"] == "interject" and not v["window"]["mine"]
    for k in range(40):
        w = Stop.sample_world(v, random.Random(k))
        assert w.view(0) == v and w.to_move() == (1,) and c("r5") in w.legal_actions(1)
    # seat 1 lays a Free Choice with one card left: in every world it holds a
    # card that is not a Free Choice
    g = new(["y1 y2 y3", "F g7"], "r3", stock="F F F F F F b1 b2", dealer=1)
    g.apply(c("F"), 1)
    v = g.view(0)
    assert v["phase"] == "second" and v["hand_sizes"][1] == 1
    for k in range(40):
        w = Stop.sample_world(v, random.Random(k))
        assert w.view(0) == v and w.legal_actions(1)
