"""The `stop` table (the shedding game): tap a card to play it, arm
"Achtung!"/"Stop!" before the card that needs it, draw, defend or take an
attack, choose the Card Exchange's direction and the Free Choice's card.

Interjections are a live race by default (engine option ``interjection:
"race"``): when a window opens the computers' answers are chosen at once;
their passes are applied silently and each claim is applied after the
level's ``REACTION_MS``. If you hold an identical card it lights up and the
"Interject!" control stays for a moment; whoever's claim is applied first
wins. The "relaxed" setting (engine ``"relaxed"``) pauses and asks you.
During a window nothing on screen depends on who else may answer.
"""
import asyncio
import time


from gostop.agents.stop import REACTION_MS
from gostop.core.game import events_for
from gostop.games.stop.actions import ACCEPT, DRAW, LEFT, PASS, RIGHT, decode, play_id
from gostop.games.stop.effects import passes_to
from gostop.games.stop.windows import claim_order
from gostop.session import Session

from . import dom
from .inputs import parse_rules
from .i18n import N_, _, ngettext
from . import stop_narration
from . import stop_view as sv
from .stop_moves import StopMoves
from .table import TableBase, board_copy

# Seconds per move shown (normal speed; fast: shell.pace): a card's flight
# (MOVE) and the pause that shows it (STEP, per event type in STEPS).
MOVE = 0.4
STEP = 0.5
STEPS = {"draw": 0.45, "turned": 0.45, "exchanged": 0.8, "round_start": 0.8}
CALLOUT = 0.9                                 # a callout banner's time on screen
WINDOW_S = {"normal": 2.2, "fast": 1.4}       # the player's interjection window
WINDOWS = ("interject", "cancel")


