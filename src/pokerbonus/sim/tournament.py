"""Simulated tournaments between computer players: each bot's finishing places,
average prize and return on investment (ROI) with a 95% interval.

Each tournament seats the lineup by draw (:class:`~pokerbonus.engine.tournament.Tournament`)
and plays it to the end, table after table, one hand at a time. A bot's ROI in
a tournament is (prize - cost) / cost, the cost being the buy-in and any
rebuys and add-on; a bot holding several seats counts their mean as one
sample per tournament, so samples are independent and the interval is the
normal one, mean +- 1.96 standard errors.

>>> from pokerbonus.engine.tournament_config import preset
>>> r = play_tournaments(preset("quick"), ["holdem:fish"] * 6, 2, seed=1)
>>> r.tournaments, [x.bot for x in r.results], r.results[0].places[0]
(2, ['holdem:fish'], 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerbonus.bots.base import Bot, Budget, GameInfo, fallback_action
from pokerbonus.bots.game_bots import make_game_bot
from pokerbonus.engine.actions import Action
from pokerbonus.engine.state import Hand
from pokerbonus.engine.tournament import Tournament
from pokerbonus.engine.tournament_config import TournamentConfig
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.i18n import gettext
from pokerbonus.sim.match import mean_ci95

__all__ = ["TournamentBotResult", "TournamentMatchResult", "play_one", "play_tournaments"]


@dataclass(frozen=True, slots=True)
class TournamentBotResult:
    """One bot's results over the tournaments: ``places[k]`` how often one of its
    seats finished in place ``k + 1``; ``average_prize`` per seat and
    tournament; ``roi`` the mean return on the cost (0.25 = +25%) and
    ``ci95`` its 95% interval (``None`` with fewer than two tournaments)."""

    bot: str
    seats: int
    places: tuple[int, ...]
    average_prize: float
    roi: float
    ci95: tuple[float, float] | None
    samples: int
    fallbacks: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "bot": self.bot,
            "seats": self.seats,
            "places": list(self.places),
            "average_prize": round(self.average_prize, 4),
            "roi": round(self.roi, 5),
            "ci95": None if self.ci95 is None else [round(x, 5) for x in self.ci95],
            "samples": self.samples,
            "fallbacks": self.fallbacks,
        }


@dataclass(frozen=True, slots=True)
class TournamentMatchResult:
    """The whole run: ``tournaments`` played, their ``hands`` in all, each bot's
    :class:`TournamentBotResult` in lineup order, whether Ctrl-C cut it short."""

    name: str
    tournaments: int
    entrants: int
    hands: int
    buy_in: int
    seed: int | None
    results: tuple[TournamentBotResult, ...]
    interrupted: bool = False

    @property
    def hands_per_tournament(self) -> float:
        """The mean number of hands of a tournament (all tables together)."""
        return self.hands / self.tournaments if self.tournaments else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "tournament": self.name,
            "tournaments": self.tournaments,
            "entrants": self.entrants,
            "hands": self.hands,
            "hands_per_tournament": round(self.hands_per_tournament, 2),
            "buy_in": self.buy_in,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "results": [r.to_dict() for r in self.results],
        }


class _Seat:
    __slots__ = ("bot", "fallbacks", "name")

    def __init__(self, name: str, bot: Bot) -> None:
        self.name = name
        self.bot = bot
        self.fallbacks = 0


def _decide(seat: _Seat, hand: Hand, position: int, info: GameInfo, samples: int) -> Action:
    view = hand.view(position)
    action: Action | None
    try:
        action = seat.bot.decide(view, info, Budget(samples))
    except Exception:  # a bot's bug must not stop the tournament
        action = None
    if action is not None:
        try:
            hand.verify(action)
        except IllegalActionError:
            action = None
    if action is None:
        seat.fallbacks += 1
        action = fallback_action(view.legal, view.hole)
    return action


def play_one(
    tournament: Tournament,
    seats: dict[str, _Seat],
    *,
    samples: int = 400,
    infos: dict[tuple[int, int], GameInfo] | None = None,
) -> int:
    """Play ``tournament`` to the end, each player's bot ``seats[name].bot``
    deciding for it; returns the hands played. Every table plays a hand in
    turn; a player marked away folds (checks when free)."""
    cache = infos if infos is not None else {}
    played = 0
    while not tournament.finished:
        for table_id in list(tournament.tables):
            table = tournament.tables.get(table_id)
            if table is None or tournament.finished or len(table.players) < 2:
                continue
            hand = tournament.start_hand(table_id)
            names = table.hand_players
            key = (tournament.level, len(names))
            info = cache.get(key)
            if info is None:
                info = GameInfo.from_game(hand.game, len(names), hand.stakes)
                cache[key] = info
            for position, name in enumerate(names):
                bot = seats[name].bot
                bot.new_hand(position, info)
                observe = getattr(bot, "observe_tournament", None)
                if observe is not None:
                    observe(tournament.view_for(name))
            while not hand.finished:
                actor = hand.actor
                assert actor is not None
                name = names[actor]
                if name in tournament.away:
                    legal = hand.legal_actions()
                    hand.act(fallback_action(legal, hand.hole_cards(actor)))
                    continue
                hand.act(_decide(seats[name], hand, actor, info, samples))
            tournament.finish_hand(table_id)
            played += 1
    return played


def play_tournaments(
    config: TournamentConfig,
    lineup: Sequence[str],
    tournaments: int,
    *,
    seed: int | None = None,
    samples: int = 400,
    factory: Callable[[str, int], Bot] = make_game_bot,
    on_tournament: Callable[[int], None] | None = None,
) -> TournamentMatchResult:
    """Play ``tournaments`` tournaments of ``config`` between the bots of
    ``lineup`` (one entrant each, built by ``factory(name, seed)`` once and
    kept from one tournament to the next). ``on_tournament(done)`` is called
    after each. Ctrl-C stops the run and keeps the tournaments complete."""
    if len(lineup) < 2:
        raise ConfigurationError(
            gettext("bots: a tournament needs at least 2, got {count}").format(count=len(lineup))
        )
    if tournaments < 1:
        raise ConfigurationError(
            gettext("tournaments: must be at least 1, got {count}").format(count=tournaments)
        )
    rng = random.Random(seed)
    names = list(dict.fromkeys(lineup))
    players = [f"{k + 1}:{name}" for k, name in enumerate(lineup)]
    seats = {p: _Seat(name, factory(name, rng.getrandbits(63))) for p, name in zip(
        players, lineup, strict=True)}  # fmt: skip
    seats_of = {name: lineup.count(name) for name in names}
    places: dict[str, list[int]] = {name: [0] * len(lineup) for name in names}
    prizes: dict[str, float] = dict.fromkeys(names, 0.0)
    rois: dict[str, list[float]] = {name: [] for name in names}
    infos: dict[tuple[int, int], GameInfo] = {}
    hands = done = 0
    interrupted = False
    try:
        for number in range(tournaments):
            tournament = Tournament(
                config, players, random.Random(rng.getrandbits(63)), tournament_id=number + 1
            )
            played = play_one(tournament, seats, samples=samples, infos=infos)
            totals = dict.fromkeys(names, 0.0)
            for standing in tournament.standings():
                name = seats[standing.player].name
                place = standing.place if standing.place is not None else len(lineup)
                places[name][place - 1] += 1
                prizes[name] += standing.prize
                cost = config.buy_in * (1 + tournament.rebuys[standing.player])
                if standing.player in tournament.addons:
                    cost += config.effective_addon_cost
                totals[name] += (standing.prize - cost) / cost if cost else 0.0
            for name in names:
                rois[name].append(totals[name] / seats_of[name])
            hands += played
            done += 1
            if on_tournament is not None:
                on_tournament(done)
    except KeyboardInterrupt:
        interrupted = True
    results = []
    for name in names:
        mean, ci = mean_ci95(rois[name][:done])
        results.append(
            TournamentBotResult(
                bot=name,
                seats=seats_of[name],
                places=tuple(places[name]),
                average_prize=prizes[name] / (done * seats_of[name]) if done else 0.0,
                roi=mean,
                ci95=ci,
                samples=done,
                fallbacks=sum(s.fallbacks for s in seats.values() if s.name == name),
            )
        )
    return TournamentMatchResult(
        name=config.name, tournaments=done, entrants=len(lineup), hands=hands,
        buy_in=config.buy_in, seed=seed, results=tuple(results), interrupted=interrupted,
    )  # fmt: skip
