"""Cards landing on the pile, their effects, drawing and the Card Exchange.

Every function takes the game state ``g`` (a ``Stop``) and appends events.
"""
from ...core.rng import shuffle
from . import windows
from .actions import STOP, call_needed
from .cards import EXCHANGE, PLUSX, SKIP, is_number, rank
from .scoring import end_round


def reshuffle(g, events):
    """Stock empty: keep the top discard, shuffle the rest into a new stock."""
    if len(g.pile) <= 1:
        return
    rest = g.pile[:-1]
    g.pile = g.pile[-1:]
    g.fc_under = False
    g.stock = shuffle(g.rng, rest)
    events.append({"type": "reshuffle", "cards": len(g.stock)})


def take_one(g, events):
    """The top stock card (reshuffling first if needed), or None."""
    if not g.stock:
        reshuffle(g, events)
    return g.stock.pop() if g.stock else None


def draw_cards(g, p, k, events, reason):
    """``p`` draws up to ``k`` cards (fewer when there is nothing to draw).
    The cards are told to ``p`` alone; the others learn the count."""
    got = []
    for _ in range(k):
        c = take_one(g, events)
        if c is None:
            break
        got.append(c)
    g.hands[p].extend(got)
    g.hands[p].sort()
    events.append({"type": "draw", "player": p, "reason": reason, "cards": got,
                   "only": [p]})
    events.append({"type": "draw", "player": p, "reason": reason, "count": len(got),
                   "hide": [p]})
    return got


def play_free_choice(g, p, call, events):
    """The Free Choice goes down; its owner must now lay the second card."""
    from .cards import FREE
    g.hands[p].remove(FREE)
    g.pile.append(FREE)
    g.fc_under = False
    g.layer = p
    g.stall = 0
    g.calls[p] = call
    g.fc_call = call
    g.actor = p
    g.phase = "second"
    events.append({"type": "play", "player": p, "card": FREE, "call": call,
                   "left": len(g.hands[p])})


def land(g, p, f, call, how, events):
    """Card ``f`` from ``p``'s hand lands on the pile.

    ``how``: ``play`` (an ordinary turn), ``defend`` (a 0 against an attack or a
    stacked 2/Skip), ``second`` (the card laid with a Free Choice; the call was
    made with the Free Choice), ``interject`` or ``cancel`` (a 0 stopping a
    Card Exchange). Checks the call, ends the round on a called Stop, else
    applies the card's effect and opens an interjection window on a number.
    """
    n = g.num_players
    g.hands[p].remove(f)
    g.pile.append(f)
    g.fc_under = how == "second"
    g.layer = p
    g.stall = 0
    made = g.fc_call if how == "second" else call
    if how == "second":
        g.fc_call = None
    else:
        g.calls[p] = call
    left = len(g.hands[p])
    events.append({"type": how, "player": p, "card": f, "call": made, "left": left})
    need = call_needed(left)
    if need == STOP and made == STOP:
        end_round(g, p, events, "stop")
        return
    if need is not None and made != need:
        events.append({"type": "forgot", "player": p, "call": need})
        draw_cards(g, p, 2, events, "penalty")
    r = rank(f)
    g.actor = -1
    if r == EXCHANGE:
        g.attack = None
        g.exchanger = p
        g.actor = p
        g.phase = "direction"
        return
    if r == 2:
        before = g.attack[1] if g.attack and g.attack[0] == "draw2" else 0
        g.attack = ["draw2", before + 2]
    elif r == SKIP:
        g.attack = ["skip", 0]
    elif r == PLUSX:
        g.attack = ["plusx", 0]
    else:
        g.attack = None
    g.turn = (p + 1) % n
    g.phase = "play"
    if is_number(f):
        windows.open_window(g, "interject", p, events)


def accept(g, p, events):
    """The attacked player takes the attack and is skipped."""
    kind, amount = g.attack
    g.attack = None
    got = None
    if kind == "draw2":
        got = draw_cards(g, p, amount, events, "two")
    elif kind == "plusx":
        c = take_one(g, events)
        events.append({"type": "turned", "player": p, "card": c})
        got = []
        if c is not None:
            g.hands[p].append(c)
            g.hands[p].sort()
            got = [c]
            if is_number(c) and rank(c) > 0:
                got += draw_cards(g, p, rank(c), events, "plusx")
    events.append({"type": "accept", "player": p, "kind": kind, "amount": amount})
    g.turn = (p + 1) % g.num_players
    g.phase = "play"
    if got is not None:
        g.stall = g.stall + 1 if not got else 0
        if g.stall >= g.num_players:
            end_round(g, None, events, "stall")
            return
    if kind == "draw2":
        # The spent 2 is still on top: its twin may start a new draw of 2.
        windows.open_window(g, "interject", g.layer, events)


def draw_turn(g, p, events):
    got = draw_cards(g, p, 1, events, "draw")
    g.stall = 0 if got else g.stall + 1
    g.turn = (p + 1) % g.num_players
    if g.stall >= g.num_players:
        end_round(g, None, events, "stall")


def choose_direction(g, p, direction, events):
    g.exchange_dir = direction
    g.actor = -1
    events.append({"type": "direction", "player": p, "direction": direction})
    if not windows.open_window(g, "cancel", p, events):
        exchange(g, events)


def passes_to(seat, direction, n):
    """The seat that gets ``seat``'s hand when a Card Exchange passes hands
    ``direction`` ("left": to the next seat; "right": to the one before)."""
    return (seat + (1 if direction == "left" else -1)) % n


def receives_from(seat, direction, n):
    """The seat whose hand ``seat`` gets in that exchange."""
    return (seat - (1 if direction == "left" else -1)) % n


def exchange(g, events):
    """All hands pass the chosen way; play goes on left of the exchanger."""
    n = g.num_players
    new = [None] * n
    for q in range(n):
        new[passes_to(q, g.exchange_dir, n)] = g.hands[q]
    g.hands = new
    events.append({"type": "exchanged", "player": g.exchanger,
                   "direction": g.exchange_dir})
    for q in range(n):
        events.append({"type": "hand", "player": q, "cards": list(g.hands[q]),
                       "only": [q]})
    g.turn = (g.exchanger + 1) % n
    g.exchanger = -1
    g.exchange_dir = None
    g.phase = "play"
