"""Asks the computer players' Web Worker (ai-client.mjs, ai-worker.mjs) for
a computer seat's choice, so the main thread never searches. The request is
``Session.ai_request``: the seat's own view and legal actions, nothing
hidden; the worker's choice is the one ``Session.ai_choice`` would make."""
import json

from pyscript import window


# How long a computer seat's move waits for a worker that is booting (on
# the phone profile it is ready ~1 s after the page) before the page thinks
# itself.
STARTING_WAIT_S = 3.0


async def choice(session, seat):
    """The worker's action for ``seat``, or None when there is no answer to
    use (no worker, not ready in time, an error, a timeout): the caller then
    thinks on the main thread."""
    if not await started():
        return None
    request = session.ai_request(seat)
    try:
        action = await window.cardroomAI.ask(json.dumps(request, separators=(",", ":")))
    except Exception as e:  # noqa: BLE001 - any failure means: think here
        window.console.info(f"cardroom: the computer thinks on the page ({e})")
        return None
    # The game cannot have moved meanwhile (only this seat may act), but an
    # answer is used only if it is one of the actions asked about.
    return action if action in request["legal"] else None


def ready():
    """Whether the worker takes requests now."""
    ai = getattr(window, "cardroomAI", None)
    return ai is not None and bool(ai.ready)


async def started():
    """Whether the worker takes requests, once it has (if it is booting,
    for at most ``STARTING_WAIT_S``)."""
    ai = getattr(window, "cardroomAI", None)
    if ai is None or ai.ready:
        return ai is not None
    if not hasattr(ai, "started"):
        return False
    return bool(await ai.started(int(STARTING_WAIT_S * 1000)))


async def hint(request):
    """The coach's advice (``gostop.agents.coach``) for a hint request, from
    the worker; None when it cannot answer (the page then thinks itself)."""
    if not await started():
        return None
    try:
        return json.loads(await window.cardroomAI.hint(json.dumps(request, separators=(",", ":"))))
    except Exception as e:  # noqa: BLE001 - any failure means: think here
        window.console.info(f"cardroom: the hint is worked out on the page ({e})")
        return None
