"""Thinking on the page's main thread (no worker) leaves the browser its turn
often: the search yields every 2 rollouts, and ``in_slices`` runs slices
until ``SLICE_SECONDS`` have passed, then
sleeps (a 50 ms task is long on a phone)."""
import asyncio
import types

import test_glue_text  # noqa: F401  (stubs the browser modules, puts web/ on the path)
from app import table as table_module
from gostop import make
from gostop.agents import make_agent
from gostop.core.rng import make_rng
from test_ask_ahead import run


def test_in_slices_gives_the_browser_its_turn_every_slice_seconds(monkeypatch):
    now = [0.0]
    sleeps = []
    monkeypatch.setattr(table_module, "time", types.SimpleNamespace(perf_counter=lambda: now[0]))

    async def sleep(_):
        sleeps.append(now[0])
    monkeypatch.setattr(table_module, "asyncio", types.SimpleNamespace(sleep=sleep))

    def thinking():
        for _ in range(100):
            now[0] += 0.004          # each slice of the search: 4 ms
            yield
        return "done"

    async def main():
        assert await table_module.in_slices(thinking()) == "done"
    run(main)
    # a turn for the browser at least every SLICE_SECONDS of work (plus the slice that crossed it)
    gaps = [b - a for a, b in zip([0.0] + sleeps, sleeps)]
    assert max(gaps) <= table_module.SLICE_SECONDS + 0.004 + 1e-9
    # and not after every slice: the work is batched
    assert len(sleeps) <= 100 * 0.004 / table_module.SLICE_SECONDS + 1


def test_the_hard_search_yields_every_few_rollouts():
    g = make("matgo", seed=3)
    while len(g.legal_actions(g.current_player)) < 3:
        p = g.current_player
        g.apply(g.legal_actions(p)[0], p)
    p = g.current_player
    agent = make_agent("matgo", "search:hard:600")
    gen = agent.think(g.view(p), g.legal_actions(p), make_rng(1))
    slices = 0
    while True:
        try:
            next(gen)
            slices += 1
        except StopIteration:
            break
    assert slices >= agent.last_rollouts / 2
    assert agent.last_rollouts > 300
