"""The fast rollouts (``agents.hwatu.rollout``, ``agents.stopgo.rollout``)
play exactly what the plain loop plays (``play_out`` with the game's
``rollout_action`` through ``apply_unchecked``): the same final state, the
same returns and the same draws of the rng, under every preset and house
rule, from positions anywhere in a hand (choices, Go/Stop, flip-only turns,
shakes, the cup)."""
import random
from itertools import chain

import pytest

from gostop import make
from gostop.agents import hwatu, stopgo
from gostop.agents.matching import play_out
from gostop.core.rng import derive_seed, make_rng, randbelow
from gostop.games.matching.record import record_fields

CONFIGS = [
    ("matgo", {}), ("matgo", {"house": "hangame"}), ("matgo", {"pibak": "lenient"}),
    ("matgo", {"shake": True}), ("matgo", {"bomb": True}), ("matgo", {"bonus": True}),
    ("matgo", {"go_bak": True}), ("matgo", {"first_ppuk": True}),
    ("matgo", {"cup": "owner"}), ("matgo", {"three_ppuk_points": 7}),
    ("gostop", {"players": 2}), ("gostop", {"players": 3}), ("gostop", {"players": 4}),
    ("gostop", {"players": 3, "house": "traditional"}),
    ("gostop", {"players": 4, "house": "traditional"}),
    ("gostop", {"players": 3, "ppuk": True}), ("gostop", {"players": 3, "steals": True}),
    ("gostop", {"players": 4, "bak": True}), ("gostop", {"players": 3, "shake": True}),
    ("stopgo", {}),
]

_SKIP = {"history", "_events"}


def state(g):
    """Every field of the record but the history (the fast loop keeps none)."""
    out = {}
    for name in record_fields(type(g)):
        if name in _SKIP:
            continue
        v = getattr(g, name)
        out[name] = [x[:] for x in v] if name == "hands" else v
    return out


def midgame(game, options, seeds, rng):
    """(seed, game) for each of ``seeds``: a hand of ``game`` (``options``)
    advanced by a random number of random legal moves (``rng``), unless
    that ended it."""
    for seed in seeds:
        g = make(game, seed=seed, **options)
        steps = randbelow(rng, 3 * g.rules.hand_size)
        while not g.is_terminal() and steps:
            la = g.legal_actions()
            g.apply(la[randbelow(rng, len(la))])
            steps -= 1
        if not g.is_terminal():
            yield seed, g


@pytest.mark.parametrize("game,options", CONFIGS)
def test_fast_rollout_plays_the_plain_loop(game, options):
    module = stopgo if game == "stopgo" else hwatu
    rng = make_rng(derive_seed(5, len(game), len(options)))
    checked = 0
    for seed, g in midgame(game, options, range(150 if game == "stopgo" else 60), rng):
        for k in range(3):
            a, b = g.clone(), g.clone()
            ra, rb = random.Random(seed * 7 + k), random.Random(seed * 7 + k)
            play_out(a, ra, module.rollout_action)
            module.rollout(b, rb)
            assert a.is_terminal() and b.is_terminal()
            assert a.returns() == b.returns()
            assert state(a) == state(b)
            assert ra.getstate() == rb.getstate()
            checked += 1
    assert checked >= 60


def stop_cases(seed, per_preset, winner_share):
    """(rules, piles, winner, gos, shakes) on random piles of every hwatu
    preset; the winner takes ``winner_share`` of the cards besides its
    random share (more makes baks frequent)."""
    rng = random.Random(seed)
    for game, options in CONFIGS:
        if game == "stopgo":
            continue
        rules = make(game, seed=0, **options).rules
        n = rules.players
        for _ in range(per_preset):
            deck = list(range(50 if rules.bonus else 48))
            rng.shuffle(deck)
            piles = [0] * n
            w = rng.randrange(n)
            for c in deck[:rng.randrange(8, len(deck))]:
                piles[w if rng.random() < winner_share else rng.randrange(n)] |= 1 << c
            yield rules, piles, w, rng.choice((0, 0, 1, 2, 3, 4, 5)), rng.choice((0, 0, 1, 2))


def test_stop_total_is_the_settled_total():
    """The rollouts' Go/Stop rule reads ``stop_total`` (the baks counted on
    masks, the winner's part remembered): ``settle``'s total, on random
    piles of every preset (the cup, the bonus cards and every bak among
    them; the second set gives the winner more cards, so baks are frequent)."""
    from gostop.games.hwatu.scoring import settle, stop_total
    for rules, piles, w, gos, shakes in chain(stop_cases(3, 400, 0.0), stop_cases(11, 1500, 0.5)):
        assert stop_total(rules, piles, w, gos, shakes) == \
            settle(rules, piles, w, gos, "stop", shakes)["total"]


