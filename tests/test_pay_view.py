"""The payment explained on the page: the Go/Stop prompt and the end of the
hand list every factor with its reason, from the engine's breakdown.

The page's modules run in the browser (PyScript); their HTML builders are
pure, so they are imported here under CPython with ``pyscript`` and
``pyodide.ffi`` stubbed out.
"""
import sys
import types
from html.parser import HTMLParser
from pathlib import Path

import pytest

from gostop.games.hwatu import Matgo
from gostop.games.stopgo import StopGo
from gostop.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parent / "stopgo"))
import stopgo_names as nm  # noqa: E402

WEB = Path(__file__).resolve().parent.parent / "web"


@pytest.fixture(scope="module")
def app():
    """The page's package ``app``, imported with the browser modules stubbed."""
    stubs = {"pyscript": types.ModuleType("pyscript"), "pyodide": types.ModuleType("pyodide"),
             "pyodide.ffi": types.ModuleType("pyodide.ffi")}
    stubs["pyscript"].document = stubs["pyscript"].window = None
    stubs["pyodide.ffi"].create_proxy = stubs["pyodide.ffi"].create_once_callable = lambda f: f
    stubs["pyodide.ffi"].to_js = lambda x, **k: x
    stubs["pyodide"].ffi = stubs["pyodide.ffi"]
    saved = {k: sys.modules.get(k) for k in stubs}
    sys.modules.update(stubs)
    sys.path.insert(0, str(WEB))
    try:
        import app.match_table
        import app.hwatu_view
        import app.stopgo_view
        import app.i18n
        import app.legal
        yield types.SimpleNamespace(view=app.match_view, table=app.match_table, i18n=app.i18n, legal=app.legal,
                                    HWATU=app.hwatu_view.HWATU, STOPGO=app.stopgo_view.STOPGO)
    finally:
        app.i18n.set_lang("en")
        sys.path.remove(str(WEB))
        for k in [k for k in sys.modules if k == "app" or k.startswith("app.")]:
            del sys.modules[k]
        for k, mod in saved.items():
            if mod is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = mod


class Rows(HTMLParser):
    """The rows of every ``.pay-steps`` list: (kind, label, value, attrs of the value)."""

    def __init__(self, markup):
        super().__init__()
        self.rows, self.paras, self._li, self._tag, self._p = [], [], None, None, None
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and self._li is None:
            kind = a.get("data-step") or a.get("data-line") or a.get("class")
            self._li = [kind, "", "", {}]
        elif tag in ("span", "b") and self._li is not None:
            self._tag = tag
            if tag == "b":
                self._li[3] = a
        elif tag == "p":
            self._p = [a, ""]

    def handle_endtag(self, tag):
        if tag == "li" and self._li is not None:
            self.rows.append(tuple(self._li))
            self._li = None
        elif tag in ("span", "b"):
            self._tag = None
        elif tag == "p" and self._p is not None:
            self.paras.append(tuple(self._p))
            self._p = None

    def handle_data(self, data):
        if self._li is not None and self._tag == "span":
            self._li[1] += data
        elif self._li is not None and self._tag == "b":
            self._li[2] += data
        if self._p is not None:
            self._p[1] += data


# The matgo position of tests/hwatu: the moon takes its junk for 3 brights and
# godori (8); Hana holds no bright (gwang-bak). Her 37 then makes cheongdan.
GO_SETUP = {"hands": [[28, 16, 20, 24], [37, 25, 26, 27]], "field": [30, 38],
            "stock": [47, 43, 45, 46, 42],
            "piles": [[0, 8, 4, 12, 29], [1, 5, 9, 21, 33]]}


def go_stop_session(setup, seed=3):
    s = Session(Matgo.from_setup(setup, seed=seed), ["human", "random"], 0)
    s.game.apply(28)
    return s


def prompt(app, session, deck):
    """The decision panel's HTML as the table renders it for ``session``."""
    st = session.state()
    me = types.SimpleNamespace(panel=None, deck=deck, selected=None,
                               special_decision_html=lambda *a: None)
    return app.table.MatchTable.decision_html(me, st, app.legal.Legal(st["legal"]))


def test_the_go_stop_prompt_lists_every_line_and_the_bak(app):
    html = prompt(app, go_stop_session(GO_SETUP), app.HWATU)
    rows = Rows(html).rows
    assert [(k, label, value) for k, label, value, _a in rows] == [
        ("brights", "3 brights", "+3"), ("godori", "Godori (three birds)", "+5"),
        ("pay-base", "Base score", "8"),
        ("gwang-bak", "Gwang-bak: the loser has no bright: ×2", "16"),
        ("total", "Total", "16")]
    assert "data-stop-pays" in rows[-1][3]
    assert "a Go pays only when its caller stops" in html


