"""HTML for the `stop` table (the shedding game): cards, seats, the pile and
stock, your hand, the action bar, the score sheet and the round dialog.
Pure functions of an engine view (and a few flags from the controller); no
game rules live here beyond naming cards.

A card is a face int: colour * 13 + rank (rank 0-9 numbers, 10 Skip,
11 Card Exchange, 12 +X), 52 Free Choice; art is ./art/stop/<file>.svg.
"""
from .dom import esc

NAMES = ("You", "Hana", "Minjun", "Sora", "Jiho", "Yuna")
COLOURS = ("red", "yellow", "green", "blue")
SHAPES = {"red": ("●", "circle"), "yellow": ("▲", "triangle"),
          "green": ("■", "square"), "blue": ("★", "star")}
RANK_FILES = tuple(str(i) for i in range(10)) + ("skip", "exchange", "plusx")
RANK_NAMES = tuple(str(i) for i in range(10)) + ("Skip", "Card Exchange", "+X")
FREE = 52


def name(p):
    return NAMES[p]


def verb(p, word, you=None):
    """ "You draw" / "Hana draws"."""
    if p == 0:
        return f"You {you or word}"
    return f"{name(p)} {word}s" if not word.endswith(("s", "sh")) else f"{name(p)} {word}es"


def card_file(f):
    if f == FREE:
        return "free"
    return f"{COLOURS[f // 13]}-{RANK_FILES[f % 13]}"


def card_name(f):
    if f == FREE:
        return "Free Choice"
    return f"{COLOURS[f // 13].capitalize()} {RANK_NAMES[f % 13]}"


def card(f, cls="", alt=None):
    label = esc(card_name(f) if alt is None else alt)
    return (f'<img class="scard {cls}" src="./art/stop/{card_file(f)}.svg" alt="{label}" '
            f'data-face="{f}" width="200" height="300" draggable="false">')


def colour_badge(colour, big=False):
    shape, shape_name = SHAPES[colour]
    return (f'<span class="colour-badge c-{colour}{" big" if big else ""}" data-colour="{colour}">'
            f'<span class="shape" aria-hidden="true">{shape}</span>{colour.capitalize()}'
            f'<span class="visually-hidden"> ({shape_name})</span></span>')


CALL_WORDS = {"achtung": "Achtung!", "stop": "Stop!"}


def attack_words(attack):
    if not attack:
        return ""
    who = "you" if attack["target"] == 0 else name(attack["target"])
    kind = attack["kind"]
    if kind == "draw2":
        return f"{who.capitalize()} must draw {attack['amount']} (or answer with a 2 or the {attack['colour']} 0)"
    if kind == "skip":
        return f"{who.capitalize()} will be skipped (or answer with a Skip or the {attack['colour']} 0)"
    return f"+X aimed at {who}: turn over the stock card and take that many (only the {attack['colour']} 0 defends)"


def call_badge(call):
    return f'<span class="call-badge {call}">{CALL_WORDS[call]}</span>' if call else ""


def seat(v, p, current):
    n = v["hand_sizes"][p]
    call_html = call_badge(v["calls"][p])
    dealer = ('<span class="dealer" role="img" aria-label="Dealer" title="Dealer">D</span>'
              if v["dealer"] == p else "")
    backs = "".join('<i class="sback"></i>' for _n in range(min(n, 12)))
    turn = ' <span class="turn-tag">to play</span>' if current == p else ""
    return (f'<li class="sseat{" current" if current == p else ""}" data-seat="{p}">'
            f'<div class="sseat-head"><span class="seat-name">{name(p)}</span>{dealer}{turn}</div>'
            f'<div class="sseat-hand" role="img" aria-label="{n} card{"s" if n != 1 else ""} in hand">'
            f'<span class="backs">{backs}</span><b class="count" data-count="{n}">{n}</b></div>'
            f'<div class="sseat-foot">{call_html}<span class="minus" title="Minus points">'
            f'{v["scores"][p]} pts</span></div></li>')


