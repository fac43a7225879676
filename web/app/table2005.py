"""The `go-stop-2005` table: the line of number cards with their face-down
piles, your Go and Stop cards, the other players' seats, and the reveals.

Motion (motion.js): every card on the table has a key. A number card flies
from the deck face up, a bid flies face down from its player's hand to the
newest pile, a scored pile's bids turn over, the number card flies to its
taker and the bids go back to their owners' hands."""


from gostop.games.gostop2005 import GO, GOS_PER_ROUND, NUMBERS, SAFETY_TURNS, STOP, WINS_NEEDED, round_winner

from . import dom, records
from .i18n import N_, _, ngettext
from .table import TableBase, board_copy
from .motion_marks import motion_attrs

NAMES = (N_("You"), N_("Hana"), N_("Minjun"), N_("Sora"), N_("Jiho"), N_("Yuna"))


def name(p):
    return _(NAMES[p])


def word(action):
    return _("STOP") if action == STOP else _("Go")


# Seconds (normal speed): a card's flight, and the pause after each move.
MOVE = 0.35
STEPS = {"chose": 0.2, "number_opened": 0.45, "reveal": 0.75, "scored": 0.5, "round_start": 0.45}
CALLOUT = 0.9


def number_card(number, extra_class="", label=None, key=None, origin=None):
    label = label or _("Number card {n}", n=number)
    return (f'<div class="ncard{extra_class}" role="img" aria-label="{dom.esc(label)}" '
            f'data-number="{number}"{motion_attrs(key, origin)}><span class="corner">{number}</span>'
            f'<span class="big">{number}</span></div>')


def stars(wins):
    filled = "★" * wins + "☆" * (3 - wins)
    return f'<span class="stars" role="img" aria-label="{_("{n} of 3 rounds won", n=wins)}">{filled}</span>'


