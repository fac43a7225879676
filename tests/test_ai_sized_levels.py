"""``search:<level>:<rollouts>``: a search level with another fixed count
(the arena plays a level at the count a phone reaches in its time budget,
docs/ai.md), everything else the level's own; ``...:z<z>`` anchors it on the
greedy choice with that margin, ``...:free`` takes the anchor away."""
import pytest

from gostop.agents import agent_specs, make_agent
from gostop.agents.registry import TIME_BUDGETS
from gostop.core.rng import make_rng
from gostop import make


@pytest.mark.parametrize("game_id", ["matgo", "gostop", "stopgo"])
def test_a_sized_level_is_the_level_with_its_count(game_id):
    for level in ("easy", "normal", "hard"):
        base = make_agent(game_id, f"search:{level}")
        sized = make_agent(game_id, f"search:{level}:321")
        assert sized.rollouts == 321 and base.rollouts != 321
        assert sized.time_budget == base.time_budget == TIME_BUDGETS[level]
        for name in ("min_worlds", "mistake", "mistake_margin", "utility", "distinct",
                     "world_sampler", "rollout"):
            assert getattr(sized, name) == getattr(base, name), name
    assert not any(s.count(":") == 2 for s in agent_specs(game_id))   # not listed


@pytest.mark.parametrize("spec", ["search:hard:0", "search:hard:-5", "search:hard:x",
                                  "search:expert:600", "hard:600", "search:hard:600:1",
                                  "search:hard:600:z", "search:hard:600:z-1",
                                  "search:hard:600:zinf", "search:hard:600:z1:2",
                                  "search:hard:600:anchored"])
def test_malformed_sized_levels_are_refused(spec):
    with pytest.raises((ValueError, KeyError)):
        make_agent("matgo", spec)


def test_a_sized_level_plays_its_count():
    g = next(g for g in (make("matgo", seed=s) for s in range(70, 90))
             if not g.is_terminal() and len(g.legal_actions(g.current_player)) > 2)
    p = g.current_player
    agent = make_agent("matgo", "search:hard:300")
    a = agent.choose(g.view(p), g.legal_actions(p), make_rng(3))
    assert a in g.legal_actions(p)
    assert 250 <= agent.last_rollouts <= 300 + 16


@pytest.mark.parametrize("game_id", ["matgo", "gostop", "stopgo"])
def test_a_margin_anchors_a_sized_level_on_the_greedy_choice(game_id):
    free = make_agent(game_id, "search:hard:300:free")
    anchored = make_agent(game_id, "search:hard:300:z2.5")
    assert free.anchor is None
    assert anchored.anchor_z == 2.5 and anchored.rollouts == 300
    greedy = make_agent(game_id, "greedy")
    for seed in range(5):
        g = make(game_id, seed=seed)
        p = g.current_player
        view, legal = g.view(p), g.legal_actions(p)
        assert anchored.anchor(view, legal) == greedy.choose(view, legal, make_rng(1))


def test_arena_options_of_a_sized_level():
    base = make_agent("matgo", "search:hard:300")
    assert not base.fill_budget and base.utility(3) == 23
    agent = make_agent("matgo", "search:hard:300:b5:fill")
    assert agent.fill_budget and agent.utility(3) == 8 and agent.utility(-3) == -8
    assert agent.anchor_z == base.anchor_z
    g = next(g for g in (make("matgo", seed=s) for s in range(60))
             if not g.is_terminal())
    p = g.current_player
    view, legal = g.view(p), g.legal_actions(p)
    gsfree = make_agent("matgo", "search:hard:300:gsfree")
    assert gsfree.anchor(view, legal) == base.anchor(view, legal) is not None
    from gostop.games.hwatu.actions import GO, STOP
    assert gsfree.anchor(view, [GO, STOP]) is None      # a Go/Stop: no anchor


@pytest.mark.parametrize("spec", ["search:hard:300:b5:b6", "search:hard:300:free:z1",
                                  "search:hard:300:fill:fill", "search:hard:300:bx",
                                  "search:hard:300:b-1"])
def test_repeated_or_malformed_options_are_refused(spec):
    with pytest.raises((ValueError, KeyError)):
        make_agent("matgo", spec)


def test_the_utility_options_of_a_sized_level():
    from gostop.games.hwatu.actions import GO, STOP
    capped = make_agent("matgo", "search:hard:300:b0:c60")
    assert capped.utility(3) == 3 and capped.utility(-3) == -3
    assert capped.utility(110) == 70 and capped.utility(-110) == -70   # 60 + (110 - 60) / 5
    assert make_agent("matgo", "search:hard:300").utility(110) == 130  # the cap at 150
    split = make_agent("matgo", "search:hard:300:gsb0")
    assert split.utility_of({}, [GO, STOP])(3) == 3          # a Go/Stop: no win bonus
    assert split.utility_of({}, [1, 2])(3) == 23             # a play: the level's bonus
    assert make_agent("matgo", "search:hard:300").utility_of is None
