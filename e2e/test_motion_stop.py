"""stop and go-stop-2005 move like a game (motion.js): cards fly between
the hands, the stock and the pile (stop), bids fly to the line and turn
over, number cards fly from the deck (go-stop-2005); a tap while the table
moves is queued, not lost; reduced motion gives fades only."""
import json

from site_helpers import DESKTOP, PHONE, start_seeded
from test_stop import BLUE8, FREE, GREEN4, RED4, YEL3, YEL7, YEL8, YEL9, position

RED7 = 7
STOP_READY = """() => document.querySelector('.stable[data-waiting=human]') &&
  document.documentElement.dataset.busy === '0'"""
G2005_READY = """() => document.querySelector('.t2005[data-waiting=human]') &&
  document.documentElement.dataset.busy === '0'"""
# Every animation started on a keyed card from now on: [key, animated properties].
RECORD = """() => { window.__moves = [];
  const seen = new Set();
  const tick = () => { for (const a of document.getAnimations()) {
      if (seen.has(a)) continue; seen.add(a);
      const t = a.effect && a.effect.target;
      if (t && t.dataset && t.dataset.key) window.__moves.push([t.dataset.key,
          Object.keys(a.effect.getKeyframes()[0] || {}).filter(k => ['transform', 'opacity'].includes(k)).join(',')]);
    } requestAnimationFrame(tick); };
  tick(); }"""
# Taps made the moment the table starts moving (a test's round trip could
# miss a short move; Playwright's click would wait until the button is no
# longer aria-disabled, i.e. until the table stops): window.__tapped says
# whether the page was busy then.
TAP_WHEN_MOVING = """(sels) => { const obs = new MutationObserver(() => {
    if (!document.querySelector('#table [data-moving=true]')) return;
    obs.disconnect();
    window.__tapped = document.documentElement.dataset.busy;
    for (const s of sels) document.querySelector(s).click(); });
  obs.observe(document.documentElement, {childList: true, subtree: true}); }"""


def hana_moves_first(t, hand=(FREE, GREEN4, BLUE8, YEL3), taps=()):
    """A 2-player stop position where Hana (the dealer) plays first on a
    Red 5 (you hold a Free Choice by default, playable whatever she does).
    The page records animations from its first frame; ``taps`` are made
    the moment her move starts being shown."""
    session = position([list(hand), [RED7, YEL8, YEL9]], [5], dealer=1, levels=["hard"])
    page = t.open()
    page.evaluate("""([k, v]) => { localStorage.setItem('cardroom.current', k);
        localStorage.setItem('cardroom.save.' + k, v);
        localStorage.setItem('cardroom.settings', JSON.stringify({speed: 'normal'})); }""",
                  ["stop", session.save()])
    t.context.add_init_script(f"""document.addEventListener('DOMContentLoaded', () => {{ ({RECORD})();
        ({TAP_WHEN_MOVING})({json.dumps(list(taps))}); }})""")
    page.reload()
    t.wait_ready()
    return page


def test_stop_the_computers_card_flies_to_the_pile(table_factory):
    t = table_factory(DESKTOP)
    page = hana_moves_first(t)
    # Her move started (seen by the page's own observer: a round trip of the
    # test's could miss a short move, which failed a clean-clone run once).
    page.wait_for_function("() => window.__tapped !== undefined", timeout=20_000)
    page.wait_for_function(STOP_READY, timeout=30_000)
    v = t.state()["view"]
    moves = page.evaluate("window.__moves")
    flown = {k for k, what in moves if "transform" in what}
    if v["pile"][-1] == RED7:
        assert any(k.startswith("pile.") for k in flown), moves    # Hana's card flew to the pile
    else:
        assert any(".b1." in k for k in flown), moves              # she drew: a card flew to her hand
    # The board drawn now is the engine's: the top card is the pile's.
    top = page.eval_on_selector_all(".discard img", "els => els.map(e => +e.dataset.face)")
    assert top[-1] == v["pile"][-1]


def test_stop_your_card_flies_from_your_hand(table_factory):
    t = table_factory(PHONE)
    page = hana_moves_first(t)
    page.wait_for_function(STOP_READY, timeout=30_000)
    page.evaluate("window.__moves = []")
    page.click(f".shand [data-face='{FREE}']")
    page.wait_for_function(STOP_READY, timeout=30_000)
    moves = page.evaluate("window.__moves")
    assert any(k.startswith("pile.") and "transform" in what for k, what in moves), moves


