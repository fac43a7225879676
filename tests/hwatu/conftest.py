import os
import sys

ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine")
if os.path.abspath(ENGINE) not in [os.path.abspath(p) for p in sys.path]:
    sys.path.insert(0, os.path.abspath(ENGINE))
