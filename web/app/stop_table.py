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

from pyscript import document

from gostop.agents.stop import REACTION_MS
from gostop.core.game import events_for
from gostop.games.stop.actions import ACCEPT, DRAW, LEFT, PASS, RIGHT, decode, play_id
from gostop.games.stop.windows import claim_order
from gostop.session import Session

from . import dom
from . import stop_view as sv
from .table import TableBase

STEP = 0.55                                   # seconds per narrated move (normal speed)
WINDOW_S = {"normal": 2.2, "fast": 1.4}       # the player's interjection window
WINDOWS = ("interject", "cancel")


class StopTable(TableBase):
    game_id = "stop"
    default_options = {"players": 4, "interjection": "race"}

    def __init__(self, shell):
        super().__init__(shell)
        self._reset()

    def _reset(self):
        self.armed = None      # "achtung" / "stop": the call the next card carries
        self.dialog = None     # the round / game dialog's markup
        self.race = None       # the player's open race window {"deadline", "length"}
        self.plan = None       # computer claims in this window {"serial", "claims"}
        self.serial = 0        # counts window events seen
        self.penalty = None    # words explaining the player's forgotten call
        self.note = None       # a one-line explanation (e.g. "too slow")
        self.recent = []       # the latest public moves, as small HTML

    # ---- setup (the shared new-game form plus the interjection setting) -----------
    title = "Stop"
    summary = ("A shedding game: get rid of your cards first. Interject, call Achtung! and "
               "Stop!, defend with a 0. Play to 500 minus points.")
    player_counts = (2, 3, 4, 5, 6)

    def setup_defaults(self):
        params = super().setup_defaults()
        if self.session is not None:
            params["relaxed"] = "1" if self.mode == "relaxed" else "0"
        return params

    def setup_html(self, params):
        self._prefill = params
        return super().setup_html(params)

    def extra_setup_html(self):
        params = getattr(self, "_prefill", None) or {}
        checked = " checked" if params.get("relaxed") == "1" else ""
        return (f'<label class="check"><input type="checkbox" id="opt-relaxed"{checked}> '
                f'Relaxed interjections: pause and ask me instead of racing the computers</label>')

    def read_extra_setup(self):
        relaxed = bool(document.getElementById("opt-relaxed").checked)
        return {"interjection": "relaxed" if relaxed else "race"}

    def howto_html(self):
        return sv.howto_html()

    @property
    def mode(self):
        return self.session.game.options.get("interjection", "relaxed")

    async def new_game(self, options, level, seed):
        self._reset()
        self.session = Session.new(self.game_id, seed, options, level)
        self.log = []
        v = self.session.state()["view"]
        self.add_log(f"Round 1: you deal. The start card is {sv.card_name(v['top'][-1])}.")
        self.save()
        self.render()
        await self.advance([])

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

    async def play_face(self, f):
        legal = {a["id"] for a in self.session.state()["legal"]}
        if f not in legal:
            return
        action = f
        if self.armed is not None:
            wanted = play_id(f, self.armed)
            if wanted in legal:
                action = wanted
            elif not any(play_id(f, c) in legal for c in ("achtung", "stop")):
                self.add_log(f"No call was needed for that card ({sv.CALL_WORDS[self.armed]} is for "
                             f"the play that leaves you {'one card' if self.armed == 'achtung' else 'no cards'}).")
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
        buttons = list(document.querySelectorAll(".shand .card-btn"))
        if not buttons:
            return
        active = document.activeElement
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
                await self.shell.wait(self.ai_delay)
            await self._ai_move(seats[0])
        self.render()

    async def _ai_move(self, seat, action=None):
        if action is None:
            action = await self.think(seat)
        events = events_for(self.session.apply_ai(seat, action), self.session.human)
        self.save()
        self.shell.events_out(events)
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
            self.shell.busy = True
            try:
                if nxt is not None and nxt[0] <= race["deadline"]:
                    self.note = f"{sv.name(nxt[1])} was quicker."
                    await self._ai_move(nxt[1], nxt[2])
                else:
                    self.note = "The moment passed."
                    events = self.session.act(PASS)
                    self.save()
                    self.shell.events_out(events)
                    await self.play_out(events)
                await self.advance([])
            finally:
                self.shell.busy = False

    def waiting_for_human(self, st):
        if self.scenario is not None:
            return super().waiting_for_human(st)
        if st["terminal"] or self.session.human not in st["to_move"] or self._continue is not None:
            return False
        if st["view"]["phase"] in WINDOWS and self.mode == "race":
            return self.race is not None
        return not st["ai_to_move"]

    # ---- narration ----------------------------------------------------------------
    def narrate(self, e):
        t, p = e["type"], e.get("player")
        cn = sv.card_name
        if t in ("play", "defend", "second", "interject", "cancel"):
            f = e["card"]
            call = f" — {sv.CALL_WORDS[e['call']]}" if e.get("call") and t != "second" else ""
            if t == "play":
                what = "a Free Choice" if f == sv.FREE else cn(f)
                return f"{sv.verb(p, 'play')} {what}{call}."
            if t == "defend":
                how = "defend with" if f % 13 == 0 else "answer with"
                return f"{sv.verb(p, how.split()[0])} {how.split(' ', 1)[1]} {cn(f)}{call}."
            if t == "second":
                return f"{sv.verb(p, 'name')} {sv.COLOURS[f // 13]} with {cn(f)}."
            if t == "interject":
                return f"{sv.verb(p, 'interject')} {cn(f)}!{call}"
            return f"{sv.verb(p, 'cancel')} the Card Exchange with {cn(f)}!{call}"
        if t == "forgot":
            word = sv.CALL_WORDS[e["call"]]
            if p == 0:
                why = ("the play that left you one card" if e["call"] == "achtung" else "your last card")
                more = " The round goes on." if e["call"] == "stop" else ""
                return (f"You forgot to call {word} before {why}: you draw 2 cards as a penalty.{more} "
                        f"(Press {word} before playing the card.)")
            return f"{sv.name(p)} forgot to call {word} and draws 2 cards."
        if t == "draw":
            if e["reason"] == "penalty":
                return None
            got = e.get("cards")
            k = len(got) if got is not None else e["count"]
            what = (", ".join(cn(c) for c in got) if got else "nothing") if p == 0 else (
                f"{k} card{'s' if k != 1 else ''}" if k else "nothing")
            why = {"two": " (the 2s)", "plusx": " (the +X)"}.get(e["reason"], "")
            if k == 0:
                return f"{sv.verb(p, 'draw')} nothing: the stock is empty{why}."
            return f"{sv.verb(p, 'draw')} {what}{why}."
        if t == "turned":
            c = e["card"]
            return f"{sv.verb(p, 'turn')} over {cn(c) if c is not None else 'nothing'} for the +X."
        if t == "accept" and e["kind"] == "skip":
            return f"{'You are' if p == 0 else sv.name(p) + ' is'} skipped."
        if t == "reshuffle":
            return f"The discard pile is shuffled into a new stock ({e['cards']} cards)."
        if t == "direction":
            return f"{sv.verb(p, 'pass')} all hands to the {e['direction']}."
        if t == "exchanged":
            return f"All hands move {e['direction']}."
        if t == "round_start":
            return (f"Round {e['round']}: {'you deal' if e['dealer'] == 0 else sv.name(e['dealer']) + ' deals'}. "
                    f"The start card is {cn(e['start'])}.")
        if t == "round_end":
            return sv.round_title(e) + "."
        return None

    def _strip(self, e):
        t, p = e["type"], e.get("player")
        if t in ("play", "defend", "second", "interject", "cancel"):
            word = {"interject": " interjects", "cancel": " cancels", "defend": " answers"}.get(t, "")
            call = f' <b class="call-badge {e["call"]}">{sv.CALL_WORDS[e["call"]]}</b>' if e.get("call") and t != "second" else ""
            return f'<b>{sv.name(p)}</b>{word} {sv.card(e["card"], "tiny")}{call}'
        if t == "draw" and e["reason"] != "penalty":
            k = len(e["cards"]) if "cards" in e else e["count"]
            return f'<b>{sv.name(p)}</b> draw{"" if p == 0 else "s"} {k}'
        if t == "forgot":
            return f'<b>{sv.name(p)}</b> forgot {sv.CALL_WORDS[e["call"]]} (+2)'
        if t == "accept" and e["kind"] == "skip":
            return f'<b>{sv.name(p)}</b> skipped'
        if t == "exchanged":
            return f'hands pass {e["direction"]}'
        return None

    async def play_out(self, events):
        human = self.session.human
        final = next((e for e in events if e["type"] == "game_end"), None)
        for e in events:
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
            if t == "round_end":
                self.race = None
                self.armed = None
                self.dialog = sv.round_dialog(e, self.session.state()["view"], final)
                self.render()
                if final is None:
                    await self.pause_for_continue()
                    self.dialog = None
                continue
            if step and e.get("player") != human:
                self.render()
                await self.shell.wait(STEP)
        self.render()

    def dismiss(self):
        self.dialog = None
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
        v = st["view"]
        legal = {a["id"]: a["label"] for a in st["legal"]}
        n = v["players"]
        current = self._current(v)
        mine_now = self.waiting_for_human(st)
        faces = {decode(a)[0] for a in legal if decode(a) is not None}
        window = v["phase"] in WINDOWS
        playable = faces if mine_now else set()
        twins = playable if window else set()
        dom.set_html("topbar-info", f'Round {v["round"]}')
        seats = "".join(sv.seat(v, (p) % n, current) for p in range(1, n))
        can_call = mine_now and v["phase"] in ("play", "defend") + WINDOWS and bool(faces)
        dialog = f'<div class="overlay">{self.dialog}</div>' if self.dialog else ""
        dom.set_html("table", f"""
<div class="stable players-{n}" data-game="stop" data-terminal="{str(st['terminal']).lower()}"
     data-actions="{st['actions']}" data-phase="{v['phase']}" data-mode="{self.mode}"
     data-race="{'open' if self.race else 'no'}" data-armed="{self.armed or ''}"
     data-waiting="{'human' if mine_now and not self.dialog else 'no'}">
  <ol class="sseats" aria-label="The other players, clockwise from your left">{seats}</ol>
  {sv.centre(v, self.recent)}
  <div class="sdecision{' race' if self.race else ''}" id="decision">{self._decision(st, v, legal, mine_now, current)}</div>
  <div class="calls-row">{sv.call_buttons(self.armed, can_call)}
    <span class="muted call-hint">Press before the card that leaves you 1 card (Achtung!) or none (Stop!).</span></div>
  {sv.hand(v, playable, twins)}
  <details class="sheet"><summary>Score sheet (to {v['target']})</summary>{sv.sheet_table(v)}</details>
  <div class="table-tools">{self.speed_button()}<button class="btn small" data-do="new"{' disabled' if self.race else ''}>New game</button></div>
  {self.log_html()}
  {sv.howto_html()}
  {dialog}
</div>""")
        if self.dialog:
            btn = document.querySelector(".dialog .btn")
            if btn:
                btn.focus()

    def _decision(self, st, v, legal, mine_now, current):
        parts = []
        if self.penalty:
            parts.append(f'<p class="penalty" role="alert">{dom.esc(self.penalty)}</p>')
        if self.note:
            parts.append(f'<p class="note">{dom.esc(self.note)}</p>')
        if st["terminal"]:
            parts.append('<p class="prompt">The game is over.</p>'
                         '<button class="btn primary" data-do="new">New game</button>')
            return "".join(parts)
        phase = v["phase"]
        buttons = []
        if not mine_now:
            who = sv.name(current) if current >= 0 else ""
            text = "Your turn is coming…" if current == 0 else f"{who} is playing…"
            parts.append(f'<p class="prompt">{dom.esc(text)}</p>')
            return "".join(parts)
        top = sv.card_name(v["top"][-1])
        if phase in WINDOWS:
            plays = sorted(a for a in legal if decode(a) is not None and a < 100)
            verb = "Interject" if phase == "interject" else "Cancel it with"
            for f in plays:
                buttons.append(f'<button class="btn interject-btn" data-do="card" data-face="{f}">'
                               f'{verb} {dom.esc(sv.card_name(f))}!</button>')
            buttons.append(f'<button class="btn" data-do="act" data-action="{PASS}">Let it go</button>')
            if phase == "interject":
                text = f"You hold the same card as the {top}: interject it, out of turn!"
            else:
                text = "A Card Exchange is about to move every hand: cancel it with your 0?"
            if self.race:
                text += " Quick, before the others!"
                bar = (f'<div class="race-bar" aria-hidden="true"><i style="animation-duration:'
                       f'{self.race["length"]:.2f}s"></i></div>')
            else:
                bar = ""
            parts.append(f'<p class="prompt">{dom.esc(text)}</p>{bar}')
        elif phase == "second":
            parts.append('<p class="prompt">Now tap the card to lay with your Free Choice: it names the '
                         'new colour and works as itself.</p>')
        elif phase == "direction":
            left, right = sv.name(1 % v["players"]), sv.name(v["players"] - 1)
            parts.append('<p class="prompt">Card Exchange: which way do all hands pass?</p>')
            buttons.append(f'<button class="btn" data-do="act" data-action="{LEFT}">← Left (yours goes to {left})</button>')
            buttons.append(f'<button class="btn" data-do="act" data-action="{RIGHT}">Right (yours goes to {right}) →</button>')
        elif phase == "defend":
            parts.append(f'<p class="prompt">{dom.esc(sv.attack_words(v["attack"]))}.</p>')
            buttons.append(f'<button class="btn take-btn" data-do="act" data-action="{ACCEPT}">'
                           f'Take it: {dom.esc(legal.get(ACCEPT, "take it"))}</button>')
        else:
            colour = v["colour"]
            parts.append(f'<p class="prompt">Your turn: play a card matching the {dom.esc(top)} '
                         f'({colour} or the same number/symbol), or draw.</p>')
            if DRAW in legal:
                buttons.append(f'<button class="btn draw-btn" data-do="act" data-action="{DRAW}">Draw a card</button>')
        parts.append(f'<div class="choices">{"".join(buttons)}</div>')
        return "".join(parts)
