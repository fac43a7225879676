"""The coach's advice in words (web/app/coach_view.py), under CPython."""
import re
from html import unescape

import test_glue_text  # noqa: F401  (stubs the browser modules, puts web/ on sys.path)
from app import coach_view, i18n  # noqa: E402


def words(html):
    return unescape(re.sub(r"<[^>]+>", " ", html))


ADVICE = {"kind": "play", "choice": 4, "rollouts": 1200,
          "moves": [{"action": 4, "payment": 3.24, "win": 0.612, "worlds": 600, "same": []},
                    {"action": 9, "payment": -1.46, "win": 0.4, "worlds": 300, "same": []},
                    {"action": 12, "payment": 0.01, "win": 0.5, "worlds": 300, "same": []}]}


def test_a_play_hint_names_the_choice_and_each_moves_numbers():
    text = words(coach_view.advice_html(ADVICE, lambda a: f"card {a}"))
    assert "The hard player's choice: card 4." in text
    assert "card 4: +3.2 points on average, wins 61% of the simulated hands." in text
    assert "card 9: \u22121.5 points on average, wins 40%" in text
    assert "card 12: 0 points on average" in text
    assert "From 1200 hands" in text
    assert re.findall(r'data-hint-action="(\d+)"', coach_view.advice_html(ADVICE, str)) == ["4", "9", "12"]


def test_a_decision_hint_says_choose_in_every_language():
    go_stop = dict(ADVICE, kind="go-stop", choice=161)
    text = words(coach_view.advice_html(go_stop, str))
    assert "choice: 161." in text and "4: wins 61% of the simulated hands, +3.2 points on average." in text
    assert "4: wins 61%" in words(coach_view.advice_html(ADVICE, str, deciding=True))
    for lang in ("ko", "uk"):
        i18n.set_lang(lang)
        try:
            text = words(coach_view.advice_html(go_stop, str))
            assert "161" in text and "61%" in text and "+3.2" in text and "choice" not in text
        finally:
            i18n.set_lang("en")


def test_a_kept_plain_play_says_why_it_leads_a_better_mean():
    kept = dict(ADVICE, kept=True)
    text = words(coach_view.advice_html(kept, str))
    assert "not by enough to trust: it keeps the plain play." in text
    assert "plain play" not in words(coach_view.advice_html(ADVICE, str))
    assert "plain play" not in words(coach_view.advice_html(dict(ADVICE, kept=False), str))
    for lang in ("ko", "uk"):
        i18n.set_lang(lang)
        try:
            local = words(coach_view.advice_html(kept, str))
            assert "plain play" not in local and len(local) > len(words(coach_view.advice_html(ADVICE, str)))
        finally:
            i18n.set_lang("en")
