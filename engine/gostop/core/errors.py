"""The engine's two error types.

``IllegalAction`` is the only error an action can raise; the state is untouched
when it is raised. ``SaveError`` covers corrupted, foreign or outdated saves.
Both are ``ValueError`` so a caller that only wants "bad input" can catch that.
"""


class IllegalAction(ValueError):
    """An action that is not legal for this player in this phase."""

    def __init__(self, message, *, action=None, player=None, phase=None):
        super().__init__(message)
        self.action = action
        self.player = player
        self.phase = phase


class SaveError(ValueError):
    """A save that cannot be restored (corrupted, unknown game or version)."""
