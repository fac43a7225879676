# The page's Python entry point: the page's script imports it once the
# interpreter is up and our zips are mounted (pyodide/boot.mjs). Everything
# else lives in the app package. The "boot:..." performance marks time the
# boot's steps for `bench phone` (pyodide/boot.mjs marks the earlier ones).
import asyncio

from .dom import window

window.performance.mark("boot:main")
from .shell import Shell  # noqa: E402 - after the mark, to time the imports

window.performance.mark("boot:imported")
shell = Shell()
asyncio.ensure_future(shell.start())
