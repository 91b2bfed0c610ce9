"""The standard draw table of the five-card draw, one compiled rule shared by the bots
(:func:`pokerbonus.bots.kernels.discard_mask`) and the solver's card abstraction
(:mod:`pokerbonus.solvers.french.cards`).

A leaf module: it imports nothing of the package, so that both may use it
(the bots import the solvers).

>>> import numpy as np
>>> hand = np.array([4 * 12, 4 * 12 + 1, 4 * 5, 4 * 3 + 2, 4 * 0 + 3], dtype=np.int64)
>>> bin(discard_for_category(hand, 0, 1, np.zeros(13, np.int64), np.zeros(4, np.int64)))
'0b11100'
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["discard_for_category"]

I64 = npt.NDArray[np.int64]


@numba.njit(cache=True)
def discard_for_category(
    hand: I64, low: int, category: int, counts: I64, suits: I64
) -> int:  # pragma: no cover - compiled
    """A bit mask of the positions of ``hand`` (five cards ``4 * rank + suit``, ranks
    from ``low``) to discard, the hand being of ``category`` (0 high card, 1 a pair,
    2 two pairs, 3 trips, 4 and up straight or better); ``counts`` and ``suits``:
    scratch arrays of 13 and 4.

    In this order: straight or better: stand pat; trips: draw two; two pair:
    draw one; four cards of a suit: draw one (before a pair); a pair: draw
    three; an open-ended straight draw (four ranks in a row, no pair, that both
    ends of the deck can complete): draw one; else keep the two highest cards
    and draw three.
    """
    if category >= 4:
        return 0
    counts[:] = 0
    suits[:] = 0
    for i in range(5):
        counts[hand[i] >> 2] += 1
        suits[hand[i] & 3] += 1
    if category == 3 or category == 2:  # keep the trips, or the two pairs
        out = 0
        for i in range(5):
            if counts[hand[i] >> 2] == 1:
                out |= 1 << i
        return out
    for s in range(4):
        if suits[s] == 4:
            for i in range(5):
                if hand[i] & 3 != s:
                    return 1 << i
    if category == 0:
        mask = 0
        for i in range(5):
            mask |= 1 << (hand[i] >> 2)
        for start in range(low + 1, 9):
            if mask >> start & 15 == 15:
                for i in range(5):
                    r = hand[i] >> 2
                    if r < start or r > start + 3:
                        return 1 << i
        # high card: keep the two highest
        out = 0
        kept = 0
        for r in range(12, -1, -1):
            for i in range(5):
                if hand[i] >> 2 == r:
                    if kept < 2:
                        kept += 1
                    else:
                        out |= 1 << i
        return out
    out = 0  # a pair: keep it
    for i in range(5):
        if counts[hand[i] >> 2] == 1:
            out |= 1 << i
    return out
