"""Dealer mode ("Poker vs Dealer", RULES.md section 9): the value of every choice,
and the return to player (RTP) of any settings.

**One situation** (the player's five cards and the dealer's up card):
:func:`situation_values` gives the exact expected result of folding, keeping
and exchanging each card, over every replacement and every dealer completion
(:mod:`pokerbonus.analysis.stats.dealer_kernels`, about 0.1 ms). The hint key,
the computer players and the RTP all use it. The other players' cards are
unseen, so from one player's side every unseen card is equally likely to be
the replacement or one of the dealer's cards: they change nothing.

**The RTP**: everything the bank pays back over everything staked against it
(bet, play wager, switch fee), under the best play (the choice of highest
expected net result in every situation); the house edge is the player's
expected loss per unit of bet. The antes are not part of it: they form the
table pot the players win from one another. Two methods:

- ``exact``: every situation, one per class of suit isomorphism weighted by
  its size (122,151,120 situations, about 5.2 million classes), in 52 parts;
  the dealer's counts by rank are shared by all the hands of one rank
  multiset. Exact to the last digit; a minute or two on two cores.
- ``sampled`` (the default of ``pokerbonus stats dealer``): situations drawn at
  random in strata by the category of the player's dealt hand (their exact
  probabilities known), every decision valued exactly; a ratio estimate with its
  95% interval. 100,000 situations give about +-0.2 points in seconds.

>>> r = dealer_rtp(DealerSettings(), situations=2000, seed=1, backend="inline")
>>> r.method, r.situations, 0.9 < r.rtp < 1.05, r.ci95[0] < r.rtp < r.ci95[1]
('sampled', 2000, True, True)
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from math import gcd
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from pokerbonus.analysis.stats import dealer_kernels as k
from pokerbonus.errors import ConfigurationError, InvalidHandError
from pokerbonus.i18n import gettext
from pokerbonus.i18n.numbers import number
from pokerbonus.rules.dealer import DealerSettings
from pokerbonus.shards import RunResult, Shard, ShardTask, plan_shards, run_shards

__all__ = [
    "DEFAULT_SITUATIONS",
    "EXACT_PARTS",
    "ChoiceValues",
    "DealerResult",
    "RtpTerms",
    "dealer_plan",
    "dealer_rtp",
    "exact_shard",
    "rules_rtp",
    "sample_shard",
    "situation_values",
]

DEFAULT_SITUATIONS: Final = 100_000
"""Situations sampled by default: about +-0.2 points (95%) with the default settings."""

SAMPLE_SHARD: Final = 10_000
"""Situations per shard of a sampled run (several shards keep both cores busy)."""

MIN_SITUATIONS: Final = 1_000

STRIPES: Final = 4
EXACT_PARTS: Final = 13 * STRIPES
"""Parts of an exact run: the 13 ranks of the up card, four interleaved stripes each."""

ALLOCATION: Final = (0.58, 0.37, 0.012, 0.01, 0.006, 0.006, 0.006, 0.005, 0.005)
"""Share of the sampled situations given to each stratum: close to each stratum's
probability times the spread of its returns (a pilot run of the default
settings), at least half a percent each. Any shares give an unbiased result; these
give nearly the narrowest interval."""

_SITUATIONS_IN_GAME: Final = 52 * math.comb(51, 5)
_RTP_SETTINGS: Final = ("bet", "play_multiple", "switch", "switch_fee", "qualifier", "paytable")


@dataclass(frozen=True, slots=True)
class RtpTerms:
    """What the RTP depends on, with the chips divided by their common factor
    (the RTP is the same in any unit): bet, play wager and switch fee, the
    switch, the qualifier's lowest value and the ten pays of the paytable."""

    bet: int
    play: int
    fee: int
    switch: bool
    qualify: int
    pays: tuple[int, ...]

    @classmethod
    def of(cls, settings: DealerSettings) -> RtpTerms:
        """The terms of ``settings``."""
        bet, play, fee = settings.bet, settings.play, settings.fee
        unit = gcd(gcd(bet, play), fee) if fee else gcd(bet, play)
        return cls(
            bet // unit, play // unit, fee // unit, settings.switch,
            settings.qualifier.value, settings.paytable.as_tuple(),
        )  # fmt: skip

    @property
    def most_returned(self) -> int:
        """The most the bank can give back in one situation, in these units."""
        return 2 * self.bet + self.play * (1 + max(self.pays))

    def check_counts(self, situations: int) -> None:
        """Refuse terms whose integer counts could overflow over ``situations``."""
        if k.SCALE * self.most_returned * situations >= 2**62:
            raise ConfigurationError(
                gettext(
                    "settings: a bet of {bet}, a play wager of {play} and pays up to {pays} to 1 "
                    "are too large for the exact counts of {situations} situations; use smaller "
                    "amounts"
                ).format(
                    bet=self.bet, play=self.play, pays=max(self.pays), situations=number(situations)
                )
            )

    def square_scale(self, situations: int) -> int:
        """The fixed-point scale of the sums of squares (millionths when they fit)."""
        scale = 1_000_000
        top = max(self.most_returned, self.bet + self.play + self.fee) ** 2
        while scale > 1 and top * scale * situations >= 2**62:
            scale //= 10
        return scale


