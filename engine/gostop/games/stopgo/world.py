"""Determinization for the AI: deal the unseen cards into a full state.

``sample_world(view, rng)`` takes one seat's view and a ``random.Random``
(e.g. ``gostop.core.rng.make_rng(seed)``) and returns a working ``StopGo``
whose view for that seat equals ``view``: the cards the seat cannot see (the
opponent's hand, except the cards it showed by shaking, and the stock) are
shuffled and dealt at random.
"""
from ...core.rng import shuffle
from .cards import NUM_CARDS


def unseen_cards(view):
    """The cards ``view``'s seat cannot locate, ascending."""
    seen = set(view["hand"]) | set(view["table_cards"]) | set(view["out_of_play"])
    for pile in view["captured"]:
        seen.update(pile)
    for shown in view["shown"]:
        seen.update(shown)
    pend = view["pending"] or {}
    for key in ("played", "flipped"):
        if pend.get(key) is not None:
            seen.add(pend[key])
    return [c for c in range(NUM_CARDS) if c not in seen]


def sample_world(view, rng):
    from .state import StopGo
    if view["phase"] == "over":
        raise ValueError("the hand is over: nothing to sample")
    me = view["player"]
    unseen = unseen_cards(view)
    opp = 1 - me
    known = list(view["shown"][opp])
    need = view["hand_counts"][opp] - len(known) + view["stock_count"]
    if need != len(unseen):
        raise ValueError(f"view inconsistent: {len(unseen)} unseen cards, {need} slots")
    shuffle(rng, unseen)
    k = view["hand_counts"][opp] - len(known)
    hands = [None, None]
    hands[me] = list(view["hand"])
    hands[opp] = known + unseen[:k]
    setup = {
        "hands": hands, "table": view["table_cards"], "stock": unseen[k:],
        "piles": view["captured"],
        "stacks": {g["rank"]: g["owner"] for g in view["table"] if g["stack"]},
        "missions": [m["card"] for m in view["missions"]],
        "first": view["first"], "current": view["current"],
        "turn": view["turn"], "taken": view["turns_taken"],
        "gos": view["gos"], "last_go": view["last_go"], "shakes": view["shakes"],
        "shaken": view["shaken"], "shown": view["shown"],
        "flip_only": view["flip_only"], "phase": view["phase"],
        "pending": view["pending"], "deal_events": view["deal_events"],
    }
    return StopGo.from_setup(setup, 0, **view["options"])
