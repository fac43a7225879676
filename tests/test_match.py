"""Match play, hand records and statistics (engine/gostop/match.py), and the
``lead`` option the matching games take for it."""
import json
import random

import pytest

from gostop import SaveError
from gostop.core.registry import make
from gostop.match import Match, Stats, hand_record


def play_out(game, rng):
    while not game.is_terminal():
        p = game.to_move()[0]
        legal = game.legal_actions(p)
        game.apply(legal[rng.randrange(len(legal))], p)
    return game


def play_match_hand(m, rng):
    seed, options = m.next_hand()
    return play_out(make(m.game_id, seed, **options), rng)


# ---- the lead option -------------------------------------------------------------
@pytest.mark.parametrize("game_id,players", [("matgo", 2), ("gostop", 3), ("gostop", 4), ("stopgo", 2)])
def test_lead_changes_who_plays_first_and_not_the_deal(game_id, players):
    for seed in range(6):
        plain = make(game_id, seed, players=players)
        for lead in range(players):
            g = make(game_id, seed, players=players, lead=lead)
            assert g.to_move() == (lead,)
            assert g.view(0)["first"] == lead
            for p in range(players):
                assert g.view(p)["hand"] == plain.view(p)["hand"]
            assert g.view(0)["stock_count"] == plain.view(0)["stock_count"]


def test_gostop_bonus_dealt_to_the_field_goes_to_the_leading_dealer():
    found = 0
    for seed in range(400):
        plain = make("gostop", seed, players=3)
        banked = [e for e in plain.deal_events if e["type"] == "bonus-banked"]
        if not banked:
            continue
        g = make("gostop", seed, players=3, lead=2)
        assert [e["player"] for e in g.deal_events if e["type"] == "bonus-banked"] == [2] * len(banked)
        assert g.piles[2] == plain.piles[0] and g.piles[0] == 0
        assert g.view(0)["dealer"] == 2
        found += 1
    assert found >= 3


@pytest.mark.parametrize("bad", [-1, 2, True, "1", 1.0])
def test_a_bad_lead_is_refused(bad):
    with pytest.raises(ValueError, match="lead"):
        make("matgo", 1, lead=bad)


def test_a_game_with_a_lead_saves_and_replays():
    g = play_out(make("gostop", 9, players=4, lead=3), random.Random(2))
    again = type(g).from_json(json.loads(json.dumps(g.to_json())))
    assert again.returns() == g.returns() and again.options["lead"] == 3


# ---- matches ---------------------------------------------------------------------
def nagari_seed(game_id, **options):
    """A match seed whose first hand, played by Random(seed), is a nagari."""
    for seed in range(500):
        m = Match(game_id, options, "normal", seed, hands=5)
        if play_match_hand(m, random.Random(seed)).returns() == [0] * m.players:
            return seed
    raise AssertionError("no nagari found")


def test_a_nagari_doubles_the_next_hand_and_the_same_seat_leads():
    seed = nagari_seed("matgo")
    m = Match("matgo", {}, "normal", seed, hands=5)
    first = m.record(play_match_hand(m, random.Random(seed)))
    assert first["winner"] is None and first["multiplier"] == 1 and first["points"] == [0, 0]
    assert m.multiplier() == 2
    seed2, options = m.next_hand()
    assert options == {"players": 2, "pibak": "literal", "lead": first["first"]}
    rng = random.Random(7)
    while True:     # play the second hand until someone wins it (replaying the same deal)
        g = play_out(make("matgo", seed2, **options), rng)
        if g.returns() != [0, 0]:
            break
    rec = m.record(g)
    assert rec["multiplier"] == 2
    assert rec["points"] == [2 * x for x in g.returns()]
    assert m.totals() == rec["points"]
    assert m.multiplier() == 1
    assert m.next_hand()[1]["lead"] == rec["winner"]


def test_two_nagari_in_a_row_make_four_times():
    m = Match("matgo", {}, "normal", 1, hands=9)
    m.hands = [{"winner": 1, "points": [-3, 3]}, {"winner": None}, {"winner": None}]
    assert m.multiplier() == 4


def test_a_match_ends_after_its_hands_with_a_summary():
    m = Match("gostop", {"players": 3}, "easy", 11, hands=4, stake=10)
    rng = random.Random(11)
    while not m.is_over():
        assert m.record(play_match_hand(m, rng)) is not None
    assert len(m.hands) == 4
    s = m.summary()
    totals = [sum(h["points"][p] for h in m.hands) for p in range(3)]
    assert s["totals"] == pytest.approx(totals)
    assert s["winnings"] == pytest.approx([10 * t for t in totals])
    assert s["leaders"] == [p for p in range(3) if totals[p] == max(totals)]
    assert s["nagari"] == sum(1 for h in m.hands if h["winner"] is None)
    won = [(h["points"][h["winner"]], i) for i, h in enumerate(m.hands) if h["winner"] is not None]
    if won:
        assert s["biggest"]["points"] == max(won)[0]
    for p in range(3):
        called = [h for h in m.hands if h["gos"][p]]
        assert s["gos"][p] == {"hands": len(called), "won": sum(h["winner"] == p for h in called)}
    with pytest.raises(ValueError, match="over"):
        m.next_hand()


