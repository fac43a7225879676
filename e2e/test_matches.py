"""Matches, recent hands, replay, share links and statistics on the built
site (issue 19): a nagari doubles the next hand, totals survive a reload,
a finished hand replays move by move, and a share link deals the same hand."""
import json
import random

from site_helpers import PHONE
from test_hwatu import READY, play_hand
from test_stopgo import decide
from gostop.core.registry import make
from gostop.match import Match
from gostop.session import Session


def random_moves(game, rng, until):
    while not game.is_terminal() and not until(game):
        p = game.to_move()[0]
        legal = game.legal_actions(p)
        game.apply(legal[rng.randrange(len(legal))], p)
    return game


def nagari_match():
    """A matgo match of 3 hands whose first hand (random play) was a nagari,
    and its second hand played by random moves to the human's last turns."""
    for seed in range(500):
        m = Match("matgo", {}, "easy", seed, hands=3)
        s, o = m.next_hand()
        first = random_moves(make("matgo", s, **o), random.Random(seed), lambda g: False)
        if first.returns() == [0, 0]:
            break
    assert m.record(first)["winner"] is None
    s, o = m.next_hand()
    game = random_moves(make("matgo", s, **o), random.Random(1),
                        lambda g: g.turn >= g.rules.turns_total - 3 and g.to_move() == (0,))
    assert not game.is_terminal()
    return m, Session(game, ["human", "easy"], 0)


def open_saved(t, match, session, query="?speed=fast"):
    page = t.open()
    page.evaluate("""([m, s]) => { localStorage.setItem('cardroom.current', 'matgo');
        localStorage.setItem('cardroom.save.matgo', s); localStorage.setItem('cardroom.match.matgo', m);
        localStorage.setItem('cardroom.settings', JSON.stringify({speed: 'fast'})); }""",
                  [json.dumps(match.to_json()), session.save()])
    page.goto(t.base + query)
    t.wait_ready()
    page.wait_for_function(READY, timeout=60_000)
    return page


def totals(page):
    return [float(x) for x in page.eval_on_selector_all(".match-table [data-total]", "els => els.map(e => e.textContent)")]


def test_a_nagari_doubles_the_next_hand_and_totals_survive_a_reload(table_factory):
    match, session = nagari_match()
    t = table_factory()
    page = open_saved(t, match, session)
    assert "Hand 2 of 3" in page.inner_text("#topbar-info") and "×2" in page.inner_text("#topbar-info")
    st = play_hand(t)
    returns = st["returns"]
    standings = page.locator(".dialog .match-standings")
    assert standings.count() == 1
    if returns == [0, 0]:         # a second nagari: the next hand counts four times
        assert page.locator("[data-next-mult='4']").count() == 1
        assert totals(page) == [0, 0]
    else:
        assert totals(page) == [2 * x for x in returns]
        assert "×2" in standings.inner_text()
    stored = json.loads(page.evaluate("localStorage.getItem('cardroom.match.matgo')"))
    assert len(stored["hands"]) == 2 and stored["hands"][1]["multiplier"] == 2
    before = totals(page)
    page.reload()
    t.wait_ready()
    page.wait_for_selector(".dialog .match-standings")
    assert totals(page) == before
    stored = json.loads(page.evaluate("localStorage.getItem('cardroom.match.matgo')"))
    assert len(stored["hands"]) == 2           # counted once, not again on the reload
    # The next hand: dealt from the match, led by the winner (the same seat after a nagari).
    finished = page.evaluate("localStorage.getItem('cardroom.save.matgo')")
    page.click("[data-do=next-hand]")
    # (the finished hand's dialog is up until the click is handled, so READY would hold at
    # once: wait for the new hand's save first)
    page.wait_for_function("(f) => localStorage.getItem('cardroom.save.matgo') !== f", arg=finished,
                           timeout=60_000)
    page.wait_for_function(READY, timeout=60_000)
    assert "Hand 3 of 3" in page.inner_text("#topbar-info")
    leader = stored["hands"][1]["winner"]
    if leader is None:
        leader = stored["hands"][1]["first"]
    assert t.state()["view"]["first"] == leader
    seed, options = Match.load(json.dumps(stored)).next_hand()
    assert t.state()["seed"] == seed


def test_a_match_from_the_setup_screen_ends_with_a_summary(table_factory):
    t = table_factory(PHONE)
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='stopgo']")
    page.select_option("#opt-match", "h3")
    page.fill("#opt-stake", "10")
    page.check("#setup-form input[value=easy]")
    page.fill("#opt-seed", "8080")              # the match's seed: its hands' deals follow
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    assert "Hand 1 of 3" in page.inner_text("#topbar-info")
    stored = json.loads(page.evaluate("localStorage.getItem('cardroom.match.stopgo')"))
    assert (stored["hands_limit"], stored["stake"], stored["hands"]) == (3, 10, [])
    # The match's last hand, played on the page: the summary closes it.
    m = Match.load(json.dumps(stored))
    for k in range(2):
        s, o = m.next_hand()
        m.record(random_moves(make("stopgo", s, **o), random.Random(k), lambda g: False))
    s, o = m.next_hand()
    game = random_moves(make("stopgo", s, **o), random.Random(5),
                        lambda g: g.turn >= g.rules.turns_total - 3 and g.to_move() == (0,))
    page.evaluate("""([m, s]) => { localStorage.setItem('cardroom.save.stopgo', s);
        localStorage.setItem('cardroom.match.stopgo', m); }""",
                  [json.dumps(m.to_json()), Session(game, ["human", "easy"], 0).save()])
    page.reload()
    t.wait_ready()
    for _ in range(40):
        if decide(t) == "over":
            break
    page.wait_for_selector("[data-match-over='1']")
    m2 = Match.load(page.evaluate("localStorage.getItem('cardroom.match.stopgo')"))
    assert m2.is_over() and len(m2.hands) == 3
    assert totals(page) == [float(x) for x in m2.totals()]
    assert [float(x.replace("+", "")) for x in page.eval_on_selector_all(
        "[data-winnings]", "els => els.map(e => e.textContent)")] == [10.0 * x for x in m2.totals()]
    assert page.locator("[data-do=new-match]").count() == 1 and page.locator("[data-do=next-hand]").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    t.screenshot("match-summary-phone")


