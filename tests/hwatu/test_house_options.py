"""House rules as options: the ``house`` presets, the single switches, what
the view, saves and hand records say (RULINGS section 6; every option is off
by default and the default games are exactly as before)."""
import json

import pytest

from gostop import make
from gostop.core.rng import make_rng, randbelow
from gostop.games.hwatu import Matgo, GoStop
from gostop.games.hwatu.rules import HOUSE_OPTIONS, HOUSE_PRESETS, rules_table
from gostop.match import hand_record

HANGAME = {"players": 2, "house": "hangame", "shake": True, "bomb": True,
           "go_bak": True, "first_ppuk": True, "three_ppuk_points": 7,
           "pibak": "lenient", "cup": "owner", "bonus": True}
SITE = {"players": 2, "house": "site", "shake": False, "bomb": False,
        "go_bak": False, "first_ppuk": False, "three_ppuk_points": 5,
        "pibak": "literal", "cup": "best", "bonus": False}
CLASSIC_RULES = {"threshold", "hand_size", "field_size", "bonus", "bomb", "bak",
                 "specials"}


def test_the_default_games_are_unchanged():
    assert make("matgo", seed=1).options == {"players": 2, "pibak": "literal"}
    assert make("gostop", seed=1, players=3).options == {"players": 3}
    for g in (make("matgo", seed=1), make("gostop", seed=1, players=4)):
        v = g.view(0)
        assert set(v["rules"]) == CLASSIC_RULES
        assert not {"shakes", "shaken", "shown", "paid", "side"} & set(v)
    # the existing pibak option alone does not switch the house rules on
    assert make("matgo", seed=1, pibak="lenient").options == {"players": 2,
                                                               "pibak": "lenient"}


def test_house_hangame_completes_every_switch():
    g = make("matgo", seed=1, house="hangame")
    assert g.options == HANGAME
    r = g.rules
    assert (r.shake, r.bomb, r.bomb_shakes, r.go_bak, r.first_ppuk, r.three_ppuk_points,
            r.pibak, r.cup_owner, r.bonus, r.house) == (
        True, True, True, True, 7, 7, "lenient", True, True, "hangame")
    # "site" is today's rules, named
    assert make("matgo", seed=1, house="site").options == SITE


def test_single_switches_override_the_house():
    g = make("matgo", seed=1, house="hangame", bonus=False, pibak="literal")
    assert g.options == dict(HANGAME, bonus=False, pibak="literal")
    g = make("matgo", seed=1, go_bak=True)          # a switch alone: house "site"
    assert g.options == dict(SITE, go_bak=True)
    # normalizing twice changes nothing (a save reloads the same options)
    assert Matgo.normalize_options(dict(g.options)) == g.options


def test_gostop_traditional():
    g = make("gostop", seed=1, players=3, house="traditional")
    assert g.options == {"players": 3, "house": "traditional", "ppuk": True,
                         "steals": True, "bak": True, "shake": True}
    r = g.rules
    assert (r.deferred, r.ppuk, r.steals, r.bak, r.shake, r.bomb, r.bomb_shakes,
            r.three_ppuk, r.first_ppuk, r.pibak) == (
        True, True, True, True, True, True, True, False, 0, "literal")
    g = make("gostop", seed=1, players=4, house="traditional", bak=False)
    assert g.rules.bak is False and g.rules.ppuk is True


@pytest.mark.parametrize("game,bad", [
    ("matgo", {"house": "netmarble"}), ("matgo", {"cup": "loser"}),
    ("matgo", {"bonus": "1"}), ("matgo", {"bomb": 2}), ("matgo", {"ppuk": True}),
    ("matgo", {"house": "traditional"}), ("gostop", {"house": "hangame", "players": 3}),
    ("gostop", {"go_bak": True, "players": 3}), ("gostop", {"pibak": "lenient"}),
    ("gostop", {"steals": "on", "players": 3}),
])
def test_bad_options_are_refused(game, bad):
    with pytest.raises(ValueError):
        make(game, seed=1, **bad)


def test_the_view_lists_every_switch_in_a_house_game():
    for game, opts in (("matgo", {"house": "hangame"}), ("matgo", {"house": "site"}),
                       ("gostop", {"players": 3, "house": "traditional"})):
        g = make(game, seed=2, **opts)
        v = g.view(0)
        assert v["rules"] == rules_table(g.rules)
        assert v["rules"]["house"] == opts["house"]
        for key in HOUSE_OPTIONS[game]:
            assert key in v["options"]
    v = make("matgo", seed=2, house="hangame").view(1)
    assert (v["rules"]["shake"], v["rules"]["cup"], v["rules"]["pibak"],
            v["rules"]["three_ppuk_points"], v["rules"]["first_ppuk"]) == (
        True, "owner", "lenient", 7, 7)


def test_presets_table_is_complete():
    for game, presets in HOUSE_PRESETS.items():
        for name, switches in presets.items():
            assert set(switches) == set(HOUSE_OPTIONS[game]), (game, name)
            for key, value in switches.items():
                assert value in HOUSE_OPTIONS[game][key][0]
        # the first preset is the site's: every switch off
        first = next(iter(presets.values()))
        assert first == {k: off for k, (_, off) in HOUSE_OPTIONS[game].items()}


@pytest.mark.parametrize("game,opts", [
    ("matgo", {"house": "hangame"}), ("matgo", {"shake": True, "cup": "owner"}),
    ("gostop", {"players": 3, "house": "traditional"}),
    ("gostop", {"players": 4, "house": "traditional"}),
])
def test_a_save_and_a_hand_record_keep_the_options_and_replay(game, opts):
    rng = make_rng(4)
    for seed in range(6):
        g = make(game, seed=seed, **opts)
        mid = None
        while not g.is_terminal():
            la = g.legal_actions()
            g.apply(la[randbelow(rng, len(la))])
            if mid is None and len(g.history) == 7:
                mid = json.loads(json.dumps(g.to_json()))
        data = json.loads(json.dumps(g.to_json()))
        assert data["options"] == g.options
        cls = type(g)
        r = cls.from_json(data)
        assert r.options == g.options and r.returns() == g.returns()
        assert r.view(0) == g.view(0)
        if mid is not None:             # a save in the middle of the hand
            m = cls.from_json(mid)
            assert m.options == g.options and len(m.history) == 7
        rec = hand_record(g)
        assert rec["options"] == g.options
        again = make(rec["game"], seed=rec["seed"], **rec["options"])
        for p, a in rec["actions"]:
            again.apply(a, p)
        assert again.returns() == g.returns()


def test_gostop_has_no_house_switch_for_two_players():
    assert GoStop(1, players=2).options == {"players": 2}
    with pytest.raises(ValueError, match="3 or 4 players"):
        GoStop(1, players=2, house="traditional")
