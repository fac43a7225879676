"""Card faces are shown as bitmaps made in the page (raster.js): once the
table is drawn, each face is drawn once into a bitmap as wide as the widest
card on the table in device pixels, and the table shows the bitmaps (an SVG
<img> was laid out and recorded again at every paint); the next visit reads
them from its store. Checked on a phone
(pixel ratio 3) for a hwatu and a playing-card deck, through a move and a
reload mid-hand (no preload then)."""
import pytest

from site_helpers import PHONE, start_seeded

PHONE_CONTEXT = dict(device_scale_factor=3, is_mobile=True, has_touch=True)

STATE = "import('./raster.js').then((r) => r.state())"
DONE = """() => { const s = window.__raster.state();
  return s.width > 0 && s.todo === 0 && !document.querySelector('#table img.hcard[src$=".svg"], #table img.scard[src$=".svg"]'); }"""
# Every face on the table: [src, data-art, natural width, laid-out width].
FACES = """() => [...document.querySelectorAll('#table img.hcard, #table img.scard')].map((i) =>
  [i.getAttribute('src'), i.dataset.art || '', i.naturalWidth, i.offsetWidth])"""

GAMES = [
    ("?game=matgo&seed=11&level=easy", ".htable", ".hhand .card-btn:not([disabled]), #decision [data-do=act]"),
    ("?game=stopgo&seed=11&level=easy", ".htable", ".hhand .card-btn:not([disabled]), #decision [data-do=act]"),
]


def faces_are_bitmaps(page):
    page.evaluate("import('./raster.js').then((r) => { window.__raster = r; })")
    page.wait_for_function(DONE, timeout=60_000, polling=250)
    state = page.evaluate(STATE)
    faces = page.evaluate(FACES)
    assert faces, "no card on the table"
    widest = max(laid for *_rest, laid in faces)
    # As wide as the widest card in device pixels (in steps of 16), no wider.
    assert widest * 3 <= state["width"] < widest * 3 + 16, (state, widest)
    for src, art, natural, laid in faces:
        assert src.startswith("blob:"), src
        assert art.startswith("./art/") and art.endswith(".svg"), art
        assert natural == state["width"], (art, natural, state)
    return faces


@pytest.mark.parametrize("query, table, tap", GAMES)
def test_faces_become_bitmaps_and_stay_so(table_factory, query, table, tap):
    t = table_factory(PHONE, **PHONE_CONTEXT)
    ready = f"""() => document.querySelector('{table}[data-waiting=human]') &&
      document.documentElement.dataset.busy === '0'"""
    page = start_seeded(t, query, ready, speed="fast")
    before = faces_are_bitmaps(page)
    # The SVGs were loaded once each, for the bitmaps: the redraws that
    # follow show bitmaps for the faces already made.
    page.locator(f"#table {tap}").first.tap()
    page.wait_for_function(ready, timeout=60_000)
    after = faces_are_bitmaps(page)
    assert {art for _s, art, *_ in after} != {art for _s, art, *_ in before}   # the table did change
    assert page.evaluate(STATE)["stored"] == 0
    # A reload mid-hand (the table is restored, not set up: no preload) gets
    # its bitmaps too, from the store kept between visits: none is drawn.
    page.reload()
    t.wait_ready()
    page.wait_for_function(ready, timeout=60_000)
    faces_are_bitmaps(page)
    state = page.evaluate(STATE)
    assert state["stored"] == state["bitmaps"] > 0, state


def test_faces_become_bitmaps_when_the_store_refuses(table_factory):
    """Storage full or refused: the faces are drawn at every visit, and
    nothing else changes."""
    t = table_factory(PHONE, **PHONE_CONTEXT)
    t.context.add_init_script("""window.caches.open = () =>
      Promise.reject(new DOMException('the store is full', 'QuotaExceededError'));""")
    query, table, _tap = GAMES[0]
    ready = f"""() => document.querySelector('{table}[data-waiting=human]') &&
      document.documentElement.dataset.busy === '0'"""
    page = start_seeded(t, query, ready, speed="fast")
    faces_are_bitmaps(page)
    page.reload()
    t.wait_ready()
    page.wait_for_function(ready, timeout=60_000)
    faces_are_bitmaps(page)
    assert page.evaluate(STATE)["stored"] == 0


