"""Computer players think in a Web Worker (ai-client.mjs, ai-worker.mjs):
the worker answers every computer decision once it is up, its choices are
exactly the engine's own (the game replays the same under CPython), and
without workers the page still plays, thinking on its main thread."""
import json

import pytest

from gostop.session import HUMAN, Session
from site_helpers import DESKTOP
from test_hwatu import click_decision
from test_stopgo import decide as stopgo_decision

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


def computer_moves_replay(t, game, level="easy"):
    """The page's game, replayed from its save under CPython: every computer
    move the worker searched in full is the engine's own choice, and the
    table's state is the same. The worker stops a search at its level's time
    budget; a move it cut short (fewer rollouts than the fixed count CPython
    plays, on a starved machine) may differ and is only counted, and so is
    one it planned for fewer (its rounds sized for what its time buys) even
    if its last round ran on to the full count.
    Returns how many computer moves were made."""
    saved = Session.load(t.page.evaluate(f"localStorage.getItem('cardroom.save.{game}')"))
    # [level, rollouts, ms, counted] per answer, in order
    log = t.page.evaluate("window.cardroomAI.log")
    g = saved.game
    replay = Session.new(g.game_id, g.seed, g.options, level, saved.human)
    computer = compared = 0
    for player, action in g.history:
        if replay.seats[player] == HUMAN:
            replay.act(action)
        else:
            choice = replay.ai_choice(player)
            agent = replay._agent(player)
            full = agent.last_rollouts
            # without a worker the page thinks by the fixed count: no log
            searched, counted = (log[computer][1], log[computer][3]) if log else (full, True)
            assert isinstance(counted, bool)     # the worker says it for every search
            if not counted:
                # planned for fewer, its last round running on: never past
                # the level's count (it may pass the untimed search's total,
                # whose rounds divide the count otherwise)
                assert searched <= agent.rollouts
            else:
                assert searched <= full      # cut short by the clock, never more
                if searched == full:
                    assert choice == action
                    compared += 1
            replay.apply_ai(player, action)
            computer += 1
    assert json.loads(json.dumps(replay.state())) == t.state()
    assert computer >= 4
    if not compared:
        # every move cut short or planned for fewer: a machine too loaded
        # for the worker to search as the untimed engine does (said, not hidden)
        pytest.skip(f"none of the worker's {computer} moves was searched as the untimed engine searches")
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


@pytest.mark.parametrize("game, decide", [("matgo", click_decision), ("stopgo", stopgo_decision)])
def test_the_hard_worker_reads_the_plays_as_the_engine_does(table_factory, game, decide):
    """Hard reads the opponent's plays (docs/ai.md, rounds 21 and 22): the
    worker's views carry the record of plays the page's Session keeps, so
    its choices are those of the engine, which reads the same record."""
    t = table_factory(DESKTOP)
    page = t.open(f"?game={game}&seed=4243&level=hard&speed=fast")
    page.wait_for_function(AI_READY, timeout=150_000)
    page.click("[data-do=start]")
    page.wait_for_selector(".htable")
    for _ in range(8):
        if decide(t) == "over":
            break
    computer_moves_replay(t, game, "hard")


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


def test_a_computer_move_waits_for_a_worker_that_is_starting(table_factory):
    # The worker's "ready" is held back until the page first waits for it
    # (a computer seat is to move while the worker is starting), then given
    # 0.5 s later: that move waits for the worker (ai_remote STARTING_WAIT_S)
    # instead of being thought on the page, whose slices were its longest
    # tasks on a slow phone. Every computer move is the worker's.
    t = table_factory(DESKTOP)
    t.context.add_init_script("""{
      let ai;
      Object.defineProperty(window, 'cardroomAI', { configurable: true, get() { return ai; },
        set(v) { ai = v; const s = v.started;
                 v.started = (ms) => { window.__waited = (window.__waited || 0) + 1; return s(ms); }; } });
      const W = window.Worker;
      window.Worker = class extends W {
        constructor(url, options) { super(url, options); this.__ai = String(url).includes('ai-worker'); }
        get onmessage() { return super.onmessage; }
        set onmessage(f) {
          if (!this.__ai) { super.onmessage = f; return; }
          super.onmessage = (e) => {
            if (!(e.data && e.data.ready)) return f(e);
            window.__booted = true;
            const release = () => window.__waited ? setTimeout(() => f(e), 500) : setTimeout(release, 50);
            release();
          };
        }
      };
    }""")
    page = open_setup(t, "gostop", 3, 78, "&snapshot=off")
    page.wait_for_function("document.documentElement.dataset.aiWorker === 'starting'", timeout=60_000)
    # The worker has booted (its "ready" is held back): on a loaded machine
    # its boot alone (no snapshot here) could outlast the page's wait.
    page.wait_for_function("window.__booted === true", timeout=120_000)
    play(t, 3)
    assert page.evaluate("window.__waited") >= 1
    computer = computer_moves_replay(t, "gostop")
    assert page.evaluate("document.documentElement.dataset.aiWorker") == "ready"
    assert page.evaluate("window.cardroomAI.answers") == computer    # none thought on the page
