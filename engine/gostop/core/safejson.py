"""JSON from untrusted places (saves, settings, messages from another window),
read with bounds: Python's ``json`` parser is recursive, so a deeply nested
text raises RecursionError in CPython and can kill Pyodide's interpreter
outright. ``loads`` checks the size and the nesting depth with a flat scan
before the parser sees the text, and turns every failure into ValueError.
"""
import json

MAX_DEPTH = 32


def nesting_depth(text, limit=MAX_DEPTH):
    """The deepest nesting of [ and { in ``text`` (strings skipped), counted
    up to ``limit + 1``: no need to scan further once the limit is passed."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif ch in "]}":
            depth -= 1
    return deepest


class _Refused(ValueError):
    """A number the parser read but we refuse (said as is, not as "not JSON")."""


def _no_constant(name):
    raise _Refused(f"{name} is not a number in JSON")


def loads(text, *, max_chars, max_depth=MAX_DEPTH, what="the text"):
    """``json.loads(text)`` for untrusted ``text``; raises ValueError (with a
    short reason naming ``what``) for anything but a JSON text within
    ``max_chars`` characters and ``max_depth`` levels of nesting. NaN and
    Infinity are refused, and numbers too large for a float (1e999) too."""
    if not isinstance(text, str):
        raise ValueError(f"{what} is not text")
    if len(text) > max_chars:
        raise ValueError(f"{what} is too long ({len(text)} characters; at most {max_chars})")
    if nesting_depth(text, max_depth) > max_depth:
        raise ValueError(f"{what} is nested too deeply (more than {max_depth} levels)")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except _Refused as e:
        raise ValueError(f"{what} is not valid JSON ({e})") from None
    except (ValueError, RecursionError):
        raise ValueError(f"{what} is not valid JSON") from None   # the parser's detail means nothing to a player


def _finite_float(literal):
    value = float(literal)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"{literal[:20]} is too large")
    return value
