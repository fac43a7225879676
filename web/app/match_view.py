"""HTML for the matching games' tables (`matgo`, `gostop`, `stopgo`): cards,
seats, the field, hands, the turn strip, callouts and the end-of-hand
breakdown. Pure functions of an engine view and a deck adapter (``deck``)
that knows the game's cards: ``hwatu_view.HWATU`` or ``stopgo_view.STOPGO``.
"""
from . import records
from .dom import esc, nest
from .i18n import N_, _, lang, ngettext
from .motion_marks import motion_attrs

# the phases in which a hand card may be played
PLAY_PHASES = ("play", "flip-only", "shake-play")
NAMES = (N_("You"), N_("Hana"), N_("Minjun"), N_("Sora"))


def name(p):
    return _(NAMES[p])


def card(deck, cid, cls="", label=None, key=False, origin=None):
    """A card face as an image (the SVG carries its own title too). A
    ``key``ed face is the card's one place on the table (motion.js moves it
    from where it was); ``origin`` is (anchor, turned) for a card arriving
    from somewhere not on the table: the stock (turned over) or a hand."""
    alt = esc(deck.card_name(cid) if label is None else label)
    extra = motion_attrs(cid if key else None, origin)
    return (f'<img class="hcard {deck.shape} {cls}" src="./art/{deck.art}/{cid}.svg" alt="{alt}" '
            f'data-card="{cid}" width="{deck.size[0]}" height="{deck.size[1]}"{extra}>')


def backs(count, cls="mini"):
    return "".join(f'<i class="hback {cls}"></i>' for _n in range(count))


def score_lines(deck, score):
    rows = "".join(f'<li><span>{esc(deck.line_label(line))}</span><b>{line["points"]}</b></li>'
                   for line in score["lines"] if line["points"])
    empty = f"<li><span>{_('No scoring lines yet')}</span><b>0</b></li>"
    return f'<ul class="score-lines">{rows or empty}</ul>'


def in_hand(k):
    return ngettext("{n} card in hand", "{n} cards in hand", k)


def seat(deck, v, p, open_sheet=None):
    dealer = (f'<span class="dealer" title="{_("Dealer")}" role="img" aria-label="{_("Dealer")}">D</span>'
              if deck.dealer(v) == p else "")
    turn = " to-move" if p in v["to_move"] else ""
    gos = f'<span class="gos">{_("{k} Go", k=v["gos"][p])}</span>' if v["gos"][p] else ""
    ppuk = deck.seat_marks(v, p)
    # its head and its piles drawn apart: a move changes the head (the
    # cards in hand) far more often than the piles
    return nest(2, f'<section class="hseat{turn}" data-seat="{p}" aria-label="{name(p)}">', [
        f'<div class="hseat-head"><span class="seat-name">{name(p)}</span>{dealer}'
        f'<span class="hand-backs" data-anchor="hand-{p}" role="img" aria-label="{in_hand(v["hand_counts"][p])}">'
        f'{backs(v["hand_counts"][p])}<span class="n">{v["hand_counts"][p]}</span></span>'
        f'{gos}{ppuk}<span class="seat-score">{ngettext("{n} pt", "{n} pts", v["scores"][p]["base"])}</span></div>',
        *pile_parts(deck, v, p, compact=True, open_sheet=open_sheet)], "</section>")


def seats_row(deck, v, open_sheet=None):
    """The other seats (a part of the table, each seat a part of it)."""
    return nest(1, '<div class="seats-row">',
                [seat(deck, v, p, open_sheet) for p in range(1, v["players"])], "</div>")


def pile_parts(deck, v, p, compact=False, open_sheet=None):
    """Seat ``p``'s captured piles as the table shows them, and a button
    that opens them at a legible size in a sheet (on a phone the seats' piles
    are 17 px cards), as three elements (the piles, the button, the sheet:
    parts of the seat, see ``seat``). The sheet is a popover: the browser
    opens and closes it (Close, Esc, a tap outside) and puts it above
    everything, with no script of ours; its Close button takes the focus.
    Its cards are in the markup only while it is open (``open_sheet``: the
    seat whose sheet the page shows): closed, they were a third of every
    redraw, parsed and patched at each move. Opening one fills it
    (``Shell._on_toggle``)."""
    sheet = f"piles-sheet-{p}"
    title = _("Your captured cards") if p == 0 else _("{who}'s captured cards", who=name(p))
    body = deck.piles_html(v, p) if open_sheet == p else ""
    return [cached_piles(deck, v, p, compact),
            f'<button class="btn small piles-btn" popovertarget="{sheet}" aria-haspopup="dialog">'
            f'{_("Show the piles")}</button>',
            f'<div class="piles-sheet" id="{sheet}" data-seat="{p}" popover role="dialog" aria-labelledby="{sheet}-title">'
            f'<div class="piles-sheet-head"><h2 id="{sheet}-title">{title}</h2>'
            f'<button class="btn small" popovertarget="{sheet}" popovertargetaction="hide" autofocus>'
            f'{_("Close")}</button></div><div class="sheet-body">{body}</div></div>']


_PILES = {}