_THREAD: Final = threading.local()


@functools.lru_cache(maxsize=16)
def _pays(pays: tuple[int, ...]) -> npt.NDArray[np.int64]:
    return k.play_pays(pays)


@dataclass(frozen=True, slots=True)
class ChoiceValues:
    """The expected net result of each choice against the bank, in chips, for one
    situation (the ante apart: it is in the table pot whatever the choice).

    ``fold`` is minus the bet; ``keep``; ``exchange``: one value per card, in
    hand order (empty when the table plays without the switch). ``best``: the
    choice of highest value as ``("fold" | "keep" | "exchange", card index or
    None)``; ties go to keeping, then to the first card, then to folding.
    """

    fold: float
    keep: float
    exchange: tuple[float, ...]
    best: tuple[Literal["fold", "keep", "exchange"], int | None]

    @property
    def value(self) -> float:
        """The value of the best choice."""
        kind, card = self.best
        if kind == "exchange":
            assert card is not None
            return self.exchange[card]
        return self.keep if kind == "keep" else self.fold


def situation_values(settings: DealerSettings, hand: npt.ArrayLike, up: int) -> ChoiceValues:
    """The exact :class:`ChoiceValues` of five cards ``hand`` (indices) against the
    dealer's up card ``up``, under ``settings``.

    >>> from pokerbonus.cards import parse_cards
    >>> v = situation_values(DealerSettings(), parse_cards("As Ks Qs Js 2d"), parse_cards("7c")[0])
    >>> v.best, v.fold
    (('exchange', 4), -5.0)
    """
    cards = np.asarray(hand, dtype=np.int64).reshape(-1)
    if cards.shape[0] != 5 or not 0 <= int(up) < 52 or ((cards < 0) | (cards > 51)).any():
        raise InvalidHandError(
            gettext(
                "situation: needs five cards and the dealer's card of a 52-card deck, got "
                "{count} cards and {up!r}"
            ).format(count=cards.shape[0], up=up)
        )
    if len({*cards.tolist(), int(up)}) != 6:
        raise InvalidHandError(
            gettext("situation: a card is repeated between the hand and the dealer's")
        )
    s = settings
    out = np.zeros(6, dtype=np.int64)
    work = getattr(_THREAD, "work", None)
    if work is None:  # one set of work arrays per thread (the hint and the players think apart)
        work = _THREAD.work = k.situation_work()
    k.situation_values(
        cards, int(up), k.situation_tables(), _pays(s.paytable.as_tuple()),
        s.qualifier.value, s.bet, s.play, out, work,
    )  # fmt: skip
    scale = k.SCALE
    keep = (int(out[0]) - (s.bet + s.play) * scale) / scale
    exchange = (
        tuple((int(out[1 + d]) - (s.bet + s.play + s.fee) * scale) / scale for d in range(5))
        if s.switch else ()
    )  # fmt: skip
    choice, card = k.best_choice(out, s.bet, s.play, s.fee, s.switch)
    kind: Literal["fold", "keep", "exchange"] = ("fold", "keep", "exchange")[choice]
    return ChoiceValues(-float(s.bet), keep, exchange, (kind, card if card >= 0 else None))


