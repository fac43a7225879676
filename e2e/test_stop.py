"""stop (the shedding game) on the built site: whole rounds by clicking, and
set-up positions for each special play (the engine's ``setup`` option puts
exact hands on the table; computer moves before the position are applied in
Python and travel in the save's history)."""
import json

import pytest
from playwright.sync_api import TimeoutError as PWTimeout

from site_helpers import DESKTOP, PHONE
from gostop.core.registry import make
from gostop.session import Session

READY = """() => document.querySelector('.dialog') ||
  (document.querySelector('.stable[data-waiting=human]') && document.documentElement.dataset.busy === '0')"""
DRAW, ACCEPT, PASS, LEFT, RIGHT = 300, 301, 302, 303, 304
FREE = 52
# Faces: colour * 13 + rank (red 0, yellow 1, green 2, blue 3).
RED0, RED2, RED4, RED5, RED_EXCH = 0, 2, 4, 5, 11
YEL3, YEL7, YEL8, YEL9 = 16, 20, 21, 22
GREEN4 = 30
BLUE2, BLUE3, BLUE4, BLUE5, BLUE6, BLUE8, BLUE9 = 41, 42, 43, 44, 45, 47, 48
STOCK = [14, 15, 17, 18, 27, 28, 29, 31, 33, 34, 35, 36, 37, 40, 50, 51, 1, 3]
# A hand card that plays now: enabled, and not waiting for the table to stop
# moving (aria-disabled: a tap then is queued for your turn).
TAKES_TAP = "!e.disabled && e.getAttribute('aria-disabled') !== 'true'"


def position(hands, pile, dealer=0, mode="race", levels=None, before=()):
    """A session on exact hands; ``before``: (seat, action) applied first."""
    n = len(hands)
    game = make("stop", 7, players=n, interjection=mode,
                setup={"hands": hands, "pile": pile, "stock": STOCK, "dealer": dealer})
    for seat, action in before:
        game.apply(action, seat)
    return Session(game, ["human"] + (levels or ["easy"] * (n - 1)), 0)


def open_position(t, session, speed="fast"):
    page = t.open()
    page.evaluate("""([k, v, s]) => { localStorage.setItem('cardroom.current', k);
        localStorage.setItem('cardroom.save.' + k, v);
        localStorage.setItem('cardroom.settings', JSON.stringify({speed: s})); }""",
                  ["stop", session.save(), speed])
    page.reload()
    t.wait_ready()
    page.wait_for_function(READY, timeout=60_000)
    return page


def do(page, selector, click_timeout=30_000):
    page.click(selector, timeout=click_timeout)
    page.wait_for_function(READY, timeout=60_000)


def legal_ids(t):
    return {a["id"] for a in t.state()["legal"]}


def log_lines(page):
    return page.eval_on_selector_all(".log-list li", "els => els.map(e => e.textContent)")


def hand_buttons(page):
    return page.eval_on_selector_all(".shand .card-btn", f"els => els.map(e => [+e.dataset.face, {TAKES_TAP}])")


def arm_if_needed(page, face, legal, click_timeout=30_000):
    if face + 100 in legal:
        do(page, "[data-do=arm][data-call=achtung]", click_timeout)
    elif face + 200 in legal:
        do(page, "[data-do=arm][data-call=stop]", click_timeout)


