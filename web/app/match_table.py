"""The hwatu tables: `matgo` (you against one computer) and `gostop` (2-4).

Tap a hand card to select it (the field cards it would take light up), tap it
again, or a lit field card, to play it. Every other decision the engine offers
(which of two field cards, Go or Stop, the bomb, banking a bonus card, a
flip-only turn) appears as buttons in the decision panel.
"""
from pyscript import document

from . import dom
from . import hwatu_view as hv
from .table import TableBase

PLAY_PHASES = ("play", "flip-only")
CHOOSE_BASE, FLIP, PASS, GO, STOP, BOMB_BASE = 100, 150, 151, 160, 161, 170
LEVELS = (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))
STEP = 0.45  # seconds per narrated step at normal speed


class HwatuTable(TableBase):
    game_id = "matgo"
    title = "Matgo"
    title_ko = "맞고"
    player_counts = (2,)
    default_options = {}
    summary = ""

    def __init__(self, shell):
        super().__init__(shell)
        self.selected = None
        self.steps = []        # the turn strip: (css class, html)
        self.shout = None      # the current callout (ppuk, go, ...)
        self.panel = None      # an extra panel (end of turn) waiting for Continue

    # ---- setup ------------------------------------------------------------------
    def setup_defaults(self):
        if self.session is None:
            return {}
        return {"players": str(self.session.game.num_players), "level": self.session.seats[1]}

    def setup_html(self, params):
        players = int(params.get("players", self.player_counts[-1 if len(self.player_counts) > 1 else 0]))
        if players not in self.player_counts:
            players = self.player_counts[0]
        level = params.get("level", "normal")
        seed = params.get("seed", "")
        count_field = ""
        if len(self.player_counts) > 1:
            opts = "".join(f'<option value="{n}"{" selected" if n == players else ""}>{n} players</option>'
                           for n in self.player_counts)
            count_field = f'<label class="field">Players<select id="opt-players">{opts}</select></label>'
        radios = "".join(f'<label class="radio"><input type="radio" name="level" value="{v}"'
                         f'{" checked" if v == level else ""}> {t}</label>' for v, t in LEVELS)
        pass_panel = ""
        if self.game_id == "gostop":
            checked = " checked" if self.shell.settings.get("pass_panel", True) else ""
            pass_panel = (f'<label class="check"><input type="checkbox" id="opt-pass"{checked}> '
                          f'Pause after my turn (the end-of-turn panel with &ldquo;Pass turn&rdquo;)</label>')
        return f"""
<div class="setup-card">
  <h2>{self.title} <span lang="ko">{self.title_ko}</span></h2>
  <p class="muted">{self.summary}</p>
  <form id="setup-form" onsubmit="return false">
    {count_field}
    <fieldset class="field"><legend>Computer level</legend>{radios}</fieldset>
    <label class="field">Seed <span class="muted">(optional: replay a deal)</span>
      <input id="opt-seed" inputmode="numeric" autocomplete="off" value="{dom.esc(seed)}" placeholder="random"></label>
    {pass_panel}
    <button class="btn primary big" data-do="start" type="submit">Deal</button>
  </form>
  {self.howto_html()}
</div>"""

    def howto_html(self):
        return ""

    def read_setup(self):
        node = document.getElementById("opt-players")
        players = int(node.value) if node else self.player_counts[0]
        level = "normal"
        for radio in document.querySelectorAll('#setup-form input[name="level"]'):
            if radio.checked:
                level = radio.value
        check = document.getElementById("opt-pass")
        if check:
            self.shell.settings["pass_panel"] = bool(check.checked)
            self.shell.save_settings()
        seed_text = str(document.getElementById("opt-seed").value).strip()
        if seed_text:
            if not seed_text.isdigit() or len(seed_text) > 15:
                return "The seed must be a whole number of up to 15 digits."
            seed = int(seed_text)
        else:
            seed = self.random_seed()
        options = {"players": players} if len(self.player_counts) > 1 else {}
        return options, level, seed

    @staticmethod
    def random_seed():
        return int(dom.window.Math.floor(dom.window.Math.random() * 2 ** 31))

    # ---- input --------------------------------------------------------------------
    async def on_do(self, verb, node):
        if verb == "card":
            await self.tap_card(int(node.dataset.card))
        elif verb == "new-hand":
            opts = dict(self.session.game.options)
            await self.new_game(opts, self.session.seats[1], self.random_seed())
        else:
            await super().on_do(verb, node)

    async def tap_card(self, cid):
        st = self.session.state()
        legal = {a["id"] for a in st["legal"]}
        if cid not in legal:
            return
        bomb = BOMB_BASE + hv.month_of(cid) if cid < 48 else None
        if cid >= 48:                      # a bonus card banks at once
            await self.act(cid)
        elif self.selected == cid and bomb not in legal:
            await self.act(cid)
        else:
            self.selected = cid            # (with a bomb, the panel asks which)
            self.render()

    async def act(self, action):
        self.selected = None
        self.steps = []
        await super().act(action)

    async def after_human_turn(self):
        """gostop: the end-of-turn panel waits for "Pass turn" (a setting)."""
        st = self.session.state()
        if (self.game_id == "gostop" and not st["terminal"] and st["ai_to_move"]
                and self.shell.settings.get("pass_panel", True)):
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
        buttons = list(document.querySelectorAll(".hhand .card-btn"))
        if not buttons:
            return
        active = document.activeElement
        idx = next((i for i, b in enumerate(buttons) if b == active), -1)
        step = 1 if key == "ArrowRight" else -1
        buttons[(idx + step) % len(buttons)].focus()
        event.preventDefault()

    # ---- narration ----------------------------------------------------------------
    def narrate(self, e):
        t, p = e["type"], e.get("player")
        who = hv.name(p) if isinstance(p, int) else ""
        if t == "played":
            return f"{who} played {hv.card_name(e['card'])}."
        if t == "flipped":
            return f"{who} flipped {hv.card_name(e['card'])}."
        if t == "captured":
            return f"{who} took {', '.join(hv.card_name(c) for c in e['cards'])}."
        if t == "junk-taken":
            return f"{who} took junk from {hv.name(e['from'])} ({e['reason']})."
        if t in hv.CALLOUTS and t not in ("go", "stop"):
            word, ko = hv.CALLOUTS[t]
            return f"{word} ({ko}) {who}".strip()
        if t == "go":
            return f"{who} called Go ({e['count']}) with {e['score']} points."
        if t == "stop":
            return f"{who} called Stop with {e['score']} points."
        if t == "bonus-banked":
            return f"{who} banked a bonus card."
        if t == "hand-over":
            return self.result_title(e["result"])
        return None

    def result_title(self, r):
        if r["winner"] is None:
            return "Nagari: the hand is a draw."
        verb = "win" if r["winner"] == 0 else "wins"
        how = {"stop": "", "chongtong": " by chongtong", "three-ppuk": " with three ppuks"}.get(r["reason"], "")
        return f"{hv.name(r['winner'])} {verb}{how}: {r['total']} point{'s' if r['total'] != 1 else ''}."

    def strip_step(self, e):
        t, p = e["type"], e.get("player")
        who = f'<b>{hv.name(p)}</b>' if isinstance(p, int) else ""
        if t == "turn":
            self.steps = []
            whose = "Your" if p == 0 else f"{who}'s"
            return ("who", f"<span>{whose} turn" + (" (flip only)" if e.get("flip_only") else "") + "</span>")
        if t == "played":
            return ("play", f"{who} plays {hv.card(e['card'], 'small')}")
        if t == "flipped":
            return ("flip", f"flips {hv.card(e['card'], 'small')}")
        if t == "stayed":
            return ("stay", f"{hv.card(e['card'], 'small')} stays")
        if t == "chose":
            return ("take", f"chooses {hv.card(e['card'], 'small')}")
        if t == "captured":
            return ("take", "takes " + "".join(hv.card(c, "small") for c in e["cards"]))
        if t == "junk-taken":
            cards = "".join(hv.card(c, "small") for c in e["cards"])
            return ("junk", f"{who} takes {cards} from {hv.name(e['from'])}")
        if t == "bonus-banked":
            return ("bonus", f"{who} banks {hv.card(e['card'], 'small')}")
        if t == "drew":
            return ("draw", f"{who} draws " + (hv.card(e["card"], "small") if "card" in e else "a card"))
        if t in hv.CALLOUTS:
            word, ko = hv.CALLOUTS[t]
            return ("special", f'{word} <span lang="ko">{ko}</span>')
        return None

    async def play_out(self, events):
        for e in events:
            line = self.narrate(e)
            if line:
                self.add_log(line)
            step = self.strip_step(e)
            if e["type"] in hv.CALLOUTS:
                self.shout = e["type"]
            if step:
                self.steps.append(step)
                self.render()
                await self.shell.wait(STEP * (2 if self.shout else 1))
                self.shout = None
        self.render()
        if any(e["type"] == "hand-over" for e in events):
            self.render()

    async def advance(self, events):
        human_moved = bool(events) and self.session.human not in self.session.game.to_move()
        if human_moved:
            await self.after_human_turn()
        await super().advance(events)

    # ---- rendering ----------------------------------------------------------------
    def render(self):
        st = self.session.state()
        v = st["view"]
        legal = {a["id"] for a in st["legal"]}
        n = v["players"]
        field_months = {g["month"] for g in v["field"]}
        hand = v["hand"]
        matchable = {c for c in hand if c < 48 and hv.month_of(c) in field_months}
        bomb_months = {a - BOMB_BASE for a in legal if BOMB_BASE < a <= BOMB_BASE + 12}
        highlight = set()
        if self.selected is not None and self.selected in hand:
            m = hv.month_of(self.selected)
            highlight = {c for g in v["field"] if g["month"] == m for c in g["cards"]}
        else:
            self.selected = None
        pending = v["pending"] or {}
        options = set(pending.get("options", [])) if pending.get("kind", "").startswith("choose") and 0 in st["to_move"] else set()
        turn_info = (f'Turn {min(v["turn"], v["turns_total"])}/{v["turns_total"]} · '
                     f'stop at {v["rules"]["threshold"]}+')
        dom.set_html("topbar-info", turn_info)
        seats = "".join(hv.seat(v, p) for p in range(1, n))
        me = (f'<section class="my-piles" aria-label="Your captured cards">'
              f'<div class="hseat-head"><span class="seat-name">You</span>'
              f'{"<span class=dealer>D</span>" if v["dealer"] == 0 and self.game_id == "gostop" else ""}'
              f'{"<span class=gos>" + str(v["gos"][0]) + " Go</span>" if v["gos"][0] else ""}'
              f'<span class="seat-score">{v["scores"][0]["base"]} pt</span></div>'
              f'{hv.pile_groups(v["piles"][0], v["scores"][0])}</section>')
        overlay = ""
        if st["terminal"] and v["result"]:
            overlay = f'<div class="overlay">{hv.result_panel(v, self.result_title(v["result"]))}</div>'
        dom.set_html("table", f"""
<div class="htable players-{n}" data-game="{self.game_id}" data-terminal="{str(st['terminal']).lower()}"
     data-actions="{st['actions']}" data-phase="{v['phase']}"
     data-waiting="{'human' if self.waiting_for_human(st) and self.panel is None else 'no'}">
  <div class="seats-row">{seats}</div>
  {hv.field(v, highlight, options)}
  <div class="strip-row">{hv.strip(self.steps)}{hv.callout(self.shout)}</div>
  <div class="decision" id="decision">{self.decision_html(st, legal, bomb_months)}</div>
  {hv.hand(v, legal if v["phase"] in PLAY_PHASES else set(), self.selected, matchable, bomb_months)}
  {me}
  <div class="table-tools">{self.speed_button()}<button class="btn small" data-do="new">New game</button></div>
  {self.log_html()}
  {overlay}
</div>""")
        if overlay:
            btn = document.querySelector(".dialog .btn")
            if btn:
                btn.focus()

    def decision_html(self, st, legal, bomb_months):
        v = st["view"]
        if st["terminal"]:
            return ""
        if self.panel == "pass":
            return ('<p class="prompt">Your turn is over.</p>'
                    '<button class="btn primary" data-do="continue">Pass turn</button>')
        if 0 not in st["to_move"]:
            return f'<p class="prompt">{hv.name(st["to_move"][0])} is playing…</p>' if st["to_move"] else ""
        pending = v["pending"] or {}
        kind = pending.get("kind", "")
        if kind.startswith("choose"):
            opts = "".join(f'<button class="btn choice" data-do="act" data-action="{CHOOSE_BASE + c}">'
                           f'{hv.card(c, "small", label="")}<span>Take {dom.esc(hv.card_name(c))}</span></button>'
                           for c in pending["options"])
            return f'<p class="prompt">Which card do you take?</p><div class="choices">{opts}</div>'
        if kind == "go-stop":
            go = ("" if GO not in legal else
                  f'<button class="btn go-btn" data-do="act" data-action="{GO}">Go <span lang="ko">고</span></button>')
            last = " It is your last turn, so only Stop is offered." if GO not in legal else ""
            return (f'<p class="prompt">You have <b>{pending["score"]}</b> points. Stop now and you are paid '
                    f'<b data-stop-pays>{pending["stop_pays"]}</b>; Go on for more, at the risk of losing it all.{last}</p>'
                    f'<div class="choices">{go}<button class="btn stop-btn" data-do="act" data-action="{STOP}">'
                    f'Stop <span lang="ko">스톱</span></button></div>')
        buttons = []
        if FLIP in legal:
            buttons.append(f'<button class="btn primary" data-do="act" data-action="{FLIP}">Flip the stock</button>')
        if PASS in legal:
            buttons.append(f'<button class="btn" data-do="act" data-action="{PASS}">Pass</button>')
        sel = self.selected
        if sel is not None:
            m = hv.month_of(sel)
            if m in bomb_months:
                buttons.append(f'<button class="btn bomb-btn" data-do="act" data-action="{BOMB_BASE + m}">'
                               f'Drop the bomb <span lang="ko">폭탄</span></button>')
            buttons.append(f'<button class="btn primary" data-do="act" data-action="{sel}">'
                           f'Play {dom.esc(hv.card_name(sel))}</button>')
            prompt = "Play the selected card" + (" — or drop a bomb with all three" if m in bomb_months else "") + "."
        elif v["phase"] == "flip-only":
            prompt = "A flip-only turn after your bomb." if FLIP in legal else "Nothing to flip: pass."
        else:
            prompt = "Your turn: choose a card from your hand (● marks a match on the field)."
        return f'<p class="prompt">{prompt}</p><div class="choices">{"".join(buttons)}</div>'


