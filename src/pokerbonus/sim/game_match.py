"""Bot matches in any game of the catalog (hold'em, Omaha, stud, lowball): the
same method as :mod:`pokerbonus.sim.match` (independent hands from fresh stacks,
duplicate blocks, mbb/hand with 95% intervals), for a :class:`GameDef` and its
:class:`Stakes` given directly, with the bots of :mod:`pokerbonus.bots.game_bots`.

The unit is the big blind (``stakes.opening_minimum``): 1,000 mbb/hand = one big
blind won per hand. Each hand starts from ``stack_units`` big blinds (100).

>>> from pokerbonus.rules import Stakes
>>> from pokerbonus.rules.catalog import holdem
>>> r = play_game_match(holdem(), Stakes(ante=0, blinds=(1, 2)), ["holdem:fish", "holdem:fish"],
...                     hands=4, seed=1, duplicate=True)
>>> r.hands, [x.bot for x in r.results], round(sum(x.mbb_per_hand for x in r.results), 6)
(4, ['holdem:fish'], 0.0)

:func:`play_solver_match` plays the solver's small games (Kuhn poker, Leduc
hold'em, the reduced draw game: :data:`pokerbonus.bots.expert.SOLVER_GAMES`)
as tables, heads-up, with the same method and result; the unit is the game's
big blind (``Game.unit``: the ante, or the draw game's small bet).

>>> r = play_solver_match("kuhn", ["expert", "random"], hands=200, seed=2, duplicate=True)
>>> r.hands, r.unit, [x.seat_rotations for x in r.results]
(200, 1, [2, 2])
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from pokerbonus.bots.base import Bot, Budget, GameInfo, fallback_action
from pokerbonus.bots.expert import SolverPlayer, SolverView, make_solver_player, solver_game
from pokerbonus.bots.game_bots import make_game_bot
from pokerbonus.cards import make_deck
from pokerbonus.engine.actions import Action
from pokerbonus.engine.state import Hand
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.i18n import gettext
from pokerbonus.rules import GameDef, Stakes
from pokerbonus.sim.match import BotResult, MatchResult, mean_ci95
from pokerbonus.solvers import CHANCE, TERMINAL, GameDescription

__all__ = ["play_game_match", "play_solver_match"]


class _Seat:
    __slots__ = ("bot", "decisions", "fallbacks", "name", "thinking")

    def __init__(self, name: str, bot: Bot) -> None:
        self.name = name
        self.bot = bot
        self.decisions = 0
        self.fallbacks = 0
        self.thinking = 0.0


def _play(
    game: GameDef, stakes: Stakes, stacks: list[int], dealer: int, deck: Sequence[int],
    seed: int, seated: Sequence[_Seat], info: GameInfo, seconds: float | None,
    samples: int, clock: Callable[[], float],
) -> tuple[int, ...]:  # fmt: skip
    hand = Hand(game, stacks, dealer, stakes, deck=deck, rng=random.Random(seed))
    for position, sitter in enumerate(seated):
        sitter.bot.new_hand(position, info)
    while not hand.finished:
        seat = hand.actor
        assert seat is not None
        player = seated[seat]
        view = hand.view(seat)
        budget = Budget.starting_now(clock, seconds, samples)
        action: Action | None
        try:
            action = player.bot.decide(view, info, budget)
        except Exception:  # a bot's bug must not stop the game
            action = None
        player.thinking += clock() - budget.start
        player.decisions += 1
        if action is not None and budget.expired():
            action = None
        if action is not None:
            try:
                hand.verify(action)
            except IllegalActionError:
                action = None
        if action is None:
            player.fallbacks += 1
            action = fallback_action(view.legal, view.hole)
        hand.act(action)
    for position, sitter in enumerate(seated):
        with contextlib.suppress(Exception):  # a bot's bug must not stop the game
            sitter.bot.hand_over(hand.view(position), info)
    return hand.net


def play_game_match(
    game: GameDef,
    stakes: Stakes,
    lineup: Sequence[str],
    hands: int,
    *,
    seed: int | None = None,
    duplicate: bool = False,
    stack_units: int = 100,
    seconds: float | None = None,
    samples: int = 400,
    clock: Callable[[], float] = time.perf_counter,
    factory: Callable[[str, int], Bot] = make_game_bot,
    on_hand: Callable[[int], None] | None = None,
) -> MatchResult:
    """Play ``hands`` independent hands of ``game`` between the bots of ``lineup``.

    Same rules as :func:`pokerbonus.sim.match.play_match` (plain or duplicate,
    Ctrl-C keeps complete blocks); bots are built by ``factory(name, seed)``.
    """
    players = len(lineup)
    if not game.min_players <= players <= game.max_players:
        raise ConfigurationError(
            gettext(
                "lineup: {name} seats {min_players}..{max_players} players, got {players}"
            ).format(
                name=game.name,
                min_players=game.min_players,
                max_players=game.max_players,
                players=players,
            )
        )
    if hands < 1:
        raise ConfigurationError(
            gettext("hands: must be at least 1, got {hands}").format(hands=hands)
        )
    if stack_units < 1:
        raise ConfigurationError(
            gettext("stack_units: must be at least 1, got {stack_units}").format(
                stack_units=stack_units
            )
        )
    info = GameInfo.from_game(game, players, stakes)
    rng = random.Random(seed)
    names = list(dict.fromkeys(lineup))
    roster = [_Seat(name, factory(name, rng.getrandbits(63))) for name in lineup]
    for player in roster:
        player.bot.warm_up(info)
    stacks = [stack_units * info.unit] * players
    cards = list(make_deck(info.deck_size, info.jokers))
    rotations = players if duplicate else 1
    blocks = -(-hands // players) if duplicate else hands
    results: dict[str, list[float]] = {name: [] for name in names}
    seats_of = {name: lineup.count(name) for name in names}
    played = 0
    interrupted = False
    try:
        for block in range(blocks):
            deck = cards[:]
            rng.shuffle(deck)
            reseed = rng.getrandbits(63)
            dealer = block % players
            totals = dict.fromkeys(names, 0)
            for r in range(rotations):
                seated = [roster[(s + r) % players] for s in range(players)]
                net = _play(
                    game, stakes, stacks, dealer, deck, reseed, seated, info, seconds,
                    samples, clock,
                )  # fmt: skip
                for seat, chips in enumerate(net):
                    totals[seated[seat].name] += chips
                played += 1
                if on_hand is not None:
                    on_hand(played)
            for name in names:
                results[name].append(totals[name] / (rotations * seats_of[name] * info.unit))
    except KeyboardInterrupt:
        interrupted = True
        played = len(results[names[0]]) * rotations
    out = _bot_results(names, roster, results, seats_of, rotations)
    return MatchResult(
        hands=played, players=players, duplicate=duplicate, unit=info.unit, seed=seed,
        results=out, interrupted=interrupted,
    )  # fmt: skip


class _SolverSeat:
    __slots__ = ("decisions", "fallbacks", "name", "player", "thinking")

    def __init__(self, name: str, player: SolverPlayer) -> None:
        self.name = name
        self.player = player
        self.decisions = 0
        self.fallbacks = 0
        self.thinking = 0.0


def _play_solver_hand(
    key: str, rules: GameDescription[Any], seated: Sequence[_SolverSeat], luck: random.Random,
    clock: Callable[[], float],
) -> float:  # fmt: skip
    """One hand; player 0's payoff in chips. Chance draws one uniform number from
    ``luck`` per chance node (so a replay with the same ``luck`` seed deals alike)."""
    state = rules.initial_state()
    while True:
        who = rules.player(state)
        if who == TERMINAL:
            return rules.payoff(state)
        if who == CHANCE:
            outcomes = rules.chance_outcomes(state)
            u, total, chosen = luck.random(), 0.0, outcomes[-1][0]
            for outcome, p in outcomes:
                total += p
                if u < total:
                    chosen = outcome
                    break
            state = rules.child(state, chosen)
            continue
        seat = seated[who]
        actions = tuple(rules.actions(state))
        view = SolverView(key, who, rules.infoset(state), actions)
        start = clock()
        try:
            action: str | None = seat.player.choose(view)
        except Exception:  # a bot's bug must not stop the game
            action = None
        seat.thinking += clock() - start
        seat.decisions += 1
        if action not in actions:
            seat.fallbacks += 1
            action = actions[0]  # the passive answer: check, pass, fold or stand pat
        state = rules.child(state, action)


def _bot_results(
    names: Sequence[str],
    roster: Sequence[_Seat] | Sequence[_SolverSeat],
    results: dict[str, list[float]],
    seats_of: dict[str, int],
    rotations: int,
) -> tuple[BotResult, ...]:
    """Each distinct bot's mean result in mbb/hand with its 95% interval and its
    decision counts, summed over the seats it held."""
    out = []
    for name in names:
        mean, ci = mean_ci95(results[name])
        members = [p for p in roster if p.name == name]
        decisions = sum(p.decisions for p in members)
        thinking = sum(p.thinking for p in members)
        out.append(
            BotResult(
                bot=name,
                seats=seats_of[name],
                seat_rotations=rotations,
                mbb_per_hand=1000 * mean,
                ci95=None if ci is None else (1000 * ci[0], 1000 * ci[1]),
                samples=len(results[name]),
                decisions=decisions,
                fallbacks=sum(p.fallbacks for p in members),
                ms_per_decision=1000 * thinking / decisions if decisions else 0.0,
            )
        )
    return tuple(out)


def play_solver_match(
    game: str,
    lineup: Sequence[str],
    hands: int,
    *,
    seed: int | None = None,
    duplicate: bool = False,
    clock: Callable[[], float] = time.perf_counter,
    factory: Callable[[str, int], SolverPlayer] = make_solver_player,
    on_hand: Callable[[int], None] | None = None,
) -> MatchResult:
    """Play ``hands`` hands of solver game ``game`` (``kuhn``, ``leduc``,
    ``reduced-draw``) between the two players of ``lineup``.

    Seat 0 is the solver's player 0 (the first to speak). Plain: seats are
    fixed. ``duplicate``: each deal is played twice with the seats swapped (the
    chance nodes draw from the same random numbers: the same hands, and the
    same replacement cards where the discards allow), ``hands`` rounded up to
    whole pairs; the interval is then over pairs. Ctrl-C keeps complete blocks.
    """
    spec = solver_game(game)
    if len(lineup) != 2:
        raise ConfigurationError(
            gettext("lineup: {title} is played heads-up, got {count} bots").format(
                title=spec.title, count=len(lineup)
            )
        )
    if hands < 1:
        raise ConfigurationError(
            gettext("hands: must be at least 1, got {hands}").format(hands=hands)
        )
    rules = spec.rules()
    unit = spec.game().unit
    rng = random.Random(seed)
    names = list(dict.fromkeys(lineup))
    roster = [_SolverSeat(name, factory(name, rng.getrandbits(63))) for name in lineup]
    rotations = 2 if duplicate else 1
    blocks = -(-hands // 2) if duplicate else hands
    results: dict[str, list[float]] = {name: [] for name in names}
    seats_of = {name: lineup.count(name) for name in names}
    played = 0
    interrupted = False
    try:
        for _ in range(blocks):
            deal = rng.getrandbits(63)
            totals = dict.fromkeys(names, 0.0)
            for r in range(rotations):
                seated = [roster[(s + r) % 2] for s in range(2)]
                won = _play_solver_hand(game, rules, seated, random.Random(deal), clock)
                totals[seated[0].name] += won
                totals[seated[1].name] -= won
                played += 1
                if on_hand is not None:
                    on_hand(played)
            for name in names:
                results[name].append(totals[name] / (rotations * seats_of[name] * unit))
    except KeyboardInterrupt:
        interrupted = True
        played = len(results[names[0]]) * rotations
    out = _bot_results(names, roster, results, seats_of, rotations)
    return MatchResult(
        hands=played, players=2, duplicate=duplicate, unit=max(1, round(unit)), seed=seed,
        results=out, interrupted=interrupted,
    )  # fmt: skip
