"""The human's legal actions as the engine describes them.

``Session.state()["legal"]`` lists each action with its id, its English
label and ``does``: the engine's ``describe_action`` (a kind such as
``"play"``, ``"take"``, ``"flip"``, ``"go"``, with the cards and the month or
rank it concerns). The tables find the action they draw a button for by what
it does, never by arithmetic on its id: the ids are the engine's business.
"""


class Legal:
    def __init__(self, entries=()):
        self.entries = list(entries)
        self.ids = {e["id"] for e in self.entries}

    def __contains__(self, action):
        return action in self.ids

    def __bool__(self):
        return bool(self.entries)

    def __iter__(self):
        return iter(sorted(self.ids))

    def all(self, kind, card=None, **fields):
        """The ids of the legal actions of ``kind`` (that concern ``card``,
        and whose description holds ``fields``), ascending."""
        out = []
        for e in self.entries:
            d = e["does"]
            if d["kind"] != kind:
                continue
            if card is not None and card not in d.get("cards", ()):
                continue
            if any(d.get(k) != v for k, v in fields.items()):
                continue
            out.append(e["id"])
        return sorted(out)

    def find(self, kind, card=None, **fields):
        """The one legal action of ``kind`` that matches, or None."""
        found = self.all(kind, card, **fields)
        return found[0] if found else None

    def label(self, action):
        return next((e["label"] for e in self.entries if e["id"] == action), None)
