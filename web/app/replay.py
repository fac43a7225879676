"""A finished hand from the recent hands, replayed move by move on its own
table with the same motion as in play (the rulebook examples' stepping:
``scenario.ScenarioRunner``'s interface, so the table treats both alike).
The board shows the player's own seat, as it was seen during the game:
the other hands stay hidden. Nothing is saved while it runs."""
from gostop.core.game import events_for
from gostop.core.registry import make
from gostop.session import HUMAN, Session

from . import dom
from .i18n import _


class ReplayRunner:
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
        game = make(r["game"], r["seed"], **r["options"])
        seats = [HUMAN if p == self.viewer else "replay" for p in range(game.num_players)]
        self.table.session = Session(game, seats, self.viewer)
        self.table.log = []
        for player, action in self.steps[:upto]:
            game.apply(action, player)
        self.index = upto
        self.table.dismiss()
        self.render()

    def expected(self):
        return None          # nothing to play: the reader watches

    async def forward(self):
        if self.index >= len(self.steps):
            return
        player, action = self.steps[self.index]
        self.table.dismiss()
        events = self.table.session.game.apply(action, player)
        self.index += 1
        await self.table.play_out(events_for(events, self.viewer))
        self.render()

    def back(self):
        self.start(max(0, self.index - 1))

    def caption(self):
        if self.index == 0:
            return _("The deal. Press Next to see each move.")
        player, action = self.steps[self.index - 1]
        game = self.table.session.game
        who = self.table.seat_name(player)
        return _("{who}: {move}", who=who, move=self.table.move_label(action, game.action_label(action)))

    def render(self):
        total = len(self.steps)
        dom.set_html("scenario-bar", f"""
<div class="scn scn-replay" data-scenario="replay" data-step="{self.index}">
  <h2 class="scn-title">{_("Replay of a hand")} <span class="muted">{_("seed {seed}", seed=self.record["seed"])}</span></h2>
  <p class="scn-caption" aria-live="polite">{dom.esc(self.caption())}</p>
  <div class="scn-controls">
    <button class="btn small" data-do="scn-back" {"disabled" if self.index == 0 else ""}>&#9664; {_("Back")}</button>
    <span class="scn-count">{_("Step {i} of {n}", i=self.index, n=total)}</span>
    <button class="btn small primary" data-do="scn-next" {"disabled" if self.index >= total else ""}>{_("Next")} &#9654;</button>
    <button class="btn small" data-do="scn-restart">{_("Restart")}</button>
    <button class="btn small" data-do="again">{_("Play this deal again")}</button>
  </div>
</div>""")
        dom.show("scenario-bar", True)
        self.table.render()
        overlay = dom.document.querySelector("#table .overlay")
        if overlay:                # the result sits under the caption, as in an example
            for node in overlay.querySelectorAll("[aria-modal]"):
                node.removeAttribute("aria-modal")
            dom.document.querySelector("#scenario-bar .scn-caption").after(overlay)
