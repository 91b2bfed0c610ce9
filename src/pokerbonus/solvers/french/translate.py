"""Off-tree bets: the pseudo-harmonic mapping of an opponent's bet onto the abstraction.

A no-limit abstraction offers a few bet sizes (pot fractions). An opponent who
bets ``x`` times the pot, between two offered sizes ``a < x < b``, is answered as
if the bet had been ``a`` with probability

    f(x) = (b - x) (1 + a) / ((b - a) (1 + x))

and ``b`` otherwise: the *pseudo-harmonic mapping* of Ganzfried and Sandholm
(2013), which leaves an opponent nothing to gain by betting between the sizes
against a player who answers ``a`` and ``b`` correctly (it is exact for the
toy game the authors derive it from, and the least exploitable of the mappings
they compare in no-limit hold'em). Below the smallest size the bet is taken as
the smallest, above the largest as the largest. ``f(a) = 1``, ``f(b) = 0``, and
``f`` falls as ``x`` grows.

A **raise** has one more neighbour below: the call, a raise of size 0.
:func:`translate_raise` maps a raise smaller than the abstraction's smallest
raise between the call and that raise (``a = 0``), so a minimum raise facing a
tree that offers only the all-in is read as a call or as the all-in with the
pseudo-harmonic probabilities, mostly as the call, never as the all-in for sure.

>>> round(pseudo_harmonic(0.7, 0.5, 1.0), 4)
0.5294
>>> translate(0.7, [0.5, 1.0, 2.0], 0.3)   # u = 0.3 < f: the smaller size
0
>>> translate(0.7, [0.5, 1.0, 2.0], 0.6)
1
>>> translate(5.0, [0.5, 1.0, 2.0], 0.0), translate(0.2, [0.5, 1.0, 2.0], 0.99)
(2, 0)
>>> translate_raise(0.33, [8.0], 0.5)    # a minimum raise, only the all-in above: the call
-1
>>> round(pseudo_harmonic(0.33, 0.0, 8.0), 3)
0.721
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerbonus.errors import ConfigurationError

__all__ = ["CALL", "pseudo_harmonic", "translate", "translate_raise"]

CALL = -1
"""What :func:`translate_raise` returns for a raise read as a call."""


def pseudo_harmonic(x: float, a: float, b: float) -> float:
    """The probability of answering a bet of ``x`` pots as the smaller size ``a``
    (``a <= x <= b``, sizes as pot fractions)."""
    if not 0.0 <= a < b or not a <= x <= b:
        raise ConfigurationError(f"pseudo-harmonic: need 0 <= a <= x <= b, got {a}, {x}, {b}")
    return (b - x) * (1.0 + a) / ((b - a) * (1.0 + x))


def translate(x: float, sizes: Sequence[float], u: float) -> int:
    """The index in ``sizes`` (increasing pot fractions) that a bet of ``x`` pots is
    answered as, with ``u`` a uniform number in [0, 1) (the randomisation)."""
    if not sizes:
        raise ConfigurationError("translate: no bet size to map onto")
    if x <= sizes[0]:
        return 0
    for i in range(1, len(sizes)):
        a, b = sizes[i - 1], sizes[i]
        if x <= b:
            if b <= a:
                return i
            return i - 1 if u < pseudo_harmonic(x, a, b) else i
    return len(sizes) - 1


def translate_raise(x: float, sizes: Sequence[float], u: float) -> int:
    """The index in ``sizes`` (the abstraction's raises, increasing pot fractions of
    the pot after calling) that a raise of ``x`` is answered as, or :data:`CALL`
    when it is read as a call: below ``sizes[0]`` between the call (size 0) and
    ``sizes[0]``, elsewhere as :func:`translate`."""
    if not sizes:
        raise ConfigurationError("translate: no raise size to map onto")
    if 0.0 < x < sizes[0]:
        return CALL if u < pseudo_harmonic(x, 0.0, sizes[0]) else 0
    return translate(x, sizes, u)
