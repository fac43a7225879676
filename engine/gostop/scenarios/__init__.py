"""Rulebook scenarios: small explicit positions that show one rule each.

The rulebook pages set up a board from a scenario and let the reader step
through its moves (or play the one move that shows the rule). Scenarios are
engine data, checked by ``tests/test_scenarios.py`` like rule vectors, so a
rules change that breaks an example fails a test. The format and how to add
one: ``docs/scenarios.md``.

* ``SCENARIOS``: ``{game_id: {scenario_id: raw data}}`` (read from
  ``data/<game_id>.json``; do not mutate).
* ``scenario_ids(game_id)``: the ids in rulebook order.
* ``load_scenario(game_id, scenario_id)``: a JSON-safe dict with every card
  and action resolved to ids, captions as ``{"key", "en"}``, each step's
  engine label.
* ``build(game_id, scenario_id)``: ``(game, steps)``, the fresh engine state
  and the ``(player, action)`` pairs to play; ``key_step`` (in
  ``load_scenario``) is the index of the move that shows the rule.
* ``build_counter(game_id, scenario_id)``: the same for the scenario's
  counter-example (or ``None``): a variant where the rule must *not* fire.
* ``captions(game_id)``: ``{key: English}`` of every caption. The engine
  keeps no translations; the page and the rules pages look the keys up in
  the ``scenarios`` gettext catalogue (web/locale, web/catalogues.py).
"""
import copy
import json
from importlib import resources

from . import names

GAMES = ("matgo", "gostop", "stopgo", "stop", "go-stop-2005")
#: The keys of an ``expect`` (and of a ``counter``) block; see docs/scenarios.md.
EXPECT_KEYS = ("events", "no_events", "absent", "view", "scores", "result",
               "result_steps", "absent_result_steps", "returns")


def _read(game_id):
    text = resources.files(__name__).joinpath("data", f"{game_id}.json").read_text(
        encoding="utf-8")
    data = json.loads(text)
    out = {}
    for s in data["scenarios"]:
        if s.get("game", game_id) != game_id:
            raise ValueError(f"scenario {s['id']}: game {s['game']!r} in {game_id}.json")
        if s["id"] in out:
            raise ValueError(f"scenario {s['id']}: duplicate id in {game_id}.json")
        out[s["id"]] = s
    return out


SCENARIOS = {g: _read(g) for g in GAMES}


def scenario_ids(game_id):
    """The scenario ids of ``game_id``, in rulebook order ([] if none)."""
    return list(SCENARIOS.get(game_id, {}))


def _raw(game_id, scenario_id):
    try:
        return SCENARIOS[game_id][scenario_id]
    except KeyError:
        raise ValueError(f"unknown scenario {game_id}/{scenario_id}") from None


def _text(game_id, scenario_id, part, value):
    if value is None:
        return None
    if isinstance(value, dict):
        return {"key": value.get("key") or f"scenario.{game_id}.{scenario_id}.{part}",
                "en": value["en"]}
    return {"key": f"scenario.{game_id}.{scenario_id}.{part}", "en": str(value)}


def _new_game(game_id, raw, setup=None, options=None):
    """The starting state: from ``setup``, a ``deck`` order, or a ``seed``."""
    seed = int(raw.get("seed", 0))
    opts = dict(raw.get("options") or {})
    if options:
        opts.update(options)
    if setup is None and raw.get("setup") is not None:
        setup = raw["setup"]
    from ..core.registry import game_class
    cls = game_class(game_id)
    if setup is not None:
        return cls.from_setup(names.setup(game_id, setup), seed, **opts)
    if game_id == "go-stop-2005" and raw.get("deck") is not None:
        # its deck is the order of the number cards, not a deal of cards
        return cls.from_setup({"deck": list(raw["deck"])}, seed, **opts)
    if raw.get("deck") is not None:
        return cls.from_deck(names.cards(game_id, raw["deck"]), seed, **opts)
    return cls(seed, **opts)


def _steps(game_id, raw_steps):
    out = []
    for st in raw_steps:
        out.append((int(st["player"]), names.action(game_id, st["action"])))
    return out


