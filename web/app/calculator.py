"""The score calculator on the hwatu rules pages: tap the cards you captured
and see every scoring line, the base score and what a number of Gos makes of
it. The arithmetic is the engine's own (``gostop.games.hwatu.scoring``)."""
from gostop import make
from gostop.games.hwatu.cards import deck_table, mask
from gostop.games.hwatu.scoring import breakdown, go_value

from . import dom
from .i18n import _
from .hwatu_view import HWATU
from .match_view import card


class Calculator:
    def __init__(self, game_id):
        self.game_id = game_id
        # the pack of the game's default rules: with its bonus cards or without
        bonus = make(game_id).rules.bonus
        self.cards = [c["id"] for c in deck_table() if c["type"] != "bonus" or bonus]
        self.picked = set()
        self.gos = 0

    def toggle(self, cid):
        self.picked ^= {cid}
        self.render()

    def set_gos(self, gos):
        self.gos = max(0, min(6, gos))
        self.render()

    def clear(self):
        self.picked = set()
        self.gos = 0
        self.render()

    def render(self):
        b = breakdown(mask(sorted(self.picked)))
        total, steps = go_value(self.game_id, b["base"], self.gos)
        buttons = "".join(
            f'<li><button class="card-btn calc-card{" picked" if c in self.picked else ""}" data-do="calc-card" '
            f'data-card="{c}" aria-pressed="{str(c in self.picked).lower()}" aria-label="{dom.esc(HWATU.card_name(c))}">'
            f'{card(HWATU, c, "field", label="")}</button></li>' for c in self.cards)
        lines = "".join(f'<li data-line="{line["key"]}"><span>{dom.esc(HWATU.line_label(line))}</span><b>{line["points"]}</b></li>'
                        for line in b["lines"])
        cup = ""
        if b["cup"]:
            cup_text = (_("The sake cup counts as an animal here: whichever scores more.") if b["cup"] == "animal"
                        else _("The sake cup counts as double junk here: whichever scores more."))
            cup = f'<p class="muted">{cup_text}</p>'
        go_steps = "".join(f'<li><span>{dom.esc(HWATU.step_label(s, self.gos))}</span><b>{s["value"]}</b></li>' for s in steps)
        dom.set_html("calculator", f"""
<h2 id="calc-title">{_("Score calculator")}</h2>
<p class="muted">{_("Tap the cards you captured. The lines add up as in the game; bak penalties also depend on the loser's cards.")}</p>
<ol class="calc-cards" aria-labelledby="calc-title">{buttons}</ol>
<div class="calc-result" aria-live="polite">
  <ul class="score-lines">{lines}<li class="total"><span>{_("Base score")}</span><b data-calc-base>{b["base"]}</b></li></ul>
  {cup}
  <div class="calc-gos"><button class="btn small" data-do="calc-go" data-delta="-1" aria-label="{_("One Go less")}">−</button>
    <span>{_("{k} Go", k=self.gos)}</span><button class="btn small" data-do="calc-go" data-delta="1" aria-label="{_("One Go more")}">+</button>
    <button class="btn small" data-do="calc-clear">{_("Clear")}</button></div>
  <ul class="score-lines">{go_steps}<li class="total"><span>{_("Score with {k} Go", k=self.gos)}</span><b data-calc-total>{total}</b></li></ul>
</div>""")
        dom.show("calculator", True)
