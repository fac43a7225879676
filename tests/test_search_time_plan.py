"""A timed search plans for the rollouts its time buys (docs/ai.md, round
23): it learns the device's speed from its own decisions and sizes its
rounds of halving to the time left, instead of planning for the level's
full count and letting the deadline cut the plan. ``DeviceClock`` (the
arena's ``phone`` and ``phonecut``) times it on an emulated clock."""
import pytest

from gostop import make
from gostop.agents import make_agent, remote
from gostop.agents.device_clock import PHONE_SPEED, DeviceClock
from gostop.agents.registry import TIME_BUDGETS
from gostop.core.rng import make_rng


def first_decision(game_id="matgo", seed=3):
    """The first play of a hand: every card still in the hands, so a
    rollout is at its longest and the phone buys the fewest."""
    g = make(game_id, seed=seed)
    p = g.current_player
    view = g.view(p)
    view["plays"] = []
    return view, g.legal_actions(p)


def leaders(search):
    """How many candidates played the most worlds (the last round's)."""
    counts = [n for _, n in search.last_stats.values()]
    return counts.count(max(counts))


def test_without_a_speed_or_a_deadline_a_search_plans_for_its_count():
    search = make_agent("matgo", "search:hard:1000")
    view, _ = first_decision()
    cost = search.rollout_cost(view)
    assert cost == 3 + 20
    assert search._planned(cost, None, 0.0) == 1000
    assert search._planned(cost, 0.8, 0.0) == 1000          # no speed learnt yet
    search.speed = 23_000.0
    assert search._planned(cost, 0.8, 0.0) == 800            # 23,000 x 0.8 / 23
    assert search._planned(cost, 0.8, 0.4) == 400            # half the time is left
    assert search._planned(cost, 0.8, 0.9) == 1              # past the deadline: a first world
    search.speed = 1e9
    assert search._planned(cost, 0.8, 0.0) == 1000           # never above the count


def test_the_speed_is_learnt_from_each_timed_decision():
    search = make_agent("matgo", "hard")
    search._learn_speed(1000, 0.0)
    assert search.speed is None
    search._learn_speed(1000, 0.5)
    assert search.speed == 2000
    search._learn_speed(1000, 0.25)
    assert search.speed == 3000          # the mean of 2000 and 4000


def test_the_phone_learns_its_speed_and_then_fits_its_rounds_in_the_time():
    view, legal = first_decision()
    phone = make_agent("matgo", "search:hard:2400:phone")
    assert isinstance(phone, DeviceClock) and phone.plan
    search = phone.search
    cost = search.rollout_cost(view)
    budget_units = PHONE_SPEED["matgo"] * TIME_BUDGETS["hard"]
    planned = int(budget_units / cost)
    assert planned < 2400
    for _ in range(2):
        # the first decision knew no speed: it learnt it from its first
        # worlds and planned the rest of its time then, as the next does
        phone.choose(view, legal, make_rng(1))
        assert search.speed == pytest.approx(PHONE_SPEED["matgo"])
        # (the last round runs to the deadline: past it by a world of the last two at most)
        assert 0.95 * planned <= search.last_rollouts <= planned + 2
        assert leaders(search) == 2          # the halving ran to its last two


def test_phonecut_lets_the_deadline_cut_every_decision():
    view, legal = first_decision()
    cut = make_agent("matgo", "search:hard:2400:phonecut")
    assert not cut.plan
    for _ in range(2):
        cut.choose(view, legal, make_rng(1))
        assert cut.search.speed is not None       # learnt, and not used
        assert cut.search.last_rollouts * cut.search.rollout_cost(view) >= \
            PHONE_SPEED["matgo"] * TIME_BUDGETS["hard"]
        assert leaders(cut.search) > 2            # cut while several candidates were in the race


def test_a_device_clock_is_deterministic():
    view, legal = first_decision("stopgo", 8)
    moves = []
    for _ in range(2):
        phone = make_agent("stopgo", "search:hard:2000:phone")
        moves.append([(phone.choose(view, legal, make_rng(k)), phone.last_rollouts) for k in range(3)])
    assert moves[0] == moves[1]
    planned = int(PHONE_SPEED["stopgo"] * TIME_BUDGETS["hard"] / phone.search.rollout_cost(view))
    assert all(0.95 * planned <= n <= planned + 2 for _, n in moves[0])


def test_the_phone_buys_fewer_rollouts_of_a_costlier_policy():
    # the opponent model's rollouts cost RGO_COST plain ones: the emulated
    # phone plans and stops for that many fewer in the same time
    from gostop.agents.hwatu_rollout import RGO_COST
    view, legal = first_decision()
    plain = make_agent("matgo", "search:hard:2400:phone")
    rgo = make_agent("matgo", "search:hard:2400:phone:rgo0")
    assert rgo.speed == pytest.approx(plain.speed / RGO_COST)
    assert plain.speed == PHONE_SPEED["matgo"]
    counts = []
    for agent in (plain, rgo):
        for _ in range(2):
            agent.choose(view, legal, make_rng(1))
        counts.append(agent.last_rollouts)
    assert counts[1] == pytest.approx(counts[0] / RGO_COST, rel=0.05)


