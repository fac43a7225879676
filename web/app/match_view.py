"""HTML for the hwatu tables (`matgo`, `gostop`): cards, seats, the field,
piles with their points, decision panels and the end-of-hand breakdown.

Pure functions of an engine view; the controller in ``hwatu_table`` decides
what to show when.
"""
from gostop.games.hwatu.cards import deck_table

from .dom import esc

CARDS = {c["id"]: c for c in deck_table()}
TYPE_KO = {"bright": "광", "animal": "열끗", "ribbon": "띠", "junk": "피", "bonus": "보너스"}
PILE_KEYS = (("brights", "Brights", "광"), ("animals", "Animals", "열끗"),
             ("ribbons", "Ribbons", "띠"), ("junk", "Junk", "피"))
MONTHS = ("", "January · pine", "February · plum", "March · cherry", "April · wisteria",
          "May · iris", "June · peony", "July · bush clover", "August · pampas",
          "September · chrysanthemum", "October · maple", "November · paulownia",
          "December · rain")
NAMES = ("You", "Hana", "Minjun", "Sora")
# Special plays called out in words, with the Korean beside.
CALLOUTS = {"ppuk": ("Ppuk!", "뻑"), "ttadak": ("Ttadak!", "따닥"), "chok": ("Chok!", "쪽"),
            "sweep": ("Sweep!", "쓸"), "bomb": ("Bomb!", "폭탄"), "go": ("Go!", "고"),
            "stop": ("Stop!", "스톱"), "nagari": ("Nagari", "나가리"),
            "three-ppuk": ("Three ppuks!", "삼뻑"), "chongtong": ("Chongtong!", "총통")}


def name(p):
    return NAMES[p]


def card_name(cid):
    c = CARDS[cid]
    return f"{c['name']} ({c['name_ko']})"


def month_of(cid):
    return CARDS[cid]["month"]


def card(cid, cls="", attrs="", label=None):
    """A card face as an image (the SVG carries its own title too)."""
    alt = esc(label or card_name(cid))
    return (f'<img class="hcard {cls}" src="./art/hwatu/{cid}.svg" alt="{alt}" '
            f'data-card="{cid}" width="200" height="300" {attrs}>')


def backs(count, cls="mini"):
    return "".join(f'<i class="hback {cls}"></i>' for _ in range(count))


def pile_groups(piles, score, compact=False):
    """The four captured piles with their counts and the points each is worth."""
    points = {}
    for line in score["lines"]:
        group = {"brights": "brights", "animals": "animals", "godori": "animals",
                 "ribbons": "ribbons", "hongdan": "ribbons", "cheongdan": "ribbons",
                 "chodan": "ribbons", "junk": "junk"}.get(line["key"], line["key"])
        points[group] = points.get(group, 0) + line["points"]
    junk_units = next((line.get("units", 0) for line in score["lines"] if line["key"] == "junk"), 0)
    out = []
    for key, label, ko in PILE_KEYS:
        cards = piles[key]
        count = junk_units if key == "junk" else len(cards)
        unit = " units" if key == "junk" else ""
        faces = "".join(card(c, "tiny" if compact else "small") for c in cards)
        pts = points.get(key, 0)
        title = f'<span lang="ko">{ko}</span>' if compact else f'{label} <span lang="ko">{ko}</span>'
        out.append(
            f'<div class="pile-group" data-pile="{key}" title="{label}">'
            f'<div class="pile-head"><span>{title}</span>'
            f'<span class="pile-count" role="img" aria-label="{label}: {count}{unit}, {pts} points">{count}'
            f'{" · " if not compact else "·"}<b>{pts}{" pt" if not compact else ""}</b></span></div>'
            f'<div class="pile-cards">{faces}</div></div>')
    return f'<div class="piles{" compact" if compact else ""}">{"".join(out)}</div>'


def score_lines(score):
    rows = "".join(f'<li><span>{esc(line["label"])}</span><b>{line["points"]}</b></li>'
                   for line in score["lines"] if line["points"])
    return f'<ul class="score-lines">{rows or "<li><span>No scoring lines yet</span><b>0</b></li>"}</ul>'


def seat(v, p):
    dealer = '<span class="dealer" title="Dealer" role="img" aria-label="Dealer">D</span>' if v["dealer"] == p else ""
    turn = " to-move" if p in v["to_move"] else ""
    gos = f'<span class="gos">{v["gos"][p]} Go</span>' if v["gos"][p] else ""
    ppuk = f'<span class="ppuks">{v["ppuks"][p]} ppuk</span>' if v["ppuks"][p] else ""
    return (f'<section class="hseat{turn}" data-seat="{p}" aria-label="{name(p)}">'
            f'<div class="hseat-head"><span class="seat-name">{name(p)}</span>{dealer}'
            f'<span class="hand-backs" role="img" aria-label="{v["hand_counts"][p]} cards in hand">'
            f'{backs(v["hand_counts"][p])}<span class="n">{v["hand_counts"][p]}</span></span>'
            f'{gos}{ppuk}<span class="seat-score">{v["scores"][p]["base"]} pt</span></div>'
            f'{pile_groups(v["piles"][p], v["scores"][p], compact=True)}</section>')


