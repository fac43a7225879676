"""Which sound an engine event makes: a pure mapping (no ``pyscript``, tested
under CPython). ``web/sound.js`` synthesizes each kind; ``Shell.cue`` calls
it for every event a table shows, when sound is on.

The kinds: card sounds (``play``, ``flip``, ``capture``) and callouts, each a
short motif. Events that move nothing the player hears about (a turn
passing, a window opening, the deal) make no sound.
"""

CARD_KINDS = ("play", "flip", "capture")
CALLOUT_KINDS = ("ppuk", "ttadak", "chok", "sweep", "bomb", "shake", "go", "stop", "chongtong",
                 "achtung", "interject", "penalty", "reveal", "win", "lose")
KINDS = CARD_KINDS + CALLOUT_KINDS

# The same sound whoever acts (hwatu and stopgo events, stop's cards, 2005's line).
_BY_TYPE = {
    # matgo, gostop, stopgo
    "played": "play", "flipped": "flip", "drew": "flip",
    "captured": "capture", "junk-taken": "capture", "bonus-banked": "capture",
    "ppuk": "ppuk", "three-ppuk": "ppuk", "ttadak": "ttadak", "chok": "chok", "sweep": "sweep",
    "bomb": "bomb", "triple": "bomb",           # stopgo's three at once is its bomb (폭탄)
    "shake": "shake", "go": "go", "stop": "stop", "chongtong": "chongtong",
    # stop: cards landing on the pile, drawing, the stock card turned for +X, hands passing
    "play": "play", "defend": "play", "second": "play", "draw": "flip", "turned": "flip",
    "exchanged": "flip", "interject": "interject", "cancel": "interject", "forgot": "penalty",
    # go-stop-2005: a number turned up, bids laid, a pile turned over
    "number_opened": "flip", "chose": "play", "pile_opened": "reveal",
}
# Stop's calls, made with a card (the call is the louder news).
_CALLS = {"achtung": "achtung", "stop": "stop"}


def _result(won):
    return "win" if won else "lose"


def sound_for(event, human_seat):
    """The sound kind of ``event`` (an engine event dict) as ``human_seat``
    sees it, or None for a silent event."""
    t = event.get("type")
    if t == "hand-over":                       # hwatu and stopgo: a draw (nagari) is silent
        winner = event.get("winner")
        return None if winner is None else _result(winner == human_seat)
    if t in ("round_won", "game_won"):         # go-stop-2005
        return _result(event.get("player") == human_seat)
    if t == "round_end":                       # stop: the round's winner goes out
        return _result(event.get("winner") == human_seat)
    if t == "game_end":                        # stop: the lowest score wins
        return _result(human_seat in (event.get("winners") or ()))
    if t == "stack-made":                      # stopgo's ppuk; hwatu deals some (no player)
        return "ppuk" if event.get("player") is not None else None
    if t == "chose" and "card" in event:
        return None                            # hwatu's choice of capture: "captured" sounds
    if t == "draw" and event.get("reason") == "penalty":
        return None                            # "forgot" already sounded
    if t in ("play", "defend", "interject", "cancel") and event.get("call") in _CALLS:
        return _CALLS[event["call"]]
    return _BY_TYPE.get(t)
