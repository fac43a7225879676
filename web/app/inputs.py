"""One validation layer per kind of input the page takes from outside:
the address (URL parameters), the stored settings, and the messages a parent
page posts to the embedded board. Saves are checked by the engine
(``Session.load``). Everything here is pure Python (no ``pyscript``), so the
tests run it under CPython, with hypothesis among them.

Each reader gives a valid result or raises ``ValueError`` with a one-line
reason; nothing else escapes. Numbers are ASCII digits only: ``str.isdigit``
also accepts "²" and "³", which ``int`` then refuses.
"""
import re

from gostop.core import safejson
from gostop.core.registry import GAMES as _REGISTRY

from .i18n import LANGS, _

GAMES = tuple(_REGISTRY)
LEVELS = ("easy", "normal", "hard")
SPEEDS = ("normal", "fast")
MAX_SEED_DIGITS = 15
_DIGITS = re.compile(r"[0-9]{1,15}")
_SCENARIO = re.compile(r"[A-Za-z0-9-]{1,40}")
_RULES = re.compile(r"[a-z_]{1,20}=[a-z0-9_-]{1,20}(;[a-z_]{1,20}=[a-z0-9_-]{1,20}){0,9}")


def parse_rules(text):
    """A share link's game options (``rules=pibak=lenient;lead=1``) as a dict,
    numbers as ints; {} for no text. The game checks the names and values."""
    if not text or not _RULES.fullmatch(text):
        return {}
    out = {}
    for part in text.split(";"):
        key, value = part.split("=")
        out[key] = int(value) if value.isdigit() and len(value) <= 6 else value
    return out


def ascii_number(text, max_digits=MAX_SEED_DIGITS):
    """``int(text)`` when ``text`` is 1..max_digits ASCII digits, else None."""
    if isinstance(text, str) and len(text) <= max_digits and _DIGITS.fullmatch(text):
        return int(text)
    return None


def scenario_ids(game_id):
    from gostop.scenarios import scenario_ids as ids
    return ids(game_id)


# ---- the address (and the embed's start messages) ------------------------------------
def _players(v):
    n = ascii_number(v, 1)
    return (n is not None and 2 <= n <= 6) or _("players must be a number from 2 to 6")


PARAM_RULES = {
    "game": lambda v: v in GAMES or _("unknown or unavailable game {v}", v=repr(v[:40])),
    "players": _players,
    "level": lambda v: v in LEVELS or _("level must be easy, normal or hard"),
    "seed": lambda v: ascii_number(v) is not None or _("seed must be a whole number (up to 15 digits)"),
    "speed": lambda v: v in SPEEDS or _("speed must be normal or fast"),
    "snapshot": lambda v: v == "off" or _("snapshot can only be off"),
    "scenario": lambda v: bool(_SCENARIO.fullmatch(v)) or _("scenario must be a rulebook example's name"),
    "lang": lambda v: v in LANGS or _("lang must be one of {codes}", codes=", ".join(LANGS)),
    "sound": lambda v: v in ("0", "1") or _("sound must be 0 or 1"),
    "share": lambda v: v == "1" or _("share can only be 1"),
    "rules": lambda v: bool(_RULES.fullmatch(v)) or _("rules must look like name=value;name=value"),
}
MAX_PARAMS = 20
MAX_VALUE = 200


def _shown(text, limit=40):
    """A value as it is quoted back in a complaint (never the whole of a long one)."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def check_params(raw):
    """Splits URL parameters (a dict of str) into valid ones and one-line
    complaints. A scenario is checked against the game's examples when the
    game is known."""
    good, bad = {}, []
    for n, (key, value) in enumerate(raw.items()):
        if n >= MAX_PARAMS:
            bad.append(_("too many parameters"))
            break
        key, value = str(key), str(value)
        rule = PARAM_RULES.get(key)
        if rule is None:
            bad.append(_("{key}: not a parameter of this site", key=_shown(key)))
            continue
        verdict = rule(value) if len(value) <= MAX_VALUE else _("too long")
        if verdict is True:
            good[key] = value
        else:
            bad.append(f"{key}={_shown(value)}: {verdict}")
    if "scenario" in good and "game" in good:
        problem = scenario_problem(good["game"], good["scenario"])
        if problem:
            bad.append(problem)
            del good["scenario"]
    return good, bad


def scenario_problem(game_id, scenario_id):
    """None when ``game_id`` has the example ``scenario_id``, else a one-line reason."""
    known = scenario_ids(game_id)
    if scenario_id in known:
        return None
    return _("There is no example {name} for {game}; known: {known}.", name=_shown(scenario_id),
             game=game_id, known=", ".join(known))


def parse_seed(text):
    """The new-game form's seed field: (seed or None for random, complaint or None)."""
    text = str(text).strip()
    if not text:
        return None, None
    seed = ascii_number(text)
    if seed is None:
        return None, _("The seed must be a whole number of up to 15 digits.")
    return seed, None


