"""The attributes motion.js reads on a card (pure: the views import it)."""


def motion_attrs(key, origin=None, anchor=False):
    """data-key (the card's one element on the table), data-from and
    data-turn (where a card new to the table comes from, turning face up),
    data-anchor (other cards may come from this one)."""
    if key is None:
        return ""
    out = f' data-key="{key}"' + (f' data-anchor="{key}"' if anchor else "")
    if origin:
        out += f' data-from="{origin[0]}"' + (" data-turn" if origin[1] else "")
    return out
