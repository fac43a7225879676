"""The coach's advice in words (a Hint on the matching games' tables and
their rulebook examples): what the hard player would do and why, from its
own search (``gostop.agents.coach.advise``: each move's mean payment and the
share of simulated hands it won). Pure functions of the advice."""
from .dom import esc
from .i18n import _, ngettext


def points(x):
    """A mean payment as the page shows it: +3.2, −1.5, 0."""
    x = round(x, 1)
    if x == 0:
        return "0"
    return f"+{x:g}" if x > 0 else f"\u2212{-x:g}"


def percent(share):
    return f"{round(100 * share)}%"


def advice_html(advice, name_of, deciding=False):
    """``name_of(action)``: the table's words for an action; ``deciding``: a
    decision that is not a card played (which card to take, the sake cup)."""
    moves = advice["moves"]
    # (a move's name is a whole phrase: "Play Pine junk", "Stop", "Take …")
    head = _("The hard player's choice: {move}.", move=name_of(advice["choice"]))
    if advice["kind"] == "go-stop" or deciding:
        lines = [_("{move}: wins {pct} of the simulated hands, {pts} points on average.",
                   move=name_of(m["action"]), pct=percent(m["win"]), pts=points(m["payment"]))
                 for m in moves]
    else:
        lines = [_("{move}: {pts} points on average, wins {pct} of the simulated hands.",
                   move=name_of(m["action"]), pct=percent(m["win"]), pts=points(m["payment"]))
                 for m in moves]
    items = "".join(f'<li data-hint-action="{m["action"]}">{esc(line)}</li>' for m, line in zip(moves, lines))
    kept = ""
    if advice.get("kept"):
        # the search's best did not beat the plain play by its margin
        kept = ('<p class="coach-kept muted">' + esc(_(
            "Another move did a little better in its simulations, but not by enough "
            "to trust: it keeps the plain play.")) + "</p>")
    why = ngettext("From {n} hand it played out from here, guessing the cards you cannot see.",
                   "From {n} hands it played out from here, guessing the cards you cannot see.",
                   advice["rollouts"])
    return (f'<div class="coach" role="status" data-hint-choice="{advice["choice"]}">'
            f'<p class="coach-head"><b>{esc(head)}</b></p><ol class="coach-moves">{items}</ol>{kept}'
            f'<p class="coach-why muted">{esc(why)}</p></div>')
