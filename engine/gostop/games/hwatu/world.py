"""Determinization for the AI: deal the unseen cards into a full state.

``sample_world(view, rng)`` takes one seat's view and a ``random.Random``
(e.g. ``gostop.core.rng.make_rng(seed)``) and returns a working game whose
view for that seat equals ``view``: the cards the seat cannot see (the other
hands and the stock, except the cards an opponent showed by shaking) are
shuffled and dealt at random.
"""
from ...core.rng import shuffle
from .cards import NUM_CARDS, NUM_MONTH_CARDS


def unseen_cards(view):
    """The cards ``view``'s seat cannot locate, ascending."""
    top = NUM_CARDS if view["rules"]["bonus"] else NUM_MONTH_CARDS
    seen = set(view["hand"]) | set(view["field_cards"]) | set(view["out_of_play"])
    for pile in view["captured"]:
        seen.update(pile)
    for shown in view.get("shown", ()):
        seen.update(shown)
    pend = view["pending"] or {}
    for key in ("played", "flipped"):
        if pend.get(key) is not None:
            seen.add(pend[key])
    return [c for c in range(top) if c not in seen]


def sample_world(view, rng):
    from .presets import PRESETS
    cls = PRESETS[view["game"]]
    me = view["player"]
    unseen = unseen_cards(view)
    counts = view["hand_counts"]
    shown = view.get("shown") or [[] for _ in counts]
    need = sum(k - len(shown[q]) for q, k in enumerate(counts) if q != me) + view["stock_count"]
    if need != len(unseen):
        raise ValueError(f"view inconsistent: {len(unseen)} unseen cards, {need} slots")
    shuffle(rng, unseen)
    hands = []
    i = 0
    for q, k in enumerate(counts):
        if q == me:
            hands.append(list(view["hand"]))
        else:
            k -= len(shown[q])
            hands.append(list(shown[q]) + unseen[i:i + k])
            i += k
    stacks = {g["month"]: g["owner"] for g in view["field"] if g["stack"]}
    setup = {
        "hands": hands, "field": view["field_cards"], "stock": unseen[i:],
        "piles": view["captured"], "stacks": stacks,
        "first": view["first"], "current": view["current"],
        "turn": view["turn"], "taken": view["turns_taken"],
        "gos": view["gos"], "last_go": view["last_go"], "ppuks": view["ppuks"],
        "flip_only": view["flip_only"], "phase": view["phase"],
        "pending": view["pending"], "deal_events": view["deal_events"],
    }
    if "shakes" in view:            # house rules
        for key in ("shakes", "shaken", "shown", "paid"):
            setup[key] = view[key]
    if view["phase"] == "over":
        raise ValueError("the hand is over: nothing to sample")
    return cls.from_setup(setup, 0, **view["options"])
