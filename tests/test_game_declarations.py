"""What every registered game declares (issue #18): the registry's info is
read from the class, the class declares the protocol, ``simultaneous`` is
truthful, and the conformance suite (``test_conformance.py``) covers every
game and preset."""
import inspect
import json
import random

import pytest

from gostop.agents.registry import agent_specs
from gostop.core import registry
from gostop.core.game import RETURNS_KINDS, Game
from test_conformance import CONFIGS, IDS, hand_options, pick


def test_every_game_and_preset_is_covered():
    got = set(IDS)
    want = {"matgo-2", "matgo-2-site", "matgo-2-hangame", "gostop-2", "gostop-3", "gostop-4",
            "gostop-3-traditional", "gostop-4-traditional", "stopgo-2"}
    want |= {f"stop-{n}" for n in range(2, 7)} | {f"go-stop-2005-{n}" for n in range(2, 7)}
    assert want <= got, sorted(want - got)
    assert {gid for gid, _ in CONFIGS} == set(registry.game_ids())


@pytest.mark.parametrize("gid", registry.game_ids())
def test_registry_info_is_read_from_the_class(gid):
    info = registry.info(gid)
    cls = registry.game_class(gid)
    assert json.loads(json.dumps(info)) == info and info["id"] == gid
    assert info["players"] == list(range(cls.min_players, cls.max_players + 1))
    assert info["simultaneous"] == cls.simultaneous
    assert info["returns_kind"] == cls.returns_kind in RETURNS_KINDS
    assert info["levels"] == list(cls.levels) and info["levels"]
    assert isinstance(info["display_name"], str) and info["display_name"] not in ("", "?")
    assert registry.make(gid).num_players == info["default_players"] in info["players"]
    for house in info["house"]:
        assert registry.house_presets(gid)[house]
    # the agents' registry derives from it: random, then its extras, then the levels
    specs = agent_specs(gid)
    assert specs[0] == "random" and specs[-len(info["levels"]):] == info["levels"]
    assert [g["id"] for g in registry.games()] == registry.game_ids()
    assert registry.display_names()[gid] == info["display_name"]


@pytest.mark.parametrize("gid", registry.game_ids())
def test_the_class_declares_the_protocol(gid):
    """display_name, describe_action, from_setup and sample_world (both
    classmethods) declared on the class itself."""
    cls = registry.game_class(gid)
    missing = []
    if cls.display_name == Game.display_name:
        missing.append("display_name")
    if cls.describe_action is Game.describe_action:
        missing.append("describe_action")
    for name in ("from_setup", "sample_world"):
        if not isinstance(inspect.getattr_static(cls, name), classmethod):
            missing.append(f"{name} (a classmethod)")
    assert not missing, f"{gid}: {', '.join(missing)}"


@pytest.mark.parametrize("gid", registry.game_ids())
def test_simultaneous_is_declared_truthfully(gid):
    """A game declaring ``simultaneous`` does ask several seats at once (the
    driver's check_moves refuses it of the others)."""
    info = registry.info(gid)
    rng = random.Random(gid)
    most = 0
    for seed in range(6):
        g = registry.make(gid, seed, players=info["max_players"], **hand_options(gid, 1))
        while not g.is_terminal():
            most = max(most, len(g.to_move()))
            g.apply(*reversed(pick(g, rng)))
    assert (most > 1) == info["simultaneous"], most
