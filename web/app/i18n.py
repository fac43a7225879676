"""The page's languages: English (the source text), Korean and Ukrainian.

Every string the page shows goes through ``_("English text", **fields)``; the
tables in ``app/lang/<code>.py`` map the English text to a translation (a
missing entry falls back to English). ``tests/test_i18n.py`` reads the
``_()`` calls in the source and fails when a language lacks one, or keeps
one nobody uses. Static HTML marks its text with ``data-i18n``.
"""
import importlib

LANGS = {"en": "English", "ko": "한국어", "uk": "Українська"}
TABLES = {}          # code -> table, loaded when the language is chosen
_current = "en"


def set_lang(code):
    global _current
    _current = code if code in LANGS else "en"
    if _current != "en" and _current not in TABLES:
        # Only the chosen language is compiled (no bytecode cache in the browser).
        TABLES[_current] = importlib.import_module(f".lang.{_current}", __package__).TEXT
    return _current


def lang():
    return _current


def _(text, **fields):
    translated = TABLES.get(_current, {}).get(text, text)
    return translated.format(**fields) if fields else translated


def with_ko(text, ko):
    """``text`` with the Korean term beside it (HTML), except on the Korean
    page, where the translated text already is that term ("광", not "광 광")."""
    if _current == "ko":
        return text
    return f'{text} <span lang="ko">{ko}</span>'


def N_(text):
    """Marks text for translation where it is defined (class attributes);
    it is translated where it is shown, with ``_(text)``."""
    return text


def pick(requested, stored, browser_langs):
    """The language to use: the address, then the player's choice, then the
    browser's preferences, then English."""
    for code in [requested, stored, *browser_langs]:
        if code:
            code = str(code).lower().split("-")[0]
            if code in LANGS:
                return code
    return "en"
