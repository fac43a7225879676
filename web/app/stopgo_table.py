"""The `stopgo` table: Go-Stop with a 52-card deck (the matching table with
the playing-card deck, the mission cards beside the field and shaking)."""
from gostop.games.stopgo.scoring import (COURT_POINTS_FROM, COURT_WARNING_BELOW, HEARTS_DOUBLE,
                                         SEQUENCE_POINTS, SUIT_POINTS_FROM, THRESHOLD)

from .i18n import N_, _
from .match_table import MatchTable
from .stopgo_view import STOPGO, sequences_text


class StopGoTable(MatchTable):
    game_id = "stopgo"
    title = N_("StopGo")
    title_ko = "스톱고"
    player_counts = (2,)
    summary = N_("Go-Stop with a 52-card deck: match ranks, score suits, court cards and sequences, and catch the mission cards.")
    deck = STOPGO
    bomb_label = N_("Play all three")
    bomb_ko = "폭탄"

    def howto_html(self):
        return _("""<details class="howto"><summary>How to play</summary><ul>
<li>Play a card, then the top of the stock is flipped. A card takes a table card of the same rank (two there: you choose; three: you take all four). Play and flip are resolved together: pairing a card and flipping the same rank leaves a stack of three; two on the table plus your card and the flip takes all four; an unmatched card caught by the flip takes both.</li>
<li>Score: {suit} number cards of one suit = 1 point (+1 each beyond), {court} court cards = 1 (+1 each beyond), and {seq} for each sequence: {sequences}. {hearts} hearts double your total; so does an opponent with fewer than {warn} court cards.</li>
<li><b>Shake</b>: holding three of a rank, show them as you play the first: each shake doubles your total if you win. With the fourth on the table you must play all three at once (it counts as a shake) and your next two turns only flip.</li>
<li><b>Missions</b>: three cards are worth ×2, ×3 and ×4; the best one you capture multiplies your total. At {threshold} points choose Go (+1, +2, then ×2, ×3, ×4) or Stop.</li></ul></details>""",
                 suit=SUIT_POINTS_FROM, court=COURT_POINTS_FROM, seq=SEQUENCE_POINTS, sequences=sequences_text(),
                 hearts=HEARTS_DOUBLE, warn=COURT_WARNING_BELOW, threshold=THRESHOLD)
