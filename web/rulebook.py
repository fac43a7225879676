"""Build-time generator of the rules pages: ``rules-<game>.html`` for each
game, from ``docs/rules/<game>.md`` (our own words) and the engine's
rulebook examples (``gostop.scenarios``), on one board the reader steps
through. Run by build.py; not shipped to the browser.
"""
import html
import itertools
import re
from pathlib import Path

from markdown_it import MarkdownIt

import page_head
from gostop.core import registry

# game id -> English title, from the engine's registry (build.py puts the engine on the path)
GAMES = registry.display_names()

PAGE = """<!doctype html>
<html lang="{lang}" data-ready="0" data-page="rules" data-game="{game}" data-lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>{title} rules — Go/Stop card room</title>
<meta name="theme-color" content="#123524">
<link rel="manifest" href="./manifest.webmanifest">
<!--page-head-->
</head>
<body class="rules-page">
<header class="topbar">
  <a class="icon-btn home-link" href="./" aria-label="Home">&#8962;</a>
  <h1 class="brand">{heading}</h1>
  <nav class="lang-links" aria-label="Language">{langs}</nav>
  <a class="btn small" href="./?game={game}&amp;lang={lang}">{play}</a>
</header>
<div id="notice" class="notice" role="alert" hidden></div>
<main id="app" class="rulebook">
  <article class="rules-text">
{body}
  </article>
  <section class="examples" aria-labelledby="examples-title">
    <h2 id="examples-title">{examples_title}</h2>
    <p class="muted">{examples_intro}</p>
    <ul class="example-list">
{examples}
    </ul>
    <div id="boot" class="boot" aria-live="polite">
      <div class="boot-label" id="boot-label">Setting up the examples&hellip;</div>
      <div class="boot-bar" role="progressbar" aria-label="Loading the game engine" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0"><div class="boot-fill" id="boot-fill"></div></div>
    </div>
    <span id="topbar-info" hidden></span>
    <button id="home-btn" hidden></button>
    <section id="home" hidden></section>
    <section id="scenario-bar" class="scenario-bar" hidden></section>
    <section id="setup" hidden></section>
    <section id="table" class="screen table" hidden></section>
  </section>
  <section id="calculator" class="calculator" hidden></section>
</main>
<div id="live" class="visually-hidden" aria-live="polite"></div>
<!--page-python-->
</body>
</html>
"""


def _site_markup(state):
    """markdown-it core rule: what our pages make of the parsed Markdown.
    Headings go to h4 at most (the page's h1 is the title bar); bold and
    italics are <b> and <i> (terms and asides, not stress); a table keeps its
    header's text for the label of its scrolling wrapper (``_table_open``);
    a link to another game's rules (``matgo.md``) goes to that game's page in
    the page's language, a link to any other .md file (a developer note)
    leaves its text only."""
    lang = state.env.get("lang", "en")
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(int(token.tag[1:]), 4)}"
        elif token.type == "table_open":
            head = itertools.takewhile(lambda t: t.type != "thead_close", tokens[i:])
            token.meta["label"] = " / ".join(
                "".join(c.content for c in t.children if c.type in ("text", "code_inline"))
                for t in head if t.type == "inline")
        elif token.type == "inline":
            kept, unlinked = [], 0
            for child in token.children or []:
                if child.type in ("strong_open", "strong_close"):
                    child.tag = "b"
                elif child.type in ("em_open", "em_close"):
                    child.tag = "i"
                elif child.type == "link_open" and str(child.attrGet("href")).endswith(".md"):
                    page = str(child.attrGet("href")).rsplit("/", 1)[-1][:-3]
                    if page not in GAMES:
                        unlinked += 1
                        continue
                    child.attrSet("href", page_name(page, lang))
                elif child.type == "link_close" and unlinked:
                    unlinked -= 1           # links do not nest: the dropped link's close
                    continue
                kept.append(child)
            token.children = kept


def _table_open(renderer, tokens, idx, options, env):
    """A table scrolls sideways on its own, keyboard-reachable and labelled."""
    label = html.escape(tokens[idx].meta.get("label", ""), quote=True)
    return (f'<div class="table-wrap" tabindex="0" role="region" aria-label="{label}">'
            + renderer.renderToken(tokens, idx, options, env))