def test_the_prompt_names_the_go_bonus_and_says_it_in_korean_and_ukrainian(app):
    s = go_stop_session(dict(GO_SETUP, gos=[2, 0], last_go=[7, 0]))
    steps = [(k, label, value) for k, label, value, _a in Rows(prompt(app, s, app.HWATU)).rows
             if k in ("go", "gwang-bak", "total")]
    assert steps == [("go", "2 Go: +2", "10"), ("gwang-bak", "Gwang-bak: the loser has no bright: ×2", "20"),
                     ("total", "Total", "20")]
    try:
        app.i18n.set_lang("ko")
        labels = [label for _k, label, _v, _a in Rows(prompt(app, s, app.HWATU)).rows]
        assert "2고: +2" in labels and "광박: 진 사람에게 광이 없음: ×2" in labels and "기본 점수" in labels
        app.i18n.set_lang("uk")
        labels = [label for _k, label, _v, _a in Rows(prompt(app, s, app.HWATU)).rows]
        assert "2 Го: +2" in labels and "Базові очки" in labels
    finally:
        app.i18n.set_lang("en")


def test_stopgo_lists_go_hearts_warning_shake_and_mission(app):
    setup = nm.setup({"hands": [["3C", "5D"], ["6D", "KD"]], "table": ["3S"], "stock": ["9C", "QH"],
                      "missions": ["9D", "3S", "KS"], "gos": [1, 0], "last_go": [5, 0], "shakes": [1, 0],
                      "piles": [["7H", "8H", "9H", "2H", "4H", "5H", "10H", "AC", "2C"], []]})
    s = Session(StopGo.from_setup(setup), ["human", "random"], 0)
    s.game.apply(nm.cid("3C"))
    rows = [(k, label, value) for k, label, value, _a in Rows(prompt(app, s, app.STOPGO)).rows]
    assert rows == [
        ("hearts", "7 hearts number cards", "+3"),
        ("perfect", "Perfect Number (♥7-8-9)", "+3"), ("rich", "Rich Number (♣A-2-3)", "+3"),
        ("pay-base", "Base score", "9"), ("go", "1 Go: +1", "10"),
        ("hearts", "7 or more heart number cards: ×2", "20"),
        ("warning", "Warning: the loser has fewer than 4 court cards: ×2", "40"),
        ("shake", "1 shake: ×2", "80"), ("mission", "Mission card Three of spades: ×3", "240"),
        ("total", "Total", "240")]


def test_the_last_turn_offers_only_stop_and_says_why(app):
    s = go_stop_session(dict(GO_SETUP, taken=[9, 6]))
    html = prompt(app, s, app.HWATU)
    assert "only Stop is offered" in html and "data-action=\"160\"" not in html
    assert Rows(html).rows[-1][2] == "16"


def test_the_end_of_the_hand_explains_a_failed_go(app):
    s = go_stop_session(GO_SETUP)
    g = s.game
    g.apply(160)                     # Go at 8
    g.apply(37)
    g.apply(161)                     # Hana stops first with cheongdan
    v = s.state()["view"]
    html = app.view.result_panel(app.HWATU, v, "Hana wins: 8 points.")
    parsed = Rows(html)
    assert [(k, value) for k, _l, value, _a in parsed.rows if k in (
        "ribbons", "cheongdan", "hongdan", "pay-base", "total")][:5] == [
        ("ribbons", "+2"), ("hongdan", "+3"), ("cheongdan", "+3"), ("pay-base", "8"), ("total", "8")]
    failed = [text for attrs, text in parsed.paras if attrs.get("class") == "failed-go"]
    assert failed == ["You called Go (1) with 8 points. Hana reached 8 points and stopped first. "
                      "A Go pays only when its caller stops."]


def test_the_end_panel_shows_the_same_steps_as_the_prompt(app):
    s = go_stop_session(GO_SETUP)
    before = Rows(prompt(app, s, app.HWATU)).rows
    s.game.apply(161)
    after = Rows(app.view.result_panel(app.HWATU, s.state()["view"], "You win")).rows
    assert [r[:3] for r in after[:len(before)]] == [r[:3] for r in before]
    assert "data-total" in after[len(before) - 1][3] and before[-1][2] == "16"
    assert "failed-go" not in app.view.result_panel(app.HWATU, s.state()["view"], "You win")
