"""The computer thinks while a move is shown (``TableBase.ask_ahead``): as
soon as the engine has applied a move, the next computer seat's request goes
to the worker, and ``think`` uses that answer only if the game has not moved
since. Checked under CPython with a stand-in for the page's worker client."""
import asyncio
import concurrent.futures
import types

import test_glue_text  # noqa: F401  (stubs the browser modules, puts web/ on the path)
from app import ai_remote
from app.hwatu_table import MatgoTable
from gostop.session import Session


class FakeWorker:
    """``window.cardroomAI``: ready; answers each request with the engine's
    own choice, and records what it was asked."""

    ready = True

    def __init__(self, session):
        self.session = session
        self.asked = []

    async def ask(self, text):
        request = ai_remote.json.loads(text)
        self.asked.append(request)
        await asyncio.sleep(0)
        return self.session.ai_choice(self.session.ai_to_move()[0])


def run(main):
    """Runs coroutine function ``main`` to its end on a loop of its own, in a
    thread of its own (a browser test's loop may be running in this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result()


def human_moved_table(seed):
    """A matgo table whose human (seat 0) has just moved, with seat 1 to
    move, and a fake worker."""
    table = MatgoTable.__new__(MatgoTable)
    table.scenario, table.retired, table._ahead = None, False, None
    for s in range(seed, seed + 50):
        session = Session.new("matgo", s, {}, "easy")
        if tuple(session.game.to_move()) == (0,):
            break
    table.session = session
    session.act(session.game.legal_actions(0)[0])
    assert session.ai_to_move() == [1]
    worker = FakeWorker(session)
    ai_remote.window = types.SimpleNamespace(cardroomAI=worker, console=types.SimpleNamespace(info=print))
    return table, worker


def test_the_request_is_sent_when_the_move_is_made_and_its_answer_used():
    async def main():
        table, worker = human_moved_table(1)
        table.ask_ahead()
        history = len(table.session.game.history)
        assert table._ahead is not None and table._ahead[0] == (1, history)
        action = await table.think(1)
        assert len(worker.asked) == 1                      # not asked again
        assert worker.asked[0]["view"] == table.session.game.view(1)
        assert action == table.session.ai_choice(1)
        assert table._ahead is None                        # used once
    run(main)


def test_an_answer_about_an_older_moment_is_not_used():
    async def main():
        table, worker = human_moved_table(2)
        table.ask_ahead()
        stale = table._ahead
        table._ahead = ((1, len(table.session.game.history) - 1), stale[1])   # about a past moment
        action = await table.think(1)
        assert len(worker.asked) == 2                      # asked again, about now
        assert worker.asked[1]["view"] == table.session.game.view(1)
        assert action == table.session.ai_choice(1)
    run(main)


def test_nothing_is_asked_ahead_without_a_worker_or_in_an_example():
    async def main():
        table, worker = human_moved_table(3)
        worker.ready = False
        table.ask_ahead()
        assert table._ahead is None
        worker.ready = True
        table.scenario = object()
        table.ask_ahead()
        assert table._ahead is None and worker.asked == []
    run(main)


class StartingWorker(FakeWorker):
    """A worker still booting: ``started(ms)`` resolves once it is up
    (``up``), or False (it failed or took too long)."""

    ready = False

    def __init__(self, session, up):
        super().__init__(session)
        self.up = up
        self.waits = []

    async def started(self, ms):
        self.waits.append(ms)
        await asyncio.sleep(0)
        self.ready = self.up
        return self.up


def test_a_computer_move_waits_for_a_worker_that_is_starting():
    async def main():
        table, _ = human_moved_table(1)
        worker = StartingWorker(table.session, up=True)
        ai_remote.window.cardroomAI = worker
        action = await table.think(1)
        assert worker.waits == [int(ai_remote.STARTING_WAIT_S * 1000)]
        assert len(worker.asked) == 1                      # the worker's answer
        assert action == table.session.ai_choice(1)
    run(main)


def test_a_worker_that_does_not_come_up_leaves_the_move_to_the_page():
    async def main():
        table, _ = human_moved_table(2)
        worker = StartingWorker(table.session, up=False)
        ai_remote.window.cardroomAI = worker

        async def landed():
            pass
        table.shell = types.SimpleNamespace(landed=landed)
        action = await table.think(1)                      # thought here, in slices
        assert worker.waits and worker.asked == []
        assert action == table.session.ai_choice(1)
    run(main)