def test_stop_a_tap_while_the_table_moves_is_not_lost(table_factory):
    t = table_factory(DESKTOP)
    # Tap the Free Choice while Hana's move is being shown.
    page = hana_moves_first(t, taps=[f".shand [data-face='{FREE}']"])
    page.wait_for_function("() => window.__tapped", timeout=30_000)
    assert page.evaluate("window.__tapped") == "1"
    page.wait_for_function("() => JSON.parse(window.cardroomState()).view.phase === 'second'", timeout=30_000)
    v = t.state()["view"]
    assert v["pile"][-1] == FREE and FREE not in v["hand"]


def test_stop_achtung_armed_while_the_table_moves_goes_with_the_queued_card(table_factory):
    # You hold Yellow 7 and Red 4; while Hana's move on the Red 5 is shown
    # you arm Achtung! and tap the Red 4 (it leaves you one card).
    t = table_factory(DESKTOP)
    # Red 4 matches whatever red card Hana leaves on top (or the 5).
    page = hana_moves_first(t, hand=(RED4, YEL7), taps=["[data-do=arm][data-call=achtung]",
                                                        f".shand [data-face='{RED4}']"])
    page.wait_for_function("() => window.__tapped", timeout=30_000)
    assert page.evaluate("window.__tapped") == "1"
    page.wait_for_function("() => JSON.parse(window.cardroomState()).view.hand.length !== 2", timeout=30_000)
    v = t.state()["view"]
    assert v["hand"] == [YEL7] and v["calls"][0] == "achtung"      # called in time: no penalty


def test_stop_reduced_motion_fades_only(table_factory):
    t = table_factory(DESKTOP, reduced_motion="reduce")
    page = hana_moves_first(t)
    page.wait_for_function(STOP_READY, timeout=30_000)
    page.click(f".shand [data-face='{FREE}']")
    page.wait_for_function(STOP_READY, timeout=30_000)
    moves = page.evaluate("window.__moves")
    assert moves
    assert all(what == "opacity" for _k, what in moves), moves


def start_2005(t, speed="normal", players=3, seed=20261129):
    return start_seeded(t, f"?game=go-stop-2005&seed={seed}&players={players}&level=easy", G2005_READY, speed)


def test_2005_bids_fly_to_the_line_and_the_next_number_from_the_deck(table_factory):
    t = table_factory(DESKTOP)
    page = start_2005(t)
    page.evaluate(RECORD)
    page.click(".hand [data-action='0']")
    page.wait_for_selector(".t2005[data-moving=true]")
    page.wait_for_function(G2005_READY, timeout=30_000)
    moves = page.evaluate("window.__moves")
    flown = {k.split(".", 1)[1] for k, what in moves if "transform" in what}
    assert any(k.startswith("b") and k.endswith(".0") for k in flown)   # your Go card flew to the pile
    assert any(k.startswith("b") and k.endswith(".1") for k in flown)   # Hana's bid flew
    assert any(k.startswith("n") for k in flown)                        # a number card came from the deck


def test_2005_the_scored_piles_turn_over(table_factory):
    t = table_factory(DESKTOP)
    page = start_2005(t, speed="fast")
    page.evaluate(RECORD)
    # From the fifth turn on a pile is scored each turn: its bids turn over.
    for _ in range(5):
        before = t.state()["actions"]
        page.click(".hand [data-action='0']")
        page.wait_for_function(f"() => JSON.parse(window.cardroomState()).actions > {before}")
        page.wait_for_function(G2005_READY + " || document.querySelector('.dialog')", timeout=30_000)
        if page.locator(".dialog").count():
            break
    moves = page.evaluate("window.__moves")
    turned = [k for k, what in moves if ".r" in k and "transform" in what]
    assert turned, moves


def test_2005_a_tap_while_the_table_moves_is_not_lost(table_factory):
    t = table_factory(DESKTOP)
    page = start_2005(t)
    turn = t.state()["view"]["turn"]
    page.evaluate(TAP_WHEN_MOVING, [".hand [data-action='0']"])
    page.click(".hand [data-action='0']")
    page.wait_for_function("() => window.__tapped", timeout=30_000)
    assert page.evaluate("window.__tapped") == "1"
    # The queued Go is played on the next turn, once the computers have chosen.
    page.wait_for_function(f"() => JSON.parse(window.cardroomState()).view.turn >= {turn + 2}", timeout=30_000)
    page.wait_for_function(G2005_READY, timeout=30_000)
    assert t.state()["view"]["hand"]["go"] >= 3


def test_2005_reduced_motion_fades_only(table_factory):
    t = table_factory(PHONE, reduced_motion="reduce")
    page = start_2005(t)
    page.evaluate(RECORD)
    page.click(".hand [data-action='0']")
    page.wait_for_function(G2005_READY, timeout=30_000)
    moves = page.evaluate("window.__moves")
    assert moves
    assert all(what == "opacity" for _k, what in moves), moves
