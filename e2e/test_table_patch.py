"""The table is redrawn in place (motion.js ``patch``): after every redraw
the table is exactly what its markup says, and the cards still on it keep
their elements, so a redraw repaints only what changed. Checked while a
matgo hand and a stop round are played at fast speed."""
import pytest

from site_helpers import DESKTOP, start_seeded

# Wraps patch(): after each call, compares the table with the markup parsed
# afresh (every node, attribute and text) and counts the cards whose element
# was kept.
WATCH = """() => {
  const m = window.cardroomMotion, patch = m.patch;
  window.__patch = {calls: 0, unequal: [], kept: 0, cards: 0, movedInPlace: 0};
  m.patch = (root, markup) => {
    const table = root || document.getElementById('table');
    const before = new Map([...table.querySelectorAll('[data-key]')].map((e) => [e.dataset.key, e]));
    const lists = new Map([...before.values()].map((e) => [e, e.closest('ul, ol')]));
    const watch = new MutationObserver(() => {});
    watch.observe(table, {childList: true, subtree: true});
    patch(root, markup);
    const moved = new Set();
    for (const r of watch.takeRecords()) for (const n of r.removedNodes) moved.add(n);
    watch.disconnect();
    const fresh = document.createElement(table.tagName);
    fresh.innerHTML = markup;
    const P = window.__patch;
    P.calls += 1;
    // A face shown as its bitmap (raster.js) counts as its SVG.
    const shown = table.cloneNode(true);
    for (const img of shown.querySelectorAll('img[data-art]')) {
      img.setAttribute('src', img.dataset.art);
      img.removeAttribute('data-art');
    }
    const a = [...shown.childNodes], b = [...fresh.childNodes];
    if (a.length !== b.length || a.some((n, i) => !n.isEqualNode(b[i]))) P.unequal.push(markup.slice(0, 200));
    for (const el of table.querySelectorAll('[data-key]')) {
      P.cards += 1;
      if (before.get(el.dataset.key) === el) P.kept += 1;
      // Taken out (itself or its wrapper) and put back into the same list.
      const list = el.closest('ul, ol');
      let n = el;
      while (n && n !== list && !moved.has(n)) n = n.parentNode;
      if (list && list === lists.get(el) && n !== list) P.movedInPlace += 1;
    }
  };
}"""
GAMES = [
    ("?game=matgo&seed=31&level=easy", ".htable", "#decision [data-do=act], .hhand .card-btn:not([disabled])"),
    ("?game=stop&seed=31&level=easy", ".stable", ".shand .card-btn:not([disabled]), .stable [data-do=act]"),
]


@pytest.mark.parametrize("query, table, tap", GAMES)
def test_a_redraw_is_the_markup_and_keeps_the_cards(table_factory, query, table, tap):
    t = table_factory(DESKTOP)
    ready = f"""() => document.querySelector('{table}[data-waiting=human]') &&
      document.documentElement.dataset.busy === '0'"""
    page = start_seeded(t, query, ready, speed="fast")
    page.evaluate(WATCH)
    for _ in range(6):
        page.wait_for_function(ready, timeout=60_000)
        before = t.state()["actions"]
        page.locator(f"#table {tap}").first.click()
        # Played, or the table asks which way to play it (a second tap).
        page.wait_for_function(f"""() => JSON.parse(window.cardroomState()).actions > {before}
            || (({ready})() && !!document.querySelector('#decision [data-do=act]'))""",
                               timeout=60_000, polling=200)
    page.wait_for_function(ready, timeout=60_000)
    P = page.evaluate("window.__patch")
    assert P["calls"] >= 6
    assert P["unequal"] == []
    # Most cards stay on the table from one move to the next.
    assert P["kept"] > 0.6 * P["cards"], P
    # A card that stays where it was is not moved: only new and reordered
    # cards are (every card after a removed one used to be).
    assert P["movedInPlace"] <= 0.01 * P["cards"], P