# -- whole runs ----------------------------------------------------------------------


def _allocation(situations: int) -> npt.NDArray[np.int64]:
    """Situations per stratum for a shard of ``situations`` (largest remainders)."""
    raw = np.array(ALLOCATION) * situations
    base: npt.NDArray[np.int64] = np.floor(raw).astype(np.int64)
    rest = situations - int(base.sum())
    for i in np.argsort(-(raw - base), kind="stable")[:rest]:
        base[i] += 1
    return base


def sample_shard(terms: RtpTerms, scale: int, seed: int, situations: int) -> npt.NDArray[np.int64]:
    """A shard task of a sampled run (:mod:`pokerbonus.shards`): counts of
    :data:`~pokerbonus.analysis.stats.dealer_kernels.STRATUM_FIELDS` per stratum."""
    hands, starts = k.dealt_hands()
    counts: npt.NDArray[np.int64] = k.sample_situations(
        seed & 0xFFFFFFFF, _allocation(situations), hands, starts, k.situation_tables(),
        k.situation_work(), _pays(terms.pays), terms.qualify, terms.bet, terms.play,
        terms.fee, terms.switch, scale,
    )  # fmt: skip
    return counts


def exact_shard(terms: RtpTerms, part: int, _size: int) -> npt.NDArray[np.int64]:
    """A shard task of an exact run: part ``part`` of :data:`EXACT_PARTS` (up-card
    rank ``part // 4``, stripe ``part % 4``)."""
    if not 0 <= part < EXACT_PARTS:
        raise ConfigurationError(
            gettext("part: {part!r} is not 0..{last}").format(part=part, last=EXACT_PARTS - 1)
        )
    counts: npt.NDArray[np.int64] = k.exact_part(
        part // STRIPES, part % STRIPES, STRIPES, k.situation_tables(), k.situation_work(),
        _pays(terms.pays), terms.qualify, terms.bet, terms.play, terms.fee, terms.switch,
    )  # fmt: skip
    return counts


def dealer_plan(
    settings: DealerSettings,
    *,
    situations: int = DEFAULT_SITUATIONS,
    seed: int = 0,
    exact: bool = False,
) -> tuple[ShardTask, tuple[Shard, ...]]:
    """The task and the shards of an RTP run (for :func:`pokerbonus.shards.run_shards`).

    Sampled: ``situations`` cut into seeded shards of :data:`SAMPLE_SHARD`.
    Exact: :data:`EXACT_PARTS` shards, each one part (its ``seed`` is the part
    number, its ``hands`` 1).
    """  # fmt: skip
    terms = RtpTerms.of(settings)
    if exact:
        terms.check_counts(_SITUATIONS_IN_GAME)
        shards = tuple(Shard(i, 1, i) for i in range(EXACT_PARTS))
        return functools.partial(exact_shard, terms), shards
    if not isinstance(situations, int) or situations < MIN_SITUATIONS:
        raise ConfigurationError(
            gettext(
                "situations: at least {least} (every stratum needs a few), got {value!r}"
            ).format(least=number(MIN_SITUATIONS), value=situations)
        )
    terms.check_counts(situations)
    task = functools.partial(sample_shard, terms, terms.square_scale(situations))
    return task, plan_shards(seed, situations, SAMPLE_SHARD)


