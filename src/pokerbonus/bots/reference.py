"""Reference opponents for hold'em: re-implementations of the two example players
of PyPokerEngine's tutorial ("honest" and "fish") and an adapter that plays
RLCard's limit hold'em rule model (``limit-holdem-rule-v1``) at our tables.

* :class:`HonestBot`: estimates its hole cards' chance to win the showdown
  against ``players - 1`` random hands (every seat dealt in at the start of the
  hand, as in the original) with ``simulations`` Monte Carlo deals, and calls
  when that chance is at least ``1 / players``; otherwise folds (checks when
  nothing is to call: our engine has no fold then). It never raises.
* :class:`FishBot`: always checks or calls.
* :class:`RLCardRuleBot`: maps our view to RLCard's raw state (``hand``,
  ``public_cards``, ``raw_legal_actions``) and plays what its rule agent answers;
  ``raise`` becomes the smallest legal raise (the fixed bet in limit games).
  Needs the optional ``rlcard`` package.

>>> from pokerbonus.cards import parse_cards
>>> rlcard_cards(parse_cards("As Td"))
['SA', 'DT']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pokerbonus.bots.base import UNLIMITED, Bot, Budget, GameInfo, fallback_action
from pokerbonus.bots.equity_kernels import GAME_HOLDEM, community_equity, get_tables
from pokerbonus.cards import Card
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError

__all__ = ["FishBot", "HonestBot", "RLCardRuleBot", "rlcard_cards", "rlcard_legal_actions"]


class FishBot(Bot):
    """Always checks or calls (PyPokerEngine's ``FishPlayer``)."""

    name = "fish"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Check or call; the safe action outside betting."""
        legal = view.legal
        if legal is not None and legal.decision == "bet":
            return Action.check_or_call()
        return fallback_action(legal, view.hole)


class HonestBot(Bot):
    """Calls when its Monte Carlo win rate is at least ``1 / players``, else folds
    (PyPokerEngine's ``HonestPlayer``; see the module doc)."""

    name = "honest"

    def __init__(self, seed: int | None = None, simulations: int = 1000) -> None:
        super().__init__(seed)
        if simulations < 1:
            raise ConfigurationError(f"simulations: must be at least 1, got {simulations}")
        self.simulations = simulations

    def win_rate(self, hole: Sequence[Card], board: Sequence[Card], players: int) -> float:
        """The share of the pot ``hole`` wins on average against ``players - 1``
        random hands with ``board`` completed at random."""
        k = players - 1
        return float(
            community_equity(
                GAME_HOLDEM, np.array([int(c) for c in hole], np.int64),
                np.array([int(c) for c in board], np.int64), np.zeros(0, np.int64),
                np.ones((k, 52, 52)), np.zeros(k), np.zeros((k, 3), np.int64),
                np.ones((k, 3)), self.simulations, self.rng.getrandbits(31), get_tables(),
            )
        )  # fmt: skip

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Call if the win rate beats ``1 / players``, else fold (check when free)."""
        legal = view.legal
        if legal is None or legal.decision != "bet":
            return fallback_action(legal, view.hole)
        rate = self.win_rate(view.hole, view.board, view.players)
        if rate >= 1.0 / view.players or not legal.can_fold:
            return Action.check_or_call()
        return Action.fold()


_SUITS = "CDHS"
_RANKS = "23456789TJQKA"


def rlcard_cards(cards: Sequence[Card]) -> list[str]:
    """Cards in RLCard's notation: suit letter (upper case) then rank (``'SA'``)."""
    return [_SUITS[int(c) & 3] + _RANKS[int(c) >> 2] for c in cards]


def rlcard_legal_actions(can_fold: bool, to_call: int, can_raise: bool) -> list[str]:
    """RLCard's limit hold'em legal actions for our decision: ``call``/``check``,
    ``raise`` while the cap allows, ``fold`` (RLCard lets a player fold even when
    nothing is to call; we map that fold to a check).

    >>> rlcard_legal_actions(True, 2, True)
    ['call', 'raise', 'fold']
    >>> rlcard_legal_actions(False, 0, False)
    ['fold', 'check']
    """
    actions = ["call"] if to_call > 0 else []
    if can_raise:
        actions.append("raise")
    actions.append("fold")
    if to_call <= 0:
        actions.append("check")
    return actions


class RLCardRuleBot(Bot):
    """RLCard's ``limit-holdem-rule-v1`` rule agent at our table (see the module doc).

    Raises :class:`~pokerbonus.errors.ConfigurationError` when ``rlcard`` is not
    installed.
    """

    name = "rlcard"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        try:
            from rlcard.models.limitholdem_rule_models import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
                LimitholdemRuleAgentV1,
            )
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ConfigurationError(
                f"bot 'rlcard': the rlcard package is not installed ({error})"
            ) from error
        self.agent: Any = LimitholdemRuleAgentV1()

    def raw_state(self, view: SeatView) -> dict[str, Any]:
        """The state RLCard's rule agent reads, built from our view."""
        legal = view.legal
        assert legal is not None
        can_raise = legal.min_raise_to is not None and legal.max_raise_to is not None
        actions = rlcard_legal_actions(legal.can_fold, legal.call_amount or 0, can_raise)
        return {
            "raw_obs": {
                "hand": rlcard_cards(view.hole),
                "public_cards": rlcard_cards(view.board),
                "legal_actions": actions,
            },
            "raw_legal_actions": actions,
        }

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """What the rule agent answers, mapped to our actions."""
        legal = view.legal
        if legal is None or legal.decision != "bet":
            return fallback_action(legal, view.hole)
        answer = self.agent.step(self.raw_state(view))
        if answer == "raise" and legal.min_raise_to is not None:
            return Action.raise_to(legal.min_raise_to)
        if answer == "fold" and legal.can_fold:
            return Action.fold()
        return Action.check_or_call()
