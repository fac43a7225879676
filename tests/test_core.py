"""The shared core: RNG, registry, errors, saves."""
import json

import pytest

from gostop import IllegalAction, SaveError, load, make
from gostop.core.rng import derive_seed, make_rng, randbelow, shuffle


def test_rng_is_a_pure_function_of_the_seed():
    a = shuffle(make_rng(42), list(range(20)))
    b = shuffle(make_rng(42), list(range(20)))
    c = shuffle(make_rng(43), list(range(20)))
    assert a == b and a != c and sorted(a) == list(range(20))


def test_rng_stream_is_pinned():
    # These values must never change: saves and transcripts depend on them.
    assert shuffle(make_rng(1), list(range(10))) == [6, 8, 9, 7, 5, 3, 0, 4, 1, 2]
    assert derive_seed(1, 2, 3) == derive_seed(1, 2, 3) != derive_seed(3, 2, 1)


def test_randbelow_covers_its_range_and_rejects_zero():
    rng = make_rng(5)
    assert {randbelow(rng, 3) for _ in range(200)} == {0, 1, 2}
    with pytest.raises(ValueError):
        randbelow(rng, 0)


def test_engine_never_touches_global_random():
    import random
    state = random.getstate()
    g = make("go-stop-2005", seed=9, players=4)
    rng = make_rng(3)
    while not g.is_terminal():
        for p in g.to_move():
            legal = g.legal_actions(p)
            g.apply(legal[randbelow(rng, len(legal))], p)
    assert random.getstate() == state


def test_unknown_game_and_bad_options_are_clear_errors():
    with pytest.raises(ValueError, match="unknown game"):
        make("poker")
    with pytest.raises(ValueError, match="players must be 2..6"):
        make("go-stop-2005", players=7)
    with pytest.raises(ValueError, match="players"):
        make("go-stop-2005", players="3")


def test_illegal_action_names_action_and_phase_and_changes_nothing():
    g = make("go-stop-2005", seed=1, players=2)
    before = json.dumps(g.to_json())
    with pytest.raises(IllegalAction, match=r"action 7 .* phase 'choose'"):
        g.apply(7, 0)
    with pytest.raises(IllegalAction, match="must be an int"):
        g.apply("1", 0)
    with pytest.raises(IllegalAction, match="not to move"):
        g.apply(0, 5)
    assert json.dumps(g.to_json()) == before


@pytest.mark.parametrize("bad, reason", [
    ("nonsense", "not a saved game"),
    ({"format": "gostop-game", "game": "chess"}, "unknown game"),
    ({"format": "gostop-game", "game": ["stop"]}, "unknown game"),
    ({"format": "gostop-game", "game": "go-stop-2005", "rules_version": 99,
      "seed": 1, "options": {}, "history": []}, "rules version"),
    ({"format": "gostop-game", "game": "go-stop-2005", "rules_version": 1,
      "seed": 1, "options": {"players": 2}, "history": [[0, 5]]}, "not legal"),
    ({"format": "gostop-game", "game": "go-stop-2005", "rules_version": 1,
      "seed": 1, "options": {"players": 2}, "history": "xx"}, "does not replay"),
])
def test_broken_saves_raise_save_error(bad, reason):
    with pytest.raises((SaveError, IllegalAction), match=reason):
        load(bad)
