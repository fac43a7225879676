"""Tables the hwatu rollout policies share (``hwatu_rollout``'s plain
policy and ``hwatu_rollout_rg``'s greedy-like one): bit counts of a month's
nibble (a bit mask holds four bits a month) and the noise of their card
values."""
from ..games.hwatu.cards import MONTH

# per nibble: how many bits, the lowest and the highest (-1: none)
_POP4 = tuple(bin(i).count("1") for i in range(16))
_LOW4 = tuple(((n & -n).bit_length() - 1) if n else -1 for n in range(16))
_HIGH4 = tuple((n.bit_length() - 1) if n else -1 for n in range(16))
# per card: its month's nibble's shift in a bit mask
_SHIFT = tuple(4 * MONTH[c] - 4 for c in range(50))
# the rollout policies' noise: uniform 0.._NOISE added to each play's value
_NOISE = 0.6