def click_decision(t):
    """One decision like a careful player (always calling); 'over' at a dialog."""
    page = t.page
    page.wait_for_function(READY, timeout=60_000)
    if page.locator(".dialog").count():
        return "over"
    # The state and the hand read at the same instant (a live window may close).
    text, buttons = page.evaluate(f"""() => [window.cardroomState(), [...document.querySelectorAll(
        '.shand .card-btn')].map(e => [+e.dataset.face, {TAKES_TAP}])]""")
    st = json.loads(text)
    v, legal = st["view"], {a["id"] for a in st["legal"]}
    plain = sorted(a for a in legal if a <= FREE)
    # The enabled hand cards are exactly the engine's playable faces.
    assert sorted({f for f, ok in buttons if ok}) == plain
    phase = v["phase"]
    try:
        if phase in ("interject", "cancel"):
            arm_if_needed(page, plain[0], legal, 3000)
            do(page, f".interject-btn[data-face='{plain[0]}']", click_timeout=3000)
        elif phase == "direction":
            do(page, f"[data-action='{LEFT}']")
        elif phase == "second":
            do(page, f".shand [data-face='{plain[0]}']:not([disabled])")
        elif plain:
            face = next((f for f in plain if f != FREE), plain[0])
            arm_if_needed(page, face, legal)
            do(page, f".shand [data-face='{face}']:not([disabled])")
        else:
            do(page, f"[data-action='{ACCEPT if ACCEPT in legal else DRAW}']")
    except PWTimeout:
        # A live window closed (a computer was quicker, or time ran out).
        assert phase in ("interject", "cancel")
    return "played"


def play_round(t, limit=500):
    for _ in range(limit):
        if click_decision(t) == "over":
            return t.state()
    pytest.fail("the round did not end")


def assert_sheet_shown(t, st):
    row = st["view"]["sheet"][-1]
    dialog = t.page.locator(".dialog")
    assert dialog.get_attribute("data-round") == str(row["round"])
    for p in range(st["view"]["players"]):
        tr = dialog.locator(f".breakdown tr[data-seat='{p}']")
        assert int(tr.get_attribute("data-points")) == row["points"][p]
        assert int(tr.get_attribute("data-total")) == row["totals"][p]
        faces = [int(x) for x in tr.locator("img").evaluate_all("els => els.map(e => e.dataset.face)")]
        assert faces == [c["card"] for c in row["hands"][p]["cards"]]
        shown = [int(x) for x in tr.locator(".pt-card b").all_inner_texts()]
        assert shown == [c["points"] for c in row["hands"][p]["cards"]]


@pytest.mark.parametrize("viewport, name, players, relaxed", [
    (DESKTOP, "desktop", 3, False), (PHONE, "phone", 2, True)])
def test_a_whole_round_by_clicking(table_factory, viewport, name, players, relaxed):
    t = table_factory(viewport)
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='stop']")
    t.screenshot(f"stop-setup-{name}")
    page.select_option("#opt-players", str(players))
    page.check("#setup-form input[value=easy]")
    if relaxed:
        page.check("#opt-relaxed")
    page.fill("#opt-seed", "4242")
    page.click("[data-do=start]")
    page.wait_for_selector(".stable")
    page.wait_for_function(READY, timeout=60_000)
    st = t.state()
    assert st["options"]["interjection"] == ("relaxed" if relaxed else "race")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    t.screenshot(f"stop-table-{name}")
    st = play_round(t)
    t.screenshot(f"stop-round-over-{name}")
    assert_sheet_shown(t, st)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    do(page, ".dialog [data-do=continue]")
    assert t.state()["view"]["round"] == 2
    assert page.locator(".dialog").count() == 0


def test_every_card_has_a_text_alternative(table_factory):
    t = table_factory(PHONE)
    page = open_position(t, position([[FREE, RED_EXCH, BLUE6, GREEN4, YEL3], [YEL7, YEL8]], [RED5]))
    alts = page.eval_on_selector_all(".stable img.scard", "els => els.map(e => e.alt)")
    labels = page.eval_on_selector_all(".shand .card-btn", "els => els.map(e => e.getAttribute('aria-label'))")
    assert "Red 5" in alts
    assert [x.split(",")[0] for x in labels] == ["Red Card Exchange", "Yellow 3", "Green 4", "Blue 6", "Free Choice"]
    assert page.locator(".colour-badge.big").get_attribute("data-colour") == "red"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Keyboard: tab to a card and press Enter to play it.
    page.focus(".shand [data-face='11']")
    page.keyboard.press("Enter")
    page.wait_for_function(READY)
    assert t.state()["view"]["phase"] == "direction"


