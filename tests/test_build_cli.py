"""build.py's command line: ``--port`` after the command word is read (the
README's ``python3 build.py play --port 9000``), ``test`` and ``bench`` hand
everything after the command word on unchanged."""
import pytest

import build


@pytest.mark.parametrize("argv, expected", [
    (["play"], ("play", 8000, [])),
    (["play", "--port", "9000"], ("play", 9000, [])),
    (["play", "--port=9000"], ("play", 9000, [])),
    (["serve", "--port", "9000"], ("serve", 9000, [])),
    (["serve", "--port=8811"], ("serve", 8811, [])),
    (["--port", "9000", "serve"], ("serve", 9000, [])),
    (["--port=9000", "play"], ("play", 9000, [])),
    (["build"], ("build", 8000, [])),
    (["setup"], ("setup", 8000, [])),
    (["test"], ("test", 8000, [])),
    (["test", "-k", "embed", "-x"], ("test", 8000, ["-k", "embed", "-x"])),
    (["test", "e2e/test_rulebook.py", "-q", "--port", "5"],
     ("test", 8000, ["e2e/test_rulebook.py", "-q", "--port", "5"])),
    (["test", "--", "-k", "play"], ("test", 8000, ["--", "-k", "play"])),
    (["bench", "boot", "7"], ("bench", 8000, ["boot", "7"])),
    (["bench", "agents", "--hands", "3"], ("bench", 8000, ["agents", "--hands", "3"])),
])
def test_parse_command_line(argv, expected):
    assert build.parse_command_line(argv) == expected


@pytest.mark.parametrize("argv", [
    [], ["deploy"], ["play", "extra"], ["serve", "--port"], ["play", "--port", "x"],
    ["build", "-k", "embed"],
])
def test_parse_command_line_rejects(argv, capsys):
    with pytest.raises(SystemExit) as e:
        build.parse_command_line(argv)
    assert e.value.code == 2
