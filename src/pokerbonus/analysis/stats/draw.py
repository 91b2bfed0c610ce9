"""Five-card draw statistics: every player draws by a fixed strategy, then showdown.

One *deal* is the deck's order (players take five cards each, then the stub in
order) plus, for the rare deal whose stub runs out, the order in which the
gathered discards are reshuffled (RULES.md section 5: the discards gathered so
far, not the ones of the player being served, become the new stub). The kernel
:func:`play_deals` plays an explicit list of deals (used to check it against an
exact enumeration); :func:`simulate_draw` plays seeded random deals through the
same code.

The standard strategy (``strategy="standard"``) is a priority list over each
player's five cards, the first rule that matches decides:

1. straight or better (straight, flush, full house, four of a kind, straight
   flush): stand pat;
2. three of a kind: draw two (``disguise``: keep the best kicker, draw one);
3. two pair: draw one;
4. four to a flush: draw one (the odd card), even with a pair among the five;
5. a straight draw, unless the hand holds a pair: four ranks that two ranks
   complete (open-ended, ``straight_draws="open"``) or, with
   ``straight_draws="all"``, that at least one rank completes (inside and
   one-ended draws): draw one;
6. one pair: draw three (``disguise``: keep the best kicker, draw two);
7. otherwise nothing: keep the five cards (the player would fold, but every hand
   is still compared at the end).

Counts are integers, so shards merge exactly (:class:`DrawStats` adds them).
Win shares are counted in units of ``1 / WIN_UNIT`` of a pot (ties shared).

>>> stats = simulate_draw(DrawConfig(deck=32, players=4), hands=2000, seed=7)
>>> stats.hands, stats.players, round(sum(stats.final_frequency.values()), 9)
(2000, 4, 1.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.cards import lowest_rank, make_deck
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands.classes import BINOM, CATEGORY_KEYS, class_tables, hand_class
from pokerbonus.i18n import gettext

__all__ = [
    "COUNTS_SIZE",
    "WIN_UNIT",
    "DrawConfig",
    "DrawStats",
    "draw_shard",
    "play_deals",
    "simulate_draw",
]

WIN_UNIT: Final = 2520
"""A pot is worth this many units, so that ties among up to 10 players split exactly."""

_DEALS: Final = 0
_DEALT_FINAL: Final = 1  # 10 x 10: dealt category x final category
_WIN_DEALT: Final = 101
_WIN_FINAL: Final = 111
_SQUARES: Final = 121  # per category: sum over deals of (players ending there) ** 2
COUNTS_SIZE: Final = 131
"""Length of the integer count vector of one run (see :class:`DrawStats`)."""

STRATEGIES: Final = ("standard",)
STRAIGHT_DRAWS: Final = ("open", "all")


@dataclass(frozen=True, slots=True)
class DrawConfig:
    """The table and strategy of a draw simulation.

    ``deck`` cards (no joker), ``players`` players, every one drawing by
    ``strategy``; ``disguise`` keeps a kicker with a pair or trips;
    ``straight_draws`` is ``"open"`` or ``"all"``.
    """

    deck: int = 32
    players: int = 4
    strategy: str = "standard"
    disguise: bool = False
    straight_draws: str = "open"
    wheel: bool = True
    ranking: str = "modern"

    def __post_init__(self) -> None:
        try:
            low = lowest_rank(self.deck)
        except Exception:
            raise ConfigurationError(
                gettext("deck: {deck!r} is not a deck size (32, 36, 40, 44, 48 or 52)").format(
                    deck=self.deck
                )
            ) from None
        if not 2 <= self.players <= 10:
            raise ConfigurationError(
                gettext("players: {players!r} is not 2..10").format(players=self.players)
            )
        if 5 * self.players + 3 > 52 - 4 * low:
            raise ConfigurationError(
                gettext(
                    "players: {players} players need at least {value} cards (five each and "
                    "three to draw), the deck has {deck}"
                ).format(players=self.players, value=5 * self.players + 3, deck=self.deck)
            )
        if self.strategy not in STRATEGIES:
            raise ConfigurationError(
                gettext("strategy: {strategy!r} is not one of {strategies}").format(
                    strategy=self.strategy, strategies=STRATEGIES
                )
            )
        if self.straight_draws not in STRAIGHT_DRAWS:
            raise ConfigurationError(
                gettext("straight_draws: {straight_draws!r} is not 'open' or 'all'").format(
                    straight_draws=self.straight_draws
                )
            )
        if self.ranking not in ("modern", "archaic"):
            raise ConfigurationError(
                gettext("ranking: {ranking!r} is not 'modern' or 'archaic'").format(
                    ranking=self.ranking
                )
            )


@dataclass(frozen=True, slots=True)
class DrawStats:
    """Merged integer counts of a draw simulation, and the figures derived from them.

    ``counts`` is the raw vector (length :data:`COUNTS_SIZE`): deals played, the
    dealt x final category matrix, win units by dealt and by final category,
    and per final category the sum over deals of the squared number of players
    ending there (for the confidence intervals). ``interrupted`` says the run was
    stopped early (Ctrl-C) and holds only the shards completed.
    """

    config: DrawConfig
    counts: tuple[int, ...]
    interrupted: bool = False
    seed: int | None = None
    _matrix: npt.NDArray[np.int64] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.counts) != COUNTS_SIZE:
            raise ConfigurationError(
                gettext("counts: expected {counts_size} integers, got {count}").format(
                    counts_size=COUNTS_SIZE, count=len(self.counts)
                )
            )
        array = np.array(self.counts, dtype=np.int64)
        object.__setattr__(self, "_matrix", array[_DEALT_FINAL:_WIN_DEALT].reshape(10, 10))

    @classmethod
    def from_array(
        cls,
        config: DrawConfig,
        counts: npt.NDArray[np.int64],
        *,
        interrupted: bool = False,
        seed: int | None = None,
    ) -> DrawStats:
        """Wrap a count vector produced by the kernels (or a sum of them)."""
        return cls(config, tuple(int(x) for x in counts), interrupted, seed)

    def __add__(self, other: DrawStats) -> DrawStats:
        if self.config != other.config:
            raise ConfigurationError(
                gettext("cannot merge draw statistics of different configurations")
            )
        merged = tuple(a + b for a, b in zip(self.counts, other.counts, strict=True))
        return DrawStats(self.config, merged, self.interrupted or other.interrupted, self.seed)

    @property
    def hands(self) -> int:
        """Deals played (each deal gives one hand to every player)."""
        return self.counts[_DEALS]

    @property
    def players(self) -> int:
        """Players per deal."""
        return self.config.players

    @property
    def player_hands(self) -> int:
        """Hands played in all: deals times players."""
        return self.hands * self.players

    @property
    def dealt_counts(self) -> dict[str, int]:
        """Number of player hands dealt in each category."""
        return {k: int(self._matrix[i].sum()) for i, k in enumerate(CATEGORY_KEYS)}

    @property
    def final_counts(self) -> dict[str, int]:
        """Number of player hands ending (after the draw) in each category."""
        return {k: int(self._matrix[:, i].sum()) for i, k in enumerate(CATEGORY_KEYS)}

    @property
    def final_frequency(self) -> dict[str, float]:
        """Fraction of the player hands ending in each category."""
        total = max(self.player_hands, 1)
        return {k: v / total for k, v in self.final_counts.items()}

    def ci95(self, category: str) -> tuple[float, float]:
        """95% confidence interval of the final frequency of ``category``.

        The unit of sampling is the deal (the players of one deal are not
        independent): normal interval from the per-deal count's variance.
        """
        i = _index(category)
        n = self.hands
        if n < 2:
            return (0.0, 1.0)
        mean = float(self._matrix[:, i].sum()) / n
        var = max(self.counts[_SQUARES + i] / n - mean * mean, 0.0) * n / (n - 1)
        half = 1.959963984540054 * math.sqrt(var / n) / self.players
        freq = mean / self.players
        return (max(freq - half, 0.0), min(freq + half, 1.0))

    def served_share(self, category: str) -> float:
        """Of the hands ending in ``category``, the share already that category when dealt."""
        i = _index(category)
        total = int(self._matrix[:, i].sum())
        return float(self._matrix[i, i]) / total if total else 0.0

    def origins(self, category: str) -> dict[str, float]:
        """Of the hands ending in ``category``, the share dealt in each category."""
        i = _index(category)
        total = int(self._matrix[:, i].sum())
        return {
            k: (float(self._matrix[j, i]) / total if total else 0.0)
            for j, k in enumerate(CATEGORY_KEYS)
            if self._matrix[j, i]
        }

    @property
    def win_expectancy_dealt(self) -> dict[str, float]:
        """Probability of holding the best hand at the end (ties shared), by dealt category."""
        dealt = self.dealt_counts
        return {
            k: self.counts[_WIN_DEALT + i] / (WIN_UNIT * dealt[k])
            for i, k in enumerate(CATEGORY_KEYS)
            if dealt[k]
        }

    @property
    def win_expectancy_final(self) -> dict[str, float]:
        """Probability of holding the best hand (ties shared), by final category."""
        final = self.final_counts
        return {
            k: self.counts[_WIN_FINAL + i] / (WIN_UNIT * final[k])
            for i, k in enumerate(CATEGORY_KEYS)
            if final[k]
        }

    def to_json(self) -> dict[str, object]:
        """The report of the ``stats draw`` command as a JSON-ready dict."""
        final = {
            k: {
                "freq": f,
                "ci95": list(self.ci95(k)),
                "served_share": self.served_share(k),
                "from": self.origins(k),
            }
            for k, f in self.final_frequency.items()
        }
        return {
            "hands": self.hands,
            "players": self.players,
            "deck": self.config.deck,
            "strategy": self.config.strategy,
            "disguise": self.config.disguise,
            "straight_draws": self.config.straight_draws,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "final": final,
            "win_expectancy": {
                "dealt": self.win_expectancy_dealt,
                "final": self.win_expectancy_final,
            },
        }


def _index(category: str) -> int:
    if category not in CATEGORY_KEYS:
        raise ConfigurationError(
            gettext("category: {category!r} is not one of {category_keys}").format(
                category=category, category_keys=", ".join(CATEGORY_KEYS)
            )
        )
    return CATEGORY_KEYS.index(category)


# ---------------------------------------------------------------------------
# Kernels


@numba.njit(cache=True, nogil=True)
def _decide(
    hand: npt.NDArray[np.int64],
    cat: int,
    keep: npt.NDArray[np.bool_],
    disguise: bool,
    straight_all: bool,
    low: int,
    wheel: bool,
) -> None:  # pragma: no cover - compiled
    """Fill ``keep`` (five flags) by the standard strategy for a hand of category
    ``cat``: the first rule of the module doc's priority list that matches."""
    for i in range(5):
        keep[i] = True
    if cat >= 4:  # straight or better: stand pat
        return
    counts = np.zeros(13, dtype=np.int64)
    for i in range(5):
        counts[hand[i] >> 2] += 1
    if cat == 1:  # one pair: four to a flush first, else the pair draws three
        suits = np.zeros(4, dtype=np.int64)
        for i in range(5):
            suits[hand[i] & 3] += 1
        for s in range(4):
            if suits[s] == 4:
                for i in range(5):
                    if (hand[i] & 3) != s:
                        keep[i] = False
                return
    if cat >= 1:  # pair, two pair, trips: keep the groups
        best_kicker = -1
        for i in range(5):
            r = hand[i] >> 2
            if counts[r] == 1:
                keep[i] = False
                if best_kicker < 0 or r > (hand[best_kicker] >> 2):
                    best_kicker = i
        if disguise and cat != 2 and best_kicker >= 0:
            keep[best_kicker] = True
        return
    # no pair: four to a flush, then a straight draw
    suits = np.zeros(4, dtype=np.int64)
    for i in range(5):
        suits[hand[i] & 3] += 1
    for s in range(4):
        if suits[s] == 4:
            for i in range(5):
                if (hand[i] & 3) != s:
                    keep[i] = False
            return
    best = -1
    best_outs = 0
    for k in range(5):
        # positions: rank r at r + 1, the ace also at `low` (one below the lowest rank)
        mask = 0
        for i in range(5):
            if i != k:
                r = hand[i] >> 2
                mask |= 1 << (r + 1)
                if r == 12 and wheel:
                    mask |= 1 << low
        outs = 0
        first = low if wheel else low + 1
        for start in range(first, 10):
            window = 31 << start
            inside = mask & window
            n = 0
            for b in range(14):
                if (inside >> b) & 1:
                    n += 1
            if n == 4:
                outs += 1  # distinct windows miss distinct ranks here
        if outs > best_outs or (
            outs == best_outs and best >= 0 and (hand[k] >> 2) < (hand[best] >> 2)
        ):
            best_outs = outs
            best = k
    if best >= 0 and (best_outs >= 2 or (straight_all and best_outs >= 1)):
        keep[best] = False


