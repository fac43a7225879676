"""The turn strip (what the last turn did, over the hand) on a phone: one
line whose height never changes, showing the newest steps whole. When the
steps do not fit, the oldest leave whole (match.css: row-reverse and
an `order` on each step), instead of being cut at the strip's left edge mid-word. The
WebKit and Firefox tests check the same (`STRIP_JS`) over a whole hand."""
from engines import STRIP_JS
from site_helpers import PHONE, start_seeded
from test_motion import READY

HEIGHT = "document.querySelector('#table .turn-strip').getBoundingClientRect().height"


def test_the_turn_strip_shows_the_newest_steps_whole_at_one_height(table_factory):
    t = table_factory(PHONE)
    page = start_seeded(t, "?game=stopgo&seed=4&level=easy", READY, "fast")
    heights, wrong, overflowed = set(), [], 0
    for turn in range(8):
        heights.add(round(page.evaluate(HEIGHT)))
        problem, hidden = page.evaluate(STRIP_JS)
        overflowed += hidden > 0
        if problem:
            wrong.append(f"turn {turn}: {problem}")
        legal = page.query_selector_all(".hhand [data-do=card]:not([disabled])")
        if not legal:
            break
        legal[0].click()
        page.wait_for_function(f"() => ({READY})() || document.querySelector('.dialog')", timeout=60_000)
        if page.query_selector(".dialog"):
            break
    assert wrong == []
    assert len(heights) == 1, f"the strip changed height: {heights}"
    # This deal's turns have more steps than a phone's line holds.
    assert overflowed, "no turn of this deal overflowed the strip: the test saw nothing to keep whole"