def centre(v, recent):
    top = v["top"]
    if len(top) == 2:
        tops = (f'<div class="fc-pair">{card(top[0], "pile under", "Free Choice")}'
                f'{card(top[1], "pile")}</div>')
        how = f'<span class="muted">named by the Free Choice</span>'
    else:
        tops = card(top[0], "pile")
        how = ""
    attack = ""
    if v["attack"]:
        attack = f'<p class="attack" role="status">{esc(attack_words(v["attack"]))}</p>'
    exch = ""
    if v["exchange"] and v["exchange"]["direction"]:
        exch = (f'<p class="attack">Card Exchange: hands are about to pass '
                f'{v["exchange"]["direction"]}</p>')
    strip = "".join(f"<li>{x}</li>" for x in recent[-5:])
    return (f'<div class="scentre">'
            f'<div class="stock" role="img" aria-label="Stock: {v["stock"]} cards">'
            f'<img class="scard stock-card" src="./art/stop/back.svg" alt="" width="200" height="300">'
            f'<span class="n" data-stock="{v["stock"]}">{v["stock"]}</span></div>'
            f'<div class="discard" aria-label="Discard pile">{tops}</div>'
            f'<div class="now"><div class="now-colour">Colour: {colour_badge(v["colour"], True)} {how}</div>'
            f'<div class="now-top muted">Top card: {esc(card_name(top[-1]))}</div>'
            f'{attack}{exch}<ol class="recent" aria-label="Latest moves">{strip}</ol></div></div>')


def hand(v, playable, twins, label="Your hand"):
    """Your cards as buttons: ``playable`` faces enabled (``twins``: the ones
    you could interject, lit up)."""
    items = []
    for i, f in enumerate(v["hand"]):
        ok = f in playable
        cls = "hand-card" + (" ok" if ok else "") + (" twin" if f in twins else "")
        extra = ", interject it!" if f in twins else ("" if ok else ", cannot be played now")
        items.append(f'<li><button class="card-btn {cls}" data-do="card" data-face="{f}" '
                     f'{"" if ok else "disabled"} aria-label="{esc(card_name(f))}{extra}">'
                     f'{card(f, "in-hand", "")}</button></li>')
    count = len(v["hand"])
    return (f'<section class="my-hand" aria-label="{label}"><div class="my-head">'
            f'<span class="seat-name">You</span>'
            f'{"<span class=dealer role=img aria-label=Dealer>D</span>" if v["dealer"] == 0 else ""}'
            f'<span class="muted">{count} card{"s" if count != 1 else ""}</span>'
            f'{call_badge(v["calls"][0])}'
            f'<span class="minus">{v["scores"][0]} pts</span></div>'
            f'<div class="hand-scroll"><ul class="shand">{"".join(items)}</ul></div></section>')


def call_buttons(armed, enabled):
    out = []
    for key, word in (("achtung", "Achtung!"), ("stop", "Stop!")):
        on = armed == key
        out.append(f'<button class="btn call-btn {key}{" armed" if on else ""}" data-do="arm" '
                   f'data-call="{key}" aria-pressed="{str(on).lower()}" {"" if enabled else "disabled"}>'
                   f'{word}</button>')
    return "".join(out)