@numba.njit(cache=True, nogil=True)
def _play(
    order: npt.NDArray[np.int64],
    tape: npt.NDArray[np.int64],
    use_tape: bool,
    players: int,
    disguise: bool,
    straight_all: bool,
    low: int,
    wheel: bool,
    value: npt.NDArray[np.int32],
    category: npt.NDArray[np.int8],
    binom: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled
    """Play one deal and add it to ``counts``."""
    n = order.shape[0]
    hand = np.empty(5, dtype=np.int64)
    keep = np.empty(5, dtype=np.bool_)
    stub = np.empty(n, dtype=np.int64)
    pile = np.empty(n, dtype=np.int64)
    thrown = np.empty(5, dtype=np.int64)
    dealt_cat = np.empty(players, dtype=np.int64)
    final_cat = np.empty(players, dtype=np.int64)
    final_value = np.empty(players, dtype=np.int64)
    stub_n = 0
    for i in range(5 * players, n):
        stub[stub_n] = order[i]
        stub_n += 1
    top = 0
    pile_n = 0
    for p in range(players):
        for i in range(5):
            hand[i] = order[5 * p + i]
        j, s, x = hand_class(hand, binom)
        cat = category[j, s, x]
        dealt_cat[p] = cat
        _decide(hand, cat, keep, disguise, straight_all, low, wheel)
        t = 0
        for i in range(5):
            if not keep[i]:
                thrown[t] = hand[i]
                t += 1
                if top == stub_n:  # the stub ran out: reshuffle the discards gathered so far
                    stub_n = 0
                    top = 0
                    if use_tape:
                        for q in range(tape.shape[0]):
                            if tape[q] < pile_n:
                                stub[stub_n] = pile[tape[q]]
                                stub_n += 1
                    else:
                        for q in range(pile_n):
                            stub[q] = pile[q]
                        for q in range(pile_n - 1, 0, -1):
                            r = np.random.randint(0, q + 1)
                            tmp = stub[q]
                            stub[q] = stub[r]
                            stub[r] = tmp
                        stub_n = pile_n
                    pile_n = 0
                hand[i] = stub[top]
                top += 1
        for i in range(t):
            pile[pile_n] = thrown[i]
            pile_n += 1
        j, s, x = hand_class(hand, binom)
        final_cat[p] = category[j, s, x]
        final_value[p] = value[j, s, x]
    best = final_value.max()
    winners = 0
    for p in range(players):
        if final_value[p] == best:
            winners += 1
    share = 2520 // winners
    per_cat = np.zeros(10, dtype=np.int64)
    counts[0] += 1
    for p in range(players):
        counts[1 + 10 * dealt_cat[p] + final_cat[p]] += 1
        per_cat[final_cat[p]] += 1
        if final_value[p] == best:
            counts[101 + dealt_cat[p]] += share
            counts[111 + final_cat[p]] += share
    for c in range(10):
        counts[121 + c] += per_cat[c] * per_cat[c]


@numba.njit(cache=True, nogil=True)
def _play_deals(
    deals: npt.NDArray[np.int64],
    deck_n: int,
    players: int,
    disguise: bool,
    straight_all: bool,
    low: int,
    wheel: bool,
    value: npt.NDArray[np.int32],
    category: npt.NDArray[np.int8],
    binom: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    counts = np.zeros(131, dtype=np.int64)
    for d in range(deals.shape[0]):
        _play(
            deals[d, :deck_n], deals[d, deck_n:], True, players, disguise, straight_all,
            low, wheel, value, category, binom, counts,
        )  # fmt: skip
    return counts


@numba.njit(cache=True, nogil=True)
def _simulate(
    seed: int,
    deals: int,
    deck: npt.NDArray[np.int64],
    players: int,
    disguise: bool,
    straight_all: bool,
    low: int,
    wheel: bool,
    value: npt.NDArray[np.int32],
    category: npt.NDArray[np.int8],
    binom: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    np.random.seed(seed)
    counts = np.zeros(131, dtype=np.int64)
    order = deck.copy()
    tape = np.zeros(0, dtype=np.int64)
    n = order.shape[0]
    for _ in range(deals):
        for i in range(n - 1, 0, -1):
            r = np.random.randint(0, i + 1)
            tmp = order[i]
            order[i] = order[r]
            order[r] = tmp
        _play(
            order, tape, False, players, disguise, straight_all, low, wheel,
            value, category, binom, counts,
        )  # fmt: skip
    return counts


# ---------------------------------------------------------------------------
# Python entry points


def _kernel_args(config: DrawConfig) -> tuple[bool, bool, int, bool]:
    return (
        config.disguise,
        config.straight_draws == "all",
        lowest_rank(config.deck),
        config.wheel,
    )


def play_deals(config: DrawConfig, deals: npt.NDArray[np.int64]) -> DrawStats:
    """Play an explicit list of deals: the exact counts over exactly those deals.

    Each row holds a deck order (players take cards ``5p .. 5p + 4``, then the
    stub follows in order), then a *tape*: a permutation of ``0 .. R - 1`` that
    orders the gathered discards when the stub runs out (the discard pile, in the
    order the cards were thrown, is taken in the tape's order, skipping tape
    entries beyond the pile's size; a uniformly random tape gives a uniformly
    random reshuffle). The deck order may be any set of distinct cards of at
    least ``5 * players + 3`` cards ("custom decks"); the rules (straight
    windows, values) are those of ``config.deck``. The deck length is the row
    length less the tape length ``3 * players``.
    """
    rows = np.ascontiguousarray(deals, dtype=np.int64)
    if rows.ndim != 2:
        raise ConfigurationError(
            gettext("deals: expected a 2-D array, got shape {shape}").format(shape=rows.shape)
        )
    deck_n = rows.shape[1] - 3 * config.players
    if deck_n < 5 * config.players + 3:
        raise ConfigurationError(
            gettext(
                "deals: rows of {shape} leave {deck_n} cards, fewer than {value} for "
                "{players} players"
            ).format(
                shape=rows.shape[1],
                deck_n=deck_n,
                value=5 * config.players + 3,
                players=config.players,
            )
        )
    tables = class_tables(config.deck, 0, config.wheel, config.ranking)
    counts = _play_deals(
        rows, deck_n, config.players, *_kernel_args(config), tables.value, tables.category, BINOM
    )
    return DrawStats.from_array(config, counts)


def draw_shard(config: DrawConfig, seed: int, hands: int) -> npt.NDArray[np.int64]:
    """Counts (length :data:`COUNTS_SIZE`) of ``hands`` random deals from a 32-bit ``seed``."""
    tables = class_tables(config.deck, 0, config.wheel, config.ranking)
    deck = np.array(make_deck(config.deck), dtype=np.int64)
    counts: npt.NDArray[np.int64] = _simulate(
        int(seed) & 0xFFFFFFFF, hands, deck, config.players, *_kernel_args(config),
        tables.value, tables.category, BINOM,
    )  # fmt: skip
    return counts


def simulate_draw(config: DrawConfig, hands: int, seed: int) -> DrawStats:
    """Play ``hands`` seeded random deals in this process, as one shard per the
    shard plan of :mod:`pokerbonus.shards` would (see there for parallel runs)."""
    if hands < 1:
        raise ConfigurationError(
            gettext("hands: {hands!r} is not a positive number of deals").format(hands=hands)
        )
    seq = np.random.SeedSequence(seed)
    shard_seed = int(seq.generate_state(1, dtype=np.uint32)[0])
    return DrawStats.from_array(config, draw_shard(config, shard_seed, hands), seed=seed)