def cached_piles(deck, v, p, compact):
    """``deck.piles_html(v, p, compact, keyed=True)``, remembered: a turn is
    drawn move by move and most moves leave most seats' piles as they were.
    The key is everything the markup is made of (the seat's piles and score,
    the deck, the language)."""
    key = (deck.art, lang(), p, compact, repr(deck.pile_lists(v, p)), repr(v["scores"][p]))
    markup = _PILES.get(key)
    if markup is None:
        if len(_PILES) > 64:
            _PILES.clear()
        markup = _PILES[key] = deck.piles_html(v, p, compact=compact, keyed=True)
    return markup


def field(deck, v, highlight=(), options=(), origins=None):
    """The field, one group per month (rank); stacks and their maker marked.
    ``origins``: where cards new to the table come from (see ``card``)."""
    origins = origins or {}
    groups = []
    for g in v[deck.field_key]:
        faces = []
        for c in g["cards"]:
            if c in options:               # options: card -> the action that takes it
                faces.append(f'<button class="card-btn option" data-do="act" data-action="{options[c]}" '
                             f'aria-label="{_("Take {card}", card=esc(deck.card_name(c)))}">{card(deck, c, "field", label="", key=True)}</button>')
            else:
                faces.append(card(deck, c, "field" + (" hl" if c in highlight else ""), key=True,
                                  origin=origins.get(c)))
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
        groups.append(f'<li class="month-group{" stack" if g["stack"] else ""}" data-group="{key}" data-slot="g{key}" '
                      f'aria-label="{esc(deck.group_label(key))}">{"".join(faces)}{mark}</li>')
    k = v["stock_count"]
    stock = (f'<div class="stock" data-anchor="stock" role="img" aria-label="{ngettext("Stock: {n} card", "Stock: {n} cards", k)}">'
             f'<i class="hback big"></i><span class="n">{v["stock_count"]}</span></div>')
    empty = f"<li class=empty>{_('The field is empty')}</li>"
    return (f'<div class="field-area">{stock}<ol class="field" aria-label="{_("The field")}">'
            f'{"".join(groups) or empty}</ol></div>')


def hand(deck, v, playable, selected, matchable, special, special_word, later=False, origins=None):
    """Your hand: ``playable`` cards are buttons; ``special`` groups (bomb,
    shake) are outlined and named ``special_word`` for screen readers. While
    the table is still moving (``later``) every card takes a tap, which
    waits for your turn (shell.py queues it) instead of being lost."""
    origins = origins or {}
    cards = []
    for c in v["hand"]:
        classes = ("hand-card" + (" match" if c in matchable else " no-match")
                   + (" selected" if c == selected else ""))
        if deck.group_of(c) in special:
            classes += " bomb"
        mark = ""
        if c in matchable:
            mark = '<span class="mark" aria-hidden="true">●</span>'
        group = deck.group_of(c)
        state = 'aria-disabled="true"' if later else ("" if c in playable else "disabled")
        gattr = "" if group is None else f' data-group="{group}"'
        extra = (_(", matches the field") if c in matchable else "") + (
            f", {special_word}" if deck.group_of(c) in special else "")
        cards.append(
            # The button is the card's moving element, so its match mark flies with it.
            f'<li data-slot="{c}"><button class="card-btn {classes}" data-do="card" data-card="{c}"{motion_attrs(c, origins.get(c))} '
            f'{gattr} {state} aria-pressed="{str(c == selected).lower()}" '
            f'aria-label="{esc(deck.card_name(c))}{extra}">{card(deck, c, "in-hand", label="")}{mark}</button></li>')
    return f'<ul class="hhand" aria-label="{_("Your hand")}">{"".join(cards)}</ul>'


def strip(steps):
    """What happened in the turn being shown: small cards and words."""
    if not steps:
        return '<div class="turn-strip" aria-hidden="true"></div>'
    shown = steps[-8:]
    # ``order``: laid out newest first (match.css), read oldest first
    items = "".join(f'<li class="{cls}" style="order:{len(shown) - i}">{html}</li>'
                    for i, (cls, html) in enumerate(shown))
    return f'<ol class="turn-strip">{items}</ol>'


def move_words(deck, does, bomb_word):
    """Words for a move the engine describes (``describe_action``), or None;
    ``bomb_word``: the game's name for playing three at once."""
    kind = does["kind"]
    names = {"go": _("Go"), "stop": _("Stop"), "flip": _("Flip the stock"), "pass": _("Pass")}
    if kind in names:
        return names[kind]
    cards = does.get("cards") or []
    if kind == "play" and cards:
        return _("Play {card}", card=deck.card_name(cards[0]))
    if kind == "take" and cards:
        return _("Take {card}", card=deck.card_name(cards[0]))
    if kind == "cup":
        return _("Count the cup as an animal") if does["as"] == "animal" else _("Count the cup as double junk")
    group = does.get(deck.group_key)
    if kind == "bomb" and group:
        return f"{bomb_word}: {deck.group_label(group)}"
    if kind == "shake" and group:
        return f"{_('Shake: show all three')}: {deck.group_label(group)}"
    return None


