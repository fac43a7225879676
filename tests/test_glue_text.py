"""What the tables say, checked under CPython: the glue's narration and
labels are pure functions of the engine's events and views once the browser
modules (``pyscript``, ``pyodide.ffi``) are stubbed. English for the human
player ("You play", not "You plays"), counts with their plural ("1 shake",
"2 shakes"), the Korean term not repeated on the Korean page, the rules
examples' moves named in the page's language."""
import re
import sys
import types
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

WEB = Path(__file__).resolve().parent.parent / "web"


def _stub_browser():
    """Module stand-ins for the imports the glue makes at load time."""
    if "pyscript" not in sys.modules:
        sys.modules["pyscript"] = types.SimpleNamespace(document=None, window=None)
    if "pyodide" not in sys.modules:
        ffi = types.SimpleNamespace(create_proxy=lambda f: f, create_once_callable=lambda f: f,
                                    to_js=lambda x, **k: x)
        sys.modules["pyodide"] = types.SimpleNamespace(ffi=ffi)
        sys.modules["pyodide.ffi"] = ffi


_stub_browser()
sys.path.insert(0, str(WEB))
from app import i18n  # noqa: E402
from app import match_view as hv  # noqa: E402
from app.hwatu_table import GoStopTable, MatgoTable  # noqa: E402
from app.hwatu_view import HWATU  # noqa: E402
from app.stop_table import StopTable  # noqa: E402
from app.stopgo_table import StopGoTable  # noqa: E402
from app.stopgo_view import STOPGO  # noqa: E402
from gostop.scenarios import build, load_scenario, scenario_ids  # noqa: E402
from gostop.session import HUMAN, Session  # noqa: E402


@pytest.fixture(params=["en", "ko", "uk"])
def language(request):
    i18n.set_lang(request.param)
    yield request.param
    i18n.set_lang("en")


@pytest.fixture
def english():
    i18n.set_lang("en")
    yield
    i18n.set_lang("en")


def bare(cls, session=None):
    """A table without a shell: enough to call its narration."""
    table = object.__new__(cls)
    table.session, table.steps, table.scenario = session, [], None
    return table


def text(html):
    return re.sub(r"<[^>]+>", "", html)


WRONG = re.compile(r"\bYou (plays|flips|takes|chooses|banks|draws|interjects|cancels|answers|defends|names"
                   r"|turns|passes|calls|wins|forgot to)\b|\([s]\)|\bfrom You\b|\bby You\b")


def test_the_strip_speaks_to_you_in_the_second_person(english):
    table = bare(MatgoTable)
    events = [{"type": "played", "player": 0, "card": 4}, {"type": "flipped", "player": 0, "card": 9},
              {"type": "chose", "player": 0, "card": 5}, {"type": "captured", "player": 0, "cards": [4, 5]},
              {"type": "junk-taken", "player": 0, "from": 1, "cards": [40]},
              {"type": "bonus-banked", "player": 0, "card": 48},
              {"type": "drew", "player": 0, "card": 7}]
    said = [text(table.strip_step(e)[1]) for e in events]
    assert said[0].startswith("You play ") and said[1].startswith("flip ")
    assert said[2].startswith("choose ") and said[3].startswith("take ")
    assert said[4].startswith("You take ") and said[5].startswith("You bank ") and said[6].startswith("You draw ")
    assert not [s for s in said if WRONG.search(s)], said
    # The others keep the third person.
    hana = [text(table.strip_step(dict(e, player=1, **({"from": 0} if "from" in e else {})))[1]) for e in events]
    assert hana[0].startswith("Hana plays ") and hana[1].startswith("flips ") and hana[3].startswith("takes ")
    assert hana[4].startswith("Hana takes ") and hana[4].endswith(" from you")
    assert table.narrate({"type": "junk-taken", "player": 1, "from": 0, "cards": [40]}) == "Hana took junk from you."


def test_stop_speaks_to_you_in_the_second_person(english):
    table = bare(StopTable)
    for t, verb in (("interject", "interject"), ("cancel", "cancel"), ("defend", "answer")):
        mine = text(table._strip({"type": t, "player": 0, "card": 5}))
        theirs = text(table._strip({"type": t, "player": 2, "card": 5}))
        assert mine == f"You {verb} " and theirs == f"Minjun {verb}s ", (mine, theirs)
        assert not WRONG.search(table.narrate({"type": t, "player": 0, "card": 5}))
    assert text(table._strip({"type": "draw", "player": 0, "reason": "normal", "count": 1})) == "You draw 1"


