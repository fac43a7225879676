"""The 52-card deck of `stopgo` for the matching tables: card names, rank
groups, captured cards by suit and court cards with each line's points, the
four sequences as they fill, and the mission cards (the side panel)."""
from gostop.games.stopgo.cards import deck_table

from .dom import esc
from .match_view import card

CARDS = {c["id"]: c for c in deck_table()}
SUIT_LINES = (("spades", "♠"), ("hearts", "♥"), ("diamonds", "♦"), ("clubs", "♣"), ("court", "J/Q/K"))
SEQUENCES = ("perfect", "friend", "product", "rich")
RANK_WORDS = ("", "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
              "nines", "tens", "jacks", "queens", "kings")


class StopGoDeck:
    art = "playing"
    shape = "playing"
    size = (250, 350)
    field_key = "table"
    group_key = "rank"
    stack_word = "stack"
    draw_word = ""
    callouts = {"shake": ("Shake!", "흔들기"), "triple": ("Three at once!", "폭탄"),
                "go": ("Go!", "고"), "stop": ("Stop!", "스톱")}

    def dealer(self, v):
        return None

    def card_name(self, cid):
        return CARDS[cid]["name"]

    def group_of(self, cid):
        return CARDS[cid]["rank"]

    def group_label(self, rank):
        return f"The {RANK_WORDS[rank]}"

    def seat_marks(self, v, p):
        shakes = v["shakes"][p]
        return f'<span class="ppuks">{shakes} shake{"s" if shakes > 1 else ""}</span>' if shakes else ""

    def side_html(self, v):
        """The mission cards ("the right column" of the source) and who holds them."""
        items = []
        for m in v["missions"]:
            holder = m["holder"]
            who = "" if holder is None else (" — you have it" if holder == v["player"] else " — taken by your opponent")
            items.append(f'<li class="mission{" held" if holder is not None else ""}">'
                         f'{card(self, m["card"], "small")}<span>×{m["factor"]}{esc(who)}</span></li>')
        return (f'<aside class="missions" aria-label="Mission cards"><h3>Missions</h3>'
                f'<ol>{"".join(items)}</ol></aside>')

    def piles_html(self, v, p, compact=False):
        score = v["scores"][p]
        lines = {line["key"]: line for line in score["lines"]}
        out = []
        for key, symbol in SUIT_LINES:
            line = lines[key]
            faces = "".join(card(self, c, "tiny" if compact else "small") for c in line["cards"])
            out.append(f'<div class="pile-group" data-pile="{key}" title="{esc(line["label"])}">'
                       f'<div class="pile-head"><span>{symbol}</span>'
                       f'<span class="pile-count" role="img" aria-label="{esc(line["label"])}: {line["points"]} points">'
                       f'{line["count"]}/{line["need"]}·<b>{line["points"]}</b></span></div>'
                       f'<div class="pile-cards">{faces}</div></div>')
        seqs = []
        for key in SEQUENCES:
            line = lines[key]
            have = set(line["cards"])
            faces = "".join(card(self, c, "tiny" + ("" if c in have else " missing")) for c in line["of"])
            seqs.append(f'<li class="seq{" complete" if line["complete"] else ""}" title="{esc(line["label"])}">'
                        f'{faces}<span class="visually-hidden">{esc(line["label"])}: '
                        f'{len(have)} of 3{", complete" if line["complete"] else ""}</span></li>')
        flags = []
        if score.get("hearts_double"):
            flags.append("♥ ×2")
        return (f'<div class="piles suits{" compact" if compact else ""}">{"".join(out)}</div>'
                f'<ul class="seqs" aria-label="Sequences">{"".join(seqs)}</ul>'
                f'{"".join(f"<span class=flag-chip>{f}</span>" for f in flags)}')


STOPGO = StopGoDeck()
