"""Throughput of full five-card-draw hands under random legal play: ours vs pokerkit.

Six players, 200 chips each, ante 1, no-limit, a 52-card deck for both engines,
the same random policy (fold 15% when facing a bet, raise 25% when allowed,
half the time the minimum, else a uniform amount; draw 0..3 random cards);
pokerkit's draw game is built by hand from its ``State`` with automations.

    python benchmarks/bench_engine.py [--hands 3000] [--seed 1]

Prints hands/s for each engine and the ratio.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from pokerbonus.engine import Hand
from pokerbonus.engine.random_play import play_random_hand
from pokerbonus.rules import Stakes, five_card_draw

PLAYERS = 6
STACK = 200
GAME = five_card_draw(deck_size=52)
STAKES = Stakes.pot_game(1)


def run_ours(hands: int, seed: int) -> tuple[float, int]:
    """Play ``hands`` full hands; return (seconds, actions)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(hands):
        hand = Hand(GAME, [STACK] * PLAYERS, i % PLAYERS, STAKES, rng=rng)
        actions += play_random_hand(hand, rng)
    return time.perf_counter() - start, actions


def _pokerkit_state() -> Any:
    from pokerkit import (
        Automation,
        BettingStructure,
        Deck,
        Opening,
        StandardHighHand,
        State,
        Street,
    )

    return State(
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.CARD_BURNING,
            Automation.HOLE_DEALING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        Deck.STANDARD,
        (StandardHighHand,),
        (
            Street(False, (False,) * 5, 0, False, Opening.POSITION, 1, None),
            Street(False, (), 0, True, Opening.POSITION, 1, None),
        ),
        BettingStructure.NO_LIMIT,
        True,
        1,
        0,
        0,
        [STACK] * PLAYERS,
        PLAYERS,
    )


def run_pokerkit(hands: int, seed: int) -> tuple[float, int]:
    """Play ``hands`` pokerkit hands with the same random policy."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(hands):
        state = _pokerkit_state()
        while state.status:
            actions += 1
            if state.can_stand_pat_or_discard():
                seat = state.stand_patter_or_discarder_index
                held = list(state.hole_cards[seat])
                k = rng.randint(0, 3)
                state.stand_pat_or_discard(rng.sample(held, k))
                continue
            r = rng.random()
            if state.checking_or_calling_amount and r < 0.15:
                state.fold()
            elif r < 0.40 and state.can_complete_bet_or_raise_to():
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                amount = low if rng.random() < 0.5 else rng.randint(low, high)
                state.complete_bet_or_raise_to(amount)
            else:
                state.check_or_call()
    return time.perf_counter() - start, actions


def main() -> None:
    """Run both engines and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run_ours(200, args.seed)  # warm up (evaluator tables)
    ours, our_actions = run_ours(args.hands, args.seed)
    kit_hands = max(args.hands // 20, 50)
    theirs, kit_actions = run_pokerkit(kit_hands, args.seed)
    ours_rate = args.hands / ours
    kit_rate = kit_hands / theirs
    print(f"five-card draw, {PLAYERS} players, random legal play")
    print(f"  pokerbonus: {args.hands:>7} hands in {ours:6.2f} s = {ours_rate:>9,.0f} hands/s "
          f"({our_actions / args.hands:.1f} actions/hand)")
    print(f"  pokerkit:   {kit_hands:>7} hands in {theirs:6.2f} s = {kit_rate:>9,.0f} hands/s "
          f"({kit_actions / kit_hands:.1f} actions/hand)")
    print(f"  ratio: {ours_rate / kit_rate:.1f}x")


if __name__ == "__main__":
    main()
