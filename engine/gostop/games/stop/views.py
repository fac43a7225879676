"""What one player may see, and a full state consistent with it.

The view holds the player's own hand, everybody's card counts, the discard
pile (every card in it was played face up), the stock count, the calls, the
pending attack, the open window (and whether this player may answer it; who
else may is never shown, nor anybody's answer), and the score sheet.
"""
from collections import Counter

from ...core.rng import make_rng, shuffle
from .cards import COLOURS, FREE, colour, full_deck


def view(g, me):
    n = g.num_players
    top = g.pile[-1]
    w = g.window
    win = None
    if w is not None:
        win = {"kind": w["kind"], "card": top, "layer": w["layer"],
               "mine": me in w["eligible"] and me not in w["answers"],
               "my_answer": w["answers"].get(me)}
    attack = None
    if g.attack:
        attack = {"kind": g.attack[0], "amount": g.attack[1], "target": g.turn,
                  "colour": COLOURS[colour(top)]}
    exch = None
    if g.exchanger >= 0:
        exch = {"player": g.exchanger, "direction": g.exchange_dir}
    return {
        "game": g.game_id,
        "player": me,
        "players": n,
        "round": g.round_no,
        "dealer": g.dealer,
        "phase": g.phase,
        "turn": g.turn,
        "actor": g.actor,
        "hand": sorted(g.hands[me]),
        "hand_sizes": [len(h) for h in g.hands],
        "top": g.pile[-2:] if g.fc_under else g.pile[-1:],
        "colour": COLOURS[colour(top)],
        "pile": list(g.pile),
        "stock": len(g.stock),
        "calls": list(g.calls),
        "free_choice_call": g.fc_call if g.actor == me and g.phase_name == "second" else None,
        "attack": attack,
        "window": win,
        "exchange": exch,
        "stall": g.stall,
        "scores": list(g.scores),
        "target": g.target,
        "sheet": [_copy_row(r) for r in g.sheet],
        "winners": list(g.winners),
        "interjection": g.options["interjection"],
    }


def _copy_row(r):
    return dict(r, points=list(r["points"]), totals=list(r["totals"]),
                hands=[{"cards": [dict(c) for c in h["cards"]], "total": h["total"]}
                       for h in r["hands"]])


def unseen_cards(v):
    """The cards ``v``'s player cannot see (others' hands and the stock)."""
    return sorted((Counter(full_deck()) - Counter(v["hand"]) - Counter(v["pile"])).elements())


def sample_world(v, rng):
    """A full ``Stop`` state consistent with view ``v``: the unseen cards are
    dealt at random to the other hands (by their sizes) and the stock. An open
    window keeps this player's place in it; the others' eligibility is taken
    from the sampled hands (one of them holds a card of a window this player
    may not answer, so that it stays open) and nobody else has answered yet;
    another player laying a Free Choice's second card holds one."""
    from .state import Stop
    from . import windows
    n = v["players"]
    me = v["player"]
    g = object.__new__(Stop)
    g.seed = 0
    g.options = {"players": n, "interjection": v["interjection"], "target": v["target"]}
    g.num_players = n
    g.history = []
    g.rng = make_rng(rng.getrandbits(64))
    g.target = v["target"]
    g.scores = list(v["scores"])
    g.sheet = list(v["sheet"])
    g.round_no = v["round"]
    g.dealer = v["dealer"]
    g.winners = list(v["winners"])
    pool = shuffle(rng, unseen_cards(v))
    g.pile = list(v["pile"])
    w = v["window"]
    if w is not None and not w["mine"]:
        # The window is open and not for this player: somebody else is still
        # to answer, so another hand holds one of its cards.
        faces = windows.window_faces(g, w["kind"])
        others = [q for q in range(n) if q != me and v["hand_sizes"][q] > 0]
        j = next((i for i, c in enumerate(pool) if c in faces), None)
        if others and j is not None:
            s = others[rng.randrange(len(others))]
            start = sum(v["hand_sizes"][q] for q in range(s) if q != me)
            pool[start], pool[j] = pool[j], pool[start]
    actor = v["actor"]
    if v["phase"] == "second" and actor != me:
        # The Free Choice's player holds a card to lay with it.
        start = sum(v["hand_sizes"][q] for q in range(actor) if q != me)
        mine = pool[start:start + v["hand_sizes"][actor]]
        j = next((i for i, c in enumerate(pool) if c != FREE), None)
        if mine and all(c == FREE for c in mine) and j is not None:
            pool[start], pool[j] = pool[j], pool[start]
    g.hands = []
    for q in range(n):
        if q == me:
            g.hands.append(list(v["hand"]))
        else:
            k = v["hand_sizes"][q]
            g.hands.append(sorted(pool[:k]))
            pool = pool[k:]
    g.stock = pool[:v["stock"]]
    g.fc_under = len(v["top"]) == 2
    g.turn = v["turn"]
    g.layer = v["window"]["layer"] if v["window"] else (v["turn"] - 1) % n
    g.attack = [v["attack"]["kind"], v["attack"]["amount"]] if v["attack"] else None
    g.actor = v["actor"]
    g.fc_call = v["free_choice_call"]
    g.exchanger = v["exchange"]["player"] if v["exchange"] else -1
    g.exchange_dir = v["exchange"]["direction"] if v["exchange"] else None
    g.calls = list(v["calls"])
    g.stall = v["stall"]
    g.round_steps = 0
    g.window = None
    phase = v["phase"]
    if phase in ("interject", "cancel"):
        g.phase_name = "play"
        if windows.open_window(g, phase, g.layer, []):
            mine = v["window"]["my_answer"]
            if mine is not None and me in g.window["eligible"]:
                g.window["answers"][me] = mine
        if g.window is None or not windows.pending(g):
            g.window = None
            g.phase_name = "play"
            if phase == "cancel":
                from .effects import exchange
                exchange(g, [])
    elif phase == "defend":
        g.phase_name = "play"
    else:
        g.phase_name = phase
    return g
