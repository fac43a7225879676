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
from .i18n import LANGS, _, pick, set_lang
from .store import Store


class _Tables(dict):
    """Game id -> table class, imported on first use: the home page never
    pays for compiling the tables it does not show (there is no bytecode
    cache in the browser)."""

    def __missing__(self, game_id):
        import importlib
        module, name = TABLE_MODULES[game_id]
        cls = getattr(importlib.import_module(module, __package__), name)
        self[game_id] = cls
        return cls

    def __contains__(self, game_id):
        return game_id in TABLE_MODULES

    def __iter__(self):
        return iter(TABLE_MODULES)


TABLE_MODULES = {"go-stop-2005": (".table2005", "Table2005"), "matgo": (".hwatu_table", "MatgoTable"),
                 "gostop": (".hwatu_table", "GoStopTable"), "stopgo": (".stopgo_table", "StopGoTable"),
                 "stop": (".stop_table", "StopTable")}
TABLES = _Tables()
SPEEDS = ("normal", "fast")
# Verbs that run game logic: one at a time, the rest wait until it is done.
NAVIGATION = ("dismiss", "home", "open", "speed", "continue", "scenario",
              "calc-card", "calc-go", "calc-clear")
PARAM_RULES = {
    "game": lambda v: v in TABLES or _("unknown or unavailable game {v}", v=repr(v)),
    "players": lambda v: (v.isdigit() and 2 <= int(v) <= 6) or _("players must be a number from 2 to 6"),
    "level": lambda v: v in ("easy", "normal", "hard") or _("level must be easy, normal or hard"),
    "seed": lambda v: (v.isdigit() and len(v) <= 15) or _("seed must be a whole number (up to 15 digits)"),
    "speed": lambda v: v in SPEEDS or _("speed must be normal or fast"),
    "snapshot": lambda v: v == "off" or _("snapshot can only be off"),
    "scenario": lambda v: (0 < len(v) <= 40 and all(c.isalnum() or c == "-" for c in v))
    or _("scenario must be a rulebook example's name"),
    "lang": lambda v: v in LANGS or _("lang must be one of {codes}", codes=", ".join(LANGS)),
}


def table_seed():
    return int(window.Math.floor(window.Math.random() * 2 ** 31))


def check_params(raw):
    """Splits URL parameters into valid ones and one-line complaints."""
    good, bad = {}, []
    for key, value in raw.items():
        rule = PARAM_RULES.get(key)
        if rule is None:
            bad.append(_("{key}: not a parameter of this site", key=key))
            continue
        verdict = rule(value)
        if verdict is True:
            good[key] = value
        else:
            bad.append(f"{key}={value!r}: {verdict}")
    return good, bad


