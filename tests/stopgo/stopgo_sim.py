"""StopGo's own checks over random hands: card conservation, no hidden card
in a view (from the views' layout), and the end of a hand re-scored
independently (``stopgo_refscore``). The protocol's checks common to every
game (illegal actions, saves, replay, clone, ``sample_world``, returns,
events, action descriptions) are ``tests/test_conformance.py``'s, which also
runs these checks over its random hands."""
import json

from gostop.core.rng import randbelow
from gostop.games.stopgo import StopGo
from gostop.games.stopgo.cards import cards_of

import stopgo_refscore as ref


def where(g):
    """Each card's zone; fails when a card is in two zones."""
    out = {}

    def put(c, zone):
        assert c not in out, f"card {c} in {out[c]} and {zone}"
        out[c] = zone
    for p in (0, 1):
        for c in g.hands[p]:
            put(c, f"hand{p}")
        for c in cards_of(g.piles[p]):
            put(c, f"pile{p}")
    for c in cards_of(g.table):
        put(c, "table")
    for c in g.stock:
        put(c, "stock")
    for c in (g.played, g.flipped):
        if c >= 0:
            put(c, "pending")
    return out


def shown_of(g, p):
    """The cards seat ``p`` showed by shaking and still holds (a bit mask)."""
    return g.shown & sum(1 << c for c in g.hands[p])


def conserved(g):
    assert sorted(where(g)) == list(range(52))
    for p in (0, 1):
        assert g.shown & ~sum(1 << c for h in g.hands for c in h) == 0   # shown: held
        # turns left = cards in hand + flip-only turns (+1 mid-turn)
        mid = 1 if g.phase in ("choose-play", "choose-flip") and g.mover == p else 0
        if not g.is_terminal():
            assert g.turns_taken[p] + len(g.hands[p]) + g.flip_only[p] + mid == 11


def secret(g, p):
    return set(g.stock) | (set(g.hands[1 - p]) - set(cards_of(shown_of(g, 1 - p))))


def visible(v):
    vis = set(v["hand"]) | set(v["table_cards"])
    for lst in v["captured"] + v["shown"]:
        vis.update(lst)
    for grp in v["table"]:
        vis.update(grp["cards"])
    for pile in v["piles"]:
        for lst in pile.values():
            vis.update(lst)
    for sc in v["scores"]:
        for line in sc["lines"]:
            vis.update(line["cards"])
    pend = v["pending"] or {}
    vis.update(pend[k] for k in ("played", "flipped", "paired") if pend.get(k) is not None)
    vis.update(pend.get("options", []))
    vis.update(a for a in v["legal"] if a < 52)
    vis.update(a - 100 for a in v["legal"] if 100 <= a < 152)
    return vis


def view_ok(g, p):
    v = g.view(p)
    assert json.loads(json.dumps(v)) == v
    assert v["player"] == p and "stock" not in v
    leak = visible(v) & secret(g, p)
    assert not leak, f"view of {p} shows hidden cards {leak}"
    return v


# Action ids from the documented layout (docs/rules-stopgo-engine.md), written
# out so that the counts below do not come from the engine.
GO_ID = 170
SHAKE_IDS = range(181, 194)     # 180 + rank: show three of that rank
TRIPLE_IDS = range(201, 214)    # 200 + rank: play all three, take all four


def gos_and_shakes(actions, p):
    """Player ``p``'s Gos and shakes, counted from the actions played (RULINGS 3):
    each Go counts; a shake and the triple play each count as a shake, one per
    rank (a triple of a rank already shaken adds nothing)."""
    mine = [a for q, a in actions if q == p]
    gos = mine.count(GO_ID)
    ranks = {a - 180 for a in mine if a in SHAKE_IDS} | {a - 200 for a in mine if a in TRIPLE_IDS}
    return gos, len(ranks)


def end_ok(g, actions):
    """The end of a hand; ``actions`` are the (player, action) pairs the
    simulation applied, from which the payment's Gos and shakes are counted."""
    assert g.is_terminal() and g.current_player == -1
    counts = [gos_and_shakes(actions, q) for q in (0, 1)]
    v = g.view(0)           # the Gos and shakes every player is shown
    assert [(v["gos"][q], v["shakes"][q]) for q in (0, 1)] == counts
    assert g.legal_actions(0) == [] == g.legal_actions(1)
    ret = g.returns()
    assert sum(ret) == 0
    piles = [cards_of(m) for m in g.piles]
    for p in (0, 1):
        assert g.view(p)["scores"][p]["base"] == ref.base(piles[p])
    res = g.result
    if res["winner"] is None:
        assert res["reason"] == "draw" and ret == [0, 0]
        assert g.turn == 22 and not g.stock and not any(g.hands)
        return
    w = res["winner"]
    gos, shakes = counts[w]
    assert res["total"] == ref.payment(piles[w], piles[1 - w], gos, shakes,
                                       list(g.missions))
    assert ref.base(piles[w]) >= 6
    assert ret[w] == res["total"] > 0 and ret[1 - w] == -res["total"]


def run_hand(seed, rng, full=True):
    """One random hand with the checks above; ``full`` looks at the views at
    every step (else every seventh)."""
    g = StopGo(seed)
    conserved(g)
    step = 0
    actions = []
    while not g.is_terminal():
        p = g.current_player
        la = g.legal_actions(p)
        if full or step % 7 == 3:
            view_ok(g, 0)
            view_ok(g, 1)
        a = la[randbelow(rng, len(la))]
        g.apply(a, p)
        actions.append((p, a))
        conserved(g)
        step += 1
    end_ok(g, actions)
    view_ok(g, 0)
    view_ok(g, 1)
    return g