def field(v, highlight=(), options=()):
    """The field, one group per month; stacks and their ppuk maker marked."""
    groups = []
    for g in v["field"]:
        faces = []
        for c in g["cards"]:
            if c in options:
                faces.append(f'<button class="card-btn option" data-do="act" data-action="{100 + c}" '
                             f'aria-label="Take {esc(card_name(c))}">{card(c, "field", label="")}</button>')
            else:
                faces.append(card(c, "field" + (" hl" if c in highlight else "")))
        mark = ""
        if g["stack"]:
            owner = g["owner"]
            mark = (f'<span class="stack-mark">{"ppuk by " + name(owner) if owner is not None else "stack"}'
                    f' <span lang="ko">뻑</span></span>' if owner is not None
                    else '<span class="stack-mark">stack of 3</span>')
        groups.append(f'<li class="month-group{" stack" if g["stack"] else ""}" data-month="{g["month"]}" '
                      f'aria-label="{esc(MONTHS[g["month"]])}">{"".join(faces)}{mark}</li>')
    stock = (f'<div class="stock" role="img" aria-label="Stock: {v["stock_count"]} cards">'
             f'<i class="hback big"></i><span class="n">{v["stock_count"]}</span></div>')
    return (f'<div class="field-area">{stock}<ol class="field" aria-label="The field">'
            f'{"".join(groups) or "<li class=empty>The field is empty</li>"}</ol></div>')


def hand(v, legal, selected, matchable, bomb_months):
    cards = []
    for c in v["hand"]:
        playable = c in legal
        classes = "hand-card" + (" match" if c in matchable else "") + (" selected" if c == selected else "")
        if month_of(c) in bomb_months:
            classes += " bomb"
        mark = ""
        if c in matchable:
            mark = '<span class="mark" aria-hidden="true">●</span>'
        extra = (", matches the field" if c in matchable else "") + (", can bomb" if month_of(c) in bomb_months else "")
        cards.append(
            f'<li><button class="card-btn {classes}" data-do="card" data-card="{c}" '
            f'{"" if playable else "disabled"} aria-pressed="{str(c == selected).lower()}" '
            f'aria-label="{esc(card_name(c))}{extra}">{card(c, "in-hand", label="")}{mark}</button></li>')
    return f'<ul class="hhand" aria-label="Your hand">{"".join(cards)}</ul>'


def strip(steps):
    """What happened in the turn being shown: small cards and words."""
    if not steps:
        return '<div class="turn-strip" aria-hidden="true"></div>'
    items = "".join(f'<li class="{cls}">{html}</li>' for cls, html in steps[-8:])
    return f'<ol class="turn-strip">{items}</ol>'


def callout(kind):
    if not kind:
        return ""
    word, ko = CALLOUTS[kind]
    return f'<div class="callout" role="status"><b>{word}</b> <span lang="ko">{ko}</span></div>'


def result_panel(v, title):
    """The end of the hand: winner, every step of the payment, all piles."""
    r = v["result"]
    if r["winner"] is None:
        steps = "<p>Nobody stopped before the cards ran out: the hand is a draw (nagari, <span lang=ko>나가리</span>).</p>"
    else:
        rows = [f'<li><span>Base score</span><b>{r["base"]}</b></li>']
        for s in r["steps"]:
            rows.append(f'<li><span>{esc(s["label"])}</span><b>{s["value"]}</b></li>')
        rows.append(f'<li class="total"><span>Total</span><b data-total>{r["total"]}</b></li>')
        steps = f'<ol class="pay-steps">{"".join(rows)}</ol>'
    players = []
    for p in range(v["players"]):
        players.append(f'<section class="final-seat"><h3>{name(p)} — {v["scores"][p]["base"]} pt</h3>'
                       f'{score_lines(v["scores"][p])}{pile_groups(v["piles"][p], v["scores"][p], compact=True)}</section>')
    return (f'<div class="dialog wide" role="dialog" aria-modal="true" aria-labelledby="dlg-title" data-dialog="hand">'
            f'<h2 id="dlg-title">{esc(title)}</h2>{steps}{"".join(players)}'
            f'<div class="dialog-actions"><button class="btn primary" data-do="new-hand">New hand</button>'
            f'<button class="btn" data-do="new">Change options</button></div></div>')
