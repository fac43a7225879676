"""HTML for the `stop` table (the shedding game): cards, seats, the pile and
stock, your hand, the action bar, the score sheet and the round dialog.
Pure functions of an engine view (and a few flags from the controller); no
game rules live here beyond naming cards.

A card is a face int: colour * 13 + rank (rank 0-9 numbers, 10 Skip,
11 Card Exchange, 12 +X), 52 Free Choice; art is ./art/stop/<file>.svg.
"""
from gostop.games.stop.cards import EXCHANGE, FREE, NUM_FACES, PLUSX, SKIP, colour_name, face, rank, rank_name, value
from gostop.games.stop.state import Stop

from . import records
from .dom import esc
from .i18n import N_, _, ngettext
from .motion_marks import motion_attrs

NAMES = (N_("You"), N_("Hana"), N_("Minjun"), N_("Sora"), N_("Jiho"), N_("Yuna"))
COLOUR_NAMES = {"red": N_("Red"), "yellow": N_("Yellow"), "green": N_("Green"), "blue": N_("Blue")}
COLOUR_WORDS = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}
SHAPES = {"red": ("●", N_("circle")), "yellow": ("▲", N_("triangle")),
          "green": ("■", N_("square")), "blue": ("★", N_("star"))}
# the engine's rank keys (cards.rank_name) in words
RANK_NAMES = {**{str(i): str(i) for i in range(10)},
              "skip": N_("Skip"), "exchange": N_("Card Exchange"), "plusx": N_("+X")}


def name(p):
    return _(NAMES[p])


def colour_word(colour):
    """A colour inside a sentence ("red")."""
    return _(COLOUR_WORDS[colour])


def card_file(f):
    if f == FREE:
        return "free"
    return f"{colour_name(f)}-{rank_name(f)}"


def card_name(f):
    if f == FREE:
        return _("Free Choice")
    return _("{colour} {face}", colour=_(COLOUR_NAMES[colour_name(f)]), face=_(RANK_NAMES[rank_name(f)]))


def is_zero(f):
    """A 0: the card that defends against a +X and cancels a Card Exchange."""
    return f != FREE and rank(f) == 0


def card(f, cls="", alt=None, key=None, origin=None, anchor=False):
    """A card face. A ``key``ed card is one object on the table (motion.js
    moves it from where it was); ``origin`` is (anchor, turned) for a card
    arriving from somewhere not on the table (the stock, a hand); an
    ``anchor`` card is a place another card can fly from."""
    label = esc(card_name(f) if alt is None else alt)
    return (f'<img class="scard {cls}" src="./art/stop/{card_file(f)}.svg" alt="{label}" '
            f'data-face="{f}" width="200" height="300" draggable="false"{motion_attrs(key, origin, anchor)}>')


def hand_keys(hand, gen):
    """Keys of your (sorted) hand's cards: a face plus its occurrence, as
    the deck holds two of each coloured face and eight Free Choices. ``gen``
    changes when whole hands are dealt or passed (new cards, new keys)."""
    seen = {}
    keys = []
    for f in hand:
        k = seen.get(f, 0)
        seen[f] = k + 1
        keys.append(f"{gen}.h{f}.{k}")
    return keys


def back_key(gen, p, i):
    """The key of the ``i``th card back shown for seat ``p``'s hand."""
    return f"{gen}.b{p}.{i}"


BACKS_SHOWN = 12


def colour_badge(colour, big=False):
    shape, shape_name = SHAPES[colour]
    return (f'<span class="colour-badge c-{colour}{" big" if big else ""}" data-colour="{colour}">'
            f'<span class="shape" aria-hidden="true">{shape}</span>{_(COLOUR_NAMES[colour])}'
            f'<span class="visually-hidden"> ({_(shape_name)})</span></span>')


CALL_WORDS = {"achtung": N_("Achtung!"), "stop": N_("Stop!")}


def attack_words(attack):
    if not attack:
        return ""
    you = attack["target"] == 0
    who = name(attack["target"])
    colour = colour_word(attack["colour"])
    kind = attack["kind"]
    if kind == "draw2":
        if you:
            return _("You must draw {n} (or answer with a 2 or the {colour} 0)", n=attack["amount"], colour=colour)
        return _("{who} must draw {n} (or answer with a 2 or the {colour} 0)",
                 who=who, n=attack["amount"], colour=colour)
    if kind == "skip":
        if you:
            return _("You will be skipped (or answer with a Skip or the {colour} 0)", colour=colour)
        return _("{who} will be skipped (or answer with a Skip or the {colour} 0)", who=who, colour=colour)
    if you:
        return _("+X aimed at you: turn over the stock card and take that many (only the {colour} 0 defends)",
                 colour=colour)
    return _("+X aimed at {who}: turn over the stock card and take that many (only the {colour} 0 defends)",
             who=who, colour=colour)


