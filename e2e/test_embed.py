"""embed.html inside a real parent page: no site chrome, the postMessage API
announces ready and events, obeys valid commands and ignores malformed ones."""
from site_helpers import DESKTOP, open_parent

def messages(page, kind=None):
    msgs = page.evaluate("window.msgs")
    return [m for m in msgs if kind is None or m.get("type") == kind]


def wait_for(page, kind, count=1):
    page.wait_for_function(f"() => window.msgs.filter(m => m.type === '{kind}').length >= {count}",
                           timeout=90_000)


def test_embedded_board_talks_to_its_parent(table_factory):
    t = table_factory(DESKTOP)
    warnings = []
    t.page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page = open_parent(t, "embed.html?game=go-stop-2005&seed=5&players=2&speed=fast")
    wait_for(page, "ready")
    ready = messages(page, "ready")[0]
    assert ready == {"source": "cardroom", "type": "ready", "game": "go-stop-2005", "token": 1, "seed": 5}
    board = page.frame_locator("#board")
    # No site chrome: no top bar, no game list; the table fills the frame.
    assert board.locator(".topbar").count() == 0 and board.locator(".game-tile").count() == 0
    board.locator(".t2005[data-waiting=human]").wait_for()
    # The parent hears the game's events as they happen.
    board.locator(".hand [data-action='0']").click()
    page.wait_for_function("() => window.msgs.some(m => m.type === 'event' && m.event.type === 'number_opened')")
    events = [m["event"] for m in messages(page, "event")]
    assert all("action" not in e for e in events if e["type"] == "chose" and e["player"] != 0)

    # Malformed or unknown messages are ignored and logged, never executed.
    page.evaluate("""() => { send('start'); send({type: 'start'}); send({target: 'cardroom', type: 'eval', code: 'x'});
        send({target: 'cardroom', type: 'start', game: 'chess'}); send({target: 'cardroom', type: 'start', seed: 'abc'});
        send({target: 'cardroom', type: 'reset', extra: 1}); send(null); }""")
    page.wait_for_timeout(1500)
    assert len(messages(page, "ready")) == 1
    # Those addressed to the card room are answered with the reason; the rest are not ours.
    errors = [m["message"] for m in messages(page, "error")]
    assert len(errors) == 4 and sum("cardroom embed: ignored message" in w for w in warnings) == 4
    assert "unknown type 'eval'" in errors[0] and "game=" in errors[1] and "seed=" in errors[2]

    # A valid command starts another game.
    page.evaluate("() => send({target: 'cardroom', type: 'start', game: 'matgo', seed: 9})")
    wait_for(page, "ready", 2)
    assert messages(page, "ready")[1]["game"] == "matgo" and messages(page, "ready")[1]["seed"] == 9
    board.locator(".htable").wait_for()
    # Reset deals the same game again.
    page.evaluate("() => send({target: 'cardroom', type: 'reset'})")
    wait_for(page, "ready", 3)
    assert messages(page, "ready")[2] == {"source": "cardroom", "type": "ready", "game": "matgo", "token": 2, "seed": 9}


def test_embed_without_a_game_says_what_it_needs(table_factory):
    t = table_factory(DESKTOP)
    page = t.page
    page.goto(t.base + "embed.html")
    t.wait_ready()
    assert "needs a game" in page.locator("#notice").inner_text()


def test_embedded_boards_never_touch_the_players_saves(table_factory):
    t = table_factory(DESKTOP)
    page = open_parent(t, "embed.html?game=matgo&seed=3&speed=fast")
    wait_for(page, "ready")
    keys = page.frame_locator("#board").locator("html").evaluate("() => Object.keys(localStorage)")
    assert [k for k in keys if k.startswith("cardroom.save")] == []
