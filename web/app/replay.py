"""A finished hand from the recent hands, replayed move by move on its own
table with the same motion as in play (the rulebook examples' stepping:
``scenario.ScenarioRunner``'s interface, so the table treats both alike).
The board shows the player's own seat, as it was seen during the game:
the other hands stay hidden. Nothing is saved while it runs."""
from gostop.core.registry import make

from . import dom
from .i18n import _
from .scenario import StepRunner


class ReplayRunner(StepRunner):
    def __init__(self, table, record, viewer=0):
        self.table = table
        self.record = record
        self.viewer = viewer
        self.steps = [(int(p), int(a)) for p, a in record["actions"]]
        self.index = 0
        self.data = {"id": "replay"}

    def start(self, upto=0):
        """The deal, with the first ``upto`` moves applied."""
        r = self.record
        self.begin(make(r["game"], r["seed"], **r["options"]), upto, "replay")

    def caption(self):
        if self.index == 0:
            return _("The deal. Press Next to see each move.")
        player, action = self.steps[self.index - 1]
        game = self.table.session.game
        who = self.table.seat_name(player)
        return _("{who}: {move}", who=who, move=self.table.move_label(action, game.action_label(action)))

    def render(self):
        again = f'<button class="btn small" data-do="again">{_("Play this deal again")}</button>'
        self.draw_bar(f"""
<div class="scn scn-replay" data-scenario="replay" data-step="{self.index}">
  <h2 class="scn-title">{_("Replay of a hand")} <span class="muted">{_("seed {seed}", seed=self.record["seed"])}</span></h2>
  <p class="scn-caption" aria-live="polite">{dom.esc(self.caption())}</p>
  {self.controls_html(again)}
</div>""")