def sheet_table(v, highlight_last=False):
    n = v["players"]
    head = "".join(f"<th scope=col>{name(p)}</th>" for p in range(n))
    rows = []
    for r in v["sheet"]:
        win = r["winner"]
        cells = "".join(f'<td{" class=won" if win == p else ""}>{r["points"][p]}</td>' for p in range(n))
        rows.append(f'<tr><th scope=row>{r["round"]}</th>{cells}</tr>')
    totals = "".join(f'<td><b>{v["scores"][p]}</b></td>' for p in range(n))
    rows.append(f'<tr class="totals"><th scope=row>Total</th>{totals}</tr>')
    return (f'<div class="sheet-scroll"><table class="score-sheet"><thead><tr><th scope=col>Round</th>'
            f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def round_title(row):
    if row["winner"] is None:
        return f"Round {row['round']}: a stall — nobody could draw, every hand scores"
    w = row["winner"]
    return f"{'You call' if w == 0 else name(w) + ' calls'} Stop! and win{'' if w == 0 else 's'} round {row['round']}"


def round_dialog(row, v, final):
    """The round's minus points, hand by hand, the sheet, and Continue (or
    the game's result and New game)."""
    lines = []
    for p, h in enumerate(row["hands"]):
        cards = "".join(f'<span class="pt-card">{card(c["card"], "tiny")}<b>{c["points"]}</b></span>'
                        for c in h["cards"]) or '<span class="muted">no cards</span>'
        won = row["winner"] == p
        lines.append(f'<tr data-seat="{p}" data-points="{row["points"][p]}" data-total="{row["totals"][p]}"'
                     f'{" class=won" if won else ""}><th scope=row>{name(p)}{" ✓" if won else ""}</th>'
                     f'<td class="pt-cards">{cards}</td><td class="pts">{row["points"][p]}</td>'
                     f'<td class="pts">{row["totals"][p]}</td></tr>')
    table = (f'<table class="breakdown"><thead><tr><th scope=col>Player</th><th scope=col>Cards left (minus points)</th>'
             f'<th scope=col>Round</th><th scope=col>Total</th></tr></thead><tbody>{"".join(lines)}</tbody></table>')
    if final:
        winners = final["winners"]
        who = " and ".join(name(p) for p in winners)
        best = final["scores"][winners[0]]
        if winners == [0]:
            head = f"You win the game with {best} minus points!"
        else:
            head = f"{who} win{'' if len(winners) > 1 else 's'} the game with {best} minus points."
        button = ('<div class="dialog-actions"><button class="btn primary" data-do="new">New game</button></div>')
        kind, extra = "game", f'<p class="result" data-winners="{",".join(map(str, winners))}">{esc(head)}</p>'
    else:
        button = ('<div class="dialog-actions"><button class="btn primary" data-do="continue">Continue</button></div>')
        kind, extra = "round", f'<p class="muted">The game ends when someone reaches {v["target"]} minus points; fewest wins.</p>'
    return (f'<div class="dialog wide" role="dialog" aria-modal="true" aria-labelledby="dlg-title" '
            f'data-dialog="{kind}" data-round="{row["round"]}">'
            f'<h2 id="dlg-title">{esc(round_title(row))}</h2>{extra}{table}'
            f'<h3>Score sheet</h3>{sheet_table(v)}{button}</div>')


def howto_html():
    return """<details class="howto"><summary>How to play</summary><ul>
<li>Play a card that matches the top card in <b>colour</b>, <b>number</b> or <b>symbol</b> (6 and 9 match each other), or draw one card. First to empty their hand wins the round.</li>
<li><b>Interject</b>: when a number card lands and you hold the identical card (same colour and number), throw it on at once, out of turn. It is a race: your card lights up and you have a moment to press <b>Interject!</b> before the computers do. Play goes on to your left.</li>
<li>Press <b>Achtung!</b> <em>before</em> the play that leaves you one card, and <b>Stop!</b> before your last card. Forget, and you draw 2 cards.</li>
<li><b>2</b>: the next player draws 2 (stack another 2 to pass it on, growing). <b>Skip</b>: the next player misses a turn. <b>+X</b>: the next player turns over the stock card and takes that many. A <b>0</b> of the same colour defends against all of these.</li>
<li><b>Card Exchange</b>: choose left or right and all hands pass that way &mdash; unless someone throws the 0 of its colour to cancel it.</li>
<li><b>Free Choice</b>: play it together with any second card, which names the colour.</li>
<li>Cards left in hand are minus points (Free Choice 50, +X 40, Card Exchange 30, 2 20, Skip 10, numbers their value). At 500 the game ends; fewest points wins.</li>
</ul></details>"""
