"""The `go-stop-2005` table: the line of number cards with their face-down
piles, your Go and Stop cards, the other players' seats, and the reveals."""
from pyscript import document

from . import dom
from .i18n import N_, _
from .table import TableBase

GO, STOP = 0, 1
NAMES = (N_("You"), N_("Hana"), N_("Minjun"), N_("Sora"), N_("Jiho"), N_("Yuna"))


def name(p):
    return _(NAMES[p])


def word(action):
    return _("STOP") if action == STOP else _("Go")


def number_card(number, extra_class="", label=None):
    label = label or _("Number card {n}", n=number)
    return (f'<div class="ncard{extra_class}" role="img" aria-label="{dom.esc(label)}" '
            f'data-number="{number}"><span class="corner">{number}</span>'
            f'<span class="big">{number}</span></div>')


def stars(wins):
    filled = "★" * wins + "☆" * (3 - wins)
    return f'<span class="stars" role="img" aria-label="{_("{n} of 3 rounds won", n=wins)}">{filled}</span>'


class Table2005(TableBase):
    game_id = "go-stop-2005"
    default_options = {"players": 3}

    def __init__(self, shell):
        super().__init__(shell)
        self.dialog = None   # markup of the round/game summary shown on top
        self._shown = None   # what was on screen last render: animate only news

    # ---- setup --------------------------------------------------------------------
    title = N_("Go/Stop (2005)")
    summary = N_("Bid for number cards with five Go cards and one Stop. First to win 3 rounds.")
    player_counts = (2, 3, 4, 5, 6)
    start_label = N_("Start game")

    def howto_html(self):
        return _("""<details class="howto"><summary>How to play</summary>
    <ul>
      <li>Each turn a number card (1&ndash;10) is turned up at the right end of the line.</li>
      <li>Everybody secretly lays one action card under it: <b>Stop</b> means &ldquo;I want this card&rdquo;, <b>Go</b> means &ldquo;not this one&rdquo;. You hold five Go and one Stop.</li>
      <li>From the fifth turn on, the leftmost card is scored each turn: if exactly one player laid Stop under it, they take it; otherwise it is discarded. The pile returns to its owners, so your Stop comes back.</li>
      <li>The moment someone takes a card, every card in the line is scored and the round ends. The highest card taken wins the round &mdash; but <b>1 beats 10</b> if the 10 was taken too.</li>
      <li>First to win 3 rounds wins. Thirty turns without a take void the round.</li>
    </ul>
  </details>""")

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
            why = _("nobody stopped") if stops == 0 else _("{k} Stops", k=stops)
            return _("Under {n}: {plays} — discarded ({why}).", n=e["number"], plays=plays, why=why)
        if t == "round_won":
            numbers = [n for _p, n in e["taken"]]
            extra = _(" — 1 beats 10!") if e["number"] == 1 and 10 in numbers else ""
            if e["player"] == 0:
                return _("You win round {r} with the {n}", r=e["round"], n=e["number"]) + extra
            return _("{who} wins round {r} with the {n}", who=name(e["player"]), r=e["round"],
                     n=e["number"]) + extra
        if t == "round_void":
            return _("{k} turns without a take: the round is void and is played again.", k=e["turns"])
        if t == "game_won":
            return _("You win the game!") if e["player"] == 0 else _("{who} wins the game!", who=name(e["player"]))
        if t == "deck_reshuffled":
            return _("The discarded number cards are shuffled into a new deck.")
        return None

    async def play_out(self, events):
        opened = [e for e in events if e["type"] == "pile_opened"]
        ending = [e for e in events if e["type"] in ("round_won", "round_void")]
        for e in events:
            self.shell.cue(e)
            line = self.narrate(e)
            if line:
                self.add_log(line)
        if ending:
            self.dialog = self._summary_html(opened, ending[-1],
                                             next(iter(e for e in events if e["type"] == "game_won"), None))
            self.render()
            if not any(e["type"] == "game_won" for e in events):
                await self.pause_for_continue()   # Continue dismisses the dialog
        elif opened:
            self.render()
            await self.shell.wait(0.6)
        self.render()

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
            body = _("Thirty turns passed without a take. The round is played again.")
        else:
            title = self.narrate(ending)
            body = ""
        if game_won:
            wins = " – ".join(f"{name(p)} {w}" for p, w in enumerate(game_won["wins"]))
            head = (_("You win the game") if game_won["player"] == 0
                    else _("{who} wins the game", who=name(game_won["player"])))
            button = f'<button class="btn primary" data-do="new">{_("New game")}</button>'
            body = _("{result}. Rounds won: {wins}.", result=title, wins=wins)
            title = head
        else:
            button = f'<button class="btn primary" data-do="continue">{_("Next round")}</button>'
        return (f'<div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dlg-title" data-dialog="{"game" if game_won else "round"}">'
                f'<h2 id="dlg-title">{dom.esc(title)}</h2><p>{dom.esc(body)}</p>'
                f'<ol class="reveals">{"".join(rows)}</ol>{button}</div>')

    def dismiss(self):
        self.dialog = None
        self.render()

    # ---- rendering ----------------------------------------------------------------
    def render(self):
        st = self.session.state()
        v = st["view"]
        n = v["players"]
        dom.set_html("topbar-info", _("Round {r} · first to 3", r=v["round"]))
        seats = []
        for p in range(1, n):
            chosen = v["chosen"][p] and not st["terminal"]
            taken = [num for q, num in v["taken"] if q == p]
            seats.append(
                f'<li class="seat{" chosen" if chosen else ""}" data-seat="{p}">'
                f'<span class="seat-name">{name(p)}</span>{stars(v["wins"][p])}'
                f'<span class="seat-hand" role="img" aria-label="{_("1 card in hand") if v["hand_sizes"][p] == 1 else _("{k} cards in hand", k=v["hand_sizes"][p])}">'
                f'{"".join("<i class=back></i>" for _n in range(v["hand_sizes"][p]))}</span>'
                f'<span class="seat-status">{_("✓ chosen") if chosen else _("thinking…") if not st["terminal"] else ""}</span>'
                f'{"".join(number_card(x, " tiny") for x in taken)}</li>')
        line = []
        count = len(v["line"])
        news = (v["round"], v["turn"], self.dialog) != self._shown
        fresh_turn = self._shown is None or self._shown[:2] != (v["round"], v["turn"])
        self._shown = (v["round"], v["turn"], self.dialog)
        for i, c in enumerate(v["line"]):
            newest = i == count - 1
            scores_now = i == 0 and v["scoring"]
            placed = c["mine"] is not None
            pile_size = n if placed else sum(v["chosen"])
            mine = ""
            if placed:
                mine = f'<span class="mine {"stop" if c["mine"] == STOP else "go"}">{_("you: {card}", card=word(c["mine"]))}</span>'
            elif newest and v["my_choice"] is not None:
                mine = f'<span class="mine {"stop" if v["my_choice"] == STOP else "go"}">{_("you: {card}", card=word(v["my_choice"]))}</span>'
            classes = ((" newest" if newest else "") + (" enter" if newest and fresh_turn else "")
                       + (" scores" if scores_now else ""))
            label = (_("Number card {n}", n=c["number"]) + (_(", scored this turn") if scores_now else "")
                     + (_(", just turned up") if newest else ""))
            line.append(
                f'<li class="slot{classes}">{number_card(c["number"], "", label)}'
                f'<div class="pile" role="img" aria-label="{_("{k} action cards face down", k=pile_size)}">'
                f'{"".join("<i class=back></i>" for _n in range(pile_size))}</div>{mine}'
                f'{"<span class=flag>" + _("scores now") + "</span>" if scores_now else ""}</li>')
        hand = v["hand"]
        legal = {a["id"] for a in st["legal"]}
        stop_where = ""
        if not hand["stop"]:
            under = [c["number"] for c in v["line"] if c["mine"] == STOP]
            if under:
                stop_where = _("under the {n}", n=under[0])
            elif v["my_choice"] == STOP:
                stop_where = _("just laid")
        go_btn = (f'<button class="acard go" data-do="act" data-action="{GO}" '
                  f'{"" if GO in legal else "disabled"} aria-label="{_("Play Go ({k} left)", k=hand["go"])}">'
                  f'<span class="acard-word">{_("GO")}</span><svg class="acard-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 10h11V4l8 8-8 8v-6H3z" fill="#fff"/></svg>'
                  f'<span class="acard-count">×{hand["go"]}</span></button>')
        stop_btn = (f'<button class="acard stop" data-do="act" data-action="{STOP}" '
                    f'{"" if STOP in legal else "disabled"} aria-label="{_("Play Stop")}{", " + stop_where if stop_where else ""}">'
                    f'<span class="acard-word">{_("STOP")}</span><svg class="acard-icon" viewBox="0 0 24 24" aria-hidden="true"><polygon points="7,1 17,1 23,7 23,17 17,23 7,23 1,17 1,7" fill="#fff"/><rect x="5" y="10" width="14" height="4" fill="#b3261e"/></svg>'
                    f'<span class="acard-count">{dom.esc(stop_where) if stop_where else "×1"}</span></button>')
        prompt = self._prompt(st)
        last = v["revealed"][-1] if v["revealed"] else None
        last_html = ""
        if last:
            chips = "".join(
                f'<span class="chip {"stop" if a == STOP else "go"}">{name(p)}: {word(a)}</span>'
                for p, a in enumerate(last["pile"]))
            last_html = (f'<div class="last-scored"><span class="muted">{_("Last scored:")}</span> '
                         f'{number_card(last["number"], " tiny")}{chips}'
                         f'<span class="result">{_("discarded") if last["taker"] < 0 else _("taken")}</span></div>')
        my_taken = "".join(number_card(x, " tiny") for q, x in v["taken"] if q == 0)
        discards = " ".join(str(x) for x in v["discards"]) or _("none")
        dialog = (f'<div class="overlay{" enter" if news else ""}">{self.dialog}</div>'
                  if self.dialog else "")
        dom.set_html("table", f"""
<div class="t2005" data-game="go-stop-2005" data-terminal="{str(st['terminal']).lower()}" data-actions="{st['actions']}" data-waiting="{'human' if self.waiting_for_human(st) else 'no'}" data-round="{v['round']}" data-turn="{v['turn']}">
  <ul class="seats">{"".join(seats)}</ul>
  <div class="line-area">
    <div class="deck" role="img" aria-label="{_("Deck: {k} number cards", k=v['deck'])}"><i class="back big"></i><span class="deck-count">{v['deck']}</span></div>
    <ol class="line" aria-label="{_("The line of number cards")}">{"".join(line)}</ol>
  </div>
  <div class="discards muted">{_("Discarded: {cards}", cards=discards)}</div>
  {last_html}
  <p class="prompt" id="prompt">{prompt}</p>
  <div class="hand" role="group" aria-label="{_("Your action cards")}">{go_btn}{stop_btn}</div>
  <div class="me"><span class="seat-name">{name(0)}</span>{stars(v['wins'][0])}{my_taken}</div>
  <div class="table-tools">{self.speed_button()}<button class="btn small" data-do="new">{_("New game")}</button></div>
  {self.log_html()}
  {dialog}
</div>""")
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
            btn = document.querySelector(f'.hand [data-action="{action}"]')
            if btn and not btn.hasAttribute("disabled"):
                btn.click()
