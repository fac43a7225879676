"""The hwatu games' own checks over random hands: card conservation, no
hidden card in a view (from the views' layout), and the end of a hand
re-scored independently (``hwatu_refscore``). The protocol's checks common
to every game (illegal actions, saves, replay, clone, ``sample_world``,
returns, events, action descriptions) are ``tests/test_conformance.py``'s,
which also runs these checks over its random hands."""
import json

from gostop.core.rng import randbelow
from gostop.games.hwatu import Matgo, GoStop
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
    """Plays one random hand with the checks above; ``full`` looks at the
    views at every step (else every seventh)."""
    cls = CLASSES[game]
    g = cls(seed, players=players, **options)
    check_conservation(g)
    n = g.num_players
    step = 0
    while not g.is_terminal():
        p = g.current_player
        la = g.legal_actions(p)
        if full or step % 7 == 3:
            for q in range(n):
                check_view(g, q)
        g.apply(la[randbelow(rng, len(la))], p)
        check_conservation(g)
        step += 1
    check_end(g)
    for q in range(n):
        check_view(g, q)
    return g