# The faces of the first drawing of the table, recorded as it is drawn.
FIRST_FACES = """() => { window.__first = null;
  new MutationObserver((_m, obs) => {
    const imgs = document.querySelectorAll('#table img.hcard');
    if (!imgs.length) return;
    window.__first = [...imgs].map((i) => i.getAttribute('src'));
    obs.disconnect();
  }).observe(document.getElementById('table'), {childList: true, subtree: true}); }"""


def test_faces_are_made_on_the_setup_screen_and_dealt_as_bitmaps(table_factory):
    """While the new-game screen is shown, the faces are made at the width of
    the table's widest card (a hand card: 62 css px, x3), so the deal's
    first drawing shows bitmaps, not SVGs (whose first paint, all at once,
    was ~150 ms of the deal's first frame on the phone profile)."""
    t = table_factory(PHONE, **PHONE_CONTEXT)
    page = open_until_made(t, "?game=matgo&seed=11&level=easy")
    assert page.locator("#table img").count() == 0            # not dealt yet
    assert page.evaluate(STATE)["width"] == 192                # ceil(62 * 3 / 16) * 16
    page.evaluate(FIRST_FACES)
    page.click("[data-do=start]")
    page.wait_for_function("() => window.__first !== null", timeout=60_000)
    first = page.evaluate("window.__first")
    assert first and all(src.startswith("blob:") for src in first), first


# Counts the faces drawn into a canvas, and those drawn in the same task as
# the face before them (a microtask runs between two tasks, never inside
# one), and the PNGs the page encodes itself (canvas.toBlob).
PAINTS_PER_TASK = """window.__paints = 0; window.__together = 0; window.__toBlob = 0;
let inTask = false;
for (const proto of [CanvasRenderingContext2D.prototype, OffscreenCanvasRenderingContext2D.prototype]) {
  const draw = proto.drawImage;
  proto.drawImage = function (...args) {
    window.__paints++;
    if (inTask) window.__together++;
    inTask = true;
    queueMicrotask(() => { inTask = false; });
    return draw.apply(this, args);
  };
}
const toBlob = HTMLCanvasElement.prototype.toBlob;
HTMLCanvasElement.prototype.toBlob = function (...args) { window.__toBlob++; return toBlob.apply(this, args); };"""


def open_until_made(t, query, faces="s.faces > 0"):
    """Opens ``query`` with the faces drawn counted (PAINTS_PER_TASK) and
    waits until every face of the deck is drawn and its PNG back from the
    worker."""
    t.context.add_init_script(PAINTS_PER_TASK)
    page = t.open(query)
    page.evaluate("import('./raster.js').then((r) => { window.__raster = r; })")
    page.wait_for_function("() => { const s = window.__raster.state(); return " + faces
                           + " && s.width > 0 && s.todo === 0 && s.bitmaps === s.faces; }", timeout=60_000, polling=250)
    return page


# Each face on the table: [its SVG, the bitmap's width and height, the
# share of its pixels that differ from the SVG drawn whole at that size].
SAME_AS_SVG = """async () => {
  const out = [];
  for (const shown of document.querySelectorAll('#table img.hcard[src^="blob:"]')) {
    const bitmap = new Image(); bitmap.src = shown.src; await bitmap.decode();
    const svg = new Image(); svg.src = shown.dataset.art; await svg.decode();
    const w = bitmap.naturalWidth, h = bitmap.naturalHeight;
    const pixels = (img) => { const c = new OffscreenCanvas(w, h); const x = c.getContext('2d');
      x.drawImage(img, 0, 0, w, h); return x.getImageData(0, 0, w, h).data; };
    const a = pixels(bitmap), b = pixels(svg);
    let differ = 0;
    for (let i = 0; i < a.length; i += 4) {
      if (Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]), Math.abs(a[i + 3] - b[i + 3])) > 8) differ++;
    }
    out.push([shown.dataset.art, w, h, differ / (w * h)]);
  }
  return out;
}"""


