"""The translations as gettext catalogues (build time only, like rulebook.py:
it needs Babel, pinned in pyproject.toml; the page reads the compiled .mo
files with the standard library's ``gettext``, see app/i18n.py).

Layout, under web/locale/:

* ``babel.cfg``: the Babel mapping (which files ``extract`` reads and how).
* ``messages.pot``: the page's texts: the ``_()``, ``ngettext()`` and
  ``N_()`` calls in web/app, ``data-i18n`` in web/*.html, and the card names
  of the engine's hwatu deck (the page translates them by name).
* ``scenarios.pot``: the rulebook examples' captions from the engine's
  scenario data; each entry's context (msgctxt) is the caption key the engine
  hands out (``scenario.<game>.<id>.title``, ``.intro``, ``.step<i>``,
  ``.counter``), its msgid the English text. A domain of its own: the page
  reads it only when it shows an example, and the build's rules pages read it
  for the examples' titles.
* ``<lang>/LC_MESSAGES/<domain>.po``: the translations, the source to edit.
  Plural entries have the language's forms (``Plural-Forms``: Ukrainian 3,
  Korean 1).

Compiled .mo files are not kept in the tree: ``compile_catalogues(dest)``
writes them for the build (into the app zip as app/locale/...), and
``mo_bytes`` compiles one in memory (the glue's unit tests under CPython,
the build's rules pages).

Command line (from the repository root)::

    .venv/bin/python web/catalogues.py update        # extract, write the .pot, merge into each .po
    .venv/bin/python web/catalogues.py check         # what is missing, stale, fuzzy, ...
    .venv/bin/python web/catalogues.py compile DIR   # DIR/<lang>/LC_MESSAGES/<domain>.mo

``update`` keeps every translation whose text is unchanged, marks a
changed one fuzzy (with the old text), adds new ones empty and drops stale
ones; tests/test_i18n.py and tests/test_scenario_i18n.py fail until each
is translated and the fuzzy mark removed.
"""
import ast
import functools
import gettext
import html
import io
import re
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
LOCALE = WEB / "locale"
LANGS = ("ko", "uk")
DOMAINS = ("messages", "scenarios")
PLURAL_FORMS = {
    "ko": "nplurals=1; plural=0;",
    "uk": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);",
}
LANGUAGE_NAMES = {"ko": "Korean", "uk": "Ukrainian"}
#: The glue's translation functions: ``ngettext(singular, plural, n)``.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
PROJECT = {"project": "gostop", "version": "0.1.0", "copyright_holder": "the gostop authors",
           "msgid_bugs_address": "the project's issue tracker"}
WHAT = {"messages": "texts of the page (web/app, web/*.html, the hwatu card names)",
        "scenarios": "captions of the rulebook examples (msgctxt: the engine's caption key)"}
HEADER = {
    "template": "# The gostop site's {what}.\n# Made by `.venv/bin/python web/catalogues.py update`; "
                "not edited by hand.\n#",
    "lang": "# {language} {what}.\n# Edit the translations here; after changing texts in the code run\n"
            "# `.venv/bin/python web/catalogues.py update` (see web/catalogues.py).\n#",
}
# Lines that change on every extraction and say nothing about the texts.
_DATE_LINE = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): .*"\n', re.M)


# ---- extraction -----------------------------------------------------------

def extract_glue(fileobj, keywords, comment_tags, options):
    """Babel extraction method for the glue's Python (named in babel.cfg).

    Babel's own ``python`` method reads tokens, and under Python 3.11 an
    f-string is one token: it misses the many calls inside f-strings. This
    one walks the syntax tree, where those calls are ordinary nodes."""
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in keywords and node.args):
            args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                         for a in node.args)
            texts = args[:2] if node.func.id == "ngettext" else args[:1]
            if all(isinstance(t, str) for t in texts):      # not _(variable): its texts are N_()
                yield node.lineno, node.func.id, args if len(args) > 1 else args[0], []


