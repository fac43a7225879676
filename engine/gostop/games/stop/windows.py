"""Out-of-turn windows: interjections and the cancelling 0 of a Card Exchange.

A window opens when a number card lands (``interject``: players holding an
identical card) or when a Card Exchange's direction is chosen (``cancel``:
players holding the 0 of its colour). Only eligible players are to move; each
plays one of their eligible cards (with the call it needs) or passes.

Who wins when several claim depends on the ``interjection`` option:

- ``relaxed`` (default): every eligible player answers (claims stay secret);
  when all have answered, the claim of the first player in clockwise order
  from the one who laid the card (their left neighbour first, themselves
  last) is played; the others keep their cards.
- ``race``: the first claim *applied* wins at once and closes the window; the
  session supplies the real race's order by the order of its ``apply`` calls.
  The window closes when every eligible player has passed.
"""
from .actions import PASS, decode
from .cards import colour, face, identical


def claim_order(layer, n):
    """Seats in tie-break order for a card laid by ``layer``."""
    return [(layer + 1 + i) % n for i in range(n)]


def window_faces(g, kind):
    if kind == "interject":
        return list(identical(g.pile[-1]))
    return [face(colour(g.pile[-1]), 0)]


def open_window(g, kind, layer, events):
    """Opens a window if anybody may answer; returns whether it opened."""
    faces = window_faces(g, kind)
    if not faces:
        return False
    eligible = [q for q in range(g.num_players) if any(f in g.hands[q] for f in faces)]
    if not eligible:
        return False
    g.window = {"kind": kind, "layer": layer, "faces": faces,
                "eligible": eligible, "answers": {}}
    g.phase = "window"
    events.append({"type": "window", "kind": kind, "card": g.pile[-1]})
    return True


def pending(g):
    w = g.window
    return [q for q in w["eligible"] if q not in w["answers"]]


def answer(g, p, action, events):
    from .effects import exchange, land
    w = g.window
    w["answers"][p] = action
    events.append({"type": "answer", "player": p, "action": action, "only": [p]})
    if action != PASS and g.options["interjection"] == "race":
        winner = p
    elif pending(g):
        return
    else:
        claims = {q: a for q, a in w["answers"].items() if a != PASS}
        winner = next((q for q in claim_order(w["layer"], g.num_players)
                       if q in claims), None)
    kind = w["kind"]
    g.window = None
    g.phase = "play"
    if winner is None:
        events.append({"type": "window_closed", "kind": kind})
        if kind == "cancel":
            exchange(g, events)
        return
    f, call = decode(w["answers"][winner])
    if kind == "cancel":
        events.append({"type": "exchange_cancelled", "player": winner,
                       "exchanger": g.exchanger})
        g.exchanger = -1
        g.exchange_dir = None
    land(g, winner, f, call, "interject" if kind == "interject" else "cancel", events)