def call_badge(call):
    return f'<span class="call-badge {call}">{_(CALL_WORDS[call])}</span>' if call else ""


def seat(v, p, current, gen=0, origins=None):
    origins = origins or {}
    n = v["hand_sizes"][p]
    call_html = call_badge(v["calls"][p])
    dealer = (f'<span class="dealer" role="img" aria-label="{_("Dealer")}" title="{_("Dealer")}">{_("D")}</span>'
              if v["dealer"] == p else "")
    shown = min(n, BACKS_SHOWN)
    # The last card back is where a card leaves this hand from (motion.js),
    # so it grows from a card, not from the whole seat.
    backs = "".join(f'<i class="sback"{motion_attrs(back_key(gen, p, i), origins.get(back_key(gen, p, i)))}'
                    f'{f" data-anchor=hand-{p}" if i == shown - 1 else ""}></i>' for i in range(shown))
    turn = f' <span class="turn-tag">{_("to play")}</span>' if current == p else ""
    in_hand = ngettext("{n} card in hand", "{n} cards in hand", n)
    return (f'<li class="sseat{" current" if current == p else ""}" data-seat="{p}">'
            f'<div class="sseat-head"><span class="seat-name">{name(p)}</span>{dealer}{turn}</div>'
            f'<div class="sseat-hand"{"" if shown else f" data-anchor=hand-{p}"} role="img" aria-label="{in_hand}">'
            f'<span class="backs">{backs}</span><b class="count" data-count="{n}">{n}</b></div>'
            f'<div class="sseat-foot">{call_html}<span class="minus" title="{_("Minus points")}">'
            f'{ngettext("{n} pt", "{n} pts", v["scores"][p])}</span></div></li>')


def centre(v, recent, top_keys=(None, None), origins=None):
    """Stock, pile and colour; ``top_keys``: the keys of the top cards shown."""
    origins = origins or {}
    top = v["top"]
    keys = list(top_keys) + [None] * 2
    if len(top) == 2:
        tops = (f'<div class="fc-pair">{card(top[0], "pile under", _("Free Choice"), keys[0], origins.get(keys[0]))}'
                f'{card(top[1], "pile", None, keys[1], origins.get(keys[1]))}</div>')
        how = f'<span class="muted">{_("named by the Free Choice")}</span>'
    else:
        tops = card(top[0], "pile", None, keys[0], origins.get(keys[0]))
        how = ""
    attack = ""
    if v["attack"]:
        attack = f'<p class="attack" role="status">{esc(attack_words(v["attack"]))}</p>'
    exch = ""
    if v["exchange"] and v["exchange"]["direction"]:
        words = (_("Card Exchange: hands are about to pass left") if v["exchange"]["direction"] == "left"
                 else _("Card Exchange: hands are about to pass right"))
        exch = f'<p class="attack">{words}</p>'
    strip = "".join(f"<li>{x}</li>" for x in recent[-5:])
    return (f'<div class="scentre">'
            f'<div class="stock" data-anchor="stock" role="img" aria-label="{ngettext("Stock: {n} card", "Stock: {n} cards", v["stock"])}">'
            f'<img class="scard stock-card" src="./art/stop/back.svg" alt="" width="200" height="300">'
            f'<span class="n" data-stock="{v["stock"]}">{v["stock"]}</span></div>'
            f'<div class="discard" role="group" aria-label="{_("Discard pile")}">{tops}</div>'
            f'<div class="now"><div class="now-colour">{_("Colour: {colour} {how}", colour=colour_badge(v["colour"], True), how=how)}</div>'
            f'<div class="now-top muted">{_("Top card: {card}", card=esc(card_name(top[-1])))}</div>'
            f'{attack}{exch}<ol class="recent" aria-label="{_("Latest moves")}">{strip}</ol></div></div>')


