"""Showdown equity of one seat against random hands, at every game the engine plays.

The coach's "equity against the pot odds" (:mod:`pokerbonus.bots.coach`) where no
solved strategy covers a decision. From the seat's view only (:class:`SeatView`:
its own cards, the up cards of the other stud seats, the board or boards, the
seats still in, hands shown), a seeded Monte Carlo deals the cards the seat
cannot see at random: every remaining opponent's hand and the board(s) are
completed to their final size, and the showdown is scored by the game's
:class:`~pokerbonus.rules.HandRule` as the engine scores it
(:mod:`pokerbonus.engine.showdown`): high, low, high/low with a qualifying low
(half the pot each, all of it to the high without a low), the Omaha rule of
exactly two hole cards, a double board (half the pot per board), ties split.
The figure is the seat's average share of the pot (0..1).

What is assumed where the hand is not complete yet (said in the coach's limits):

- **Opponents** hold random cards: what the betting said is ignored; in the
  games with a discard (Pineapple, Crazy Pineapple, Irish) an opponent who has
  not discarded yet holds two random cards.
- **Draw games before the last draw**: every seat still in draws each draw left
  to it by a fixed table. Lowball (ace-to-five, deuce-to-seven): stand pat on a
  nine-high or better without a pair (deuce-to-seven: breaking a straight or
  flush by its top card), else keep one card of each rank eight or lower and
  exchange the rest (the lowball bots' ``hard`` table,
  :class:`pokerbonus.bots.lowball.LowballBot`). Badugi: stand pat on a four-card
  badugi jack-high or better, else keep the best badugi of cards eight or lower
  (:func:`pokerbonus.bots.variant_kernels.badugi_draw_mask`). The French
  five-card draw: the draw bots' standard table
  (:func:`pokerbonus.bots.kernels.discard_mask`); with jokers, the hand as it
  stands (no draw).
- **A discard to come** (Pineapple...): the seat keeps the two cards whose
  figure is the best.

Fast paths: the seat's hand and the opponents' are dealt for all samples at
once and ranked by :func:`pokerbonus.hands.batch.evaluate_batch` (the engine's
ranks); badugi and the French draw use the draw bots' compiled kernels; jokers
(the French draw only) go through :func:`pokerbonus.engine.showdown.best_value`.
:func:`engine_share` scores one deal with the engine's own functions (the
tests compare the two).

>>> import random
>>> from pokerbonus.cards import parse_cards
>>> from pokerbonus.rules.catalog import CATALOG
>>> spot = EquitySpot(tuple(parse_cards("As Ks Qs Js Ts 2d 3c")), 0,
...                   (Hand(tuple(parse_cards("Kd Kh 7c 7d")), 0),), (), 0, 7, (),
...                   tuple(range(52)), CATALOG["seven-card-stud"].game().rule)
>>> sampled_equity(spot, 500, random.Random(1))  # a royal flush on the river
1.0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from pokerbonus.cards import make_deck
from pokerbonus.engine.events import Discarded, Drew
from pokerbonus.engine.showdown import best_value, evaluator_options, qualifies
from pokerbonus.engine.views import SeatView
from pokerbonus.rules.games import Deal, Draw, GameDef, HandRule

if TYPE_CHECKING:
    from pokerbonus.engine.config import TableConfig

__all__ = [
    "SAMPLES",
    "EquitySpot",
    "Hand",
    "draw_discards",
    "engine_share",
    "pot_shares",
    "sample_deals",
    "sampled_equity",
    "seat_equity",
    "spot_from_view",
]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
B = npt.NDArray[np.bool_]

SAMPLES: Final = 2000
"""Deals per figure (a standard error of about 0.011 at an even share)."""

_KEEP_TOP: Final = 7  # lowball and badugi draws keep cards eight or lower (rank index)
_PAT_TOP: Final = 8  # lowball stands pat on nine-high or better
_BADUGI_PAT_TOP: Final = 10  # badugi stands pat on jack-high or better


@dataclass(frozen=True, slots=True)
class Hand:
    """An opponent's hand as the seat sees it: the ``known`` cards (up cards, a
    hand shown) and the ``draws`` left to it; the rest is dealt at random."""

    known: tuple[int, ...]
    draws: int


@dataclass(frozen=True, slots=True)
class EquitySpot:
    """A decision as the seat sees it, reduced to what the showdown needs.

    ``mine``: the seat's cards and ``my_draws`` the draws left to it;
    ``opponents`` the hands still in; ``boards`` the cards of each board
    (empty: a game without a board) and ``board_size`` a board's final size;
    ``hand_size`` the private cards each player holds at the showdown; ``dead``
    cards the seat knows are out (its own discards, folded seats' up cards);
    ``deck`` the game's cards; ``rule`` the showdown's rule; ``draw_max`` the
    most cards one draw exchanges."""

    mine: tuple[int, ...]
    my_draws: int
    opponents: tuple[Hand, ...]
    boards: tuple[tuple[int, ...], ...]
    board_size: int
    hand_size: int
    dead: tuple[int, ...]
    deck: tuple[int, ...]
    rule: HandRule
    draw_max: int = 5

    @property
    def unseen(self) -> list[int]:
        """The cards of the deck the seat has not seen."""
        seen = set(self.mine) | set(self.dead)
        for hand in self.opponents:
            seen.update(hand.known)
        for board in self.boards:
            seen.update(board)
        return [c for c in self.deck if c not in seen]


def spot_from_view(view: SeatView, game: GameDef) -> EquitySpot:
    """The spot of ``view`` (a seat's view, not a spectator's) at ``game``."""
    seat = view.seat
    assert seat is not None
    draws = sum(1 for step in game.steps if isinstance(step, Draw))
    drew = [0] * view.players
    dead: list[int] = []
    for event in view.log:
        if isinstance(event, Drew):
            drew[event.seat] += 1
        if isinstance(event, Drew | Discarded) and event.seat == seat:
            dead.extend(int(c) for c in event.cards)
    shown = dict(view.shown)
    hand_size = game.cards_per_player
    boards = tuple(tuple(int(c) for c in b) for b in (view.boards or (view.board,)))
    board_size = sum(s.count for s in game.steps if isinstance(s, Deal) and s.face == "board"
                     and s.board == 0)  # fmt: skip
    if not board_size:
        boards = (boards[0],) if boards[0] else ()  # stud: a shared last card
        hand_size -= len(view.board)
        board_size = len(view.board)
    opponents: list[Hand] = []
    for s in range(view.players):
        if s == seat:
            continue
        if view.folded[s]:
            dead.extend(int(c) for c in view.up_cards[s])
            continue
        known = shown.get(s, view.up_cards[s])
        opponents.append(Hand(tuple(int(c) for c in known), max(0, draws - drew[s])))
    draw_max = max((s.max_cards for s in game.steps if isinstance(s, Draw)), default=5)
    return EquitySpot(
        tuple(int(c) for c in view.hole), max(0, draws - drew[seat]), tuple(opponents), boards,
        board_size, hand_size, tuple(dead), tuple(int(c) for c in make_deck(view.deck_size,
        game.jokers)), game.rule, draw_max,
    )  # fmt: skip


# -- the draw tables --------------------------------------------------------------


def _low_ranks(hands: I64, scheme: str) -> I64:
    """Each card's rank for low: ace 0 .. king 12 (``a5``), deuce 1 .. ace 13 (``27``)."""
    r = hands >> 2
    if scheme == "a5":
        return np.where(r == 12, 0, r + 1)
    return r + 1


def draw_discards(hands: I64, scheme: str) -> B:
    """The positions each lowball hand of ``hands`` (``(N, 5)``) exchanges, by the
    table of the module doc (``scheme`` ``"a5"`` or ``"27"``).

    >>> from pokerbonus.cards import parse_cards
    >>> hands = np.array([parse_cards("As 2d 2h 9c Kd"), parse_cards("2s 3s 4s 5s 7s")])
    >>> draw_discards(hands, "a5").astype(int).tolist()
    [[0, 0, 1, 1, 1], [0, 0, 0, 0, 0]]
    >>> draw_discards(hands[1:], "27").astype(int).tolist()  # a flush: break it by the seven
    [[0, 0, 0, 0, 1]]
    """
    r = _low_ranks(hands, scheme)
    n = hands.shape[1]
    earlier = np.tril(np.ones((n, n), np.bool_), -1)  # earlier[i, j]: j comes before i
    repeat = ((r[:, :, None] == r[:, None, :]) & earlier[None]).any(axis=2)
    keep = (r <= _KEEP_TOP) & ~repeat
    pat = ~repeat.any(axis=1) & (r.max(axis=1) <= _PAT_TOP)
    top = r == r.max(axis=1, keepdims=True)
    if scheme == "27":
        suits = hands & 3
        flush = (suits == suits[:, :1]).all(axis=1)
        ranks = np.sort(hands >> 2, axis=1)
        straight = ~repeat.any(axis=1) & (ranks[:, -1] - ranks[:, 0] == n - 1)
        spoiled = flush | straight
    else:
        spoiled = np.zeros(len(hands), np.bool_)
    out: B = np.where(pat[:, None], top & spoiled[:, None], ~keep)
    return out


# -- dealing and scoring ------------------------------------------------------------


def sample_deals(spot: EquitySpot, samples: int, gen: np.random.Generator) -> tuple[
    list[I64], list[I64]
]:  # fmt: skip
    """``samples`` deals from the numpy generator ``gen``: each player's final hand
    (``(samples, hand_size)``, the seat first) and each board, the lowball draws
    played out (badugi and the French draw have their own kernels)."""
    unseen = np.array(spot.unseen, np.int64)
    u = len(unseen)
    order = unseen[np.argsort(gen.random((samples, u)), axis=1)]
    at = 0

    def take(count: int) -> I64:
        nonlocal at
        count = max(0, min(count, u - at))
        out = order[:, at : at + count]
        at += count
        return out

    def complete(known: Sequence[int], size: int) -> I64:
        fixed = np.broadcast_to(np.array(known[:size], np.int64), (samples, min(len(known), size)))
        return np.concatenate([fixed, take(size - len(known))], axis=1)

    hands = [complete(spot.mine, spot.hand_size)]
    hands += [complete(h.known, spot.hand_size) for h in spot.opponents]
    boards = [complete(b, spot.board_size) for b in spot.boards]
    draws = [spot.my_draws] + [h.draws for h in spot.opponents]
    scheme = spot.rule.low if spot.rule.low in ("a5", "27") and spot.rule.high is None else None
    if scheme is not None and max(draws) and spot.hand_size == 5:
        pos = np.full(samples, at, np.int64)
        rows = np.arange(samples)
        for d in range(max(draws)):
            for p, hand in enumerate(hands):
                if draws[p] <= d:
                    continue
                out = draw_discards(hand, scheme)
                out &= np.cumsum(out, axis=1) <= spot.draw_max
                for i in range(hand.shape[1]):
                    go = out[:, i] & (pos < u)  # the stub ran out: the card stays
                    hand[go, i] = order[rows[go], pos[go]]
                    pos += go
    return hands, boards


def _values(rule: HandRule, game: str, hand: I64, board: I64 | None) -> I64:
    """The rank of each sample's best hand (``hand`` + ``board``) in ``game``."""
    from pokerbonus.hands.batch import evaluate_batch

    if board is None or board.shape[1] == 0:
        return evaluate_batch(hand, game).astype(np.int64)
    k = rule.hole_cards
    if k is None:
        return evaluate_batch(np.concatenate([hand, board], axis=1), game).astype(np.int64)
    n = hand.shape[0]
    picks = [
        np.concatenate([hand[:, list(h)], board[:, list(b)]], axis=1)
        for h in combinations(range(hand.shape[1]), k)
        for b in combinations(range(board.shape[1]), 5 - k)
    ]
    ranks = evaluate_batch(np.concatenate(picks, axis=0), game).astype(np.int64)
    best: I64 = ranks.reshape(len(picks), n).max(axis=0)
    return best


def _share(values: I64, eligible: B | None = None) -> F64:
    """The seat's (row 0) share of a pot won by the greatest value, ties split;
    ``eligible``: the values that may win (a qualifying low)."""
    if eligible is not None:
        values = np.where(eligible, values, -1)
    top = values.max(axis=0)
    winners = values == top
    if eligible is not None:
        winners &= eligible
    count = np.maximum(winners.sum(axis=0), 1)
    share: F64 = winners[0] / count
    return share


def pot_shares(rule: HandRule, hands: list[I64], boards: list[I64]) -> F64:
    """The seat's (``hands[0]``) share of the pot in each sample of
    :func:`sample_deals` (see the module doc)."""
    if len(boards) > 1:  # double board: half the pot per board, high only
        assert rule.high is not None
        parts = [_share(np.stack([_values(rule, rule.high, h, b) for h in hands])) for b in boards]
        return 0.5 * (parts[0] + parts[1])
    board = boards[0] if boards else None
    high = None
    if rule.high is not None:
        high = _share(np.stack([_values(rule, rule.high, h, board) for h in hands]))
    if rule.low is None:
        assert high is not None
        return high
    lows = np.stack([_values(rule, rule.low, h, board) for h in hands])
    if rule.low != "low8":
        low = _share(lows)
        return low if high is None else 0.5 * (high + low)
    qualified = lows > 0
    low = _share(lows, qualified)
    if high is None:
        return low
    return np.where(qualified.any(axis=0), 0.5 * (high + low), high)


def engine_share(spot: EquitySpot, hands: Sequence[Sequence[int]],
                 boards: Sequence[Sequence[int]]) -> float:  # fmt: skip
    """The seat's share of one pot at one finished deal (``hands[0]`` the seat's),
    by the engine's own functions (:func:`~pokerbonus.engine.showdown.best_value`,
    :func:`~pokerbonus.engine.showdown.qualifies`), one pot, odd chips aside."""
    rule = spot.rule
    deck = len([c for c in spot.deck if c < 52])
    jokers = len(spot.deck) - deck

    def value(game: str, hand: Sequence[int], board: Sequence[int]) -> int:
        options = evaluator_options(rule, game, deck, jokers)
        return best_value(tuple(hand), tuple(board), rule, game, options).rank

    def share(values: list[int | None]) -> float:
        valid = [v for v in values if v is not None]
        if not valid or values[0] is None:
            return 0.0
        top = max(valid)
        return 1.0 / valid.count(top) if values[0] == top else 0.0

    if len(boards) > 1:
        assert rule.high is not None
        return sum(0.5 * share([value(rule.high, h, b) for h in hands]) for b in boards)
    board = boards[0] if boards else ()
    high = share([value(rule.high, h, board) for h in hands]) if rule.high else None
    if rule.low is None:
        assert high is not None
        return high
    lows: list[int | None] = []
    for h in hands:
        options = evaluator_options(rule, rule.low, deck, jokers)
        v = best_value(tuple(h), tuple(board), rule, rule.low, options)
        lows.append(v.rank if qualifies(v, rule.low) else None)
    if high is None:
        return share(lows)
    if all(v is None for v in lows):
        return high
    return 0.5 * (high + share(lows))


def sampled_equity(spot: EquitySpot, samples: int, rng: random.Random) -> float:
    """The seat's average share of the pot over ``samples`` seeded deals (module doc)."""
    if spot.rule.low == "badugi":
        return _badugi_equity(spot, samples, rng)
    if len(spot.mine) > spot.hand_size:  # a discard to come: the best pair kept
        seed = rng.randrange(2**31)
        best = 0.0
        keeps = list(combinations(spot.mine, spot.hand_size))
        for keep in keeps:
            out = tuple(c for c in spot.mine if c not in keep)
            kept = replace(spot, mine=keep, dead=spot.dead + out)
            best = max(best, sampled_equity(kept, max(200, samples // len(keeps)),
                                            random.Random(seed)))  # fmt: skip
        return best
    need = (spot.hand_size - len(spot.mine)) + sum(
        spot.hand_size - len(h.known) for h in spot.opponents
    ) + sum(spot.board_size - len(b) for b in spot.boards)  # fmt: skip
    if not spot.boards and need > len(spot.unseen) and spot.hand_size == 7:
        # seven-card stud short of cards: the last card is one shared card
        spot = replace(spot, boards=((),), board_size=1, hand_size=6)
    gen = np.random.default_rng(rng.randrange(2**63))
    hands, boards = sample_deals(spot, samples, gen)
    return float(pot_shares(spot.rule, hands, boards).mean())


def _badugi_equity(spot: EquitySpot, samples: int, rng: random.Random) -> float:
    """Badugi: the badugi bots' kernel, opponents random, every draw left played."""
    from pokerbonus.bots.variant_kernels import badugi_draw_mask, badugi_equity

    hero = np.array(spot.mine, np.int64)
    k = len(spot.opponents)
    mask = int(badugi_draw_mask(hero, _KEEP_TOP, _BADUGI_PAT_TOP)) if spot.my_draws else 0
    return float(
        badugi_equity(
            hero, mask, spot.my_draws, np.array(spot.dead, np.int64), np.full(k, -1, np.int64),
            np.full(k, _KEEP_TOP, np.int64), np.array([h.draws for h in spot.opponents], np.int64),
            np.zeros(k, np.int64), 0.0, 1.0, _KEEP_TOP, _BADUGI_PAT_TOP, samples,
            rng.randrange(2**31),
        )
    )  # fmt: skip


def seat_equity(
    view: SeatView, config: TableConfig, rng: random.Random, samples: int = SAMPLES
) -> float | None:
    """The seat's equity against random hands of the players still in (module doc),
    or ``None`` without an opponent or cards."""
    from pokerbonus.engine.table import game_for

    assert view.seat is not None
    if not view.hole or all(view.folded[s] for s in range(view.players) if s != view.seat):
        return None
    game = game_for(config)
    spot = spot_from_view(view, game)
    if config.is_draw:
        return _french_draw_equity(spot, config, samples, rng)
    return sampled_equity(spot, samples, rng)


def _french_draw_equity(
    spot: EquitySpot, config: TableConfig, samples: int, rng: random.Random
) -> float:
    """The French five-card draw: the draw bots' compiled score (no jokers), the
    standard table for the draws left; with jokers, :func:`engine_share` on the
    hands as they stand."""
    from pokerbonus.bots.base import GameInfo
    from pokerbonus.bots.kernels import discard_mask, random_hands_share, showdown_equity

    k = len(spot.opponents)
    unseen = np.array(spot.unseen, np.int64)
    if not config.jokers:
        info = GameInfo(deck_size=config.effective_deck_size, wheel=config.wheel,
                        ranking=config.ranking)  # fmt: skip
        mine = np.array(spot.mine, np.int64)
        seed = rng.randrange(2**31)
        if not spot.my_draws and not any(h.draws for h in spot.opponents):
            return float(random_hands_share(mine, unseen, k, samples, seed, info.low,
                                            info.wheel, info.order))  # fmt: skip
        mask = int(discard_mask(mine, info.low, info.wheel, info.order)) if spot.my_draws else 0
        drawn = np.full(k, -1, np.int64)  # every opponent draws by the table too
        zeros = np.zeros(k, np.int64)
        return float(showdown_equity(
            mine, mask, unseen, drawn, zeros, zeros, np.zeros(k), np.zeros(k), samples, seed,
            info.low, info.wheel, info.order,
        ))  # fmt: skip
    total = 0.0
    draws = max(200, samples // 4)  # evaluate with jokers is slow
    for _ in range(draws):
        dealt = rng.sample(list(unseen), 5 * k)
        hands = [spot.mine] + [tuple(dealt[5 * o : 5 * o + 5]) for o in range(k)]
        total += engine_share(spot, hands, ())
    return total / draws