def test_each_face_is_painted_a_strip_a_task_and_encoded_off_the_page(table_factory):
    """A face costs 2-52 ms to paint on the phone profile: several in one
    task made tasks of 45-55 ms when a dear one came after cheap ones, and
    a dear face alone made tasks of 50-70 ms. It is painted in
    strips, six to a face, each in a task of its own. Its PNG is put together and encoded
    in a worker (png-worker.js): Chromium's toBlob encoded in the page's
    idle time, and all at once when there was none."""
    t = table_factory(PHONE, **PHONE_CONTEXT)
    page = open_until_made(t, "?game=matgo&seed=11&level=easy")
    painted = page.evaluate("[window.__paints, window.__together, window.__toBlob]")
    assert painted[0] >= 6 * 48 and painted[1] == 0, painted  # every face of the deck, a strip a task
    assert painted[2] == 0, painted                            # none encoded on the page
    # The strips make the whole face: each dealt bitmap, against its SVG
    # drawn whole at the same size.
    page.click("[data-do=start]")
    page.wait_for_function("() => document.querySelectorAll('#table img.hcard[src^=\"blob:\"]').length >= 10", timeout=60_000)
    compared = page.evaluate(SAME_AS_SVG)
    assert len(compared) >= 10, compared
    for art, width, height, differ in compared:
        assert (width, height) == (192, 288), (art, width, height)
        # (drawn twice, a face's edges may differ a little: 0.1-2% of its
        # pixels; a strip missing or out of place would be a third of them)
        assert differ < 0.05, (art, differ)


