"""Pyodide's standard library as the site ships it (tools/runtime_files.py
calls ``trim_stdlib``): without what no page can use, so a first visit on a phone
moves ~0.77 MB less. tests/test_stdlib_trim.py checks that nothing kept, and
none of our code, imports what is left out."""
import zipfile

# Top-level modules left out: processes (none in WebAssembly), the debugger,
# test and REPL tools, mail, FTP and XML-RPC clients and servers, a few toys.
STDLIB_UNUSED = {
    "multiprocessing", "_pyrepl", "pdb", "bdb", "doctest", "unittest", "pydoc", "trace",
    "tabnanny", "pyclbr", "zipapp", "pty", "tty", "xmlrpc", "wsgiref", "imaplib",
    "smtplib", "poplib", "ftplib", "netrc", "mailbox", "sqlite3", "shelve", "wave",
    "webbrowser", "antigravity", "__hello__", "__phello__",
}
# Files of kept packages that only serve removed ones: `python -m asyncio`'s
# REPL and the process pool (concurrent.futures loads it when asked for).
STDLIB_UNUSED_FILES = {"asyncio/__main__.py", "concurrent/futures/process.py"}
# Of the codecs, the Unicode ones, ASCII and Latin-1 and the byte
# transforms stay; the legacy single-byte tables (cp*, iso8859_*, mac_*,
# koi8_*, ...) and the CJK wrappers go (Python finds a codec by name when it
# is asked for; nothing here asks but zipfile).
ENCODINGS_KEPT = {
    "__init__", "aliases", "ascii", "base64_codec", "bz2_codec", "charmap", "hex_codec",
    "cp437",   # zipfile reads member names in it (importlib.resources opens our wheel)
    "idna", "latin_1", "punycode", "quopri_codec", "raw_unicode_escape", "rot_13",
    "undefined", "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32",
    "utf_32_be", "utf_32_le", "utf_7", "utf_8", "utf_8_sig", "uu_codec", "zlib_codec",
}


def stdlib_unused(name):
    """True for an entry of python_stdlib.zip that ``trim_stdlib`` leaves out."""
    top, _, rest = name.partition("/")
    if top.removesuffix(".py") in STDLIB_UNUSED or name in STDLIB_UNUSED_FILES:
        return True
    return top == "encodings" and bool(rest) and rest.removesuffix(".py") not in ENCODINGS_KEPT


def trim_stdlib(src, dest):
    """``src`` (Pyodide's python_stdlib.zip) without ``stdlib_unused`` entries;
    the others are copied as they are (name, date, compression), in order."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w", compresslevel=9) as zout:
        for info in zin.infolist():
            if not stdlib_unused(info.filename):
                zout.writestr(info, zin.read(info))
