"""An independent StopGo scorer for the tests, written from RULINGS section 3
with plain lists (no engine code): id = 4*(rank-1) + suit, suits S H D C."""
SEQS = ([(7, 1), (8, 1), (9, 1)],      # Perfect: hearts 7-8-9
        [(4, 0), (6, 0), (9, 0)],      # Friend: spades 4-6-9
        [(5, 0), (7, 0), (10, 0)],     # Product: spades 5-7-10
        [(1, 3), (2, 3), (3, 3)])      # Rich: clubs A-2-3


def rank_suit(c):
    return c // 4 + 1, c % 4


def base(cards):
    rs = {rank_suit(c) for c in cards}
    pts = 0
    for suit in range(4):
        n = sum(1 for r, s in rs if s == suit and r <= 10)
        pts += max(0, n - 4)
    court = sum(1 for r, _ in rs if r >= 11)
    pts += max(0, court - 5)
    for seq in SEQS:
        if all(x in rs for x in seq):
            pts += 3
    return pts


def payment(win, lose, gos, shakes, missions):
    b = base(win)
    g = b + gos if gos <= 2 else b * (gos - 1)
    if sum(1 for c in win if rank_suit(c)[1] == 1 and rank_suit(c)[0] <= 10) >= 7:
        g *= 2
    if sum(1 for c in lose if rank_suit(c)[0] >= 11) < 4:
        g *= 2
    g *= 2 ** shakes
    factors = [f for c, f in zip(missions, (2, 3, 4)) if c in win]
    return g * max(factors, default=1)