class StopTable(TableBase):
    game_id = "stop"
    default_options = {"players": 4, "interjection": "race"}
    ai_delay = 0.3

    def __init__(self, shell):
        super().__init__(shell)
        self._moves = None     # the keys and moves shown (stop_moves.StopMoves)
        self._reset()

    @property
    def moves(self):
        """The moves and card keys for the seat whose table this is."""
        if self._moves is None or self._moves.human != self.session.human:
            self._moves = StopMoves(self.session.human)
        return self._moves

    def _reset(self):
        self.armed = None      # "achtung" / "stop": the call the next card carries
        self.dialog = None     # the round / game dialog's markup
        self.race = None       # the player's open race window {"deadline", "length"}
        self.plan = None       # computer claims in this window {"serial", "claims"}
        self.serial = 0        # counts window events seen
        self.penalty = None    # words explaining the player's forgotten call
        self.note = None       # a one-line explanation (e.g. "too slow")
        self.recent = []       # the latest public moves, as small HTML
        # Motion (motion.js): the board last drawn, and the keys that make
        # each card one object on the page (stop_view.hand_keys, back_key).
        self.shown = None      # the view (or board between moves) last drawn
        self.mover = None      # the seat whose move the table is showing
        self.playing = False   # play_out is showing moves (a dialog may pause it)

    # ---- setup (the shared new-game form plus the interjection setting) -----------
    title = N_("Stop")
    summary = N_("A shedding game: get rid of your cards first. Interject, call Achtung! and "
                 "Stop!, defend with a 0. Fewest minus points wins.")
    player_counts = (2, 3, 4, 5, 6)

    def setup_defaults(self):
        params = super().setup_defaults()
        if self.session is not None:
            params["relaxed"] = "1" if self.mode == "relaxed" else "0"
        return params

    def art_urls(self):
        return [f"./art/stop/{sv.card_file(f)}.svg" for f in range(sv.NUM_FACES)] + ["./art/stop/back.svg"]

    def widest_card(self):
        return '<div class="stable" data-game="stop"><img class="scard pile" alt=""></div>'

    def setup_html(self, params):
        self._prefill = params
        return super().setup_html(params)

    def extra_setup_html(self):
        params = getattr(self, "_prefill", None) or {}
        shared = parse_rules(params.get("rules")).get("interjection")
        checked = " checked" if params.get("relaxed") == "1" or shared == "relaxed" else ""
        return (f'<label class="check"><input type="checkbox" id="opt-relaxed"{checked}> '
                f'{_("Relaxed interjections: pause and ask me instead of racing the computers")}</label>')

    form_options = ("interjection",)

    def read_extra_setup(self):
        relaxed = bool(dom.el("opt-relaxed").checked)
        return {"interjection": "relaxed" if relaxed else "race"}

    def howto_html(self):
        return sv.howto_html(sv.DEFAULT_TARGET)

    @property
    def mode(self):
        return self.session.game.options.get("interjection", "relaxed")

    async def new_game(self, options, level, seed):
        self._reset()
        self.session = Session.new(self.game_id, seed, options, level)
        self.log = []
        st = self.session.state()
        v = st["view"]
        self.add_log(_("Round {r}: you deal. The start card is {card}.", r=1, card=sv.card_name(v["top"][-1])))
        self.save()
        self.draw(v, st, origins=self.moves.deal(v))     # dealt from the stock
        await self.advance([])

    def restore_log(self, first=()):
        """The rebuilt log opens like a new game's: round 1's deal (the
        engine reports it to no one, so it is read off the fresh deal)."""
        g = self.session.game
        try:
            start = type(g).from_json({**g.to_json(), "history": []}).view(self.session.human)
            dealer = start["dealer"]
            first = [_("Round {r}: you deal. The start card is {card}.", r=1, card=sv.card_name(start["top"][-1]))
                     if dealer == 0 else
                     _("Round {r}: {who} deals. The start card is {card}.", r=1, who=sv.name(dealer),
                       card=sv.card_name(start["top"][-1]))]
        except Exception:  # noqa: BLE001 - the log is a nicety (see TableBase.restore_log)
            first = []
        super().restore_log(first)

    # ---- input --------------------------------------------------------------------
    async def on_do(self, verb, node):
        if verb == "arm":
            call = node.dataset.call
            self.armed = None if self.armed == call else call
            self.render()
        elif verb == "card":
            await self.play_face(int(node.dataset.face))
        elif verb == "act":
            self.race = None
            await self.act(int(node.dataset.action))
        else:
            await super().on_do(verb, node)

    def tap_while_moving(self, verb, node):
        """Achtung!/Stop! tapped while the table moves: armed at once (no
        redraw, which would show the end of the move early), so a card
        tapped next (queued by shell.py) carries the call."""
        if verb != "arm":
            return
        call = node.dataset.call
        self.armed = None if self.armed == call else call
        buttons = dom.query_all('#table [data-do="arm"]')
        for btn in buttons:
            on = btn.dataset.call == self.armed
            btn.classList.toggle("armed", on)
            btn.setAttribute("aria-pressed", str(on).lower())
        dom.touched(*buttons)

    async def play_face(self, f):
        legal = {a["id"] for a in self.session.state()["legal"]}
        if f not in legal:
            self.render()       # not playable now: the table waits as before
            return
        action = f
        if self.armed is not None:
            wanted = play_id(f, self.armed)
            if wanted in legal:
                action = wanted
            elif not any(play_id(f, c) in legal for c in ("achtung", "stop")):
                word = _(sv.CALL_WORDS[self.armed])
                if self.armed == "achtung":
                    self.add_log(_("No call was needed for that card ({call} is for the play that leaves "
                                   "you one card).", call=word))
                else:
                    self.add_log(_("No call was needed for that card ({call} is for the play that leaves "
                                   "you no cards).", call=word))
        self.race = None
        await self.act(action)

    async def act(self, action):
        self.armed = None          # a call goes with the next move only
        self.penalty = self.note = None
        await super().act(action)

    def on_key(self, event):
        key = str(event.key)
        if key not in ("ArrowLeft", "ArrowRight"):
            return
        buttons = dom.query_all(".shand .card-btn")
        if not buttons:
            return
        active = dom.focused()
        idx = next((i for i, b in enumerate(buttons) if b == active), -1)
        buttons[(idx + (1 if key == "ArrowRight" else -1)) % len(buttons)].focus()
        event.preventDefault()

    # ---- the computers and the race ------------------------------------------------
    async def advance(self, events):
        g = self.session.game
        while self.scenario is None and self.shell.table is self and not g.is_terminal():
            if g.phase in WINDOWS and self.mode == "race":
                if not await self._race_step():
                    break
                continue
            seats = self.session.ai_to_move()
            if not seats:
                break
            if g.phase not in WINDOWS:          # relaxed answers are instant and secret
                await self.shell.wait(self.ai_delay, landed=True)
            await self._ai_move(seats[0])
        self.render()

    async def _ai_move(self, seat, action=None):
        if action is None:
            action = await self.think(seat)
            if self.retired:   # the player left while it thought
                return
        events = events_for(self.session.apply_ai(seat, action), self.session.human)
        self.save()
        self.shell.events_out(events, self)
        await self.play_out(events)

    async def _race_step(self):
        """One step of a live window; False when the player's clock now runs."""
        g = self.session.game
        if self.plan is None or self.plan["serial"] != self.serial:
            choices = {}
            for seat in self.session.ai_to_move():
                choices[seat] = await self.think(seat)
            now = time.monotonic()
            self.plan = {"serial": self.serial, "claims": {
                s: (a, now + REACTION_MS.get(self.session.seats[s], 1100) / 1000)
                for s, a in choices.items() if a != PASS}}
            for seat, a in choices.items():
                if a == PASS and g.phase in WINDOWS and seat in g.to_move():
                    await self._ai_move(seat, PASS)
            if g.phase not in WINDOWS:
                return True
        if self.session.human in g.to_move():
            if self.race is None:
                length = WINDOW_S[self.shell.settings["speed"]]
                self.race = {"deadline": time.monotonic() + length, "length": length}
                self.render()
                asyncio.ensure_future(self._race_clock(self.race))
            return False
        nxt = self._next_claim()
        if nxt is None:        # cannot happen: every pending computer has a claim
            return False
        due, seat, action = nxt
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        await self._ai_move(seat, action)
        return True

    def _next_claim(self):
        g = self.session.game
        if not self.plan or g.phase not in WINDOWS:
            return None
        order = claim_order(g.window["layer"], g.num_players)
        pending = [(due, order.index(s), s, a) for s, (a, due) in self.plan["claims"].items()
                   if s in g.to_move()]
        if not pending:
            return None
        due, _, seat, action = min(pending)
        return due, seat, action

    async def _race_clock(self, race):
        """Runs the player's window: a computer's claim or the deadline ends it."""
        while self.race is race and self.shell.table is self:
            nxt = self._next_claim()
            end = race["deadline"] if nxt is None else min(race["deadline"], nxt[0])
            wait = end - time.monotonic()
            if wait > 0:
                await asyncio.sleep(min(wait, 0.2))
                continue
            if self.shell.busy:          # the player's click is being handled
                await asyncio.sleep(0.03)
                continue
            self.race = None
            self.shell.claim(self)
            try:
                if nxt is not None and nxt[0] <= race["deadline"]:
                    self.note = _("{who} was quicker.", who=sv.name(nxt[1]))
                    await self._ai_move(nxt[1], nxt[2])
                else:
                    self.note = _("The moment passed.")
                    events = self.session.act(PASS)
                    self.save()
                    self.shell.events_out(events, self)
                    await self.play_out(events)
                await self.advance([])
            finally:
                self.shell.release(self)

    def waiting_for_human(self, st):
        if self.scenario is not None:
            return super().waiting_for_human(st)
        if st["terminal"] or self.session.human not in st["to_move"] or self._continue is not None:
            return False
        if st["view"]["phase"] in WINDOWS and self.mode == "race":
            return self.race is not None
        return not st["ai_to_move"]

    # ---- narration (stop_narration.py) ----------------------------------------------
    def narrate(self, e):
        return stop_narration.narrate(e)

    _strip = staticmethod(stop_narration.strip_line)

    async def play_out(self, events):
        """Shows ``events`` one move at a time: each move is made on a copy
        of the board last drawn (``StopMoves.step``) and drawn with the cards
        flying, so the strip, the log and the board never disagree; the
        engine's own view is drawn at the end."""
        human = self.session.human
        final = next((e for e in events if e["type"] == "game_end"), None)
        board = board_copy(self.shown)
        self.playing = True
        if self.move_started is None:
            self.begin_move()
        try:
            for i, e in enumerate(events):
                self.shell.cue(e)
                t = e["type"]
                if t == "window":
                    self.serial += 1
                    continue
                line = self.narrate(e)
                if line:
                    self.add_log(line)
                if t == "forgot" and e["player"] == human:
                    self.penalty = line
                if t == "round_start":
                    self.recent = []
                step = self._strip(e)
                if step:
                    self.recent.append(step)
                    del self.recent[:-8]
                if isinstance(e.get("player"), int) and t != "hand":
                    self.mover = e["player"]
                self._callout(e)
                if t == "round_end":
                    self.race = None
                    self.armed = None
                    self.dialog = sv.round_dialog(e, self.session.state()["view"], final)
                    if board is not None:
                        self.draw(board, None, interim=True)
                    else:
                        self.render()
                    if final is None:
                        await self.pause_for_continue()   # Continue dismisses the dialog
                    continue
                origins = {}
                if t == "round_start":
                    # A new deal: the engine's view of it, every card from the stock.
                    board = board_copy(self.session.state()["view"])
                    origins = self.moves.deal(board)
                elif board is None or not self.moves.step(board, e, events[i + 1:], origins):
                    continue
                self.draw(board, None, origins=origins, interim=True)
                await self.end_move(STEPS.get(t, STEP))
        finally:
            self.playing = False
            self.move_started = None
        self.render()

    def _callout(self, e):
        words = stop_narration.callout(e)
        if words:
            dom.banner(words[0], "", words[1], self.shell.pace(CALLOUT) * 1000)

    def dismiss(self):
        self.dialog = None
        if self.playing and self.shown is not None:
            self.draw(self.shown, None, interim=True)   # the moves go on from there
        else:
            self.render()

    # ---- rendering ----------------------------------------------------------------
    def _current(self, v):
        """Whose move the table shows: never the window's eligible players."""
        if v["phase"] in ("second", "direction"):
            return v["actor"]
        if v["phase"] == "over":
            return -1
        return v["turn"]

    def render(self):
        if self.session is None:
            return
        st = self.session.state()
        self.draw(st["view"], st)

    def draw(self, v, st, origins=None, interim=False):
        """Draws view ``v``. ``interim``: a board between the moves being
        shown (no decisions; taps on the hand wait for your turn); else
        ``st`` is the engine's state and the table waits for whoever is to
        move. ``origins``: where cards new to the table fly from."""
        if interim:
            st = {"terminal": False, "to_move": [], "ai_to_move": [], "actions": -1, "legal": []}
        origins = origins or {}
        legal = {a["id"]: a["label"] for a in st["legal"]}
        n = v["players"]
        current = self.mover if interim and self.mover is not None else self._current(v)
        mine_now = not interim and self.waiting_for_human(st)
        faces = {decode(a)[0] for a in legal if decode(a) is not None}
        window = v["phase"] in WINDOWS
        playable = faces if mine_now else set()
        twins = playable if window else set()
        later = interim or (not st["terminal"] and self.session.human not in st["to_move"])
        dom.set_html_later("topbar-info", _("Round {r}", r=v["round"]))
        seats = "".join(sv.seat(v, (p) % n, current, self.moves.gen, origins) for p in range(1, n))
        can_call = mine_now and v["phase"] in ("play", "defend") + WINDOWS and bool(faces)
        dialog = f'<div class="overlay">{self.dialog}</div>' if self.dialog else ""
        decision = (self._interim_decision() if interim
                    else self._decision(st, v, legal, mine_now, current))
        parts = [
            f'<div class="stable players-{n}" data-game="stop" data-terminal="{str(st["terminal"]).lower()}" '
            f'data-actions="{st["actions"]}" data-phase="{v["phase"]}" data-mode="{self.mode}" '
            f'data-race="{"open" if self.race else "no"}" data-armed="{self.armed or ""}" '
            f'data-moving="{str(interim).lower()}" '
            f'data-waiting="{"human" if mine_now and not self.dialog else "no"}">',
            f'<ol class="sseats" aria-label="{_("The other players, clockwise from your left")}">{seats}</ol>',
            sv.centre(v, self.recent, self.moves.top(v["top"]), origins),
            f'<div class="sdecision{" race" if self.race else ""}" id="decision">{decision}</div>',
            f'<div class="calls-row">{sv.call_buttons(self.armed, can_call, later=later and not st["terminal"])} '
            f'<span class="muted call-hint">{_("Press before the card that leaves you 1 card (Achtung!) or none (Stop!).")}</span></div>',
            sv.hand(v, playable, twins, gen=self.moves.gen, origins=origins, later=later),
            f'<details class="sheet"><summary>{_("Score sheet (to {n})", n=v["target"])}</summary>{sv.sheet_table(v)}</details>',
            f'<div class="table-tools">{self.speed_button()}<button class="btn small" data-do="new"{" disabled" if self.race else ""}>{_("New game")}</button></div>',
            self.log_html(),
            sv.howto_html(v["target"]),
            dialog,
            "</div>",
        ]
        dom.draw_table(dom.PART.join(part.strip() for part in parts), self.shell.pace(MOVE) * 1000,
                       since=self.move_started if interim else None)
        self.shown = v
        if self.dialog:
            dom.open_dialog()          # focus without scrolling: the headline stays in view

    def move_label(self, action, fallback):
        """The move in the page's words (the rules examples name the
        reader's move with it), as the decision panel would offer it now."""
        v = self.session.state()["view"]
        phase = v["phase"]
        play = decode(action)
        if play is not None:
            face, call = play
            card = sv.card_name(face)
            text = {"interject": lambda: _("Interject {card}!", card=card),
                    "cancel": lambda: _("Cancel it with {card}!", card=card),
                    "second": lambda: _("Name the colour with {card}", card=card),
                    "defend": lambda: _("Answer with {card}", card=card)}.get(phase, lambda: _("Play {card}", card=card))()
            return f"{text} + {_(sv.CALL_WORDS[call])}" if call else text
        if action == ACCEPT:
            attack = v["attack"] or {}
            what = {"draw2": lambda: ngettext("draw {n} card", "draw {n} cards", attack["amount"]), "skip": lambda: _("be skipped"),
                    "plusx": lambda: _("turn over the +X card")}.get(attack.get("kind"), lambda: _("take it"))()
            return _("Take it: {what}", what=what)
        if action in (LEFT, RIGHT):
            n = v["players"]
            return (_("← Left (yours goes to {who})", who=sv.name(passes_to(0, "left", n))) if action == LEFT
                    else _("Right (yours goes to {who}) →", who=sv.name(passes_to(0, "right", n))))
        return {DRAW: _("Draw a card"), PASS: _("Let it go")}.get(action, fallback)

    def _interim_decision(self):
        """The decision area while moves are shown: the penalty or note,
        and who is moving."""
        parts = []
        if self.penalty:
            parts.append(f'<p class="penalty" role="alert">{dom.esc(self.penalty)}</p>')
        if self.note:
            parts.append(f'<p class="note">{dom.esc(self.note)}</p>')
        if self.mover is not None and self.mover != self.session.human:
            parts.append(f'<p class="prompt">{dom.esc(_("{who} is playing…", who=sv.name(self.mover)))}</p>')
        return "".join(parts)

    def _decision(self, st, v, legal, mine_now, current):
        parts = []
        if self.penalty:
            parts.append(f'<p class="penalty" role="alert">{dom.esc(self.penalty)}</p>')
        if self.note:
            parts.append(f'<p class="note">{dom.esc(self.note)}</p>')
        if st["terminal"]:
            parts.append(f'<p class="prompt">{_("The game is over.")}</p>'
                         f'<button class="btn primary" data-do="new">{_("New game")}</button>')
            return "".join(parts)
        phase = v["phase"]
        buttons = []
        if not mine_now:
            who = sv.name(current) if current >= 0 else ""
            text = _("Your turn is coming…") if current == 0 else _("{who} is playing…", who=who)
            parts.append(f'<p class="prompt">{dom.esc(text)}</p>')
            return "".join(parts)
        top = sv.card_name(v["top"][-1])
        if phase in WINDOWS:
            plays = sorted(a for a in legal if decode(a) is not None and decode(a)[1] is None)   # no call
            for f in plays:
                face = dom.esc(sv.card_name(f))
                label = (_("Interject {card}!", card=face) if phase == "interject"
                         else _("Cancel it with {card}!", card=face))
                buttons.append(f'<button class="btn interject-btn" data-do="card" data-face="{f}">'
                               f'{label}</button>')
            buttons.append(f'<button class="btn" data-do="act" data-action="{PASS}">{_("Let it go")}</button>')
            if phase == "interject":
                text = _("You hold the same card as the {card}: interject it, out of turn!", card=top)
            else:
                text = _("A Card Exchange is about to move every hand: cancel it with your 0?")
            if self.race:
                text += _(" Quick, before the others!")
                bar = (f'<div class="race-bar" aria-hidden="true"><i style="animation-duration:'
                       f'{self.race["length"]:.2f}s"></i></div>')
            else:
                bar = ""
            parts.append(f'<p class="prompt">{dom.esc(text)}</p>{bar}')
        elif phase == "second":
            parts.append(f'<p class="prompt">{_("Now tap the card to lay with your Free Choice: it names the new colour and works as itself.")}</p>')
        elif phase == "direction":
            n = v["players"]
            left, right = sv.name(passes_to(0, "left", n)), sv.name(passes_to(0, "right", n))
            parts.append(f'<p class="prompt">{_("Card Exchange: which way do all hands pass?")}</p>')
            buttons.append(f'<button class="btn" data-do="act" data-action="{LEFT}">'
                           f'{_("← Left (yours goes to {who})", who=left)}</button>')
            buttons.append(f'<button class="btn" data-do="act" data-action="{RIGHT}">'
                           f'{_("Right (yours goes to {who}) →", who=right)}</button>')
        elif phase == "defend":
            parts.append(f'<p class="prompt">{dom.esc(sv.attack_words(v["attack"]))}.</p>')
            attack = v["attack"] or {}
            take = {"draw2": lambda: ngettext("draw {n} card", "draw {n} cards", attack["amount"]), "skip": lambda: _("be skipped"),
                    "plusx": lambda: _("turn over the +X card")}.get(attack.get("kind"), lambda: _("take it"))()
            buttons.append(f'<button class="btn take-btn" data-do="act" data-action="{ACCEPT}">'
                           f'{dom.esc(_("Take it: {what}", what=take))}</button>')
        else:
            text = _("Your turn: play a card matching the {card} ({colour} or the same number/symbol), or draw.",
                     card=top, colour=sv.colour_word(v["colour"]))
            parts.append(f'<p class="prompt">{dom.esc(text)}</p>')
            if DRAW in legal:
                buttons.append(f'<button class="btn draw-btn" data-do="act" data-action="{DRAW}">'
                               f'{_("Draw a card")}</button>')
        parts.append(f'<div class="choices">{"".join(buttons)}</div>')
        return "".join(parts)
