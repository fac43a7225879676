"""The tables of the matching games: `matgo`, `gostop` (hwatu) and `stopgo`
(52 cards). One controller; each game brings its deck adapter (card names,
groups, piles) and its action ids.

One tap plays a hand card that has one way to be played; a card that could
also start a bomb or a shake is selected, and the decision panel asks which
(the field cards it would take light up). Every other decision the engine
offers (which of two field cards, Go or Stop, a bomb or three-card play, a
shake, banking a bonus card, a flip-only turn) appears as buttons there.
"""
import asyncio

from . import dom, match_play
from .hint import HintMixin
from .match_board import MatchBoardSteps
from .match_series import MatchSeriesMixin
from . import match_view as hv
from .match_view import PLAY_PHASES
from .i18n import N_, _, lang, ngettext, with_ko
from .legal import Legal
from .table import TableBase, board_copy

# Seconds per move at normal speed (fast: shell.pace). A computer's turn of
# play, flip and capture is about 1 s on the screen.
STEP = 0.3
STEPS = {"captured": 0.35, "junk-taken": 0.35}
TAKES = ("captured", "junk-taken")   # one motion when they follow each other
CALLOUT = 0.9                         # a callout banner's time on screen
SHOWN = ("shake", "bomb", "triple")  # callouts that show the cards revealed
DEAL = 0.6                            # the deal: every card from the stock


