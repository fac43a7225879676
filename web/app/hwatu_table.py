"""The hwatu tables: `matgo` (you against one computer) and `gostop` (2-4)."""

from functools import lru_cache

from gostop import make

from . import dom, house_setup
from .hwatu_view import HWATU
from .inputs import parse_rules
from .i18n import N_, _
from .match_table import MatchTable


class HwatuTable(MatchTable):
    deck = HWATU

    def special_decision_html(self, st, legal, pending):
        """The sake cup's owner counts it (house rule "its owner chooses")."""
        if pending.get("kind") != "cup":
            return None
        winner = pending["winner"]
        if winner == 0:
            ask = _("How do you count your sake cup? You are paid {a} as an animal, {j} as double junk.",
                    a=pending["animal"], j=pending["junk"])
        else:
            ask = _("How do you count your sake cup? {who} is paid {a} if it is an animal, {j} if it is double junk.",
                    who=self.seat_name(winner), a=pending["animal"], j=pending["junk"])
        animal, junk = legal.find("cup", **{"as": "animal"}), legal.find("cup", **{"as": "junk"})
        return (f'<p class="prompt">{ask}</p><div class="choices">'
                f'<button class="btn" data-do="act" data-action="{animal}">{_("An animal")}</button>'
                f'<button class="btn" data-do="act" data-action="{junk}">{_("Double junk")}</button></div>')

    # ---- house rules (house_setup.py): a named set and each switch ----------------
    @property
    def form_options(self):
        return set(house_setup.HOUSE_OPTIONS[self.game_id]) | {"house"}

    def extra_setup_html(self):
        shared = parse_rules((self.setup_params or {}).get("rules"))
        return house_setup.setup_html(self.game_id, shared) + super().extra_setup_html()

    def read_extra_setup(self):
        got = super().read_extra_setup()
        if isinstance(got, str):
            return got
        return {**got, **house_setup.read(self.game_id, dom.document)}

    def wire_setup(self):
        node = dom.el("opt-house")
        if node:
            dom.listen(node, "change", lambda _e: house_setup.show_preset(self.game_id, dom.document))


@lru_cache(maxsize=None)
def threshold(game_id, players):
    """The points that allow a Stop, as the engine's rules set them (a game
    is dealt once per question: the setup screen asks on every draw)."""
    return make(game_id, players=players).rules.threshold


class MatgoTable(HwatuTable):
    game_id = "matgo"
    title = N_("Matgo")
    title_ko = "맞고"
    player_counts = (2,)
    summary = N_("Two-player Go-Stop: match months, build scoring piles, reach {threshold} points and call Go or Stop.")

    def rule_numbers(self):
        return {"threshold": threshold("matgo", 2)}

    def howto_html(self):
        return _("""<details class="howto"><summary>How to play</summary><ul>
<li>Play a card; if the field has a card of its month you take both. Then the top of the stock is flipped and matched the same way.</li>
<li><b>Ppuk</b> (뻑): you pair a card and the flip is the same month &mdash; all three stay as a stack. <b>Ttadak</b> (따닥), <b>chok</b> (쪽) and a <b>sweep</b> (쓸) each take a junk card from your opponent.</li>
<li>Score brights, animals (godori: the three birds +5), ribbons (each set of three +3) and junk. At {threshold} points choose <b>Go</b> (play on for more) or <b>Stop</b> (get paid). Bak penalties double the payment.</li></ul></details>""", **self.rule_numbers())


class GoStopTable(HwatuTable):
    game_id = "gostop"
    title = N_("Go-Stop")
    title_ko = "고스톱"
    player_counts = (2, 3, 4)
    default_options = {"players": 3}
    pass_panel = True
    summary = N_("Go-Stop for 2 to 4 with the 50-card pack (two bonus cards) and the bomb.")

    def howto_html(self):
        return _("""<details class="howto"><summary>How to play</summary><ul>
<li>Match months to capture; the flip after your play can capture too.</li>
<li>A <b>bonus card</b> banks into your junk and you draw a replacement. A <b>bomb</b> (폭탄): three of a month in hand and the fourth on the field &mdash; take all four and a junk from everyone; your next two turns only flip.</li>
<li>Threshold: {two} points with 2 players, {more} with 3 or 4. Each Go adds 1; from the fourth Go the total doubles.</li></ul></details>""",
                 two=threshold("gostop", 2), more=threshold("gostop", 3))
