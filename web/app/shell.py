"""The page shell: screens (home, setup, table), notices, settings, saves,
URL parameters and one delegated click/key handler for the whole page.

Every clickable element carries ``data-do="verb"``; the shell handles the
navigation verbs and passes the rest to the current table.
"""
import asyncio
import json

from pyodide.ffi import create_proxy
from pyscript import document, window

from . import dom
from .embed import EmbedLink
from .embed_board import EmbedBoard
from .i18n import _, pick, set_lang
from .inputs import check_params, parse_settings
from .sounds import sound_for
from .store import Store
from .tables import HOME_FACES, HOME_WIDEST, TABLES


# Verbs that run game logic: one at a time, the rest wait until it is done.
NAVIGATION = ("dismiss", "home", "open", "speed", "continue", "scenario",
              "calc-card", "calc-go", "calc-clear", "sound")
# Taps on the table that wait for it (queued) when it is still moving.
QUEUEABLE = ("card", "act")


class Shell(EmbedBoard):
    def __init__(self):
        # embed.html: one board for another site's iframe; it saves nothing,
        # so boards on a teaching page never touch the player's own games.
        self.embed = document.documentElement.getAttribute("data-embed") == "1"
        # rules-<game>.html: the rules text and the examples' board (no saves).
        self.rules_game = (document.documentElement.getAttribute("data-game")
                           if document.documentElement.getAttribute("data-page") == "rules" else None)
        self.link = EmbedLink() if self.embed else None
        self.store = Store(enabled=not (self.embed or self.rules_game))
        self.settings, problem = parse_settings(self.store.get("settings"))
        # One-line notices gathered while booting, shown together once ready.
        self.boot_notices = [problem] if problem else []
        # Sound for this visit: the site follows the player's switch; the embed
        # is silent unless its parent asks, the rules pages are silent.
        self.sound = self.settings["sound"] and not (self.embed or self.rules_game)
        self.table = None
        self.calculator = None
        self._busy = False
        self._busy_for = None      # the table whose work holds the page busy
        self._queued = None        # a tap made while busy: (selector), replayed when free
        self._hurry = False        # a tap is waiting: the table's pauses end now
        self._embed_task = None    # the embed's game being started (the latest start wins)
        self._tokens = 0           # tokens the embed gives games the parent did not name

    @property
    def busy(self):
        return self._busy

    @busy.setter
    def busy(self, value):
        # Mirrored on <html data-busy> so tests know when input is accepted:
        # busy at once, free once the table shows what this task drew (a
        # redraw waits for the next task).
        self._busy = bool(value)
        if self._busy:
            self._mirror_busy()
        else:
            dom.after_draw(self._mirror_busy)

    def _mirror_busy(self):
        document.documentElement.dataset.busy = "1" if self._busy else "0"

    def claim(self, table):
        """The page is busy with ``table``'s work (input waits)."""
        self.busy = True
        self._busy_for = table

    def release(self, table):
        """``table``'s work is done; the page is free unless another table
        has claimed it since (the embed replaced the game meanwhile)."""
        if self._busy_for is table:
            self.busy = False
            self._busy_for = None
            self._hurry = False
            self._replay_queued()

    def _queue(self, verb, node):
        """Keeps a tap made while the table is moving (the last one wins):
        the motion jumps to its end and the tap is replayed when the table
        takes input. It is replayed by clicking the same card or button in
        the new table, so it counts only if it is still a legal move."""
        marks = "".join(f'[{a.name}="{a.value}"]' for a in node.attributes
                        if a.name.startswith("data-") and a.name != "data-do" and '"' not in a.value)
        self._queued = f'#table [data-do="{verb}"]{marks}'
        self._hurry = True
        dom.finish_motion()

    def _replay_queued(self):
        selector, self._queued = self._queued, None
        if selector is None:
            return
        node = document.querySelector(selector)
        if node and not node.hasAttribute("disabled"):
            node.click()

    # ---- boot -----------------------------------------------------------------
    async def start(self):
        """Boots the page. Whatever raises on the way (a save, the address,
        a bug) ends in a playable page with a one-line notice: ``ready`` is
        always reached (boot.js's watchdog covers Python itself dying)."""
        self.busy = False
        try:
            await self._start()
        except Exception as e:  # noqa: BLE001 - the last guard of the boot
            window.console.error(f"cardroom: boot failed: {e!r}")
            self.boot_notices.append(_("Something went wrong while starting ({error}); "
                                       "the card room starts fresh.", error=type(e).__name__))
            if not (self.embed or self.rules_game):
                self.go_home()
        finally:
            if self.boot_notices:
                dom.notice(" ".join(self.boot_notices))
            dom.show("boot", False)
            window.performance.mark("boot:ready")
            document.documentElement.dataset.ready = "1"

    async def _start(self):
        dom.listen(document, "click", self._on_click)
        dom.listen(document, "keydown", self._on_key)
        dom.listen(document, "beforetoggle", self._on_toggle, capture=True)
        # Forms never navigate (this replaces an inline onsubmit: the CSP forbids those).
        dom.listen(document, "submit", lambda event: event.preventDefault())
        window.cardroomState = create_proxy(self.state_json)
        window.cardroomPing = create_proxy(lambda: "ok")   # boot.js's watchdog: is Python alive?
        for btn in document.querySelectorAll('[data-do="open"]'):
            btn.removeAttribute("disabled")
        raw = dom.url_params()
        browser = [str(x) for x in (window.navigator.languages or [])]
        page_lang = document.documentElement.getAttribute("data-lang")   # rules pages
        set_lang(page_lang or pick(raw.get("lang"), self.settings.get("lang"), browser))
        params, complaints = check_params(raw)
        if "speed" in params:
            self.settings["speed"] = params["speed"]
        if "sound" in params:
            self.sound = params["sound"] == "1"
        self.translate_static()
        self.show_sound()
        if complaints:
            self.boot_notices.append(_("Ignored in the address: {what}.", what="; ".join(complaints)))
        if self.embed:
            self._start_embedded(params)
            return
        if self.rules_game in TABLES:
            if self.rules_game in ("matgo", "gostop"):
                from .calculator import Calculator
                self.calculator = Calculator(self.rules_game)
                self.calculator.render()
            first = document.querySelector("[data-do='scenario']")
            if first:
                self.show_scenario(TABLES[self.rules_game](self), first.dataset.id)
            return
        if self.store.problem:
            self.boot_notices.append(self.store.problem)
        current = self.store.get("current")
        if "game" in params and "share" in params:
            # A shared deal: its setup, filled in; a game in progress stays
            # saved until Deal. The address forgets "share", so a reload
            # then resumes the game as any other.
            self.open_setup(params["game"], params)
            self._forget_param("share")
        elif "game" in params and self.store.get(f"save.{params['game']}"):
            # A game in progress wins over the link: reloading never loses it
            # (New game is one click away, pre-filled from the address).
            self.resume(params["game"])
            self.table.setup_params = params
        elif "game" in params:
            self.open_setup(params["game"], params)
        elif current in TABLES and self.store.get(f"save.{current}"):
            self.resume(current)
        else:
            self.go_home()

    @staticmethod
    def _forget_param(name):
        try:
            url = window.URL.new(window.location.href)
            url.searchParams.delete(name)
            window.history.replaceState(None, "", url.href)
        except Exception:  # noqa: BLE001 - an address we cannot rewrite stays as it is
            pass

    def _retire_table(self):
        """The current table stops: its computer seats stop moving, its
        events no longer reach the parent page, and the page is no longer
        busy with its work (a pause it waits in may never end)."""
        if self.table is not None:
            self.table.retired = True
            self.release(self.table)

    def show_scenario(self, table, scenario_id):
        """A rulebook example on the board (embed.html and the rules pages)."""
        from .inputs import scenario_problem
        from .scenario import ScenarioRunner
        problem = scenario_problem(table.game_id, scenario_id)
        if problem:
            # The board keeps what it shows (nothing is replaced by an empty table).
            dom.notice(problem)
            if self.link is not None:
                self.link.send("error", token=getattr(table, "token", None), message=problem)
            return
        self._retire_table()
        self.table = table
        table.scenario = ScenarioRunner(table, scenario_id)
        self._show_screen("table")
        table.scenario.start()
        if self.link is not None:
            self.link.send("ready", game=table.game_id, token=getattr(table, "token", None),
                           scenario=scenario_id)

    def show_replay(self, record):
        """A recent hand replayed step by step on a table of its own."""
        from .replay import ReplayRunner
        self._retire_table()
        table = TABLES[record["game"]](self)
        self.table = table
        table.scenario = ReplayRunner(table, record)
        self._show_screen("table")
        table.scenario.start()

    def show_table(self):
        self._show_screen("table")

    def translate_static(self):
        """The static HTML's texts (marked data-i18n) and the language switch."""
        from .i18n import lang
        document.documentElement.lang = lang()
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = _(node.getAttribute("data-i18n"))
        if lang() != "en":
            for link in document.querySelectorAll("a.rules-link"):
                link.href = str(link.getAttribute("href")).replace(".html", f".{lang()}.html")
        switch = document.getElementById("lang")
        if switch:
            switch.value = lang()
            dom.listen(switch, "change", self._on_lang)

    def _on_lang(self, event):
        self.settings["lang"] = str(event.target.value)
        self.save_settings()
        window.location.reload()

    # ---- sound ------------------------------------------------------------------
    def cue(self, event):
        """Plays the sound of ``event`` (an engine event a table is showing,
        see app/sounds.py) when sound is on."""
        table = self.table
        if not self.sound or table is None or table.retired:
            return
        human = table.session.human if table.session is not None else 0
        kind = sound_for(event, human)
        if kind:
            try:
                window.cardroomSound.cue(kind)
            except Exception:  # noqa: BLE001 - sound.js missing or failing: silence
                pass

    def set_sound(self, on):
        """The mute switch (and the embed's parent): remembered on the site,
        for this visit only in the embed."""
        self.sound = bool(on)
        if not (self.embed or self.rules_game):
            self.settings["sound"] = self.sound
            self.save_settings()
        self.show_sound()

    def show_sound(self):
        """Tells sound.js and the switch whether sound is on. The embed's
        switch appears once sound is on there (its parent turned it on)."""
        try:
            window.cardroomSound.setMuted(not self.sound)
        except Exception:  # noqa: BLE001 - sound.js missing: nothing to tell
            pass
        button = dom.el("sound-btn")
        if not button:
            return
        button.setAttribute("aria-pressed", "true" if self.sound else "false")
        button.setAttribute("aria-label", _("Sound"))
        button.title = _("Sound is on") if self.sound else _("Sound is off")
        if self.sound:
            dom.show("sound-btn")

    # ---- settings and saves -----------------------------------------------------
    def save_settings(self):
        self.store.set("settings", json.dumps(self.settings))

    def pace(self, seconds):
        """How long to pause for ``seconds`` of normal-speed animation."""
        return seconds * (0.3 if self.settings["speed"] == "fast" else 1.0)

    async def wait(self, seconds, since=None, landed=False):
        """Pauses the table's show for ``seconds`` (at the chosen speed),
        counted from the loop time ``since`` if given; a tap waiting for the
        table cuts every pause short. ``landed``: then also until the cards
        on the table have landed, so the next move's work (Python, a redraw)
        never runs during a flight: on a slow phone it made the cards
        stutter."""
        loop = asyncio.get_event_loop()
        end = (loop.time() if since is None else since) + self.pace(seconds)
        while not self._hurry and loop.time() < end:
            await asyncio.sleep(min(0.05, end - loop.time()))
        if landed and not self._hurry:
            await self.landed()

    async def landed(self):
        """Until the table's cards have landed (at most 2 s)."""
        motion = getattr(window, "cardroomMotion", None)
        if motion is not None and hasattr(motion, "landed"):
            await motion.landed(2000)

    def save(self, game_id, text):
        problem = self.store.set(f"save.{game_id}", text) or self.store.set("current", game_id)
        if problem:
            dom.notice(problem)

    def resume(self, game_id):
        """Opens the saved game; a save that cannot be restored is replaced
        by a new game of the same kind, with a notice (only that save is lost)."""
        table = TABLES[game_id](self)
        problem = table.resume(self.store.get(f"save.{game_id}"))
        self.table = table
        self._show_screen("table")
        if problem:
            self.boot_notices.append(_("Your saved game could not be restored ({problem}); "
                                       "a new game has started.", problem=problem))

    def state_json(self):
        """The human's view as JSON (for tests and debugging; no hidden card)."""
        if self.table is None or self.table.session is None:
            return "null"
        return json.dumps(self.table.session.state())

    # ---- screens ----------------------------------------------------------------
    def _show_screen(self, name):
        for screen in ("home", "setup", "table"):
            dom.show(screen, screen == name)
        dom.show("home-btn", name != "home" and not (self.embed or self.rules_game))
        # An example's summaries sit in the page, not over it (style.css).
        example = name == "table" and self.table is not None and self.table.scenario is not None
        dom.el("table").classList.toggle("in-example", example)
        if dom.el("scenario-bar") and not example:
            dom.show("scenario-bar", False)
        if name == "home":
            dom.set_html("topbar-info", "")

    def go_home(self):
        self._retire_table()
        self.table = None
        self._show_screen("home")
        self.store.remove("current")
        # Most players pick a matching game: its deck's faces are made (and
        # stored) in the home screen's idle moments, so its first deal shows
        # bitmaps, not SVGs painted as they come (frames of 50-70 ms on the
        # phone profile when Start came before the faces were made).
        dom.preload(HOME_FACES, HOME_WIDEST)

    def open_setup(self, game_id, params=None):
        self._retire_table()
        self.table = TABLES[game_id](self)
        self.table.setup_params = params or None
        dom.set_html("setup", self.table.setup_html(params or {}) + self.table.records_html())
        self.table.wire_setup()
        self._show_screen("setup")
        dom.preload(self.table.art_urls(), self.table.widest_card())
        node = document.querySelector("#setup [data-do='start']")
        if node:
            node.focus()

    async def start_game(self):
        table = self.table
        options = table.read_setup()
        if isinstance(options, str):
            dom.notice(options)
            return
        dom.notice("")
        # The form read in a task of its own, the deal in the next: as one
        # task they were ~70 ms on the phone profile.
        await asyncio.sleep(0)
        if self.table is not table or table.retired:
            return              # the player went elsewhere meanwhile
        self._show_screen("table")
        await table.new_game(*options)

    # ---- input ------------------------------------------------------------------
    def _on_click(self, event):
        node = event.target.closest("[data-do]")
        if not node or node.hasAttribute("disabled"):  # JS null is falsy (jsnull)
            return
        event.preventDefault()
        verb = node.dataset.do
        if verb == "continue":
            # Synchronous: the paused panel leaves the screen with the click.
            if self.table is not None:
                self.table.on_continue()
                dom.draw_now()
            return
        if verb not in NAVIGATION:
            # Claimed synchronously, so a second click (or a test) sees it.
            if self.busy:
                if verb in QUEUEABLE and self.table is not None and self._busy_for is self.table:
                    self._queue(verb, node)
                elif self.table is not None and self._busy_for is self.table:
                    self.table.tap_while_moving(verb, node)   # e.g. stop's Achtung! armed at once
                return
            self.claim(self.table)
            if verb in QUEUEABLE:
                self._tap_taken(node)
        asyncio.ensure_future(self._dispatch(verb, node, self.table))

    @staticmethod
    def _tap_taken(node):
        """At once, before the move is worked out: the table stops saying it
        waits for you and the tapped control shows it was taken."""
        table = document.querySelector("#table [data-waiting]")
        if table:
            table.setAttribute("data-waiting", "no")
        prompt = document.querySelector("#decision .prompt")
        if prompt:
            prompt.textContent = ""
        node.classList.add("tapped")
        dom.touched(node, prompt)

    def _on_toggle(self, event):
        """A seat's piles sheet about to open gets its cards (the table's
        markup leaves them out while it is closed: match_view.pile_parts)."""
        node = event.target
        if (str(getattr(event, "newState", "")) != "open" or not hasattr(node, "classList")
                or not node.classList.contains("piles-sheet") or self.table is None
                or not hasattr(self.table, "sheet_html")):
            return
        body = node.querySelector(".sheet-body")
        if body:
            body.innerHTML = self.table.sheet_html(int(node.dataset.seat))
            dom.touched(node)

    def _on_key(self, event):
        if self.table is not None and self.table.session is not None:
            self.table.on_key(event)

    async def _dispatch(self, verb, node, table):
        if verb == "dismiss":
            dom.notice("")
        elif verb == "home":
            self.go_home()
        elif verb == "open":
            self.open_setup(node.dataset.game)
        elif verb.startswith("calc-") and self.calculator is not None:
            if verb == "calc-card":
                self.calculator.toggle(int(node.dataset.card))
            elif verb == "calc-go":
                self.calculator.set_gos(self.calculator.gos + int(node.dataset.delta))
            else:
                self.calculator.clear()
        elif verb == "scenario" and self.rules_game in TABLES:
            if not self.busy:
                self.show_scenario(TABLES[self.rules_game](self), node.dataset.id)
                dom.el("scenario-bar").scrollIntoView()
        elif verb == "sound":
            self.set_sound(not self.sound)
        elif verb == "speed":
            self.settings["speed"] = "fast" if self.settings["speed"] == "normal" else "normal"
            self.save_settings()
            if self.table:
                self.table.render()
        elif verb == "start":
            try:
                await self.start_game()
            finally:
                self.release(table)
        elif table is not None:
            try:
                await table.on_do(verb, node)
            except Exception as e:  # noqa: BLE001 - report, never leave the page dead
                dom.notice(_("Something went wrong: {error}", error=e), "error")
                window.console.error(f"cardroom: {verb}: {e!r}")
            finally:
                self.release(table)
        else:
            self.release(table)
