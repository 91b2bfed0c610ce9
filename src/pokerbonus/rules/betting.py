"""Betting structures (RULES.md section 6): no-limit, pot-limit and limit.

A structure is a small frozen value; the engine asks it nothing but its fields.

>>> NO_LIMIT.kind, POT_LIMIT.kind
('no-limit', 'pot-limit')
>>> s = limit(1, 2)
>>> s.bet_size("small"), s.bet_size("big"), s.cap
(1, 2, 3)
>>> s.big_blind, s.small_blind
(1, 1)
>>> limit(10, 20).small_blind
5
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext

__all__ = ["NO_LIMIT", "POT_LIMIT", "BetSize", "BettingKind", "BettingStructure", "limit"]

BettingKind = Literal["no-limit", "pot-limit", "limit"]
BetSize = Literal["small", "big"]
"""Which of the two limit bets a betting round uses."""

_KINDS: Final = ("no-limit", "pot-limit", "limit")


@dataclass(frozen=True, slots=True)
class BettingStructure:
    """How much may be bet: the kind, the limit bet sizes and the raise cap.

    ``cap`` is the number of raises allowed after the bet in a limit round
    (3, option 4); it does not apply when only two players remain in the hand.
    ``small_bet``/``big_bet`` are used only by ``limit``.
    """

    kind: BettingKind = "no-limit"
    small_bet: int = 0
    big_bet: int = 0
    cap: int = 3

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ConfigurationError(
                gettext("betting kind: must be one of {_kinds}, got {kind!r}").format(
                    _kinds=_KINDS, kind=self.kind
                )
            )
        if self.kind == "limit":
            if self.small_bet < 1 or self.big_bet < self.small_bet:
                raise ConfigurationError(
                    gettext(
                        "limit bets: need 1 <= small_bet <= big_bet, got {small_bet}/{big_bet}"
                    ).format(small_bet=self.small_bet, big_bet=self.big_bet)
                )
            if self.cap < 1:
                raise ConfigurationError(
                    gettext("raise cap: must be at least 1, got {cap}").format(cap=self.cap)
                )

    @property
    def is_limit(self) -> bool:
        """Whether bets and raises are fixed."""
        return self.kind == "limit"

    @property
    def big_blind(self) -> int:
        """Limit: the big blind the bets call for, the small bet (RULES.md section 6);
        0 for other kinds."""
        return self.small_bet if self.kind == "limit" else 0

    @property
    def small_blind(self) -> int:
        """Limit: the small blind, half the small bet rounded down (at least 1);
        0 for other kinds."""
        return max(self.small_bet // 2, 1) if self.kind == "limit" else 0

    def bet_size(self, size: BetSize) -> int:
        """The fixed bet of a limit round (``small`` or ``big``); 0 for other kinds."""
        if self.kind != "limit":
            return 0
        return self.small_bet if size == "small" else self.big_bet


NO_LIMIT: Final = BettingStructure("no-limit")
POT_LIMIT: Final = BettingStructure("pot-limit")


def limit(small_bet: int, big_bet: int, cap: int = 3) -> BettingStructure:
    """A limit structure named by its two bets, e.g. ``limit(1, 2)`` for 1/2."""
    return BettingStructure("limit", small_bet, big_bet, cap)
