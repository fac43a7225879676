"""HTML for match play on the matching games' tables (``gostop.match``):
the setup's match fields, the standings under a hand's result, the match's
summary, and the line above the table. Pure functions of a ``Match``."""
from .dom import esc
from .i18n import _, ngettext
from .match_view import name

# The setup's choices: (value, hands, target)
LENGTHS = (("one", 0, 0), ("h3", 3, 0), ("h5", 5, 0), ("h10", 10, 0), ("t50", 0, 50), ("t100", 0, 100))
MAX_STAKE_DIGITS = 6


def length_label(hands, target):
    if not hands and not target:
        return _("One hand")
    if hands:
        return ngettext("A match of {n} hand", "A match of {n} hands", hands)
    return ngettext("A match to {n} point", "A match to {n} points", target)


def setup_html(chosen="one", stake=""):
    opts = "".join(f'<option value="{v}"{" selected" if v == chosen else ""}>{length_label(h, t)}</option>'
                   for v, h, t in LENGTHS)
    return (f'<label class="field">{_("Play")}<select id="opt-match">{opts}</select></label>'
            f'<label class="field">{_("Stake per point")} <span class="muted">{_("(optional: shown as winnings)")}</span>'
            f'<input id="opt-stake" inputmode="numeric" autocomplete="off" value="{esc(stake)}" placeholder="0"></label>')


def read_setup(length, stake_text):
    """(hands, target, stake) or a one-line complaint; (0, 0, 0) for one hand."""
    hands, target = next(((h, t) for v, h, t in LENGTHS if v == length), (0, 0))
    stake_text = str(stake_text).strip()
    if not stake_text:
        return hands, target, 0
    if not (stake_text.isascii() and stake_text.isdigit() and len(stake_text) <= MAX_STAKE_DIGITS):
        return _("The stake must be a whole number of up to 6 digits.")
    return hands, target, int(stake_text)


def _points(x):
    return f"{x:+g}" if x else "0"


def top_line(match):
    """The match's place, for the line above the table."""
    n = len(match.hands) + (0 if match.is_over() else 1)
    where = _("Hand {k} of {n}", k=n, n=match.limit) if match.limit else _("Hand {k}", k=n)
    mult = match.multiplier()
    return where + (f" · ×{mult}" if mult > 1 and not match.is_over() else "")


def standings_html(match):
    """Each seat's running total (and winnings), and what the next hand is."""
    s = match.summary()
    rows = []
    for p, total in enumerate(s["totals"]):
        money = f'<td data-winnings="{p}">{_points(s["winnings"][p])}</td>' if s["winnings"] else ""
        rows.append(f'<tr><th scope="row">{name(p)}</th><td data-total="{p}">{_points(total)}</td>{money}</tr>')
    money_head = f'<th scope="col">{_("Winnings")}</th>' if s["winnings"] else ""
    last = match.hands[-1] if match.hands else None
    note = ""
    if last is not None and last.get("multiplier", 1) > 1:
        note += f'<p class="match-note">{_("This hand counted ×{m} (nagari before it).", m=last["multiplier"])}</p>'
    if not s["over"] and match.multiplier() > 1:
        note += f'<p class="match-note" data-next-mult="{match.multiplier()}">{_("Nagari: the next hand counts ×{m}.", m=match.multiplier())}</p>'
    return (f'<section class="match-standings" aria-label="{_("Match standings")}">'
            f'<h3>{esc(length_label(match.limit, match.target))} · {esc(top_line(match))}</h3>'
            f'<table class="match-table"><thead><tr><th scope="col">{_("Player")}</th>'
            f'<th scope="col">{_("Total")}</th>{money_head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'{note}{summary_html(match) if s["over"] else ""}</section>')


def summary_html(match):
    s = match.summary()
    if len(s["leaders"]) == 1:
        p = s["leaders"][0]
        total = s["totals"][p]
        head = (ngettext("You win the match with {n} point!", "You win the match with {n} points!",
                         total, n=_points(total)) if p == 0 else
                ngettext("{who} wins the match with {n} point.", "{who} wins the match with {n} points.",
                         total, who=name(p), n=_points(total)))
    else:
        head = _("The match is a tie: {who}.", who=", ".join(name(p) for p in s["leaders"]))
    lines = [_("Hands played: {n}; nagari: {k}.", n=s["hands"], k=s["nagari"])]
    b = s["biggest"]
    if b:
        lines.append(ngettext("Biggest hand: {who}, {n} point (hand {k}).", "Biggest hand: {who}, {n} points (hand {k}).",
                              b["points"], who=name(b["seat"]), k=b["hand"]))
    for p, g in enumerate(s["gos"]):
        if g["hands"]:
            lines.append(ngettext("{who}: won {k} of {n} hand with a Go.", "{who}: won {k} of {n} hands with a Go.",
                                  g["hands"], who=name(p), k=g["won"]))
    items = "".join(f"<li>{esc(x)}</li>" for x in lines)
    return f'<div class="match-summary" data-match-over="1"><p class="match-head"><b>{esc(head)}</b></p><ul>{items}</ul></div>'


def actions_html(match):
    """The result dialog's buttons in a match."""
    if match.is_over():
        first = f'<button class="btn primary" data-do="new-match">{_("New match")}</button>'
    else:
        first = f'<button class="btn primary" data-do="next-hand">{_("Next hand")}</button>'
    return first + f'<button class="btn" data-do="new">{_("Change options")}</button>'