def test_forgetting_achtung_costs_two_cards_and_says_so(table_factory):
    t = table_factory(PHONE)
    page = open_position(t, position([[RED4, BLUE8], [YEL7, YEL8, YEL9]], [RED5]))
    do(page, ".shand [data-face='4']")
    st = t.state()
    assert len(st["view"]["hand"]) == 3          # one left, plus the 2-card penalty
    text = page.locator(".penalty").inner_text()
    assert "forgot to call Achtung!" in text and "2 cards" in text
    t.screenshot("stop-penalty-phone")


def test_calling_achtung_before_the_card(table_factory):
    t = table_factory(DESKTOP)
    page = open_position(t, position([[RED4, BLUE8], [YEL7, YEL8, YEL9]], [RED5]))
    do(page, "[data-do=arm][data-call=achtung]")
    assert page.locator("[data-call=achtung]").get_attribute("aria-pressed") == "true"
    do(page, ".shand [data-face='4']")
    v = t.state()["view"]
    assert v["hand"] == [BLUE8] and v["calls"][0] == "achtung"
    assert page.locator(".penalty").count() == 0
    assert page.locator(".my-hand .call-badge.achtung").count() == 1


def test_card_exchange_with_a_direction(table_factory):
    t = table_factory(DESKTOP)
    page = open_position(t, position([[RED_EXCH, BLUE8, GREEN4], [YEL7, YEL8, YEL9, BLUE3]], [RED5]))
    do(page, ".shand [data-face='11']")
    assert t.state()["view"]["phase"] == "direction"
    assert page.locator(f"[data-action='{LEFT}']").count() == 1
    t.screenshot("stop-exchange-desktop")
    do(page, f"[data-action='{LEFT}']")
    v = t.state()["view"]
    assert v["hand"] == sorted([YEL7, YEL8, YEL9, BLUE3])


def test_cancelling_a_card_exchange_with_a_zero(table_factory):
    t = table_factory(DESKTOP)
    s = position([[RED0, BLUE8, GREEN4], [RED_EXCH, YEL7, YEL8], [YEL9, BLUE3, BLUE4]], [RED5], dealer=1,
                 before=[(1, RED_EXCH), (1, LEFT)])
    page = open_position(t, s, speed="normal")
    assert t.state()["view"]["phase"] == "cancel"
    do(page, ".interject-btn[data-face='0']")
    v = t.state()["view"]
    assert RED0 not in v["hand"] and BLUE8 in v["hand"]      # hands did not move
    assert any("cancel the Card Exchange" in x for x in log_lines(page))


def test_defending_with_a_zero(table_factory):
    t = table_factory(PHONE)
    page = open_position(t, position([[RED0, BLUE8, GREEN4], [RED2, BLUE5, BLUE6]], [RED5], dealer=1,
                                     before=[(1, RED2)]))
    st = t.state()
    assert st["view"]["phase"] == "defend" and st["view"]["attack"]["kind"] == "draw2"
    assert page.locator(f"[data-action='{ACCEPT}']").inner_text() == "Take it: draw 2 cards"
    assert sorted(f for f, ok in hand_buttons(page) if ok) == [RED0]
    t.screenshot("stop-defend-phone")
    do(page, ".shand [data-face='0']")
    v = t.state()["view"]
    assert sorted(v["hand"]) == [GREEN4, BLUE8]                # no cards drawn
    assert v["attack"] is None


def test_a_stacked_two_passes_four_on(table_factory):
    t = table_factory(DESKTOP)
    page = open_position(t, position([[BLUE2, BLUE8, GREEN4], [RED2, BLUE5, BLUE6, BLUE4]], [RED5], dealer=1,
                                     before=[(1, RED2)]))
    do(page, ".shand [data-face='41']")
    v = t.state()["view"]
    assert v["hand_sizes"][1] == 3 + 4
    assert any("draws 4 cards (the 2s)" in x for x in log_lines(page))


