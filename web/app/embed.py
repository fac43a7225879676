"""The embeddable board (embed.html): one game without the site's chrome,
for an iframe in a page that teaches the rules, and its postMessage API.

Out (to the parent window; everything is the human's own view):
  {"source": "cardroom", "type": "ready", "game": id, "seed": n}
      (for an example: "scenario": its id instead of the seed)
  {"source": "cardroom", "type": "event", "game": id, "event": {...}}
  {"source": "cardroom", "type": "over", "game": id, "returns": [...]}
In (from the parent window only):
  {"target": "cardroom", "type": "reset"}          the same deal again
  {"target": "cardroom", "type": "start", "game": "matgo", "seed": 7,
   "players": 3, "level": "easy"}                   a new game (all optional
                                                    but type; validated like
                                                    the address parameters)
  {"target": "cardroom", "type": "start", "game": "matgo",
   "scenario": "ppuk"}                              a rulebook example
Anything else is ignored and logged to the console, never executed.
"""
import json

from pyodide.ffi import to_js
from pyscript import window

from . import dom

COMMANDS = ("reset", "start")
START_KEYS = ("game", "seed", "players", "level", "scenario")


def validate(data, check_params):
    """(command, params) for a well-formed message, else raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    if data.get("target") != "cardroom":
        raise ValueError("target is not 'cardroom'")
    kind = data.get("type")
    if kind not in COMMANDS:
        raise ValueError(f"unknown type {kind!r}")
    extra = set(data) - {"target", "type"} - (set(START_KEYS) if kind == "start" else set())
    if extra:
        raise ValueError(f"unexpected fields {sorted(extra)}")
    raw = {}
    for key in START_KEYS:
        if key in data:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise ValueError(f"{key} must be a string or a whole number")
            raw[key] = str(value)
    params, complaints = check_params(raw)
    if complaints:
        raise ValueError("; ".join(complaints))
    return kind, params


class EmbedLink:
    """Talks to the parent window."""

    def __init__(self):
        self.parent = window.parent
        self.framed = not bool(window.parent == window)

    def send(self, kind, **fields):
        if not self.framed:
            return
        message = {"source": "cardroom", "type": kind, **fields}
        # JSON round trip: only plain data crosses to the other window.
        plain = json.loads(json.dumps(message))
        self.parent.postMessage(to_js(plain, dict_converter=window.Object.fromEntries), "*")

    def receive(self, event, check_params):
        """A parent's message as (command, params), or None (logged) if bad."""
        if not self.framed or event.source != self.parent:
            return None
        try:
            data = event.data
            data = data.to_py() if hasattr(data, "to_py") else data
            return validate(data, check_params)
        except (ValueError, TypeError) as e:
            window.console.warn(f"cardroom embed: ignored message ({e})")
            dom.el("live").textContent = ""
            return None
