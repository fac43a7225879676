"""Game states as explicit records: ``__slots__`` and one generic ``clone``.

A class built on ``Record`` names every field of its state in ``__slots__``
(the fields of all its classes together make the record) and says which of
them hold lists a move changes in place: ``LISTS`` (copied shallowly) and
``NESTED`` (a list of such lists, e.g. the hands: each inner list copied).
Every other field holds a value that a move replaces rather than changes
(an int, a bit mask, a tuple, a dict or list kept as it was made) and is
shared by the copy.

``clone`` is compiled once per class from these declarations, a straight
run of attribute copies: the AI copies a state for every candidate of every
sampled world, so the copy is on its hot path, and a loop over the field
names (``getattr``/``setattr``) would cost twice as much. Every slot must be
set before a copy is made (``AttributeError`` otherwise).
"""


def record_fields(cls):
    """Every slot of ``cls`` and its bases, base classes' first."""
    names = []
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("__slots__", ()):
            if name not in names and name not in ("__dict__", "__weakref__"):
                names.append(name)
    return names


def _declared(cls, attr):
    out = set()
    for klass in cls.__mro__:
        out.update(klass.__dict__.get(attr, ()))
    return out


def compile_clone(cls):
    """The ``clone`` method of record class ``cls`` (see the module doc)."""
    lists, nested = _declared(cls, "LISTS"), _declared(cls, "NESTED")
    fields = record_fields(cls)
    unknown = (lists | nested) - set(fields)
    if unknown:
        raise TypeError(f"{cls.__name__}: LISTS/NESTED name no slot: {sorted(unknown)}")
    lines = ["def clone(self):",
             '    """An independent copy (lists a move changes are copied)."""',
             "    g = new(cls)"]
    for name in fields:
        if name in nested:
            lines.append(f"    g.{name} = [x[:] for x in self.{name}]")
        elif name in lists:
            lines.append(f"    g.{name} = self.{name}[:]")
        else:
            lines.append(f"    g.{name} = self.{name}")
    lines.append("    return g")
    env = {"new": object.__new__, "cls": cls}
    exec(compile("\n".join(lines), f"<clone of {cls.__qualname__}>", "exec"), env)
    return env["clone"]


class Record:
    """Base of the state classes: each subclass gets its compiled ``clone``
    (unless it defines one itself)."""
    __slots__ = ()
    LISTS = ()
    NESTED = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "clone" not in cls.__dict__:
            cls.clone = compile_clone(cls)


__all__ = ["Record", "compile_clone", "record_fields"]
