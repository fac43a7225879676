"""HTML for the matching games' tables (`matgo`, `gostop`, `stopgo`): cards,
seats, the field, hands, the turn strip, callouts and the end-of-hand
breakdown. Pure functions of an engine view and a deck adapter (``deck``)
that knows the game's cards: ``hwatu_view.HWATU`` or ``stopgo_view.STOPGO``.
"""
from .dom import esc
from .i18n import N_, _, with_ko

NAMES = (N_("You"), N_("Hana"), N_("Minjun"), N_("Sora"))


def name(p):
    return _(NAMES[p])


def card(deck, cid, cls="", label=None):
    """A card face as an image (the SVG carries its own title too)."""
    alt = esc(deck.card_name(cid) if label is None else label)
    return (f'<img class="hcard {deck.shape} {cls}" src="./art/{deck.art}/{cid}.svg" alt="{alt}" '
            f'data-card="{cid}" width="{deck.size[0]}" height="{deck.size[1]}">')


def backs(count, cls="mini"):
    return "".join(f'<i class="hback {cls}"></i>' for _n in range(count))


def score_lines(deck, score):
    rows = "".join(f'<li><span>{esc(deck.line_label(line))}</span><b>{line["points"]}</b></li>'
                   for line in score["lines"] if line["points"])
    empty = f"<li><span>{_('No scoring lines yet')}</span><b>0</b></li>"
    return f'<ul class="score-lines">{rows or empty}</ul>'


def in_hand(k):
    return _("1 card in hand") if k == 1 else _("{k} cards in hand", k=k)


def seat(deck, v, p):
    dealer = (f'<span class="dealer" title="{_("Dealer")}" role="img" aria-label="{_("Dealer")}">D</span>'
              if deck.dealer(v) == p else "")
    turn = " to-move" if p in v["to_move"] else ""
    gos = f'<span class="gos">{_("{k} Go", k=v["gos"][p])}</span>' if v["gos"][p] else ""
    ppuk = deck.seat_marks(v, p)
    return (f'<section class="hseat{turn}" data-seat="{p}" aria-label="{name(p)}">'
            f'<div class="hseat-head"><span class="seat-name">{name(p)}</span>{dealer}'
            f'<span class="hand-backs" role="img" aria-label="{in_hand(v["hand_counts"][p])}">'
            f'{backs(v["hand_counts"][p])}<span class="n">{v["hand_counts"][p]}</span></span>'
            f'{gos}{ppuk}<span class="seat-score">{_("{n} pt", n=v["scores"][p]["base"])}</span></div>'
            f'{piles_with_sheet(deck, v, p, compact=True)}</section>')


def piles_with_sheet(deck, v, p, compact=False):
    """Seat ``p``'s captured piles as the table shows them, and a button
    that opens them at a legible size in a sheet (on a phone the seats' piles
    are 17 px cards). The sheet is a popover: the browser opens and closes
    it (Close, Esc, a tap outside) and puts it above everything, with no
    script of ours; its Close button takes the focus."""
    sheet = f"piles-sheet-{p}"
    title = _("Your captured cards") if p == 0 else _("{who}'s captured cards", who=name(p))
    return (f'{deck.piles_html(v, p, compact=compact)}'
            f'<button class="btn small piles-btn" popovertarget="{sheet}" aria-haspopup="dialog">'
            f'{_("Show the piles")}</button>'
            f'<div class="piles-sheet" id="{sheet}" popover role="dialog" aria-labelledby="{sheet}-title">'
            f'<div class="piles-sheet-head"><h2 id="{sheet}-title">{title}</h2>'
            f'<button class="btn small" popovertarget="{sheet}" popovertargetaction="hide" autofocus>'
            f'{_("Close")}</button></div>{deck.piles_html(v, p)}</div>')


