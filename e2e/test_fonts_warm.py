"""fonts.js lays the table's typefaces out on the setup screen, hidden (a
weight met first at the deal was loaded during its first frame), one weight of
one script per idle moment (all scripts of a weight at once were a task of
~50 ms on the phone profile), and stops once the table shows cards (a probe
then made the page lay out the whole new table in its idle moment)."""
import re

from site_helpers import PHONE

# fonts.js's idle callbacks are held until the test releases them, one
# round at a time; each probe it lays out is recorded.
HOLD = """window.__probes = []; window.__held = [];
const ric = window.requestIdleCallback.bind(window);
window.requestIdleCallback = (fn, opts) => {
  if ((new Error().stack || '').includes('fonts.js')) { window.__held.push(fn); return 0; }
  return ric(fn, opts);
};
window.__release = () => { const fns = window.__held.splice(0);
  for (const fn of fns) fn({timeRemaining: () => 50, didTimeout: false}); return fns.length; };
new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
  if (n.nodeType === 1 && n.getAttribute('aria-hidden') === 'true' && n.style.fontWeight)
    window.__probes.push([n.style.fontWeight, n.textContent, n.style.visibility]); })
  .observe(document, {childList: true, subtree: true});"""

SCRIPTS = {"latin": re.compile("[A-Za-z]"), "cyrillic": re.compile("[\u0400-\u04ff]"),
           "hangul": re.compile("[\uac00-\ud7a3]")}


def scripts(text):
    return {name for name, pattern in SCRIPTS.items() if pattern.search(text)}


def open_setup(table_factory):
    t = table_factory(PHONE)
    t.context.add_init_script(HOLD)
    page = t.open("?game=matgo&seed=11&level=easy")
    page.wait_for_function("() => window.__held.length > 0", timeout=30_000)
    return page


def test_fonts_are_warmed_one_script_a_moment(table_factory):
    page = open_setup(table_factory)
    counts = []
    while page.evaluate("window.__release()") and len(counts) < 30:
        counts.append(page.evaluate("window.__probes.length"))
    assert counts == [*range(1, 16), 15], counts    # one probe a moment, then no more asked
    probes = page.evaluate("window.__probes")
    assert len(probes) == 15, probes
    assert {(weight, frozenset(scripts(text))) for weight, text, _v in probes} == {
        (weight, frozenset([name])) for weight in ("400", "600", "700", "800", "900") for name in SCRIPTS}
    assert {visibility for *_p, visibility in probes} == {"hidden"}
    # ...and none is left on the page.
    assert page.evaluate("[...document.body.children].filter(n => n.style && n.style.fontWeight).length") == 0


def test_warming_stops_once_the_table_shows_cards(table_factory):
    page = open_setup(table_factory)
    assert page.evaluate("window.__release()") == 1
    page.click("[data-do=start]")
    page.wait_for_selector("#table [data-key]", timeout=60_000)
    page.wait_for_function("() => window.__held.length > 0", timeout=30_000)
    page.evaluate("window.__release()")
    assert page.evaluate("window.__probes.length") == 1
    assert page.evaluate("window.__held.length") == 0              # and asks no more
