"""matgo and gostop on the built site: whole hands by clicking, and every
decision control shown exactly when the engine offers it."""
import pytest

from site_helpers import DESKTOP, PHONE
from gostop.games.hwatu.presets import GoStop, Matgo
from gostop.session import Session

READY = """() => document.querySelector('.dialog') || document.querySelector('[data-do=continue]') ||
  (document.querySelector('.htable[data-waiting=human]') && document.documentElement.dataset.busy === '0')"""
CHOOSE, GO, STOP, BOMB = 100, 160, 161, 170


def open_position(t, session, speed="fast", pass_panel=False):
    """Loads the site with ``session`` saved as the current game."""
    page = t.open()
    page.evaluate("""([k, v, s, p]) => { localStorage.setItem('cardroom.current', k);
        localStorage.setItem('cardroom.save.' + k, v);
        localStorage.setItem('cardroom.settings', JSON.stringify({speed: s, pass_panel: p})); }""",
                  [session.game.game_id, session.save(), speed, pass_panel])
    page.reload()
    t.wait_ready()
    page.wait_for_function(READY)
    return page


def do(page, selector):
    """Clicks like a player, then waits until the table accepts input again."""
    page.click(selector)
    page.wait_for_function(READY, timeout=60_000)


def controls(page):
    return sorted(int(x) for x in page.eval_on_selector_all(
        ".decision [data-action]", "els => els.map(e => e.dataset.action)"))


def enabled_hand(page):
    return sorted(int(x) for x in page.eval_on_selector_all(
        ".hhand .card-btn:not([disabled])", "els => els.map(e => e.dataset.card)"))


def check_controls_match_engine(t):
    """The decision panel offers exactly the engine's legal actions."""
    st = t.state()
    legal = sorted(a["id"] for a in st["legal"])
    phase = st["view"]["phase"]
    if phase.startswith("choose"):
        assert controls(t.page) == legal
        fields = sorted(int(x) for x in t.page.eval_on_selector_all(
            ".field .option", "els => els.map(e => e.dataset.action)"))
        assert fields == legal
    elif phase == "go-stop":
        assert controls(t.page) == legal and STOP in legal
    elif phase in ("play", "flip-only"):
        assert enabled_hand(t.page) == [a for a in legal if a < 50]
    return st, legal


def click_decision(t, prefer_stop=True):
    """One decision like a player; returns 'over' when the hand has ended."""
    page = t.page
    page.wait_for_function(READY, timeout=60_000)
    if page.locator(".dialog").count():
        return "over"
    if page.locator("[data-do=continue]").count():
        page.click("[data-do=continue]")
        return "passed"
    st, legal = check_controls_match_engine(t)
    phase = st["view"]["phase"]
    if phase.startswith("choose"):
        do(page, f".decision [data-action='{legal[0]}']")
    elif phase == "go-stop":
        do(page, f".decision [data-action='{STOP if prefer_stop else legal[0]}']")
    elif [a for a in legal if a in (150, 151)]:
        do(page, f".decision [data-action='{[a for a in legal if a in (150, 151)][0]}']")
    else:
        card = [a for a in legal if a < 50][0]
        # One tap plays a card that has one way to be played.
        before = st["actions"]
        do(page, f".hhand [data-card='{card}']")
        assert t.state()["actions"] > before
        if card >= 48:
            return "banked"
    return "played"


def play_hand(t, limit=200):
    for _ in range(limit):
        if click_decision(t) == "over":
            return t.state()
    pytest.fail("the hand did not end")


def assert_final_score_shown(t, st):
    r = st["view"]["result"]
    assert st["terminal"] and r is not None
    if r["winner"] is None:
        assert "nagari" in t.page.locator(".dialog").inner_text().lower()
    else:
        assert int(t.page.locator(".dialog [data-total]").inner_text()) == r["total"]
        # the base score's lines (.pay-line), then base, each step, total
        shown = [li.inner_text() for li in t.page.locator(".pay-steps li:not(.pay-line)").all()]
        assert len(shown) == len(r["steps"]) + 2
        names = {"go": "Go", "go-double": "Go", "gwang-bak": "Gwang-bak", "meong-bak": "Meong-bak",
                 "pi-bak": "Pi-bak", "chongtong": "Chongtong", "three-ppuk": "Three ppuks"}
        for s, line in zip(r["steps"], shown[1:]):
            assert names[s["key"]] in line and line.endswith(str(s["value"]))


@pytest.mark.parametrize("game, players, viewport, name", [
    ("matgo", None, DESKTOP, "desktop"), ("matgo", None, PHONE, "phone"),
    ("gostop", 3, DESKTOP, "desktop"), ("gostop", 3, PHONE, "phone")])
def test_a_whole_hand_by_clicking(table_factory, game, players, viewport, name):
    t = table_factory(viewport)
    page = t.open("?speed=fast")
    page.click(f"[data-do=open][data-game='{game}']")
    if players:
        page.select_option("#opt-players", str(players))
    page.check("#setup-form input[value=easy]")
    page.fill("#opt-seed", "4242")
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    click_decision(t)
    t.screenshot(f"{game}-table-{name}")
    st = play_hand(t)
    t.screenshot(f"{game}-hand-over-{name}")
    assert_final_score_shown(t, st)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def matgo_session(setup):
    return Session(Matgo.from_setup(setup, seed=3), ["human", "random"], 0)


