"""go-stop-2005 on the built site, driven by clicks like a player."""
import re

import pytest

from site_helpers import DESKTOP, PHONE

READY_FOR_INPUT = """() => document.querySelector('.dialog') ||
  (document.querySelector('.t2005[data-waiting=human]') &&
   document.documentElement.dataset.busy === '0')"""


def start_game(page, players=3, level="normal", seed=""):
    page.click("[data-do=open][data-game='go-stop-2005']")
    page.select_option("#opt-players", str(players))
    page.check(f"#setup-form input[value={level}]")
    page.fill("#opt-seed", str(seed))
    page.click("[data-do=start]")
    page.wait_for_selector(".t2005")


def take_turn(page):
    """One decision by clicking; returns 'over' at the end of the game."""
    page.wait_for_function(READY_FOR_INPUT, timeout=30_000)
    dialog = page.locator(".dialog")
    if dialog.count():
        if dialog.get_attribute("data-dialog") == "game":
            return "over"
        dialog.locator("[data-do=continue]").click()
        page.wait_for_selector(".dialog", state="detached")
        return "continued"
    newest = int(page.locator(".slot.newest .ncard").get_attribute("data-number"))
    stop = page.locator(".hand [data-action='1']")
    if stop.is_enabled() and (newest >= 8 or newest == 1):
        stop.click()
    else:
        page.locator(".hand [data-action='0']").click()
    return "played"


def play_to_the_end(t, limit=600):
    for _ in range(limit):
        if take_turn(t.page) == "over":
            return
    pytest.fail("the game did not end")


@pytest.mark.parametrize("viewport, name", [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_a_whole_game_by_clicking(table_factory, viewport, name):
    t = table_factory(viewport)
    page = t.open("?speed=fast")
    t.screenshot(f"2005-home-{name}")
    start_game(page, players=3, level="normal", seed=20261129)
    take_turn(page)
    t.screenshot(f"2005-table-{name}")
    play_to_the_end(t)
    t.screenshot(f"2005-game-over-{name}")
    st = t.state()
    assert st["terminal"] and st["game"] == "go-stop-2005"
    winner, wins = st["view"]["winner"], st["view"]["wins"]
    assert wins[winner] == 3
    names = ["You", "Hana", "Minjun"]
    title = page.locator("#dlg-title").inner_text()
    assert title.startswith(names[winner])
    assert page.locator(".me .stars").get_attribute("aria-label") == f"{wins[0]} of 3 rounds won"
    # Nothing overflows the viewport horizontally.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_reload_mid_game_resumes_exactly(table_factory):
    t = table_factory(PHONE)
    page = t.open("?speed=fast")
    start_game(page, players=4, level="easy", seed=77)
    for _ in range(4):
        take_turn(page)
    page.wait_for_function(READY_FOR_INPUT)
    before = t.state()
    page.reload()
    t.wait_ready()
    page.wait_for_function(READY_FOR_INPUT)
    assert t.state() == before
    assert page.locator(".t2005").get_attribute("data-turn") == str(before["view"]["turn"])


def test_offline_reload_plays_a_turn(table_factory):
    t = table_factory(DESKTOP)
    page = t.open()
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)
    t.context.set_offline(True)
    page.reload()
    t.wait_ready()
    start_game(page, players=2, level="easy", seed=5)
    before = t.state()["actions"]
    take_turn(page)
    page.wait_for_function(READY_FOR_INPUT)
    assert t.state()["actions"] > before


def test_a_corrupted_save_is_reported_and_replaced(table_factory):
    t = table_factory(DESKTOP)
    page = t.open()
    page.evaluate("""() => { localStorage.setItem('cardroom.current', 'go-stop-2005');
                             localStorage.setItem('cardroom.save.go-stop-2005', '{"format": "gostop-session", "ver'); }""")
    page.reload()
    t.wait_ready()
    notice = page.locator("#notice")
    assert notice.is_visible()
    assert re.search(r"could not be restored \(the save is not valid JSON\)", notice.inner_text())
    page.wait_for_function(READY_FOR_INPUT)
    st = t.state()
    assert st["game"] == "go-stop-2005" and st["actions"] <= 3 and not st["terminal"]
    assert "gostop-session" in page.evaluate("localStorage.getItem('cardroom.save.go-stop-2005')")


def test_an_outdated_save_is_reported(table_factory):
    t = table_factory(DESKTOP)
    page = t.open()
    page.evaluate("""() => { localStorage.setItem('cardroom.current', 'go-stop-2005');
                             localStorage.setItem('cardroom.save.go-stop-2005', '{"format": "gostop-session", "version": 0}'); }""")
    page.reload()
    t.wait_ready()
    assert "version 0" in page.locator("#notice").inner_text()


def test_disabled_storage_still_plays_with_a_notice(table_factory):
    t = table_factory(DESKTOP)
    t.context.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });""")
    page = t.open()
    assert "Storage is disabled" in page.locator("#notice").inner_text()
    start_game(page, players=2, level="easy", seed=9)
    take_turn(page)
    page.wait_for_function(READY_FOR_INPUT)
    assert t.state()["actions"] >= 2


def test_malformed_url_parameters_are_reported_and_ignored(table_factory):
    t = table_factory(PHONE)
    page = t.open("?game=go-stop-2005&players=99&seed=abc")
    text = page.locator("#notice").inner_text()
    assert "Ignored in the address: players='99': players must be a number from 2 to 6; seed='abc'" in text
    assert page.locator("#setup").is_visible()
    assert page.locator("#opt-players").input_value() == "3"


def test_first_paint_is_static_html_before_python(table_factory):
    t = table_factory(PHONE, service_workers="block")   # the wasm must come from the network
    t.context.route(re.compile(r".*pyodide\.asm\.wasm$"), lambda route: None)  # hold the engine back
    t.page.goto(t.base)
    t.page.wait_for_selector("#boot .boot-bar")
    assert t.page.locator(".game-tile").count() == 5
    assert t.page.locator("html").get_attribute("data-ready") == "0"
    assert all(b.is_disabled() for b in t.page.locator("[data-do=open]").all())


OVERFLOW = """() => {
  const w = window.innerWidth, wide = [];
  for (const e of document.querySelectorAll('#table *')) {
    const r = e.getBoundingClientRect();
    if (r.width > w || r.right > w + 0.5 || r.left < -0.5) wide.push(`${e.className || e.tagName} ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  return {scroll: document.documentElement.scrollWidth, width: w, wide: wide.slice(0, 5)};
}"""


def test_no_horizontal_overflow_on_a_phone_in_ukrainian(table_factory):
    """The line with five cards and its "scores now" flag once came to 421 px
    on a 390 px phone (uk) and cut the newest card off."""
    t = table_factory(PHONE)
    page = t.open("?lang=uk&speed=fast")
    start_game(page, players=3, level="easy", seed=7)
    longest = 0
    for _ in range(40):
        page.wait_for_function(READY_FOR_INPUT, timeout=30_000)
        got = page.evaluate(OVERFLOW)
        assert got["scroll"] <= got["width"] and not got["wide"], got
        longest = max(longest, page.locator(".line .slot").count())
        dialog = page.locator(".dialog")
        if dialog.count():
            if dialog.get_attribute("data-dialog") == "game":
                break
            dialog.locator("[data-do=continue]").click()
            page.wait_for_selector(".dialog", state="detached")
            continue
        go = page.locator(".hand [data-action='0']")
        (go if go.is_enabled() else page.locator(".hand [data-action='1']")).click()
    assert longest >= 5    # the line reached the length that overflowed
