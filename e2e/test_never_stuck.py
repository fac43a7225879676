"""Never stuck: every bad input ends in a playable page with a one-line
notice. Bad settings, bad saves, bad addresses, a page whose Python does not
start (the watchdog's Start over), and the embed framed by another site with
third-party storage blocked."""
import json
import threading

import pytest

from site_helpers import CHROMIUM, DESKTOP, PARENT, open_parent
from gostop.session import Session

# Pages here boot with snapshot=off: the boot snapshot is otherwise made
# after the first boot by a second Pyodide in a worker, which slows every
# test on a small machine (test_boot_snapshot.py covers the snapshot).
QUIET = "snapshot=off"
MATGO_READY = """() => document.querySelector('.htable[data-waiting=human]') &&
  document.documentElement.dataset.busy === '0'"""


def matgo_save(seed=11):
    return Session.new("matgo", seed, {}, "easy").save()


def put_storage(t, items):
    """Leaves ``items`` in the site's localStorage (the rest cleared),
    written from a blank page on the site's origin: the site itself has not
    booted yet, and boots once, already with them."""
    blank = t.base + "storage-setup.html"
    t.context.route(blank, lambda route: route.fulfill(status=200, content_type="text/html",
                                                       body="<!doctype html><title>setup</title>"))
    t.page.goto(blank)
    t.page.evaluate("""(items) => { localStorage.clear();
        for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""", items)


def with_storage(t, items, query=""):
    """Opens the site with ``items`` in localStorage (the rest cleared).
    Math.random is fixed, so the new game that replaces a bad save is always
    the same deal (a random one could be a chongtong, over at once)."""
    t.context.add_init_script("Math.random = () => 0.123456;")
    put_storage(t, items)
    t.page.goto(t.base + "?" + QUIET + ("&" + query.lstrip("?") if query else ""))
    t.wait_ready()
    return t.page


def notice(page):
    node = page.locator("#notice")
    return node.inner_text() if node.is_visible() else ""


def tap_a_card(root):
    """Plays a hand card like a player: one tap (``root``: the page, or the
    board's frame in a parent page)."""
    root.locator(".hhand .card-btn:not([disabled])").first.click()


def plays_a_card(t):
    """The table takes a tap: a hand card is played and the game goes on."""
    page = t.page
    page.wait_for_function(MATGO_READY, timeout=60_000)
    before = t.state()["actions"]
    tap_a_card(page)
    page.wait_for_function(f"() => JSON.parse(window.cardroomState()).actions > {before}", timeout=30_000)


# ---- settings -------------------------------------------------------------------------
@pytest.mark.parametrize("settings", ['{"lang":[]}', '{"speed":{"a":1},"lang":"ko"}', "[" * 50000, "1e999"], ids=["lang-list", "speed-object", "deep", "1e999"])
def test_bad_settings_cost_only_the_settings(table_factory, settings):
    t = table_factory(DESKTOP)
    page = with_storage(t, {"cardroom.settings": settings, "cardroom.current": "matgo",
                            "cardroom.save.matgo": matgo_save()})
    assert "settings could not be read" in notice(page)
    assert t.state()["seed"] == 11            # the saved game survived
    plays_a_card(t)
    if '"ko"' in settings:                    # the good field was kept
        assert page.evaluate("document.documentElement.lang") == "ko"


# ---- saves ------------------------------------------------------------------------------
def tampered(path, value):
    data = json.loads(matgo_save())
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(data, separators=(",", ":"))


