"""Random hands under each house preset, checking invariants: cards conserved,
sorted legal actions and illegal ones refused without change, views that
show nothing hidden (a shaken hand's shown cards are public), JSON events
with private draws, sampled worlds equal to the view, zero-sum returns, the
payment re-derived independently (tests/hwatu/hwatu_refscore.py plus the
house multipliers counted from the events), saves and replays, the fast clone.

300 hands per preset in the normal run (``HWATU_FAST_HANDS``), 10,000 under
``-m slow``.
"""
import json
import os

import pytest

from gostop.core.errors import IllegalAction
from gostop.core.game import replay, events_for
from gostop.core.rng import make_rng, derive_seed, randbelow
from gostop.games.hwatu import Matgo, GoStop, sample_world
from gostop.games.hwatu.cards import cards_of

import hwatu_refscore as ref
import hwatu_sim as sim

PRESETS = [
    ("site", Matgo, {"house": "site"}),
    ("hangame", Matgo, {"house": "hangame"}),
    ("traditional-3", GoStop, {"players": 3, "house": "traditional"}),
    ("traditional-4", GoStop, {"players": 4, "house": "traditional"}),
]
IDS = [p[0] for p in PRESETS]
FAST_HANDS = int(os.environ.get("HWATU_FAST_HANDS", "300"))
CANDIDATES = sim.CANDIDATES + list(range(190, 204)) + [209, 210, 211, 212]


# ---- the views ----------------------------------------------------------------
def check_view(g, q):
    v = g.view(q)
    assert json.loads(json.dumps(v, sort_keys=True)) == v
    shown = set()
    for p, cards in enumerate(v["shown"]):
        assert set(cards) <= set(g.hands[p])
        assert all(g.shown >> c & 1 for c in cards)
        shown.update(cards)
    # every shown card still held (a played one is no longer shown)
    assert shown == {c for h in g.hands for c in h if g.shown >> c & 1}
    visible = sim.visible_cards(v) | shown
    hidden = sim.hidden_from(g, q) - shown
    assert not visible & hidden, f"view of {q} shows hidden cards {visible & hidden}"
    assert "stock" not in v
    return v


def check_illegal(g, rng):
    before = sim.snapshot(g)
    p = g.current_player
    legal = set(g.legal_actions(p))
    bad = [a for a in CANDIDATES if a not in legal]
    a = bad[randbelow(rng, len(bad))]
    with pytest.raises(IllegalAction):
        g.apply(a, p)
    q = (p + 1) % g.num_players
    with pytest.raises(IllegalAction):
        g.apply(sorted(legal)[0], q)
    assert sim.snapshot(g) == before


def check_world(g, rng):
    p = randbelow(rng, g.num_players)
    v = g.view(p)
    w = sample_world(v, rng)
    assert w.view(p) == v
    sim.check_conservation(w)
    q = w.current_player
    la = w.legal_actions(q)
    if q == p:
        assert la == g.legal_actions(p)
    w.apply(la[randbelow(rng, len(la))], q)


# ---- the payment, re-derived --------------------------------------------------
def go_value(game_id, base, gos):
    if game_id == "matgo":
        return base + gos if gos <= 2 else base * 2 ** (gos - 2)
    total = base + gos
    return total * 2 ** (gos - 3) if gos >= 4 else total


def n_baks(w, lo, w_cup_animal, lo_cup_junk, lenient):
    """Gwang-bak, meong-bak, pi-bak of winner cards ``w`` against ``lo``."""
    w, lo = set(w), set(lo)
    k = 0
    if len(w & ref.BRIGHTS) >= 3 and not lo & ref.BRIGHTS:
        k += 1
    animals = len(w & ref.ANIMALS_NO_CUP) + (1 if w_cup_animal and ref.CUP in w else 0)
    if animals >= 7:
        k += 1
    if ref.junk(w, not w_cup_animal) >= 10:
        lj = ref.junk(lo, lo_cup_junk)
        if (0 < lj <= 7) if lenient else lj < 5:
            k += 1
    return k