def _table_close(renderer, tokens, idx, options, env):
    return renderer.renderToken(tokens, idx, options, env) + "</div>\n"


# CommonMark with tables; raw HTML is shown as text, never passed through.
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
MARKDOWN.core.ruler.push("site_markup", _site_markup)
MARKDOWN.add_render_rule("table_open", _table_open)
MARKDOWN.add_render_rule("table_close", _table_close)


def markdown(md, lang="en"):
    """The rules text as HTML (markdown-it-py: CommonMark and its tables),
    links to other rules pages in ``lang``. HTML comments (``<!-- ... -->``,
    developer notes such as the game id and the RULINGS sections) are
    dropped: they stay in the markdown, off the page."""
    md = re.sub(r"<!--.*?-->\n?", "", md, flags=re.S)
    return MARKDOWN.render(md, {"lang": lang})


LANGS = ("en", "ko", "uk")
LANG_NAMES = {"en": "English", "ko": "한국어", "uk": "Українська"}
# The page's own words (the rules text comes from docs/rules/<lang>/).
WORDS = {
    "en": {"heading": "{title}: the rules", "play": "Play", "examples_title": "Examples to step through",
           "examples_intro": "Each example sets up a small position from the game's own engine. "
                             "Step through it, or play the move that shows the rule."},
    "ko": {"heading": "{title} 규칙", "play": "게임하기", "examples_title": "단계별 예시",
           "examples_intro": "각 예시는 게임 엔진으로 작은 상황을 만듭니다. 한 단계씩 넘겨 보거나 규칙을 보여 주는 수를 직접 두어 보세요."},
    "uk": {"heading": "{title}: правила", "play": "Грати", "examples_title": "Приклади крок за кроком",
           "examples_intro": "Кожен приклад складає невелику позицію за допомогою рушія гри. "
                             "Перегляньте його крок за кроком або зробіть хід, що показує правило."},
}
TITLES = {"ko": {"matgo": "맞고", "gostop": "고스톱", "stopgo": "스톱고", "stop": "슈톱(Stop)",
                 "go-stop-2005": "Go/Stop (2005)"},
          "uk": {"matgo": "Матго", "gostop": "Го-Стоп", "stopgo": "СтопГо", "stop": "Stop",
                 "go-stop-2005": "Go/Stop (2005)"}}


CARD_WORDS = {
    "en": {"cards": "The cards, month by month", "month": "Month", "bright": "Bright", "animal": "Animal",
           "ribbon": "Ribbon", "junk": "Junk", "bonus": "Bonus cards (gostop only)",
           "scoring": "Scoring at a glance", "what": "What you hold", "points": "Points"},
    "ko": {"cards": "월별 카드", "month": "월", "bright": "광", "animal": "열끗", "ribbon": "띠", "junk": "피",
           "bonus": "보너스 피 (고스톱만)", "scoring": "점수 한눈에 보기", "what": "모은 패", "points": "점수"},
    "uk": {"cards": "Карти за місяцями", "month": "Місяць", "bright": "Яскрава", "animal": "Тварина",
           "ribbon": "Стрічка", "junk": "Полова", "bonus": "Бонусні карти (лише Го-Стоп)",
           "scoring": "Очки коротко", "what": "Що зібрано", "points": "Очки"},
}
HWATU_SCORING = {
    "en": [("3 brights (2 if one is the rain bright) / 4 / 5", "3 (2) / 4 / 15"),
           ("5 animals, each one more", "1, +1"), ("Godori: the three birds", "+5"),
           ("5 ribbons, each one more", "1, +1"), ("Each ribbon set: red poem, blue, plain", "+3"),
           ("10 junk units, each one more (double junk = 2)", "1, +1")],
    "ko": [("광 3장 (비광 포함 시 2점) / 4장 / 5장", "3 (2) / 4 / 15"), ("열끗 5장, 한 장마다", "1, +1"),
           ("고도리 (새 세 마리)", "+5"), ("띠 5장, 한 장마다", "1, +1"), ("홍단 · 청단 · 초단 각각", "+3"),
           ("피 10장, 한 장마다 (쌍피 = 2장)", "1, +1")],
    "uk": [("3 яскраві (2, якщо серед них дощова) / 4 / 5", "3 (2) / 4 / 15"),
           ("5 тварин, кожна наступна", "1, +1"), ("Годорі: три птахи", "+5"),
           ("5 стрічок, кожна наступна", "1, +1"), ("Кожен набір стрічок: червоний, синій, простий", "+3"),
           ("10 одиниць полови, кожна наступна (подвійна = 2)", "1, +1")],
}


