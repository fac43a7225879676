"""The parts every page with Python shares (index.html, embed.html and the
rules pages made by rulebook.py): written once here, put in by build.py in
place of the markers ``<!--page-head-->`` and ``<!--page-python-->``."""

# The Content-Security-Policy every page carries, as strict as Pyodide
# allows: WebAssembly and Pyodide's own code need 'wasm-unsafe-eval' and
# 'unsafe-eval'; styles allow 'unsafe-inline' because the tables set style
# attributes (sizes, animation timings). No inline script, nothing from
# another origin. A meta tag cannot carry frame-ancestors, report-uri or
# sandbox: the README says which headers a host should add. Images may be
# blob: URLs: raster.js draws the card faces into bitmaps in the page.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; "
       "style-src 'self' 'unsafe-inline'; img-src 'self' blob:; font-src 'self'; connect-src 'self'; "
       "worker-src 'self'; frame-src 'self'; manifest-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'none'")

# The policy first (it covers what follows), then the icon (every page has
# one, the embed too: without it the browser asks for /favicon.ico), the
# styles, the watchdog (rescue.js: plain JS, it must run even when Python
# does not), the sounds (sound.js: Web Audio, called by Python; tiny), the
# card motion (motion.js), then the boot:
# boot.js starts the interpreter early (see pyodide-boot.mjs), so its two
# modules are fetched while the page parses; it is async, so it runs as soon
# as it arrives, not once the whole page is parsed and laid out.
HEAD = f"""<meta http-equiv="Content-Security-Policy" content="{CSP}">
<link rel="icon" href="./art/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="./style.css">
<link rel="stylesheet" href="./match.css">
<link rel="stylesheet" href="./stop.css">
<link rel="stylesheet" href="./pyscript/core.css">
<link rel="modulepreload" href="./pyodide/boot.mjs">
<link rel="modulepreload" href="./pyodide/pyodide.mjs">
<link rel="modulepreload" href="./memory-idb.mjs">
<script type="module" src="./rescue.js"></script>
<script type="module" src="./motion.js"></script>
<script type="module" src="./sound.js"></script>
<script type="module" async src="./boot.js"></script>
<script type="module" src="./pyscript/core.js"></script>"""

# The page's Python: PyScript with our interpreter module (config inline, so
# there is no config file to fetch); app.main does the rest.
PYTHON = """<script type="py" async config='{"interpreter": "./pyodide/boot.mjs"}'>import app.main</script>"""

MARKERS = {"<!--page-head-->": HEAD, "<!--page-python-->": PYTHON}


def fill(text):
    """``text`` with the markers replaced (each must be there once)."""
    for marker, part in MARKERS.items():
        if text.count(marker) != 1:
            raise ValueError(f"expected one {marker} in the page")
        text = text.replace(marker, part)
    return text