def test_choose_between_two_field_cards(table_factory):
    t = table_factory(PHONE)
    s = matgo_session({"hands": [[4, 16, 20, 24, 36], [5, 17, 21, 25, 37]],
                       "field": [6, 7, 18], "stock": [47, 41, 42, 43, 45, 46]})
    page = open_position(t, s)
    assert controls(page) == []
    # Hovering a card lights up both plum cards on the field; one tap plays it.
    page.hover(".hhand [data-card='4']")
    assert sorted(page.eval_on_selector_all(".field .hover-hl", "e => e.map(x => +x.dataset.card)")) == [6, 7]
    do(page, ".hhand [data-card='4']")
    assert check_controls_match_engine(t)[1] == [CHOOSE + 6, CHOOSE + 7]
    assert page.locator(".field .option").count() == 2
    do(page, f".field [data-action='{CHOOSE + 7}']")
    assert 7 in t.state()["view"]["captured"][0] and 4 in t.state()["view"]["captured"][0]
    assert 6 in t.state()["view"]["field_cards"]


def pay_rows(page, where):
    """The rows of the payment list in ``where``: [reason, value]."""
    return page.eval_on_selector_all(f"{where} .pay-steps li",
                                     "els => els.map(li => [...li.children].map(c => c.textContent))")


def test_go_or_stop_shows_the_payment_and_stop_pays_it(table_factory):
    t = table_factory(DESKTOP)
    s = matgo_session({"hands": [[28, 16, 20, 24, 36], [17, 21, 25, 37, 40]],
                       "field": [30, 18], "stock": [47, 41, 42, 43, 45, 46, 33, 34],
                       "piles": [[0, 8, 4, 12, 29], []]})
    page = open_position(t, s)
    do(page, ".hhand [data-card='28']")
    st, legal = check_controls_match_engine(t)
    assert legal == [GO, STOP]
    pays = int(page.locator("[data-stop-pays]").inner_text())
    assert pays == st["view"]["pending"]["stop_pays"] == 16   # 8 points, gwang-bak x2
    # Every factor with its reason: the base score's lines, the bak, the total.
    rows = pay_rows(page, ".decision")
    assert rows == [["3 brights", "+3"], ["Godori (three birds)", "+5"], ["Base score", "8"],
                    ["Gwang-bak: the loser has no bright: ×2", "16"], ["Total", "16"]]
    page.click(".decision [data-action='161']")
    page.wait_for_selector(".dialog")
    st = t.state()
    assert st["view"]["result"]["total"] == pays
    assert_final_score_shown(t, st)
    # The end of the hand says the same thing as the prompt did.
    assert pay_rows(page, ".dialog") == rows


def test_the_bomb_is_offered_and_costs_two_flip_only_turns(table_factory):
    t = table_factory(PHONE)
    game = GoStop.from_setup({"hands": [[0, 1, 2, 4, 8, 12, 16], [5, 9, 13, 17, 20, 24, 28],
                                        [6, 10, 14, 18, 21, 25, 29]],
                              "field": [3, 7, 11, 15, 19, 22],
                              "stock": [23, 26, 27, 30, 31, 33, 34, 35, 36, 37, 38, 39]},
                             seed=5, players=3)
    s = Session(game, ["human", "random", "random"], 0)
    page = open_position(t, s, pass_panel=True)
    # Only a month-1 card is bomb-capable; selecting it offers the bomb and a single play.
    assert page.locator(".hhand .bomb").count() == 3
    do(page, ".hhand [data-card='1']")
    assert controls(page) == [1, BOMB + 1]
    do(page, f".decision [data-action='{BOMB + 1}']")
    assert page.locator("[data-do=continue]").count() == 1   # the end-of-turn panel
    st = t.state()
    assert {0, 1, 2, 3} <= set(st["view"]["captured"][0]) and st["view"]["flip_only"][0] == 2
    do(page, "[data-do=continue]")
    assert check_controls_match_engine(t)[1] == [150]
    assert page.locator(".decision [data-action='150']").inner_text() == "Flip the stock"
    do(page, ".decision [data-action='150']")
    assert page.locator("[data-do=continue]").count() == 1
    assert t.state()["view"]["flip_only"][0] == 1


def test_the_pass_turn_panel_is_off_by_default_and_can_be_switched_on(table_factory):
    t = table_factory(DESKTOP)
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='gostop']")
    page.select_option("#opt-players", "3")
    assert not page.is_checked("#opt-pass")
    page.fill("#opt-seed", "99")
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    for _ in range(3):
        assert click_decision(t) != "passed"
    page.click("[data-do=new]")
    page.check("#opt-pass")
    page.fill("#opt-seed", "99")
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    assert "passed" in [click_decision(t) for _ in range(3)]


def test_reload_mid_hand_restores_the_same_table(table_factory):
    t = table_factory(PHONE)
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='matgo']")
    page.fill("#opt-seed", "31")
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    for _ in range(3):
        click_decision(t)
    page.wait_for_function(READY)
    before = t.state()
    hand = ".hhand .card-btn"
    seen = "els => els.map(e => [e.dataset.card, e.disabled, e.className, e.getAttribute('aria-label')])"
    before_hand = page.eval_on_selector_all(hand, seen)
    page.reload()
    t.wait_ready()
    page.wait_for_function(READY)
    assert t.state() == before
    assert page.eval_on_selector_all(hand, seen) == before_hand
