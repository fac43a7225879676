# The page's Python entry point: the page's script imports it once the
# interpreter is up and our zips are mounted (pyodide/boot.mjs). Everything
# else lives in the app package.
import asyncio

from .shell import Shell

shell = Shell()
asyncio.ensure_future(shell.start())
