"""Player actions and the legal actions of the decision at hand.

>>> Action.raise_to(40)
Action(kind='raise_to', amount=40, cards=())
>>> Action.discard([0, 4]).cards
(0, 4)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

__all__ = ["ACTION_KINDS", "DECISIONS", "Action", "ActionKind", "Decision", "LegalActions"]

Decision = Literal["bet", "draw", "discard", "buy_pot", "surblind", "kill"]
"""What the player to act is deciding: a betting action, how many cards to draw,
which cards to discard (no replacement), whether to buy the pot, whether to surblind,
whether to put the kill on ("look at two and kill")."""

DECISIONS: Final = ("bet", "draw", "discard", "buy_pot", "surblind", "kill")

ActionKind = Literal[
    "fold", "check_or_call", "raise_to", "discard", "buy_pot", "surblind", "decline", "kill"
]
ACTION_KINDS: Final = (
    "fold", "check_or_call", "raise_to", "discard", "buy_pot", "surblind", "decline", "kill"
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Action:
    """One action of the player to act, for :meth:`Hand.act` and :meth:`Hand.verify`.

    ``amount`` is the total bet to raise to (``raise_to``); ``cards`` the cards
    given up (``discard``; empty = stand pat).
    """

    kind: ActionKind
    amount: int = 0
    cards: tuple[int, ...] = ()

    @classmethod
    def fold(cls) -> Action:
        """Fold."""
        return cls("fold")

    @classmethod
    def check_or_call(cls) -> Action:
        """Check, or call the current bet."""
        return cls("check_or_call")

    @classmethod
    def raise_to(cls, amount: int) -> Action:
        """Open (bet) or raise to a total bet of ``amount`` this round."""
        return cls("raise_to", amount)

    @classmethod
    def discard(cls, cards: Iterable[int]) -> Action:
        """Exchange (draw) or discard these cards; none = stand pat."""
        return cls("discard", 0, tuple(cards))

    @classmethod
    def stand_pat(cls) -> Action:
        """Draw no card."""
        return cls("discard")


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player ``seat`` may do now (``decision``).

    Betting: ``can_check``, ``can_fold``, ``call_amount`` (chips to add to call,
    ``None`` if there is nothing to call), ``min_raise_to``/``max_raise_to`` (the
    totals a bet or raise may reach, ``None`` if raising is not allowed).
    Draw: ``max_discard`` cards (``can_take_four`` when the four-card exchange is
    still free). Discard: exactly ``discard_count``.
    """

    seat: int
    decision: Decision
    can_check: bool = False
    can_fold: bool = False
    call_amount: int | None = None
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    max_discard: int = 0
    can_take_four: bool = False
    discard_count: int = 0
    offer_amount: int = 0