def hand(v, playable, twins, label=None, gen=0, origins=None, later=False):
    """Your cards as buttons: ``playable`` faces enabled (``twins``: the ones
    you could interject, lit up). While the table is still moving
    (``later``) every card takes a tap, which waits for your turn (shell.py
    queues it) instead of being lost."""
    origins = origins or {}
    items = []
    keys = hand_keys(v["hand"], gen)
    for i, f in enumerate(v["hand"]):
        ok = f in playable
        cls = "hand-card" + (" ok" if ok else "") + (" twin" if f in twins else "")
        face = esc(card_name(f))
        aria = (_("{card}, interject it!", card=face) if f in twins
                else face if ok else _("{card}, cannot be played now", card=face))
        state = 'aria-disabled="true"' if later else ("" if ok else "disabled")
        # The middle card's place is where your hand is passed from (motion.js).
        anchor = ' data-anchor="hand-0"' if i == len(v["hand"]) // 2 else ""
        items.append(f'<li data-slot="{keys[i]}"{anchor}><button class="card-btn {cls}" data-do="card" data-face="{f}" '
                     f'{state} aria-label="{aria}">'
                     f'{card(f, "in-hand", "", keys[i], origins.get(keys[i]), anchor=True)}</button></li>')
    count = len(v["hand"])
    label = _("Your hand") if label is None else label
    dealer = f'<span class=dealer role=img aria-label="{_("Dealer")}">{_("D")}</span>' if v["dealer"] == 0 else ""
    cards = ngettext("{n} card", "{n} cards", count)
    return (f'<section class="my-hand" aria-label="{label}"><div class="my-head">'
            f'<span class="seat-name">{name(0)}</span>'
            f'{dealer}'
            f'<span class="muted">{cards}</span>'
            f'{call_badge(v["calls"][0])}'
            f'<span class="minus">{ngettext("{n} pt", "{n} pts", v["scores"][0])}</span></div>'
            f'<div class="hand-scroll"><ul class="shand"{"" if v["hand"] else " data-anchor=hand-0"}>{"".join(items)}</ul></div></section>')


