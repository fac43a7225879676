"""Small helpers over the browser DOM (PyScript's ``document``/``window``)."""
import asyncio

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window


def esc(text):
    """``text`` made safe inside markup and quoted attributes, as
    ``html.escape`` makes it. Written out: the html module imports
    html.entities (thousands of strings, each with its hash), which cost the
    boot snapshot, and so every first visit, ~0.1 MB."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


_proxies = []  # keep event proxies alive for the page's lifetime


def el(id_):
    return document.getElementById(id_)


def query(selector):
    """The first element matching ``selector`` (a JS null when none)."""
    return document.querySelector(selector)


def query_all(selector):
    return list(document.querySelectorAll(selector))


def open_sheet():
    """The seat whose piles sheet (a popover) is open, or None."""
    try:
        node = document.querySelector(".piles-sheet:popover-open")
    except Exception:  # noqa: BLE001 - a browser without popovers: none is open
        return None
    return int(node.dataset.seat) if node else None


def focused():
    """The element holding the keyboard focus."""
    return document.activeElement


def set_html(id_, markup):
    el(id_).innerHTML = markup


def _write_later(id_, value, html):
    motion = getattr(window, "cardroomMotion", None)
    if motion and hasattr(motion, "write"):
        motion.write(id_, value, html)
    elif html:
        el(id_).innerHTML = value
    else:
        el(id_).textContent = value


def set_html_later(id_, markup):
    """``set_html`` at the end of this task (motion.js ``write``): for the
    parts of the page around the table that a move changes, so the table's
    cards are measured before anything else is written."""
    _write_later(id_, markup, True)


# Between the parts of a table's markup (motion.js patches only the parts
# that changed): the table element's opening tag, one element (or nothing)
# per part, its closing tag.
PART = "<!--part-->"


def nest(level, open_tag, children, close_tag):
    """An element of a table's part drawn in parts of its own, the same way
    (``level`` 1 inside a part, 2 inside those): motion.js then patches only
    the children whose markup changed. Each child is one element or ""."""
    m = f"<!--part{level}-->"
    return open_tag + m + m.join(children) + m + close_tag


def draw_table(markup, ms=0, fresh=False, since=None):
    """Redraws the table as ``markup`` in the next task (motion.js
    ``draw``), keeping the elements still on it (``patch``); with ``ms``,
    cards that moved slide from where they were for that long. ``fresh``: a new deal (cards
    come from their ``data-from`` anchors, not from their old places).
    ``since``: the loop time the move being drawn began. Its work so far
    (the engine, the markup, this redraw: ~0.1 s on a slow phone, a few ms
    on a desktop) is taken from the flight, so a move lasts its pace from
    its start on every device (never under 60% of the flight)."""
    motion = getattr(window, "cardroomMotion", None)
    if not motion:
        el("table").innerHTML = markup
        return
    floor = ms
    if ms and since is not None:
        spent = (asyncio.get_event_loop().time() - since) * 1000
        floor = ms * 0.6
        ms = max(floor, ms - spent)
    # In the next task (motion.js ``draw``): this step and the redraw
    # were one task, often over 50 ms on a slow phone.
    motion.draw(markup, ms, floor, fresh)


def draw_now():
    """Does the redraw still waiting for its task now (motion.js ``drawNow``)."""
    motion = getattr(window, "cardroomMotion", None)
    if motion:
        motion.drawNow()


def after_draw(fn):
    """Calls ``fn`` once the table shows what this task drew: at the end
    of the task, or after a redraw still waiting for its own (motion.js
    ``after``)."""
    motion = getattr(window, "cardroomMotion", None)
    if motion and hasattr(motion, "after"):
        motion.after(create_once_callable(fn))
    else:
        fn()


def touched(*nodes):
    """The page changed the table's elements ``nodes`` itself: the next
    redraw patches their parts in full (all of the table when none is
    given; motion.js ``forget``)."""
    motion = getattr(window, "cardroomMotion", None)
    if motion and hasattr(motion, "forget"):
        motion.forget(*[n for n in nodes if n is not None])


def banner(word, native, kind, ms, images=()):
    """A callout over the table (motion.js), gone by itself after ``ms``;
    ``images``: card faces it shows (a shake's three cards)."""
    motion = getattr(window, "cardroomMotion", None)
    if motion:
        motion.banner(word, native or "", kind, ms, to_js(list(images)))


def preload(urls, widest=None):
    """Fetches and decodes these images now (a table's card faces, before
    its deal), so no face is first loaded while cards fly; ``widest``: the
    markup of the table's widest card, whose width the faces' bitmaps are
    made at before the deal (raster.js)."""
    motion = getattr(window, "cardroomMotion", None)
    if motion and hasattr(motion, "preload"):
        motion.preload(to_js(list(urls)), widest)


def finish_motion():
    """Every running animation jumps to its end (a tap does not wait)."""
    motion = getattr(window, "cardroomMotion", None)
    if motion:
        motion.finish()


def show(id_, visible=True):
    node = el(id_)
    if visible:
        node.removeAttribute("hidden")
    else:
        node.setAttribute("hidden", "")


def listen(target, event, handler, capture=False):
    """``capture``: for events that do not bubble (a popover's beforetoggle)."""
    proxy = create_proxy(handler)
    target.addEventListener(event, proxy, capture)
    _proxies.append(proxy)
    return proxy


def announce(text):
    """Says ``text`` to screen readers through the live region."""
    _write_later("live", text, False)   # at the end of the task, as set_html_later


def notice(text, kind="warn"):
    """One line at the top of the page (errors, storage problems)."""
    node = el("notice")
    if not text:
        node.setAttribute("hidden", "")
        return
    node.className = f"notice {kind}"
    node.innerHTML = f'<span>{esc(text)}</span><button class="icon-btn" data-do="dismiss" aria-label="Dismiss">&times;</button>'
    node.removeAttribute("hidden")


def open_dialog():
    """Gives the keyboard to the dialog just drawn (its first button) with
    the dialog shown from its top: a plain ``focus()`` scrolled a tall
    dialog down to the button and hid the headline (phones). Done once the
    frame that shows the dialog is over: in the drawing's own task, the
    focus and the scroll made the browser lay the new dialog out there and
    then (a task of ~90 ms at a hand's end on a slow phone, measured);
    after the frame the page is laid out already."""
    def now():
        motion = getattr(window, "cardroomMotion", None)
        if motion and hasattr(motion, "pending") and motion.pending():   # not drawn yet
            window.setTimeout(create_once_callable(now), 0)
            return
        dialog = document.querySelector(".overlay .dialog")
        if not dialog:               # (a JS null: gone, or never drawn)
            return
        btn = dialog.querySelector(".btn")
        if btn:
            btn.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
        dialog.scrollTop = 0

    window.requestAnimationFrame(create_once_callable(
        lambda _t: window.setTimeout(create_once_callable(now), 0)))


def reduced_motion():
    try:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:  # noqa: BLE001 - an old browser: assume motion is fine
        return False


def url_params():
    """The page's query string as a dict of str (last value wins)."""
    params = window.URLSearchParams.new(window.location.search)
    return {k: v for k, v in (tuple(p) for p in params.entries())}
