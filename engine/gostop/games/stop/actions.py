"""Action ids of `stop` (small ints; see docs/rules-stop-engine.md).

    f            play face f (0-52) with no call
    100 + f      play face f calling "Achtung!" (offered when it leaves one card)
    200 + f      play face f calling "Stop!"   (offered when it leaves no card)
    300 DRAW     draw one card (an ordinary turn)
    301 ACCEPT   take the pending attack (draw the 2s / be skipped / turn the +X card)
    302 PASS     let an interjection or Card Exchange window go by
    303 LEFT     Card Exchange: all hands pass to the left
    304 RIGHT    Card Exchange: all hands pass to the right

"Play" means whatever the phase asks for: an ordinary play, a defence, the
second card of a Free Choice, an interjection or a cancelling 0.
"""
from .cards import name

ACHTUNG_BASE, STOP_BASE = 100, 200
DRAW, ACCEPT, PASS, LEFT, RIGHT = 300, 301, 302, 303, 304
NO_CALL, ACHTUNG, STOP = None, "achtung", "stop"


def play_id(f, call=NO_CALL):
    return f + (ACHTUNG_BASE if call == ACHTUNG else STOP_BASE if call == STOP else 0)


def decode(action):
    """(face, call) for a play id, or None for the other actions."""
    if 0 <= action <= 52:
        return action, NO_CALL
    if ACHTUNG_BASE <= action <= ACHTUNG_BASE + 52:
        return action - ACHTUNG_BASE, ACHTUNG
    if STOP_BASE <= action <= STOP_BASE + 52:
        return action - STOP_BASE, STOP
    return None


def label(action, verb="play"):
    d = decode(action)
    if d is not None:
        f, call = d
        text = f"{verb} {name(f)}"
        if call == ACHTUNG:
            text += " + Achtung!"
        elif call == STOP:
            text += " + Stop!"
        return text
    return {DRAW: "draw a card", ACCEPT: "take it", PASS: "pass",
            LEFT: "pass hands left", RIGHT: "pass hands right"}.get(action, f"?{action}")


def call_needed(cards_left):
    """The call a play leaving ``cards_left`` cards needs."""
    return STOP if cards_left == 0 else ACHTUNG if cards_left == 1 else NO_CALL
