"""The page glue's bytecode (tools/pyodide_bytecode.py, run in Pyodide by the
build; the same code under CPython here): without docstrings, with its
asserts and its line numbers."""
import ast
import traceback

from tools.pyodide_bytecode import without_docstrings

SOURCE = '''"""The module."""


class Empty:
    """Only a docstring."""


def f(x):
    """Doc of f."""
    assert x > 0, "positive"
    return 10 // (x - 1)   # line 11
'''


def _run(source):
    tree = without_docstrings(ast.parse(source))
    space = {"__name__": "glue"}
    exec(compile(tree, "glue.py", "exec"), space)
    return space


def test_docstrings_go_and_the_rest_stays():
    space = _run(SOURCE)
    assert space.get("__doc__") is None
    assert space["f"].__doc__ is None and space["Empty"].__doc__ is None
    assert space["f"](3) == 5
    try:
        space["f"](0)
    except AssertionError as e:
        assert str(e) == "positive"          # asserts are kept
    else:
        raise AssertionError("the assert was dropped")


def test_a_traceback_keeps_the_source_line_number():
    space = _run(SOURCE)
    try:
        space["f"](1)
    except ZeroDivisionError as e:
        assert traceback.extract_tb(e.__traceback__)[-1].lineno == 11
    else:
        raise AssertionError("expected a division by zero")


def test_a_string_that_is_not_first_is_kept():
    space = _run('def g():\n    x = 1\n    "not a docstring"\n    return x\n')
    assert space["g"]() == 1 and space["g"].__doc__ is None
