"""Every text the page shows exists in every language, with the same fields.

The page marks its texts with ``_("English")`` / ``N_("English")`` in the glue
(web/app) and ``data-i18n="English"`` in static HTML; the translations live in
web/app/lang/<code>.py as ``TEXT = {english: translation}``.
"""
import ast
import re
import string
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
LANGS = ("ko", "uk")


def used_texts():
    # Card names come from the engine's tables and are translated by name.
    import sys
    sys.path.insert(0, str(WEB.parent / "engine"))
    from gostop.games.hwatu.cards import deck_table
    texts = {c["name"] for c in deck_table()}
    for path in (WEB / "app").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                texts.add(node.args[0].value)
    for path in WEB.glob("*.html"):
        texts |= set(re.findall(r'data-i18n="([^"]+)"', path.read_text(encoding="utf-8")))
    return texts


def table(code):
    src = (WEB / "app" / "lang" / f"{code}.py").read_text(encoding="utf-8")
    env = {}
    exec(compile(src, f"{code}.py", "exec"), env)
    return env["TEXT"]


def fields(text):
    return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)


def test_the_page_marks_its_texts():
    texts = used_texts()
    assert len(texts) > 100
    assert "New game" in texts and "Number {n} is turned up." in texts


@pytest.mark.parametrize("code", LANGS)
def test_every_text_is_translated_with_the_same_fields(code):
    texts, tr = used_texts(), table(code)
    missing = sorted(texts - set(tr))
    stale = sorted(set(tr) - texts)
    assert missing == [], f"{code}: {len(missing)} texts without a translation, e.g. {missing[:5]}"
    assert stale == [], f"{code}: translations nobody uses: {stale[:5]}"
    wrong = [t for t in texts if fields(t) != fields(tr[t]) or not tr[t].strip()]
    assert wrong == [], f"{code}: fields differ or empty: {wrong[:5]}"
