"""The coach on the built site (issue 19): a Hint shows what the hard player
would do and why, from its own search, in the worker or, without one, on
the page; at a Go/Stop decision it gives each choice's chance and payment."""
import pytest

from site_helpers import PHONE
from test_hwatu import GO, STOP, do, matgo_session, open_position



def ask_hint(page):
    page.click("[data-do=hint]")
    page.wait_for_selector("#decision .coach", timeout=30_000)
    return page.get_attribute("#decision .coach", "data-hint-choice")


@pytest.mark.parametrize("worker", [True, False], ids=["worker", "page"])
def test_a_hint_names_the_hard_players_move_among_the_legal_ones(table_factory, worker):
    t = table_factory(PHONE)
    if not worker:    # the computer players' worker cannot start: the page thinks itself
        t.context.route("**/ai-worker.mjs", lambda route: route.abort())
    page = t.open("?game=matgo&seed=31&level=easy&speed=fast")
    page.click("[data-do=start]")
    page.wait_for_selector(".htable[data-waiting=human]", timeout=60_000)
    page.wait_for_selector(f"html[data-ai-worker={'ready' if worker else 'failed'}]", timeout=90_000)
    legal = {a["id"] for a in t.state()["legal"]}
    choice = int(ask_hint(page))
    listed = [int(x) for x in page.eval_on_selector_all("#decision .coach [data-hint-action]",
                                                        "els => els.map(e => e.dataset.hintAction)")]
    assert choice in legal and listed[0] == choice and set(listed) <= legal and 1 <= len(listed) <= 3
    text = page.inner_text("#decision .coach")
    assert "The hard player's choice: Play " in text and "%" in text and "points on average" in text
    # The advice is for this position only: after the move it is gone, the button is back.
    do(page, f".hhand [data-card='{choice}']" if choice < 50 else f"[data-action='{choice}']")
    assert page.locator("#decision .coach").count() == 0
    assert page.locator("[data-do=hint]").count() == 1


def test_at_go_or_stop_the_hint_gives_each_choices_chance_and_payment(table_factory):
    t = table_factory()
    s = matgo_session({"hands": [[28, 16, 20, 24, 36], [17, 21, 25, 37, 40]],
                       "field": [30, 18], "stock": [47, 41, 42, 43, 45, 46, 33, 34],
                       "piles": [[0, 8, 4, 12, 29], []]})
    page = open_position(t, s)
    do(page, ".hhand [data-card='28']")
    assert sorted(a["id"] for a in t.state()["legal"]) == [GO, STOP]
    ask_hint(page)
    rows = {int(li.get_attribute("data-hint-action")): li.inner_text()
            for li in page.locator("#decision .coach li").all()}
    assert set(rows) == {GO, STOP}
    # Stop pays 16 for sure (see test_hwatu): every simulated hand wins it.
    assert rows[STOP].startswith("Stop") and "wins 100%" in rows[STOP] and "+16 points" in rows[STOP]
    assert rows[GO].startswith("Go")
    assert "The hard player's choice: Go." in page.inner_text("#decision .coach") or \
        "The hard player's choice: Stop." in page.inner_text("#decision .coach")


def test_a_rulebook_example_offers_the_hint_on_the_readers_move(table_factory):
    t = table_factory(PHONE)
    page = t.open("embed.html?game=matgo&scenario=ppuk")
    page.wait_for_selector("#scenario-bar .scn-hint", timeout=60_000)
    choice = int(ask_hint(page))
    assert choice in {a["id"] for a in t.state()["legal"]}
