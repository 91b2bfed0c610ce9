"""Random legal play: a uniform-ish random player for tests, fuzzing and benchmarks.

>>> import random
>>> from pokerbonus.rules import FIVE_CARD_DRAW
>>> rng = random.Random(7)
>>> hand = Hand(FIVE_CARD_DRAW, [50, 50, 50], dealer=2, rng=rng)
>>> random_action(hand, rng).kind in ("check_or_call", "raise_to"), hand.can_fold()
(True, False)
>>> _ = play_random_hand(hand, rng)
>>> hand.finished, sum(hand.stacks)
(True, 150)
"""

from __future__ import annotations

import random

from pokerbonus.engine.actions import Action, ActionKind
from pokerbonus.engine.state import Hand
from pokerbonus.errors import IllegalActionError, PokerError

__all__ = ["play_random_hand", "random_action"]


def random_action(
    hand: Hand, rng: random.Random, *, fold: float = 0.15, raise_: float = 0.25
) -> Action:
    """A random legal action for the player to act: fold with probability ``fold``
    (when folding is allowed), raise with ``raise_`` (the minimum half the time, else
    a uniform amount up to the maximum), else check or call; a random draw or
    discard; accept an offer half the time."""
    legal = hand.legal_actions()
    decision = legal.decision
    if decision == "bet":
        r = rng.random()
        if legal.can_fold and r < fold:
            return Action("fold")
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None and r < fold + raise_:
            amount = low if rng.random() < 0.5 else rng.randint(low, high)
            return Action("raise_to", amount)
        return Action("check_or_call")
    if decision in ("draw", "discard"):
        held = hand.hole_cards(legal.seat)
        if decision == "discard":
            return Action("discard", 0, tuple(rng.sample(held, legal.discard_count)))
        k = rng.randint(0, min(legal.max_discard, len(held)))
        while k:
            cards = tuple(rng.sample(held, k))
            if hand.can_discard(cards):
                return Action("discard", 0, cards)
            k -= 1
        return Action("discard")
    accept: ActionKind = "buy_pot" if decision == "buy_pot" else "surblind"
    return Action(accept if rng.random() < 0.5 else "decline")


def play_random_hand(hand: Hand, rng: random.Random, *, max_actions: int = 10_000) -> int:
    """Play ``hand`` to the end with the policy of :func:`random_action` (calling the
    hand's methods directly, for speed); return the number of actions."""
    count = 0
    random_ = rng.random
    while not hand.finished:
        if count >= max_actions:
            raise PokerError(f"hand not finished after {max_actions} actions")
        count += 1
        decision = hand.decision
        if decision == "bet":
            r = random_()
            if r < 0.15 and hand.to_call:
                hand.fold()
                continue
            if r < 0.40:
                bounds = hand.raise_bounds()
                if bounds is not None:
                    low, high = bounds
                    hand.complete_bet_or_raise_to(
                        low if random_() < 0.5 else rng.randint(low, high)
                    )
                    continue
            hand.check_or_call()
        elif decision == "draw":
            seat = hand.actor
            assert seat is not None
            held = hand.hole_cards(seat)
            k = rng.randint(0, min(hand.max_discard(), len(held)))
            while True:
                try:
                    hand.discard(rng.sample(held, k) if k else ())
                    break
                except IllegalActionError:  # not enough cards left to draw
                    k -= 1
        else:
            hand.act(random_action(hand, rng))
    return count