class Table2005(TableBase):
    game_id = "go-stop-2005"
    default_options = {"players": 3}

    ai_delay = 0.25

    def __init__(self, shell):
        super().__init__(shell)
        self.dialog = None   # markup of the round/game summary shown on top
        self._dialog_shown = None   # the dialog already on screen (it pops in once)
        self.shown = None    # the view (or board between moves) last drawn
        self.gen = 0         # bumped each round: the keys of a new round's cards
        self.playing = False  # play_out is showing moves (a dialog may pause it)

    # Keys of the cards on the table (unique on the page, stable between draws).
    def k_number(self, number):
        return f"{self.gen}.n{number}"

    def k_bid(self, number, p):
        return f"{self.gen}.b{number}.{p}"

    def k_shown(self, number, p):
        return f"{self.gen}.r{number}.{p}"

    def k_back(self, p, i):
        return f"{self.gen}.h{p}.{i}"

    # ---- setup --------------------------------------------------------------------
    title = N_("Go/Stop (2005)")
    summary = N_("Bid for number cards with {gos} Go cards and one Stop. First to win {wins} rounds.")
    player_counts = (2, 3, 4, 5, 6)
    start_label = N_("Start game")

    def rule_numbers(self):
        return {"gos": GOS_PER_ROUND, "wins": WINS_NEEDED}

    def howto_html(self):
        return _("""<details class="howto"><summary>How to play</summary>
    <ul>
      <li>Each turn a number card ({low}&ndash;{high}) is turned up at the right end of the line.</li>
      <li>Everybody secretly lays one action card under it: <b>Stop</b> means &ldquo;I want this card&rdquo;, <b>Go</b> means &ldquo;not this one&rdquo;. You hold {gos} Go and one Stop.</li>
      <li>From the fifth turn on, the leftmost card is scored each turn: if exactly one player laid Stop under it, they take it; otherwise it is discarded. The pile returns to its owners, so your Stop comes back.</li>
      <li>The moment someone takes a card, every card in the line is scored and the round ends. The highest card taken wins the round &mdash; but <b>{low} beats {high}</b> if the {high} was taken too.</li>
      <li>First to win {wins} rounds wins. {turns} turns without a take void the round.</li>
    </ul>
  </details>""", gos=GOS_PER_ROUND, wins=WINS_NEEDED, turns=SAFETY_TURNS, low=NUMBERS[0], high=NUMBERS[-1])

    # ---- narration ----------------------------------------------------------------
    def narrate(self, e):
        t = e["type"]
        if t == "number_opened":
            return _("Number {n} is turned up.", n=e["number"])
        if t == "pile_opened":
            plays = ", ".join(f"{name(p)} {word(a)}" for p, a in enumerate(e["pile"]))
            if e["taker"] == 0:
                return _("Under {n}: {plays} — you take the {n}.", n=e["number"], plays=plays)
            if e["taker"] > 0:
                return _("Under {n}: {plays} — {who} takes the {n}.", n=e["number"], plays=plays,
                         who=name(e["taker"]))
            stops = sum(1 for a in e["pile"] if a == STOP)
            why = _("nobody stopped") if stops == 0 else ngettext("{n} Stop", "{n} Stops", stops)
            return _("Under {n}: {plays} — discarded ({why}).", n=e["number"], plays=plays, why=why)
        if t == "round_won":
            # the winner is not the highest card taken: the low card's exception (the engine's round_winner)
            highest = max(n for _p, n in e["taken"])
            extra = (_(" — {low} beats {high}!", low=e["number"], high=highest)
                     if round_winner(e["taken"])[1] != highest else "")
            if e["player"] == 0:
                return _("You win round {r} with the {n}", r=e["round"], n=e["number"]) + extra
            return _("{who} wins round {r} with the {n}", who=name(e["player"]), r=e["round"],
                     n=e["number"]) + extra
        if t == "round_void":
            return ngettext("{n} turn without a take: the round is void and is played again.",
                            "{n} turns without a take: the round is void and is played again.", e["turns"])
        if t == "game_won":
            return _("You win the game!") if e["player"] == 0 else _("{who} wins the game!", who=name(e["player"]))
        if t == "deck_reshuffled":
            return _("The discarded number cards are shuffled into a new deck.")
        return None

    async def new_game(self, options, level, seed):
        self.gen += 1
        self.shown = None
        await super().new_game(options, level, seed)

    async def play_out(self, events):
        """Shows ``events`` one move at a time on a copy of the board last
        drawn (``board_step``), so the log and the board never disagree;
        the round's summary waits for Continue; the engine's own view is
        drawn at the end."""
        opened = [e for e in events if e["type"] == "pile_opened"]
        game_won = next((e for e in events if e["type"] == "game_won"), None)
        board = board_copy(self.shown)
        self.playing = True
        if self.move_started is None:
            self.begin_move()
        try:
            for e in events:
                self.shell.cue(e)
                t = e["type"]
                line = self.narrate(e)
                if line:
                    self.add_log(line)
                if t in ("round_won", "round_void"):
                    if board is not None and t == "round_won":
                        board["wins"][e["player"]] += 1
                    self.dialog = self._summary_html(opened, e, game_won)
                    if board is not None:
                        self.draw(board, None, interim=True)
                    else:
                        self.render()
                    if game_won is None:
                        await self.pause_for_continue()   # Continue dismisses the dialog
                    continue
                if board is None:
                    continue
                if t == "pile_opened":
                    await self._reveal(board, e)
                    continue
                origins = {}
                if not self.board_step(board, e, origins):
                    continue
                self.draw(board, None, origins=origins, interim=True)
                await self.end_move(STEPS.get(t, 0.3))
        finally:
            self.playing = False
            self.move_started = None
        self.render()

    def board_step(self, board, e, origins):
        """Makes move ``e`` on ``board`` (a copy of a view); False when it
        moves no card. Every fact comes from the event (or, for a new
        round, the engine's view of it)."""
        t, p = e["type"], e.get("player")
        human = self.session.human
        if t == "chose":
            if not board["line"]:
                return False
            number = board["line"][-1]["number"]
            board["chosen"][p] = True
            board["hand_sizes"][p] = max(0, board["hand_sizes"][p] - 1)
            if p == human and "action" in e:
                board["my_choice"] = e["action"]
                if e["action"] == STOP:
                    board["hand"]["stop"] = False
                else:
                    board["hand"]["go"] -= 1
                origins[self.k_bid(number, p)] = (f"act-{e['action']}", False)
            else:
                origins[self.k_bid(number, p)] = (f"hand-{p}", False)
            return True
        if t == "pile_placed":
            if board["line"]:
                board["line"][-1]["mine"] = board["my_choice"]
            board["my_choice"] = None
            return False
        if t == "number_opened":
            if any(c["number"] == e["number"] for c in board["line"]):
                return False       # already drawn with the new round
            board["deck"] = max(0, board["deck"] - 1)
            board["line"].append({"number": e["number"], "mine": None})
            board["turn"] = e["turn"]
            board["chosen"] = [False] * board["players"]
            board["my_choice"] = None
            origins[self.k_number(e["number"])] = ("deck", True)
            return True
        if t == "round_start":
            # A new round: new keys, and the engine's view of it (its first
            # number card comes from the deck).
            self.gen += 1
            board.clear()
            board.update(board_copy(self.session.state()["view"]))
            for c in board["line"]:
                origins[self.k_number(c["number"])] = ("deck", True)
            return True
        if t == "deck_reshuffled":
            board["deck"] = e["cards"]
            board["discards"] = []
            return False
        return False

    async def _reveal(self, board, e):
        """A scored pile: its bids turn over (a take is called out), then
        the number card flies to its taker (or is discarded) and the bids
        go back to their owners' hands."""
        human = self.session.human
        number, pile, taker = e["number"], e["pile"], e["taker"]
        slot = next((c for c in board["line"] if c["number"] == number), None)
        if slot is not None:
            slot["pile"] = list(pile)
            origins = {self.k_shown(number, p): (self.k_bid(number, p), True) for p in range(len(pile))}
            self.draw(board, None, origins=origins, interim=True)
            if taker >= 0:
                words = (_("You take the {n}!", n=number) if taker == human
                         else _("{who} takes the {n}!", who=name(taker), n=number))
                dom.banner(words, "", "stop", self.shell.pace(CALLOUT) * 1000)
            await self.shell.wait(STEPS["reveal"], landed=True)
            board["line"].remove(slot)
        origins = {}
        for p, a in enumerate(pile):
            old = board["hand_sizes"][p]
            board["hand_sizes"][p] = old + 1
            if p == human:
                if a == STOP:
                    board["hand"]["stop"] = True
                else:
                    board["hand"]["go"] += 1
            else:
                origins[self.k_back(p, old)] = (self.k_shown(number, p), False)
        if taker >= 0:
            board["taken"].append([taker, number])
        else:
            board["discards"] = sorted(board["discards"] + [number])
        board["revealed"].append({"number": number, "pile": list(pile), "taker": taker})
        self.draw(board, None, origins=origins, interim=True)
        await self.shell.wait(STEPS["scored"], landed=True)

    def _summary_html(self, opened, ending, game_won):
        rows = []
        for e in opened:
            cells = "".join(
                f'<span class="chip {"stop" if a == STOP else "go"}">{name(p)}: {word(a)}</span>'
                for p, a in enumerate(e["pile"]))
            result = (f"→ {name(e['taker'])}" if e["taker"] >= 0 else "→ " + _("discarded"))
            rows.append(f'<li class="reveal-row{" took" if e["taker"] >= 0 else ""}">'
                        f'{number_card(e["number"], " small")}<div class="chips">{cells}</div>'
                        f'<span class="result">{dom.esc(result)}</span></li>')
        if ending["type"] == "round_void":
            title = _("Round void")
            body = ngettext("{n} turn passed without a take. The round is played again.",
                            "{n} turns passed without a take. The round is played again.", ending["turns"])
        else:
            title = self.narrate(ending)
            body = ""
        if game_won:
            wins = " – ".join(f"{name(p)} {w}" for p, w in enumerate(game_won["wins"]))
            head = (_("You win the game") if game_won["player"] == 0
                    else _("{who} wins the game", who=name(game_won["player"])))
            button = f'<button class="btn primary" data-do="new">{_("New game")}</button>{records.share_buttons()}'
            body = _("{result}. Rounds won: {wins}.", result=title, wins=wins)
            title = head
        else:
            button = f'<button class="btn primary" data-do="continue">{_("Next round")}</button>'
        return (f'<div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dlg-title" data-dialog="{"game" if game_won else "round"}">'
                f'<h2 id="dlg-title">{dom.esc(title)}</h2><p>{dom.esc(body)}</p>'
                f'<ol class="reveals">{"".join(rows)}</ol>{button}</div>')

    def dismiss(self):
        self.dialog = None
        if self.playing and self.shown is not None:
            self.draw(self.shown, None, interim=True)   # the moves go on from there
        else:
            self.render()

    # ---- rendering ----------------------------------------------------------------
    def render(self):
        st = self.session.state()
        self.draw(st["view"], st)

    def draw(self, v, st, origins=None, interim=False):
        """Draws view ``v``. ``interim``: a board between the moves being
        shown (no decisions; a tap on Go or Stop waits for your turn); else
        ``st`` is the engine's state. ``origins``: where cards new to the
        table fly from."""
        if interim:
            st = {"terminal": False, "to_move": [], "ai_to_move": [], "actions": -1, "legal": []}
        origins = origins or {}
        human = self.session.human
        n = v["players"]
        dom.set_html_later("topbar-info", _("Round {r} · first to 3", r=v["round"]))
        seats = []
        for p in range(1, n):
            chosen = v["chosen"][p] and not st["terminal"]
            taken = [num for q, num in v["taken"] if q == p]
            size = v["hand_sizes"][p]
            # A bid leaves from the last card of the hand (motion.js's anchor).
            backs = "".join(f'<i class="back"{motion_attrs(self.k_back(p, i), origins.get(self.k_back(p, i)))}'
                            f'{f" data-anchor=hand-{p}" if i == size - 1 else ""}></i>' for i in range(size))
            seats.append(
                f'<li class="seat{" chosen" if chosen else ""}" data-seat="{p}">'
                f'<span class="seat-name">{name(p)}</span>{stars(v["wins"][p])}'
                f'<span class="seat-hand"{"" if size else f" data-anchor=hand-{p}"} role="img" aria-label="{ngettext("{n} card in hand", "{n} cards in hand", v["hand_sizes"][p])}">'
                f'{backs}</span>'
                f'<span class="seat-status">{_("✓ chosen") if chosen else _("thinking…") if not st["terminal"] else ""}</span>'
                f'{"".join(number_card(x, " tiny", key=self.k_number(x)) for x in taken)}</li>')
        line = []
        count = len(v["line"])
        for i, c in enumerate(v["line"]):
            number = c["number"]
            newest = i == count - 1
            scores_now = i == 0 and v["scoring"]
            placed = c["mine"] is not None
            if "pile" in c:
                # Turned over (between moves): every seat's bid, face up.
                pile = "".join(
                    f'<span class="bid {"stop" if a == STOP else "go"}" title="{name(p)}"'
                    f'{motion_attrs(self.k_shown(number, p), origins.get(self.k_shown(number, p)), anchor=True)}>'
                    f'{word(a)}</span>' for p, a in enumerate(c["pile"]))
                pile_label = ", ".join(f"{name(p)} {word(a)}" for p, a in enumerate(c["pile"]))
            else:
                bidders = range(n) if placed else [p for p in range(n) if v["chosen"][p]]
                pile = "".join(f'<i class="back"{motion_attrs(self.k_bid(number, p), origins.get(self.k_bid(number, p)), anchor=True)}></i>'
                               for p in bidders)
                pile_label = ngettext("{n} action card face down", "{n} action cards face down", len(bidders))
            mine = ""
            if placed:
                mine = f'<span class="mine {"stop" if c["mine"] == STOP else "go"}">{_("you: {card}", card=word(c["mine"]))}</span>'
            elif newest and v["my_choice"] is not None:
                mine = f'<span class="mine {"stop" if v["my_choice"] == STOP else "go"}">{_("you: {card}", card=word(v["my_choice"]))}</span>'
            classes = (" newest" if newest else "") + (" scores" if scores_now else "")
            label = (_("Number card {n}", n=number) + (_(", scored this turn") if scores_now else "")
                     + (_(", just turned up") if newest else ""))
            line.append(
                f'<li class="slot{classes}">{number_card(number, "", label, self.k_number(number), origins.get(self.k_number(number)))}'
                f'<div class="pile" role="img" aria-label="{dom.esc(pile_label)}">{pile}</div>{mine}'
                f'{"<span class=flag>" + _("scores now") + "</span>" if scores_now else ""}</li>')
        hand = v["hand"]
        legal = {a["id"] for a in st["legal"]}
        # While the table moves, a tap on Go or Stop waits for your turn (shell.py).
        later = interim or (not st["terminal"] and human not in st["to_move"])
        state = {a: 'aria-disabled="true"' if later else ("" if a in legal else "disabled") for a in (GO, STOP)}
        stop_where = ""
        if not hand["stop"]:
            under = [c["number"] for c in v["line"] if c["mine"] == STOP]
            if under:
                stop_where = _("under the {n}", n=under[0])
            elif v["my_choice"] == STOP:
                stop_where = _("just laid")
        go_btn = (f'<button class="acard go" data-do="act" data-action="{GO}" '
                  f'{state[GO]} aria-label="{_("Play Go ({k} left)", k=hand["go"])}">'
                  f'<span class="acard-word">{_("GO")}</span><svg class="acard-icon" data-anchor="act-{GO}" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 10h11V4l8 8-8 8v-6H3z" fill="#fff"/></svg>'
                  f'<span class="acard-count">×{hand["go"]}</span></button>')
        stop_btn = (f'<button class="acard stop" data-do="act" data-action="{STOP}" '
                    f'{state[STOP]} aria-label="{_("Play Stop")}{", " + stop_where if stop_where else ""}">'
                    f'<span class="acard-word">{_("STOP")}</span><svg class="acard-icon" data-anchor="act-{STOP}" viewBox="0 0 24 24" aria-hidden="true"><polygon points="7,1 17,1 23,7 23,17 17,23 7,23 1,17 1,7" fill="#fff"/><rect x="5" y="10" width="14" height="4" fill="#b3261e"/></svg>'
                    f'<span class="acard-count">{dom.esc(stop_where) if stop_where else "×1"}</span></button>')
        prompt = "" if interim else self._prompt(st)
        last = v["revealed"][-1] if v["revealed"] else None
        last_html = ""
        if last:
            chips = "".join(
                f'<span class="chip {"stop" if a == STOP else "go"}">{name(p)}: {word(a)}</span>'
                for p, a in enumerate(last["pile"]))
            last_html = (f'<div class="last-scored"><span class="muted">{_("Last scored:")}</span> '
                         f'{number_card(last["number"], " tiny")}{chips}'
                         f'<span class="result">{_("discarded") if last["taker"] < 0 else _("taken")}</span></div>')
        my_taken = "".join(number_card(x, " tiny", key=self.k_number(x)) for q, x in v["taken"] if q == human)
        discards = " ".join(str(x) for x in v["discards"]) or _("none")
        news = self.dialog is not None and self.dialog != self._dialog_shown
        self._dialog_shown = self.dialog
        dialog = (f'<div class="overlay{" enter" if news else ""}">{self.dialog}</div>'
                  if self.dialog else "")
        waiting = not interim and self.waiting_for_human(st)
        deck = ngettext("Deck: {n} number card", "Deck: {n} number cards", v['deck'])
        parts = [
            f'<div class="t2005" data-game="go-stop-2005" data-terminal="{str(st["terminal"]).lower()}" '
            f'data-actions="{st["actions"]}" data-waiting="{"human" if waiting else "no"}" '
            f'data-moving="{str(interim).lower()}" data-round="{v["round"]}" data-turn="{v["turn"]}">',
            f'<ul class="seats">{"".join(seats)}</ul>',
            f'<div class="line-area"><div class="deck" data-anchor="deck" role="img" aria-label="{deck}">'
            f'<i class="back big"></i><span class="deck-count">{v["deck"]}</span></div>'
            f'<ol class="line" aria-label="{_("The line of number cards")}">{"".join(line)}</ol></div>',
            f'<div class="discards muted">{_("Discarded: {cards}", cards=discards)}</div>',
            last_html,
            f'<p class="prompt" id="prompt">{prompt}</p>',
            f'<div class="hand" role="group" aria-label="{_("Your action cards")}">{go_btn}{stop_btn}</div>',
            f'<div class="me"><span class="seat-name">{name(human)}</span>{stars(v["wins"][human])}{my_taken}</div>',
            f'<div class="table-tools">{self.speed_button()}<button class="btn small" data-do="new">{_("New game")}</button></div>',
            self.log_html(),
            dialog,
            "</div>",
        ]
        dom.draw_table(dom.PART.join(part.strip() for part in parts), self.shell.pace(MOVE) * 1000,
                       since=self.move_started if interim else None)
        self.shown = v
        if self.dialog:
            dom.open_dialog()          # focus without scrolling: the headline stays in view

    def _prompt(self, st):
        v = st["view"]
        if st["terminal"]:
            return _("You won the game.") if v["winner"] == 0 else _("{who} won the game.", who=name(v["winner"]))
        if not v["line"]:
            return ""
        number = v["line"][-1]["number"]
        if v["my_choice"] is not None:
            return _("Waiting for the others…")
        scoring = _(" The {n} is scored after this turn.", n=v["line"][0]["number"]) if v["scoring"] else ""
        if not v["hand"]["stop"]:
            return _("Number {n} is up. Your Stop is out, so you play Go.", n=number) + scoring
        return _("Number {n} is up: <b>Go</b> (pass) or <b>Stop</b> (take it)?", n=number) + scoring

    def move_label(self, action, fallback):
        return word(action) if action in (GO, STOP) else fallback

    def on_key(self, event):
        key = str(event.key).lower()
        if key in ("g", "s") and not self.shell.busy and self.dialog is None:
            action = GO if key == "g" else STOP
            btn = dom.query(f'.hand [data-action="{action}"]')
            if btn and not btn.hasAttribute("disabled"):
                btn.click()