def test_a_phone_k_times_as_fast_plays_k_times_the_rollouts():
    # ``phone2``: the phone with its worker twice as fast (round 33: what
    # more time would be worth); the level's cap raised so it does not bind
    view, legal = first_decision()
    plain = make_agent("matgo", "search:hard:4800:phone")
    fast = make_agent("matgo", "search:hard:4800:phone2")
    assert fast.plan and fast.speed == 2 * plain.speed == 2 * PHONE_SPEED["matgo"]
    counts = []
    for agent in (plain, fast):
        for _ in range(2):
            agent.choose(view, legal, make_rng(1))
        counts.append(agent.last_rollouts)
    assert counts[0] < 2400 and counts[1] == pytest.approx(2 * counts[0], rel=0.05)


@pytest.mark.parametrize("spec", ["search:hard:2400:phone:phonecut", "search:hard:2400:phone:phone",
                                  "search:hard:2400:phone2:phone", "search:hard:2400:phone0",
                                  "search:hard:2400:phonex"])
def test_one_device_per_spec(spec):
    with pytest.raises(ValueError):
        make_agent("matgo", spec)


def test_the_worker_remembers_the_devices_speed_between_decisions():
    view, legal = first_decision()
    request = {"game_id": "matgo", "seat_spec": "hard", "view": view, "legal": legal, "seed": 5}
    remote._agents.pop(("matgo", "hard"), None)
    ticks = iter(range(10**6))
    clock = lambda: next(ticks) * 0.001      # noqa: E731 - each read "takes" 1 ms
    remote.choose(request, clock=clock)
    agent = remote._agents["matgo", "hard"]
    assert agent.speed is not None and agent.last_rollouts > 12 * len(legal)
    # As if the device were very slow: the next decision plans from the
    # speed it kept (no first worlds timed again): a first round only.
    agent.speed = 1e-6
    remote.choose(request, clock=clock)
    assert remote._agents["matgo", "hard"] is agent
    assert agent.last_rollouts <= agent.min_worlds * len(legal)
    remote._agents.pop(("matgo", "hard"))


def test_a_plan_from_too_low_a_speed_still_thinks_until_the_deadline():
    """The last round runs on to the deadline: a first decision whose first
    worlds were slow (cold caches) does not end early with time unused."""
    view, legal = first_decision()
    phone = make_agent("matgo", "search:hard:2400:phone")
    search = phone.search
    search.speed = PHONE_SPEED["matgo"] / 4          # it believes the device four times slower
    phone.choose(view, legal, make_rng(1))
    planned = int(PHONE_SPEED["matgo"] * TIME_BUDGETS["hard"] / search.rollout_cost(view))
    assert 0.95 * planned <= search.last_rollouts <= planned + 2
    assert leaders(search) == 2


def test_a_search_says_whether_it_sized_its_rounds_for_its_count():
    """``last_as_counted``: a decision that planned for its full count (no
    clock, or time enough) made the untimed search's choice with its
    rollouts; one that planned for fewer says so even when its last round
    ran on to the count (its rounds were sized otherwise: the page's replay
    test must not hold it to the untimed choice)."""
    view, legal = first_decision()
    untimed = make_agent("matgo", "search:hard:600")
    choice = untimed.choose(view, legal, make_rng(2))
    full = untimed.last_rollouts
    assert untimed.last_as_counted
    # time enough, the speed known: the untimed decision exactly
    fast = make_agent("matgo", "search:hard:600")
    fast.speed = 1e12
    assert fast.choose(view, legal, make_rng(2), deadline=1.0, clock=lambda: 0.0) == choice
    assert fast.last_rollouts == full and fast.last_as_counted
    # believed slow: planned for fewer, then the frozen clock lets the last
    # round run on to the count
    slow = make_agent("matgo", "search:hard:600")
    slow.speed = 300 * slow.rollout_cost(view)       # half the count in the time
    slow.choose(view, legal, make_rng(2), deadline=1.0, clock=lambda: 0.0)
    assert not slow.last_as_counted
    assert slow.last_rollouts > 0.9 * full
    # a first decision whose first worlds are slow plans for fewer too
    reads = iter([0.0, 0.0] + [0.9] * 10**6)
    first = make_agent("matgo", "search:hard:600")
    first.choose(view, legal, make_rng(2), deadline=1.0, clock=lambda: next(reads))
    assert not first.last_as_counted
