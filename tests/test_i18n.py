"""Every text the page shows exists in every language, with the same fields.

The page marks its texts with ``_("English")``, ``ngettext("{n} card",
"{n} cards", n)`` and ``N_("English")`` in the glue (web/app) and
``data-i18n="English"`` in static HTML; web/catalogues.py extracts them with
Babel, and the translations are gettext catalogues,
web/locale/<lang>/LC_MESSAGES/messages.po (the rulebook examples' captions,
scenarios.po, are checked by tests/test_scenario_i18n.py). The page reads
them compiled, with the standard library's ``gettext``.
"""
import gettext
import io
import re
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path[:0] = [str(WEB)]
import catalogues  # noqa: E402
sys.path.remove(str(WEB))

LANGS = catalogues.LANGS
TEMPLATE = catalogues.messages_template()
UPDATE = "run `.venv/bin/python web/catalogues.py update`, then translate in the .po"


def ids(cat):
    return {m.id for m in cat if m.id}


def test_the_page_marks_its_texts():
    texts = ids(TEMPLATE)
    assert len(texts) > 500
    assert "New game" in texts and "Number {n} is turned up." in texts
    assert "Five card games of the Go/Stop family. Pick a table." in texts      # data-i18n
    assert "Pine crane (bright)" in texts                                        # a card name
    # calls inside f-strings are found (Babel's own Python method misses them)
    assert ("{n} card in hand", "{n} cards in hand") in texts
    assert "Step {i} of {n}" in texts


def test_count_dependent_texts_are_plural_entries():
    plural = {m.id for m in TEMPLATE if isinstance(m.id, tuple)}
    assert len(plural) >= 40
    # no count-dependent text is picked by hand any more
    singles = {m.id for m in TEMPLATE if isinstance(m.id, str)}
    assert not [t for t in singles if re.match(r"1 (card|ppuk|shake)", t) or re.search(r"\{[nk]\} (card|point|hand)s", t)]
    for source in (WEB / "app").glob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert not re.search(r"== 1 else _\(|if \w+ == 1:\s+return _\(", text), source.name


def test_the_templates_in_the_tree_are_current():
    for domain in catalogues.DOMAINS:
        path = catalogues.pot_path(domain)
        with open(path, "rb") as f:
            from babel.messages.pofile import read_po
            kept = read_po(f)
        fresh = catalogues.template(domain)
        assert {catalogues._key(m) for m in kept if m.id} == {catalogues._key(m) for m in fresh if m.id}, \
            f"{path.name} is out of date: {UPDATE}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_is_translated_with_the_same_fields(lang):
    found = catalogues.problems(lang, "messages", TEMPLATE)
    where = f"web/locale/{lang}/LC_MESSAGES/messages.po"
    assert found["missing"] == [], f"{where}: {len(found['missing'])} texts missing ({UPDATE}): {found['missing'][:5]}"
    assert found["stale"] == [], f"{where}: texts nobody uses ({UPDATE}): {found['stale'][:5]}"
    assert found["untranslated"] == [], f"{where}: not translated: {found['untranslated'][:5]}"
    assert found["fuzzy"] == [], f"{where}: fuzzy (check, then remove the mark): {found['fuzzy'][:5]}"
    assert found["fields"] == [], f"{where}: placeholders differ from the English: {found['fields'][:5]}"
    assert found["forms"] == [], f"{where}: plural entries without the language's forms: {found['forms'][:5]}"
    assert found["header"] == [], f"{where}: Plural-Forms must be {catalogues.PLURAL_FORMS[lang]!r}"


def test_plural_entries_have_every_form_of_their_language():
    uk, ko = catalogues.read("uk", "messages"), catalogues.read("ko", "messages")
    assert uk.num_plurals == 3 and ko.num_plurals == 1
    plural = [m for m in uk if isinstance(m.id, tuple)]
    assert len(plural) >= 40 and all(len(m.string) == 3 for m in plural)
    assert all(len(m.string) == 1 for m in ko if isinstance(m.id, tuple))
    # Ukrainian's three forms are three words, except abbreviations
    differ = [m.id[0] for m in plural if len(set(m.string)) == 1]
    assert differ == ["{n} pt"], differ


def test_the_checks_see_what_is_wrong(tmp_path, monkeypatch):
    # problems() compares the .po with the code; a broken copy shows each kind
    src = catalogues.po_path("uk", "messages").read_text(encoding="utf-8")
    broken = src.replace('msgstr "Нова гра"', 'msgstr ""')
    broken = broken.replace('msgstr[1] "У руці {n} карти"', 'msgstr[1] "У руці {k} карти"')
    broken = broken.replace('msgid "Rules"\n', '#, fuzzy\nmsgid "Rules"\n')
    broken += '\nmsgid "Nobody says this"\nmsgstr "Ніхто"\n'
    assert broken.count("Нова гра") == src.count("Нова гра") - 1
    (tmp_path / "uk" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "uk" / "LC_MESSAGES" / "messages.po").write_text(broken, encoding="utf-8")
    tmpl = catalogues.messages_template()
    monkeypatch.setattr(catalogues, "LOCALE", tmp_path)
    tmpl.add("A text the code just started to use")
    found = catalogues.problems("uk", "messages", tmpl)
    assert found["missing"] == [("A text the code just started to use", None)]
    assert found["stale"] == [("Nobody says this", None)]
    assert found["untranslated"] == [("New game", None)]
    assert found["fuzzy"] == [("Rules", None)]
    assert found["fields"] == [("{n} card in hand", None)]


