"""The page glue: renders engine views as HTML and maps clicks to actions.

No game rule lives here; the engine (the ``gostop`` wheel) decides everything.
"""
