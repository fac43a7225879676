"""Readable card and action names for the StopGo tests, decoded on their own
(not with the engine's tables): a card is rank + suit letter ("7H", "10S",
"QC", "AD"), id = 4*(rank-1) + suit with suits S, H, D, C; an action is a card
(play it), "take 7S", "shake 7", "triple 7", "flip", "pass", "go" or "stop"."""
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
SUITS = "SHDC"
WORDS = {"flip": 160, "pass": 161, "go": 170, "stop": 171}


def rank_of(tok):
    tok = str(tok)
    return RANKS[tok] if tok in RANKS else int(tok)


def cid(name):
    if isinstance(name, int):
        return name
    return 4 * (rank_of(name[:-1]) - 1) + SUITS.index(name[-1])


def cids(names):
    return sorted(cid(n) for n in names)


def action(tok):
    if isinstance(tok, int):
        return tok
    if tok in WORDS:
        return WORDS[tok]
    word, _, arg = tok.partition(" ")
    if word == "take":
        return 100 + cid(arg)
    if word == "shake":
        return 180 + rank_of(arg)
    if word == "triple":
        return 200 + rank_of(arg)
    return cid(tok)


CARD_LIST_KEYS = ("hands", "piles", "shown")


def setup(s):
    """A vector's setup with card names turned into ids."""
    out = dict(s)
    for key in ("table", "stock", "missions"):
        if key in s:
            out[key] = [cid(c) for c in s[key]]
    for key in CARD_LIST_KEYS:
        if key in s:
            out[key] = [[cid(c) for c in lst] for lst in s[key]]
    if "pending" in s and s["pending"]:
        p = dict(s["pending"])
        for key in ("played", "flipped", "paired"):
            if p.get(key) is not None:
                p[key] = cid(p[key])
        if "options" in p:
            p["options"] = cids(p["options"])
        out["pending"] = p
    if "shaken" in s:
        out["shaken"] = [[rank_of(r) for r in rs] for rs in s["shaken"]]
    return out


def event(e):
    out = dict(e)
    if "card" in e:
        out["card"] = cid(e["card"])
    if "cards" in e:
        out["cards"] = cids(e["cards"])
    return out
