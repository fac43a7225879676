"""The game protocol shared by every game: base class, errors, RNG, registry."""
