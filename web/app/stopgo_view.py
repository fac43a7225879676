"""The 52-card deck of `stopgo` for the matching tables: card names, rank
groups, captured cards by suit and court cards with each line's points, the
four sequences as they fill, and the mission cards (the side panel)."""
from gostop.games.stopgo.cards import SEQUENCES as SEQUENCE_CARDS, deck_table
from gostop.games.stopgo.scoring import COURT_WARNING_BELOW, HEARTS_DOUBLE

from .dom import esc
from .i18n import N_, _, ngettext
from .match_view import card

CARDS = {c["id"]: c for c in deck_table()}
SUIT_LINES = (("spades", "♠"), ("hearts", "♥"), ("diamonds", "♦"), ("clubs", "♣"), ("court", "J/Q/K"))
SEQUENCES = tuple(key for key, _title, _cards in SEQUENCE_CARDS)
RANK_GROUPS = ("", N_("The aces"), N_("The twos"), N_("The threes"), N_("The fours"), N_("The fives"),
               N_("The sixes"), N_("The sevens"), N_("The eights"), N_("The nines"), N_("The tens"),
               N_("The jacks"), N_("The queens"), N_("The kings"))
RANKS = ("", N_("Ace"), N_("Two"), N_("Three"), N_("Four"), N_("Five"), N_("Six"), N_("Seven"),
         N_("Eight"), N_("Nine"), N_("Ten"), N_("Jack"), N_("Queen"), N_("King"))
SUITS = {"spades": N_("spades"), "hearts": N_("hearts"), "diamonds": N_("diamonds"), "clubs": N_("clubs")}
SEQUENCE_NAMES = {"perfect": N_("Perfect Number"), "friend": N_("Friend Number"),
                  "product": N_("Product Number"), "rich": N_("Rich Number")}


def sequence_cards(key):
    """A sequence's cards as the engine has them: "♥7-8-9"."""
    cards = next(cs for k, _title, cs in SEQUENCE_CARDS if k == key)
    return CARDS[cards[0]]["symbol"] + "-".join(CARDS[c]["rank_name"] for c in cards)


def sequences_text():
    return ", ".join(sequence_cards(key) for key in SEQUENCES)


class StopGoDeck:
    art = "playing"
    faces = 52                 # ./art/playing/0.svg .. 51.svg
    shape = "playing"
    size = (250, 350)
    field_key = "table"
    group_key = "rank"
    stack_word = N_("stack")
    draw_word = ""
    callouts = {"shake": (N_("Shake!"), "흔들기"), "triple": (N_("Three at once!"), "폭탄"),
                "go": (N_("Go!"), "고"), "stop": (N_("Stop!"), "스톱")}

    def dealer(self, v):
        return None

    def card_name(self, cid):
        c = CARDS[cid]
        return _("{rank} of {suit}", rank=_(RANKS[c["rank"]]), suit=_(SUITS[c["suit"]]))

    def line_label(self, line):
        key = line["key"]
        if key in SUITS:
            return ngettext("{n} {suit} number card", "{n} {suit} number cards", line["count"], suit=_(SUITS[key]))
        if key == "court":
            return ngettext("{n} court card (J/Q/K)", "{n} court cards (J/Q/K)", line["count"])
        return f"{_(SEQUENCE_NAMES[key])} ({sequence_cards(key)})"

    def step_label(self, step, gos, options=None):
        key = step["key"]
        if key == "go" and "add" in step:
            return _("{n} Go: +{add}", n=gos, add=step["add"])
        if key == "go":
            return _("{n} Go: ×{f}", n=gos, f=step["factor"])
        if key == "hearts":
            return _("{n} or more heart number cards: ×2", n=HEARTS_DOUBLE)
        if key == "warning":
            return _("Warning: the loser has fewer than {n} court cards: ×2", n=COURT_WARNING_BELOW)
        if key == "shake":
            return ngettext("{n} shake: ×{f}", "{n} shakes: ×{f}", step["count"], f=step["factor"])
        return _("Mission card {card}: ×{f}", card=self.card_name(step["card"]), f=step["factor"])

    groups = range(1, 14)     # the ranks

    def has_card(self, cid):
        return cid in CARDS

    def group_of(self, cid):
        return CARDS[cid]["rank"]

    def group_label(self, rank):
        return _(RANK_GROUPS[rank])

    def seat_marks(self, v, p):
        shakes = v["shakes"][p]
        if not shakes:
            return ""
        return f'<span class="ppuks">{ngettext("{n} shake", "{n} shakes", shakes)}</span>'

    def side_html(self, v):
        """The mission cards ("the right column" of the source) and who holds them."""
        items = []
        for m in v["missions"]:
            holder = m["holder"]
            who = "" if holder is None else (_(" — you have it") if holder == v["player"] else _(" — taken by your opponent"))
            items.append(f'<li class="mission{" held" if holder is not None else ""}">'
                         f'{card(self, m["card"], "small")}<span>×{m["factor"]}{esc(who)}</span></li>')
        return (f'<aside class="missions" aria-label="{_("Mission cards")}"><h2 class="side-title">{_("Missions")}</h2>'
                f'<ol>{"".join(items)}</ol></aside>')

    def pile_lists(self, v, p):
        """Seat ``p``'s captured cards as the piles the table draws: the
        suit and court lines (the sequences only repeat them)."""
        keys = {key for key, _symbol in SUIT_LINES}
        return {line["key"]: line["cards"] for line in v["scores"][p]["lines"] if line["key"] in keys}

    def piles_html(self, v, p, compact=False, keyed=False):
        score = v["scores"][p]
        lines = {line["key"]: line for line in score["lines"]}
        out = []
        for key, symbol in SUIT_LINES:
            line = lines[key]
            faces = "".join(card(self, c, "tiny" if compact else "small", key=keyed) for c in line["cards"])
            label = esc(self.line_label(line))
            out.append(f'<div class="pile-group" data-pile="{key}" title="{label}">'
                       f'<div class="pile-head"><span>{symbol}</span>'
                       f'<span class="pile-count" role="img" aria-label="{ngettext("{what}: {n} point", "{what}: {n} points", line["points"], what=label)}">'
                       f'{line["count"]}/{line["need"]}·<b>{line["points"]}</b></span></div>'
                       f'<div class="pile-cards">{faces}</div></div>')
        seqs = []
        for key in SEQUENCES:
            line = lines[key]
            have = set(line["cards"])
            faces = "".join(card(self, c, "tiny" + ("" if c in have else " missing")) for c in line["of"])
            label = esc(self.line_label(line))
            status = _("{k} of 3", k=len(have)) + (_(", complete") if line["complete"] else "")
            seqs.append(f'<li class="seq{" complete" if line["complete"] else ""}" title="{label}">'
                        f'{faces}<span class="visually-hidden">{label}: {status}</span></li>')
        flags = []
        if score.get("hearts_double"):
            flags.append("♥ ×2")
        return (f'<div class="piles suits{" compact" if compact else ""}">{"".join(out)}</div>'
                f'<ul class="seqs" aria-label="{_("Sequences")}">{"".join(seqs)}</ul>'
                f'{"".join(f"<span class=flag-chip>{f}</span>" for f in flags)}')


STOPGO = StopGoDeck()
