"""The moving table under CPython: the matching tables show a turn move by
move on a copy of the last board drawn (``MatchTable.board_step``, from
``match_board``). After
the last event of any action, that board must hold the same cards in the
same places as the engine's own view, in random games of every matching
game and player count, or the board would jump at the end of a turn (or
the table would stop moving: a move it cannot show is skipped)."""
import json
import random

import pytest

import test_glue_text  # noqa: F401  (stubs the browser modules, puts web/ on the path)
from app import match_view
from app.hwatu_table import GoStopTable, MatgoTable
from app.stopgo_table import StopGoTable
from gostop.core.game import events_for
from gostop.session import Session


def places(table, v):
    """Where every visible card is, in the order the table draws them: hand,
    field groups, each seat's piles; counts. The order matters too: drawing
    the engine's view after the moves must not move a card again (it cost a
    flight at the end of every turn)."""
    deck = table.deck
    piles = [sorted(c for cards in deck.pile_lists(v, p).values() for c in cards) for p in range(v["players"])]
    field = [(g[deck.group_key], list(g["cards"])) for g in v[deck.field_key]]
    return {"hand": list(v["hand"]), "field": field, "piles": piles,
            "hand_counts": v["hand_counts"], "stock": v["stock_count"]}


def pile_orders(table, board, final):
    """Each pile lists its cards in the engine's order. (The engine may move
    a card from one pile to another without an event, the double junk
    September animal: only the cards a pile has on both boards are compared.)"""
    for p in range(final["players"]):
        mine, theirs = table.deck.pile_lists(board, p), table.deck.pile_lists(final, p)
        for key, cards in theirs.items():
            shown = mine.get(key, [])
            if [c for c in shown if c in cards] != [c for c in cards if c in shown]:
                return False
    return True


@pytest.mark.parametrize("cls, players", [(MatgoTable, 2), (GoStopTable, 2), (GoStopTable, 3),
                                          (GoStopTable, 4), (StopGoTable, 2)])
def test_the_board_shown_move_by_move_ends_as_the_engine_says(cls, players):
    table = cls.__new__(cls)          # no shell: only the board logic is used
    shown_moves = 0
    for seed in range(12):
        options = {"players": players} if cls is GoStopTable else {}
        session = Session.new(cls.game_id, seed, options, "random")
        table.session = session
        rng = random.Random(seed)
        game = session.game
        for _ in range(400):
            if game.is_terminal():
                break
            seat = game.to_move()[0]
            before = json.loads(json.dumps(game.view(session.human)))
            legal = game.legal_actions(seat)
            events = events_for(game.apply(legal[rng.randrange(len(legal))], seat), session.human)
            final = game.view(session.human)
            board, origins = before, {}
            for e in events:
                if table.board_step(board, final, e, origins):
                    shown_moves += 1
                    # every board between the moves can be drawn (a bonus
                    # card flipped to the field has no month)
                    assert 'class="field"' in match_view.field(table.deck, board), (seed, e)
            # (A card played into a choice is held by the engine until the
            # choice, off the field: the next board starts from that view.)
            if not (final["pending"] or {}).get("kind", "").startswith("choose"):
                assert places(table, board) == places(table, final), (seed, events)
                assert pile_orders(table, board, final), (seed, events)
    assert shown_moves > 100
