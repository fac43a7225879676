"""View pieces the matching games (`matgo`, `gostop`, `stopgo`) share: the
field grouped by month or rank, and a pending choice between two cards."""


def none_if_unset(x):
    """Engine fields use -1 for "none"; views say null."""
    return None if x is None or x < 0 else x


def grouped(mask, group_masks, first, last, key, owner, cards_of):
    """The cards of ``mask`` by group (month/rank): cards, whether the group
    is a stack of three, and the stack's maker."""
    out = []
    for k in range(first, last + 1):
        cs = cards_of(mask & group_masks[k])
        if cs:
            stack = len(cs) == 3
            out.append({key: k, "cards": cs, "stack": stack,
                        "owner": none_if_unset(owner[k]) if stack else None})
    return out


def choice_fields(g, d, cards_of, deferred=True):
    """Adds a choose-play/choose-flip decision's cards to pending dict ``d``."""
    d["played"] = none_if_unset(g.pc)
    d["flipped"] = none_if_unset(g.pd)
    d["options"] = cards_of(g.opts)
    if deferred:
        d["play_kind"] = g.pk
        d["paired"] = none_if_unset(g.pf)
    return d