def field(deck, v, highlight=(), options=()):
    """The field, one group per month (rank); stacks and their maker marked."""
    groups = []
    for g in v[deck.field_key]:
        faces = []
        for c in g["cards"]:
            if c in options:
                faces.append(f'<button class="card-btn option" data-do="act" data-action="{100 + c}" '
                             f'aria-label="{_("Take {card}", card=esc(deck.card_name(c)))}">{card(deck, c, "field", label="")}</button>')
            else:
                faces.append(card(deck, c, "field" + (" hl" if c in highlight else "")))
        mark = ""
        if g["stack"]:
            owner = g["owner"]
            if owner is None:                  # dealt as a stack
                by = _("stack of 3")
            elif owner == 0:
                by = _("{what} by you", what=_(deck.stack_word))
            else:
                by = _("{what} by {who}", what=_(deck.stack_word), who=name(owner))
            mark = f'<span class="stack-mark">{by}</span>'
        key = g[deck.group_key]
        groups.append(f'<li class="month-group{" stack" if g["stack"] else ""}" data-group="{key}" '
                      f'aria-label="{esc(deck.group_label(key))}">{"".join(faces)}{mark}</li>')
    k = v["stock_count"]
    stock = (f'<div class="stock" role="img" aria-label="{_("Stock: 1 card") if k == 1 else _("Stock: {k} cards", k=k)}">'
             f'<i class="hback big"></i><span class="n">{v["stock_count"]}</span></div>')
    empty = f"<li class=empty>{_('The field is empty')}</li>"
    return (f'<div class="field-area">{stock}<ol class="field" aria-label="{_("The field")}">'
            f'{"".join(groups) or empty}</ol></div>')


def hand(deck, v, playable, selected, matchable, special, special_word):
    """Your hand: ``playable`` cards are buttons; ``special`` groups (bomb,
    shake) are outlined and named ``special_word`` for screen readers."""
    cards = []
    for c in v["hand"]:
        classes = "hand-card" + (" match" if c in matchable else "") + (" selected" if c == selected else "")
        if deck.group_of(c) in special:
            classes += " bomb"
        mark = ""
        if c in matchable:
            mark = '<span class="mark" aria-hidden="true">●</span>'
        extra = (_(", matches the field") if c in matchable else "") + (
            f", {special_word}" if deck.group_of(c) in special else "")
        cards.append(
            f'<li><button class="card-btn {classes}" data-do="card" data-card="{c}" '
            f'{"" if c in playable else "disabled"} aria-pressed="{str(c == selected).lower()}" '
            f'aria-label="{esc(deck.card_name(c))}{extra}">{card(deck, c, "in-hand", label="")}{mark}</button></li>')
    return f'<ul class="hhand" aria-label="{_("Your hand")}">{"".join(cards)}</ul>'


def strip(steps):
    """What happened in the turn being shown: small cards and words."""
    if not steps:
        return '<div class="turn-strip" aria-hidden="true"></div>'
    items = "".join(f'<li class="{cls}">{html}</li>' for cls, html in steps[-8:])
    return f'<ol class="turn-strip">{items}</ol>'


def callout(deck, kind):
    if not kind:
        return ""
    word, ko = deck.callouts[kind]
    return f'<div class="callout" role="status">{with_ko(f"<b>{_(word)}</b>", ko)}</div>'


def result_panel(deck, v, title):
    """The end of the hand: winner, every step of the payment, all piles."""
    r = v["result"]
    if r["winner"] is None:
        steps = f"<p>{_('Nobody stopped before the cards ran out: the hand is a draw')}{deck.draw_word}.</p>"
    else:
        rows = [f'<li><span>{_("Base score")}</span><b>{r["base"]}</b></li>']
        for s in r["steps"]:
            rows.append(f'<li><span>{esc(deck.step_label(s, v["gos"][r["winner"]]))}</span><b>{s["value"]}</b></li>')
        rows.append(f'<li class="total"><span>{_("Total")}</span><b data-total>{r["total"]}</b></li>')
        steps = f'<ol class="pay-steps">{"".join(rows)}</ol>'
    players = []
    for p in range(v["players"]):
        players.append(f'<section class="final-seat"><h3>{name(p)} — {_("{n} pt", n=v["scores"][p]["base"])}</h3>'
                       f'{score_lines(deck, v["scores"][p])}{deck.piles_html(v, p, compact=True)}</section>')
    return (f'<div class="dialog wide" role="dialog" aria-modal="true" aria-labelledby="dlg-title" data-dialog="hand">'
            f'<h2 id="dlg-title">{esc(title)}</h2>{steps}{"".join(players)}'
            f'<div class="dialog-actions"><button class="btn primary" data-do="new-hand">{_("New hand")}</button>'
            f'<button class="btn" data-do="new">{_("Change options")}</button></div></div>')