@pytest.mark.parametrize("game,options", CONFIGS)
def test_world_sampler_deals_the_sampled_worlds(game, options):
    """``world_sampler(view)(rng)`` (the search's) is ``sample_world(view,
    rng)``: every field, the saved setup too, for the same draws."""
    rng = make_rng(derive_seed(8, len(game), len(options)))
    checked = 0
    for seed in range(25):
        g = make(game, seed=seed, **options)
        steps = randbelow(rng, 3 * g.rules.hand_size)
        while not g.is_terminal() and steps:
            la = g.legal_actions()
            g.apply(la[randbelow(rng, len(la))])
            steps -= 1
        if g.is_terminal():
            continue
        p = g.current_player
        view = g.view(p)
        sample = type(g).world_sampler(view)
        for k in range(3):
            a = type(g).sample_world(view, random.Random(k))
            b = sample(random.Random(k))
            assert {n: getattr(a, n) for n in record_fields(type(a))} == \
                {n: getattr(b, n) for n in record_fields(type(b))}
            assert a.to_json() == b.to_json()
            assert a.view(p) == b.view(p) == view
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize("game,options", CONFIGS)
def test_rollout_after_plays_the_move_then_the_rollout(game, options):
    """``rollout.after(g, a, p, rng)`` (the search's candidate move and its
    rollout in one) is ``apply_unchecked(a, p)`` then, unless the hand is
    over, ``rollout``: the same final state (the history too), returns and
    draws, and it says whether a rollout was played."""
    module = stopgo if game == "stopgo" else hwatu
    after = module.rollout.after
    rng = make_rng(derive_seed(9, len(game), len(options)))
    checked = over = 0
    for seed in range(60):
        g = make(game, seed=seed, **options)
        # every other position on the hand's last turn, Go called all along
        # (a move may end the hand)
        steps = randbelow(rng, 3 * g.rules.hand_size) if seed % 2 else -1
        while not g.is_terminal() and steps and not (
                steps < 0 and g.turn == g.rules.turns_total and g.phase == "play"):
            la = g.legal_actions()
            g.apply(la[0] if steps < 0 and g.phase == "go-stop" else la[randbelow(rng, len(la))])
            steps -= 1
        if g.is_terminal():
            continue
        p = g.current_player
        for a in g.legal_actions(p):
            x, y = g.clone(), g.clone()
            x.quiet = y.quiet = True
            rx, ry = random.Random(seed), random.Random(seed)
            x.apply_unchecked(a, p)
            rolled = not x.is_terminal()
            if rolled:
                module.rollout(x, rx)
            else:
                over += 1
            assert after(y, a, p, ry) == rolled
            assert x.returns() == y.returns()
            assert state(x) == state(y) and x.history == y.history
            assert rx.getstate() == ry.getstate()
            checked += 1
    assert checked >= 80


@pytest.mark.parametrize("game,options", CONFIGS)
def test_rollout_after_a_move_that_ends_the_hand(game, options):
    """A card played on the hand's last turn that scores nothing ends it
    (nagari): ``rollout.after`` says so (no rollout) and leaves the state
    ``apply_unchecked`` leaves (the mover's pile emptied for the test, its
    cards put out of play, so that the play cannot reach a Go/Stop)."""
    module = stopgo if game == "stopgo" else hwatu
    after = module.rollout.after
    rng = make_rng(derive_seed(10, len(game), len(options)))
    over = 0
    for seed in range(80):
        g = make(game, seed=seed, **options)
        while not g.is_terminal() and not (g.turn == g.rules.turns_total
                                           and g.phase == "play"):
            la = g.legal_actions()
            g.apply(la[randbelow(rng, len(la))])
        if g.is_terminal():
            continue
        p = g.current_player
        g.out_of_play |= g.piles[p]
        g.piles[p] = 0
        g.gos[p] = g.last_go[p] = 0
        for a in g.legal_actions(p):
            x, y = g.clone(), g.clone()
            x.quiet = y.quiet = True
            x.apply_unchecked(a, p)
            rolled = not x.is_terminal()
            if rolled:
                module.rollout(x, random.Random(seed))
            else:
                over += 1
            assert after(y, a, p, random.Random(seed)) == rolled
            assert state(x) == state(y) and x.history == y.history
    assert over >= 2


@pytest.mark.parametrize("scoring", ["hwatu", "stopgo"])
def test_remembered_base_scores_are_the_computed_ones(scoring, monkeypatch):
    """``base_score`` remembers what it computed (``core.remembered``): the
    same scores as the function itself, asked again, after its table was
    filled and cleared too; the rollouts read that same table."""
    import importlib
    from gostop.core import remembered
    mod = importlib.import_module(f"gostop.games.{scoring}.scoring")
    monkeypatch.setattr(remembered, "TABLE_MAX", 64)
    mod.base_score.table.clear()
    rng = random.Random(4)
    deck = 50 if scoring == "hwatu" else 52
    piles = [sum(1 << c for c in rng.sample(range(deck), rng.randrange(0, 30)))
             for _ in range(300)]
    for m in piles + piles[::-1] + piles:
        assert mod.base_score(m) == mod.base_score.__wrapped__(m)
        assert len(mod.base_score.table) <= 64
    rollouts = importlib.import_module("gostop.agents." + ("hwatu_rollout" if scoring == "hwatu" else "stopgo"))
    assert rollouts._SCORES is mod.base_score.table
