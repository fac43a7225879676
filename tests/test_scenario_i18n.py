"""The rulebook example captions are translated completely: every language in
``scenarios.TEXT_LANGS`` has exactly the caption keys the scenarios use (none
missing, none stale), each a non-empty string with the same ``{placeholders}``
as the English text."""
import json
import re
from importlib import resources

import pytest

from gostop import scenarios


def _english():
    """Every caption key ``load_scenario`` hands out, with its English text."""
    out = {}
    for game_id in scenarios.GAMES:
        for sid in scenarios.scenario_ids(game_id):
            d = scenarios.load_scenario(game_id, sid)
            texts = [d["title"], d["intro"]] + [s["caption"] for s in d["steps"]]
            if d.get("counter"):
                texts.append(d["counter"]["note"])
            for t in texts:
                if t:
                    out[t["key"]] = t["en"]
    return out


ENGLISH = _english()


def _table(lang):
    path = resources.files(scenarios).joinpath("data", "i18n", f"{lang}.json")
    return json.loads(path.read_text(encoding="utf-8"))


def _fields(s):
    return sorted(re.findall(r"\{[^{}]*\}", s))


def test_there_are_captions():
    assert len(ENGLISH) > 100


@pytest.mark.parametrize("lang", scenarios.TEXT_LANGS)
def test_keys_match_the_scenarios(lang):
    table = _table(lang)
    missing = sorted(set(ENGLISH) - set(table))
    stale = sorted(set(table) - set(ENGLISH))
    assert not missing, f"{lang}: missing {missing}"
    assert not stale, f"{lang}: stale {stale}"


@pytest.mark.parametrize("lang", scenarios.TEXT_LANGS)
def test_texts_are_nonempty_with_the_same_placeholders(lang):
    for key, value in _table(lang).items():
        assert isinstance(value, str) and value.strip(), f"{lang}: {key} is empty"
        assert _fields(value) == _fields(ENGLISH.get(key, "")), f"{lang}: {key} placeholders"


def test_text_translates_and_falls_back():
    key = "scenario.matgo.ppuk.title"
    assert scenarios.text(key, "en") == ENGLISH[key]
    assert scenarios.text(key, "xx") == ENGLISH[key]
    for lang in scenarios.TEXT_LANGS:
        assert scenarios.text(key, lang) == _table(lang)[key] != ENGLISH[key]
    for key, en in ENGLISH.items():
        assert scenarios.text(key) == en
    with pytest.raises(KeyError):
        scenarios.text("scenario.matgo.no-such.title", "ko")
