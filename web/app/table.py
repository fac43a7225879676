"""What every game table shares: the session, saving after each action,
resuming, running the computer seats at a followable pace, the game log and
the "continue" pause (a round summary waits for the player)."""
import asyncio
import json
import time

from gostop import IllegalAction, SaveError
from gostop.core.game import events_for
from gostop.core.registry import game_class
from gostop.session import Session

from . import ai_remote, dom, records
from .i18n import N_, _, lang, ngettext
from .inputs import LEVELS, parse_rules, parse_seed

LOG_LIMIT = 60
SEAT_NAMES = (N_("You"), N_("Hana"), N_("Minjun"), N_("Sora"), N_("Jiho"), N_("Yuna"))


def board_copy(view):
    """A copy of a view (plain JSON data) to make the shown moves on."""
    return None if view is None else json.loads(json.dumps(view))


# The main thread's share of a task while it thinks (no worker): slices
# are run until this much time has passed, then the browser has its turn.
# A search slice is a few ms on a slow phone; 40 rollouts at a time (the
# old slice) were 60-190 ms tasks on the phone profile.
SLICE_SECONDS = 0.015


async def in_slices(thinking):
    """Runs a search generator (it yields between slices of work) to its
    result, giving the browser its turn at least every ``SLICE_SECONDS``."""
    clock = time.perf_counter
    while True:
        until = clock() + SLICE_SECONDS
        try:
            next(thinking)
            while clock() < until:
                next(thinking)
        except StopIteration as done:
            return done.value
        await asyncio.sleep(0)


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
        # Dealt, drawn and saved in three tasks: as one they were 40-85 ms on
        # the phone profile (the table holds the page's taps until it is done,
        # so none comes before the save). The first computer move (or the
        # worker's request) in a task of its own: in the deal's task it made
        # one task of ~90 ms on a slow phone.
        if await self._next_task():
            self.render()
        if await self._next_task():
            self.save()
        if await self._next_task():
            await self.advance([])

    async def _next_task(self):
        """Yields to the page, then says whether this table still plays
        (another table may have replaced it meanwhile)."""
        await asyncio.sleep(0)
        return not self.retired

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
            if self.session.game.is_terminal():
                self.hand_over()

    def hand_over(self):
        """The game just ended (or a reload found it ended): it joins the
        recent hands and the statistics, once (``records.note_hand``).
        Not in the embed: a page that teaches the rules keeps no records."""
        if not self.shell.embed:
            records.note_hand(self.shell.store, self.session)

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
        elif verb == "again" and self.session is not None:
            g = self.session.game
            level = getattr(self.scenario, "record", {}).get("level") or self.session.seats[1 - self.session.human]
            self.leave_replay()
            await self.new_game(dict(g.options), level if level in LEVELS else "normal", g.seed)
        elif verb == "share" and self.session is not None:
            self.share()
        elif verb in ("replay", "again-rec", "share-rec"):
            await self.from_records(verb, int(node.dataset.index))
        elif verb == "stats-reset":
            records.reset_stats(self.shell.store, self.game_id)
            self.shell.open_setup(self.game_id, self.setup_params)
            dom.notice(_("Your statistics for this game were reset."), "info")

    def leave_replay(self):
        """A replay (``replay.ReplayRunner``) gives the table back to play."""
        if self.scenario is not None and self.scenario.data["id"] == "replay":
            self.scenario = None
            dom.show("scenario-bar", False)
            self.shell.show_table()

    async def from_records(self, verb, index):
        """The setup screen's recent hands: replay one, deal it again, share it."""
        history = records.load_history(self.shell.store, self.game_id)
        if not 0 <= index < len(history):
            return
        rec = history[index]
        if verb == "replay":
            self.shell.show_replay(rec)
        elif verb == "again-rec":
            self.shell.show_table()
            await self.new_game(dict(rec["options"]), rec.get("level", "normal"), rec["seed"])
        else:
            self.share(rec["seed"], rec["options"], rec.get("level", "normal"))

    def seat_name(self, p):
        return _(SEAT_NAMES[p])

    def records_html(self):
        """The setup screen's statistics and recent hands of this game."""
        store = self.shell.store
        if self.shell.embed or not store.available:
            return ""
        stats = records.load_stats(store, self.game_id)
        history = records.load_history(store, self.game_id)
        if not stats.hands and not history:
            return ""
        paid = self.game_id in ("matgo", "gostop", "stopgo")
        figures = [_("Hands: {n}", n=stats.hands), _("won {n}", n=stats.wins), _("lost {n}", n=stats.losses),
                   _("drawn {n}", n=stats.draws)]
        if paid:
            figures.append(_("points {n}", n=f"{stats.points:+g}" if stats.points else "0"))
            figures.append(_("biggest win {n}", n=f"{stats.biggest:g}"))
        if stats.gos:
            figures.append(ngettext("won {k} of {n} hand with a Go ({pct}%)", "won {k} of {n} hands with a Go ({pct}%)",
                                    stats.gos, k=stats.go_wins, pct=round(100 * stats.go_rate())))
        if stats.streak > 1:
            figures.append(ngettext("{n} win in a row", "{n} wins in a row", stats.streak))
        if stats.best_streak > 1:
            figures.append(_("best streak {n}", n=stats.best_streak))
        items = []
        for i in range(len(history) - 1, max(-1, len(history) - 9), -1):
            rec = history[i]
            w = rec["winners"]
            pay = (rec.get("points") or rec["returns"])[0]
            if not w:
                what = _("Nagari") if paid else _("No winner")
            elif 0 in w:
                what = ngettext("You won {n} point", "You won {n} points", pay, n=f"{pay:g}") if paid else _("You won")
            else:
                what = _("{who} won", who=", ".join(self.seat_name(p) for p in w))
            items.append(
                f'<li data-rec="{i}"><span>{dom.esc(what)} <span class="muted">· {_("seed {seed}", seed=rec["seed"])}</span></span>'
                f'<span class="rec-actions"><button class="btn small" data-do="replay" data-index="{i}">{_("Replay")}</button>'
                f'<button class="btn small" data-do="again-rec" data-index="{i}">{_("Play again")}</button>'
                f'<button class="btn small" data-do="share-rec" data-index="{i}">{_("Share")}</button></span></li>')
        return (f'<section class="setup-card records" aria-label="{_("Your record")}">'
                f'<h2>{_("Your record")}</h2><p class="stats-line" data-hands="{stats.hands}" data-wins="{stats.wins}">'
                f'{dom.esc(" · ".join(figures))}</p>'
                f'<button class="btn small" data-do="stats-reset">{_("Reset statistics")}</button>'
                f'{"<h3>" + _("Recent hands") + "</h3><ol class=recent>" + "".join(items) + "</ol>" if items else ""}'
                f'</section>')

    def share(self, seed=None, options=None, level=None):
        """A link that deals this hand (or the given one) on another device:
        shown, and copied when the browser lets us."""
        if seed is None:
            g = self.session.game
            seed, options, level = g.seed, g.options, self.session.seats[1 - self.session.human]
        loc = dom.window.location
        url = f"{loc.origin}{loc.pathname}" + records.share_query(self.game_id, seed, options, level)
        try:
            dom.window.navigator.clipboard.writeText(url).catch(lambda _e: None)
            copied = True
        except Exception:  # noqa: BLE001 - no clipboard (an insecure page, an old browser)
            copied = False
        text = _("Link to this deal (copied): {url}", url=url) if copied else _("Link to this deal: {url}", url=url)
        dom.notice(text)

    move_started = None   # loop time the move being shown began (begin_move)

    def begin_move(self):
        """Starts the clock of the next move shown: its pace (``end_move``)
        and its flight (``dom.draw_table``'s ``since``) count its work."""
        self.move_started = asyncio.get_event_loop().time()

    async def end_move(self, seconds):
        """Waits until the move begun by ``begin_move`` has had its pace of
        ``seconds`` and its cards have landed; the next move's clock starts."""
        await self.shell.wait(seconds, since=self.move_started, landed=True)
        self.begin_move()

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
        self.begin_move()      # the tap's work is the first move's
        try:
            events = self.session.act(action)
        except IllegalAction as e:
            dom.notice(_("That move is not allowed: {error}", error=e))
            self.render()
            return
        self.save()
        # The move's first drawing is a task of its own: made in the tap's
        # task, the two were one task of ~0.1 s on a slow phone. (The
        # worker's request, asked for here, is made after that drawing.)
        await asyncio.sleep(0)
        if self.retired:
            return
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
            self.begin_move()
            events = events_for(self.session.apply_ai(seats[0], action), self.session.human)
            self.save()
            await asyncio.sleep(0)      # as in act: the drawing in a task of its own
            if self.retired:
                break
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
        return await in_slices(self.session.ai_think(seat))

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

    _log_drawn = (None, "")   # (what the log's markup was made of, that markup)

    def log_html(self):
        # Newest first, each line with its own number (value=): the list is
        # reversed and cut, so the browser's counting would be wrong.
        first = self.log_dropped + max(0, len(self.log) - 30) + 1
        # A turn is drawn move by move and most moves add no line: the
        # markup is made again only when the lines shown have changed.
        key = (first, tuple(self.log[-30:]), lang())
        if self._log_drawn[0] != key:
            items = "".join(f'<li value="{n}">{dom.esc(x)}</li>'
                            for n, x in reversed(list(enumerate(self.log[-30:], start=first))))
            self._log_drawn = (key, f'<details class="log"><summary>{_("Game log")}</summary>'
                                    f'<ol class="log-list" reversed>{items}</ol></details>')
        return self._log_drawn[1]

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

    def widest_card(self):
        """The markup of this table's widest card (in its table's element),
        whose width its faces' bitmaps are made at before the deal; None:
        made once the table is drawn."""
        return None

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
            opts = "".join(f'<option value="{n}"{" selected" if n == players else ""}>{ngettext("{n} player", "{n} players", n)}</option>'
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
  <p class="muted">{_(self.summary, **self.rule_numbers())}</p>
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

    def rule_numbers(self):
        """The numbers the summary and the help text state, from the engine
        (the page writes no rule down itself)."""
        return {}

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
        # A shared deal's options, but for those the form shows (it was filled in with them).
        options = {k: v for k, v in parse_rules((self.setup_params or {}).get("rules")).items()
                   if k not in self.form_options}
        options.update({"players": players} if len(self.player_counts) > 1 else {})
        extra = self.read_extra_setup()
        if isinstance(extra, str):
            return extra              # a complaint about the game's own fields
        options.update(extra)
        try:
            game_class(self.game_id).normalize_options(dict(options))
        except ValueError as e:       # e.g. gostop's traditional rules with 2 players
            return _("These options do not go together: {error}", error=e)
        return options, level, seed

    form_options = ()       # option names the game's own setup fields set

    def wire_setup(self):
        """Listeners for the setup's fields, once they are on the page."""

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
