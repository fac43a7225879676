"""A pure function of one int, remembered: the AI's rollouts ask the score
of the same piles (bit masks) again and again."""
import functools

#: entries a table holds before it is cleared (so it stays small)
TABLE_MAX = 1 << 14


def remembered(fn):
    """``fn`` with its results kept in ``.table``, cleared when full. Hot
    loops may read ``.table`` themselves and call the function on a miss."""
    table = {}

    @functools.wraps(fn)
    def lookup(m):
        s = table.get(m)
        if s is None:
            s = fn(m)
            if len(table) >= TABLE_MAX:
                table.clear()
            table[m] = s
        return s

    lookup.table = table
    return lookup