def call_buttons(armed, enabled, later=False):
    """Achtung!/Stop!; while the table moves (``later``) they still arm the
    call for a card tapped meanwhile."""
    out = []
    state = 'aria-disabled="true"' if later else ("" if enabled else "disabled")
    for key, word in (("achtung", _(CALL_WORDS["achtung"])), ("stop", _(CALL_WORDS["stop"]))):
        on = armed == key
        out.append(f'<button class="btn call-btn {key}{" armed" if on else ""}" data-do="arm" '
                   f'data-call="{key}" aria-pressed="{str(on).lower()}" {state}>'
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
    rows.append(f'<tr class="totals"><th scope=row>{_("Total")}</th>{totals}</tr>')
    return (f'<div class="sheet-scroll"><table class="score-sheet"><thead><tr><th scope=col>{_("Round")}</th>'
            f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def round_title(row):
    if row["winner"] is None:
        return _("Round {r}: a stall — nobody could draw, every hand scores", r=row["round"])
    w = row["winner"]
    if w == 0:
        return _("You call Stop! and win round {r}", r=row["round"])
    return _("{who} calls Stop! and wins round {r}", who=name(w), r=row["round"])


def round_dialog(row, v, final):
    """The round's minus points, hand by hand, the sheet, and Continue (or
    the game's result and New game)."""
    lines = []
    for p, h in enumerate(row["hands"]):
        cards = "".join(f'<span class="pt-card">{card(c["card"], "tiny")}<b>{c["points"]}</b></span>'
                        for c in h["cards"]) or f'<span class="muted">{_("no cards")}</span>'
        won = row["winner"] == p
        lines.append(f'<tr data-seat="{p}" data-points="{row["points"][p]}" data-total="{row["totals"][p]}"'
                     f'{" class=won" if won else ""}><th scope=row>{name(p)}{" ✓" if won else ""}</th>'
                     f'<td class="pt-cards">{cards}</td><td class="pts">{row["points"][p]}</td>'
                     f'<td class="pts">{row["totals"][p]}</td></tr>')
    table = (f'<table class="breakdown"><thead><tr><th scope=col>{_("Player")}</th>'
             f'<th scope=col>{_("Cards left (minus points)")}</th>'
             f'<th scope=col>{_("Round")}</th><th scope=col>{_("Total")}</th></tr></thead><tbody>{"".join(lines)}</tbody></table>')
    if final:
        winners = final["winners"]
        who = name(winners[0])
        for p in winners[1:]:
            who = _("{a} and {b}", a=who, b=name(p))
        best = final["scores"][winners[0]]
        if winners == [0]:
            head = ngettext("You win the game with {n} minus point!", "You win the game with {n} minus points!", best)
        elif len(winners) > 1:
            head = ngettext("{who} win the game with {n} minus point.", "{who} win the game with {n} minus points.",
                            best, who=who)
        else:
            head = ngettext("{who} wins the game with {n} minus point.", "{who} wins the game with {n} minus points.",
                            best, who=who)
        button = (f'<div class="dialog-actions"><button class="btn primary" data-do="new">{_("New game")}</button>'
                  f'{records.share_buttons()}</div>')
        kind, extra = "game", f'<p class="result" data-winners="{",".join(map(str, winners))}">{esc(head)}</p>'
        extra += game_summary(v)
    else:
        button = f'<div class="dialog-actions"><button class="btn primary" data-do="continue">{_("Continue")}</button></div>'
        ends = ngettext("The game ends when someone reaches {n} minus point; fewest wins.",
                        "The game ends when someone reaches {n} minus points; fewest wins.", v["target"])
        kind, extra = "round", f'<p class="muted">{ends}</p>'
    return (f'<div class="dialog wide" role="dialog" aria-modal="true" aria-labelledby="dlg-title" '
            f'data-dialog="{kind}" data-round="{row["round"]}">'
            f'<h2 id="dlg-title">{esc(round_title(row))}</h2>{extra}{table}'
            f'<h3>{_("Score sheet")}</h3>{sheet_table(v)}{button}</div>')


# the game's end when the setup does not say (the engine's default)
DEFAULT_TARGET = Stop.normalize_options({"players": 4})["target"]


def howto_html(target):
    """How to play; ``target``: the minus points that end this game. The
    cards' minus points are the engine's (``cards.value``)."""
    return _("""<details class="howto"><summary>How to play</summary><ul>
<li>Play a card that matches the top card in <b>colour</b>, <b>number</b> or <b>symbol</b> (6 and 9 match each other), or draw one card. First to empty their hand wins the round.</li>
<li><b>Interject</b>: when a number card lands and you hold the identical card (same colour and number), throw it on at once, out of turn. It is a race: your card lights up and you have a moment to press <b>Interject!</b> before the computers do. Play goes on to your left.</li>
<li>Press <b>Achtung!</b> <em>before</em> the play that leaves you one card, and <b>Stop!</b> before your last card. Forget, and you draw 2 cards.</li>
<li><b>2</b>: the next player draws 2 (stack another 2 to pass it on, growing). <b>Skip</b>: the next player misses a turn. <b>+X</b>: the next player turns over the stock card and takes that many. A <b>0</b> of the same colour defends against all of these.</li>
<li><b>Card Exchange</b>: choose left or right and all hands pass that way &mdash; unless someone throws the 0 of its colour to cancel it.</li>
<li><b>Free Choice</b>: play it together with any second card, which names the colour.</li>
<li>Cards left in hand are minus points (Free Choice {free}, +X {plusx}, Card Exchange {exchange}, 2 {two}, Skip {skip}, numbers their value). At {target} the game ends; fewest points wins.</li>
</ul></details>""", free=value(FREE), plusx=value(face(0, PLUSX)), exchange=value(face(0, EXCHANGE)),
             two=value(face(0, 2)), skip=value(face(0, SKIP)), target=target)


def game_summary(v):
    """The end of a game, as a match ends: rounds played and won, and the
    heaviest round (the most minus points one player took in one round)."""
    sheet = v["sheet"]
    if not sheet:
        return ""
    won = [sum(1 for r in sheet if r["winner"] == p) for p in range(len(sheet[-1]["points"]))]
    lines = [_("Rounds played: {n}.", n=len(sheet)),
             _("Rounds won: {list}.", list=", ".join(f"{name(p)} {k}" for p, k in enumerate(won)))]
    heavy = max(((pts, r["round"], p) for r in sheet for p, pts in enumerate(r["points"])), default=None)
    if heavy and heavy[0] > 0:
        lines.append(ngettext("Heaviest round: {who}, {n} minus point (round {k}).",
                              "Heaviest round: {who}, {n} minus points (round {k}).",
                              heavy[0], who=name(heavy[2]), k=heavy[1]))
    items = "".join(f"<li>{esc(x)}</li>" for x in lines)
    return f'<ul class="game-summary" data-rounds="{len(sheet)}">{items}</ul>'
