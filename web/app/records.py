"""What the page keeps of finished hands, per game, in the browser's storage:
the recent hands (``history.<game>``: hand records, ``gostop.match``, to
replay or deal again), the player's statistics (``stats.<game>``) and a match
in progress (``match.<game>``). A stored value that is not what we wrote
(another version, a hand edit, a full quota) costs only itself: it reads as
empty, and the game goes on."""
import json

from gostop.core.errors import SaveError
from gostop.match import Match, Stats, hand_record

from .i18n import _

HISTORY_LIMIT = 30
HISTORY_CHARS = 400_000      # a long game of stop is ~150 kB of actions


def _same(a, b):
    return (a.get("game"), a.get("seed"), a.get("options"), len(a.get("actions") or [])) == (
        b["game"], b["seed"], b["options"], len(b["actions"]))


def load_history(store, game_id):
    try:
        records = json.loads(store.get(f"history.{game_id}") or "[]")
    except ValueError:
        return []
    if not isinstance(records, list):
        return []
    return [r for r in records if isinstance(r, dict) and r.get("game") == game_id
            and isinstance(r.get("actions"), list) and isinstance(r.get("seed"), int)]


def load_stats(store, game_id):
    try:
        return Stats(json.loads(store.get(f"stats.{game_id}") or "{}"))
    except ValueError:
        return Stats()


def note_hand(store, session):
    """Keeps the finished game of ``session`` in the history and the
    statistics, once (a reload after the end finds it there already).
    Returns its record, or None when it was kept before. A match's hand
    carries its multiplier: the statistics count its points."""
    game = session.game
    rec = hand_record(game, session.human)
    history = load_history(store, game.game_id)
    if history and _same(history[-1], rec):
        return None
    match = load_match(store, game.game_id)
    if match is not None and match.hands and _same(match.hands[-1], rec):
        rec["points"] = match.hands[-1]["points"]
        rec["multiplier"] = match.hands[-1]["multiplier"]
    rec["level"] = next((s for s in session.seats if s != "human"), "normal")
    history.append(rec)
    del history[:-HISTORY_LIMIT]
    while len(history) > 1 and len(json.dumps(history)) > HISTORY_CHARS:
        del history[0]
    stats = load_stats(store, game.game_id)
    stats.add(rec, session.human)
    store.set(f"history.{game.game_id}", json.dumps(history, separators=(",", ":")))
    store.set(f"stats.{game.game_id}", json.dumps(stats.to_json()))
    return rec


def reset_stats(store, game_id):
    store.remove(f"stats.{game_id}")


# ---- matches -------------------------------------------------------------------------
def load_match(store, game_id):
    text = store.get(f"match.{game_id}")
    if not text:
        return None
    try:
        return Match.load(text)
    except SaveError:
        store.remove(f"match.{game_id}")
        return None


def save_match(store, match):
    if match is None:
        return None
    return store.set(f"match.{match.game_id}", json.dumps(match.to_json(), separators=(",", ":")))


def drop_match(store, game_id):
    store.remove(f"match.{game_id}")


def share_query(game_id, seed, options, level):
    """The address part that deals this hand again elsewhere."""
    parts = [f"game={game_id}", f"seed={seed}", "share=1"]
    players = options.get("players")
    if players and game_id != "matgo" and game_id != "stopgo":
        parts.append(f"players={players}")
    extra = ";".join(f"{k}={int(v) if isinstance(v, bool) else v}" for k, v in sorted(options.items())
                     if k != "players" and isinstance(v, (str, int)))    # switches as 1/0
    if extra:
        parts.append(f"rules={extra}")
    if level in ("easy", "normal", "hard"):
        parts.append(f"level={level}")
    return "?" + "&".join(parts)


def share_buttons():
    """Deal this hand again, and a link that deals it on another device."""
    return (f'<button class="btn" data-do="again">{_("Play this deal again")}</button>'
            f'<button class="btn" data-do="share">{_("Share this deal")}</button>')