@pytest.mark.parametrize("count, word", [(1, "1 shake"), (2, "2 shakes"), (3, "3 shakes")])
def test_shakes_are_counted_in_english(english, count, word):
    v = {"shakes": [count, 0]}
    assert text(STOPGO.seat_marks(v, 0)) == word
    assert STOPGO.step_label({"key": "shake", "count": count, "factor": 2 ** count}, 0) == f"{word}: ×{2 ** count}"


@pytest.mark.parametrize("count, word", [(1, "1 ppuk"), (2, "2 ppuks")])
def test_ppuks_are_counted_in_english(english, count, word):
    assert text(HWATU.seat_marks({"ppuks": [0, count]}, 1)) == word


@pytest.mark.parametrize("owner, mark", [(None, "stack of 3"), (0, "ppuk by you"), (1, "ppuk by Hana")])
def test_a_stack_on_the_field_says_whose(english, owner, mark):
    v = {"field": [{"month": 5, "cards": [16, 17, 18], "stack": True, "owner": owner}], "stock_count": 1}
    assert re.search(r'<span class="stack-mark">(.*?)</span>', hv.field(HWATU, v)).group(1) == mark
    assert 'aria-label="Stock: 1 card"' in hv.field(HWATU, v)


def test_one_card_is_singular(english):
    assert hv.in_hand(1) == "1 card in hand" and hv.in_hand(2) == "2 cards in hand"


def test_every_seat_and_panel_of_a_played_hand_reads_as_english(english):
    """Whole hands of each matching game: nothing the human sees says
    "You plays" or "shake(s)"."""
    for cls in (MatgoTable, GoStopTable, StopGoTable):
        for seed in range(3):
            options = {"players": 3} if cls is GoStopTable else {}
            s = Session.new(cls.game_id, seed, options, "random")
            s.seats = ["random"] * len(s.seats)       # the engine's random player for seat 0 too
            table = bare(cls, s)
            said = []
            while not s.game.is_terminal():
                for e in s.ai_step():
                    said.append(table.narrate(e) or "")
                    step = table.strip_step(e)
                    said.append(text(step[1]) if step else "")
            v = s.state()["view"]
            said += [text(cls.deck.piles_html(v, p)) + text(hv.seat(cls.deck, v, p)) for p in range(v["players"])]
            bad = [x for x in said if WRONG.search(x)]
            assert bad == [], bad[:3]


def test_korean_pile_headers_name_the_pile_once(language):
    s = Session.new("matgo", 1, {}, "random")
    v = s.state()["view"]
    heads = [text(h) for h in re.findall(r'<div class="pile-head"><span>(.*?)</span>', HWATU.piles_html(v, 0))]
    assert len(heads) == 4
    if language == "ko":
        assert heads == ["광", "열끗", "띠", "피"]
    else:
        assert all(h.endswith((" 광", " 열끗", " 띠", " 피")) and h.split(" ")[0] != h.split(" ")[-1] for h in heads), heads
    for kind, (_word, ko) in HWATU.callouts.items():        # "뻑!", not "뻑! 뻑"
        assert " ".join(hv.callout_words(HWATU, kind)).count(ko) == 1, kind


def scenario_moves(game_id):
    """(table, expected step) at each of the reader's moves in every example."""
    for sid in scenario_ids(game_id):
        data = load_scenario(game_id, sid)
        game, steps = build(game_id, sid)
        seats = [HUMAN if p == data["viewer"] else "scenario" for p in range(game.num_players)]
        for i, (player, action) in enumerate(steps):
            if player == data["viewer"]:
                yield Session(game, seats, data["viewer"]), data["steps"][i]
            game.apply(action, player)


@pytest.mark.parametrize("lang", ["ko", "uk"])
def test_stop_examples_name_their_moves_in_the_page_language(lang):
    i18n.set_lang(lang)
    try:
        table = bare(StopTable)
        seen = 0
        for session, step in scenario_moves("stop"):
            table.session = session
            label = table.move_label(step["action"], step["label"])
            assert label != step["label"] and not re.search(r"\b(play|draw|pass|take|interject|cancel|defend|name)\b",
                                                            label), (step, label)
            seen += 1
        assert seen >= 3
    finally:
        i18n.set_lang("en")


@given(st.text())
def test_markup_is_escaped_as_html_escape_does(text):
    import html

    from app import dom
    assert dom.esc(text) == html.escape(text)
