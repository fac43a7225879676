"""The embeddable board (embed.html): one game without the site's chrome,
for an iframe in a page that teaches the rules, and its postMessage API.

Out (to the parent window; everything is the human's own view):
  {"source": "cardroom", "type": "ready", "game": id, "token": t, "seed": n}
      (for an example: "scenario": its id instead of the seed)
  {"source": "cardroom", "type": "event", "game": id, "token": t, "event": {...}}
  {"source": "cardroom", "type": "over", "game": id, "token": t, "returns": [...]}
  {"source": "cardroom", "type": "error", "token": t, "message": "..."}
      (a message for us that was refused, or a game that could not start)
In (from the parent window only; "token" is optional in every message: a
string of up to 64 characters or a whole number, echoed in everything the
board then posts about that game; without one the board numbers its games):
  {"target": "cardroom", "type": "reset"}          the same deal again
  {"target": "cardroom", "type": "start", "game": "matgo", "seed": 7,
   "players": 3, "level": "easy"}                   a new game (all optional
                                                    but type; validated like
                                                    the address parameters)
  {"target": "cardroom", "type": "start", "game": "matgo",
   "scenario": "ppuk"}                              a rulebook example
  {"target": "cardroom", "type": "sound", "on": true}
                                                    sound on or off (the board
                                                    is silent until asked, or
                                                    sound=1 in its address)
The board acts on the latest start only: a game still starting when another
start arrives is dropped, and a replaced game posts nothing more.
Anything else is ignored and logged to the console, never executed.
"""
import json

from pyodide.ffi import to_js
from pyscript import window

from . import dom
from .inputs import NotForUs, validate_message


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

    def receive(self, event, current_game):
        """A parent's message as (command, params, token), or None if it is
        not for us or is refused (logged, and answered with an error when it
        was addressed to the card room)."""
        if not self.framed or event.source != self.parent:
            return None
        try:
            # Stringified by the browser: a deep or cyclic object never
            # reaches Python's recursive converters (it throws here instead).
            text = window.JSON.stringify(event.data)
        except Exception:  # noqa: BLE001 - cyclic, BigInt...: not a message of ours
            return None
        try:
            return validate_message(text, current_game)
        except NotForUs:
            return None
        except ValueError as e:
            window.console.warn(f"cardroom embed: ignored message ({e})")
            self.send("error", token=None, message=f"ignored message: {e}")
            dom.el("live").textContent = ""
            return None
