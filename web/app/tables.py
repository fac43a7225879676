"""The games' tables, imported on first use, and what the home screen
needs of the matgo table without importing it."""
from .inputs import GAMES


class _Tables(dict):
    """Game id -> table class, imported on first use: the home page never
    pays for compiling the tables it does not show (there is no bytecode
    cache in the browser)."""

    def __missing__(self, game_id):
        import importlib
        module, name = TABLE_MODULES[game_id]
        cls = getattr(importlib.import_module(module, __package__), name)
        self[game_id] = cls
        return cls

    def __contains__(self, game_id):
        return game_id in TABLE_MODULES

    def __iter__(self):
        return iter(TABLE_MODULES)


# Each game's table; the games and their order are the engine registry's
# (inputs.GAMES: the ids the address and the embed accept).
_TABLE_OF = {"go-stop-2005": (".table2005", "Table2005"), "matgo": (".hwatu_table", "MatgoTable"),
             "gostop": (".hwatu_table", "GoStopTable"), "stopgo": (".stopgo_table", "StopGoTable"),
             "stop": (".stop_table", "StopTable")}
TABLE_MODULES = {game_id: _TABLE_OF[game_id] for game_id in GAMES}
TABLES = _Tables()
# The matgo table's faces and widest card (``MatgoTable.art_urls`` and
# ``widest_card``), written out so that the home screen does not import the
# table (the page's ready would wait for it); tests/test_home_faces.py
# checks they are the table's.
HOME_FACES = [f"./art/hwatu/{c}.svg" for c in range(50)] + ["./art/hwatu/back.svg"]
HOME_WIDEST = '<div class="htable" data-game="matgo"><img class="hcard in-hand" alt=""></div>'

