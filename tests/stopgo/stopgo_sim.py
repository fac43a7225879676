"""Random-simulation conformance checks for StopGo (fast and slow runs)."""
import json

from gostop.core.errors import IllegalAction
from gostop.core.game import replay
from gostop.core.rng import randbelow
from gostop.games.stopgo import StopGo, sample_world
from gostop.games.stopgo.cards import cards_of

import stopgo_refscore as ref

# every id in use and a few outside the layout
CANDIDATES = list(range(-1, 53)) + list(range(99, 153)) + [160, 161, 170, 171] + \
    list(range(180, 195)) + list(range(200, 215)) + [999]


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


def state_key(g):
    return json.dumps([g.to_json(), g.view(0), g.view(1), g.phase, g.returns()],
                      sort_keys=True)


def illegal_ok(g, rng):
    before = state_key(g)
    p = g.current_player
    legal = g.legal_actions(p)
    bad = [a for a in CANDIDATES if a not in legal]
    for a in (bad[randbelow(rng, len(bad))], "7", 2.0, None, True):
        try:
            g.apply(a, p)
        except IllegalAction as e:
            assert e.phase in (g.phase, "over")
        else:
            raise AssertionError(f"illegal {a!r} accepted in {g.phase}")
    try:
        g.apply(legal[0], 1 - p)
    except IllegalAction:
        pass
    else:
        raise AssertionError("the player not to move acted")
    assert state_key(g) == before


def world_ok(g, p, rng):
    v = g.view(p)
    w = sample_world(v, rng)
    assert w.view(p) == v
    conserved(w)
    for q in (0, 1):       # the opponent keeps the cards it showed
        assert shown_of(g, q) & ~sum(1 << c for c in w.hands[q]) == 0
    q = w.current_player
    la = w.legal_actions(q)
    if q == p:
        assert la == g.legal_actions(p)
    w.apply(la[randbelow(rng, len(la))], q)


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
    """One random hand with every check; ``full`` adds the costly ones."""
    g = StopGo(seed)
    conserved(g)
    mid = None
    step = 0
    actions = []
    while not g.is_terminal():
        p = g.current_player
        assert g.to_move() == (p,)
        la = g.legal_actions(p)
        assert la and la == sorted(set(la)), la
        assert g.legal_actions(1 - p) == []
        if full or step % 7 == 3:
            view_ok(g, 0)
            view_ok(g, 1)
        if full and step % 5 == 2:
            illegal_ok(g, rng)
        if step % 6 == 1:
            world_ok(g, randbelow(rng, 2), rng)
        if step == 9:
            mid = (g.clone(), len(g.history))
        a = la[randbelow(rng, len(la))]
        events = g.apply(a, p)
        actions.append((p, a))
        json.dumps(events)
        conserved(g)
        step += 1
    end_ok(g, actions)
    view_ok(g, 0)
    view_ok(g, 1)
    r = replay(StopGo, g.seed, g.options, g.history)
    j = StopGo.from_json(json.loads(json.dumps(g.to_json())))
    for q in (0, 1):
        assert r.view(q) == g.view(q) == j.view(q)
    assert r.returns() == g.returns() == j.returns()
    if mid is not None:
        c, k = mid
        for p, a in g.history[k:]:
            c.apply(a, p)
        assert c.view(0) == g.view(0) and c.returns() == g.returns()
    return g
