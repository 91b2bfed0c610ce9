"""pokerkit's side of the differential tests: its games, built right, and a seeded
random player that deals the cards itself (tests/test_pokerkit_replay.py).

pokerkit 0.7.7's ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` inherits the
pot-limit mixin, so it plays fixed-limit Omaha high/low as pot-limit with no cap.
:class:`FixedLimitOmahaHiLo` puts pokerkit's own fixed-limit mixin first over the
same class: the fixed bets and the cap of four of its other fixed-limit games.
:class:`HandHistory` reads and writes ``FO/8`` with that class.

pokerkit shuffles with the global ``random`` module; here no card is left to it:
every card dealt or burned is chosen by the seeded generator of the caller, from
the stub in a sorted order (then, once the stub is empty, from pokerkit's reserve
of burned, mucked and discarded cards, which pokerkit reshuffles into the stub).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import pokerkit
from pokerkit import Automation

__all__ = ["GAMES", "FixedLimitOmahaHiLo", "HandHistory", "Played", "play_random_hand"]

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class FixedLimitOmahaHiLo(
    pokerkit.FixedLimitPokerMixin, pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
):
    """Fixed-limit Omaha high/low eight-or-better as pokerkit means it (see the module doc)."""


class HandHistory(pokerkit.HandHistory):
    """pokerkit's hand histories with ``FO/8`` played by :class:`FixedLimitOmahaHiLo`."""

    game_types: ClassVar[dict[str, Any]] = {
        **pokerkit.HandHistory.game_types,
        "FO/8": FixedLimitOmahaHiLo,
    }
    variants: ClassVar[dict[Any, str]] = {
        **pokerkit.HandHistory.variants,
        FixedLimitOmahaHiLo: "FO/8",
    }


BLINDS = (1, 2)


def _blinds(kind: Any, limit: bool) -> Callable[[], Any]:
    if limit:
        return lambda: kind(AUTOMATIONS, True, 0, BLINDS, 2, 4)
    return lambda: kind(AUTOMATIONS, True, 0, BLINDS, 2)


def _stud(kind: Any) -> Callable[[], Any]:
    return lambda: kind(AUTOMATIONS, True, 1, 1, 2, 4)  # ante 1, bring-in 1, bets 2/4


GAMES: dict[str, Callable[[], Any]] = {
    "NT": _blinds(pokerkit.NoLimitTexasHoldem, False),
    "FT": _blinds(pokerkit.FixedLimitTexasHoldem, True),
    "NS": _blinds(pokerkit.NoLimitShortDeckHoldem, False),
    "PO": _blinds(pokerkit.PotLimitOmahaHoldem, False),
    "FO/8": _blinds(FixedLimitOmahaHiLo, True),
    "N2L1D": _blinds(pokerkit.NoLimitDeuceToSevenLowballSingleDraw, False),
    "F2L3D": _blinds(pokerkit.FixedLimitDeuceToSevenLowballTripleDraw, True),
    "FB": _blinds(pokerkit.FixedLimitBadugi, True),
    "F7S": _stud(pokerkit.FixedLimitSevenCardStud),
    "F7S/8": _stud(pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter),
    "FR": _stud(pokerkit.FixedLimitRazz),
}
"""The 11 games of the differential test by PHH code: a pokerkit game of 1/2
blinds (min bet 2, limit bets 2/4), or for stud ante 1, bring-in 1, bets 2/4."""


@dataclass(frozen=True)
class Played:
    """A hand pokerkit played: its PHH text, pokerkit's final stacks, and whether a
    round had four completions, bets or raises after the blinds (more than the
    rule book's cap with the blind as the bet) and whether a card was dealt twice
    (the stub ran out and pokerkit dealt the discards again)."""

    text: str
    stacks: tuple[int, ...]
    four_raises: bool
    dealt_again: bool


def _cards(state: Any, count: int, rng: random.Random) -> list[Any]:
    """``count`` cards from the stub, then (once it is empty) from the reserve."""
    stub = sorted(state.deck_cards, key=repr)
    rng.shuffle(stub)
    if count <= len(stub):
        return stub[:count]
    reserve = sorted(state.reserved_cards, key=repr)
    rng.shuffle(reserve)
    return stub + reserve[: count - len(stub)]


def play_random_hand(code: str, players: int, rng: random.Random, raise_odds: float) -> Played:
    """A random legal hand of ``code`` played by pokerkit: stacks of 3 to 300 chips,
    a bet or raise with probability ``raise_odds`` when allowed, else a fold one
    time in three when facing a bet, else check or call; draws of any number of
    cards. pokerkit warns when it deals from its reserve (the stub is empty): the
    warning is expected here, not an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return _play(code, players, rng, raise_odds)


def _play(code: str, players: int, rng: random.Random, raise_odds: float) -> Played:
    game = GAMES[code]()
    state = game([rng.randint(3, 300) for _ in range(players)], players)
    four = False
    dealt: set[Any] = set()
    again = False
    while state.status:
        if state.can_burn_card():
            state.burn_card(_cards(state, 1, rng)[0])
        elif state.can_deal_hole():
            cards = _cards(state, 1, rng)
            again = again or cards[0] in dealt
            dealt.update(cards)
            state.deal_hole(cards)
        elif state.can_deal_board():
            state.deal_board(_cards(state, state.board_dealing_counts[0], rng))
        elif state.can_stand_pat_or_discard():
            hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
        elif state.can_post_bring_in():
            if state.can_complete_bet_or_raise_to() and rng.random() < raise_odds:
                state.complete_bet_or_raise_to()
            else:
                state.post_bring_in()
        elif state.can_check_or_call():
            roll = rng.random()
            if state.can_complete_bet_or_raise_to() and roll < raise_odds:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                pick = rng.random()
                amount = low if pick < 0.6 else high if pick < 0.75 else rng.randint(low, high)
                state.complete_bet_or_raise_to(amount)
                blinds = not state.antes[0] and state.street_index == 0
                four = four or (blinds and state.completion_betting_or_raising_count == 4)
            elif state.can_fold() and roll < raise_odds + (1 - raise_odds) / 3:
                state.fold()
            else:
                state.check_or_call()
        elif state.can_show_or_muck_hole_cards():  # pragma: no cover - automated
            state.show_or_muck_hole_cards()
        else:  # pragma: no cover - pokerkit always offers one of the above
            raise AssertionError(f"{code}: no operation for pokerkit's state")
    text = HandHistory.from_game_state(game, state).dumps()
    return Played(text, tuple(state.stacks), four, again)