def card_tables(game, lang, translate):
    """The hwatu card table (all 48 cards by month, the bonus cards for
    gostop) and the scoring summary, as HTML; empty for other games."""
    if game not in ("matgo", "gostop"):
        return ""
    from gostop.games.hwatu.cards import deck_table
    w = CARD_WORDS[lang]
    cards = deck_table()

    def face(c):
        name = c["name_ko"] if lang == "ko" else f'{translate(c["name"])} ({c["name_ko"]})'
        return (f'<img class="hcard hwatu rule-card" src="./art/hwatu/{c["id"]}.svg" alt="{html.escape(name)}" '
                f'width="200" height="300" loading="lazy">')
    rows = []
    for m in range(1, 13):
        month = [c for c in cards if c["month"] == m]
        cells = []
        for kind in ("bright", "animal", "ribbon", "junk"):
            cells.append("<td>" + "".join(face(c) for c in month if c["type"] == kind) + "</td>")
        rows.append(f"<tr><th scope=row>{m}</th>{''.join(cells)}</tr>")
    head = "".join(f"<th scope=col>{w[k]}</th>" for k in ("month", "bright", "animal", "ribbon", "junk"))
    bonus = ""
    if game == "gostop":
        bonus = (f"<p>{w['bonus']}: " + "".join(face(c) for c in cards if c["month"] is None or c["id"] >= 48)
                 + "</p>")
    score_rows = "".join(f"<tr><td>{html.escape(a)}</td><td>{b}</td></tr>" for a, b in HWATU_SCORING[lang])
    return (f'<h2>{w["cards"]}</h2><div class="table-wrap" tabindex="0" role="region" aria-label="{w["cards"]}"><table class="card-table"><thead><tr>{head}'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>{bonus}'
            f'<h2>{w["scoring"]}</h2><div class="table-wrap" tabindex="0" role="region" aria-label="{w["scoring"]}"><table><thead><tr><th scope=col>{w["what"]}</th>'
            f'<th scope=col>{w["points"]}</th></tr></thead><tbody>{score_rows}</tbody></table></div>')


def lang_table(web, lang):
    """The page's translations into ``lang``, for card names: its gettext
    catalogue (web/catalogues.py, beside this module like page_head)."""
    import catalogues
    return catalogues.translations(lang).gettext


def page_name(game, lang):
    return f"rules-{game}.html" if lang == "en" else f"rules-{game}.{lang}.html"


def write_pages(dist, docs_rules, scenario_titles):
    """Writes rules-<game>[.<lang>].html; ``scenario_titles[lang][game]`` =
    [(id, title)]."""
    written = []
    for lang in LANGS:
        words = WORDS[lang]
        for game, title in GAMES.items():
            folder = docs_rules if lang == "en" else docs_rules / lang
            md = (folder / f"{game}.md").read_text(encoding="utf-8")
            md = re.sub(r"^# .*\n", "", md, count=1)          # the title bar says it
            examples = "\n".join(
                f'      <li><button class="btn small example" data-do="scenario" data-id="{sid}">'
                f'{html.escape(stitle)}</button></li>' for sid, stitle in scenario_titles[lang].get(game, []))
            local_title = TITLES.get(lang, {}).get(game, title)
            langs = " ".join(
                f'<a href="{page_name(game, code)}" hreflang="{code}" lang="{code}" title="{LANG_NAMES[code]}"'
                f' aria-label="{LANG_NAMES[code]}"{" aria-current=page" if code == lang else ""}>{code.upper()}</a>'
                for code in LANGS)
            body = markdown(md, lang)
            body += card_tables(game, lang, lang_table(Path(__file__).resolve().parent, lang))
            page = PAGE.format(game=game, lang=lang, title=html.escape(local_title),
                               heading=html.escape(words["heading"].format(title=local_title)),
                               play=words["play"], langs=langs, examples_title=words["examples_title"],
                               examples_intro=words["examples_intro"], body=body, examples=examples)
            path = dist / page_name(game, lang)
            path.write_text(page_head.fill(page), encoding="utf-8")
            written.append(path)
    return written
