"""The board between a turn's moves (the matching games): each event of a
turn made on a copy of the last board drawn, the way the table shows it,
so the cards move one step at a time and drawing the engine's view after
the moves moves no card again. ``MatchTable`` mixes it in;
tests/test_table_moves.py plays it against the engine's views."""


def _insert_in_order(shown, c, engine):
    """Adds card ``c`` to list ``shown`` where the engine's list ``engine``
    has it, so drawing the engine's view after the moves moves no card; a
    card the engine no longer has there (taken later in the turn) stays last."""
    order = {card: i for i, card in enumerate(engine)}
    shown.append(c)
    shown.sort(key=lambda card: order.get(card, len(order)))


class MatchBoardSteps:
    __slots__ = ()

    def board_step(self, board, final, e, origins):
        """Makes move ``e`` on ``board`` (a copy of a view) the way the table
        shows it; returns False when ``e`` moves no card. Where a taken card
        lands comes from the engine's ``final`` view; this computes no rule."""
        t, p = e["type"], e.get("player")
        if t == "played" or (t == "bonus-banked" and e.get("source", "hand") == "hand"):
            self._from_hand(board, p, e["card"], origins)
            if t == "played":
                self._to_field(board, e["card"])
            else:
                self._to_pile(board, final, p, e["card"])
            return True
        if t == "bonus-banked":            # a flipped bonus card: field to pile
            self._off_table(board, e["card"])
            self._to_pile(board, final, p, e["card"])
            return True
        if t in ("bomb", "triple"):        # three cards shown from the hand at once
            for c in e["cards"]:
                self._from_hand(board, p, c, origins)
                self._to_field(board, c)
            return True
        if t == "flipped":
            board["stock_count"] = max(0, board["stock_count"] - 1)
            origins[e["card"]] = ("stock", True)
            self._to_field(board, e["card"])
            return True
        if t == "drew":
            board["stock_count"] = max(0, board["stock_count"] - 1)
            if "card" in e:
                _insert_in_order(board["hand"], e["card"], final["hand"])
                origins[e["card"]] = ("stock", True)
            board["hand_counts"][p] += 1
            return True
        if t == "stayed" and not any(e["card"] in g["cards"] for g in board[self.deck.field_key]):
            # a card the engine held while a choice was made lands now
            self._to_field(board, e["card"])
            return True
        if t in ("captured", "junk-taken"):
            for c in e["cards"]:
                self._off_table(board, c)
                self._to_pile(board, final, p, c)
            return True
        return False

    def _from_hand(self, board, p, c, origins):
        board["hand_counts"][p] = max(0, board["hand_counts"][p] - 1)
        if p == self.session.human and c in board["hand"]:
            board["hand"].remove(c)
        else:
            origins[c] = (f"hand-{p}", True)

    def _to_field(self, board, c):
        """Puts ``c`` on the field where the engine's view keeps it (groups by
        month or rank, cards in order), so drawing the engine's view after the
        moves moves no card again."""
        key, g = self.deck.group_key, self.deck.group_of(c)
        groups = board[self.deck.field_key]
        for group in groups:
            if group[key] == g:
                group["cards"] = sorted(group["cards"] + [c])
                return
        rank = lambda k: float("inf") if k is None else k   # noqa: E731 - a bonus card: last
        at = next((i for i, group in enumerate(groups) if rank(group[key]) > rank(g)), len(groups))
        groups.insert(at, {key: g, "cards": [c], "stack": False, "owner": None})

    def _off_table(self, board, c):
        """Takes card ``c`` off the field or out of any seat's piles."""
        fkey = self.deck.field_key
        for group in board[fkey]:
            if c in group["cards"]:
                group["cards"].remove(c)
        board[fkey] = [g for g in board[fkey] if g["cards"]]
        for q in range(board["players"]):
            for cards in self.deck.pile_lists(board, q).values():
                if c in cards:
                    cards.remove(c)

    def _to_pile(self, board, final, p, c):
        mine = self.deck.pile_lists(board, p)
        for key, cards in self.deck.pile_lists(final, p).items():
            if c in cards and key in mine:
                _insert_in_order(mine[key], c, cards)
                return