def build(game_id, scenario_id):
    """``(game, steps)``: the state at the start of the scenario and the
    ``(player, action)`` pairs it plays."""
    raw = _raw(game_id, scenario_id)
    return _new_game(game_id, raw), _steps(game_id, raw["steps"])


def build_counter(game_id, scenario_id):
    """``(game, steps, key_step)`` for the scenario's counter-example, or None.

    A counter is the same position with one thing changed (``setup`` keys
    overridden, the key step's action replaced by ``key_action``, or whole
    new ``steps``); its key step must not produce the ``absent`` events."""
    raw = _raw(game_id, scenario_id)
    c = raw.get("counter")
    if not c:
        return None
    if c.get("deck") is not None:
        raw = dict(raw, deck=c["deck"])
    setup = None
    if c.get("setup"):
        setup = dict(raw["setup"])
        setup.update(c["setup"])
    game = _new_game(game_id, raw, setup=setup, options=c.get("options"))
    key = c.get("key_step", raw["key_step"])
    steps = _steps(game_id, c.get("steps", raw["steps"]))
    if "key_action" in c:
        p = steps[key][0] if "key_player" not in c else int(c["key_player"])
        steps[key] = (p, names.action(game_id, c["key_action"]))
    return game, ([] if key is None else steps[:key + 1]), key


def _expect(game_id, e):
    if not e:
        return {}
    out = copy.deepcopy(e)
    for k in ("events", "absent"):
        if k in out:
            out[k] = [names.event(game_id, ev) for ev in out[k]]
    return out


def load_scenario(game_id, scenario_id):
    """The scenario as a JSON-safe dict, every name resolved to ids."""
    raw = _raw(game_id, scenario_id)
    game, steps = build(game_id, scenario_id)
    start = game.to_json()
    out_steps = []
    for i, ((p, a), st) in enumerate(zip(steps, raw["steps"])):
        label = game.action_label(a)
        out_steps.append({"player": p, "action": a, "name": st["action"], "label": label,
                          "caption": _text(game_id, scenario_id, f"step{i}",
                                           st.get("caption"))})
        game.apply(a, p)
    d = {
        "id": scenario_id,
        "game": game_id,
        "rule": raw.get("rule"),
        "options": dict(start["options"]),
        "seed": start["seed"],
        "viewer": int(raw.get("viewer", 0)),
        "key_step": raw["key_step"],
        "title": _text(game_id, scenario_id, "title", raw["title"]),
        "intro": _text(game_id, scenario_id, "intro", raw.get("intro")),
        "steps": out_steps,
        "expect": _expect(game_id, raw.get("expect")),
    }
    if "setup" in start:
        d["setup"] = start["setup"]
    elif raw.get("setup") is not None:      # stop: the setup lives in the options
        d["setup"] = names.setup(game_id, raw["setup"])
    if raw.get("deck") is not None:
        d["deck"] = names.cards(game_id, raw["deck"]) if game_id != "go-stop-2005" \
            else list(raw["deck"])
    c = raw.get("counter")
    if c:
        d["counter"] = {"note": _text(game_id, scenario_id, "counter", c.get("note")),
                        "expect": _expect(game_id, {k: v for k, v in c.items()
                                                    if k in EXPECT_KEYS})}
    return json.loads(json.dumps(d))


def captions(game_id):
    """``{key: English}`` for every caption ``load_scenario`` hands out for
    ``game_id`` (titles, intros, step captions, counter notes), in rulebook
    order, without building the games. The engine keeps no translations:
    the page (web/app/i18n.py) and the build's rules pages look the key up
    in the ``scenarios`` gettext catalogue (web/locale)."""
    out = {}
    for sid, raw in SCENARIOS[game_id].items():
        parts = [("title", raw.get("title")), ("intro", raw.get("intro"))]
        parts += [(f"step{i}", st.get("caption")) for i, st in enumerate(raw.get("steps") or [])]
        parts.append(("counter", (raw.get("counter") or {}).get("note")))
        for part, value in parts:
            t = _text(game_id, sid, part, value)
            if t:
                out[t["key"]] = t["en"]
    return out


__all__ = ["GAMES", "EXPECT_KEYS", "SCENARIOS", "scenario_ids", "load_scenario", "build",
           "build_counter", "captions"]
