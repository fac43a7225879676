"""PyScript's own Python package (``pyscript``), as PyScript's bundle carries it.

At every boot PyScript writes its package's sources (about 30 kB) into the
interpreter's file system and imports them: the browser has no bytecode
cache, so each boot compiled them again (with the tokenizer, parser and
compiler functions of the interpreter's WebAssembly, which a return visit
compiles lazily too). The build takes the same sources out of the pinned
bundle and puts them in app.zip, where tools/pyodide_bytecode.py adds their
bytecode; pyodide/boot.mjs puts app.zip ahead of the working directory on
sys.path, so ``import pyscript`` loads the precompiled copy of exactly the
files PyScript wrote. The site's copy of the bundle then writes none
(``without_package``).

The bundle holds the package as a JavaScript object literal of file names to
JSON string literals, ``{pyscript:{"__init__.py":"...",...}}``; anything else
fails the build, saying what changed.
"""
import json

from tools.paths import PYSCRIPT_DIST

MARKER = '{pyscript:{"__init__.py":'


def _object_end(text, start):
    """Index just past the object literal opening at ``start``, skipping
    the braces inside its string literals."""
    depth, i, in_string = 0, start, False
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("the pyscript package literal does not end")


def _flatten(tree, prefix):
    for name, value in tree.items():
        if isinstance(value, str):
            yield prefix + name, value
        else:
            yield from _flatten(value, f"{prefix}{name}/")


def extract(text):
    """{"pyscript/__init__.py": source, ...} from a bundle chunk's text, or
    None when the chunk does not carry the package."""
    start = text.find(MARKER)
    if start < 0:
        return None
    literal = text[start:_object_end(text, start)]
    tree = json.loads(literal.replace("{pyscript:", '{"pyscript":', 1))
    return dict(_flatten(tree, ""))


def without_package(text):
    """A bundle chunk's ``text`` that writes no package into the file system:
    its literal emptied (``{}``), so the Python script PyScript runs at every
    boot before the page's own (``ho`` in the bundle: the package's files
    written with ``pathlib``, then ``import pyscript``) holds no file. That
    script took 0.2-0.5 s of a return visit on the phone profile (measured):
    compiling ~30 kB of string literals and writing them, for a package that
    app.zip already holds, compiled. None when the chunk does not carry it."""
    start = text.find(MARKER)
    if start < 0:
        return None
    return text[:start] + "{}" + text[_object_end(text, start):]


# pyscript.display imports the standard library's html at import, for
# html.escape when it shows text; html imports its table of entities
# (thousands of strings), which cost the boot snapshot, and so every first
# visit, ~0.1 MB. The pages never call display(): the copy in app.zip
# imports html when it escapes, not before.
DISPLAY = "pyscript/display.py"
DISPLAY_IMPORT = ("import base64,html,io", "import base64,io")
DISPLAY_ESCAPE = ("html.escape(", '__import__("html").escape(')


def html_on_use(files):
    """``files`` with pyscript.display importing html only when it escapes;
    the build stops if display's source is not as expected."""
    source = files.get(DISPLAY, "")
    old, new = DISPLAY_IMPORT
    if source.count(old) != 1 or DISPLAY_ESCAPE[0] not in source:
        raise SystemExit(f"{DISPLAY} does not import html as expected ({old!r}): "
                         "PyScript changed; see tools/pyscript_package.py")
    source = source.replace(old, new).replace(*DISPLAY_ESCAPE)
    return {**files, DISPLAY: source}


def pyscript_package(chunks):
    """The package from the first of ``chunks`` (file names in PYSCRIPT_DIST)
    that carries it, as app.zip holds it (``html_on_use``); the build stops
    if none does."""
    for name in chunks:
        if name.endswith(".js"):
            files = extract((PYSCRIPT_DIST / name).read_text(encoding="utf-8"))
            if files:
                return html_on_use(files)
    raise SystemExit(f"no PyScript chunk carries the pyscript package ({MARKER!r} not found): "
                     "PyScript's bundle changed; see tools/pyscript_package.py")