def callout_words(deck, kind):
    """A callout's banner words: (the word in the page's language, the
    Korean term beside it, or "" on the Korean page, where the word is it)."""
    word, ko = deck.callouts[kind]
    return _(word), ("" if lang() == "ko" else ko)


def pay_steps(deck, settle, gos, score=None, total_attr="data-total", options=None):
    """Every factor of a payment with its reason, as the engine's ``settle``
    applied them: the lines of the base score (``score``: the winner's
    breakdown), the base, each step (Go bonus or doubling, bak, hearts,
    warning, shake, mission...) with the running value, and the total (marked
    ``total_attr``). ``gos``: the winner's Go count. The Go/Stop prompt and
    the end of the hand both show this, so they say the same thing."""
    rows = []
    if score is not None and settle["reason"] == "stop":
        rows += [f'<li class="pay-line" data-line="{line["key"]}"><span>{esc(deck.line_label(line))}</span>'
                 f'<b>+{line["points"]}</b></li>' for line in score["lines"] if line["points"]]
    rows.append(f'<li class="pay-base"><span>{_("Base score")}</span><b>{settle["base"]}</b></li>')
    for s in settle["steps"]:
        rows.append(f'<li data-step="{s["key"]}"><span>{esc(deck.step_label(s, gos, options))}</span><b>{s["value"]}</b></li>')
    rows.append(f'<li class="total"><span>{_("Total")}</span><b {total_attr}>{settle["total"]}</b></li>')
    return f'<ol class="pay-steps">{"".join(rows)}</ol>'


def failed_gos(r):
    """Why the Gos of the players who did not win came to nothing (no
    penalty in these rules: another player stopped first, or nobody did)."""
    lost = r.get("failed_gos") or []
    if not lost:
        return ""
    said = [ngettext("{who} called Go ({k}) with {n} point.", "{who} called Go ({k}) with {n} points.",
                     f["score"], who=name(f["player"]), k=f["gos"])
            for f in lost]
    w = r["winner"]
    if w is None:
        said.append(_("Nobody stopped."))
    elif r["reason"] == "stop":
        said.append(ngettext("{who} reached {n} point and stopped first.",
                             "{who} reached {n} points and stopped first.", r["base"], who=name(w)))
    else:
        said.append(ngettext("{who} won the hand first with {n} point.",
                             "{who} won the hand first with {n} points.", r["total"], who=name(w)))
    said.append(_("A Go pays only when its caller stops."))
    return f'<p class="failed-go" data-failed-go="{" ".join(str(f["player"]) for f in lost)}">{esc(" ".join(said))}</p>'


def result_panel(deck, v, title, match=None):
    """The end of the hand: winner, every step of the payment with its
    reason, any Go that came to nothing, all piles; in a match, the
    standings (and the summary when it is over) and the match's buttons."""
    r = v["result"]
    if r["winner"] is None:
        steps = f"<p>{_('Nobody stopped before the cards ran out: the hand is a draw')}{deck.draw_word}.</p>"
    else:
        w = r["winner"]
        steps = pay_steps(deck, r, v["gos"][w], v["scores"][w], options=v["options"])
    steps += failed_gos(r) + side_payments(deck, r, v["options"])
    if match is not None:
        from . import match_play
        standings, actions = match_play.standings_html(match), match_play.actions_html(match)
    else:
        standings = ""
        actions = (f'<button class="btn primary" data-do="new-hand">{_("New hand")}</button>'
                   f'<button class="btn" data-do="new">{_("Change options")}</button>')
    if match is None or match.is_over():
        actions += records.share_buttons()
    players = []
    for p in range(v["players"]):
        players.append(f'<section class="final-seat"><h3>{name(p)} — {ngettext("{n} pt", "{n} pts", v["scores"][p]["base"])}</h3>'
                       f'{score_lines(deck, v["scores"][p])}{deck.piles_html(v, p, compact=True)}</section>')
    return (f'<div class="dialog wide" role="dialog" aria-modal="true" aria-labelledby="dlg-title" data-dialog="hand">'
            f'<h2 id="dlg-title">{esc(title)}</h2>{steps}{standings}{"".join(players)}'
            f'<div class="dialog-actions">{actions}</div></div>')



def side_payments(deck, r, options=None):
    """House rules: each loser's own payment (gostop with bak, 3-4 players)
    and first-ppuk payments (matgo), which are paid whoever wins."""
    lines = []
    for pay in r.get("payments") or []:
        why = "".join(f" · {esc(deck.step_label(s, 0, options))}" for s in pay["steps"])
        lines.append(f'<li data-pays="{pay["player"]}">{esc(_("{who} pays {n}", who=name(pay["player"]), n=pay["pays"]))}{why}</li>')
    for paid in r.get("paid") or []:
        lines.append(f'<li data-first-ppuk="{paid["player"]}">{esc(_("First ppuk: {who} is paid {n} by {other}", who=name(paid["player"]), n=paid["points"], other=name(paid["from"])))}</li>')
    return f'<ul class="side-pay">{"".join(lines)}</ul>' if lines else ""
