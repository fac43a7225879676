"""Rulebook examples: a table that steps through one of the engine's
scenarios (``gostop.scenarios``) instead of playing against the computer.

The reader steps forward and back, or plays the example's key move on the
table themselves. Nothing is saved. The board shows only the viewer's seat,
as in a real game.
"""
from gostop.core.game import events_for
from gostop.scenarios import build, load_scenario
from gostop.session import HUMAN, Session

from . import dom
from .i18n import _, caption


class StepRunner:
    """A game stepped forward and back on a table: the rulebook examples
    (``ScenarioRunner``) and the replays of kept hands (``replay.py``).
    A subclass has ``table``, ``steps`` [(player, action)], ``index``,
    ``viewer``, ``start(upto)`` and ``render()`` (which calls ``draw_bar``)."""

    def expected(self):
        return None

    def begin(self, game, upto, others):
        """``game`` on the table with its first ``upto`` steps applied
        (``others``: the other seats' label; nobody plays them)."""
        seats = [HUMAN if p == self.viewer else others for p in range(game.num_players)]
        self.table.session = Session(game, seats, self.viewer)
        self.table.log = []
        for player, action in self.steps[:upto]:
            game.apply(action, player)
        self.index = upto
        self.table.dismiss()       # a summary left from the last position
        self.render()

    async def forward(self):
        if self.index >= len(self.steps):
            return
        player, action = self.steps[self.index]
        self.table.dismiss()
        events = self.table.session.game.apply(action, player)
        self.index += 1
        self.table.shell.events_out(events_for(events, self.viewer), self.table)
        await self.table.play_out(events_for(events, self.viewer))
        self.render()

    def back(self):
        self.start(max(0, self.index - 1))

    def controls_html(self, extra=""):
        total = len(self.steps)
        return f"""<div class="scn-controls">
    <button class="btn small" data-do="scn-back" {"disabled" if self.index == 0 else ""}>&#9664; {_("Back")}</button>
    <span class="scn-count">{_("Step {i} of {n}", i=self.index, n=total)}</span>
    <button class="btn small primary" data-do="scn-next" {"disabled" if self.index >= total else ""}>{_("Next")} &#9654;</button>
    <button class="btn small" data-do="scn-restart">{_("Restart")}</button>{extra}
  </div>"""

    def draw_bar(self, html):
        """Shows the bar and the table under it."""
        dom.set_html("scenario-bar", html)
        dom.show("scenario-bar", True)
        self.table.render()
        # A hand's or round's summary is shown under the caption, beside the
        # example's own controls (not as a modal over them); its buttons (new
        # hand, next round) belong to a real game and are hidden (style.css).
        overlay = dom.document.querySelector("#table .overlay")
        if overlay:                # (a JS null when there is none)
            for node in overlay.querySelectorAll("[aria-modal]"):
                node.removeAttribute("aria-modal")
            dom.document.querySelector("#scenario-bar .scn-caption").after(overlay)


class ScenarioRunner(StepRunner):
    def __init__(self, table, scenario_id):
        self.table = table
        self.data = load_scenario(table.game_id, scenario_id)
        self.viewer = self.data["viewer"]
        self.steps = []
        self.index = 0

    def start(self, upto=0):
        """The scenario's position, with its first ``upto`` steps applied."""
        game, self.steps = build(self.table.game_id, self.data["id"])
        self.begin(game, upto, "scenario")

    def expected(self):
        """The next step if it is the reader's own move, else None."""
        if self.index < len(self.steps) and self.steps[self.index][0] == self.viewer:
            return self.data["steps"][self.index]
        return None

    def caption(self):
        if self.index == 0:
            return caption(self.data["intro"])
        return caption(self.data["steps"][self.index - 1]["caption"])

    def render(self):
        mine = self.expected()
        move = dom.esc(self.table.move_label(mine["action"], mine["label"])) if mine else ""
        hint = (f'<p class="scn-hint">{_("Your move: <b>{move}</b> (play it on the table, or press Next).", move=move)}</p>'
                if mine else "")
        key = self.data.get("key_step")
        at_key = key is not None and self.index == key + 1
        self.draw_bar(f"""
<div class="scn{" scn-key" if at_key else ""}" data-scenario="{self.data['id']}" data-step="{self.index}">
  <h2 class="scn-title">{dom.esc(caption(self.data["title"]))}</h2>
  <p class="scn-caption" aria-live="polite">{dom.esc(self.caption())}</p>
  {hint}
  {self.controls_html()}
</div>""")
