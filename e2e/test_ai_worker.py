"""Computer players think in a Web Worker (ai-client.mjs, ai-worker.mjs):
the worker answers every computer decision once it is up, its choices are
exactly the engine's own (the game replays the same under CPython), and
without workers the page still plays, thinking on its main thread."""
import json

import pytest

from gostop.session import HUMAN, Session
from site_helpers import DESKTOP
from test_hwatu import click_decision

AI_READY = "document.documentElement.dataset.aiWorker === 'ready'"


def open_setup(t, game, players, seed, extra=""):
    query = f"?game={game}&seed={seed}&level=easy&speed=fast{extra}"
    if players:
        query += f"&players={players}"
    return t.open(query)


def play(t, decisions):
    """Deals, then makes ``decisions`` of the player's decisions (or plays
    to the end of the hand)."""
    t.page.click("[data-do=start]")
    t.page.wait_for_selector(".htable")
    for _ in range(decisions):
        if click_decision(t) == "over":
            break


def computer_moves_replay(t, game):
    """The page's game, replayed from its save under CPython: every computer
    move the worker searched in full is the engine's own choice, and the
    table's state is the same. The worker stops a search at its level's time
    budget; a move it cut short (fewer rollouts than the fixed count CPython
    plays, on a starved machine) may differ and is only counted.
    Returns how many computer moves were made."""
    saved = Session.load(t.page.evaluate(f"localStorage.getItem('cardroom.save.{game}')"))
    log = t.page.evaluate("window.cardroomAI.log")     # [level, rollouts, ms] per answer, in order
    g = saved.game
    replay = Session.new(g.game_id, g.seed, g.options, "easy", saved.human)
    computer = compared = 0
    for player, action in g.history:
        if replay.seats[player] == HUMAN:
            replay.act(action)
        else:
            choice = replay.ai_choice(player)
            full = replay._agent(player).last_rollouts
            # without a worker the page thinks by the fixed count: no log
            searched = log[computer][1] if log else full
            if searched == full:
                assert choice == action
                compared += 1
            else:
                assert searched < full       # cut short by the clock, never more
            replay.apply_ai(player, action)
            computer += 1
    assert json.loads(json.dumps(replay.state())) == t.state()
    assert computer >= 4 and compared >= 1
    return computer


@pytest.mark.parametrize("game, players, extra, boot", [
    ("matgo", None, "", "snapshot"),            # first visit: the worker waits for the snapshot
    ("gostop", 3, "&snapshot=off", "normal")])
def test_the_worker_makes_the_computer_moves(table_factory, game, players, extra, boot):
    t = table_factory(DESKTOP)
    page = open_setup(t, game, players, 4242, extra)
    page.wait_for_function(AI_READY, timeout=150_000)
    assert page.evaluate("window.cardroomAI.boot") == boot
    play(t, 6)
    computer = computer_moves_replay(t, game)
    assert page.evaluate("window.cardroomAI.answers") == computer   # every one from the worker
    assert page.evaluate("document.documentElement.dataset.aiWorker") == "ready"


@pytest.mark.parametrize("how", ["no Worker", "worker fails"])
def test_without_a_worker_the_page_thinks_itself(table_factory, how):
    t = table_factory(DESKTOP)
    if how == "no Worker":
        # PyScript itself cannot load without Worker (a class of its extends
        # it), so Worker goes once PyScript is up, before the page is ready.
        t.context.add_init_script("addEventListener('py:ready', () => { delete window.Worker; });")
    else:
        # The worker's script is missing (Playwright's routes do not reach a
        # worker's own script).
        t.context.add_init_script("""{ const W = window.Worker;
          window.Worker = class extends W { constructor(url, options) {
            super(String(url).includes('ai-worker') ? './no-such-worker.mjs' : url, options); } }; }""")
    page = open_setup(t, "gostop", 3, 77, "&snapshot=off")
    state = "off" if how == "no Worker" else "failed"
    page.wait_for_function(f"document.documentElement.dataset.aiWorker === '{state}'", timeout=60_000)
    play(t, 5)
    computer_moves_replay(t, "gostop")
    assert page.evaluate("window.cardroomAI.answers") == 0
