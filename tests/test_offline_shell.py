"""The offline cache's file list (``offline_shell``): what a game page can
load, not the rules pages, the embed, the compressed copies, nor the shipped
boot snapshot (the page keeps its own copy of that one)."""
from tools.service_worker import offline_shell


def test_the_shell_is_what_a_game_page_loads(tmp_path):
    for rel in ["index.html", "boot.js", "sw.js", "embed.html", "rules-matgo.html", "rules-matgo.ko.html",
                "pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.wasm.br", "pyodide/boot-snapshot-314-ab.wasm",
                "pyodide/boot-snapshot-314-ab.wasm.br", "_bench/hello.html", "art/hwatu/1.svg"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x")
    assert offline_shell(tmp_path) == ["art/hwatu/1.svg", "boot.js", "index.html", "pyodide/pyodide.asm.wasm"]