def extract_html(fileobj, keywords, comment_tags, options):
    """Babel extraction method for static HTML: the ``data-i18n`` texts (the
    page puts ``_(text)`` in the element at boot)."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    for m in re.finditer(r'data-i18n="([^"]+)"', text):
        yield text.count("\n", 0, m.start()) + 1, "_", html.unescape(m.group(1)), []


def _engine_on_path():
    if str(ROOT / "engine") not in sys.path:
        sys.path.insert(0, str(ROOT / "engine"))


def _new_catalog(domain, lang=None):
    header = HEADER["lang" if lang else "template"].format(language=LANGUAGE_NAMES.get(lang), what=WHAT[domain])
    cat = Catalog(locale=lang, domain=domain, fuzzy=lang is None, header_comment=header,
                  last_translator="gostop translators" if lang else "FULL NAME <EMAIL@ADDRESS>",
                  language_team=f"{LANGUAGE_NAMES[lang]} <LL@li.org>" if lang else "LANGUAGE <LL@li.org>",
                  **PROJECT)
    if lang:
        _set_plural_forms(cat, lang)
    return cat


def _set_plural_forms(cat, lang):
    """The header's Plural-Forms exactly as PLURAL_FORMS has it (Babel's own
    expression for Ukrainian is equivalent but written differently)."""
    headers = [(k, v) for k, v in cat.mime_headers if k.lower() != "plural-forms"]
    cat.mime_headers = headers + [("Plural-Forms", PLURAL_FORMS[lang])]


def _add(cat, message, location, context=None):
    old = cat.get(message[0] if isinstance(message, tuple) else message, context)
    if old is not None and isinstance(old.id, tuple) != isinstance(message, tuple):
        raise ValueError(f"{message!r} ({location[0]}) is used both with _() and with ngettext()")
    if old is not None and isinstance(message, tuple) and old.id != message:
        raise ValueError(f"{message[0]!r} ({location[0]}) has two plurals: {old.id[1]!r} and {message[1]!r}")
    cat.add(message, None, [location], context=context)


def messages_template():
    """The page's texts, extracted with Babel from the files babel.cfg maps
    (web/app/*.py, web/*.html), and the engine's card names."""
    with open(LOCALE / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    cat = _new_catalog("messages")
    sys.path.insert(0, str(WEB))          # the methods babel.cfg names: catalogues:...
    try:
        for filename, _lineno, message, _comments, context in extract_from_dir(
                WEB, method_map, options_map, keywords=KEYWORDS):
            _add(cat, message, (f"web/{filename}", None), context)
    finally:
        sys.path.remove(str(WEB))
    _engine_on_path()
    from gostop.games.hwatu.cards import deck_table
    for c in deck_table():
        _add(cat, c["name"], ("engine/gostop/games/hwatu/cards.py", None))
    return cat


def scenarios_template():
    """The rulebook examples' captions: context = the engine's caption key,
    msgid = its English text."""
    _engine_on_path()
    from gostop import scenarios
    cat = _new_catalog("scenarios")
    for game_id in scenarios.GAMES:
        for key, english in scenarios.captions(game_id).items():
            _add(cat, english, (f"engine/gostop/scenarios/data/{game_id}.json", None), context=key)
    return cat


def template(domain):
    return {"messages": messages_template, "scenarios": scenarios_template}[domain]()


# ---- files ----------------------------------------------------------------

def pot_path(domain):
    return LOCALE / f"{domain}.pot"


def po_path(lang, domain):
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang, domain):
    """The translations of ``domain`` in ``lang`` as a Babel Catalog."""
    with open(po_path(lang, domain), "rb") as f:
        return read_po(f, locale=lang, domain=domain)


def render(cat):
    """A catalogue as .po/.pot text: sorted by msgid, file names without line
    numbers (so that editing the glue does not touch the catalogues), stale
    entries dropped."""
    out = io.BytesIO()
    write_po(out, cat, width=76, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def write(path, cat):
    """Writes ``cat`` to ``path`` unless only its dates would change; True if written."""
    data = render(cat)
    if path.exists() and _DATE_LINE.sub(b"", path.read_bytes()) == _DATE_LINE.sub(b"", data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def update():
    """Extracts the templates, writes the .pot files and merges them into
    every .po (a new language gets an empty one). Returns the files written."""
    written = []
    for domain in DOMAINS:
        tmpl = template(domain)
        if write(pot_path(domain), tmpl):
            written.append(pot_path(domain))
        for lang in LANGS:
            cat = read(lang, domain) if po_path(lang, domain).exists() else _new_catalog(domain, lang)
            cat.update(tmpl, update_creation_date=False)
            _set_plural_forms(cat, lang)
            if write(po_path(lang, domain), cat):
                written.append(po_path(lang, domain))
    return written


# ---- checks ---------------------------------------------------------------

def fields(text, domain="messages"):
    """The placeholders of ``text``: the page formats its texts with
    ``str.format`` (``{n}``, ``{who}``); captions are shown as they are, so
    any ``{...}`` in them must be kept as it is."""
    if domain == "messages":
        return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f is not None and f != "")
    return sorted(re.findall(r"\{[^{}]*\}", text))


def _key(m):
    """(msgid, msgctxt), the singular msgid for a plural entry."""
    return (m.id if isinstance(m.id, str) else m.id[0]), m.context


def problems(lang, domain, tmpl=None):
    """What is wrong with ``lang``'s catalogue of ``domain`` against the texts
    the code uses now (``tmpl``, extracted if not given): a dict of lists
    (all empty when the catalogue is complete). Keys: ``missing`` (used, not
    in the .po), ``stale`` (in the .po, obsolete ones too, not used),
    ``untranslated`` (an empty form), ``fuzzy``, ``fields`` (placeholders
    differ from the English), ``forms`` (a plural entry without the
    language's number of forms, or a text that is plural in one and not the
    other), ``header`` (Plural-Forms not exactly PLURAL_FORMS, or a fuzzy
    header)."""
    tmpl = template(domain) if tmpl is None else tmpl
    cat = read(lang, domain)
    used = {_key(m): m for m in tmpl if m.id}
    have = {_key(m): m for m in cat if m.id}
    out = {k: [] for k in ("missing", "stale", "untranslated", "fuzzy", "fields", "forms", "header")}
    out["missing"] = sorted(k for k in used if k not in have)
    out["stale"] = sorted([k for k in have if k not in used]
                          + [(k if isinstance(k, str) else k[0], None) for k in cat.obsolete])
    if dict(cat.mime_headers).get("Plural-Forms") != PLURAL_FORMS[lang] or cat.fuzzy:
        out["header"].append(dict(cat.mime_headers).get("Plural-Forms"))
    for key, m in have.items():
        if key not in used:
            continue
        plural = isinstance(m.id, tuple)
        forms = m.string if plural else (m.string,)
        if plural != isinstance(used[key].id, tuple) or (plural and m.id != used[key].id) \
                or (plural and len(forms) != cat.num_plurals):
            out["forms"].append(key)
        if any(not f or not f.strip() for f in forms):
            out["untranslated"].append(key)
        if m.fuzzy:
            out["fuzzy"].append(key)
        english = m.id[-1] if plural else m.id
        if any(fields(f, domain) != fields(english, domain) for f in forms if f) \
                or (plural and not set(fields(m.id[0], domain)) <= set(fields(english, domain))):
            out["fields"].append(key)
    return out


# ---- compiled -------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def mo_bytes(lang, domain="messages"):
    """``lang``'s catalogue of ``domain`` compiled (fuzzy entries left out:
    they fall back to English)."""
    out = io.BytesIO()
    write_mo(out, read(lang, domain), use_fuzzy=False)
    return out.getvalue()


def compile_catalogues(dest):
    """Writes ``dest/<lang>/LC_MESSAGES/<domain>.mo`` for every language and
    domain (the build packs ``dest`` into the app zip as app/locale).
    Returns the files written."""
    dest = Path(dest)
    for old in dest.glob("*/LC_MESSAGES/*.mo"):       # a language or domain dropped since
        old.unlink()
    out = []
    for lang in LANGS:
        for domain in DOMAINS:
            path = dest / lang / "LC_MESSAGES" / f"{domain}.mo"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(mo_bytes(lang, domain))
            out.append(path)
    return out


@functools.lru_cache(maxsize=None)
def translations(lang, domain="messages"):
    """``gettext`` translations of ``domain`` in ``lang`` ("en": the source
    text), for build-time pages (web/rulebook.py)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(lang, domain)))


def caption(lang, text):
    """A rulebook example's text (``{"key", "en"}`` from gostop.scenarios) in ``lang``."""
    return translations(lang, "scenarios").pgettext(text["key"], text["en"])


def main(argv):
    if argv[:1] == ["update"]:
        for path in update():
            print(f"wrote {path.relative_to(ROOT)}")
    elif argv[:1] == ["check"]:
        bad = 0
        for domain in DOMAINS:
            tmpl = template(domain)
            for lang in LANGS:
                for kind, keys in problems(lang, domain, tmpl).items():
                    for key in keys:
                        bad += 1
                        print(f"{po_path(lang, domain).relative_to(ROOT)}: {kind}: {key}")
        raise SystemExit(1 if bad else 0)
    elif argv[:1] == ["compile"] and len(argv) == 2:
        for path in compile_catalogues(argv[1]):
            print(f"wrote {path}")
    else:
        raise SystemExit(__doc__.split("Command line")[1])


if __name__ == "__main__":
    main(sys.argv[1:])
