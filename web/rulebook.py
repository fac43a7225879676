"""Build-time generator of the rules pages: ``rules-<game>.html`` for each
game, from ``docs/rules/<game>.md`` (our own words) and the engine's
rulebook examples (``gostop.scenarios``), on one board the reader steps
through. Run by build.py; not shipped to the browser.
"""
import html
import re
from pathlib import Path

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


def inline(text):
    """Inline markdown: code, bold, italics, links (escaped first)."""
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![*\w])\*([^*]+)\*(?!\w)", r"<i>\1</i>", text)

    def link(m):
        href = m.group(2)
        if href.endswith(".md"):
            page = href.rsplit("/", 1)[-1][:-3]
            if page not in GAMES:                     # a developer note: text only
                return m.group(1)
            href = f"rules-{page}.html"               # another rules page
        return f'<a href="{href}">{m.group(1)}</a>'
    return re.sub(r"\[([^\]]+)\]\(([^)]+)\)", link, text)


def markdown(md):
    """The small subset of markdown our rules pages use: headings, paragraphs,
    bullet and numbered lists (one level of nesting), tables. HTML comments
    (``<!-- ... -->``, developer notes such as the game id and the RULINGS
    sections) are dropped: they stay in the markdown, off the page."""
    md = re.sub(r"<!--.*?-->\n?", "", md, flags=re.S)
    out, para, lists = [], [], []

    def flush():
        if para:
            out.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()

    def close_lists(depth=0):
        while len(lists) > depth:
            out.append(f"</li></{lists.pop()}>")

    lines = md.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        item = re.match(r"^(\s*)([-*]|\d+\.)\s+(.*)$", line)
        if not stripped:
            flush()
            close_lists()
        elif stripped.startswith("#"):
            flush()
            close_lists()
            level = len(stripped) - len(stripped.lstrip("#"))
            level = min(level, 4)       # "# title" was dropped: the page h1 is the title bar
            out.append(f"<h{level}>{inline(stripped.lstrip('#').strip())}</h{level}>")
        elif stripped.startswith("|"):
            flush()
            close_lists()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                    rows.append(cells)
                i += 1
            head = "".join(f"<th>{inline(c)}</th>" for c in rows[0])
            body = "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>" for r in rows[1:])
            label = html.escape(re.sub(r"<[^>]+>", "", " / ".join(rows[0])), quote=True)
            out.append(f'<div class="table-wrap" tabindex="0" role="region" aria-label="{label}"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>')
            continue
        elif item:
            flush()
            depth = len(item.group(1)) // 2 + 1
            kind = "ol" if item.group(2)[0].isdigit() else "ul"
            if len(lists) < depth:
                out.append(f"<{kind}><li>")
                lists.append(kind)
            else:
                close_lists(depth)
                out.append("</li><li>")
            out.append(inline(item.group(3)))
        elif lists:
            out.append(" " + inline(stripped))
        else:
            para.append(stripped)
        i += 1
    flush()
    close_lists()
    return "\n".join(out)


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
    """The page's translation table (web/app/lang/<lang>.py), for card names."""
    if lang == "en":
        return lambda text: text
    env = {}
    exec((web / "app" / "lang" / f"{lang}.py").read_text(encoding="utf-8"), env)
    table = env["TEXT"]
    return lambda text: table.get(text, text)


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
            body = markdown(md).replace(
                '.html"', '.html"' if lang == "en" else f'.{lang}.html"')
            body += card_tables(game, lang, lang_table(Path(__file__).resolve().parent, lang))
            page = PAGE.format(game=game, lang=lang, title=html.escape(local_title),
                               heading=html.escape(words["heading"].format(title=local_title)),
                               play=words["play"], langs=langs, examples_title=words["examples_title"],
                               examples_intro=words["examples_intro"], body=body, examples=examples)
            path = dist / page_name(game, lang)
            path.write_text(page_head.fill(page), encoding="utf-8")
            written.append(path)
    return written
