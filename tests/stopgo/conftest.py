import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
for p in (os.path.join(_HERE, "..", "..", "engine"), _HERE):
    p = os.path.abspath(p)
    if p not in [os.path.abspath(x) for x in sys.path]:
        sys.path.insert(0, p)
