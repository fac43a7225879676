# The page's Python entry point: PyScript runs this once the interpreter and
# the engine wheel are loaded. Everything else lives in the app package.
import asyncio

from app.shell import Shell

shell = Shell()
asyncio.ensure_future(shell.start())
