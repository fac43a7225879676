"""The card room's build tools, driven by ``build.py`` (the one entry point).

* ``paths``: where the sources, the pinned packages and the output are.
* ``bootstrap``: what a fresh machine needs (the venv with the pinned tools,
  ``npm ci``, the browsers the tests drive); standard library only.
* ``pipeline``: builds ``dist/`` (``build()``), step by step.
* ``runtime_files``: the Pyodide and PyScript files the site ships.
* ``service_worker``: the offline shell and ``sw.js``.
* ``compression``: ``.br``/``.gz`` beside every compressible file.
* ``dev_server``: the compressing static server (``serve``, the tests, the benches).
* ``stdlib_trim``, ``pyodide_bytecode``: the trimmed standard library, bytecode
  compiled by Pyodide's own Python.
"""
