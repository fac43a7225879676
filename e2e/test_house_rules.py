"""House rules on the built site (issue 19): chosen on the new-game screen
as a named set or switch by switch, played by the table, and paid as the
rule says (the payment differs from this site's rules exactly by the rule)."""
from site_helpers import PHONE
from test_hwatu import READY, STOP, open_position
from gostop.core.registry import make
from gostop.games.hwatu import GoStop
from gostop.games.hwatu.rules import HOUSE_PRESETS
from gostop.session import Session

# matgo seed 5 (tests/hwatu/test_house_seeded.py): player 1 calls Go, player
# 0 stops with 7 points and no bak; the last action is that Stop.
SEED5 = [(1, 18), (0, 25), (1, 19), (0, 22), (1, 40), (0, 36), (1, 9), (1, 113),
         (0, 6), (1, 4), (0, 5), (1, 29), (0, 7), (1, 3), (0, 0), (1, 42), (1, 160),
         (0, 11), (1, 38), (0, 1), (0, 161)]


def test_the_hangame_set_is_chosen_on_the_setup_screen(table_factory):
    t = table_factory(PHONE)
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='matgo']")
    assert page.input_value("#opt-house") == "site"
    assert not page.is_checked("#opt-h-go_bak")
    page.select_option("#opt-house", "hangame")
    page.click(".house-rules summary")
    assert page.is_checked("#opt-h-go_bak") and page.is_checked("#opt-h-shake") and page.is_checked("#opt-h-bonus")
    page.uncheck("#opt-h-bonus")              # one switch changed by hand
    page.fill("#opt-seed", "11")
    page.click("[data-do=start]")
    page.wait_for_function(READY, timeout=60_000)
    options = t.state()["options"]
    assert options == {**HOUSE_PRESETS["matgo"]["hangame"], "house": "hangame", "bonus": False,
                       "players": 2, "pibak": "lenient"}
    assert t.state()["view"]["hand"] == make("matgo", 11, **options).view(0)["hand"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    t.screenshot("house-hangame-phone")


def test_go_bak_doubles_what_a_go_caller_pays(table_factory):
    plain = make("matgo", 5)
    for p, a in SEED5:
        plain.apply(a, p)
    assert plain.returns() == [7, -7]            # this site's rules
    g = make("matgo", 5, go_bak=True)
    for p, a in SEED5[:-1]:
        g.apply(a, p)
    t = table_factory()
    page = open_position(t, Session(g, ["human", "easy"], 0))
    assert int(page.locator("[data-stop-pays]").inner_text()) == 14
    assert page.locator(".decision [data-step='go-bak']").count() == 1
    page.click(f".decision [data-action='{STOP}']")
    page.wait_for_selector(".dialog")
    assert int(page.locator(".dialog [data-total]").inner_text()) == 14
    assert "Go-bak" in page.inner_text(".dialog [data-step='go-bak']")
    assert t.state()["returns"] == [14, -14]


def test_traditional_gostop_makes_each_loser_pay_his_own_bak(table_factory):
    setup = {"hands": [[33], [37], [42]], "field": [44], "stock": [46], "phase": "go-stop",
             "piles": [[0, 8, 28, 16, 20, 24, 36, 45], [2, 3, 6, 7, 10], [40, 11, 14, 15, 18, 19]]}
    plain = GoStop.from_setup(setup, 0, players=3)
    plain.apply(STOP, 0)
    assert plain.returns() == [4, -2, -2]       # this site's rules: no bak
    g = GoStop.from_setup(setup, 0, players=3, house="traditional")
    t = table_factory()
    page = open_position(t, Session(g, ["human", "easy", "easy"], 0))
    page.click(f".decision [data-action='{STOP}']")
    page.wait_for_selector(".dialog")
    # Hana holds no bright: gwang-bak doubles her share (2 -> 4); Minjun pays 2.
    assert t.state()["returns"] == [6, -4, -2]
    assert "Hana pays 4" in page.inner_text(".dialog [data-pays='1']")
    assert "Gwang-bak" in page.inner_text(".dialog [data-pays='1']")
    assert "Minjun pays 2" in page.inner_text(".dialog [data-pays='2']")


def test_the_hangame_set_pays_pi_bak_at_seven_and_go_bak(table_factory):
    # Player 0 stops with 7 points; player 1 called Go and holds 6 junk units
    # (tests/hwatu/test_house_go_bak.py's position).
    setup = {"hands": [[0], [1]], "field": [44], "stock": [45], "phase": "go-stop",
             "piles": [[2, 3, 6, 7, 10, 14, 15, 22, 23, 26, 27, 30, 31, 34, 43], [35, 38, 39, 42, 47]],
             "gos": [0, 1], "last_go": [0, 7]}
    from gostop.games.hwatu import Matgo
    plain = Matgo.from_setup(setup, 0)
    assert plain.view(0)["pending"]["stop_pays"] == 7          # this site's rules: no bak at 6 units
    g = Matgo.from_setup(setup, 0, house="hangame")
    t = table_factory()
    page = open_position(t, Session(g, ["human", "easy"], 0))
    # 7, pi-bak (6 junk units: 7 or fewer) x2 = 14, go-bak x2 = 28
    assert int(page.locator("[data-stop-pays]").inner_text()) == 28
    assert "7 or fewer" in page.inner_text(".decision [data-step=pi-bak]")
    assert [s for s in page.eval_on_selector_all(".decision [data-step]", "els => els.map(e => e.dataset.step)")] == [
        "pi-bak", "go-bak"]
    page.click(f".decision [data-action='{STOP}']")
    page.wait_for_selector(".dialog")
    assert t.state()["returns"] == [28, -28]
