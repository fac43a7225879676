"""Things players met on the tables: the result panel opens at its headline,
the game log numbers its lines and survives a reload, the embed has the
site's icon."""
import pytest

import test_hwatu as hw   # (a module object: its tests are not collected twice)
from site_helpers import PHONE
from gostop.core.registry import make
from gostop.games.hwatu.presets import Matgo
from gostop.session import Session

SHORT_PHONE = {"width": 390, "height": 400}    # a tall panel must scroll here
READY = """() => document.querySelector('.dialog') ||
  (document.documentElement.dataset.busy === '0' && document.querySelector('#table [data-waiting=human]'))"""


def open_save(t, session, speed="fast"):
    page = t.open()
    page.evaluate("""([k, v, s]) => { localStorage.setItem('cardroom.current', k);
        localStorage.setItem('cardroom.save.' + k, v);
        localStorage.setItem('cardroom.settings', JSON.stringify({speed: s})); }""",
                  [session.game.game_id, session.save(), speed])
    page.reload()
    t.wait_ready()
    page.wait_for_function(READY, timeout=60_000)
    return page


def assert_dialog_opens_at_its_top(page):
    page.wait_for_selector(".overlay .dialog")
    # the pop-in animation over, the keyboard in the dialog (a fixed 300 ms
    # is no bound on a loaded machine)
    page.wait_for_function("""() => { const d = document.querySelector('.overlay .dialog');
        return d && d.contains(document.activeElement) && !d.getAnimations().some((a) => a.playState === 'running'); }""",
                           timeout=10_000)
    box = page.evaluate("""() => { const d = document.querySelector('.overlay .dialog');
        const h = d.querySelector('h2').getBoundingClientRect(), r = d.getBoundingClientRect();
        return {scroll: d.scrollTop, tall: d.scrollHeight > d.clientHeight + 40,
                headTop: h.top, dialogTop: r.top, focused: d.contains(document.activeElement)
                    && document.activeElement.classList.contains('btn')}; }""")
    assert box["tall"], "the test needs a panel taller than the screen"
    assert box["scroll"] == 0 and box["headTop"] >= box["dialogTop"], box
    assert box["focused"], "the keyboard is in the dialog (its first button)"


def test_the_hand_result_opens_at_its_headline(table_factory):
    t = table_factory(SHORT_PHONE)
    s = Session(Matgo.from_setup({"hands": [[28, 16, 20, 24, 36], [17, 21, 25, 37, 40]],
                                  "field": [30, 18], "stock": [47, 41, 42, 43, 45, 46, 33, 34],
                                  "piles": [[0, 8, 4, 12, 29], []]}, seed=3), ["human", "random"], 0)
    s.act(28)
    s.act(161)                                  # Stop: the hand is over
    assert s.state()["terminal"]
    assert_dialog_opens_at_its_top(open_save(t, s))


def test_stops_round_dialog_opens_at_its_headline(table_factory):
    t = table_factory(SHORT_PHONE)
    game = make("stop", 7, players=6, interjection="race",
                setup={"hands": [[4], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34], [40, 41, 42, 43, 44],
                                 [14, 15, 17, 18, 27], [28, 29, 35, 36, 37]],
                       "pile": [5], "stock": [1, 3, 6, 7, 8, 9, 10], "dealer": 0})
    page = open_save(t, Session(game, ["human"] + ["easy"] * 5, 0))
    page.click("[data-do=arm][data-call=stop]")
    page.click(".shand [data-face='4']")       # the last card, with Stop!: the round ends
    assert_dialog_opens_at_its_top(page)


def test_go_stop_2005_round_dialog_opens_at_its_headline(table_factory):
    t = table_factory(SHORT_PHONE)
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='go-stop-2005']")
    page.select_option("#opt-players", "6")
    page.check("#setup-form input[value=easy]")
    page.fill("#opt-seed", "5")
    page.click("[data-do=start]")
    for _ in range(40):
        page.wait_for_function(READY, timeout=60_000)
        if page.locator(".overlay .dialog").count():
            break
        newest = int(page.locator(".slot.newest .ncard").get_attribute("data-number"))
        stop = page.locator(".hand [data-action='1']")
        page.click(".hand [data-action='1']" if stop.is_enabled() and newest >= 7 else ".hand [data-action='0']")
    assert_dialog_opens_at_its_top(page)


