"""The turn strip (what the last turn did, over the hand) on a phone: one
line whose height never changes, showing the newest steps whole. When the
steps do not fit, the oldest leave whole (match.css: row-reverse and
`order`), instead of being cut at the strip's left edge mid-word."""
from site_helpers import PHONE, start_seeded

READY = """() => document.querySelector('.htable[data-waiting=human]') &&
  document.documentElement.dataset.busy === '0'"""

# The strip's box, and for each step in the markup's order (oldest first):
# its left and right edge and its top, relative to the strip's content box.
STRIP = """() => {
  const s = document.querySelector('.turn-strip');
  const r = s.getBoundingClientRect(), cs = getComputedStyle(s);
  const left = r.left + parseFloat(cs.paddingLeft), right = r.right - parseFloat(cs.paddingRight);
  return {height: r.height, contentWidth: right - left, visibleTop: r.height - parseFloat(cs.paddingBottom),
          steps: [...s.children].map(li => { const q = li.getBoundingClientRect();
            return [q.left - left, q.right - left, q.top - r.top, li.textContent.trim()]; })};
}"""


def test_the_turn_strip_shows_the_newest_steps_whole_at_one_height(table_factory):
    t = table_factory(PHONE)
    page = start_seeded(t, "?game=stopgo&seed=4&level=easy", READY, "fast")
    heights, overflowed = set(), 0
    for _turn in range(8):
        strip = page.evaluate(STRIP)
        heights.add(round(strip["height"]))
        steps = strip["steps"]
        shown = [left >= -0.5 and right <= strip["contentWidth"] + 0.5 and top < strip["visibleTop"]
                 for left, right, top, _text in steps]
        hidden = [top >= strip["height"] for _left, _right, top, _text in steps]
        # Every step is either whole in view or wholly out of it (below).
        assert all(s or h for s, h in zip(shown, hidden)), steps
        if steps:
            assert shown[-1], f"the newest step is out of view: {steps}"
            # Those out of view are the oldest ones.
            assert shown == sorted(shown), steps
            # In view they read left to right, oldest first.
            lefts = [left for (left, *_rest), s in zip(steps, shown) if s]
            assert lefts == sorted(lefts), steps
        overflowed += not all(shown)
        legal = page.query_selector_all(".hhand [data-do=card]:not([disabled])")
        if not legal:
            break
        legal[0].click()
        page.wait_for_function(f"() => ({READY})() || document.querySelector('.dialog')", timeout=60_000)
        if page.query_selector(".dialog"):
            break
    assert len(heights) == 1, f"the strip changed height: {heights}"
    # The deal and its seed give turns of more steps than a phone's line holds.
    assert overflowed, "no turn of this deal overflowed the strip: the test saw nothing to keep whole"
