"""Bot matches: many independent hands between computer players, with each bot's
result in milli-big-blinds per hand and a 95% confidence interval.

The unit ("big blind") of a five-card draw match is the minimum opening of the
table: the ante in a pot game (the usual French game), the blind in a blind
game. 1,000 mbb/hand = one ante won per hand on average.

Every hand starts from fresh stacks (``stack_units`` units each, 100 by
default), so hands are independent and a bot's per-hand results are i.i.d.
samples. With ``duplicate``, each deal (deck order, dealer, reshuffle seed) is
replayed once per seat rotation, so every player plays every seat's cards: a
block of ``players`` hands. Hands of one block are correlated (same cards), so
the interval is then computed over blocks (each block's mean per hand), which
are independent; without ``duplicate`` it is computed over hands. The interval
is the normal one, mean +- 1.96 standard errors.

>>> result = play_match(TableConfig(players=2), ["station", "random"], hands=40, seed=3)
>>> result.hands, [r.bot for r in result.results]
(40, ['station', 'random'])
>>> a, b = result.results
>>> round(a.mbb_per_hand + b.mbb_per_hand, 6)
0.0
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerbonus.bots import Bot, Budget, GameInfo, fallback_action, make_bot
from pokerbonus.cards import make_deck
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import game_for
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.rules import GameDef, Stakes

__all__ = ["BotResult", "MatchResult", "parse_lineup", "play_match", "stakes_for"]

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class BotResult:
    """One bot's result over a match.

    ``seats``: how many seats it held; ``seat_rotations``: how many seat
    assignments it played each deal with (``players`` in a duplicate match, else
    1); ``mbb_per_hand``: its mean result per hand and per seat it held, in
    thousandths of the unit; ``ci95``: the 95% interval of that mean (``None``
    with fewer than two samples); ``samples``: the independent samples behind
    it (hands, or duplicate blocks); ``fallbacks``: decisions replaced by the
    safe action (an error, an illegal answer or the deadline);
    ``ms_per_decision``: its average thinking time.
    """

    bot: str
    seats: int
    seat_rotations: int
    mbb_per_hand: float
    ci95: tuple[float, float] | None
    samples: int
    decisions: int
    fallbacks: int
    ms_per_decision: float

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "bot": self.bot,
            "seats": self.seats,
            "seat_rotations": self.seat_rotations,
            "mbb_per_hand": round(self.mbb_per_hand, 3),
            "ci95": None if self.ci95 is None else [round(x, 3) for x in self.ci95],
            "samples": self.samples,
            "decisions": self.decisions,
            "fallbacks": self.fallbacks,
            "ms_per_decision": round(self.ms_per_decision, 4),
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A whole match: ``hands`` played (complete blocks only when ``duplicate``),
    the ``unit`` in chips, one :class:`BotResult` per distinct bot in lineup order,
    and whether Ctrl-C cut it short."""

    hands: int
    players: int
    duplicate: bool
    unit: int
    seed: int | None
    results: tuple[BotResult, ...]
    interrupted: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"hands": H, "results": [...], ...}``."""
        return {
            "hands": self.hands,
            "players": self.players,
            "duplicate": self.duplicate,
            "unit": self.unit,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "results": [r.to_dict() for r in self.results],
        }


def parse_lineup(text: str, players: int | None = None) -> list[str]:
    """The bot of each seat from ``"hard,easy*5"`` (a name, or ``name*count``).

    >>> parse_lineup("hard,easy*2")
    ['hard', 'easy', 'easy']
    >>> parse_lineup("hard,easy", players=3)
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: bots: 'hard,easy' seats 2 bots for 3 players \
(write name*count to repeat one)
    """
    lineup: list[str] = []
    for item in text.split(","):
        name, _, count = item.strip().partition("*")
        if not name:
            raise ConfigurationError(f"bots: empty bot name in {text!r}")
        if count:
            if not count.strip().isdigit() or int(count) < 1:
                raise ConfigurationError(f"bots: bad count {count!r} in {item.strip()!r}")
            lineup += [name.strip()] * int(count)
        else:
            lineup.append(name.strip())
    for name in lineup:
        make_bot(name)  # unknown names raise here
    if players is not None and len(lineup) != players:
        raise ConfigurationError(
            f"bots: {text!r} seats {len(lineup)} bots for {players} players "
            f"(write name*count to repeat one)"
        )
    return lineup


def stakes_for(config: TableConfig) -> Stakes:
    """The forced bets of every hand of a match at this table (pot or blind game)."""
    if config.forced_bets == "pot":
        return Stakes.pot_game(config.ante, buy_pot=config.buy_pot)
    if config.forced_bets == "blind":
        return Stakes.blind_game(config.blind, surblind=config.surblind)
    raise ConfigurationError(
        "forced_bets: a match plays independent hands, so 'mixed' is not supported "
        "(use 'pot' or 'blind')"
    )


class _Player:
    __slots__ = ("bot", "decisions", "fallbacks", "name", "thinking")

    def __init__(self, name: str, bot: Bot) -> None:
        self.name = name
        self.bot = bot
        self.decisions = 0
        self.fallbacks = 0
        self.thinking = 0.0


def _play_hand(
    game: GameDef,
    stakes: Stakes,
    stacks: list[int],
    dealer: int,
    deck: Sequence[int],
    reshuffle_seed: int,
    seated: Sequence[_Player],
    info: GameInfo,
    seconds: float | None,
    samples: int,
    clock: Callable[[], float],
) -> tuple[int, ...]:
    """Play one hand with ``seated[seat]`` at each seat; the net result of each seat."""
    hand = Hand(game, stacks, dealer, stakes, deck=deck, rng=random.Random(reshuffle_seed))
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
        except Exception:  # a bot's bug must not stop the game: it folds or checks
            action = None
        player.thinking += clock() - budget.start
        player.decisions += 1
        if action is not None and budget.expired():
            action = None  # over time: the safe action is played instead
        if action is not None:
            try:
                hand.verify(action)
            except IllegalActionError:
                action = None
        if action is None:
            player.fallbacks += 1
            action = fallback_action(view.legal, view.hole)
        hand.act(action)
    return hand.net


def _interval(samples: Sequence[float]) -> tuple[float, tuple[float, float] | None]:
    n = len(samples)
    if n == 0:
        return 0.0, None
    mean = math.fsum(samples) / n
    if n < 2:
        return mean, None
    var = math.fsum((x - mean) ** 2 for x in samples) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def play_match(
    config: TableConfig,
    lineup: Sequence[str],
    hands: int,
    *,
    seed: int | None = None,
    duplicate: bool = False,
    stack_units: int = 100,
    seconds: float | None = None,
    samples: int = 400,
    clock: Callable[[], float] = time.perf_counter,
    on_hand: Callable[[int], None] | None = None,
) -> MatchResult:
    """Play ``hands`` independent hands between the bots of ``lineup`` (one per seat).

    ``config`` gives the table's rules (game, deck, betting, forced bets: pot or
    blind; its ``players`` is replaced by the lineup's length). Each seat starts
    every hand with ``stack_units`` units. Plain match: the deal passes clockwise,
    seat ``s`` is always ``lineup[s]``. ``duplicate``: ``hands`` is rounded up to
    whole blocks of ``players`` hands; in a block the same deal is replayed with
    seat ``s`` played by ``lineup[(s + r) % players]`` in rotation ``r``.
    ``seconds`` is each decision's deadline on ``clock`` (``None``: none, the
    default, which keeps results independent of the machine's speed) and
    ``samples`` the bots' work cap. ``on_hand(done)`` is called after each hand.
    Ctrl-C stops the match and keeps what was complete.
    """
    players = len(lineup)
    if hands < 1:
        raise ConfigurationError(f"hands: must be at least 1, got {hands}")
    if stack_units < 1:
        raise ConfigurationError(f"stack_units: must be at least 1, got {stack_units}")
    config = TableConfig.from_dict({**config.to_dict(), "players": players})
    game = game_for(config)
    stakes = stakes_for(config)
    info = GameInfo.from_game(game, players, stakes)
    rng = random.Random(seed)
    names = list(dict.fromkeys(lineup))
    roster = [_Player(name, make_bot(name, rng.getrandbits(63))) for name in lineup]
    for player in roster:
        player.bot.warm_up(info)
    stacks = [stack_units * info.unit] * players
    cards = list(make_deck(info.deck_size, info.jokers))
    rotations = players if duplicate else 1
    blocks = -(-hands // players) if duplicate else hands
    # per distinct bot: one sample per hand (plain) or per block (duplicate)
    results: dict[str, list[float]] = {name: [] for name in names}
    seats_of = {name: lineup.count(name) for name in names}
    played = 0
    interrupted = False
    try:
        for block in range(blocks):
            deck = cards[:]
            rng.shuffle(deck)
            reshuffle_seed = rng.getrandbits(63)
            dealer = block % players
            totals = dict.fromkeys(names, 0)
            for r in range(rotations):
                seated = [roster[(s + r) % players] for s in range(players)]
                net = _play_hand(
                    game, stakes, stacks, dealer, deck, reshuffle_seed, seated, info,
                    seconds, samples, clock,
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
    bot_results = []
    for name in names:
        mean, ci = _interval(results[name])
        members = [p for p in roster if p.name == name]
        decisions = sum(p.decisions for p in members)
        thinking = sum(p.thinking for p in members)
        bot_results.append(
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
    return MatchResult(
        hands=played,
        players=players,
        duplicate=duplicate,
        unit=info.unit,
        seed=seed,
        results=tuple(bot_results),
        interrupted=interrupted,
    )
