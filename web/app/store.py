"""localStorage that never throws: disabled storage (private mode, blocked
cookies) and a full quota become a message for the player, not a crash."""
from pyscript import window

from .i18n import _

PREFIX = "cardroom."


class Store:
    def __init__(self, enabled=True):
        self.blocked = False       # storage exists but the browser refuses it
        if not enabled:
            self._ls = None
            return
        try:
            self._ls = window.localStorage
            probe = PREFIX + "probe"
            self._ls.setItem(probe, "1")
            self._ls.removeItem(probe)
        except Exception:  # noqa: BLE001 - any failure means no storage
            self._ls = None
            self.blocked = True

    @property
    def problem(self):
        if not self.blocked:
            return None
        return _("Storage is disabled in this browser: you can play, "
                 "but the game will not be saved.")

    @property
    def available(self):
        return self._ls is not None

    def get(self, key):
        if self._ls is None:
            return None
        try:
            value = self._ls.getItem(PREFIX + key)
        except Exception:  # noqa: BLE001
            return None
        return str(value) if value else None  # a missing key is JS null (falsy)

    def set(self, key, value):
        """Stores ``value``; returns an error message or None."""
        if self._ls is None:
            return None
        try:
            self._ls.setItem(PREFIX + key, value)
        except Exception:  # noqa: BLE001 - QuotaExceededError and friends
            return _("Storage is full: this game can no longer be saved.")
        return None

    def remove(self, key):
        if self._ls is None:
            return
        try:
            self._ls.removeItem(PREFIX + key)
        except Exception:  # noqa: BLE001
            pass
