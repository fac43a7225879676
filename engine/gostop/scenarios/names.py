"""Readable card and action names used by the scenario data files.

Each game has its own small vocabulary (decoded here, on purpose without the
engines' private tables, so the data stays readable and stable):

* ``matgo`` / ``gostop``: cards are ids (ints, see docs/rules-hwatu-engine.md);
  actions: a card id (play it; a bonus card id banks it), ``"take 17"``,
  ``"bomb 5"``, ``"flip"``, ``"pass"``, ``"go"``, ``"stop"``.
* ``stopgo``: cards ``"7H"``, ``"10S"``, ``"QC"``, ``"AD"`` (suits S H D C);
  actions: a card (play it), ``"take 7S"``, ``"shake 7"``, ``"triple 7"``,
  ``"flip"``, ``"pass"``, ``"go"``, ``"stop"``.
* ``stop``: cards ``"r5"``, ``"yS"`` (Skip), ``"gX"`` (Card Exchange),
  ``"b+"`` (+X), ``"F"`` (Free Choice); colours r y g b; actions: a card,
  ``"r5 achtung"``, ``"r5 stop"`` (the play with that call), ``"draw"``,
  ``"accept"``, ``"pass"``, ``"left"``, ``"right"``.
* ``go-stop-2005``: ``"go"``, ``"stop"``.

Ints are always accepted as raw ids.
"""

_HWATU_WORDS = {"flip": 150, "pass": 151, "go": 160, "stop": 161}
_STOPGO_WORDS = {"flip": 160, "pass": 161, "go": 170, "stop": 171}
_STOP_WORDS = {"draw": 300, "accept": 301, "pass": 302, "left": 303, "right": 304}
_2005_WORDS = {"go": 0, "stop": 1}

_SG_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
_SG_SUITS = "SHDC"
_ST_COLOURS = "rygb"
_ST_RANKS = {**{str(i): i for i in range(10)}, "S": 10, "X": 11, "+": 12}


def _sg_rank(tok):
    tok = str(tok)
    return _SG_RANKS[tok] if tok in _SG_RANKS else int(tok)


def card(game, tok):
    """A card id (or a ``stop`` face) from its readable name."""
    if isinstance(tok, int) and not isinstance(tok, bool):
        return tok
    if not isinstance(tok, str):
        raise ValueError(f"scenario: bad card {tok!r}")
    if game in ("matgo", "gostop"):
        return int(tok)
    if game == "stopgo":
        return 4 * (_sg_rank(tok[:-1]) - 1) + _SG_SUITS.index(tok[-1])
    if game == "stop":
        if tok == "F":
            return 52
        return _ST_COLOURS.index(tok[0]) * 13 + _ST_RANKS[tok[1:]]
    raise ValueError(f"scenario: {game} has no cards")


def cards(game, toks):
    return [card(game, t) for t in toks]


def action(game, tok):
    """An action id from its readable name (see the module doc)."""
    if isinstance(tok, int) and not isinstance(tok, bool):
        return tok
    if not isinstance(tok, str):
        raise ValueError(f"scenario: bad action {tok!r}")
    word, _, arg = tok.partition(" ")
    if game in ("matgo", "gostop"):
        if tok in _HWATU_WORDS:
            return _HWATU_WORDS[tok]
        if word == "take":
            return 100 + int(arg)
        if word == "bomb":
            return 170 + int(arg)
        if word in ("play", "bank"):
            return int(arg)
        return int(tok)
    if game == "stopgo":
        if tok in _STOPGO_WORDS:
            return _STOPGO_WORDS[tok]
        if word == "take":
            return 100 + card(game, arg)
        if word == "shake":
            return 180 + _sg_rank(arg)
        if word == "triple":
            return 200 + _sg_rank(arg)
        return card(game, tok)
    if game == "stop":
        if tok in _STOP_WORDS:
            return _STOP_WORDS[tok]
        f = card(game, word)
        if arg == "achtung":
            return 100 + f
        if arg == "stop":
            return 200 + f
        if arg:
            raise ValueError(f"scenario: bad stop action {tok!r}")
        return f
    if game == "go-stop-2005":
        return _2005_WORDS[tok]
    raise ValueError(f"scenario: unknown game {game!r}")


# Setup keys holding card lists, per game: (flat lists, lists per seat).
_FLAT = {"matgo": ("field", "stock"), "gostop": ("field", "stock"),
         "stopgo": ("table", "stock", "missions"), "stop": ("pile", "stock")}
_PER_SEAT = {"matgo": ("hands", "piles"), "gostop": ("hands", "piles"),
             "stopgo": ("hands", "piles", "shown"), "stop": ("hands",)}


def setup(game, s):
    """A scenario setup with its card names turned into ids."""
    out = dict(s)
    for key in _FLAT.get(game, ()):
        if key in s:
            out[key] = cards(game, s[key])
    for key in _PER_SEAT.get(game, ()):
        if key in s:
            out[key] = [cards(game, lst) for lst in s[key]]
    pend = s.get("pending")
    if pend:
        p = dict(pend)
        for key in ("played", "flipped", "paired"):
            if p.get(key) is not None:
                p[key] = card(game, p[key])
        if "options" in p:
            p["options"] = sorted(cards(game, p["options"]))
        out["pending"] = p
    if game == "stopgo" and "shaken" in s:
        out["shaken"] = [[_sg_rank(r) for r in rs] for rs in s["shaken"]]
    return out


def event(game, e):
    """An expected event with card names turned into ids (``cards`` sorted
    for the games whose events list captured cards sorted)."""
    out = dict(e)
    if game in ("stopgo", "stop"):
        if "card" in e and e["card"] is not None:
            out["card"] = card(game, e["card"])
        if "cards" in e:
            cs = cards(game, e["cards"])
            out["cards"] = sorted(cs) if game == "stopgo" else cs
    return out