def log_items(page):
    return page.eval_on_selector_all(".log-list li", "els => els.map(e => [e.value, e.textContent])")


def test_the_log_numbers_every_line_and_survives_a_reload(table_factory):
    t = table_factory(PHONE)
    page = t.open("?speed=fast")
    page.click("[data-do=open][data-game='matgo']")
    page.fill("#opt-seed", "31")
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    for _ in range(40):
        if hw.click_decision(t) == "over" or len(log_items(page)) >= 14:
            break
    page.wait_for_function(READY)
    before = log_items(page)
    n = len(before)
    assert n >= 10
    # Newest first, line N numbered N.
    assert [v for v, _ in before] == list(range(n, 0, -1))
    # The number is drawn in full: "10." is not clipped to "0." (the
    # marker sits inside the list's box, before the text).
    page.click(".log summary")
    gap = page.evaluate("""() => { const li = [...document.querySelectorAll('.log-list li')]
            .find(e => e.value === 10);
        const range = document.createRange(); range.selectNodeContents(li);
        const text = range.getClientRects()[0], box = li.getBoundingClientRect();
        const probe = document.createElement('span'); probe.textContent = '10. ';
        li.parentElement.before(probe); const need = probe.getBoundingClientRect().width; probe.remove();
        const list = li.parentElement.getBoundingClientRect();
        return {gap: text.left - list.left, need: need, inside: box.left >= list.left}; }""")
    assert gap["inside"] and gap["gap"] >= gap["need"] * 0.9, gap
    page.reload()
    t.wait_ready()
    page.wait_for_function(READY)
    assert log_items(page) == before


def test_the_embed_has_the_sites_icon(table_factory):
    t = table_factory(PHONE)
    page = t.page
    page.goto(t.base + "embed.html?game=matgo&seed=7")
    t.wait_ready()
    href = page.eval_on_selector("link[rel=icon]", "e => e.href")
    assert href.endswith("/art/icon.svg")
    assert page.request.get(href).status == 200
    assert page.locator("link[rel=icon]").count() == 1


# Each drawing of the table after the tap: [data-terminal, has the result panel].
DRAWINGS = """() => { window.__drawn = [];
  new MutationObserver(() => { const t = document.querySelector('#table .htable');
    if (t) window.__drawn.push([t.dataset.terminal, !!document.querySelector('#table .overlay .dialog')]); })
  .observe(document.getElementById('table'), {childList: true, subtree: true}); }"""


def test_the_hands_last_board_is_drawn_before_its_result_panel(table_factory):
    """The last board and the result panel come in two tasks (in one they
    were ~50-75 ms on the phone profile), the board first."""
    t = table_factory(SHORT_PHONE)
    s = Session(Matgo.from_setup({"hands": [[28, 16, 20, 24, 36], [17, 21, 25, 37, 40]],
                                  "field": [30, 18], "stock": [47, 41, 42, 43, 45, 46, 33, 34],
                                  "piles": [[0, 8, 4, 12, 29], []]}, seed=3), ["human", "random"], 0)
    s.act(28)                                   # Go or Stop is the player's to choose
    page = open_save(t, s)
    page.evaluate(DRAWINGS)
    page.click("#decision [data-action='161']")  # Stop: the hand is over
    page.wait_for_selector(".overlay .dialog")
    drawn = page.evaluate("window.__drawn")
    first_over = next(i for i, (terminal, _panel) in enumerate(drawn) if terminal == "true")
    assert drawn[first_over] == ["true", False], drawn          # the board, without the panel
    assert drawn[-1] == ["true", True], drawn                   # then the panel