def test_faces_are_made_on_the_page_when_the_png_worker_fails(table_factory):
    t = table_factory(PHONE, **PHONE_CONTEXT)
    t.context.route("**/png-worker.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body="self.onmessage = () => { throw new Error('broken'); };"))
    open_until_made(t, "?game=matgo&seed=11&level=easy")
    t.errors.clear()                            # the broken worker's own error


# Every fetch of a face's SVG from now on (raster.js keys its store by it):
# in which turn of the page's script it came (the fetches of one run of
# script share a turn) and whether that turn was an idle callback.
SVG_FETCHES = """window.__svgFetches = [];
let turn = 0, open = false, inIdle = false;
const _fetch = window.fetch;
window.fetch = function (input, init) {
  const url = typeof input === 'string' ? input : input.url;
  if (/\\/art\\/.*\\.svg(\\?|$)/.test(url)) {
    if (!open) { open = true; turn++; queueMicrotask(() => { open = false; }); }
    window.__svgFetches.push({turn, idle: inIdle});
  }
  return _fetch.call(this, input, init);
};
const _idle = window.requestIdleCallback;
if (_idle) window.requestIdleCallback = function (fn, opts) {
  return _idle.call(window, (deadline) => {
    inIdle = true;
    try { return fn(deadline); } finally { inIdle = false; }
  }, opts);
};"""
READ_BATCH = 4      # raster.js: the faces asked of the store in one task


def test_a_returning_visit_reads_every_stored_face_at_once(table_factory):
    """The next visit's setup screen takes every face from the store, none
    painted, and asks for them all at once (one per idle moment took ~2 s
    on the phone profile, so a quick deal still showed SVG faces)."""
    t = table_factory(PHONE, **PHONE_CONTEXT)
    page = t.open("?game=matgo&seed=11&level=easy")
    page.evaluate("import('./raster.js').then((r) => { window.__raster = r; })")
    made = "() => { const s = window.__raster.state(); return s.faces > 0 && s.width > 0 && s.todo === 0; }"
    page.wait_for_function(made, timeout=60_000, polling=250)
    # every face's bitmap written to the store (a PNG is made, hashed and
    # written after its face is started: a fixed 500 ms was too short for 51
    # of them in a loaded CI run)
    page.wait_for_function("""async () => (await (await caches.open('cardroom.faces')).keys()).length
                              >= window.__raster.state().faces""", timeout=60_000, polling=250)
    t.context.add_init_script(SVG_FETCHES)
    page.reload()
    t.wait_ready()
    page.evaluate("import('./raster.js').then((r) => { window.__raster = r; })")
    page.wait_for_function(made, timeout=60_000, polling=250)
    state = page.evaluate(STATE)
    assert state["stored"] == state["faces"] == state["bitmaps"] > 40, state
    fetches = page.evaluate("window.__svgFetches")
    assert len(fetches) == state["faces"], (len(fetches), state)
    # asked READ_BATCH a task, one task after the other, not one face per
    # idle moment: only the first batch comes in an idle callback (a timing
    # bound failed on a loaded machine: 13 tasks took 516 ms there)
    turns = {f["turn"] for f in fetches}
    assert len(turns) <= -(-state["faces"] // READ_BATCH), sorted(turns)
    assert len({f["turn"] for f in fetches if f["idle"]}) <= 1, fetches


# Every request the page makes for a face's SVG as an image (not raster.js's
# fetch that keys its store), from now on.
SVG_IMAGE_LOADS = """() => { window.__imgLoads = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries())
    if (e.initiatorType === 'img' && /\\/art\\/hwatu\\/\\d+\\.svg$/.test(e.name)) window.__imgLoads.push(e.name); })
    .observe({type: 'resource'}); }"""


def test_a_face_is_loaded_once_however_many_cards_show_it(table_factory):
    """Keying a face in the store reads its SVG under another address: a
    fetch of the image's own address took the loaded face's place in the
    browser's memory cache, and each card then showing that SVG loaded and
    parsed it again (~60-70 ms a face on the phone profile, in the deal's
    first frames when Start came before the bitmaps)."""
    t = table_factory(PHONE, **PHONE_CONTEXT)
    page = t.open("?game=matgo&seed=11&level=easy")
    page.evaluate("import('./raster.js').then((r) => { window.__raster = r; })")
    # The store has been asked for every face (each face's SVG fetched).
    page.wait_for_function("() => { const s = window.__raster.state(); return s.faces > 0 && s.width > 0 && s.todo === 0; }",
                           timeout=60_000, polling=250)
    page.evaluate(SVG_IMAGE_LOADS)
    # SVG faces on the page again, as a deal that came before the bitmaps shows them.
    keyed = page.evaluate("""() => { const faces = [...new Set(performance.getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'fetch' && /\\.svg(\\?key=)?$/.test(e.name)).map((e) => e.name.split('?')[0]))];
      const box = document.createElement('div');
      for (const src of faces) { const img = document.createElement('img'); img.src = src; box.append(img); }
      document.body.append(box);
      return faces.length; }""")
    assert keyed > 40
    page.wait_for_timeout(1500)
    assert page.evaluate("window.__imgLoads") == []


def test_the_home_screen_makes_the_matching_decks_faces_ahead(table_factory):
    """Most players pick a matching game: the home screen has the hwatu
    faces made at the matgo table's width, so that game's setup screen
    paints none and its first deal shows bitmaps however soon Start is
    tapped (as SVGs, each face's first paint was 15-20 ms of a deal frame
    on the phone profile)."""
    t = table_factory(PHONE, **PHONE_CONTEXT)
    page = open_until_made(t, "?lang=en", faces="s.faces === 51")
    assert page.evaluate(STATE)["width"] == 192
    painted = page.evaluate("window.__paints")
    assert painted >= 51
    page.click("[data-do=open][data-game=matgo]")
    page.wait_for_selector("[data-do=start]")
    page.evaluate(FIRST_FACES)
    page.click("[data-do=start]")
    page.wait_for_function("() => window.__first !== null", timeout=60_000)
    first = page.evaluate("window.__first")
    assert first and all(src.startswith("blob:") for src in first), first
    assert page.evaluate("window.__paints") == painted          # none painted again