def test_a_match_ends_when_a_seat_reaches_the_target():
    m = Match("matgo", {}, "normal", 3, target=15)
    rng = random.Random(3)
    while not m.is_over():
        m.record(play_match_hand(m, rng))
        assert len(m.hands) < 60
    assert max(m.totals()) >= 15
    before = m.hands[:-1]
    assert max(sum(h["points"][p] for h in before) for p in range(2)) < 15


def test_a_hand_is_counted_once_and_only_the_matchs_own():
    m = Match("stopgo", {}, "normal", 5, hands=3)
    g = play_match_hand(m, random.Random(1))
    assert m.record(g) is not None
    assert m.record(g) is None                         # the same hand again
    other = play_out(make("stopgo", 12345), random.Random(1))
    assert m.record(other) is None                     # not the match's deal
    seed, options = m.next_hand()
    assert m.record(make("stopgo", seed, **options)) is None   # not over
    assert len(m.hands) == 1


def test_a_saved_match_loads_and_a_tampered_one_is_refused():
    m = Match("matgo", {"pibak": "lenient"}, "hard", 8, hands=3, stake=5)
    rng = random.Random(8)
    for _ in range(2):
        m.record(play_match_hand(m, rng))
    text = json.dumps(m.to_json())
    again = Match.load(text)
    assert again.to_json() == m.to_json()
    assert again.next_hand() == m.next_hand()
    data = json.loads(text)
    data["hands"][0]["actions"] = data["hands"][0]["actions"][:-3]
    with pytest.raises(SaveError, match="not over|replay"):
        Match.load(json.dumps(data))
    data = json.loads(text)
    data["hands"][1]["points"] = [999, -999]            # the points are recomputed, not trusted
    assert Match.load(json.dumps(data)).totals() == m.totals()
    for bad in ("", "{", "[]", '{"format": "gostop-match", "version": 9}', json.dumps({**m.to_json(), "seed": -1})):
        with pytest.raises(SaveError):
            Match.load(bad)


@pytest.mark.parametrize("kw", [dict(hands=0), dict(hands=-1), dict(hands=101), dict(target=1.5, hands=1),
                                dict(stake=-1, hands=1)])
def test_bad_match_settings_are_refused(kw):
    with pytest.raises(ValueError):
        Match("matgo", {}, "normal", 1, **kw)
    with pytest.raises(ValueError, match="no match"):
        Match("stop", {}, "normal", 1, hands=1)


# ---- records and statistics ------------------------------------------------------------
def test_a_hand_record_replays_to_the_same_result():
    for gid, opts in (("matgo", {}), ("gostop", {"players": 4}), ("stop", {"players": 3}),
                      ("go-stop-2005", {"players": 4})):
        g = play_out(make(gid, 21, **opts), random.Random(21))
        rec = json.loads(json.dumps(hand_record(g)))
        again = make(rec["game"], rec["seed"], **rec["options"])
        for p, a in rec["actions"]:
            again.apply(a, p)
        assert again.is_terminal() and rec["returns"] == pytest.approx(again.returns())
        assert (rec["winner"] is None) == (max(again.returns()) <= 0)
    with pytest.raises(ValueError, match="not over"):
        hand_record(make("matgo", 1))


def test_stats_count_wins_streaks_and_go_success():
    s = Stats()
    def rec(winner, pay, go=0):
        return {"returns": [pay, -pay], "winner": winner, "winners": [] if winner is None else [winner],
                "gos": [go, 0]}
    for r in (rec(0, 5, go=1), rec(0, 12), rec(1, -3, go=2), rec(None, 0), rec(0, 4), rec(0, 2, go=1)):
        s.add(r)
    assert (s.hands, s.wins, s.losses, s.draws) == (6, 4, 1, 1)
    assert s.points == 5 + 12 - 3 + 4 + 2
    assert s.biggest == 12
    assert (s.gos, s.go_wins) == (3, 2) and s.go_rate() == pytest.approx(2 / 3)
    assert s.best_streak == 2 and s.streak == 2       # a draw keeps the streak going
    s.add(rec(1, -1))
    assert s.streak == -1 and s.best_streak == 2
    assert Stats(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()
    assert Stats({"hands": "x", "wins": True}).hands == 0


def test_a_first_ppuk_payment_is_not_multiplied():
    # matgo seed 35 (tests/hwatu/test_house_seeded.py): player 0 makes a ppuk
    # on the first turn (7 at once, option first_ppuk) and wins 16: returns 23.
    SEED35 = [(0, 9), (1, 43), (0, 32), (1, 24), (0, 30), (1, 26), (1, 121), (0, 44),
              (0, 145), (1, 5), (0, 47), (1, 13), (0, 20), (1, 14), (0, 17), (1, 15),
              (0, 36), (1, 6), (0, 7), (0, 160), (1, 35), (0, 18), (0, 161)]
    m = Match("matgo", {"first_ppuk": True}, "normal", 1, hands=5)
    m.hands = [{"winner": None, "winners": [], "points": [0, 0], "returns": [0, 0], "side": [0, 0],
                "gos": [0, 0], "first": 0, "multiplier": 1, "seed": 0, "options": {}, "actions": []}]
    options = dict(m.options)
    m.next_hand = lambda: (35, options)      # (the match's own next deal is another seed)
    g = make("matgo", 35, **options)
    for p, a in SEED35:
        g.apply(a, p)
    rec = m.record(g)
    assert rec["returns"] == [23, -23] and rec["side"] == [7, -7] and rec["multiplier"] == 2
    assert rec["points"] == [16 * 2 + 7, -16 * 2 - 7]
