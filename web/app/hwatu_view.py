"""The hwatu deck for the matching tables: card names (English with the
Korean beside), month groups and the four captured piles with their points."""
from gostop.games.hwatu.cards import deck_table

from .match_view import card

CARDS = {c["id"]: c for c in deck_table()}
PILE_KEYS = (("brights", "Brights", "광"), ("animals", "Animals", "열끗"),
             ("ribbons", "Ribbons", "띠"), ("junk", "Junk", "피"))
# Which pile each scoring line adds its points to.
LINE_PILE = {"brights": "brights", "animals": "animals", "godori": "animals",
             "ribbons": "ribbons", "hongdan": "ribbons", "cheongdan": "ribbons",
             "chodan": "ribbons", "junk": "junk"}
MONTHS = ("", "January · pine", "February · plum", "March · cherry", "April · wisteria",
          "May · iris", "June · peony", "July · bush clover", "August · pampas",
          "September · chrysanthemum", "October · maple", "November · paulownia",
          "December · rain")


class HwatuDeck:
    art = "hwatu"
    shape = "hwatu"
    size = (200, 300)
    field_key = "field"
    group_key = "month"
    stack_word = "ppuk"
    draw_word = ' (nagari, <span lang="ko">나가리</span>)'
    # Special plays called out in words, with the Korean beside.
    callouts = {"ppuk": ("Ppuk!", "뻑"), "ttadak": ("Ttadak!", "따닥"), "chok": ("Chok!", "쪽"),
                "sweep": ("Sweep!", "쓸"), "bomb": ("Bomb!", "폭탄"), "go": ("Go!", "고"),
                "stop": ("Stop!", "스톱"), "nagari": ("Nagari", "나가리"),
                "three-ppuk": ("Three ppuks!", "삼뻑"), "chongtong": ("Chongtong!", "총통")}

    def dealer(self, v):
        """The dealer's seat where the game has one (gostop; matgo has none)."""
        return v["dealer"] if v["game"] == "gostop" else None

    def card_name(self, cid):
        c = CARDS[cid]
        return f"{c['name']} ({c['name_ko']})"

    def group_of(self, cid):
        return CARDS[cid]["month"] if cid < 48 else None

    def group_label(self, month):
        return MONTHS[month]

    def seat_marks(self, v, p):
        return f'<span class="ppuks">{v["ppuks"][p]} ppuk</span>' if v["ppuks"][p] else ""

    def side_html(self, v):
        return ""

    def piles_html(self, v, p, compact=False):
        """The four captured piles with their counts and the points each is worth."""
        piles, score = v["piles"][p], v["scores"][p]
        points = {}
        for line in score["lines"]:
            group = LINE_PILE.get(line["key"], line["key"])
            points[group] = points.get(group, 0) + line["points"]
        junk_units = next((line.get("units", 0) for line in score["lines"] if line["key"] == "junk"), 0)
        out = []
        for key, label, ko in PILE_KEYS:
            cards = piles[key]
            count = junk_units if key == "junk" else len(cards)
            unit = " units" if key == "junk" else ""
            faces = "".join(card(self, c, "tiny" if compact else "small") for c in cards)
            pts = points.get(key, 0)
            title = f'<span lang="ko">{ko}</span>' if compact else f'{label} <span lang="ko">{ko}</span>'
            out.append(
                f'<div class="pile-group" data-pile="{key}" title="{label}">'
                f'<div class="pile-head"><span>{title}</span>'
                f'<span class="pile-count" role="img" aria-label="{label}: {count}{unit}, {pts} points">{count}'
                f'{" · " if not compact else "·"}<b>{pts}{" pt" if not compact else ""}</b></span></div>'
                f'<div class="pile-cards">{faces}</div></div>')
        return f'<div class="piles{" compact" if compact else ""}">{"".join(out)}</div>'


HWATU = HwatuDeck()
