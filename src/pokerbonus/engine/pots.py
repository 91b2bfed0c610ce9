"""Pots, side pots and splits (RULES.md section 7).

Pots are built from each player's total contribution to the hand: every distinct
contribution level of a player still in closes a pot that all players who reached
it paid into; folded players' chips stay in, but they win nothing.

The reference example of section 7 (stacks 300, 200, 100, 50, everyone all-in):

>>> [(p.amount, p.eligible) for p in side_pots([200, 200, 100, 50], [False] * 4)]
[(200, (0, 1, 2, 3)), (150, (0, 1, 2)), (200, (0, 1))]
>>> split_pot(5, [3, 1], dealer=0, seats=4)
{1: 3, 3: 2}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext

__all__ = ["Pot", "PotResult", "side_pots", "split_high_low", "split_pot"]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats that may win it (still in, reached its level)."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PotResult:
    """How one pot was settled: its chips, who could win it and what each winner got.

    ``shares`` pairs ``(seat, chips)`` in the order the chips were handed out;
    ``low_winners`` is empty unless the low half of a high/low pot was won.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    low_winners: tuple[int, ...] = ()


_new = object.__new__


def _setter(name: str) -> Callable[[Any, Any], None]:
    setter: Callable[[Any, Any], None] = getattr(PotResult, name).__set__
    return setter


_set_amount = _setter("amount")
_set_eligible = _setter("eligible")
_set_winners = _setter("winners")
_set_shares = _setter("shares")
_set_low = _setter("low_winners")


def pot_result(
    amount: int,
    eligible: tuple[int, ...],
    winners: tuple[int, ...],
    shares: tuple[tuple[int, int], ...],
) -> PotResult:
    """``PotResult(amount, eligible, winners, shares)`` built by setting its slots
    (the engine's showdown; the frozen dataclass ``__init__`` does nothing more).

    >>> pot_result(10, (0, 1), (1,), ((1, 10),)) == PotResult(10, (0, 1), (1,), ((1, 10),))
    True
    """
    result: PotResult = _new(PotResult)
    _set_amount(result, amount)
    _set_eligible(result, eligible)
    _set_winners(result, winners)
    _set_shares(result, shares)
    _set_low(result, ())
    return result


def side_pots(contributions: Sequence[int], folded: Sequence[bool]) -> tuple[Pot, ...]:
    """The main pot and side pots, smallest level first.

    Levels are the distinct contributions of players still in. Chips above the
    highest such level (possible only from folded players) join the last pot.
    A level reached by no player still in merges into the pot below it.

    >>> side_pots([10, 30, 30], [False, True, False])
    (Pot(amount=30, eligible=(0, 2)), Pot(amount=40, eligible=(2,)))
    """
    if len(contributions) != len(folded):
        raise PokerError(
            gettext("side_pots: {count} contributions for {count2} folded flags").format(
                count=len(contributions), count2=len(folded)
            )
        )
    levels = sorted({c for c, f in zip(contributions, folded, strict=True) if not f and c > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = tuple(
            i
            for i, (c, f) in enumerate(zip(contributions, folded, strict=True))
            if not f and c >= level
        )
        pots.append(Pot(amount, eligible))
        previous = level
    rest = sum(c - previous for c in contributions if c > previous)
    if rest:
        if pots:
            last = pots[-1]
            pots[-1] = Pot(last.amount + rest, last.eligible)
        else:
            everyone = tuple(i for i, c in enumerate(contributions) if c > 0)
            pots.append(Pot(rest, everyone))
    return tuple(pots)


def clockwise_from_dealer(seats: Iterable[int], dealer: int, n: int) -> list[int]:
    """``seats`` ordered clockwise starting with the first seat left of the dealer."""
    return sorted(seats, key=lambda s: (s - dealer - 1) % n)


def split_pot(
    amount: int, winners: Iterable[int], dealer: int, seats: int, *, odd_to_first: bool = False
) -> dict[int, int]:
    """Split ``amount`` equally among ``winners``; odd chips go one each to the first
    winners clockwise from the dealer (``odd_to_first``: all of them to the first,
    the convention of PHH's reference engine). Returns ``{seat: chips}`` in that order.

    >>> split_pot(8, [0, 2, 1], dealer=1, seats=3)
    {2: 3, 0: 3, 1: 2}
    >>> split_pot(8, [0, 2, 1], dealer=1, seats=3, odd_to_first=True)
    {2: 4, 0: 2, 1: 2}
    """
    order = clockwise_from_dealer(set(winners), dealer, seats)
    if not order:
        raise PokerError(
            gettext("split_pot: no winner for a pot of {amount}").format(amount=amount)
        )
    share, odd = divmod(amount, len(order))
    if odd_to_first:
        return {seat: share + (odd if k == 0 else 0) for k, seat in enumerate(order)}
    return {seat: share + (1 if k < odd else 0) for k, seat in enumerate(order)}


def split_high_low(
    amount: int,
    high_winners: Iterable[int],
    low_winners: Iterable[int],
    dealer: int,
    seats: int,
    *,
    odd_to_first: bool = False,
) -> dict[int, int]:
    """Split a high/low pot: the high half (with the odd chip) to the best high hands,
    the low half to the best qualifying lows; no qualifying low: high takes all.
    ``odd_to_first``: see :func:`split_pot`.

    >>> split_high_low(11, [0], [1, 2], dealer=0, seats=3)
    {0: 6, 1: 3, 2: 2}
    >>> split_high_low(11, [0], [], dealer=0, seats=3)
    {0: 11}
    """
    lows = list(low_winners)
    if not lows:
        return split_pot(amount, high_winners, dealer, seats, odd_to_first=odd_to_first)
    low_half = amount // 2
    result = split_pot(amount - low_half, high_winners, dealer, seats, odd_to_first=odd_to_first)
    for seat, chips in split_pot(low_half, lows, dealer, seats, odd_to_first=odd_to_first).items():
        result[seat] = result.get(seat, 0) + chips
    return result
