"""Random-simulation conformance checks shared by the fast and slow tests."""
import json

from gostop.core.errors import IllegalAction
from gostop.core.game import replay, events_for
from gostop.core.rng import randbelow
from gostop.games.hwatu import Matgo, GoStop, sample_world
from gostop.games.hwatu.cards import cards_of

import hwatu_refscore as refscore

CLASSES = {"matgo": Matgo, "gostop": GoStop}
CANDIDATES = (list(range(-1, 50)) + list(range(100, 148)) + [150, 151, 160, 161]
              + list(range(170, 184)) + [999])


def zones(g):
    """Every card's zone, checking that no card is in two."""
    where = {}

    def put(c, z):
        assert c not in where, f"card {c} in {where[c]} and {z}"
        where[c] = z
    for p, h in enumerate(g.hands):
        for c in h:
            put(c, f"hand{p}")
    for c in cards_of(g.field):
        put(c, "field")
    for c in g.stock:
        put(c, "stock")
    for p, m in enumerate(g.piles):
        for c in cards_of(m):
            put(c, f"pile{p}")
    for c in (g.played, g.flipped):
        if c >= 0 and c not in where:
            put(c, "pending")
    return where


def check_conservation(g):
    where = zones(g)
    full = 50 if g.rules.bonus else 48
    assert sorted(where) == list(range(full))


def hidden_from(g, p):
    out = set(g.stock)
    for q, h in enumerate(g.hands):
        if q != p:
            out.update(h)
    return out


def visible_cards(v):
    vis = set(v["hand"]) | set(v["field_cards"])
    for pile in v["captured"]:
        vis.update(pile)
    for grp in v["field"]:
        vis.update(grp["cards"])
    for piles in v["piles"]:
        for lst in piles.values():
            vis.update(lst)
    for sc in v["scores"]:
        for line in sc["lines"]:
            vis.update(line["cards"])
    pend = v["pending"] or {}
    for k in ("played", "flipped", "paired"):
        if pend.get(k) is not None:
            vis.add(pend[k])
    vis.update(pend.get("options", []))
    vis.update(a for a in v["legal"] if a < 50)
    vis.update(a - 100 for a in v["legal"] if 100 <= a < 148)
    return vis


def check_view(g, p):
    v = g.view(p)
    text = json.dumps(v, sort_keys=True)
    assert json.loads(text) == v
    assert v["player"] == p and v["game"] == g.game_id
    leaked = visible_cards(v) & hidden_from(g, p)
    assert not leaked, f"view of {p} shows hidden cards {leaked}"
    assert "stock" not in v
    return v


def snapshot(g):
    return json.dumps([g.to_json(), [g.view(p) for p in range(g.num_players)],
                       g.phase, g.returns()], sort_keys=True)


def check_illegal(g, rng):
    before = snapshot(g)
    p = g.current_player
    legal = set(g.legal_actions(p))
    bad = [a for a in CANDIDATES if a not in legal]
    a = bad[randbelow(rng, len(bad))]
    try:
        g.apply(a, p)
    except IllegalAction as e:
        assert e.phase == g.phase
    else:
        raise AssertionError(f"illegal action {a} accepted in {g.phase}")
    # a legal action by a player not to move
    others = [q for q in range(g.num_players) if q != p]
    q = others[randbelow(rng, len(others))]
    try:
        g.apply(sorted(legal)[0], q)
    except IllegalAction:
        pass
    else:
        raise AssertionError("a player out of turn was allowed to act")
    for junk_action in ("1", 1.0, True, None):
        try:
            g.apply(junk_action, p)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"non-int action {junk_action!r} accepted")
    assert snapshot(g) == before


def check_world(g, p, rng):
    v = g.view(p)
    w = sample_world(v, rng)
    assert w.view(p) == v
    check_conservation(w)
    if w.current_player == p:
        la = w.legal_actions(p)
        assert la == g.legal_actions(p)
        w.apply(la[randbelow(rng, len(la))], p)
    else:
        q = w.current_player
        la = w.legal_actions(q)
        assert la
        w.apply(la[randbelow(rng, len(la))], q)


def check_end(g):
    assert g.is_terminal()
    assert g.legal_actions() == [] and g.current_player == -1
    for p in range(g.num_players):
        assert g.legal_actions(p) == []
    ret = g.returns()
    assert abs(sum(ret)) < 1e-9
    res = g.result
    piles = [cards_of(m) for m in g.piles]
    for p, cards in enumerate(piles):
        ref, cup_animal = refscore.score(cards)
        assert g.view(p)["scores"][p]["base"] == ref
    if res["winner"] is None:
        assert ret == [0] * g.num_players
        assert res["reason"] == "nagari"
        assert g.turn == g.rules.turns_total
        return
    w = res["winner"]
    if res["reason"] in ("chongtong", "three-ppuk"):
        assert res["total"] == 5
    elif g.game_id == "matgo":
        lenient = g.options.get("pibak") == "lenient"
        assert res["total"] == refscore.matgo_payment(piles[w], piles[1 - w],
                                                      g.gos[w], lenient)
        assert ret[w] == res["total"] and ret[1 - w] == -res["total"]
    else:
        assert res["total"] == refscore.gostop_score(piles[w], g.gos[w])
        assert ret[w] == res["total"]
        n = g.num_players
        for q in range(n):
            if q != w:
                assert abs(ret[q] + res["total"] / (n - 1)) < 1e-9
    assert ret[w] > 0


def run_hand(game, players, seed, rng, full=True, **options):
    """Plays one random hand with the checks; ``full`` adds the costly ones."""
    cls = CLASSES[game]
    g = cls(seed, players=players, **options)
    check_conservation(g)
    n = g.num_players
    mid = None
    step = 0
    while not g.is_terminal():
        p = g.current_player
        assert g.to_move() == (p,)
        la = g.legal_actions(p)
        assert la, f"no legal action in {g.phase}"
        assert la == sorted(set(la))
        for q in range(n):
            if q != p:
                assert g.legal_actions(q) == []
        if full or step % 7 == 3:
            for q in range(n):
                check_view(g, q)
        if full and step % 5 == 2:
            check_illegal(g, rng)
        if step % 6 == 1:
            check_world(g, randbelow(rng, n), rng)
        a = la[randbelow(rng, len(la))]
        if mid is None and step == 8:
            mid = (g.clone(), len(g.history))
        events = g.apply(a, p)
        json.dumps(events)
        for q in range(n):
            seen = events_for(events, q)
            for e in seen:
                if e["type"] == "drew" and e["player"] != q:
                    assert "card" not in e
        check_conservation(g)
        step += 1
    check_end(g)
    for q in range(n):
        check_view(g, q)
    # replay determinism and the JSON round trip
    r = replay(cls, g.seed, g.options, g.history)
    data = json.loads(json.dumps(g.to_json()))
    rj = cls.from_json(data)
    for q in range(n):
        v = g.view(q)
        assert r.view(q) == v and rj.view(q) == v
    assert r.returns() == g.returns() == rj.returns()
    # the fast clone plays the same as the real thing
    if mid is not None:
        c, k = mid
        for p, a in g.history[k:]:
            c.apply(a, p)
        for q in range(n):
            assert c.view(q) == g.view(q)
        assert c.returns() == g.returns()
    return g
