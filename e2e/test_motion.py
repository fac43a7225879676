"""The table moves like a game: cards fly between hand, field and piles
(motion.js), a tap is never lost to an animation, "your turn" means the
table takes the tap, and reduced motion gives fades only."""
from site_helpers import DESKTOP, PHONE, start_seeded

READY = """() => document.querySelector('.htable[data-waiting=human]') &&
  document.documentElement.dataset.busy === '0'"""
# Every animation on the page, as [what it animates, target is a card, running]
ANIMATIONS = """() => document.getAnimations().map(a => [
  Object.keys(a.effect.getKeyframes()[0] || {}).filter(k => !['offset', 'easing', 'composite',
      'computedOffset'].includes(k)).join(','),
  !!(a.effect.target && a.effect.target.dataset && a.effect.target.dataset.key),
  a.playState])"""


def start_matgo(t, seed=4242, speed="normal"):
    return start_seeded(t, f"?game=matgo&seed={seed}&level=easy", READY, speed)


def hand(t):
    return t.state()["view"]["hand"]


def legal_cards(t):
    return [a["id"] for a in t.state()["legal"] if a["id"] < 48]


def record_animations(page):
    """Collects every animation started on a card from now on."""
    page.evaluate("""() => { window.__moves = [];
      const seen = new Set();
      const tick = () => { for (const a of document.getAnimations()) {
          if (seen.has(a)) continue; seen.add(a);
          const t = a.effect && a.effect.target;
          if (t && t.dataset && t.dataset.key) window.__moves.push([t.dataset.key,
              Object.keys(a.effect.getKeyframes()[0] || {}).filter(k => ['transform', 'opacity'].includes(k)).join(',')]);
        } requestAnimationFrame(tick); };
      tick(); }""")


def test_the_computer_turn_moves_cards_and_the_board_follows_the_strip(table_factory):
    t = table_factory(DESKTOP)
    page = start_matgo(t)
    record_animations(page)
    card = legal_cards(t)[0]
    page.click(f".hhand [data-card='{card}']")
    # Mid-turn the board is drawn move by move: the played card is on the
    # field while the strip says it was played, before the flip.
    page.wait_for_selector(".htable[data-moving=true]")
    page.wait_for_function(READY, timeout=30_000)
    moves = page.evaluate("window.__moves")
    keys = {k for k, _what in moves}
    assert str(card) in keys                     # your card flew to the field
    assert any("transform" in what for _k, what in moves)
    # The computer's cards arrived too (a card not in your hand moved).
    assert keys - {str(c) for c in hand(t)} - {str(card)}


def test_a_tap_the_instant_your_turn_shows_plays_the_card(table_factory):
    t = table_factory(PHONE)
    page = start_matgo(t)
    for _ in range(3):
        before = t.state()["actions"]
        card = legal_cards(t)[0]
        # No wait beyond the table saying it waits for you.
        page.wait_for_function(READY)
        page.click(f".hhand [data-card='{card}']", timeout=10_000)
        page.wait_for_function(f"() => JSON.parse(window.cardroomState()).actions > {before}", timeout=5000)
        assert card not in hand(t)
        page.wait_for_function(READY, timeout=30_000)


def test_a_tap_during_the_animation_is_not_lost(table_factory):
    t = table_factory(DESKTOP)
    page = start_matgo(t)
    first = legal_cards(t)[0]
    page.click(f".hhand [data-card='{first}']")
    page.wait_for_selector(".htable[data-moving=true]")
    # While the table is still moving (your move, then the computer's), tap
    # the next card: the tap waits, then plays it.
    second = next(c for c in hand(t) if c != first)
    assert page.evaluate("document.documentElement.dataset.busy") == "1"
    page.click(f".hhand [data-card='{second}']", timeout=10_000)
    page.wait_for_function(f"() => !JSON.parse(window.cardroomState()).view.hand.includes({second})",
                           timeout=30_000)
    st = t.state()
    assert first not in st["view"]["hand"] and second not in st["view"]["hand"]


def test_your_turn_is_shown_only_when_the_tap_is_taken(table_factory):
    t = table_factory(DESKTOP)
    page = start_matgo(t)
    # Record every moment the table says it waits for you while the page is busy.
    page.evaluate("""() => { window.__refused = 0; let since = null;
      const check = () => { const waiting = !!document.querySelector('.htable[data-waiting=human]') ||
            /Your turn/.test((document.getElementById('decision') || {}).textContent || '');
        const busy = document.documentElement.dataset.busy === '1';
        const now = performance.now();
        if (waiting && busy) { if (since === null) since = now; window.__refused = Math.max(window.__refused, now - since); }
        else since = null; };
      new MutationObserver(check).observe(document.documentElement, {subtree: true, childList: true,
          attributes: true, attributeFilter: ['data-busy', 'data-waiting']}); }""")
    for _ in range(2):
        before = t.state()["actions"]
        page.click(f".hhand [data-card='{legal_cards(t)[0]}']")
        page.wait_for_function(f"() => JSON.parse(window.cardroomState()).actions > {before}")
        page.wait_for_function(READY, timeout=30_000)
    assert page.evaluate("window.__refused") <= 100


def test_reduced_motion_gives_fades_only(table_factory):
    t = table_factory(DESKTOP, reduced_motion="reduce")
    page = start_matgo(t)
    record_animations(page)
    page.click(f".hhand [data-card='{legal_cards(t)[0]}']")
    page.wait_for_selector(".htable[data-moving=true]")
    page.wait_for_function(READY, timeout=30_000)
    moves = page.evaluate("window.__moves")
    assert moves                                  # cards still fade in
    assert all(what == "opacity" for _k, what in moves)
    assert not page.evaluate("document.querySelector('.banner') && "
                             "document.querySelector('.banner').getAnimations()"
                             ".some(a => a.effect.getKeyframes().some(k => k.transform))")
