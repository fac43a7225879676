"""`stop`: the shedding card game with interjections, calls and defences.

Rules: ``shared/rules/RULINGS.md`` §4; our wording in ``docs/rules/stop.md``;
action ids, phases, events and views in ``docs/rules-stop-engine.md``.
Modules: ``cards`` (faces, matching, values), ``actions`` (ids, labels),
``state`` (the ``Stop`` game and its turn flow), ``effects`` (landing cards,
attacks, draws, the Card Exchange), ``windows`` (interjections and the
cancelling 0), ``scoring`` and ``views`` (views and ``sample_world``).
"""
from .state import Stop
from .views import sample_world

__all__ = ["Stop", "sample_world"]
