"""The `stop` table's moves, one at a time (see stop_table.play_out): each
engine event made on a copy of the board last drawn, and the keys that make
each card one object on the page (motion.js): hand cards by face and copy
(``stop_view.hand_keys``, a new generation at each deal or Card Exchange),
computer hands by their backs, pile cards numbered as they land."""
from gostop.games.stop.effects import receives_from

from . import stop_view as sv

LANDS = ("play", "defend", "second", "interject", "cancel")   # a card lands on the pile


class StopMoves:
    def __init__(self, human):
        self.human = human
        self.gen = 0           # bumped when hands are dealt or passed: new keys
        self.landed = 0        # numbers the pile cards' keys
        self.top_keys = []     # [(face, key)] of the pile's top cards shown

    def deal(self, board):
        """New keys for a new deal; every card comes from the stock."""
        self.gen += 1
        self.top_keys = []
        origins = {k: ("stock", True) for k in sv.hand_keys(board["hand"], self.gen)}
        for p in range(board["players"]):
            if p != self.human:
                for i in range(min(board["hand_sizes"][p], sv.BACKS_SHOWN)):
                    origins[sv.back_key(self.gen, p, i)] = ("stock", False)
        for k in self.top(board["top"]):
            origins[k] = ("stock", True)
        return origins

    def step(self, board, e, rest, origins):
        """Makes move ``e`` on ``board`` (a copy of a view) the way the table
        shows it, noting in ``origins`` where new cards fly from; False when
        ``e`` moves no card. The facts come from the events (the engine
        rules nothing twice here); the next full view corrects the rest."""
        t, p = e["type"], e.get("player")
        human = self.human
        if t in LANDS:
            f = e["card"]
            self.landed += 1
            key = f"pile.{self.landed}"
            if p == human and f in board["hand"]:
                idx = max(i for i, x in enumerate(board["hand"]) if x == f)
                origins[key] = (sv.hand_keys(board["hand"], self.gen)[idx], False)
                board["hand"].pop(idx)
            else:
                origins[key] = (f"hand-{p}", True)
            board["hand_sizes"][p] = max(0, board["hand_sizes"][p] - 1)
            board["pile"].append(f)
            if t == "second":
                board["top"] = board["top"][-1:] + [f]
                self.top_keys = self.top_keys[-1:] + [(f, key)]
            else:
                board["top"] = [f]
                self.top_keys = [(f, key)]
                board["calls"][p] = e.get("call")
            if f != sv.FREE:
                board["colour"] = sv.colour_name(f)
            board["attack"] = None
            return True
        if t in ("draw", "turned"):
            got = e.get("cards") if t == "draw" else ([e["card"]] if e["card"] is not None else [])
            k = len(got) if got is not None else e["count"]
            if not k:
                return False
            board["stock"] = max(0, board["stock"] - k)
            if p == human and got is not None:
                self._into_hand(board, got, origins)
            else:
                self._backs_from(board, p, board["hand_sizes"][p], k, "stock", origins)
            board["hand_sizes"][p] += k
            return True
        if t == "reshuffle":
            board["pile"] = board["pile"][-1:]
            board["top"] = board["top"][-1:]
            self.top_keys = self.top_keys[-1:]
            board["stock"] = e["cards"]
            return False
        if t == "direction":
            board["exchange"] = {"player": p, "direction": e["direction"]}
            return False
        if t in ("exchange_cancelled", "accept"):
            board["exchange" if t == "exchange_cancelled" else "attack"] = None
            return False
        if t == "exchanged":
            return self._pass_hands(board, e, rest, origins)
        return False

    def _into_hand(self, board, cards, origins):
        """Your drawn ``cards`` join your hand, flying from the stock face up."""
        hand = sorted(board["hand"] + list(cards))
        had = {}
        for f in board["hand"]:
            had[f] = had.get(f, 0) + 1
        for f, key in zip(hand, sv.hand_keys(hand, self.gen)):
            if had.get(f, 0):
                had[f] -= 1
            else:
                origins[key] = ("stock", True)
        board["hand"] = hand

    def _backs_from(self, board, p, old, k, anchor, origins):
        for i in range(old, min(old + k, sv.BACKS_SHOWN)):
            origins[sv.back_key(self.gen, p, i)] = (anchor, False)

    def _pass_hands(self, board, e, rest, origins):
        """The Card Exchange: every hand moves one seat the chosen way; each
        flies from the seat that passed it (your new hand face up)."""
        human = self.human
        n = board["players"]
        giver = [receives_from(q, e["direction"], n) for q in range(n)]
        sizes = board["hand_sizes"]
        board["hand_sizes"] = [sizes[giver[q]] for q in range(n)]
        mine = next((x["cards"] for x in rest if x["type"] == "hand" and x.get("player") == human), None)
        if mine is not None:
            board["hand"] = sorted(mine)
        board["exchange"] = None
        self.gen += 1
        for q in range(n):
            came = f"hand-{giver[q]}"
            if q == human:
                for key in sv.hand_keys(board["hand"], self.gen):
                    origins[key] = (came, True)
            else:
                self._backs_from(board, q, 0, board["hand_sizes"][q], came, origins)
        return True

    def top(self, top):
        """The keys of the top cards ``top``: a card still shown keeps its
        key (a move already gave a landed card its own)."""
        old = list(self.top_keys)
        out = []
        for f in top:
            hit = next((i for i, (g, _k) in enumerate(old) if g == f), None)
            if hit is None:
                self.landed += 1
                out.append((f, f"pile.{self.landed}"))
            else:
                out.append(old.pop(hit))
        self.top_keys = out
        return [k for _f, k in out]