BAD_SAVES = {
    "seed 1e999": tampered(["game", "seed"], 1).replace('"seed":1', '"seed":1e999'),
    "seats hold a list": tampered(["seats"], [["human"], "easy"]),
    "deeply nested": '{"format":"gostop-session","version":1,"game":' + "[" * 100000 + "]" * 100000 + "}",
    "another game in the slot": Session.new("gostop", 4, {"players": 3}, "easy").save(),
    "two humans": tampered(["seats"], ["human", "human"]),
    "human -2": tampered(["human"], -2),
    "not JSON": "{nope",
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_a_bad_save_becomes_a_new_game_with_a_notice(table_factory, name):
    t = table_factory(DESKTOP)
    page = with_storage(t, {"cardroom.current": "matgo", "cardroom.save.matgo": BAD_SAVES[name],
                            "cardroom.save.stop": "kept"})
    assert "could not be restored" in notice(page) and "new game has started" in notice(page)
    assert t.state()["game"] == "matgo" and t.state()["actions"] >= 0
    plays_a_card(t)
    # Only the broken save was replaced.
    saved = page.evaluate("[localStorage.getItem('cardroom.save.matgo'), localStorage.getItem('cardroom.save.stop')]")
    assert Session.load(saved[0], "matgo").game.game_id == "matgo" and saved[1] == "kept"


# ---- the address --------------------------------------------------------------------------
def test_unicode_digits_in_the_address_are_refused_and_deal_works(table_factory):
    t = table_factory(DESKTOP)
    page = with_storage(t, {}, "?game=gostop&players=%C2%B3")
    assert "Ignored in the address" in notice(page) and "players=" in notice(page)
    page.click("[data-do=start]")
    page.wait_for_function("() => window.cardroomState() !== 'null'", timeout=30_000)
    assert t.state()["game"] == "gostop"

    page.goto(t.base + f"?game=matgo&seed=%C2%B2&{QUIET}")
    t.wait_ready()
    assert "seed=" in notice(page)
    assert page.input_value("#opt-seed") == ""
    page.fill("#opt-seed", "²")
    page.click("[data-do=start]")
    # The form's own complaint: the address's ("seed must be a whole number") is
    # already showing, and waiting for that raced the form being read after "77".
    page.wait_for_function("() => document.getElementById('notice').innerText.includes('The seed must be')")
    assert page.locator("#setup").is_visible()
    page.fill("#opt-seed", "77")
    page.click("[data-do=start]")
    page.wait_for_function("() => window.cardroomState() !== 'null'", timeout=30_000)
    assert t.state()["seed"] == 77


def test_an_unknown_example_in_the_address_is_named(table_factory):
    t = table_factory(DESKTOP)
    page = t.open(f"embed.html?game=matgo&scenario=nope&seed=3&{QUIET}")
    assert "There is no example 'nope' for matgo" in notice(page)
    plays_a_card(t)


# ---- the watchdog -------------------------------------------------------------------------
def test_a_page_whose_python_never_starts_offers_start_over(table_factory):
    t = table_factory(DESKTOP, service_workers="block")   # app.zip must come from the network
    # A full boot first (as a returning player's): the broken boot below then
    # fails fast instead of compiling Pyodide cold with the panel up.
    page = with_storage(t, {"cardroom.save.matgo": "x", "cardroom.settings": "{}", "other.site.key": "keep"})
    t.context.add_init_script("if (location.search.includes('game=')) window.cardroomWatchdogMs = 4000;")
    blocked = lambda route: route.abort()  # noqa: E731
    t.context.route("**/app.zip", blocked)
    page.on("pageerror", lambda e: None)
    page.goto(t.base + "?game=matgo")
    page.wait_for_selector(".rescue", timeout=30_000)
    assert page.evaluate("document.documentElement.dataset.ready") == "0"
    page.get_by_role("button", name="Start over").click()
    assert "deletes your saved games" in page.locator(".rescue").inner_text()
    page.get_by_role("button", name="Cancel").click()
    assert page.get_by_role("button", name="Start over").is_visible()
    page.get_by_role("button", name="Start over").click()
    t.context.unroute("**/app.zip", blocked)
    page.get_by_role("button", name="Delete and start over").click()
    page.wait_for_url(t.base)                  # the address is dropped too
    t.wait_ready()
    assert page.evaluate("Object.keys(localStorage).sort()") == ["other.site.key"]
    assert page.locator("#home").is_visible() and page.locator(".rescue").count() == 0
    t.errors.clear()                            # the aborted boot's own errors


def test_the_watchdog_speaks_the_players_language_and_stands_down_when_ready(table_factory):
    t = table_factory(DESKTOP)
    t.context.add_init_script("window.cardroomWatchdogMs = 1;")   # fires before Python is up
    page = t.page
    page.goto(t.base + f"?lang=uk&{QUIET}")
    page.wait_for_selector(".rescue")
    assert "довго" in page.locator(".rescue").inner_text()
    t.wait_ready()                              # the boot went on, and the panel went away
    page.wait_for_selector(".rescue", state="detached")


def test_a_browser_without_workers_is_told_at_once(table_factory):
    # PyScript throws as it loads without Worker: the page would wait for the
    # watchdog's minute with "Shuffling the cards..." up.
    t = table_factory(DESKTOP)
    t.context.add_init_script("delete window.Worker;")
    page = t.page
    page.on("pageerror", lambda e: None)
    page.goto(t.base + f"?lang=ko&{QUIET}")
    page.wait_for_selector(".rescue", timeout=5_000)
    assert page.evaluate("document.documentElement.dataset.rescue") == "unsupported"
    assert "Web Worker" in page.locator(".rescue").inner_text()
    # nothing to press that would not help; the panel itself has the focus
    assert page.locator(".rescue button").count() == 0
    assert page.evaluate("document.activeElement.className") == "rescue"
    t.errors.clear()                            # PyScript's own error as it loads


# ---- the embed on another site with third-party storage blocked ------------------------------
@pytest.fixture
def blocked_third_party(playwright, site, tmp_path):
    """Chromium with third-party cookies and storage blocked (the profile's
    own setting), and a teaching page on another site (localhost) that
    frames the board (127.0.0.1). The teaching page is served for real (a
    page fulfilled by the test has no address, and Chromium's local network
    checks then refuse to frame a loopback page)."""
    from functools import partial
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    profile, pages = tmp_path / "profile", tmp_path / "pages"
    (profile / "Default").mkdir(parents=True)
    pages.mkdir()
    (profile / "Default" / "Preferences").write_text(json.dumps(
        {"profile": {"block_third_party_cookies": True, "cookie_controls_mode": 1}}))
    quiet = type("Quiet", (SimpleHTTPRequestHandler,), {"log_message": lambda *a: None})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(quiet, directory=str(pages)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])

    def open_board(src):
        (pages / "teaching.html").write_text(PARENT.replace("SRC", site + src))
        page = context.new_page()
        page.goto(f"http://localhost:{httpd.server_port}/teaching.html")
        return page
    yield open_board
    context.close()
    httpd.shutdown()


