"""The coach on a matching table: a Hint button while the player decides,
and the hard player's advice from its own search (``gostop.agents.coach``),
worked out in the computer players' worker, else on the page in slices.
Mixed into ``MatchTable``; ``coach_view`` words the advice."""
import time


from . import ai_remote, coach_view, dom
from .i18n import _
from .match_view import PLAY_PHASES
from .table import in_slices



class HintMixin:
    hint = None             # (game, actions when asked, the advice): for that position only
    hint_pending = False
    HINT_BUDGET = 0.6       # seconds of search (the answer within 1.5 s on a slow phone)

    def hint_html(self, st):
        """The Hint button while the player decides, or the advice once given."""
        replay = self.scenario is not None and self.scenario.data["id"] == "replay"
        if replay or st["terminal"] or self.session.human not in st["to_move"] or self.panel is not None:
            return ""
        game = self.session.game
        if self.hint is not None and self.hint[:2] == (game, st["actions"]):
            deciding = st["view"]["phase"] not in PLAY_PHASES
            return coach_view.advice_html(self.hint[2], lambda a: self.move_label(a, game.action_label(a)), deciding)
        label = _("Thinking…") if self.hint_pending else _("Hint")
        return (f'<div class="hint-row"><button class="btn small hint-btn" data-do="hint"'
                f'{" disabled" if self.hint_pending else ""}>{label}</button></div>')

    async def show_hint(self):
        """Asks the coach (the worker, else the search here in slices) what
        the hard player would do in the player's place, and shows it."""
        from gostop.agents import coach
        game = self.session.game
        at = len(game.history)
        request = dict(coach.hint_request(self.session, "hard"), time_budget=self.HINT_BUDGET)
        self.hint_pending = True
        # Only the button changes (a whole redraw cost ~0.2 s on a slow phone).
        button = dom.query("#decision [data-do=hint]")
        if button:
            button.setAttribute("disabled", "")
            button.textContent = _("Thinking…")
            dom.touched(button)
        try:
            advice = await ai_remote.hint(request)
            if advice is None:
                advice = await in_slices(coach.think_advice(
                    request["game_id"], request["view"], request["legal"], request["seed"], "hard",
                    request["top"], clock=time.perf_counter, time_budget=self.HINT_BUDGET))
        finally:
            self.hint_pending = False
        self.hint = (game, at, advice)
        if self.retired or self.session.game is not game:
            return
        row = dom.query("#decision .hint-row")
        if row and len(game.history) == at:
            row.outerHTML = self.hint_html(self.session.state())
        else:
            self.render()