class Shell:
    def __init__(self):
        # embed.html: one board for another site's iframe; it saves nothing,
        # so boards on a teaching page never touch the player's own games.
        self.embed = document.documentElement.getAttribute("data-embed") == "1"
        # rules-<game>.html: the rules text and the examples' board (no saves).
        self.rules_game = (document.documentElement.getAttribute("data-game")
                           if document.documentElement.getAttribute("data-page") == "rules" else None)
        self.link = EmbedLink() if self.embed else None
        self.store = Store(enabled=not (self.embed or self.rules_game))
        self.settings = self._load_settings()
        self.table = None
        self.calculator = None
        self._busy = False

    @property
    def busy(self):
        return self._busy

    @busy.setter
    def busy(self, value):
        # Mirrored on <html data-busy> so tests know when input is accepted.
        self._busy = bool(value)
        document.documentElement.dataset.busy = "1" if value else "0"

    # ---- boot -----------------------------------------------------------------
    async def start(self):
        self.busy = False
        dom.listen(document, "click", self._on_click)
        dom.listen(document, "keydown", self._on_key)
        window.cardroomState = create_proxy(self.state_json)
        for btn in document.querySelectorAll('[data-do="open"]'):
            btn.removeAttribute("disabled")
        raw = dom.url_params()
        browser = [str(x) for x in (window.navigator.languages or [])]
        page_lang = document.documentElement.getAttribute("data-lang")   # rules pages
        set_lang(page_lang or pick(raw.get("lang"), self.settings.get("lang"), browser))
        params, complaints = check_params(raw)
        if "speed" in params:
            self.settings["speed"] = params["speed"]
        self.translate_static()
        if self.embed:
            await self._start_embedded(params, complaints)
            return
        if self.rules_game in TABLES:
            dom.show("boot", False)
            document.documentElement.dataset.ready = "1"
            if self.rules_game in ("matgo", "gostop"):
                from .calculator import Calculator
                self.calculator = Calculator(self.rules_game)
                self.calculator.render()
            first = document.querySelector("[data-do='scenario']")
            if first:
                self.show_scenario(TABLES[self.rules_game](self), first.dataset.id)
            return
        messages = []
        if complaints:
            messages.append(_("Ignored in the address: {what}.", what="; ".join(complaints)))
        if self.store.problem:
            messages.append(self.store.problem)
        current = self.store.get("current")
        if "game" in params and self.store.get(f"save.{params['game']}"):
            # A game in progress wins over the link: reloading never loses it
            # (New game is one click away, pre-filled from the address).
            messages += self.resume(params["game"])
            self.table.setup_params = params
        elif "game" in params:
            self.open_setup(params["game"], params)
        elif current in TABLES and self.store.get(f"save.{current}"):
            messages += self.resume(current)
        else:
            self.go_home()
        if messages:
            dom.notice(" ".join(messages))
        dom.show("boot", False)
        document.documentElement.dataset.ready = "1"

    async def _start_embedded(self, params, complaints):
        dom.listen(window, "message", self._on_message)
        if complaints:
            dom.notice(_("Ignored in the address: {what}.", what="; ".join(complaints)))
        dom.show("boot", False)
        document.documentElement.dataset.ready = "1"
        if "game" not in params:
            dom.notice(_("This board needs a game: embed.html?game={games}.", games="|".join(TABLES)))
            return
        await self._embedded_game(params)

    async def _embedded_game(self, params):
        table = TABLES[params["game"]](self)
        self.table = table
        if "scenario" in params:
            self.show_scenario(table, params["scenario"])
            return
        players = int(params.get("players", table.default_options.get("players", 2)))
        options = {"players": players} if players in getattr(table, "player_counts", range(2, 7)) and (
            len(getattr(table, "player_counts", (2, 3))) > 1) else dict(table.default_options)
        seed = int(params["seed"]) if "seed" in params else table_seed()
        self._show_screen("table")
        self.busy = True
        try:
            await table.new_game(options, params.get("level", "easy"), seed)
        finally:
            self.busy = False
        self.link.send("ready", game=params["game"], seed=seed)

    def show_scenario(self, table, scenario_id):
        """A rulebook example on the board (embed.html and the rules pages)."""
        from gostop.scenarios import scenario_ids
        from .scenario import ScenarioRunner
        if scenario_id not in scenario_ids(table.game_id):
            dom.notice(_("There is no example {name} for {game}; known: {known}.", name=repr(scenario_id),
                         game=table.game_id, known=", ".join(scenario_ids(table.game_id))))
            return
        self.table = table
        table.scenario = ScenarioRunner(table, scenario_id)
        self._show_screen("table")
        table.scenario.start()
        if self.link is not None:
            self.link.send("ready", game=table.game_id, scenario=scenario_id)

    def _on_message(self, event):
        got = self.link.receive(event, check_params)
        if got is None:
            return
        kind, params = got
        if kind == "reset" and self.table is not None and self.table.scenario is not None:
            self.table.scenario.start()
            self.link.send("ready", game=self.table.game_id, scenario=self.table.scenario.data["id"])
            return
        if kind == "reset" and self.table is not None and self.table.session is not None:
            game = self.table.session.game
            params = {"game": game.game_id, "seed": str(game.seed),
                      "players": str(game.num_players), "level": self.table.session.seats[1]}
        elif kind == "reset":
            return
        params.setdefault("game", self.table.game_id if self.table else "go-stop-2005")
        if self.busy:
            window.console.warn("cardroom embed: busy, message ignored")
            return
        asyncio.ensure_future(self._embedded_game(params))

    def events_out(self, events):
        """Tells the parent page what happened (embed.html only)."""
        if self.link is None or self.table is None:
            return
        game = self.table.game_id
        for e in events:
            self.link.send("event", game=game, event=e)
        session = self.table.session
        if session is not None and session.game.is_terminal() and events:
            self.link.send("over", game=game, returns=session.game.returns())

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

    # ---- settings and saves -----------------------------------------------------
    def _load_settings(self):
        settings = {"speed": "normal", "pass_panel": True}
        try:
            stored = json.loads(self.store.get("settings") or "{}")
            if isinstance(stored, dict):
                if stored.get("speed") in SPEEDS:
                    settings["speed"] = stored["speed"]
                if stored.get("lang") in LANGS:
                    settings["lang"] = stored["lang"]
        except ValueError:
            pass
        return settings

    def save_settings(self):
        self.store.set("settings", json.dumps(self.settings))

    def pace(self, seconds):
        """How long to pause for ``seconds`` of normal-speed animation."""
        return seconds * (0.3 if self.settings["speed"] == "fast" else 1.0)

    async def wait(self, seconds):
        await asyncio.sleep(self.pace(seconds))

    def save(self, game_id, text):
        problem = self.store.set(f"save.{game_id}", text) or self.store.set("current", game_id)
        if problem:
            dom.notice(problem)

    def resume(self, game_id):
        """Opens the saved game; returns notices (a broken save is replaced)."""
        table = TABLES[game_id](self)
        problem = table.resume(self.store.get(f"save.{game_id}"))
        self.table = table
        self._show_screen("table")
        if problem:
            return [_("Your saved game could not be restored ({problem}); a new game has started.", problem=problem)]
        return []

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
        if name == "home":
            dom.set_html("topbar-info", "")

    def go_home(self):
        self.table = None
        self._show_screen("home")
        self.store.remove("current")

    def open_setup(self, game_id, params=None):
        self.table = TABLES[game_id](self)
        dom.set_html("setup", self.table.setup_html(params or {}))
        self._show_screen("setup")
        node = document.querySelector("#setup [data-do='start']")
        if node:
            node.focus()

    async def start_game(self):
        options = self.table.read_setup()
        if isinstance(options, str):
            dom.notice(options)
            return
        dom.notice("")
        self._show_screen("table")
        await self.table.new_game(*options)

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
            return
        if verb not in NAVIGATION:
            # Claimed synchronously, so a second click (or a test) sees it.
            if self.busy:
                return
            self.busy = True
        asyncio.ensure_future(self._dispatch(verb, node))

    def _on_key(self, event):
        if self.table is not None and self.table.session is not None:
            self.table.on_key(event)

    async def _dispatch(self, verb, node):
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
        elif verb == "speed":
            self.settings["speed"] = "fast" if self.settings["speed"] == "normal" else "normal"
            self.save_settings()
            if self.table:
                self.table.render()
        elif verb == "start":
            try:
                await self.start_game()
            finally:
                self.busy = False
        elif self.table is not None:
            try:
                await self.table.on_do(verb, node)
            except Exception as e:  # noqa: BLE001 - report, never leave the page dead
                dom.notice(_("Something went wrong: {error}", error=e), "error")
                raise
            finally:
                self.busy = False
        else:
            self.busy = False
