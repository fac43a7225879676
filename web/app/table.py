"""What every game table shares: the session, saving after each action,
resuming, running the computer seats at a followable pace, the game log and
the "continue" pause (a round summary waits for the player)."""
import asyncio
import json

from gostop import IllegalAction, SaveError
from gostop.core.game import events_for
from gostop.session import Session

from . import ai_remote, dom
from .i18n import N_, _, lang
from .inputs import LEVELS, parse_seed

LOG_LIMIT = 60


def board_copy(view):
    """A copy of a view (plain JSON data) to make the shown moves on."""
    return None if view is None else json.loads(json.dumps(view))


class TableBase:
    game_id = "?"
    default_options = {}

    def __init__(self, shell):
        self.shell = shell
        self.session = None
        self.setup_params = None   # from the address, for the New game screen
        self.scenario = None       # a rulebook example being stepped through
        self.log = []
        self._continue = None
        self.retired = False       # replaced by another table: stop moving, send nothing
        self.token = None          # the embed's label for this game (see shell.events_out)
        self.shown = None          # the view (or board between moves) last drawn: motion starts there

    # ---- lifecycle ----------------------------------------------------------------
    async def new_game(self, options, level, seed):
        self.session = Session.new(self.game_id, seed, options, level)
        self.log = []
        self.save()
        self.render()
        await self.advance([])

    def resume(self, text):
        """Restores a save of this game; when it cannot be restored, or its
        table cannot be drawn, starts a default game instead and says why."""
        try:
            self.session = Session.load(text, self.game_id)
            self.restore_log()
            self.render()
            problem = None
        except Exception as e:  # noqa: BLE001 - SaveError, or a save the table cannot draw
            problem = str(e) if isinstance(e, SaveError) else _("it could not be shown")
            dom.window.console.warn(f"cardroom: save of {self.game_id} replaced: {e!r}")
            self.log = []
            self.session = Session.new(self.game_id, self.random_seed(), self.default_options, "normal")
            self.save()
            self.render()
        asyncio.ensure_future(self._advance_busy())
        return problem

    async def _advance_busy(self):
        self.shell.claim(self)
        try:
            await self.advance([])
        finally:
            self.shell.release(self)

    def save(self):
        if self.scenario is None:
            self.shell.save(self.game_id, self.session.save())

    # ---- play -----------------------------------------------------------------------
    async def on_do(self, verb, node):
        if verb.startswith("scn-") and self.scenario is not None:
            if verb == "scn-next":
                await self.scenario.forward()
            elif verb == "scn-back":
                self.scenario.back()
            else:
                self.scenario.start()
        elif verb == "act":
            await self.act(int(node.dataset.action))
        elif verb == "new":
            self.shell.open_setup(self.game_id, self.setup_params or self.setup_defaults())

    async def act(self, action):
        if self.scenario is not None:
            # In an example the reader may play the example's own move only.
            mine = self.scenario.expected()
            if mine is not None and mine["action"] == action:
                await self.scenario.forward()
            elif mine is not None:
                dom.notice(_("In this example, play: {move}.", move=self.move_label(mine["action"], mine["label"])))
            self.render()       # the table waits for the move again (shell._tap_taken)
            return
        try:
            events = self.session.act(action)
        except IllegalAction as e:
            dom.notice(_("That move is not allowed: {error}", error=e))
            self.render()
            return
        self.save()
        self.ask_ahead()
        self.shell.events_out(events, self)
        await self.play_out(events)
        await self.advance(events)

    async def advance(self, events):
        """Lets every computer seat that must move do so, one at a time.
        ``events``: the player's move just shown (play_out ends with the
        engine's view drawn, so the table is not drawn again for it)."""
        drawn = bool(events)
        while self.scenario is None and not self.retired:
            seats = self.session.ai_to_move()
            if not seats:
                break
            # The pause before a computer's move includes its thinking time.
            started = asyncio.get_event_loop().time()
            action = await self.think(seats[0])
            if self.retired:   # the player left while it thought
                break
            # ...and lasts until the cards of the last drawing have landed
            # (the engine's view, drawn after the moves, may move a few).
            await self.shell.wait(self.ai_delay, since=started, landed=True)
            events = events_for(self.session.apply_ai(seats[0], action), self.session.human)
            self.save()
            self.ask_ahead()
            self.shell.events_out(events, self)
            await self.play_out(events)
            drawn = True
        if not drawn:
            self.render()

    async def think(self, seat):
        """The computer's choice: from the worker (``ai_remote``; asked ahead
        by ``ask_ahead`` while the last move was shown) when it is up, else
        by the search run here in slices, yielding to the browser
        between them so the page stays responsive while it thinks. Those
        slices start once the last move's cards have landed: run during a
        flight they would make the cards stutter."""
        ahead, self._ahead = self._ahead, None
        if ahead is not None and ahead[0] == (seat, len(self.session.game.history)):
            action = await ahead[1]
        else:
            action = await ai_remote.choice(self.session, seat)
        if action is not None:
            return action
        await self.shell.landed()
        thinking = self.session.ai_think(seat)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value
            await asyncio.sleep(0)

    _ahead = None   # ((seat, actions so far), the worker's answer to come)

    def ask_ahead(self):
        """Asks the worker about the next computer seat's move as soon as
        the engine has applied a move, so the worker (another thread) thinks
        while the move is shown; ``think`` takes its answer if the game has
        not moved since. Without the worker it does nothing: the page then
        thinks in slices after the move is shown."""
        self._ahead = None
        if self.scenario is not None or self.retired or not ai_remote.ready():
            return
        seats = self.session.ai_to_move()
        if seats:
            key = (seats[0], len(self.session.game.history))
            # The request is made and posted in a task of its own, once this
            # one has drawn the move's first step (made here, it lengthened
            # that task by ~90 ms on a slow phone). The game cannot move in
            # between: only that seat may act, and only after ``think``.
            self._ahead = (key, asyncio.ensure_future(ai_remote.choice(self.session, seats[0])))

    async def play_out(self, events):
        """Narrates and animates ``events`` (the subclass adds the show)."""
        for event in events:
            line = self.narrate(event)
            if line:
                self.add_log(line)
        self.render()

    # The log keeps its last LOG_LIMIT lines; ``log_dropped`` counts the
    # older ones, so each line keeps its number (line N is numbered N).
    # Setting ``log`` (a new game, an example) starts the count again.
    @property
    def log(self):
        return self._log

    @log.setter
    def log(self, lines):
        self._log = list(lines)
        self.log_dropped = 0

    def add_log(self, line, announce=True):
        self._log.append(line)
        extra = len(self._log) - LOG_LIMIT
        if extra > 0:
            del self._log[:extra]
            self.log_dropped += extra
        if announce:
            dom.announce(line)

    def restore_log(self, first=()):
        """The game log of a resumed game: the save's history replayed
        through the engine (``Session.replay_events``) and narrated as it
        was played (``first``: lines a table writes before any event). A
        failure costs the log, never the game."""
        self.log = []
        try:
            for line in [*first, *map(self.narrate, self.session.replay_events())]:
                if line:
                    self.add_log(line, announce=False)
        except Exception as e:  # noqa: BLE001 - the log is a nicety
            dom.window.console.warn(f"cardroom: the log of {self.game_id} was not rebuilt: {e!r}")

    async def pause_for_continue(self):
        """Waits until the player presses the dialog's Continue button
        (which takes the dialog away, ``dismiss``). In an example it does not
        wait: Next and Back are the way on, and the dialog stays on the page
        until the example moves (``ScenarioRunner``)."""
        if self.scenario is not None:
            return
        self._continue = asyncio.get_event_loop().create_future()
        await self._continue
        self._continue = None

    def on_continue(self):
        if self._continue is not None and not self._continue.done():
            self.dismiss()
            self._continue.set_result(True)

    def dismiss(self):
        """Takes the paused panel or dialog off the screen at once."""

    def waiting_for_human(self, st):
        """True when the table waits for the player's input (tests key on it)."""
        if self.scenario is not None:
            return self.scenario.expected() is not None and self._continue is None
        return (not st["terminal"] and self.session.human in st["to_move"]
                and not st["ai_to_move"] and self._continue is None)

    def log_html(self):
        # Newest first, each line with its own number (value=): the list is
        # reversed and cut, so the browser's counting would be wrong.
        first = self.log_dropped + max(0, len(self.log) - 30) + 1
        items = "".join(f'<li value="{n}">{dom.esc(x)}</li>'
                        for n, x in reversed(list(enumerate(self.log[-30:], start=first))))
        return (f'<details class="log"><summary>{_("Game log")}</summary>'
                f'<ol class="log-list" reversed>{items}</ol></details>')

    def speed_button(self):
        fast = self.shell.settings["speed"] == "fast"
        label = _("Speed: fast") if fast else _("Speed: normal")
        return (f'<button class="btn small" data-do="speed" aria-pressed="{str(fast).lower()}">'
                f'{label}</button>')

    # ---- the new-game screen ----------------------------------------------------------
    title = ""
    title_ko = ""
    summary = ""
    player_counts = (2,)
    start_label = N_("Deal")

    def setup_defaults(self):
        if self.session is None:
            return {}
        return {"players": str(self.session.game.num_players), "level": self.session.seats[1]}

    def art_urls(self):
        """The card art this table shows (``shell.open_setup`` preloads it
        before the deal)."""
        return ()

    def setup_html(self, params):
        """The new-game form: players, computer level, seed, the game's extras."""
        counts = self.player_counts
        players = int(params["players"]) if "players" in params else (
            self.default_options.get("players", counts[0]))
        if players not in counts:
            players = counts[0]
        level = params.get("level", "normal")
        seed = params.get("seed", "")
        count_field = ""
        if len(counts) > 1:
            opts = "".join(f'<option value="{n}"{" selected" if n == players else ""}>{_("{n} players", n=n)}</option>'
                           for n in counts)
            count_field = f'<label class="field">{_("Players")}<select id="opt-players">{opts}</select></label>'
        names = {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard")}
        radios = "".join(f'<label class="radio"><input type="radio" name="level" value="{v}"'
                         f'{" checked" if v == level else ""}> {names[v]}</label>' for v in LEVELS)
        # (on the Korean page the title already is the Korean name)
        title_ko = f' <span lang="ko">{self.title_ko}</span>' if self.title_ko and lang() != "ko" else ""
        return f"""
<div class="setup-card">
  <h2>{_(self.title)}{title_ko}</h2>
  <p class="muted">{_(self.summary)}</p>
  <form id="setup-form">
    {count_field}
    <fieldset class="field"><legend>{_("Computer level")}</legend>{radios}</fieldset>
    <label class="field">{_("Seed")} <span class="muted">{_("(optional: replay a deal)")}</span>
      <input id="opt-seed" inputmode="numeric" autocomplete="off" value="{dom.esc(seed)}" placeholder="{_("random")}"></label>
    {self.extra_setup_html()}
    <button class="btn primary big" data-do="start" type="submit">{_(self.start_label)}</button>
  </form>
  {self.howto_html()}
  <p><a class="rules-link" href="./rules-{self.game_id}{"" if lang() == "en" else "." + lang()}.html">{_("The full rules, with examples to step through")}</a></p>
</div>"""

    def move_label(self, action, fallback):
        """A readable, translated name of ``action`` (the engine's English
        label is the fallback)."""
        return fallback

    def extra_setup_html(self):
        return ""

    def howto_html(self):
        return ""

    def read_setup(self):
        """(options, level, seed) from the form, or a one-line complaint."""
        node = dom.document.getElementById("opt-players")
        players = int(node.value) if node else self.player_counts[0]
        level = "normal"
        for radio in dom.document.querySelectorAll('#setup-form input[name="level"]'):
            if radio.checked:
                level = radio.value
        seed, problem = parse_seed(dom.document.getElementById("opt-seed").value)
        if problem:
            return problem
        if seed is None:
            seed = self.random_seed()
        options = {"players": players} if len(self.player_counts) > 1 else {}
        options.update(self.read_extra_setup())
        return options, level, seed

    def read_extra_setup(self):
        """Options (and settings) from ``extra_setup_html``'s fields."""
        return {}

    @staticmethod
    def random_seed():
        return int(dom.window.Math.floor(dom.window.Math.random() * 2 ** 31))

    # ---- for subclasses -------------------------------------------------------------
    ai_delay = 0.35

    def render(self):
        raise NotImplementedError

    def narrate(self, event):
        return None

    def on_key(self, event):
        pass

    def tap_while_moving(self, verb, node):
        """A tap on the table while it moves that is not a play (those are
        queued by the shell); most tables ignore it."""
