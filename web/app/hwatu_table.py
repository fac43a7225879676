"""The hwatu tables: `matgo` (you against one computer) and `gostop` (2-4)."""
from .hwatu_view import HWATU
from .i18n import N_, _
from .match_table import MatchTable


class HwatuTable(MatchTable):
    deck = HWATU
    FLIP, PASS, GO, STOP = 150, 151, 160, 161
    BOMB_BASE = 170


class MatgoTable(HwatuTable):
    game_id = "matgo"
    title = N_("Matgo")
    title_ko = "맞고"
    player_counts = (2,)
    summary = N_("Two-player Go-Stop: match months, build scoring piles, reach 7 points and call Go or Stop.")

    def howto_html(self):
        return _("""<details class="howto"><summary>How to play</summary><ul>
<li>Play a card; if the field has a card of its month you take both. Then the top of the stock is flipped and matched the same way.</li>
<li><b>Ppuk</b> (뻑): you pair a card and the flip is the same month &mdash; all three stay as a stack. <b>Ttadak</b> (따닥), <b>chok</b> (쪽) and a <b>sweep</b> (쓸) each take a junk card from your opponent.</li>
<li>Score brights, animals (godori: the three birds +5), ribbons (each set of three +3) and junk. At 7 points choose <b>Go</b> (play on for more) or <b>Stop</b> (get paid). Bak penalties double the payment.</li></ul></details>""")


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
<li>Threshold: 7 points with 2 players, 3 with 3 or 4. Each Go adds 1; from the fourth Go the total doubles.</li></ul></details>""")