class MatchTable(MatchBoardSteps, MatchSeriesMixin, HintMixin, TableBase):
    game_id = "?"
    title = ""
    title_ko = ""
    player_counts = (2,)
    default_options = {}
    summary = ""
    deck = None
    bomb_label = N_("Drop the bomb")
    bomb_ko = "폭탄"
    pass_panel = False    # gostop: pause on an end-of-turn panel after your turn
    ai_delay = 0.1        # a computer's pause before it plays (thinking included)

    def __init__(self, shell):
        super().__init__(shell)
        self.selected = None
        self.steps = []        # the turn strip: (css class, html)
        self.panel = None      # an extra panel (end of turn) waiting for Continue
        self.dealing = False   # the next draw deals: cards come from the stock
        self.mover = None      # the seat whose move the table is showing

    # ---- setup ------------------------------------------------------------------
    def extra_setup_html(self):
        m = self.match
        chosen = next((v for v, h, t in match_play.LENGTHS if m and (h, t) == (m.limit, m.target)), "one")
        html = match_play.setup_html(chosen, str(m.stake) if m and m.stake else "")
        if not self.pass_panel:
            return html
        checked = " checked" if self.shell.settings.get("pass_panel", False) else ""
        return html + (f'<label class="check"><input type="checkbox" id="opt-pass"{checked}> '
                       f'{_("Pause after my turn (the end-of-turn panel with “Pass turn”)")}</label>')

    def read_extra_setup(self):
        check = dom.el("opt-pass")
        if check:
            self.shell.settings["pass_panel"] = bool(check.checked)
            self.shell.save_settings()
        length = dom.el("opt-match")
        got = match_play.read_setup(length.value if length else "one",
                                    dom.el("opt-stake").value if length else "")
        if isinstance(got, str):
            return got
        self.pending_match = got if (got[0] or got[1]) else None
        return {}

    # ---- input --------------------------------------------------------------------
    async def on_do(self, verb, node):
        if verb == "card":
            await self.tap_card(int(node.dataset.card))
        elif verb == "hint":
            await self.show_hint()
        elif verb == "new-hand":
            opts = dict(self.session.game.options)
            opts.pop("lead", None)
            await self.new_game(opts, self.session.seats[1], self.random_seed())
        elif verb == "next-hand" and self.match is not None and not self.match.is_over():
            seed, opts = self.match.next_hand()
            await self._deal(opts, self.session.seats[1], seed)
        elif verb == "new-match" and self.match is not None:
            m = self.match
            self.pending_match = (m.limit, m.target, m.stake)
            await self.new_game(dict(m.options), m.level, self.random_seed())
        else:
            await super().on_do(verb, node)

    async def tap_card(self, cid):
        """One tap plays a card that has one way to be played; a card that
        could also start a bomb or a shake is selected, and the panel asks."""
        st = self.session.state()
        legal = Legal(st["legal"])
        specials = self.specials_for(cid, legal)
        play = legal.find("play", card=cid)
        if play is None and not specials:
            self.render()       # not playable now: the table waits as before
            return
        if not specials:
            await self.act(play)
        else:
            self.selected = cid
            self.render()

    def specials_for(self, cid, legal):
        """The legal bomb/shake actions for the group of hand card ``cid``
        (``legal``: a ``Legal``)."""
        g = self.deck.group_of(cid)
        if g is None:
            return []
        group = {self.deck.group_key: g}
        return legal.all("bomb", **group) + legal.all("shake", **group)

    async def new_game(self, options, level, seed):
        """A new game: a match's first hand when the setup chose a match
        (dealt from the match's own seed), else a single hand."""
        options, seed = self.begin_match(options, level, seed)
        await self._deal(options, level, seed)

    async def _deal(self, options, level, seed):
        self.dealing = True
        self.steps = []
        await super().new_game(options, level, seed)

    async def act(self, action):
        self.selected = None
        self.steps = []
        await super().act(action)

    async def after_human_turn(self):
        """The end-of-turn panel waits for "Pass turn" (gostop; a setting)."""
        st = self.session.state()
        if (self.pass_panel and not st["terminal"] and st["ai_to_move"]
                and self.shell.settings.get("pass_panel", False)):
            self.panel = "pass"
            self.render()
            await self.pause_for_continue()
            self.panel = None

    def dismiss(self):
        self.panel = None
        self.render()

    def on_key(self, event):
        key = str(event.key)
        if key not in ("ArrowLeft", "ArrowRight"):
            return
        buttons = dom.query_all(".hhand .card-btn")
        if not buttons:
            return
        active = dom.focused()
        idx = next((i for i, b in enumerate(buttons) if b == active), -1)
        step = 1 if key == "ArrowRight" else -1
        buttons[(idx + step) % len(buttons)].focus()
        event.preventDefault()

    # ---- narration ----------------------------------------------------------------
    def narrate(self, e):
        t, p = e["type"], e.get("player")
        who = hv.name(p) if isinstance(p, int) else ""
        name = self.deck.card_name
        if t == "played":
            return _("{who} played {card}.", who=who, card=name(e["card"]))
        if t == "flipped":
            return _("{who} flipped {card}.", who=who, card=name(e["card"]))
        if t == "captured":
            return _("{who} took {cards}.", who=who, cards=", ".join(name(c) for c in e["cards"]))
        if t == "junk-taken":
            if e["from"] == 0:
                return _("{who} took junk from you.", who=who)
            return _("{who} took junk from {other}.", who=who, other=hv.name(e["from"]))
        if t == "first-ppuk":
            return ngettext("{who} made a ppuk on the first turn and is paid {n} point by {other}.",
                            "{who} made a ppuk on the first turn and is paid {n} points by {other}.",
                            e["points"], who=who, other=hv.name(e["from"]))
        if t in self.deck.callouts and t not in ("go", "stop"):
            word, ko = self.deck.callouts[t]
            ko = "" if lang() == "ko" else f" ({ko})"      # the Korean page already says it
            return f"{_(word)}{ko} {who}".strip()
        if t == "go":
            return ngettext("{who} called Go ({k}) with {n} point.", "{who} called Go ({k}) with {n} points.",
                            e["score"], who=who, k=e["count"])
        if t == "stop":
            return ngettext("{who} called Stop with {n} point.", "{who} called Stop with {n} points.", e["score"], who=who)
        if t == "bonus-banked":
            return _("{who} banked a bonus card.", who=who)
        if t == "cup-choice":
            return _("{who} chooses how the sake cup counts.", who=who)
        if t == "cup":
            return (_("{who} counts the sake cup as an animal.", who=who) if e["as"] == "animal"
                    else _("{who} counts the sake cup as double junk.", who=who))
        if t == "hand-over":
            return self.result_title(e["result"])
        return None

    def result_title(self, r):
        if r["winner"] is None:
            return _("Nagari: the hand is a draw.")
        how = {"chongtong": _(" by chongtong"), "three-ppuk": _(" with three ppuks")}.get(r["reason"], "")
        if r["winner"] == 0:
            return ngettext("You win{how}: {n} point.", "You win{how}: {n} points.", r["total"], how=how)
        return ngettext("{who} wins{how}: {n} point.", "{who} wins{how}: {n} points.", r["total"],
                        who=hv.name(r["winner"]), how=how)

    def strip_step(self, e):
        t, p = e["type"], e.get("player")
        deck = self.deck
        who = f'<b>{hv.name(p)}</b>' if isinstance(p, int) else ""
        if t == "turn":
            # Your own turn is announced by the prompt when the table takes
            # your tap; the strip keeps showing what the others just did.
            if p == self.session.human:
                return None
            self.steps = []
            whose = _("{who}'s turn", who=who)
            return ("who", f"<span>{whose}" + (_(" (flip only)") if e.get("flip_only") else "") + "</span>")
        # The strip reads as one sentence per turn ("You play X · flip Y ·
        # take Z"): the verbs agree with the player, "you" has its own forms.
        you = p == 0
        if t == "played":
            small = hv.card(deck, e["card"], "small")
            if you:
                return ("play", _("You play {card}", card=small))
            return ("play", _("{who} plays {card}", who=who, card=small))
        if t == "flipped":
            small = hv.card(deck, e["card"], "small")
            return ("flip", _("flip {card}", card=small) if you else _("flips {card}", card=small))
        if t == "stayed":
            return ("stay", _("{card} stays", card=hv.card(deck, e["card"], "small")))
        if t == "chose":
            small = hv.card(deck, e["card"], "small")
            return ("take", _("choose {card}", card=small) if you else _("chooses {card}", card=small))
        if t == "captured":
            cards = "".join(hv.card(deck, c, "small") for c in e["cards"])
            return ("take", _("take {cards}", cards=cards) if you else _("takes {cards}", cards=cards))
        if t == "junk-taken":
            cards = "".join(hv.card(deck, c, "small") for c in e["cards"])
            if you:
                return ("junk", _("You take {cards} from {other}", cards=cards, other=hv.name(e["from"])))
            if e["from"] == 0:
                return ("junk", _("{who} takes {cards} from you", who=who, cards=cards))
            return ("junk", _("{who} takes {cards} from {other}", who=who, cards=cards, other=hv.name(e["from"])))
        if t == "bonus-banked":
            small = hv.card(deck, e["card"], "small")
            if you:
                return ("bonus", _("You bank {card}", card=small))
            return ("bonus", _("{who} banks {card}", who=who, card=small))
        if t == "drew":
            if "card" in e:
                small = hv.card(deck, e["card"], "small")
                if you:
                    return ("draw", _("You draw {card}", card=small))
                return ("draw", _("{who} draws {card}", who=who, card=small))
            return ("draw", _("{who} draws a card", who=who))
        if t in deck.callouts:
            word, ko = deck.callouts[t]
            return ("special", with_ko(_(word), ko))
        return None

    async def play_out(self, events):
        """Shows ``events`` one move at a time: the board drawn after each
        move is the last board shown with that move made (``board_step``), so
        the strip and the board never disagree; the engine's own view is
        drawn at the end. A capture and what it takes with it (junk, a
        stack) are one move."""
        after = self.session.state()
        final = after["view"]
        board = board_copy(self.shown)
        moved = {}
        # A callout's banner starts right after the next drawing, in the same
        # frame as its cards: started before, the drawing's work (markup,
        # layout, paint) ran during the banner and made it stutter on a slow
        # phone. The next move waits until the banner is over (landed).
        callouts = []
        if self.move_started is None:
            self.begin_move()
        for i, e in enumerate(events):
            self.shell.cue(e)
            line = self.narrate(e)
            if line:
                self.add_log(line)
            step = self.strip_step(e)
            if step:
                self.steps.append(step)
            if e["type"] in self.deck.callouts:
                callouts.append(e)
            if isinstance(e.get("player"), int):
                self.mover = e["player"]
            try:
                changed = board is not None and self.board_step(board, final, e, moved)
            except Exception as err:  # noqa: BLE001 - show the rest without motion, never stall
                dom.window.console.warn(f"cardroom: move {e['type']} not shown: {err!r}")
                board, changed = None, False
            if not changed:
                continue
            nxt = events[i + 1]["type"] if i + 1 < len(events) else None
            if e["type"] in TAKES and nxt in TAKES:
                continue           # one motion for the whole capture
            try:
                self.draw(board, None, origins=moved, interim=True)
            except Exception as err:  # noqa: BLE001 - as above
                dom.window.console.warn(f"cardroom: board not drawn: {err!r}")
                board = None
            moved = {}
            await self._callouts(callouts)
            await self.end_move(STEPS.get(e["type"], STEP))
        self.move_started = None
        if after["terminal"]:
            # The hand's last board, then its result panel, in two tasks: in
            # one they were ~50-75 ms on the phone profile.
            self.render(result=False)
            await asyncio.sleep(0)
            if self.retired:
                return
        self.render()
        await self._callouts(callouts)

    async def _callouts(self, pending):
        """The banners of the callout events in ``pending`` (emptied), one
        after another, each with the cards it reveals."""
        for i, e in enumerate(pending):
            if i:
                await self.shell.wait(0, landed=True)
            word, ko = hv.callout_words(self.deck, e["type"])
            shown = [f"./art/{self.deck.art}/{c}.svg" for c in e.get("cards", ())] if e["type"] in SHOWN else []
            dom.banner(word, ko, e["type"], self.shell.pace(CALLOUT) * 1000, shown)
        pending.clear()

    async def advance(self, events):
        human_moved = bool(events) and self.session.human not in self.session.game.to_move()
        if human_moved:
            await self.after_human_turn()
        await super().advance(events)

    # ---- rendering ----------------------------------------------------------------
    def art_urls(self):
        art = f"./art/{self.deck.art}"
        return [f"{art}/{c}.svg" for c in range(self.deck.faces)] + [f"{art}/back.svg"]

    def widest_card(self):
        return f'<div class="htable" data-game="{self.game_id}"><img class="hcard in-hand" alt=""></div>'

    def render(self, result=True):
        st = self.session.state()
        self.draw(st["view"], st, result=result)

    def draw(self, v, st, origins=None, interim=False, result=True):
        """Draws view ``v``. ``interim``: a board between the moves of a turn
        being shown (no decisions; the hand takes taps for later); else ``st``
        is the engine's state and the table waits for whoever is to move.
        ``result``: a finished hand's result panel with it."""
        if interim:
            st = {"terminal": False, "to_move": [], "ai_to_move": [], "actions": -1, "legal": []}
        legal = Legal(st["legal"])
        n = v["players"]
        deck = self.deck
        groups = v[deck.field_key]
        field_groups = {g[deck.group_key] for g in groups}
        hand = v["hand"]
        matchable = {c for c in hand if deck.group_of(c) in field_groups}
        special = {deck.group_of(c) for c in hand if self.specials_for(c, legal)}
        playable = {c for c in hand if legal.find("play", card=c) is not None or deck.group_of(c) in special}
        highlight = set()
        if self.selected is not None and self.selected in playable:
            m = deck.group_of(self.selected)
            highlight = {c for g in groups if g[deck.group_key] == m for c in g["cards"]}
        elif not interim:
            self.selected = None
        pending = v["pending"] or {}
        # the field cards you may take now, each with its action
        options = ({c: legal.find("take", card=c) for c in pending.get("options", [])}
                   if not interim and pending.get("kind", "").startswith("choose") and 0 in st["to_move"] else {})
        turn_info = _("Turn {t}/{total} · stop at {k}+", t=min(v["turn"], v["turns_total"]),
                      total=v["turns_total"], k=v["rules"]["threshold"])
        if self.match is not None:
            turn_info = f"{match_play.top_line(self.match)} · {turn_info}"
        dom.set_html_later("topbar-info", turn_info)
        sheet = dom.open_sheet()
        me = dom.nest(1, f'<section class="my-piles" aria-label="{_("Your captured cards")}">', [
            f'<div class="hseat-head"><span class="seat-name">{hv.name(0)}</span>'
            f'{"<span class=dealer>D</span>" if deck.dealer(v) == 0 else ""}'
            f'{"<span class=gos>" + _("{k} Go", k=v["gos"][0]) + "</span>" if v["gos"][0] else ""}'
            f'{deck.seat_marks(v, 0)}'
            f'<span class="seat-score">{ngettext("{n} pt", "{n} pts", v["scores"][0]["base"])}</span></div>',
            *hv.pile_parts(deck, v, 0, open_sheet=sheet)], "</section>")
        overlay = ""
        if st["terminal"] and v["result"] and result:
            overlay = f'<div class="overlay">{hv.result_panel(deck, v, self.result_title(v["result"]), self.match)}</div>'
        dealing, self.dealing = self.dealing, False
        if dealing:
            origins = {c: ("stock", True) for g in groups for c in g["cards"]}
            origins.update({c: ("stock", True) for c in hand})
        waiting = not interim and self.waiting_for_human(st) and self.panel is None
        decision = self.interim_html() if interim else self.decision_html(st, legal) + self.hint_html(st)
        play_phase = v["phase"] in PLAY_PHASES
        # While others move, a tap on your hand waits for your turn (shell.py).
        later = interim or (not st["terminal"] and self.session.human not in st["to_move"])
        head = (f'<div class="htable players-{n}" data-game="{self.game_id}" '
                f'data-terminal="{str(st["terminal"]).lower()}" data-actions="{st["actions"]}" '
                f'data-phase="{v["phase"]}" data-moving="{str(interim).lower()}" '
                f'data-mover="{self.mover if interim and self.mover is not None else ""}" '
                f'data-waiting="{"human" if waiting else "no"}">')
        parts = [
            head,
            hv.seats_row(deck, v, sheet),
            deck.side_html(v),
            hv.field(deck, v, highlight, options, origins),
            f'<div class="strip-row">{hv.strip(self.steps)}</div>',
            f'<div class="decision" id="decision">{decision}</div>',
            hv.hand(deck, v, playable if play_phase else set(), self.selected, matchable, special,
                    _(self.bomb_label).lower() if legal.all("bomb") else _("can shake"), later=later, origins=origins),
            me,
            f'<div class="table-tools">{self.speed_button()}<button class="btn small" data-do="new">{_("New game")}</button></div>',
            self.log_html(),
            overlay,
            "</div>",
        ]
        dom.draw_table(dom.PART.join(part.strip() for part in parts),
                       self.shell.pace(DEAL if dealing else STEP) * 1000, fresh=dealing,
                       since=self.move_started if interim else None)
        self.shown = v
        if overlay:
            dom.open_dialog()          # focus without scrolling: the headline stays in view

    def sheet_html(self, p):
        """Seat ``p``'s piles at the sheet's size, as last drawn."""
        return self.deck.piles_html(self.shown, p) if self.shown else ""

    def special_decision_html(self, st, legal, pending):
        """A game's own decision panel (hwatu's sake cup), or None."""
        return None

    def interim_html(self):
        """The decision area while a turn is being shown: who is moving."""
        if self.mover is None or self.mover == self.session.human:
            return ""
        return f'<p class="prompt">{_("{who} is playing…", who=hv.name(self.mover))}</p>'

    def decision_html(self, st, legal):
        v = st["view"]
        if st["terminal"]:
            return ""
        if self.panel == "pass":
            return (f'<p class="prompt">{_("Your turn is over.")}</p>'
                    f'<button class="btn primary" data-do="continue">{_("Pass turn")}</button>')
        if 0 not in st["to_move"]:
            return (f'<p class="prompt">{_("{who} is playing…", who=hv.name(st["to_move"][0]))}</p>'
                    if st["to_move"] else "")
        pending = v["pending"] or {}
        kind = pending.get("kind", "")
        special = self.special_decision_html(st, legal, pending)
        if special is not None:
            return special
        if kind.startswith("choose"):
            opts = "".join(f'<button class="btn choice" data-do="act" data-action="{legal.find("take", card=c)}">'
                           f'{hv.card(self.deck, c, "small", label="")}<span>{_("Take {card}", card=dom.esc(self.deck.card_name(c)))}</span></button>'
                           for c in pending["options"])
            return f'<p class="prompt">{_("Which card do you take?")}</p><div class="choices">{opts}</div>'
        if kind == "go-stop":
            GO, STOP = legal.find("go"), legal.find("stop")
            go = ("" if GO is None else
                  f'<button class="btn go-btn" data-do="act" data-action="{GO}">{with_ko(_("Go"), "고")}</button>')
            note = (_(" It is your last turn, so only Stop is offered.").strip() if GO is None else
                    _("Go on for more, at the risk of losing it all: a Go pays only when its caller stops."))
            ask = _("You have <b>{score}</b> points. Stop now and you are paid:", score=pending["score"])
            pays = hv.pay_steps(self.deck, pending["stop_settle"], v["gos"][0], v["scores"][0], "data-stop-pays",
                                options=v["options"])
            return (f'<p class="prompt">{ask}</p>{pays}<p class="prompt-note">{note}</p>'
                    f'<div class="choices">{go}<button class="btn stop-btn" data-do="act" data-action="{STOP}">'
                    f'{with_ko(_("Stop"), "스톱")}</button></div>')
        buttons = []
        flip, skip = legal.find("flip"), legal.find("pass")
        if flip is not None:
            buttons.append(f'<button class="btn primary" data-do="act" data-action="{flip}">{_("Flip the stock")}</button>')
        if skip is not None:
            buttons.append(f'<button class="btn" data-do="act" data-action="{skip}">{_("Pass")}</button>')
        sel = self.selected
        if sel is not None:
            specials = self.specials_for(sel, legal)
            bombs = legal.all("bomb")
            for a in specials:
                if a in bombs:
                    buttons.append(f'<button class="btn bomb-btn" data-do="act" data-action="{a}">'
                                   f'{with_ko(_(self.bomb_label), self.bomb_ko)}</button>')
                else:
                    buttons.append(f'<button class="btn bomb-btn" data-do="act" data-action="{a}">'
                                   f'{with_ko(_("Shake: show all three"), "흔들기")}</button>')
            play = legal.find("play", card=sel)
            if play is not None:
                buttons.append(f'<button class="btn primary" data-do="act" data-action="{play}">'
                               f'{_("Play {card}", card=dom.esc(self.deck.card_name(sel)))}</button>')
            prompt = self.select_prompt(sel, specials, play is not None)
        elif v["phase"] == "flip-only":
            prompt = _("A flip-only turn.") if flip is not None else _("Nothing to flip: pass.")
        elif v["phase"] == "shake-play":
            prompt = _("You shook: now play one of the three cards you showed.")
        else:
            prompt = _("Your turn: choose a card from your hand (● marks a match on the field).")
        return f'<p class="prompt">{prompt}</p><div class="choices">{"".join(buttons)}</div>'


    def move_label(self, action, fallback):
        """The table's own words for ``action``, from what the engine says
        it does (``describe_action``); ``fallback``: the engine's label."""
        try:
            does = self.session.game.describe_action(action)
        except (AttributeError, ValueError):
            return fallback
        return hv.move_words(self.deck, does, _(self.bomb_label)) or fallback

    def select_prompt(self, sel, specials, single):
        if not specials:
            return _("Play the selected card.")
        if not single:
            return _("Holding three with the fourth on the table, you must play all three.")
        return _("Play the selected card, or use the special play above.")
