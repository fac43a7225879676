"""The embedded board's part of the shell (embed.html): starting its games
from the address and from the parent page's messages, and telling the
parent what happens. ``Shell`` mixes it in; the messages themselves are
``embed.EmbedLink``'s."""
import asyncio

from pyscript import window

from . import dom
from .i18n import _
from .tables import TABLES


def table_seed():
    return int(window.Math.floor(window.Math.random() * 2 ** 31))


class EmbedBoard:
    __slots__ = ()

    def _start_embedded(self, params):
        dom.listen(window, "message", self._on_message)
        if "game" not in params:
            self.boot_notices.append(_("This board needs a game: embed.html?game={games}.", games="|".join(TABLES)))
            self.link.send("error", token=None, message="no game in the address")
            return
        self._launch(params, None)

    def _launch(self, params, token):
        """Starts a game on the embedded board; a game still starting is
        dropped (a burst of start messages plays the last one only)."""
        if self._embed_task is not None and not self._embed_task.done():
            self._embed_task.cancel()
        if token is None:
            self._tokens += 1
            token = self._tokens
        self._embed_task = asyncio.ensure_future(self._embedded_game(params, token))

    async def _embedded_game(self, params, token):
        # A moment's grace: the rest of a burst of messages arrives first and
        # cancels this start before it has drawn anything.
        await asyncio.sleep(0.05)
        table = TABLES[params["game"]](self)
        table.token = token
        if "scenario" in params:
            self.show_scenario(table, params["scenario"])
            return
        players = int(params.get("players", table.default_options.get("players", 2)))
        options = {"players": players} if players in getattr(table, "player_counts", range(2, 7)) and (
            len(getattr(table, "player_counts", (2, 3))) > 1) else dict(table.default_options)
        seed = int(params["seed"]) if "seed" in params else table_seed()
        self._retire_table()
        self.table = table
        self._show_screen("table")
        self.claim(table)
        try:
            await table.new_game(options, params.get("level", "easy"), seed)
            self.link.send("ready", game=params["game"], token=token, seed=seed)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - report, never leave the board dead
            dom.notice(_("Something went wrong: {error}", error=e), "error")
            self.link.send("error", token=token, message=str(e))
        finally:
            self.release(table)

    def _on_message(self, event):
        table = self.table
        got = self.link.receive(event, table.game_id if table else None)
        if got is None:
            return
        kind, params, token = got
        if kind == "sound":
            self.set_sound(params["sound"] == "1")
            return
        if kind == "reset":
            if table is None:
                return
            if token is None:
                token = getattr(table, "token", None)
            if table.scenario is not None:
                params = {"game": table.game_id, "scenario": table.scenario.data["id"]}
            elif table.session is not None:
                game = table.session.game
                params = {"game": game.game_id, "seed": str(game.seed),
                          "players": str(game.num_players), "level": table.session.seats[1]}
            else:
                return
        self._launch(params, token)

    def events_out(self, events, table=None):
        """Tells the parent page what happened (embed.html only), labelled
        with the token of the game it belongs to; a replaced table's events
        are dropped."""
        table = table or self.table
        if self.link is None or table is None or table is not self.table or table.retired:
            return
        game, token = table.game_id, getattr(table, "token", None)
        for e in events:
            self.link.send("event", game=game, token=token, event=e)
        session = table.session
        if session is not None and session.game.is_terminal() and events:
            self.link.send("over", game=game, token=token, returns=session.game.returns())
