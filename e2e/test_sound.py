"""Sound: the mute switch and its memory, cues for what the table shows,
and the embed's silence until its parent asks."""
from site_helpers import DESKTOP, open_parent

# Records every cue the page asks for (wrapped after boot: Python looks the
# function up at each call), then plays it as usual.
SPY = """() => { window.cues = []; const sound = window.cardroomSound, real = sound.cue;
  sound.cue = (kind) => { window.cues.push(kind); return real(kind); }; }"""


def switch(page):
    return page.get_by_role("button", name="Sound")


def test_the_mute_switch_toggles_and_is_remembered(table_factory):
    t = table_factory(DESKTOP)
    page = t.open()
    button = switch(page)
    assert button.get_attribute("aria-pressed") == "true"          # on by default on the site
    assert page.evaluate("window.cardroomSound.muted()") is False
    button.click()
    page.wait_for_function("() => document.getElementById('sound-btn').getAttribute('aria-pressed') === 'false'")
    assert page.evaluate("window.cardroomSound.muted()") is True
    assert '"sound": false' in page.evaluate("localStorage.getItem('cardroom.settings')")
    page.reload()
    t.wait_ready()
    assert switch(page).get_attribute("aria-pressed") == "false"
    assert page.evaluate("window.cardroomSound.muted()") is True
    switch(page).click()
    page.wait_for_function("() => !window.cardroomSound.muted()")
    assert switch(page).get_attribute("aria-pressed") == "true"


def test_the_audio_is_made_ahead_of_the_first_tap_when_sound_is_on(table_factory):
    # Made at the first tap (a game's Start), the AudioContext was a task of
    # ~100 ms on the phone profile; it is made while the page is idle, before
    # any gesture, and only when sound is on.
    t = table_factory(DESKTOP)
    page = t.open()
    # (no pointer, key or touch event reached the page: nothing was tapped)
    page.wait_for_function("() => window.cardroomSound.stats().context !== null", timeout=15_000)
    muted = t.open("?sound=0")
    muted.wait_for_timeout(2000)
    assert muted.evaluate("window.cardroomSound.stats().context") is None


def play_a_card(page):
    """Plays the first playable hand card like a player (a second tap on the
    decision when the table asks for one); waits until input is taken again."""
    page.wait_for_selector(".htable[data-waiting=human]")
    card = page.locator(".hhand .card-btn:not([disabled])").first.get_attribute("data-card")
    page.click(f".hhand [data-card='{card}']")
    confirm = page.locator(f".decision [data-action='{card}']")
    if confirm.count():
        confirm.click()
    page.wait_for_function("() => document.documentElement.dataset.busy === '0' && "
                           "(document.querySelector('.htable[data-waiting=human]') || document.querySelector('.dialog'))",
                           timeout=60_000)


def test_a_played_card_is_heard_unless_muted(table_factory):
    t = table_factory(DESKTOP)
    page = t.open("?game=matgo&seed=7&speed=fast")
    page.click("[data-do=start]")
    # Spying from the human's first turn (the computer may have played first).
    page.wait_for_selector("html[data-busy='0'] .htable[data-waiting=human]")
    page.evaluate(SPY)
    play_a_card(page)
    cues = page.evaluate("window.cues")
    assert cues[0] == "play" and "flip" in cues           # the card laid, then the stock card turned
    stats = page.evaluate("window.cardroomSound.stats()")
    # The click made the AudioContext; the cues were synthesized without an error.
    assert stats["context"] is not None and stats["played"] >= 1 and stats["failed"] == 0
    # Muted: the table asks for no sound at all.
    switch(page).click()
    page.wait_for_function("() => window.cardroomSound.muted()")
    page.evaluate("window.cues = []")
    play_a_card(page)
    assert page.evaluate("window.cues") == []


def lay_a_bid(board):
    board.locator(".t2005[data-waiting=human]").wait_for()
    board.locator(".hand [data-action='0']").click()
    board.locator("html[data-busy='0'] .t2005[data-waiting=human]").wait_for(timeout=60_000)


def test_the_embed_is_silent_until_its_parent_asks(table_factory):
    t = table_factory(DESKTOP)
    page = open_parent(t, "embed.html?game=go-stop-2005&seed=5&players=2&speed=fast")
    page.wait_for_function("() => window.msgs.some(m => m.type === 'ready')", timeout=90_000)
    board = page.frame_locator("#board")
    frame = board.locator("html")
    frame.evaluate(SPY)
    assert frame.evaluate("() => window.cardroomSound.muted()") is True
    assert board.locator("#sound-btn").is_hidden()                   # nothing to mute yet
    lay_a_bid(board)
    assert frame.evaluate("() => window.cues") == []
    # The parent turns sound on: the board is heard, and the player gets a switch.
    page.evaluate("() => send({target: 'cardroom', type: 'sound', on: true})")
    board.locator("#sound-btn[aria-pressed='true']").wait_for()
    assert frame.evaluate("() => window.cardroomSound.muted()") is False
    lay_a_bid(board)
    assert "play" in frame.evaluate("() => window.cues")
    # ... and off again.
    page.evaluate("() => send({target: 'cardroom', type: 'sound', on: false})")
    board.locator("#sound-btn[aria-pressed='false']").wait_for()
    frame.evaluate("() => { window.cues = []; }")
    lay_a_bid(board)
    assert frame.evaluate("() => window.cues") == []
    assert [m for m in page.evaluate("window.msgs") if m["type"] == "error"] == []


def test_the_embed_is_heard_with_sound_1_in_its_address(table_factory):
    t = table_factory(DESKTOP)
    page = open_parent(t, "embed.html?game=go-stop-2005&seed=5&players=2&speed=fast&sound=1")
    page.wait_for_function("() => window.msgs.some(m => m.type === 'ready')", timeout=90_000)
    board = page.frame_locator("#board")
    board.locator("html").evaluate(SPY)
    assert board.locator("#sound-btn").get_attribute("aria-pressed") == "true"
    lay_a_bid(board)
    assert "play" in board.locator("html").evaluate("() => window.cues")