def wait_for(page, condition, timeout=90_000):
    page.wait_for_function(f"() => window.msgs.filter(m => {condition}).length > 0", timeout=timeout)


def test_the_embed_plays_on_another_site_with_storage_blocked(blocked_third_party):
    page = blocked_third_party(f"embed.html?game=matgo&seed=3&speed=fast&{QUIET}")
    frame = page.frame_locator("#board")
    # The browser really refuses storage to the frame...
    refused = frame.locator("html").evaluate(
        "() => { try { localStorage.length; return false } catch (e) { return e.name === 'SecurityError' } }")
    assert refused
    # ...and the board still boots, posts to its parent and plays.
    wait_for(page, "m.type === 'ready'")
    ready = [m for m in page.evaluate("window.msgs") if m["type"] == "ready"][0]
    assert ready == {"source": "cardroom", "type": "ready", "game": "matgo", "token": 1, "seed": 3}
    frame.locator(".htable[data-waiting=human]").wait_for(timeout=60_000)
    tap_a_card(frame)
    wait_for(page, "m.type === 'event' && m.event.player === 0")


# ---- the embed's messages ------------------------------------------------------------------
def test_a_burst_of_starts_plays_the_last_and_labels_everything(table_factory):
    t = table_factory(DESKTOP)
    page = open_parent(t, f"embed.html?game=go-stop-2005&seed=1&speed=fast&{QUIET}")
    wait_for(page, "m.type === 'ready'")
    page.evaluate("""() => { for (let i = 1; i <= 6; i++)
        send({target: 'cardroom', type: 'start', game: i % 2 ? 'gostop' : 'matgo', seed: 100 + i,
              players: 3, level: 'easy', token: 'burst-' + i}); }""")
    wait_for(page, "m.type === 'ready' && m.token === 'burst-6'")
    page.wait_for_timeout(2500)   # whatever the replaced games could still post
    after = page.evaluate("window.msgs").copy()
    tokens = [m.get("token") for m in after]
    assert all("token" in m for m in after)
    assert [tok for tok in tokens if isinstance(tok, str)] and set(tok for tok in tokens if isinstance(tok, str)) == {"burst-6"}
    readies = [m for m in after if m["type"] == "ready"]
    assert [(m["game"], m["token"]) for m in readies] == [("go-stop-2005", 1), ("matgo", "burst-6")]
    assert readies[-1]["seed"] == 106
    board = page.frame_locator("#board")
    st = json.loads(board.locator("html").evaluate("() => window.cardroomState()"))
    assert (st["game"], st["seed"]) == ("matgo", 106)


def test_an_unknown_example_keeps_the_board_and_answers_with_an_error(table_factory):
    t = table_factory(DESKTOP)
    page = open_parent(t, f"embed.html?game=matgo&seed=5&speed=fast&{QUIET}")
    wait_for(page, "m.type === 'ready'")
    page.evaluate("() => send({target: 'cardroom', type: 'start', game: 'matgo', scenario: 'nope', token: 'x'})")
    wait_for(page, "m.type === 'error'")
    error = [m for m in page.evaluate("window.msgs") if m["type"] == "error"][0]
    assert "There is no example 'nope' for matgo" in error["message"]
    board = page.frame_locator("#board")
    board.locator(".htable[data-waiting=human]").wait_for(timeout=60_000)
    before = json.loads(board.locator("html").evaluate("() => window.cardroomState()"))["actions"]
    tap_a_card(board)
    wait_for(page, "m.type === 'event' && m.event.player === 0 && m.token === 1")
    after = json.loads(board.locator("html").evaluate("() => window.cardroomState()"))["actions"]
    assert after > before
