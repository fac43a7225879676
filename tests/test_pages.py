"""The built pages' static parts: every page (the site, the embed, each rules
page in each language) has the site's icon, and the rules pages show the
player our words only, no developer notes (game ids, RULINGS sections)."""
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(WEB))
import page_head  # noqa: E402
import rulebook  # noqa: E402

DEVELOPER_TEXT = ("RULINGS", "Game id", "게임 ID", "Ідентифікатор гри", "engine notes", "엔진 노트",
                  "нотатки про рушій", "rules-hwatu-engine", "§")


@pytest.fixture(scope="module")
def rules_pages(tmp_path_factory):
    from gostop.scenarios import scenario_ids
    out = tmp_path_factory.mktemp("dist")
    titles = {lang: {g: [(s, s) for s in scenario_ids(g)] for g in rulebook.GAMES} for lang in rulebook.LANGS}
    return rulebook.write_pages(out, ROOT / "docs" / "rules", titles)


def test_every_page_has_the_icon(rules_pages):
    pages = {p.name: p.read_text(encoding="utf-8") for p in rules_pages}
    for name in ("index.html", "embed.html"):
        pages[name] = page_head.fill((WEB / name).read_text(encoding="utf-8"))
    assert len(pages) == 2 + 15
    for name, text in pages.items():
        icons = re.findall(r'<link rel="icon" href="\./([^"]+)"', text)
        assert len(icons) == 1, name
        assert (WEB / icons[0]).exists(), icons


def test_rules_pages_carry_no_developer_notes(rules_pages):
    assert len(rules_pages) == 15
    for path in rules_pages:
        text = path.read_text(encoding="utf-8")
        article = text[text.index('<article class="rules-text">'):text.index("</article>")]
        found = [w for w in DEVELOPER_TEXT if w in article]
        assert found == [], f"{path.name}: {found}"
        assert "<!--" not in article
        # The player's part of the lead stays: who plays, whose game it is.
        if path.name.startswith("rules-matgo"):
            assert re.search(r"<p><i>[^<]+</i></p>", article), path.name


def test_no_markdown_syntax_reaches_the_page(rules_pages):
    """CommonMark leaves emphasis it cannot close as text: ``**숫자(끗)**로``
    (punctuation inside the closing ``**``, a letter right after it) shows
    its asterisks; written ``**숫자**(끗)로`` it is bold."""
    for path in rules_pages:
        text = path.read_text(encoding="utf-8")
        article = text[text.index('<article class="rules-text">'):text.index("</article>")]
        words = re.sub(r"<[^>]+>", "", article)
        found = re.findall(r".{0,20}(?:\*\*|`|\]\(|^#|\|\s*---).{0,20}", words, re.M)
        assert found == [], f"{path.name}: {found}"


def test_links_between_rules_pages_stay_in_the_language(rules_pages):
    for path in rules_pages:
        lang = path.name.split(".")[1] if path.name.count(".") == 2 else "en"
        text = path.read_text(encoding="utf-8")
        article = text[text.index('<article class="rules-text">'):text.index("</article>")]
        for href in re.findall(r'<a href="([^"]+)"', article):
            assert href == rulebook.page_name(href.split(".")[0].removeprefix("rules-"), lang), (path.name, href)
            assert ".md" not in href


def test_the_notes_stay_in_the_markdown_as_comments():
    for md in (ROOT / "docs" / "rules").rglob("*.md"):
        lead = md.read_text(encoding="utf-8").split("\n\n")[1]
        assert lead.startswith("<!--") and "-->" in lead, md
