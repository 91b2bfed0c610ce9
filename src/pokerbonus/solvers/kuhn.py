"""Kuhn poker: three cards (J, Q, K), one each, ante 1, one bet of 1.

Player 0 acts first: pass (``p``, a check) or bet (``b``). After a check,
player 1 may check (showdown for the antes) or bet; after a bet the other
player passes (``p``, a fold) or bets (``b``, a call, showdown for 2 each).
The higher card wins at the showdown. The game value for player 0 is -1/18.

Information sets are named by the player's card and the actions so far:
``"Q"``, ``"Kpb"``, ``"Jb"`` (OpenSpiel's ``kuhn_poker`` writes the card as
0, 1, 2: ``"1"``, ``"2pb"``, ``"0b"``).

>>> game = kuhn_poker()
>>> game.actions("Q"), game.player_of("Jb")
(('p', 'b'), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from pokerbonus.solvers.game import CHANCE, TERMINAL, Game, GameDescription, build_game

__all__ = ["KuhnPoker", "kuhn_poker"]

CARDS: Final = "JQK"
_ENDINGS: Final = ("pp", "bp", "bb", "pbp", "pbb")

KuhnState = tuple[str, str]
"""(cards dealt so far, actions so far)."""


class KuhnPoker(GameDescription[KuhnState]):
    """The rules of Kuhn poker (see the module doc)."""

    name = "kuhn_poker"
    unit = 1.0
    unit_name = "ante"

    def initial_state(self) -> KuhnState:
        """No card dealt, no action."""
        return ("", "")

    def player(self, state: KuhnState) -> int:
        """Chance for the two deals, then alternate from player 0; terminal at an ending."""
        cards, history = state
        if len(cards) < 2:
            return CHANCE
        if history in _ENDINGS:
            return TERMINAL
        return len(history) % 2

    def actions(self, state: KuhnState) -> Sequence[str]:
        """Pass or bet."""
        return ("p", "b")

    def chance_outcomes(self, state: KuhnState) -> Sequence[tuple[str, float]]:
        """Each card not dealt yet, equally likely."""
        left = [c for c in CARDS if c not in state[0]]
        return tuple((c, 1.0 / len(left)) for c in left)

    def child(self, state: KuhnState, action: str) -> KuhnState:
        """Deal a card or append an action."""
        cards, history = state
        if len(cards) < 2:
            return (cards + action, history)
        return (cards, history + action)

    def infoset(self, state: KuhnState) -> str:
        """The acting player's card followed by the actions."""
        cards, history = state
        return cards[len(history) % 2] + history

    def payoff(self, state: KuhnState) -> float:
        """Antes of 1, a bet of 1; a fold loses what was put in."""
        cards, history = state
        if history == "bp":
            return 1.0
        if history == "pbp":
            return -1.0
        stake = 2.0 if "b" in history else 1.0
        return stake if CARDS.index(cards[0]) > CARDS.index(cards[1]) else -stake


@lru_cache(maxsize=1)
def kuhn_poker() -> Game:
    """Kuhn poker built as a :class:`Game` (cached: the same object every call)."""
    return build_game(KuhnPoker())
