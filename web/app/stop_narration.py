"""What the `stop` table says about each engine event: the game log's line,
the turn strip's words and the callout banners. Pure functions of the event
(and the page's language), tested under CPython (tests/test_glue_text.py)."""
from .i18n import _, ngettext
from . import stop_view as sv
from .stop_moves import LANDS


def narrate(e):
    """The game log's line for event ``e`` (None: nothing to say)."""
    t, p = e["type"], e.get("player")
    cn = sv.card_name
    you = p == 0
    who = sv.name(p) if p is not None else ""
    if t in ("play", "defend", "second", "interject", "cancel"):
        f = e["card"]
        call = f" — {_(sv.CALL_WORDS[e['call']])}" if e.get("call") and t != "second" else ""
        card = cn(f)
        if t == "play":
            what = _("a Free Choice") if f == sv.FREE else card
            if you:
                return _("You play {card}{call}.", card=what, call=call)
            return _("{who} plays {card}{call}.", who=who, card=what, call=call)
        if t == "defend":
            if sv.is_zero(f):
                if you:
                    return _("You defend with {card}{call}.", card=card, call=call)
                return _("{who} defends with {card}{call}.", who=who, card=card, call=call)
            if you:
                return _("You answer with {card}{call}.", card=card, call=call)
            return _("{who} answers with {card}{call}.", who=who, card=card, call=call)
        if t == "second":
            colour = sv.colour_word(sv.colour_name(f))
            if you:
                return _("You name {colour} with {card}.", colour=colour, card=card)
            return _("{who} names {colour} with {card}.", who=who, colour=colour, card=card)
        if t == "interject":
            if you:
                return _("You interject {card}!{call}", card=card, call=call)
            return _("{who} interjects {card}!{call}", who=who, card=card, call=call)
        if you:
            return _("You cancel the Card Exchange with {card}!{call}", card=card, call=call)
        return _("{who} cancels the Card Exchange with {card}!{call}", who=who, card=card, call=call)
    if t == "forgot":
        word = _(sv.CALL_WORDS[e["call"]])
        if you:
            if e["call"] == "achtung":
                return _("You forgot to call {call} before the play that left you one card: you draw 2 cards "
                         "as a penalty. (Press {call} before playing the card.)", call=word)
            return _("You forgot to call {call} before your last card: you draw 2 cards as a penalty. "
                     "The round goes on. (Press {call} before playing the card.)", call=word)
        return _("{who} forgot to call {call} and draws 2 cards.", who=who, call=word)
    if t == "draw":
        if e["reason"] == "penalty":
            return None
        got = e.get("cards")
        k = len(got) if got is not None else e["count"]
        why = {"two": _(" (the 2s)"), "plusx": _(" (the +X)")}.get(e["reason"], "")
        if k == 0:
            if you:
                return _("You draw nothing: the stock is empty{why}.", why=why)
            return _("{who} draws nothing: the stock is empty{why}.", who=who, why=why)
        if you:
            cards = ", ".join(cn(c) for c in got) if got else _("nothing")
            return _("You draw {cards}{why}.", cards=cards, why=why)
        return ngettext("{who} draws {n} card{why}.", "{who} draws {n} cards{why}.", k, who=who, why=why)
    if t == "turned":
        c = e["card"]
        card = cn(c) if c is not None else _("nothing")
        if you:
            return _("You turn over {card} for the +X.", card=card)
        return _("{who} turns over {card} for the +X.", who=who, card=card)
    if t == "accept" and e["kind"] == "skip":
        return _("You are skipped.") if you else _("{who} is skipped.", who=who)
    if t == "reshuffle":
        return ngettext("The discard pile is shuffled into a new stock ({n} card).",
                        "The discard pile is shuffled into a new stock ({n} cards).", e["cards"])
    if t == "direction":
        if e["direction"] == "left":
            if you:
                return _("You pass all hands to the left.")
            return _("{who} passes all hands to the left.", who=who)
        if you:
            return _("You pass all hands to the right.")
        return _("{who} passes all hands to the right.", who=who)
    if t == "exchanged":
        return _("All hands move left.") if e["direction"] == "left" else _("All hands move right.")
    if t == "round_start":
        if e["dealer"] == 0:
            return _("Round {r}: you deal. The start card is {card}.", r=e["round"], card=cn(e["start"]))
        return _("Round {r}: {who} deals. The start card is {card}.",
                 r=e["round"], who=sv.name(e["dealer"]), card=cn(e["start"]))
    if t == "round_end":
        return sv.round_title(e) + "."
    return None

def strip_line(e):
    """The turn strip's words for event ``e`` (HTML; None: not shown there)."""
    t, p = e["type"], e.get("player")
    if t in ("play", "defend", "second", "interject", "cancel"):
        call = (f' <b class="call-badge {e["call"]}">{_(sv.CALL_WORDS[e["call"]])}</b>'
                if e.get("call") and t != "second" else "")
        fields = {"who": sv.name(p), "card": sv.card(e["card"], "tiny"), "call": call}
        you = p == 0           # "You interject", "Hana interjects"
        if t == "interject":
            return (_("<b>You</b> interject {card}{call}", card=fields["card"], call=call) if you
                    else _("<b>{who}</b> interjects {card}{call}", **fields))
        if t == "cancel":
            return (_("<b>You</b> cancel {card}{call}", card=fields["card"], call=call) if you
                    else _("<b>{who}</b> cancels {card}{call}", **fields))
        if t == "defend":
            return (_("<b>You</b> answer {card}{call}", card=fields["card"], call=call) if you
                    else _("<b>{who}</b> answers {card}{call}", **fields))
        return _("<b>{who}</b> {card}{call}", **fields)
    if t == "draw" and e["reason"] != "penalty":
        k = len(e["cards"]) if "cards" in e else e["count"]
        if p == 0:
            return _("<b>You</b> draw {n}", n=k)
        return _("<b>{who}</b> draws {n}", who=sv.name(p), n=k)
    if t == "forgot":
        return _("<b>{who}</b> forgot {call} (+2)", who=sv.name(p), call=_(sv.CALL_WORDS[e["call"]]))
    if t == "accept" and e["kind"] == "skip":
        return _("<b>{who}</b> skipped", who=sv.name(p))
    if t == "exchanged":
        return _("hands pass left") if e["direction"] == "left" else _("hands pass right")
    return None


def callout(e):
    """Achtung!/Stop!, an interjection, a defence or a cancelled Card
    Exchange: the banner's (word, kind) for event ``e``, or None."""
    t = e["type"]
    if t in LANDS and e.get("call") and t != "second":
        return _(sv.CALL_WORDS[e["call"]]), e["call"]
    if t == "interject":
        return _("Interjection!"), "interject"
    if t == "defend" and sv.is_zero(e["card"]):
        return _("Defended!"), "defend"
    if t == "exchange_cancelled":
        return _("Card Exchange cancelled!"), "cancel"
    if t == "exchanged":
        return _("Card Exchange"), "exchange"
    return None
