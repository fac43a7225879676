"""The table is redrawn in place (patch.js, through motion.js ``patch``): after every redraw
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


# A table drawn in parts, one of them in parts of its own (dom.nest), on a
# root of the test's own; every markup the patch parses is recorded.
PARTS = """() => {
  const parsed = window.__parsed = [];
  const set = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML').set;
  Object.defineProperty(HTMLTemplateElement.prototype, 'innerHTML', {
    set(v) { parsed.push(v); set.call(this, v); }, configurable: true});
  const P = '<!--part-->', S = '<!--part1-->';
  window.__markup = (p, b, i) => `<div class="host">${P}<p>${p}</p>${P}<section>${S}<b>${b}</b>${S}<i>${i}</i>${S}</section>${P}</div>`;
  const root = document.createElement('div');
  root.id = 'parts-root';
  document.body.append(root);
  window.__draw = (p, b, i) => {
    parsed.length = 0;
    const markup = window.__markup(p, b, i);
    window.cardroomMotion.patch(root, markup);
    const fresh = document.createElement('div');
    fresh.innerHTML = markup;
    return {same: root.isEqualNode(fresh) || root.innerHTML === fresh.innerHTML, parsed: [...parsed]};
  };
}"""


def test_a_redraw_parses_only_the_parts_that_changed(table_factory):
    t = table_factory(DESKTOP)
    page = t.open("?lang=en")
    page.evaluate(PARTS)
    first = page.evaluate("__draw('a', 'x', 'y')")
    assert first["same"] and len(first["parsed"]) == 1          # all of it, once
    # One child of the nested part changed: only it is parsed (with the
    # opening and closing tags of its hosts, for their attributes).
    second = page.evaluate("__draw('a', 'x', 'z')")
    assert second["same"]
    assert "<i>z</i>" in second["parsed"]
    assert not [m for m in second["parsed"] if "<p>" in m or "<b>" in m], second["parsed"]
    # The page changed the <p> itself: forget(node) redraws its part, and only it.
    page.evaluate("""() => { const p = document.querySelector('#parts-root p');
      p.textContent = 'changed by the page'; window.cardroomMotion.forget(p); }""")
    third = page.evaluate("__draw('a', 'x', 'z')")
    assert third["same"]
    assert "<p>a</p>" in third["parsed"], third["parsed"]
    assert not [m for m in third["parsed"] if "<b>" in m or "<i>" in m], third["parsed"]
    # forget() with no node: the whole table is parsed again.
    page.evaluate("window.cardroomMotion.forget()")
    fourth = page.evaluate("__draw('a', 'x', 'z')")
    assert fourth["same"] and len(fourth["parsed"]) == 1


def test_a_flight_starts_with_the_next_frame_and_landed_waits_for_it(table_factory):
    t = table_factory(DESKTOP)
    page = t.open("?lang=en")
    got = page.evaluate("""async () => {
      const m = window.cardroomMotion;
      // the test's own table (landed() watches the element with id table)
      const old = document.getElementById('table');
      if (old) old.id = 'table-set-aside';
      const root = document.createElement('div');
      root.id = 'table';
      root.innerHTML = '<div style="display:flex"><span data-key="c1" style="display:inline-block;width:20px;height:20px"></span></div>';
      document.body.append(root);
      const mine = () => document.getAnimations().filter((a) => root.contains(a.effect.target)).length;
      m.capture(root);
      m.patch(root, '<div style="display:flex;padding-left:200px"><span data-key="c1" style="display:inline-block;width:20px;height:20px"></span></div>');
      m.play(300, root);
      const queued = mine();                    // the redraw's task: no flight yet
      const t0 = performance.now();
      const landed = m.landed(5000);           // waits for the flight to start, then to land
      await new Promise((r) => requestAnimationFrame(() => r()));
      const flying = mine();
      const ok = await landed;
      const took = performance.now() - t0;
      // finish() gives up a flight still waiting for its frame: none starts
      m.capture(root);
      m.patch(root, '<div style="display:flex"><span data-key="c1" style="display:inline-block;width:20px;height:20px"></span></div>');
      m.play(300, root);
      m.finish();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      return {queued, flying, ok, took, after_finish: mine()};
    }""")
    assert got["queued"] == 0
    assert got["flying"] == 1
    assert got["ok"] is True and got["took"] >= 200, got
    assert got["after_finish"] == 0


# A table of its own for the motion tests below: a stock anchor and three
# cards that come from it.
OWN_TABLE = """() => {
  const old = document.getElementById('table');
  if (old) old.id = 'table-set-aside';
  const root = document.createElement('div');
  root.id = 'table';
  document.body.append(root);
  window.__deal = '<div><span data-anchor="stock" style="display:inline-block;width:20px;height:20px"></span>'
    + [1, 2, 3].map((i) => `<span data-key="c${i}" data-from="stock" style="display:inline-block;width:20px;height:20px;margin-left:${i * 40}px"></span>`).join('')
    + '</div>';
  root.innerHTML = '<div><span data-anchor="stock" style="display:inline-block;width:20px;height:20px"></span></div>';
  window.__mine = () => document.getAnimations().filter((a) => root.contains(a.effect.target)).length;
  window.__task = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = r; c.port2.postMessage(0); });
  window.__frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  // Holds the page's frame callbacks until the returned function runs them in
  // a real frame: Chromium may run a frame between any two tasks, so a test
  // that looks between the measuring task and the frame must hold the frame.
  window.__holdFrames = () => {
    const real = window.requestAnimationFrame, held = [];
    window.requestAnimationFrame = (cb) => held.push(cb);
    return () => {
      window.requestAnimationFrame = real;
      return new Promise((r) => real((t) => { for (const cb of held.splice(0)) cb(t); r(); }));
    };
  };
  // a deal on it: its cards come from the stock
  window.__dealNow = () => {
    const m = window.cardroomMotion;
    m.capture(root, true);
    m.patch(root, window.__deal);
    m.play(300, root);
  };
  // a deal measured in its own task, its frame held: resolves to the release
  window.__dealMeasured = async () => {
    const release = window.__holdFrames();
    window.__dealNow();
    await window.__task();
    return release;
  };
  // counts the cards measured while ``fn`` runs
  window.__measured = async (fn) => {
    const rect = Element.prototype.getBoundingClientRect;
    let n = 0;
    Element.prototype.getBoundingClientRect = function () { if (this.dataset.key) n++; return rect.call(this); };
    try { await fn(); } finally { Element.prototype.getBoundingClientRect = rect; }
    return n;
  };
}"""


def own_table(table_factory):
    """A page with OWN_TABLE in place of its table."""
    t = table_factory(DESKTOP)
    page = t.open("?lang=en")
    page.evaluate(OWN_TABLE)
    return page


def test_a_deal_is_measured_in_a_task_of_its_own_with_its_cards_hidden(table_factory):
    # Measuring a new table lays it out: in the frame's callback, that layout
    # and the frame's own work made one long task on a slow phone.
    page = own_table(table_factory)
    got = page.evaluate("""async () => {
      const m = window.cardroomMotion, root = document.getElementById('table');
      // (again if the page itself changed meanwhile: the frame then measures again, rightly)
      for (let attempt = 0; ; attempt++) {
        const release = window.__holdFrames();
        window.__dealNow();
        const hidden = root.classList.contains('dealing')
          && [...root.querySelectorAll('[data-key]')].every((c) => getComputedStyle(c).visibility === 'hidden');
        const inTask = await window.__measured(() => window.__task());
        const queued = window.__mine();
        const others = new MutationObserver(() => {});
        others.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
        const inFrame = await window.__measured(release);
        const quiet = others.takeRecords().every((r) => r.target === root || root.contains(r.target));
        others.disconnect();
        const got = {hidden, inTask, queued, inFrame, flying: window.__mine(), after: root.classList.contains('dealing')};
        if (quiet || attempt === 4) return got;
        m.finish();
      }
    }""")
    assert got["hidden"], got
    assert got["inTask"] == 3 and got["queued"] == 0, got      # measured, not yet flying
    assert got["inFrame"] == 0, got                              # the frame only starts the flight
    assert got["flying"] >= 3 and got["after"] is False, got


def test_a_change_after_a_deal_was_measured_makes_the_frame_measure_again(table_factory):
    page = own_table(table_factory)
    got = page.evaluate("""async () => {
      const root = document.getElementById('table');
      const release = await window.__dealMeasured();
      const card = root.querySelector('[data-key=c3]');
      const stock = root.querySelector('[data-anchor=stock]').getBoundingClientRect();   // as at capture()
      const was = card.getBoundingClientRect();
      root.firstElementChild.style.paddingLeft = '100px';     // every card moves 100px right
      const inFrame = await window.__measured(release);
      const anim = document.getAnimations().find((a) => a.effect.target === card && a.effect.getKeyframes().some((k) => k.transform));
      const start = anim.effect.getKeyframes()[0].transform;
      return {inFrame, start, dx: stock.left - (was.left + 100)};
    }""")
    assert got["inFrame"] == 3, got
    # the flight is worked out from where the card is now, not where it was first measured
    assert got["start"].startswith(f"translate({got['dx']:g}px"), got


def test_a_face_shown_as_a_bitmap_or_a_hidden_probe_after_a_deal_was_measured_moves_nothing(table_factory):
    # raster.js swapping a face's SVG for its bitmap (the same size) and
    # fonts.js's hidden probe change the page but move no card: measured
    # again, the deal's frame was a task of 50-70 ms on the phone profile.
    page = own_table(table_factory)
    got = page.evaluate("""async () => {
      const root = document.getElementById('table');
      window.__deal = window.__deal.replace(/<span data-key="c1"[^>]*><\\/span>/,
        '<span data-key="c1" data-from="stock" style="display:inline-block;margin-left:40px"><img src="./art/hwatu/1.svg" style="width:20px;height:30px"></span>');
      const release = await window.__dealMeasured();
      const img = root.querySelector('[data-key=c1] img');
      img.setAttribute('data-art', img.getAttribute('src'));
      img.setAttribute('src', './art/hwatu/2.svg');
      const probe = document.createElement('div');
      probe.setAttribute('data-no-layout', '');
      document.body.append(probe);
      probe.getBoundingClientRect();
      probe.remove();
      const inFrame = await window.__measured(release);
      return {inFrame, flying: window.__mine()};
    }""")
    assert got["inFrame"] == 0, got              # the measures taken in their task stand
    assert got["flying"] >= 3, got


def test_a_tap_before_a_deal_s_frame_shows_its_cards_in_place(table_factory):
    page = own_table(table_factory)
    got = page.evaluate("""async () => {
      const m = window.cardroomMotion, root = document.getElementById('table');
      window.__dealNow();
      await window.__task();
      m.finish();
      await window.__frame(); await window.__frame();
      return {dealing: root.classList.contains('dealing'), flying: window.__mine(),
              shown: [...root.querySelectorAll('[data-key]')].every((c) => getComputedStyle(c).visibility !== 'hidden')};
    }""")
    assert got == {"dealing": False, "flying": 0, "shown": True}