@dataclass(frozen=True, slots=True)
class DealerResult:
    """The RTP of some settings under the best play, and how the best play decides.

    ``rtp``: returned over staked (bet, play wager and switch fee); ``ci95``
    its 95% interval (both bounds equal for an exact result); ``house_edge``
    the player's expected loss per unit of bet, with ``house_edge_ci95``;
    ``fold``, ``keep``, ``exchange``: the shares of the situations where each
    choice is best; ``method`` ``"exact"`` or ``"sampled"``; ``situations``
    counted (every one of the game's 122,151,120 for an exact run).
    """

    rtp: float
    ci95: tuple[float, float]
    house_edge: float
    house_edge_ci95: tuple[float, float]
    fold: float
    keep: float
    exchange: float
    settings: DealerSettings
    method: Literal["exact", "sampled"]
    situations: int
    seed: int | None = None
    interrupted: bool = False

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (keys ``rtp``, ``ci95``, ``house_edge``, ``decisions``,
        ``settings``, ``method`` and the details)."""
        s = self.settings.to_dict()
        return {
            "rtp": self.rtp,
            "ci95": list(self.ci95),
            "house_edge": self.house_edge,
            "house_edge_ci95": list(self.house_edge_ci95),
            "decisions": {"fold": self.fold, "keep": self.keep, "exchange_one": self.exchange},
            "settings": {key: s[key] for key in _RTP_SETTINGS},
            "method": self.method,
            "situations": self.situations,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "covers": "bet, play wager and switch fee against the bank under the best play; "
            "antes excluded (table pot); house edge per unit of bet",
        }

    @classmethod
    def from_counts(
        cls,
        counts: npt.NDArray[np.int64],
        settings: DealerSettings,
        *,
        exact: bool = False,
        seed: int | None = None,
        interrupted: bool = False,
        scale: int | None = None,
    ) -> DealerResult:
        """The result of merged shard counts (``scale``: the sampled run's
        :meth:`RtpTerms.square_scale`)."""
        terms = RtpTerms.of(settings)
        if exact:
            return cls._exact(counts, settings, terms)
        table = counts.reshape(k.STRATA, k.STRATUM_FIELDS).astype(np.float64)
        n = table[:, 0]
        if (n < 2).any():
            raise ConfigurationError(gettext("situations: too few to cover every stratum"))
        sq = float(scale if scale is not None else terms.square_scale(int(n.sum())))
        p = np.array(k.CATEGORY_HANDS, dtype=np.float64) / sum(k.CATEGORY_HANDS)
        r = table[:, 1] / k.SCALE / n
        s = table[:, 2] / n
        var_r = table[:, 3] / sq / n - r * r
        var_s = table[:, 4] / sq / n - s * s
        cov = table[:, 5] / sq / n - r * s
        mean_r = float(p @ r)
        mean_s = float(p @ s)
        rtp = mean_r / mean_s
        fix = n / np.maximum(n - 1, 1)  # unbiased variances
        spread = np.maximum(var_r - 2 * rtp * cov + rtp * rtp * var_s, 0) * fix
        half = 1.959963984540054 * math.sqrt(float(p * p @ (spread / n))) / mean_s
        edge = (mean_s - mean_r) / terms.bet
        spread_e = np.maximum(var_r - 2 * cov + var_s, 0) * fix
        half_e = 1.959963984540054 * math.sqrt(float(p * p @ (spread_e / n))) / terms.bet
        shares = p @ (table[:, 6:9] / n[:, None])
        return cls(
            rtp, (rtp - half, rtp + half), edge, (edge - half_e, edge + half_e),
            float(shares[0]), float(shares[1]), float(shares[2]), settings, "sampled",
            int(n.sum()), seed, interrupted,
        )  # fmt: skip

    @classmethod
    def _exact(
        cls, counts: npt.NDArray[np.int64], settings: DealerSettings, terms: RtpTerms
    ) -> DealerResult:
        weight, returned, staked = (int(x) for x in counts[:3])
        if weight != _SITUATIONS_IN_GAME:
            raise ConfigurationError(
                gettext(
                    "exact: {counted} situations counted, {expected} expected (every part must run)"
                ).format(counted=number(weight), expected=number(_SITUATIONS_IN_GAME))
            )
        rtp = returned / (k.SCALE * staked)
        edge = (staked * k.SCALE - returned) / (k.SCALE * weight * terms.bet)
        fold, keep, exchange = (int(x) / weight for x in counts[3:6])
        return cls(
            rtp, (rtp, rtp), edge, (edge, edge), fold, keep, exchange, settings, "exact", weight
        )


def dealer_rtp(
    settings: DealerSettings,
    *,
    situations: int = DEFAULT_SITUATIONS,
    seed: int = 0,
    exact: bool = False,
    backend: str = "process",
    workers: int | None = None,
    on_shard: Callable[[Shard], None] | None = None,
) -> DealerResult:
    """The RTP of ``settings`` (see the module doc), run on ``backend``
    (``"inline"``, ``"process"`` or ``"ray"``, see :func:`pokerbonus.shards.run_shards`)."""
    task, shards = dealer_plan(settings, situations=situations, seed=seed, exact=exact)
    result = run_shards(task, shards, backend=backend, workers=workers, on_shard=on_shard)
    return result_of_run(result, settings, situations=situations, seed=seed, exact=exact)


def result_of_run(
    result: RunResult, settings: DealerSettings, *, situations: int, seed: int, exact: bool
) -> DealerResult:
    """The :class:`DealerResult` of a finished (or interrupted) run of :func:`dealer_plan`."""
    if result.hands == 0:
        raise ConfigurationError(gettext("interrupted before any part of the run completed"))
    if exact and result.interrupted:
        raise ConfigurationError(
            gettext("interrupted: an exact run needs all {parts} parts, {done} were done").format(
                parts=EXACT_PARTS, done=result.shards_done
            )
        )
    scale = RtpTerms.of(settings).square_scale(situations) if not exact else None
    return DealerResult.from_counts(
        result.counts, settings, exact=exact, seed=None if exact else seed,
        interrupted=result.interrupted, scale=scale,
    )  # fmt: skip


_DEFAULT_PAYS: Final = (1, 1, 2, 3, 3, 4, 6, 20, 50, 100)
_RULE_BOOK_PAYS: Final = (1, 1, 2, 3, 4, 5, 7, 20, 50, 100)
PUBLISHED: Final[Mapping[RtpTerms, tuple[float, float]]] = {
    # the default settings: bet 5, play wager 10, switch fee 5, qualifier ace-king
    RtpTerms(1, 2, 1, True, 1114, _DEFAULT_PAYS): (0.9821378594237894, 0.03904032153814381),
    # no switch
    RtpTerms(1, 2, 0, False, 1114, _DEFAULT_PAYS): (0.9704088836284442, 0.06049931919722755),
    # switch fee half the bet
    RtpTerms(2, 4, 1, True, 1114, _DEFAULT_PAYS): (1.0139143499618972, -0.034635252735518464),
    # the dealer qualifies with a pair of fours
    RtpTerms(1, 2, 1, True, 1718, _DEFAULT_PAYS): (0.9789398103332025, 0.06388628974395359),
    # the rule book's paytable (straight 4, flush 5, full house 7)
    RtpTerms(1, 2, 1, True, 1114, _RULE_BOOK_PAYS): (0.9912808536551292, 0.019475981121109667),
    # the rule book's paytable without the switch: Caribbean Stud (house edge 5.224%)
    RtpTerms(1, 2, 0, False, 1114, _RULE_BOOK_PAYS): (0.9744471438524163, 0.052243057715778654),
}
"""Exact ``(rtp, house edge per bet)`` of the settings docs/dealer.md publishes,
from ``pokerbonus stats dealer --exact --json`` (a long test recomputes them)."""

RULES_SITUATIONS: Final = 20_000


@functools.lru_cache(maxsize=32)
def _rules_rtp(
    terms: RtpTerms, settings: DealerSettings
) -> tuple[tuple[float, float, float], float]:
    known = PUBLISHED.get(terms)
    if known is not None:
        rtp, edge = known
        return (rtp, rtp, rtp), edge
    result = dealer_rtp(settings, situations=RULES_SITUATIONS, seed=0, backend="inline")
    return (result.rtp, *result.ci95), result.house_edge


def rules_rtp(settings: DealerSettings) -> tuple[tuple[float, float, float], float]:
    """``((rtp, low, high), house edge)`` for the rules screen: the exact published
    figure when the settings are among :data:`PUBLISHED`, else a seeded sample
    of 20,000 situations (a few seconds; cached per process)."""
    return _rules_rtp(RtpTerms.of(settings), settings)