def test_recent_hands_replay_and_deal_again_and_statistics(table_factory):
    t = table_factory()
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='matgo']")
    page.check("#setup-form input[value=easy]")
    page.fill("#opt-seed", "4242")
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    st = play_hand(t)
    actions = st["actions"]
    page.click(".dialog [data-do=new]")
    page.wait_for_selector(".records")
    assert page.get_attribute(".stats-line", "data-hands") == "1"
    assert page.get_attribute(".stats-line", "data-wins") == ("1" if st["returns"][0] > 0 else "0")
    # Replay: the deal, then each move forward and back, the end as played.
    page.click("[data-do=replay][data-index='0']")
    page.wait_for_selector("#scenario-bar [data-scenario=replay][data-step='0']")
    assert t.state()["actions"] == 0 and t.state()["seed"] == 4242
    for k in (1, 2, 3):
        page.click("[data-do=scn-next]")
        page.wait_for_selector(f"#scenario-bar [data-step='{k}']")
    assert t.state()["actions"] == 3
    page.click("[data-do=scn-back]")
    page.wait_for_selector("#scenario-bar [data-step='2']")
    assert t.state()["actions"] == 2
    for k in range(3, actions + 1):        # a step is taken when the last one has been shown
        page.click("[data-do=scn-next]")
        page.wait_for_selector(f"#scenario-bar [data-step='{k}']")
    assert page.locator("[data-do=scn-next][disabled]").count() == 1
    assert t.state()["terminal"] and t.state()["returns"] == st["returns"]
    assert json.loads(page.evaluate("localStorage.getItem('cardroom.stats.matgo')"))["hands"] == 1   # not counted again
    # Play this deal again: the same seed, a real game again.
    page.click(".scn-controls [data-do=again]")
    # (the replay's end dialog sits in the bar: READY would hold at once)
    page.wait_for_selector("#scenario-bar", state="hidden", timeout=60_000)
    page.wait_for_selector(".htable[data-waiting=human]", timeout=60_000)
    again = t.state()
    assert again["seed"] == 4242 and again["actions"] == 0 and not again["terminal"]
    assert again["view"]["hand"] == Session.new("matgo", 4242, {}, "easy").state()["view"]["hand"]
    # Reset the statistics.
    page.click(".table-tools [data-do=new]")
    page.click("[data-do=stats-reset]")
    page.wait_for_selector(".records .stats-line[data-hands='0']")


def test_a_share_link_deals_the_same_hand_without_losing_a_game_in_progress(table_factory):
    game = random_moves(make("gostop", 777, players=4, lead=2), random.Random(3),
                        lambda g: g.turn >= g.rules.turns_total - 4 and g.to_move() == (0,))
    t = table_factory()
    page = t.open()
    page.evaluate("""(s) => { localStorage.setItem('cardroom.current', 'gostop');
        localStorage.setItem('cardroom.save.gostop', s);
        localStorage.setItem('cardroom.settings', JSON.stringify({speed: 'fast'})); }""",
                  Session(game, ["human", "easy", "easy", "easy"], 0).save())
    page.reload()
    t.wait_ready()
    play_hand(t)
    page.click(".dialog [data-do=share]")
    # (the click is handled in a task of its own: wait for the link to be shown)
    page.wait_for_function("() => document.getElementById('notice').textContent.includes('http')")
    text = page.inner_text("#notice")
    link = text[text.index("http"):].split()[0]
    assert "seed=777" in link and "players=4" in link and "lead=2" in link and "level=easy" in link
    other = table_factory(PHONE)
    p2 = other.open()
    p2.goto(link)
    other.wait_ready()
    assert p2.input_value("#opt-seed") == "777" and p2.input_value("#opt-players") == "4"
    assert "share=1" not in p2.url            # a reload after the deal resumes the game
    p2.click("[data-do=start]")
    p2.wait_for_function(READY, timeout=60_000)
    theirs = other.state()
    assert theirs["seed"] == 777 and theirs["options"] == {"players": 4, "lead": 2}
    assert theirs["view"]["hand"] == make("gostop", 777, players=4).view(0)["hand"]
    assert theirs["view"]["first"] == 2
    # A share link opened where a game is in progress: the setup, and the game stays saved.
    finished = page.evaluate("localStorage.getItem('cardroom.save.gostop')")
    page.click(".dialog [data-do=again]")
    # (the finished hand's dialog is up until the click is handled, so READY would hold at
    # once: wait for the new hand's save first)
    page.wait_for_function("(f) => localStorage.getItem('cardroom.save.gostop') !== f", arg=finished,
                           timeout=60_000)
    page.wait_for_function(READY, timeout=60_000)
    saved = page.evaluate("localStorage.getItem('cardroom.save.gostop')")
    page.goto(link.replace("seed=777", "seed=5"))
    t.wait_ready()
    assert page.input_value("#opt-seed") == "5"
    assert page.evaluate("localStorage.getItem('cardroom.save.gostop')") == saved
