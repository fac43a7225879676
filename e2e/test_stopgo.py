"""stopgo on the built site: a whole hand by clicking, shaking and the
three-card play offered exactly when the engine offers them, reload."""
import pytest

from site_helpers import DESKTOP, PHONE
from gostop.games.stopgo import StopGo
from gostop.session import Session
from test_hwatu import READY, controls, do, enabled_hand, open_position

CHOOSE, FLIP, PASS, GO, STOP, SHAKE, TRIPLE = 100, 160, 161, 170, 171, 180, 200


def decide(t):
    """One decision like a player (Stop as soon as it is offered)."""
    page = t.page
    page.wait_for_function(READY, timeout=60_000)
    if page.locator(".dialog").count():
        return "over"
    st = t.state()
    legal = sorted(a["id"] for a in st["legal"])
    phase = st["view"]["phase"]
    if phase.startswith("choose"):
        assert controls(page) == legal
        do(page, f".decision [data-action='{legal[0]}']")
    elif phase == "go-stop":
        assert controls(page) == legal
        do(page, f".decision [data-action='{STOP}']")
    elif FLIP in legal or PASS in legal:
        do(page, f".decision [data-action='{FLIP if FLIP in legal else PASS}']")
    else:
        cards = [a for a in legal if a < 52]
        specials = [a for a in legal if a >= SHAKE]
        if specials:
            rank = specials[0] % 20
            card = min(c for c in st["view"]["hand"] if c // 4 + 1 == rank)
            do(page, f".hhand [data-card='{card}']")
            assert specials[0] in controls(page)
            do(page, f".decision [data-action='{specials[0]}']")
        else:
            assert enabled_hand(page) == cards
            do(page, f".hhand [data-card='{cards[0]}']")
    return "played"


@pytest.mark.parametrize("viewport, name", [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_a_whole_stopgo_hand_by_clicking(table_factory, viewport, name):
    t = table_factory(viewport)
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='stopgo']")
    page.check("#setup-form input[value=easy]")
    page.fill("#opt-seed", "606")
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    decide(t)
    t.screenshot(f"stopgo-table-{name}")
    for _ in range(120):
        if decide(t) == "over":
            break
    else:
        pytest.fail("the hand did not end")
    t.screenshot(f"stopgo-hand-over-{name}")
    st = t.state()
    r = st["view"]["result"]
    assert st["terminal"]
    if r["winner"] is not None:
        assert int(page.locator(".dialog [data-total]").inner_text()) == r["total"]
        shown = [li.inner_text() for li in page.locator(".pay-steps li:not(.pay-line)").all()]
        assert len(shown) == len(r["steps"]) + 2   # base, each step, total
        # above the base: each scoring line of the winner, with its reason
        lines = [ln["key"] for ln in st["view"]["scores"][r["winner"]]["lines"] if ln["points"]]
        assert page.eval_on_selector_all(".pay-steps .pay-line", "els => els.map(e => e.dataset.line)") == lines
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    # The mission cards are shown beside the field.
    assert page.locator(".missions .mission").count() == 3


def stopgo_session(setup):
    return Session(StopGo.from_setup(setup, seed=2), ["human", "random"], 0)


def test_shaking_is_offered_with_three_of_a_rank(table_factory):
    t = table_factory(PHONE)
    s = stopgo_session({"hands": [[24, 25, 26, 0, 4, 8, 12, 16, 20, 36, 40],
                                  [1, 5, 9, 13, 17, 21, 28, 32, 37, 41, 44]],
                        "table": [2, 6, 10, 14, 18, 22, 29, 33],
                        "stock": [27, 3, 7, 11, 15, 19, 23, 30, 31, 34, 35, 38],
                        "missions": [45, 46, 47]})
    page = open_position(t, s)
    assert page.locator(".hhand .bomb").count() == 3
    do(page, ".hhand [data-card='24']")
    assert controls(page) == [24, SHAKE + 7]
    do(page, f".decision [data-action='{SHAKE + 7}']")
    st = t.state()
    assert st["view"]["phase"] == "shake-play" and st["view"]["shakes"][0] == 1
    assert enabled_hand(page) == [24, 25, 26]
    do(page, ".hhand [data-card='25']")
    assert 25 not in t.state()["view"]["hand"]


def test_three_with_the_fourth_on_the_table_must_be_played_together(table_factory):
    t = table_factory(DESKTOP)
    s = stopgo_session({"hands": [[24, 25, 26, 0, 4, 8, 12, 16, 20, 36, 40],
                                  [1, 5, 9, 13, 17, 21, 28, 32, 37, 41, 44]],
                        "table": [27, 2, 6, 10, 14, 18, 22, 29],
                        "stock": [33, 3, 7, 11, 15, 19, 23, 30, 31, 34, 35, 38],
                        "missions": [45, 46, 47]})
    page = open_position(t, s)
    do(page, ".hhand [data-card='26']")
    assert controls(page) == [TRIPLE + 7]          # no single 7 may be played
    do(page, f".decision [data-action='{TRIPLE + 7}']")
    st = t.state()
    assert {24, 25, 26, 27} <= set(st["view"]["captured"][0])
    assert st["view"]["flip_only"][0] == 2 and st["view"]["shakes"][0] == 1


def test_reload_mid_hand_resumes(table_factory):
    t = table_factory(PHONE)
    page = t.open("?game=stopgo&seed=8&speed=fast")
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    for _ in range(3):
        decide(t)
    page.wait_for_function(READY)
    before = t.state()
    page.reload()
    t.wait_ready()
    page.wait_for_function(READY)
    assert t.state() == before
