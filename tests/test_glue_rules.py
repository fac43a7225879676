"""The page holds no rule: every number a help text or a settlement line
states is the engine's (its constants, the view or the event), and the
glue never spells an action id or does arithmetic on one. These tests
change the engine's facts and watch the page follow."""
import re
from pathlib import Path

import pytest

import test_glue_text as glue
from test_glue_text import english  # noqa: F401 - a fixture
from app import hwatu_view, house_setup, stop_view, stopgo_table, table2005
from app.table2005 import Table2005

APP = Path(__file__).resolve().parent.parent / "web" / "app"

# Rule facts the page once wrote itself (issue #18): the hwatu card count,
# stop's face arithmetic, action ids and bases, the stop target, 2005's
# safety turns, the 1-beats-10 exception and stopgo's scoring numbers.
FORBIDDEN = [
    (r"\bcid\s*<\s*48\b|\b(48|50|52)\b\s+if\b", "a deck size"),
    (r"[%/]\s*13\b", "stop's face layout"),
    (r"\b(FLIP|PASS|GO|STOP|CHOOSE_BASE|BOMB_BASE|SHAKE_BASE|CUP_ANIMAL|CUP_JUNK)\s*(,[^=\n]*)?=\s*\d",
     "an action id declared again"),
    (r"\b100\s*\+|\+\s*100\b|\ba\s*<\s*100\b", "arithmetic on action ids"),
    (r"\b500\b", "stop's default target"),
    (r"Thirty|1 beats 10|fewer than [0-9]|[0-9] or (more|fewer)|Seven hearts|five Go|reach [0-9]|At [0-9]+ points"
     r"|Threshold: [0-9]|win [0-9] rounds", "a rule number in words"),
]


def test_no_rule_literal_is_left_in_the_glue():
    found = []
    for path in sorted(APP.glob("*.py")):
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            for pattern, what in FORBIDDEN:
                if re.search(pattern, code):
                    found.append(f"{path.name}:{no}: {what}: {line.strip()[:90]}")
    assert found == []


def test_the_forbidden_patterns_catch_what_they_are_for():
    samples = ["return CARDS[cid]['month'] if cid < 48 else None", "f % 13 == 0", "FLIP, PASS, GO, STOP = 150, 151, 160, 161",
               'data-action="{100 + c}"', "Play to 500 minus points.", "Thirty turns passed", "fewer than 4 court cards",
               "reach 7 points", "First to win 3 rounds"]
    for sample in samples:
        assert any(re.search(p, sample) for p, _w in FORBIDDEN), sample


def test_stop_help_states_the_games_target_and_the_engines_card_values(english, monkeypatch):
    assert "At 500 the game ends" in stop_view.howto_html(500)
    assert "At 300 the game ends" in glue.text(stop_view.howto_html(300))
    monkeypatch.setattr(stop_view, "value", lambda f: 99)
    assert "Free Choice 99, +X 99" in stop_view.howto_html(500)


def test_the_2005_help_and_void_round_follow_the_engine(english, monkeypatch):
    monkeypatch.setattr(table2005, "SAFETY_TURNS", 40)
    monkeypatch.setattr(table2005, "WINS_NEEDED", 4)
    howto = glue.text(Table2005.howto_html(None))
    assert "First to win 4 rounds wins. 40 turns without a take" in howto
    assert "You hold 5 Go and one Stop" in howto


def test_the_2005_upset_is_named_from_the_engines_round_winner(english):
    table = glue.bare(Table2005)
    upset = table.narrate({"type": "round_won", "player": 1, "round": 1, "number": 1, "taken": [[1, 1], [2, 10]]})
    plain = table.narrate({"type": "round_won", "player": 2, "round": 1, "number": 10, "taken": [[1, 3], [2, 10]]})
    assert upset.endswith("1 beats 10!") and "beats" not in plain


def test_stopgo_help_and_warning_use_the_engines_numbers(english, monkeypatch):
    monkeypatch.setattr(stopgo_table, "HEARTS_DOUBLE", 8)
    howto = glue.text(stopgo_table.StopGoTable.howto_html(None))
    assert "8 hearts double your total" in howto
    assert "♥7-8-9, ♠4-6-9, ♠5-7-10, ♣A-2-3" in howto


@pytest.mark.parametrize("rule, words", [("literal", "fewer than 5 junk"), ("lenient", "7 or fewer junk")])
def test_pi_bak_is_worded_with_the_engines_thresholds(english, rule, words):
    step = {"key": "pi-bak", "factor": 2, "value": 2}
    label = hwatu_view.HWATU.step_label(step, 0, {"pibak": rule})
    assert words in label
    assert words in house_setup.setup_html("matgo", {"pibak": rule})


def test_chongtong_names_the_points_the_engine_paid(english):
    assert hwatu_view.HWATU.step_label({"key": "chongtong", "value": 10}, 0) == "Chongtong: 10 points"


def test_the_summaries_state_the_engines_numbers(english, monkeypatch):
    from app import hwatu_table
    from app.hwatu_table import GoStopTable, MatgoTable
    monkeypatch.setattr(hwatu_table, "threshold", lambda game_id, players: 9 if players == 2 else 4)
    matgo = glue.bare(MatgoTable)
    assert "reach 9 points" in glue.i18n._(matgo.summary, **matgo.rule_numbers())
    assert "At 9 points choose Go" in glue.text(matgo.howto_html())
    assert "Threshold: 9 points with 2 players, 4 with 3 or 4" in glue.text(glue.bare(GoStopTable).howto_html())
    t2005 = glue.bare(Table2005)
    assert glue.i18n._(t2005.summary, **t2005.rule_numbers()) == (
        "Bid for number cards with 5 Go cards and one Stop. First to win 3 rounds.")
