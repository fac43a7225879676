"""The computer players under the house rules: only legal actions over seeded
hands of every preset (the search levels, the greedy and rollout players),
and sensible answers to the new decisions (shake, bomb, the cup)."""
import pytest

from gostop import make
from gostop.agents import make_agent
from gostop.agents.hwatu import GreedyAgent, RolloutAgent, rollout_action
from gostop.core.rng import make_rng
from gostop.games.hwatu import Matgo
from gostop.games.hwatu.actions import (STOP, CUP_ANIMAL, SHAKE_BASE, BOMB_BASE,
                                        PHASE_IDS)

PRESETS = [("matgo", {"house": "hangame"}), ("matgo", {"house": "site"}),
           ("gostop", {"players": 3, "house": "traditional"}),
           ("gostop", {"players": 4, "house": "traditional"})]


def quick(agent):
    """The agent's choice; a search with its minimum of worlds only (a clock
    that is always past the deadline), so "hard" stays affordable here."""
    def choose(view, legal, rng):
        if hasattr(agent, "rollouts"):
            return agent.choose(view, legal, rng, deadline=0.0, clock=lambda: 1.0)
        return agent.choose(view, legal, rng)
    return choose


@pytest.mark.parametrize("game,options", PRESETS)
def test_search_levels_play_legal_hands(game, options):
    hard = quick(make_agent(game, "hard"))
    normal = make_agent(game, "normal").choose
    greedy = GreedyAgent().choose
    phases = set()
    for seed in (3, 8):
        g = make(game, seed=seed, **options)
        seats = [hard, normal] + [greedy] * (g.num_players - 2)
        if seed == 8:
            seats = seats[::-1]
        rng = make_rng(seed)
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            a = seats[p](g.view(p), legal, rng)
            assert a in legal, (a, legal, g.phase)
            phases.add(g.phase)
            g.apply(a, p)
    assert {"play", "go-stop"} <= phases


@pytest.mark.parametrize("game,options", PRESETS)
def test_greedy_and_rollout_play_legal_hands(game, options):
    agents = [GreedyAgent(), RolloutAgent(), GreedyAgent(noise=2.0)]
    specials = 0
    for seed in range(12):
        g = make(game, seed=seed, **options)
        rng = make_rng(seed)
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            a = agents[(p + seed) % 3].choose(g.view(p), legal, rng)
            assert a in legal, (a, legal, g.phase)
            if a >= SHAKE_BASE or (BOMB_BASE < a < SHAKE_BASE):
                specials += 1
            g.apply(a, p)
    if options["house"] != "site":
        assert specials > 0


# ---- the new decisions ----------------------------------------------------------
P0_PILE = [2, 3, 6, 7, 14, 15, 22, 23, 26, 27, 30, 31, 34, 43]
P1_PILE = [35, 38, 39, 42, 47]


def test_a_shake_is_declared_for_the_card_the_player_would_play():
    # the May bridge (16) is the only card worth playing: greedy shakes May first
    setup = {"hands": [[16, 17, 18, 45], [1, 5, 19]], "field": [10, 46],
             "stock": [11, 44], "piles": [P0_PILE, P1_PILE]}
    g = Matgo.from_setup(setup, 0, house="hangame", bonus=False)
    legal = g.legal_actions()
    assert SHAKE_BASE + 5 in legal
    a = GreedyAgent().choose(g.view(0), legal, make_rng(1))
    # 45 pairs with 46 (December) and is worth more than dropping a May card;
    # whatever it plays, a May card goes out only with the shake
    assert a in (45, SHAKE_BASE + 5)
    for k in range(4):
        a = rollout_action(g, 0, make_rng(k))
        assert a in legal and a not in (16, 17, 18)
    g.apply(SHAKE_BASE + 5)
    for agent in (GreedyAgent(), RolloutAgent()):
        assert agent.choose(g.view(0), g.legal_actions(), make_rng(2)) in (16, 17, 18)


def test_the_bomb_is_taken():
    setup = {"hands": [[0, 16, 17, 18], [1, 5, 9]], "field": [10, 19, 44],
             "stock": [11, 45, 46], "piles": [P0_PILE, P1_PILE]}
    g = Matgo.from_setup(setup, 0, bomb=True)
    legal = g.legal_actions()
    assert GreedyAgent().choose(g.view(0), legal, make_rng(1)) == BOMB_BASE + 5
    assert rollout_action(g, 0, make_rng(1)) == BOMB_BASE + 5


WINNER = [0, 8, 28, 4, 12, 16, 20, 24, 36, 32, 2, 3, 6, 7, 10, 11, 14, 15, 18, 19]
LOSER = [40, 22, 23, 26, 27, 30]


@pytest.mark.parametrize("spec", ["greedy", "rollout", "normal", "hard"])
def test_the_cup_owner_counts_it_the_way_that_suits_him(spec):
    agent = make_agent("matgo", spec)
    # the winner: as an animal 14 (meong-bak), as junk 8
    setup = {"hands": [[41], [42]], "field": [44], "stock": [45],
             "piles": [WINNER, LOSER], "phase": "go-stop"}
    g = Matgo.from_setup(setup, 0, cup="owner")
    g.apply(STOP)
    assert g.phase_id == PHASE_IDS["cup"]
    assert agent.choose(g.view(0), g.legal_actions(), make_rng(1)) == CUP_ANIMAL
    # the loser under lenient pi-bak: as an animal 7, as junk 14
    winner = [2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 43]
    setup = dict(setup, piles=[winner, [32, 40]])
    g = Matgo.from_setup(setup, 0, cup="owner", pibak="lenient")
    g.apply(STOP)
    assert g.current_player == 1
    assert agent.choose(g.view(1), g.legal_actions(1), make_rng(1)) == CUP_ANIMAL


def test_the_rollout_policy_answers_the_cup_question():
    # (the card CUP once shadowed the phase CUP in hwatu_rollout: the policy
    # answered PASS, which is not among the cup's actions)
    setup = {"hands": [[41], [42]], "field": [44], "stock": [45],
             "piles": [WINNER, LOSER], "phase": "go-stop"}
    g = Matgo.from_setup(setup, 0, cup="owner")
    g.apply(STOP)
    assert g.phase_id == PHASE_IDS["cup"]
    action = rollout_action(g, 0, make_rng(1))
    assert action in g.legal_actions() and action == CUP_ANIMAL