def test_free_choice_then_the_colour_card(table_factory):
    t = table_factory(PHONE)
    page = open_position(t, position([[FREE, GREEN4, BLUE8, YEL3], [YEL7, YEL8, YEL9]], [RED5]))
    do(page, f".shand [data-face='{FREE}']")
    assert t.state()["view"]["phase"] == "second"
    assert "Free Choice" in page.locator(".sdecision .prompt").inner_text()
    do(page, f".shand [data-face='{GREEN4}']")
    v = t.state()["view"]
    assert v["pile"][-2:] == [FREE, GREEN4]
    assert page.locator(".colour-badge.big").get_attribute("data-colour") == "green"
    assert "Green" in page.locator(".now-colour").inner_text()
    assert page.locator(".discard img").count() == 2
    t.screenshot("stop-free-choice-phone")


def interjection_position(level):
    # Hana lays Blue 6; you hold the other Blue 6, Minjun a Blue 9 (6/9 are twins).
    return position([[BLUE6, GREEN4, YEL3], [BLUE6, BLUE8, YEL7], [BLUE9, YEL8, YEL9]], [BLUE3], dealer=1,
                    levels=["easy", level], before=[(1, BLUE6)])


def test_the_human_wins_an_interjection_race(table_factory):
    t = table_factory(DESKTOP)
    page = open_position(t, interjection_position("easy"), speed="normal")
    assert page.locator(".stable").get_attribute("data-race") == "open"
    assert page.locator(".shand .card-btn.twin").count() == 1
    t.screenshot("stop-interject-desktop")
    do(page, f".interject-btn[data-face='{BLUE6}']")
    v = t.state()["view"]
    assert sorted(v["hand"]) == [YEL3, GREEN4]
    assert any("You interject Blue 6!" in x for x in log_lines(page))


def test_a_quicker_computer_wins_the_race(table_factory):
    t = table_factory(DESKTOP)
    page = open_position(t, interjection_position("hard"), speed="normal")
    assert page.locator(".stable").get_attribute("data-race") == "open"
    # Hard reacts in 0.65 s, well inside the player's 2.2 s window.
    page.wait_for_function("document.querySelector('.stable').dataset.race === 'no'", timeout=10_000)
    page.wait_for_function(READY, timeout=30_000)
    assert BLUE6 in t.state()["view"]["hand"]
    assert any("Minjun interjects Blue 9!" in x for x in log_lines(page))


def test_relaxed_mode_asks_and_waits(table_factory):
    t = table_factory(DESKTOP)
    s = position([[BLUE6, GREEN4, YEL3], [BLUE6, BLUE8, YEL7], [BLUE9, YEL8, YEL9]], [BLUE3], dealer=1,
                 mode="relaxed", levels=["hard", "hard"], before=[(1, BLUE6)])
    page = open_position(t, s)
    page.wait_for_timeout(1500)
    assert page.locator(".stable").get_attribute("data-race") == "no"
    assert t.state()["view"]["phase"] == "interject"
    do(page, f".interject-btn[data-face='{BLUE6}']")
    # Both claimed: Minjun, first clockwise from Hana, wins; the Blue 9 he
    # laid is your Blue 6's twin, so you are asked again.
    v = t.state()["view"]
    assert v["pile"][-1] == BLUE9 and BLUE6 in v["hand"] and v["phase"] == "interject"
    assert any("Minjun interjects Blue 9!" in x for x in log_lines(page))


def test_reload_mid_round_resumes(table_factory):
    t = table_factory(PHONE)
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='stop']")
    page.check("#opt-relaxed")
    page.fill("#opt-seed", "77")
    page.click("[data-do=start]")
    page.wait_for_selector(".stable")
    for _ in range(4):
        click_decision(t)
    page.wait_for_function(READY)
    before = t.state()
    hand_before = shown_hand(page)
    page.reload()
    t.wait_ready()
    page.wait_for_function(READY)
    assert t.state() == before
    assert shown_hand(page) == hand_before


def shown_hand(page):
    """The hand as the player sees it (not motion.js's keys and styles; a
    face's art by its SVG's address, whether shown as that or as a bitmap)."""
    return page.eval_on_selector_all(".shand .card-btn", """els => els.map(e => [e.dataset.face,
        e.className, e.disabled, e.getAttribute('aria-label'),
        e.querySelector('img').dataset.art || e.querySelector('img').getAttribute('src')])""")