# ---- stored settings ---------------------------------------------------------------
DEFAULT_SETTINGS = {"speed": "normal", "pass_panel": False, "sound": True}   # gostop's "Pass turn" pause is opt-in
SETTINGS_MAX_CHARS = 2000


def parse_settings(text):
    """(settings, complaint): the stored settings entry read field by field;
    a field of the wrong type or value is dropped (its default stays) and the
    complaint says so. A missing entry is no complaint."""
    settings = dict(DEFAULT_SETTINGS)
    if text is None:
        return settings, None
    try:
        stored = safejson.loads(text, max_chars=SETTINGS_MAX_CHARS, max_depth=4, what="the settings")
    except ValueError:
        return settings, _("Your settings could not be read; the defaults are used.")
    if not isinstance(stored, dict):
        return settings, _("Your settings could not be read; the defaults are used.")
    dropped = False
    for key, allowed in (("speed", SPEEDS), ("lang", tuple(LANGS))):
        value = stored.get(key)
        if isinstance(value, str) and value in allowed:
            settings[key] = value
        elif key in stored:
            dropped = True
    for key in ("pass_panel", "sound"):
        if isinstance(stored.get(key), bool):
            settings[key] = stored[key]
        elif key in stored:
            dropped = True
    return settings, (_("Some of your settings could not be read; the defaults are used for those.")
                      if dropped else None)


# ---- the embed's postMessage API ---------------------------------------------------------
COMMANDS = ("reset", "start", "sound")
START_KEYS = ("game", "seed", "players", "level", "scenario")
MESSAGE_MAX_CHARS = 2000
MAX_TOKEN = 64


class NotForUs(ValueError):
    """A message that is not addressed to the card room (other scripts post to frames too)."""


def read_message(text):
    """A parent's message (as JSON text: the page stringifies it first, so no
    deep or cyclic object reaches Python) as (command, raw fields, token);
    raises ValueError with the reason. The fields still go through
    ``check_params``."""
    if not isinstance(text, str) or '"cardroom"' not in text:
        raise NotForUs("not addressed to the card room")   # cheap: most messages are not ours
    data = safejson.loads(text, max_chars=MESSAGE_MAX_CHARS, max_depth=3, what="the message")
    if not isinstance(data, dict) or data.get("target") != "cardroom":
        raise NotForUs("not addressed to the card room")
    kind = data.get("type")
    if kind not in COMMANDS:
        raise ValueError(f"unknown type {_shown(str(kind))}")
    allowed = {"target", "type", "token"} | {"start": set(START_KEYS), "sound": {"on"}}.get(kind, set())
    extra = set(data) - allowed
    if extra:
        raise ValueError(f"unexpected fields {sorted(_shown(k) for k in extra)}")
    token = data.get("token")
    if token is not None and not (
            (isinstance(token, str) and len(token) <= MAX_TOKEN)
            or (isinstance(token, int) and not isinstance(token, bool) and abs(token) < 2 ** 53)):
        raise ValueError(f"token must be a string of up to {MAX_TOKEN} characters or a whole number")
    raw = {}
    if kind == "sound":
        # Read as the address's sound parameter, so both take the same path.
        if not isinstance(data.get("on"), bool):
            raise ValueError("on must be true or false")
        raw["sound"] = "1" if data["on"] else "0"
    for key in START_KEYS:
        if key in data:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise ValueError(f"{key} must be a string or a whole number")
            raw[key] = str(value)
    return kind, raw, token


def validate_message(text, current_game=None):
    """(command, params, token) for a well-formed message, else ValueError.
    A start without a game means the board's current game (or go-stop-2005)."""
    kind, raw, token = read_message(text)
    if kind == "start":
        raw.setdefault("game", current_game or "go-stop-2005")
    params, complaints = check_params(raw)
    if complaints:
        raise ValueError("; ".join(complaints))
    return kind, params, token
