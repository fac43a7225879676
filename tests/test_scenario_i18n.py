"""The rulebook example captions are translated completely: each language's
gettext catalogue web/locale/<lang>/LC_MESSAGES/scenarios.po has exactly the
captions the scenarios use (none missing, none stale), each entry's context
the engine's caption key and its msgid the English text, each translation
non-empty, not fuzzy, with the same ``{placeholders}`` as the English.

The engine keeps no translations (the wheel has no runtime dependencies): it
hands out ``{"key", "en"}``; the page (app.i18n.caption) and the build's
rules pages (catalogues.caption) look the key up."""
import sys
from pathlib import Path

import pytest

from gostop import scenarios

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path[:0] = [str(WEB)]
import catalogues  # noqa: E402
sys.path.remove(str(WEB))


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
TEMPLATE = catalogues.scenarios_template()


def test_there_are_captions():
    assert len(ENGLISH) > 100


def test_the_catalogue_template_has_what_the_scenarios_hand_out():
    # scenarios.captions (what the template is extracted from) reads the data
    # without building games; it must agree with load_scenario.
    assert {m.context: m.id for m in TEMPLATE if m.id} == ENGLISH
    assert {k: v for g in scenarios.GAMES for k, v in scenarios.captions(g).items()} == ENGLISH


@pytest.mark.parametrize("lang", catalogues.LANGS)
def test_keys_match_the_scenarios(lang):
    found = catalogues.problems(lang, "scenarios", TEMPLATE)
    assert not found["missing"], f"{lang}: missing {found['missing']}"
    assert not found["stale"], f"{lang}: stale {found['stale']}"
    assert not found["header"], f"{lang}: Plural-Forms"


@pytest.mark.parametrize("lang", catalogues.LANGS)
def test_texts_are_nonempty_with_the_same_placeholders(lang):
    found = catalogues.problems(lang, "scenarios", TEMPLATE)
    assert not found["untranslated"], f"{lang}: empty {found['untranslated']}"
    assert not found["fuzzy"], f"{lang}: fuzzy {found['fuzzy']}"
    assert not found["fields"], f"{lang}: placeholders {found['fields']}"
    assert not found["forms"], f"{lang}: {found['forms']}"
    cat = catalogues.read(lang, "scenarios")
    assert all(m.context in ENGLISH and m.id == ENGLISH[m.context] for m in cat if m.id)


def test_a_changed_english_caption_is_stale_until_translated_again(monkeypatch):
    tmpl = catalogues.scenarios_template()
    key = "scenario.matgo.ppuk.title"
    old = tmpl.get(ENGLISH[key], key)
    tmpl.delete(old.id, key)
    tmpl.add("Ppuk: three cards stay on the field", context=key)
    found = catalogues.problems("ko", "scenarios", tmpl)
    assert found["missing"] == [("Ppuk: three cards stay on the field", key)]
    assert found["stale"] == [(ENGLISH[key], key)]


def test_text_translates_and_falls_back():
    key = "scenario.matgo.ppuk.title"
    title = {"key": key, "en": ENGLISH[key]}
    assert catalogues.caption("en", title) == ENGLISH[key]
    for lang in catalogues.LANGS:
        translated = catalogues.caption(lang, title)
        assert translated == catalogues.read(lang, "scenarios").get(ENGLISH[key], key).string != ENGLISH[key]
        # a caption whose English changed since it was translated shows the new English
        assert catalogues.caption(lang, {"key": key, "en": "Something new"}) == "Something new"
    for key, en in ENGLISH.items():
        assert catalogues.caption("ko", {"key": key, "en": en}) != en


def test_the_page_shows_captions_in_its_language():
    sys.path.insert(0, str(WEB))
    try:
        from app import i18n
        d = scenarios.load_scenario("matgo", "ppuk")
        i18n.set_lang("uk")
        assert i18n.caption(d["title"]) == catalogues.caption("uk", d["title"]) != d["title"]["en"]
        assert i18n.caption(d["steps"][0]["caption"]) == catalogues.caption("uk", d["steps"][0]["caption"])
        i18n.set_lang("en")
        assert i18n.caption(d["title"]) == d["title"]["en"]
    finally:
        i18n.set_lang("en")
        sys.path.remove(str(WEB))


def test_the_engine_keeps_no_translations():
    from importlib import resources
    data = resources.files(scenarios).joinpath("data")
    assert not data.joinpath("i18n").is_dir()
    assert not hasattr(scenarios, "text") and not hasattr(scenarios, "TEXT_LANGS")
