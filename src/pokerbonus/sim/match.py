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
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerbonus.bots import Bot, make_bot
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import game_for
from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext
from pokerbonus.rules import Stakes

__all__ = ["BotResult", "MatchResult", "mean_ci95", "parse_lineup", "play_match", "stakes_for"]

Z95 = 1.959963984540054


def mean_ci95(values: Sequence[float]) -> tuple[float, tuple[float, float] | None]:
    """The mean of ``values`` and its 95% interval (normal approximation; ``None``
    with fewer than two values; a mean of 0.0 for none).

    >>> mean, (low, high) = mean_ci95([1.0, 3.0])
    >>> mean, round(low, 3), round(high, 3)
    (2.0, 0.04, 3.96)
    """
    n = len(values)
    if n == 0:
        return 0.0, None
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None
    var = math.fsum((x - mean) ** 2 for x in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


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


def _bots(count: int) -> str:
    return "1 bot" if count == 1 else f"{count} bots"


def parse_lineup(text: str, players: int | None = None) -> list[str]:
    """The bot of each seat from ``"hard,easy*5"`` (a name, or ``name*count``).

    >>> parse_lineup("hard,easy*2")
    ['hard', 'easy', 'easy']
    >>> parse_lineup("hard,easy", players=3)
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: bots: 'hard,easy' names 2 bots for 3 players; \
give one per player (write name*count to repeat one)
    """
    lineup: list[str] = []
    for item in text.split(","):
        name, _, count = item.strip().partition("*")
        if not name:
            raise ConfigurationError(gettext("bots: empty bot name in {text!r}").format(text=text))
        if count:
            if not count.strip().isdigit() or int(count) < 1:
                raise ConfigurationError(
                    gettext("bots: bad count {count!r} in {strip!r}").format(
                        count=count, strip=item.strip()
                    )
                )
            lineup += [name.strip()] * int(count)
        else:
            lineup.append(name.strip())
    for name in lineup:
        make_bot(name)  # unknown names raise here
    if players is not None and len(lineup) != players:
        raise ConfigurationError(
            gettext(
                "bots: {text!r} names {_bots} for {players} players; give one per "
                "player (write name*count to repeat one)"
            ).format(text=text, _bots=_bots(len(lineup)), players=players)
        )
    return lineup


def stakes_for(config: TableConfig) -> Stakes:
    """The forced bets of every hand of a match at this table (pot or blind game)."""
    if config.forced_bets == "pot":
        return Stakes.pot_game(config.effective_ante, buy_pot=config.buy_pot)
    if config.forced_bets == "blind":
        return Stakes.blind_game(
            config.effective_blind,
            surblind=config.surblind,
            max_surblinds=config.max_surblinds if config.surblind else None,
            ante=config.blind_ante,
        )
    raise ConfigurationError(
        gettext(
            "forced_bets: a match plays independent hands, so 'mixed' is not "
            "supported (use 'pot' or 'blind')"
        )
    )


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
    factory: Callable[[str, int], Bot] = make_bot,
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
    ``samples`` the bots' work cap; ``factory(name, seed)`` builds each seat's bot
    (default: the draw ladder, :func:`pokerbonus.bots.make_bot`). ``on_hand(done)``
    is called after each hand.
    Ctrl-C stops the match and keeps what was complete.
    """
    players = len(lineup)
    config = TableConfig.from_dict({**config.to_dict(), "players": players})
    # the one match loop, shared with every other game (imported here: it builds on this module)
    from pokerbonus.sim.game_match import play_game_match

    return play_game_match(
        game_for(config), stakes_for(config), lineup, hands,
        seed=seed, duplicate=duplicate, stack_units=stack_units, seconds=seconds,
        samples=samples, clock=clock, factory=factory, on_hand=on_hand,
    )  # fmt: skip