def expected_returns(g, tally):
    """The returns re-derived from the piles, the options and the events."""
    opts = g.options
    n = g.num_players
    side = [0] * n
    for p, q, pts in tally["paid"]:
        side[p] += pts
        side[q] -= pts
    res = g.result
    w = res["winner"]
    if w is None:
        return side
    if res["reason"] in ("chongtong", "three-ppuk"):
        total = 5 if res["reason"] == "chongtong" else opts.get("three_ppuk_points", 5)
        return [x + (total if q == w else -total) for q, x in enumerate(side)]
    piles = [cards_of(m) for m in g.piles]
    cup = tally["cup"]                      # (owner, "animal"/"junk") or None
    if cup is not None and cup[0] == w:
        w_cup_animal = cup[1] == "animal"
        base = ref._score(piles[w], w_cup_animal)
    else:
        base, w_cup_animal = ref.score(piles[w])
    score = go_value(g.game_id, base, g.gos[w]) * 2 ** tally["shakes"][w]
    lenient = opts.get("pibak") == "lenient"
    out = list(side)
    if n == 2:
        lo = 1 - w
        lo_cup_junk = not (cup is not None and cup[0] == lo and cup[1] == "animal")
        total = score * 2 ** n_baks(piles[w], piles[lo], w_cup_animal, lo_cup_junk, lenient)
        if opts.get("go_bak") and g.gos[lo]:
            total *= 2
        assert res["total"] == total
        out[w] += total
        out[lo] -= total
        return out
    owed = 0
    for q in range(n):
        if q != w:
            f = 2 ** n_baks(piles[w], piles[q], w_cup_animal, True, False) if opts.get("bak") else 1
            out[q] -= score * f / (n - 1)
            owed += score * f
    out[w] += owed / (n - 1)
    return out


# ---- one hand -----------------------------------------------------------------
def run_hand(cls, options, seed, rng, full):
    g = cls(seed, **options)
    n = g.num_players
    tally = {"shakes": [0] * n, "paid": [], "cup": None}
    counted_bombs = g.rules.bomb_shakes
    mid = None
    step = 0
    sim.check_conservation(g)
    while not g.is_terminal():
        p = g.current_player
        assert g.to_move() == (p,)
        la = g.legal_actions(p)
        assert la and la == sorted(set(la)), la
        for q in range(n):
            if q != p:
                assert g.legal_actions(q) == []
        if full or step % 7 == 3:
            for q in range(n):
                check_view(g, q)
        if full and step % 5 == 2:
            check_illegal(g, rng)
        if step % 6 == 1:
            check_world(g, rng)
        if mid is None and step == 9:
            mid = (g.clone(), len(g.history))
        a = la[randbelow(rng, len(la))]
        events = g.apply(a, p)
        json.dumps(events)
        for e in events:
            t = e["type"]
            if t == "shake" or (t == "bomb" and counted_bombs):
                tally["shakes"][e["player"]] += 1
            elif t == "first-ppuk":
                tally["paid"].append((e["player"], e["from"], e["points"]))
            elif t == "cup":
                owner = e["player"]
                tally["cup"] = (owner, e["as"])
        for q in range(n):
            for e in events_for(events, q):
                if e["type"] == "drew" and e["player"] != q:
                    assert "card" not in e
        sim.check_conservation(g)
        assert min(g.flip_only) >= 0
        step += 1
    # the end
    ret = g.returns()
    assert abs(sum(ret)) < 1e-9
    assert g.legal_actions() == [] and g.current_player == -1
    exp = expected_returns(g, tally)
    assert ret == pytest.approx(exp, abs=1e-9), (ret, exp, g.result)
    if g.result["winner"] is None:
        assert g.result["reason"] == "nagari"
        assert g.turns_taken == [g.rules.hand_size] * n
    for q in range(n):
        check_view(g, q)
    # replays and saves
    r = replay(cls, g.seed, g.options, g.history)
    rj = cls.from_json(json.loads(json.dumps(g.to_json())))
    for q in range(n):
        v = g.view(q)
        assert r.view(q) == v and rj.view(q) == v
    assert r.returns() == ret == rj.returns()
    if mid is not None:
        c, k = mid
        c.quiet = True
        for p, a in g.history[k:]:
            c.apply(a, p)
        assert c.returns() == ret
        assert json.dumps(c.view(0)) == json.dumps(g.view(0))
    return g, tally


def run_preset(cls, options, hands, seed0, salt, full_every):
    rng = make_rng(derive_seed(salt, len(options)))
    seen = set()
    for i in range(hands):
        g, tally = run_hand(cls, options, seed0 + i, rng, full=i % full_every == 0)
        seen.add(g.result["reason"])
        if any(tally["shakes"]):
            seen.add("shake")
        if tally["paid"]:
            seen.add("first-ppuk")
        if tally["cup"]:
            seen.add("cup")
    return seen


@pytest.mark.parametrize("name,cls,options", PRESETS, ids=IDS)
def test_house_random_hands(name, cls, options):
    seen = run_preset(cls, options, FAST_HANDS, 0, 11, 8)
    assert "stop" in seen
    if FAST_HANDS >= 300 and name != "site":
        assert "shake" in seen
        if name == "hangame":
            assert {"first-ppuk", "cup"} <= seen


@pytest.mark.slow
@pytest.mark.parametrize("name,cls,options", PRESETS, ids=IDS)
def test_house_random_hands_slow(name, cls, options):
    seen = run_preset(cls, options, 10000, 10 ** 6, 12, 50)
    assert "stop" in seen
    assert ("shake" in seen) == (name != "site")
