"""Throughput of full hands under random legal play: ours vs pokerkit, same run.

Three games, six players, 200 chips each, no-limit, a 52-card deck for both engines:

- the French five-card draw, pot game (ante 1; the four-card exchange: four
  cards only while no one has exchanged four); pokerkit's draw game is built by
  hand from its ``State`` with every automation;
- deuce-to-seven single draw, blinds 1/2, up to five cards exchanged (pokerkit:
  ``NoLimitDeuceToSevenLowballSingleDraw``);
- hold'em, blinds 1/2 (pokerkit: ``NoLimitTexasHoldem``).

Both engines are driven by the same random policy, written once in
:mod:`pokerbonus.engine.random_play` (:func:`bet_intent`, :func:`raise_total`,
:func:`random_discard`) and used for pokerkit below exactly
as :func:`play_random_hand` uses it for ours: in a betting decision draw ``r``
uniform in [0, 1); facing a bet, fold when ``r < 0.15``; raise, when a raise is
allowed, when ``r < 0.40`` (half the time the minimum, else a uniform total up
to the maximum); else check or call. Draw: a uniform count from 0 to the
allowed maximum (4 while the four-card exchange is free, else 3), then a
uniform set of that many held cards. Each repeat runs both engines back to
back, so each ratio compares rates measured seconds apart on the same machine.
Times are the CPU time of this process (``time.process_time``), so other work
on a shared machine does not count against either engine; ``--wall`` uses the
wall clock instead.

    python benchmarks/bench_engine.py [--hands 4000] [--repeat 5] [--seed 1]
                                      [--game draw|27|holdem|all] [--wall]

Prints hands/s for each engine, each repeat, and the min/median of the ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from pokerbonus.engine import Hand
from pokerbonus.engine.random_play import (
    FOLD,
    RAISE,
    bet_intent,
    play_random_hand,
    raise_total,
    random_discard,
)
from pokerbonus.rules import (
    BettingRound,
    Deal,
    GameDef,
    PostForcedBets,
    Showdown,
    Stakes,
    five_card_draw,
)
from pokerbonus.rules.catalog import deuce_to_seven_single_draw

PLAYERS = 6
STACK = 200
DRAW = five_card_draw(deck_size=52)
DRAW_STAKES = Stakes.pot_game(1)
HOLDEM = GameDef(
    "no-limit hold'em",
    (
        PostForcedBets(),
        Deal(2),
        BettingRound("small", first="forced"),
        Deal(3, "board", burn=True),
        BettingRound("small"),
        Deal(1, "board", burn=True),
        BettingRound("big"),
        Deal(1, "board", burn=True),
        BettingRound("big"),
        Showdown(),
    ),
)
HOLDEM_STAKES = Stakes(ante=0, blinds=(1, 2))
DEUCE = deuce_to_seven_single_draw()
DEUCE_STAKES = Stakes(ante=0, blinds=(1, 2))

Runner = Callable[[int, int], tuple[float, int]]

clock: Callable[[], float] = time.process_time


def run_ours(game: GameDef, stakes: Stakes) -> Runner:
    """A runner of ``hands`` hands of ``game``: returns (seconds, actions)."""

    def run(hands: int, seed: int) -> tuple[float, int]:
        rng = random.Random(seed)
        actions = 0
        stacks = [STACK] * PLAYERS
        start = clock()
        for i in range(hands):
            hand = Hand(game, stacks, i % PLAYERS, stakes, rng=rng)
            actions += play_random_hand(hand, rng)
        return clock() - start, actions

    return run


_AUTOMATIONS: Any = None


def _automations() -> Any:
    global _AUTOMATIONS
    if _AUTOMATIONS is None:
        from pokerkit import Automation

        _AUTOMATIONS = tuple(Automation)  # every automation: deals, burns, showdown, pots
    return _AUTOMATIONS


def _pokerkit_draw_state() -> Any:
    from pokerkit import BettingStructure, Deck, Opening, StandardHighHand, State, Street

    return State(
        _automations(),
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


def _pokerkit_deuce_state() -> Any:
    from pokerkit import NoLimitDeuceToSevenLowballSingleDraw

    return NoLimitDeuceToSevenLowballSingleDraw.create_state(
        _automations(), True, 0, (1, 2), 2, [STACK] * PLAYERS, PLAYERS
    )


def _pokerkit_holdem_state() -> Any:
    from pokerkit import NoLimitTexasHoldem

    return NoLimitTexasHoldem.create_state(
        _automations(), True, 0, (1, 2), 2, [STACK] * PLAYERS, PLAYERS
    )


def run_pokerkit(new_state: Callable[[], Any], french: bool = True) -> Runner:
    """A runner of pokerkit hands with the same random policy as ours (``french``:
    the four-card exchange rule of our draw, else up to five cards)."""

    def run(hands: int, seed: int) -> tuple[float, int]:
        rng = random.Random(seed)
        actions = 0
        start = clock()
        for _ in range(hands):
            state = new_state()
            four_free = True
            while state.status:
                actions += 1
                drawing = state.standing_pat_or_discarding_statuses  # cheapest "a draw is due"
                if any(drawing):
                    seat = drawing.index(True)
                    held = list(state.hole_cards[seat])
                    most = (4 if four_free else 3) if french else 5
                    cards = random_discard(rng, held, most)
                    four_free = four_free and len(cards) != 4
                    state.stand_pat_or_discard(cards)
                    continue
                intent = bet_intent(rng, state.checking_or_calling_amount > 0)
                if intent == FOLD:
                    state.fold()
                    continue
                if intent == RAISE and state.can_complete_bet_or_raise_to():
                    low = state.min_completion_betting_or_raising_to_amount
                    high = state.max_completion_betting_or_raising_to_amount
                    state.complete_bet_or_raise_to(raise_total(rng, low, high))
                    continue
                state.check_or_call()
        return clock() - start, actions

    return run


def compare(name: str, ours: Runner, theirs: Runner, hands: int, repeat: int, seed: int) -> None:
    """Run both engines ``repeat`` times and print the rates and ratios."""
    kit_hands = max(hands // 20, 50)
    ours(200, seed)  # warm up (evaluator tables)
    theirs(5, seed)
    print(f"{name}, {PLAYERS} players, {STACK} chips, random legal play")
    print(
        f"  {'run':>3} {'pokerbonus hands/s':>19} {'pokerkit hands/s':>17} {'ratio':>7}"
        f" {'actions/hand (ours, pokerkit)':>31}"
    )
    ratios: list[float] = []
    rates: list[float] = []
    for run in range(repeat):
        seconds, actions = ours(hands, seed + run)
        kit_seconds, kit_actions = theirs(kit_hands, seed + run)
        rate, kit_rate = hands / seconds, kit_hands / kit_seconds
        rates.append(rate)
        ratios.append(rate / kit_rate)
        print(
            f"  {run + 1:>3} {rate:>19,.0f} {kit_rate:>17,.0f} {rate / kit_rate:>6.1f}x"
            f" {actions / hands:>20.1f}, {kit_actions / kit_hands:.1f}"
        )
    print(f"  pokerbonus hands/s: min {min(rates):,.0f}, median {statistics.median(rates):,.0f}")
    print(f"  ratio: min {min(ratios):.1f}x, median {statistics.median(ratios):.1f}x")


def main() -> None:
    """Run the comparisons and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=("draw", "27", "holdem", "all"), default="all")
    parser.add_argument("--wall", action="store_true", help="time with the wall clock")
    args = parser.parse_args()
    global clock
    clock = time.perf_counter if args.wall else time.process_time
    print(f"timing: {'wall clock' if args.wall else 'CPU time of this process'}")
    if args.game in ("draw", "all"):
        compare(
            "French five-card draw (pot game, ante 1)",
            run_ours(DRAW, DRAW_STAKES),
            run_pokerkit(_pokerkit_draw_state),
            args.hands, args.repeat, args.seed,
        )  # fmt: skip
    if args.game in ("27", "all"):
        compare(
            "deuce-to-seven single draw (blinds 1/2)",
            run_ours(DEUCE, DEUCE_STAKES),
            run_pokerkit(_pokerkit_deuce_state, french=False),
            args.hands, args.repeat, args.seed,
        )  # fmt: skip
    if args.game in ("holdem", "all"):
        compare(
            "no-limit hold'em (blinds 1/2)",
            run_ours(HOLDEM, HOLDEM_STAKES),
            run_pokerkit(_pokerkit_holdem_state),
            args.hands, args.repeat, args.seed,
        )  # fmt: skip


if __name__ == "__main__":
    main()
