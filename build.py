#!/usr/bin/env python3
"""One entry point for the card room: set up, build, serve, test, bench.

    python3 build.py play      set up, build dist/ and serve it (prints the URL)
    python3 build.py test      set up (tools, Chromium) and run every test
    python3 build.py build     build dist/ only
    python3 build.py serve     serve dist/ on 127.0.0.1 (--port N)
    python3 build.py setup     set up only (the venv, npm packages, browsers)
    python3 build.py bench boot|engine|agents|table|feel|phone|bytes|ai|rollouts

Only the standard library is needed to start: ``setup`` (tools/bootstrap.py)
makes ``.venv`` with the pinned tools from pyproject.toml and runs ``npm ci``
for the pinned Pyodide and PyScript; every other command then runs inside
that venv. The build is tools/pipeline.py, the server tools/dev_server.py.
"""
import argparse
import sys

from tools.bootstrap import reexec_in_venv, run, setup
from tools.paths import ROOT

COMMANDS = ("play", "test", "setup", "build", "serve", "bench")
# Commands whose arguments after the command word go through unchanged
# (``test`` to pytest, ``bench`` to bench/run.py).
PASS_THROUGH = ("test", "bench")


def parse_command_line(argv):
    """``argv`` (without the program name) -> ``(command, port, rest)``.

    ``--port N`` / ``--port=N`` may stand before or after the command word;
    everything after ``test`` or ``bench`` is returned in ``rest`` verbatim
    (so pytest sees ``-k embed -x`` exactly as typed), and any other command
    takes no further arguments."""
    ap = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=COMMANDS)
    ap.add_argument("--port", type=int, default=8000)
    argv = list(argv)
    # Split after the first test/bench word; argparse reads what comes before.
    cut = next((i + 1 for i, arg in enumerate(argv) if arg in PASS_THROUGH), len(argv))
    args = ap.parse_args(argv[:cut])
    rest = argv[cut:]
    return args.command, args.port, rest


def main():
    command, port, rest = parse_command_line(sys.argv[1:])
    if command == "setup":
        setup(with_browser=True)
        return
    setup(with_browser=command == "test")
    reexec_in_venv(__file__)
    # From here on: the venv's Python, with the pinned tools.
    if command in ("play", "build", "test"):
        from tools.pipeline import build
        build()
    if command in ("play", "serve"):
        from tools.dev_server import serve
        serve(port)
    elif command == "test":
        run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *rest])
    elif command == "bench":
        run([sys.executable, ROOT / "bench" / "run.py", *rest])


if __name__ == "__main__":
    main()