def test_the_compiled_catalogue_has_the_plural_rules():
    uk = gettext.GNUTranslations(io.BytesIO(catalogues.mo_bytes("uk", "messages")))
    ko = gettext.GNUTranslations(io.BytesIO(catalogues.mo_bytes("ko", "messages")))
    forms = {n: uk.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)}
    assert forms == {1: "1 карта", 2: "2 карти", 5: "5 карт", 11: "11 карт", 12: "12 карт",
                     21: "21 карта", 22: "22 карти", 25: "25 карт", 111: "111 карт"}
    assert {ko.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2)} == {"1장", "2장"}
    assert uk.gettext("New game") == "Нова гра" and uk.gettext("not in the catalogue") == "not in the catalogue"


@pytest.fixture
def i18n():
    """app.i18n imported from the source tree, as the glue's tests do: no
    .mo there, so it compiles the .po sources (web/catalogues.py)."""
    sys.path.insert(0, str(WEB))
    try:
        from app import i18n
        yield i18n
    finally:
        i18n.set_lang("en")
        sys.path.remove(str(WEB))


def test_the_page_translates_counts_and_falls_back_to_english(i18n):
    assert i18n.set_lang("en") == "en"
    assert [i18n.ngettext("{n} card", "{n} cards", n) for n in (1, 2)] == ["1 card", "2 cards"]
    assert i18n.ngettext("You won {n} point", "You won {n} points", 1.0, n="1") == "You won 1 point"
    assert i18n.ngettext("You won {n} point", "You won {n} points", 2.5, n="2.5") == "You won 2.5 points"
    assert i18n.set_lang("uk") == "uk"
    assert [i18n.ngettext("{n} card in hand", "{n} cards in hand", n) for n in (1, 3, 7)] == \
        ["У руці 1 карта", "У руці 3 карти", "У руці 7 карт"]
    assert i18n.ngettext("{who} called Stop with {n} point.", "{who} called Stop with {n} points.", 22, who="Мін") \
        == "Мін: Стоп, маючи 22 очки."
    assert i18n._("New game") == "Нова гра"
    assert i18n._("Not a text of the page {x}", x=1) == "Not a text of the page 1"
    assert i18n.set_lang("ko") == "ko"
    assert i18n.ngettext("{n} card", "{n} cards", 3) == "3장"
    assert i18n.set_lang("xx") == "en" and i18n._("New game") == "New game"


def test_only_the_chosen_language_is_read(i18n, monkeypatch):
    read = []
    real = i18n._mo
    monkeypatch.setattr(i18n, "_mo", lambda code, domain: read.append((code, domain)) or real(code, domain))
    monkeypatch.setattr(i18n, "_catalogues", {})
    i18n.set_lang("uk")
    i18n._("New game")
    assert read == [("uk", "messages")]
    i18n.caption({"key": "scenario.matgo.ppuk.title", "en": "Ppuk: a stack of three"})
    assert read == [("uk", "messages"), ("uk", "scenarios")]


def test_the_app_zip_layout_is_what_the_page_reads(i18n, tmp_path, monkeypatch):
    # The build packs compile_catalogues' files into app.zip under app/locale;
    # the page finds them as its package's resources (zipimport).
    compiled = tmp_path / "locale"
    catalogues.compile_catalogues(compiled)
    zpath = tmp_path / "app.zip"
    with zipfile.ZipFile(zpath, "w") as z:
        z.writestr("app/__init__.py", "")
        z.write(WEB / "app" / "i18n.py", "app/i18n.py")
        for mo in compiled.rglob("*.mo"):
            z.write(mo, "app/locale/" + mo.relative_to(compiled).as_posix())
    saved = {k: sys.modules.pop(k) for k in list(sys.modules) if k == "app" or k.startswith("app.")}
    sys.path.insert(0, str(zpath))
    try:
        from app import i18n as zipped
        assert zipped.__file__.startswith(str(zpath))
        monkeypatch.setattr(sys, "platform", "emscripten")      # no fallback to the .po sources
        zipped.set_lang("uk")
        assert zipped.ngettext("{n} card", "{n} cards", 2) == "2 карти"
        with pytest.raises(FileNotFoundError):
            zipped._mo("xx", "messages")
    finally:
        sys.path.remove(str(zpath))
        for k in [k for k in sys.modules if k == "app" or k.startswith("app.")]:
            del sys.modules[k]
        sys.modules.update(saved)


def test_the_shipped_stdlib_keeps_gettext():
    # The build trims Pyodide's standard library (tools/stdlib_trim.py); the
    # page needs gettext and what it imports.
    from tools import stdlib_trim
    source = Path(gettext.__file__).read_text(encoding="utf-8")
    needed = {"gettext"} | set(re.findall(r"^\s*(?:import|from)\s+(\w+)", source, re.M))
    assert {"locale", "struct", "os", "re"} <= needed
    for name in needed:
        assert not stdlib_trim.stdlib_unused(f"{name}.py"), name
        assert not stdlib_trim.stdlib_unused(f"{name}/__init__.py"), name