class MatgoTable(HwatuTable):
    game_id = "matgo"
    title = "Matgo"
    title_ko = "맞고"
    player_counts = (2,)
    summary = "Two-player Go-Stop: match months, build scoring piles, reach 7 points and call Go or Stop."

    def howto_html(self):
        return """<details class="howto"><summary>How to play</summary><ul>
<li>Play a card; if the field has a card of its month you take both. Then the top of the stock is flipped and matched the same way.</li>
<li><b>Ppuk</b> (뻑): you pair a card and the flip is the same month &mdash; all three stay as a stack. <b>Ttadak</b> (따닥), <b>chok</b> (쪽) and a <b>sweep</b> (쓸) each take a junk card from your opponent.</li>
<li>Score brights, animals (godori: the three birds +5), ribbons (each set of three +3) and junk. At 7 points choose <b>Go</b> (play on for more) or <b>Stop</b> (get paid). Bak penalties double the payment.</li></ul></details>"""


class GoStopTable(HwatuTable):
    game_id = "gostop"
    title = "Go-Stop"
    title_ko = "고스톱"
    player_counts = (2, 3, 4)
    default_options = {"players": 3}
    summary = "Go-Stop for 2 to 4 with the 50-card pack (two bonus cards) and the bomb."

    def howto_html(self):
        return """<details class="howto"><summary>How to play</summary><ul>
<li>Match months to capture; the flip after your play can capture too.</li>
<li>A <b>bonus card</b> banks into your junk and you draw a replacement. A <b>bomb</b> (폭탄): three of a month in hand and the fourth on the field &mdash; take all four and a junk from everyone; your next two turns only flip.</li>
<li>Threshold: 7 points with 2 players, 3 with 3 or 4. Each Go adds 1; from the fourth Go the total doubles.</li></ul></details>"""
