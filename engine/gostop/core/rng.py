"""Seeded randomness. No module of the engine touches the global ``random``.

``random.Random(int)`` gives the same stream on every CPython 3.x and in
Pyodide; ``shuffle`` and ``randbelow`` are written out here so that the order
of a shuffle never depends on the Python version's own implementation.
"""
import random

_MASK64 = (1 << 64) - 1


def make_rng(seed):
    """A private generator for one purpose, from an int seed."""
    return random.Random(int(seed) & _MASK64)


def derive_seed(*parts):
    """Mixes ints into one 64-bit seed (splitmix64 steps), stable everywhere."""
    x = 0x9E3779B97F4A7C15
    for p in parts:
        x = (x ^ (int(p) & _MASK64)) & _MASK64
        x = (x + 0x9E3779B97F4A7C15) & _MASK64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        x = z ^ (z >> 31)
    return x


def randbelow(rng, n):
    """A uniform int in [0, n) by rejection sampling on getrandbits."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    k = n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(rng, items):
    """Fisher-Yates in place; returns ``items`` for convenience."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
    return items


def choice(rng, items):
    return items[randbelow(rng, len(items))]
