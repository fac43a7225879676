"""The tables on a 390x844 phone, in every language: hand cards at least
56 px wide, nothing wider than the screen, and the captured piles open at a
legible size in a sheet that can be dismissed."""
import pytest

from site_helpers import PHONE
from gostop.games.hwatu.presets import GoStop
from gostop.session import Session

MIN_HAND_W = 56
# (game, players, the hand's buttons)
TABLES = [("matgo", None, ".hhand .card-btn"), ("gostop", 3, ".hhand .card-btn"), ("gostop", 4, ".hhand .card-btn"),
          ("stopgo", None, ".hhand .card-btn"), ("stop", 4, ".shand .card-btn"), ("go-stop-2005", 4, ".hand .acard")]
READY = """() => document.documentElement.dataset.busy === '0' && document.querySelector('#table [data-waiting=human]')"""
FORGET_GAMES = """() => { localStorage.removeItem('cardroom.current');
  Object.keys(localStorage).filter(k => k.startsWith('cardroom.save')).forEach(k => localStorage.removeItem(k)); }"""


def overflow(page):
    return page.evaluate("document.documentElement.scrollWidth - innerWidth")


@pytest.mark.parametrize("lang", ["en", "ko", "uk"])
def test_hand_cards_are_big_enough_and_nothing_overflows(table_factory, lang):
    t = table_factory(PHONE)
    page = t.page
    measured = {}
    for game, players, hand in TABLES:
        if page.url.startswith("http"):
            page.evaluate(FORGET_GAMES)           # each table a new game (a saved one would resume)
        page.goto(t.base + f"?game={game}&seed=12&level=easy&speed=fast&lang={lang}")
        t.wait_ready()
        if players:
            page.select_option("#opt-players", str(players))
        assert overflow(page) <= 0, f"{game} setup ({lang})"
        page.click("[data-do=start]")
        page.wait_for_function(READY, timeout=60_000)
        # layout width: a card still flying in from the stock is scaled by its transform
        widths = page.eval_on_selector_all(hand, "els => els.map(e => e.offsetWidth)")
        assert widths, f"{game}: no hand"
        measured[f"{game}{players or ''}"] = min(widths)
        assert overflow(page) <= 0, f"{game} ({lang}) is wider than the phone"
        page.click(".log summary")               # the log open, the longest lines in view
        assert overflow(page) <= 0, f"{game} ({lang}) with its log open is wider than the phone"
    assert min(measured.values()) >= MIN_HAND_W, measured


def gostop_with_captures():
    """A 3-player gostop hand where every seat has captured cards."""
    game = GoStop.from_setup({"hands": [[0, 1, 2, 4, 8, 12, 16], [5, 9, 13, 17, 20, 24, 28],
                                        [6, 10, 14, 18, 21, 25, 29]],
                              "field": [3, 7, 11, 15, 19, 22],
                              "stock": [23, 26, 27, 30, 31, 33, 34, 35, 36, 37, 38, 39]},
                             seed=5, players=3)
    s = Session(game, ["human", "random", "random"], 0)
    while not s.state()["terminal"] and len(s.game.history) < 9:
        if s.ai_to_move():
            s.ai_step()
        else:
            s.act(s.state()["legal"][0]["id"])
    return s


@pytest.mark.parametrize("lang", ["en", "ko", "uk"])
def test_captured_piles_open_large_and_close(table_factory, lang):
    t = table_factory(PHONE)
    s = gostop_with_captures()
    v = s.game.view(0)
    seat = next(p for p in (1, 2) if sum(len(c) for c in v["piles"][p].values()))
    page = t.open(f"?lang={lang}")
    page.evaluate("""([v]) => { localStorage.setItem('cardroom.current', 'gostop');
        localStorage.setItem('cardroom.save.gostop', v);
        localStorage.setItem('cardroom.settings', JSON.stringify({speed: 'fast'})); }""", [s.save()])
    page.reload()
    t.wait_ready()
    page.wait_for_function(READY, timeout=60_000)
    on_table = page.eval_on_selector_all(f".hseat[data-seat='{seat}'] > .piles img",
                                         "els => els.map(e => e.getBoundingClientRect().width)")
    assert on_table and max(on_table) < 30                  # the seat's own piles: too small to read
    page.click(f".hseat[data-seat='{seat}'] .piles-btn")
    sheet = page.locator(f"#piles-sheet-{seat}")
    page.wait_for_selector(f"#piles-sheet-{seat}:popover-open")
    assert sheet.get_attribute("role") == "dialog"
    assert sheet.locator("h2").inner_text()                 # named by its heading (aria-labelledby)
    big = sheet.locator("img").evaluate_all("els => els.map(e => e.getBoundingClientRect().width)")
    assert len(big) == len(on_table) and min(big) >= 40
    # The sheet fits the screen and the keyboard is in it (its Close button).
    box = sheet.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["y"] >= 0
    assert page.evaluate(f"document.getElementById('piles-sheet-{seat}').contains(document.activeElement)")
    assert overflow(page) <= 0
    t.screenshot(f"phone-piles-sheet-{lang}")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#piles-sheet-{seat}", state="hidden")
    # Close and the button again: open, then closed by its Close button.
    page.click(f".hseat[data-seat='{seat}'] .piles-btn")
    page.wait_for_selector(f"#piles-sheet-{seat}:popover-open")
    sheet.locator("[popovertargetaction=hide]").click()
    page.wait_for_selector(f"#piles-sheet-{seat}", state="hidden")
    # Your own piles open the same way.
    page.click(".my-piles .piles-btn")
    page.wait_for_selector("#piles-sheet-0:popover-open")
