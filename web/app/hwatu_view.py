"""The hwatu deck for the matching tables: card names (English with the
Korean beside), month groups and the four captured piles with their points."""
from gostop.games.hwatu.cards import RAIN_MASK, deck_table
from gostop.games.hwatu.scoring import MEONG_BAK_ANIMALS, PIBAK_LENIENT_MAX, PIBAK_UNDER

from .i18n import N_, _, lang, ngettext, with_ko
from .match_view import card

CARDS = {c["id"]: c for c in deck_table()}
PILE_KEYS = (("brights", N_("Brights"), "광"), ("animals", N_("Animals"), "열끗"),
             ("ribbons", N_("Ribbons"), "띠"), ("junk", N_("Junk"), "피"))
# Which pile each scoring line adds its points to.
LINE_PILE = {"brights": "brights", "animals": "animals", "godori": "animals",
             "ribbons": "ribbons", "hongdan": "ribbons", "cheongdan": "ribbons",
             "chodan": "ribbons", "junk": "junk"}
MONTHS = ("", N_("January · pine"), N_("February · plum"), N_("March · cherry"), N_("April · wisteria"),
          N_("May · iris"), N_("June · peony"), N_("July · bush clover"), N_("August · pampas"),
          N_("September · chrysanthemum"), N_("October · maple"), N_("November · paulownia"),
          N_("December · rain"))
SET_NAMES = {"godori": N_("Godori (three birds)"), "hongdan": N_("Hongdan (red poem ribbons)"),
             "cheongdan": N_("Cheongdan (blue ribbons)"), "chodan": N_("Chodan (plain ribbons)")}
BAKS = {"gwang-bak": N_("Gwang-bak: the loser has no bright: ×2"),
        "meong-bak": N_("Meong-bak: {n} or more animals: ×2"),
        "pi-bak": N_("Pi-bak: the loser has fewer than {n} junk: ×2"),
        "go-bak": N_("Go-bak: the loser called Go: ×2")}


class HwatuDeck:
    art = "hwatu"
    faces = 50                 # ./art/hwatu/0.svg .. 49.svg (48 months + 2 bonus)
    shape = "hwatu"
    size = (200, 300)
    field_key = "field"
    group_key = "month"
    stack_word = N_("ppuk")
    draw_word = ' (<span lang="ko">나가리</span>)'
    # Special plays called out in words, with the Korean beside.
    callouts = {"ppuk": (N_("Ppuk!"), "뻑"), "ttadak": (N_("Ttadak!"), "따닥"), "chok": (N_("Chok!"), "쪽"),
                "sweep": (N_("Sweep!"), "쓸"), "bomb": (N_("Bomb!"), "폭탄"), "go": (N_("Go!"), "고"),
                "stop": (N_("Stop!"), "스톱"), "nagari": (N_("Nagari"), "나가리"),
                "three-ppuk": (N_("Three ppuks!"), "삼뻑"), "chongtong": (N_("Chongtong!"), "총통"),
                "shake": (N_("Shake!"), "흔들기"), "first-ppuk": (N_("First ppuk!"), "첫뻑")}

    def dealer(self, v):
        """The dealer's seat where the game has one (gostop; matgo has none)."""
        return v["dealer"] if v["game"] == "gostop" else None

    def card_name(self, cid):
        """The card's name in the page's language, the Korean name beside."""
        c = CARDS[cid]
        if lang() == "ko":
            return c["name_ko"]
        return f"{_(c['name'])} ({c['name_ko']})"

    def line_label(self, line):
        key, n = line["key"], len(line["cards"])
        if key == "brights":
            rain = _(" with the rain bright") if n == 3 and any(RAIN_MASK >> c & 1 for c in line["cards"]) else ""
            return ngettext("{n} bright", "{n} brights", n) + rain
        if key == "animals":
            return ngettext("{n} animal", "{n} animals", n)
        if key == "ribbons":
            return ngettext("{n} ribbon", "{n} ribbons", n)
        if key == "junk":
            return ngettext("{n} junk", "{n} junk", line["units"])
        return _(SET_NAMES[key])

    def step_label(self, step, gos, options=None):
        """``options``: the game's (matgo's pibak "lenient" words pi-bak otherwise)."""
        key = step["key"]
        if key == "pi-bak" and (options or {}).get("pibak") == "lenient":
            return _("Pi-bak: the loser has {n} or fewer junk (not none): ×2", n=PIBAK_LENIENT_MAX)
        if key == "go" and "add" in step:
            return _("{n} Go: +{add}", n=gos, add=step["add"])
        if key in ("go", "go-double"):
            return _("{n} Go: ×{f}", n=gos, f=step["factor"])
        if key == "shake":
            return ngettext("{n} shake: ×{f}", "{n} shakes: ×{f}", step["count"], f=step["factor"])
        if key == "three-ppuk":
            return ngettext("Three ppuks: {n} point", "Three ppuks: {n} points", step["value"])
        if key == "chongtong":
            return ngettext("Chongtong: {n} point", "Chongtong: {n} points", step["value"])
        # the baks' numbers are the engine's (hwatu.scoring)
        return _(BAKS[key], n={"meong-bak": MEONG_BAK_ANIMALS, "pi-bak": PIBAK_UNDER}.get(key, ""))

    groups = range(1, 13)     # the months

    def has_card(self, cid):
        return cid in CARDS

    def group_of(self, cid):
        return CARDS[cid]["month"] or None      # bonus cards have no month (0)

    def group_label(self, month):
        # (a bonus card has no month: one flipped lies on the field for a
        # moment, between the moves the table shows, before it is banked)
        return _("Bonus card") if month is None else _(MONTHS[month])

    def seat_marks(self, v, p):
        k = v["ppuks"][p]
        if not k:
            return ""
        return f'<span class="ppuks">{ngettext("{n} ppuk", "{n} ppuks", k)}</span>'

    def side_html(self, v):
        return ""

    def pile_lists(self, v, p):
        """Seat ``p``'s captured cards as the piles the table draws (lists
        the moving table may change: see match_board.MatchBoardSteps.board_step)."""
        return v["piles"][p]

    def piles_html(self, v, p, compact=False, keyed=False):
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
            amount = ngettext("{n} unit", "{n} units", count) if key == "junk" else count
            faces = "".join(card(self, c, "tiny" if compact else "small", key=keyed) for c in cards)
            pts = points.get(key, 0)
            label = _(label)
            title = f'<span lang="ko">{ko}</span>' if compact else with_ko(label, ko)
            spoken = ngettext("{pile}: {count}, {n} point", "{pile}: {count}, {n} points", pts,
                              pile=label, count=amount)
            out.append(
                f'<div class="pile-group" data-pile="{key}" title="{label}">'
                f'<div class="pile-head"><span>{title}</span>'
                f'<span class="pile-count" role="img" aria-label="{spoken}">{count}'
                f'{" · " if not compact else "·"}<b>{pts if compact else ngettext("{n} pt", "{n} pts", pts)}</b></span></div>'
                f'<div class="pile-cards">{faces}</div></div>')
        return f'<div class="piles{" compact" if compact else ""}">{"".join(out)}</div>'


HWATU = HwatuDeck()
