"""Asks the computer players' Web Worker (ai-client.mjs, ai-worker.mjs) for
a computer seat's choice, so the main thread never searches. The request is
``Session.ai_request``: the seat's own view and legal actions, nothing
hidden; the worker's choice is the one ``Session.ai_choice`` would make."""
import json

from pyscript import window


async def choice(session, seat):
    """The worker's action for ``seat``, or None when there is no answer to
    use (no worker, not ready yet, an error, a timeout): the caller then
    thinks on the main thread."""
    return await ask(request(session, seat))


def request(session, seat):
    """The worker's request for ``seat`` as the game stands now (None when
    the worker cannot take it). Made at once, so a request sent ahead
    (``TableBase.ask_ahead``) is about this moment of the game."""
    ai = getattr(window, "cardroomAI", None)
    if ai is None or not ai.ready:
        return None
    return session.ai_request(seat)


def send(request):
    """Posts ``request`` to the worker now; returns what ``answer`` awaits
    (None when there is nothing to ask)."""
    if request is None:
        return None
    try:
        return window.cardroomAI.ask(json.dumps(request, separators=(",", ":")))
    except Exception as e:  # noqa: BLE001 - as in answer
        window.console.info(f"cardroom: the computer thinks on the page ({e})")
        return None


async def answer(sent, request):
    """The worker's answer to ``request`` sent as ``sent``, or None (see
    ``choice``)."""
    if sent is None:
        return None
    try:
        action = await sent
    except Exception as e:  # noqa: BLE001 - any failure means: think here
        window.console.info(f"cardroom: the computer thinks on the page ({e})")
        return None
    # The game cannot have moved meanwhile (only this seat may act), but an
    # answer is used only if it is one of the actions asked about.
    return action if action in request["legal"] else None


async def ask(request):
    """The worker's answer to ``request``, or None (see ``choice``)."""
    return await answer(send(request), request)
