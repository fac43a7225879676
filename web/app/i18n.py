"""The page's languages: English (the source text), Korean and Ukrainian.

Every string the page shows goes through ``_("English text", **fields)`` or,
when it counts something, ``ngettext("{n} card", "{n} cards", n, **fields)``
(the count is ``{n}`` unless a field ``n`` says how to show it). The
translations are gettext catalogues: ``web/locale/<code>/LC_MESSAGES/*.po``
are the source (``web/catalogues.py`` extracts the texts and compiles them);
the build ships the compiled ``.mo`` files in the app zip as
``app/locale/<code>/LC_MESSAGES/<domain>.mo`` and the standard library's
``gettext.GNUTranslations`` reads the chosen language's only. Two domains:
``messages`` (the page's texts, loaded when the language is chosen) and
``scenarios`` (the rulebook examples' captions, loaded at the first one shown).
A text a catalogue lacks falls back to English. ``tests/test_i18n.py`` keeps
the catalogues complete. Static HTML marks its text with ``data-i18n``.
"""
import gettext
import io
import sys
from importlib import resources

LANGS = {"en": "English", "ko": "한국어", "uk": "Українська"}
DOMAINS = ("messages", "scenarios")
_ENGLISH = gettext.NullTranslations()
_catalogues = {}     # (code, domain) -> GNUTranslations, read when first needed
_current = "en"


def _mo(code, domain):
    """The compiled catalogue's bytes: from the app zip the build made; under
    CPython (the glue's unit tests, which import web/app from the source
    tree, where no .mo is kept) compiled from the .po sources by
    web/catalogues.py (Babel) in memory."""
    rel = f"locale/{code}/LC_MESSAGES/{domain}.mo"
    try:
        return resources.files(__package__).joinpath(rel).read_bytes()
    except FileNotFoundError:
        if sys.platform == "emscripten":
            raise
    import importlib.util
    from pathlib import Path
    source = Path(__file__).resolve().parent.parent / "catalogues.py"
    spec = importlib.util.spec_from_file_location("_catalogues_source", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.mo_bytes(code, domain)


def catalogue(domain="messages", code=None):
    """The ``gettext`` translations of ``domain`` in ``code`` (default: the
    page's language); English is the source text itself."""
    code = code or _current
    if code == "en":
        return _ENGLISH
    if (code, domain) not in _catalogues:
        _catalogues[code, domain] = gettext.GNUTranslations(io.BytesIO(_mo(code, domain)))
    return _catalogues[code, domain]


def set_lang(code):
    global _current
    _current = code if code in LANGS else "en"
    catalogue()          # only the chosen language is read
    return _current


def lang():
    return _current


def _(text, **fields):
    translated = catalogue().gettext(text)
    return translated.format(**fields) if fields else translated


def _whole(count):
    """gettext's plural rules count whole numbers; a fraction takes the form
    of 0 (the plural: "1.5 points")."""
    count = abs(count)
    return int(count) if count == int(count) else 0


def ngettext(singular, plural, count, /, **fields):
    """The form of the text for ``count`` in the page's language (English:
    ``singular`` for 1, else ``plural``; Ukrainian has three forms), with
    ``{n}`` the count unless ``fields`` gives ``n`` (e.g. "+3")."""
    fields.setdefault("n", count)
    return catalogue().ngettext(singular, plural, _whole(count)).format(**fields)


def caption(text):
    """A rulebook example's text (``{"key", "en"}`` from ``gostop.scenarios``)
    in the page's language: the key is the catalogue entry's context."""
    if text is None:
        return ""
    return catalogue("scenarios").pgettext(text["key"], text["en"])


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
