"""Determinization for the AI: deal the unseen cards into a full state.

``Game.sample_world(view, rng)`` (a classmethod) takes one seat's view and a
``random.Random`` (e.g. ``gostop.core.rng.make_rng(seed)``) and returns a
working game whose view for that seat equals ``view``: the cards the seat
cannot see (the other hands, except the cards an opponent showed by
shaking, and the stock) are shuffled and dealt at random, and the position
is built through ``from_setup``.
"""
from ...core.rng import shuffle


def unseen_cards(view, top, field_key):
    """The cards of a deck of ``top`` cards that ``view``'s seat cannot
    locate, ascending (``field_key``: the view's name of the field)."""
    seen = set(view["hand"]) | set(view[field_key + "_cards"]) | set(view["out_of_play"])
    for pile in view["captured"]:
        seen.update(pile)
    for shown in view.get("shown", ()):
        seen.update(shown)
    pend = view["pending"] or {}
    for key in ("played", "flipped"):
        if pend.get(key) is not None:
            seen.add(pend[key])
    return [c for c in range(top) if c not in seen]


def dealt_world(g, data, hands, raw, top_first):
    """``g`` (a copy of the checked position) with the sampled ``hands``
    (sorted; ``raw`` as dealt) and the stock ``top_first``, its saved setup
    saying the same."""
    g.hands = hands
    g.stock = top_first[::-1]
    d = dict(data)
    d["hands"] = raw
    d["stock"] = top_first
    g._setup_data = d
    return g


class WorldMixin:
    __slots__ = ()

    @classmethod
    def unseen_cards(cls, view):
        """The cards ``view``'s seat cannot locate, ascending."""
        return unseen_cards(view, cls.deck_size_in(view), cls.FIELD_KEY)

    @classmethod
    def sample_world(cls, view, rng):
        """A full state consistent with ``view`` (see the module doc)."""
        me, unseen, counts, shown = cls._world_layout(view)
        shuffle(rng, unseen)
        return cls.from_setup(cls._world_setup(view, me, unseen, counts, shown), 0,
                              **view["options"])

    @classmethod
    def world_sampler(cls, view):
        """``sample(rng)``: the same world as ``sample_world(view, rng)``
        (every field, the saved setup too) for the same draws, made faster
        for the search's many worlds of one view: the position is built and
        checked once, and each world is a copy of it with the unseen cards
        shuffled and dealt."""
        me, unseen, counts, shown = cls._world_layout(view)
        template = cls.from_setup(cls._world_setup(view, me, unseen, counts, shown), 0,
                                  **view["options"])
        data = template._setup_data
        clone = template.clone
        own = list(view["hand"])
        mine = sorted(own)
        seats = [(q, k - len(shown[q]), list(shown[q])) for q, k in enumerate(counts)]

        def sample(rng):
            deck = unseen[:]
            shuffle(rng, deck)
            hands = []
            raw = []
            i = 0
            for q, k, sh in seats:
                if q == me:
                    raw.append(own[:])
                    hands.append(mine[:])
                else:
                    h = sh + deck[i:i + k]
                    i += k
                    raw.append(h)
                    hands.append(sorted(h))
            return dealt_world(clone(), data, hands, raw, deck[i:])
        return sample

    @classmethod
    def _world_layout(cls, view):
        """(seat, unseen cards ascending, hand counts, shown cards) of a
        view, checked."""
        if view["phase"] == "over":
            raise ValueError("the hand is over: nothing to sample")
        me = view["player"]
        unseen = cls.unseen_cards(view)
        counts = view["hand_counts"]
        shown = view.get("shown") or [[] for _ in counts]
        need = sum(k - len(shown[q]) for q, k in enumerate(counts) if q != me) + view["stock_count"]
        if need != len(unseen):
            raise ValueError(f"view inconsistent: {len(unseen)} unseen cards, {need} slots")
        return me, unseen, counts, shown

    @classmethod
    def _world_setup(cls, view, me, unseen, counts, shown):
        """The ``from_setup`` dict of the world that deals ``unseen`` in
        this order (the other hands in seat order, then the stock)."""
        hands = []
        i = 0
        for q, k in enumerate(counts):
            if q == me:
                hands.append(list(view["hand"]))
            else:
                k -= len(shown[q])
                hands.append(list(shown[q]) + unseen[i:i + k])
                i += k
        key = cls.FIELD_KEY
        setup = {
            "hands": hands, key: view[key + "_cards"], "stock": unseen[i:],
            "piles": view["captured"],
            "stacks": {grp[cls.GROUP_KEY]: grp["owner"] for grp in view[key] if grp["stack"]},
            "first": view["first"], "current": view["current"],
            "turn": view["turn"], "taken": view["turns_taken"],
            "gos": view["gos"], "last_go": view["last_go"],
            "flip_only": view["flip_only"], "phase": view["phase"],
            "pending": view["pending"], "deal_events": view["deal_events"],
        }
        for name in ("shakes", "shaken", "shown"):
            if name in view:
                setup[name] = view[name]
        cls._world_more(view, setup)
        return setup

    @classmethod
    def _world_more(cls, view, setup):
        """The game's own entries of a sampled world's ``setup``."""


__all__ = ["WorldMixin", "unseen_cards"]
