"""Round scoring (minus points), the score sheet and the end of the game."""
from .cards import value


def hand_breakdown(cards):
    """JSON-safe minus points of one hand: each card and the total."""
    items = [{"card": f, "points": value(f)} for f in sorted(cards)]
    return {"cards": items, "total": sum(i["points"] for i in items)}


def end_round(g, winner, events, reason):
    """Scores every hand but the winner's (a stall scores them all), writes
    the sheet, then ends the game at the target or deals the next round."""
    n = g.num_players
    hands = []
    for q in range(n):
        b = hand_breakdown(g.hands[q])
        if q == winner:
            b["total"] = 0
        hands.append(b)
    points = [h["total"] for h in hands]
    for q in range(n):
        g.scores[q] += points[q]
    row = {"round": g.round_no, "dealer": g.dealer, "winner": winner,
           "reason": reason, "points": points, "hands": hands,
           "totals": list(g.scores)}
    g.sheet.append(row)
    events.append(dict(row, type="round_end"))
    g.window = None
    g.attack = None
    g.actor = -1
    if max(g.scores) >= g.target:
        best = min(g.scores)
        g.winners = [q for q in range(n) if g.scores[q] == best]
        g.phase = "over"
        events.append({"type": "game_end", "winners": list(g.winners),
                       "scores": list(g.scores)})
        return
    g.dealer = (g.dealer + 1) % n
    g.start_round(events)


def returns(g):
    """+1 shared among the winners (fewest minus points), 0 for the others."""
    if g.phase != "over":
        return [0.0] * g.num_players
    share = 1.0 / len(g.winners)
    return [share if q in g.winners else 0.0 for q in range(g.num_players)]
