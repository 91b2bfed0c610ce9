"""Tournament prizes: the payout table, prizes in whole chips of money, ICM and deals
(RULES.md section 11).

The payout table gives a percentage of the prize pool to each paid place; by
default it depends on the number of entrants:

>>> default_payouts(6), default_payouts(9), default_payouts(12)
((100.0,), (65.0, 35.0), (50.0, 30.0, 20.0))
>>> prize_amounts(1000, (50.0, 30.0, 20.0))
(500, 300, 200)

Amounts are whole units and always sum to the pool: the odd units of the
rounding go to the better places.

>>> prize_amounts(100, (65.0, 35.0)), sum(prize_amounts(101, (50.0, 30.0, 20.0)))
((65, 35), 101)

The equity of the stacks of the players left (ICM, the Malmuth-Harville model:
each player finishes first with the chance of their share of the chips, then
second among the others in the same way, and so on):

>>> [round(x, 4) for x in icm_equities((50, 30, 20), (50, 30, 20))]
[38.3929, 32.75, 28.8571]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Final, Literal

from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext

__all__ = [
    "DealKind",
    "check_payouts",
    "chip_chop",
    "default_payouts",
    "icm_deal",
    "icm_equities",
    "place_prizes",
    "prize_amounts",
    "shared_prizes",
]

DealKind = Literal["icm", "chips"]

_SMALL_FIELDS: Final = (
    (6, (100.0,)),
    (9, (65.0, 35.0)),
    (18, (50.0, 30.0, 20.0)),
    (27, (40.0, 25.0, 15.0, 12.0, 8.0)),
)


def default_payouts(entrants: int) -> tuple[float, ...]:
    """The default percentage of the pool for each paid place (RULES.md section 11).

    Up to 6 entrants, one paid place; 7-9: 65/35; 10-18: 50/30/20; 19-27:
    40/25/15/12/8; larger fields pay about the top 15%, each place a little
    more than the next (a geometric table, rounded to 0.1% and summing to 100).

    >>> default_payouts(27)
    (40.0, 25.0, 15.0, 12.0, 8.0)
    >>> table = default_payouts(100)
    >>> len(table), round(sum(table), 6), table[0] > table[1] >= table[-1]
    (15, 100.0, True)
    """
    if entrants < 1:
        raise ConfigurationError(
            gettext("entrants: must be at least 1, got {entrants}").format(entrants=entrants)
        )
    for upto, table in _SMALL_FIELDS:
        if entrants <= upto:
            return table
    paid = max(6, round(entrants * 0.15))
    ratio = 0.8  # each place pays 80% of the one above, the last places floored
    weights = [max(ratio**k, 1.5 / paid) for k in range(paid)]
    total = sum(weights)
    tenths = [math.floor(1000 * w / total) for w in weights]
    tenths[0] += 1000 - sum(tenths)
    return tuple(t / 10 for t in tenths)


def check_payouts(payouts: Sequence[float]) -> None:
    if not payouts:
        raise ConfigurationError(gettext("payouts: at least one paid place is needed"))
    if any(p <= 0 for p in payouts):
        raise ConfigurationError(
            gettext("payouts: every paid place gets more than 0%, got {payouts}").format(
                payouts=list(payouts)
            )
        )
    if abs(sum(payouts) - 100) > 1e-6:
        raise ConfigurationError(
            gettext("payouts: the percentages must sum to 100, got {total:g}").format(
                total=sum(payouts)
            )
        )
    if any(a < b for a, b in itertools.pairwise(payouts)):
        raise ConfigurationError(
            gettext("payouts: a place never pays more than a better one, got {payouts}").format(
                payouts=list(payouts)
            )
        )


def prize_amounts(pool: int, payouts: Sequence[float]) -> tuple[int, ...]:
    """Each paid place's prize in whole units, summing to ``pool``.

    Every place gets the floor of its share; the units left over go one each to
    the better places, from the first.

    >>> prize_amounts(10, (50.0, 30.0, 20.0))
    (5, 3, 2)
    >>> prize_amounts(7, (40.0, 25.0, 15.0, 12.0, 8.0))
    (3, 2, 2, 0, 0)
    """
    check_payouts(payouts)
    if pool < 0:
        raise ConfigurationError(gettext("pool: must be at least 0, got {pool}").format(pool=pool))
    exact = [pool * p / 100 for p in payouts]
    amounts = [math.floor(x + 1e-9) for x in exact]
    left = pool - sum(amounts)
    for k in range(left):
        amounts[k % len(amounts)] += 1
    return tuple(amounts)


def place_prizes(pool: int, payouts: Sequence[float], places: int) -> tuple[int, ...]:
    """The prize of each of ``places`` places (0 beyond the paid ones); when more
    places are paid than there are players, the prizes of the missing places go
    to the places played, in proportion to their percentages.

    >>> place_prizes(600, (50.0, 30.0, 20.0), 5)
    (300, 180, 120, 0, 0)
    >>> place_prizes(100, (50.0, 30.0, 20.0), 2)
    (63, 37)
    """
    if places < 1:
        raise ConfigurationError(
            gettext("places: must be at least 1, got {places}").format(places=places)
        )
    table = list(payouts[:places])
    scale = 100 / sum(table)
    amounts = prize_amounts(pool, [p * scale for p in table])
    return amounts + (0,) * (places - len(amounts))


def shared_prizes(prizes: Sequence[int], first: int, count: int) -> tuple[int, ...]:
    """What ``count`` players tied for places ``first`` .. ``first + count - 1``
    (1-based) each get: those places' prizes shared equally, the odd units to
    the first listed (the better place).

    >>> shared_prizes((50, 30, 20), 2, 2)
    (25, 25)
    >>> shared_prizes((50, 31, 20), 2, 2)
    (26, 25)
    >>> shared_prizes((50, 30, 20), 3, 2)
    (10, 10)
    """
    total = sum(prizes[first - 1 + k] for k in range(count) if first - 1 + k < len(prizes))
    base, odd = divmod(total, count)
    return tuple(base + (1 if k < odd else 0) for k in range(count))


def icm_equities(stacks: Sequence[int], prizes: Sequence[float]) -> tuple[float, ...]:
    """Each stack's share of ``prizes`` (place 1 first) by the Malmuth-Harville
    model: a player finishes in the best place left with the chance of their
    share of the chips still in.

    The equities sum to the prizes paid to the players present; with one
    player left, that player gets the first prize.

    >>> icm_equities((1, 1), (70, 30))
    (50.0, 50.0)
    >>> icm_equities((100,), (70, 30))
    (70.0,)
    """
    n = len(stacks)
    if n == 0:
        return ()
    if any(s < 0 for s in stacks) or sum(stacks) <= 0:
        raise ConfigurationError(
            gettext("stacks: need chips, none negative, got {stacks}").format(stacks=list(stacks))
        )
    paid = [float(p) for p in prizes[:n]]
    total = float(sum(stacks))
    equity = [0.0] * n
    # layer k: for each set of players already placed 1..k, its probability
    layer: dict[int, tuple[float, float]] = {0: (1.0, 0.0)}  # mask -> (chance, chips placed)
    for place, prize in enumerate(paid):
        following: dict[int, tuple[float, float]] = {}
        for mask, (chance, placed) in layer.items():
            rest = total - placed
            if rest <= 0:
                continue
            for i in range(n):
                if mask >> i & 1 or stacks[i] == 0:
                    continue
                p = chance * stacks[i] / rest
                equity[i] += p * prize
                if place + 1 < len(paid):
                    key = mask | 1 << i
                    old = following.get(key)
                    following[key] = (p + (old[0] if old else 0.0), placed + stacks[i])
        layer = following
    return tuple(equity)


def _largest_remainder(exact: Sequence[float], total: int) -> tuple[int, ...]:
    floors = [math.floor(x + 1e-9) for x in exact]
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[: total - sum(floors)]:
        floors[i] += 1
    return tuple(floors)


def icm_deal(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[int, ...]:
    """A deal by ICM: the prizes left split by each stack's ICM equity, in whole
    units summing to the prizes (largest remainders get the odd units).

    >>> icm_deal((50, 30, 20), (50, 30, 20))
    (38, 33, 29)
    """
    left = sum(prizes[: len(stacks)])
    return _largest_remainder(icm_equities(stacks, prizes), left)


def chip_chop(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[int, ...]:
    """A chip-chop deal: every player left gets the smallest prize still to be
    won, and the rest of the prizes is split in proportion to the chips.

    >>> chip_chop((50, 30, 20), (50, 30, 20))
    (40, 32, 28)
    """
    n = len(stacks)
    table = list(prizes[:n]) + [0] * (n - len(prizes[:n]))
    floor = table[-1]
    rest = sum(table) - floor * n
    total = sum(stacks)
    if total <= 0:
        raise ConfigurationError(
            gettext("stacks: need chips, none negative, got {stacks}").format(stacks=list(stacks))
        )
    shares = _largest_remainder([rest * s / total for s in stacks], rest)
    return tuple(floor + s for s in shares)
