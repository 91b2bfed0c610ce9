"""Badugi bots: the draw lowball bot's structure with the badugi ranking.

**The draw**: keep the best badugi (different suits, different ranks, ace low)
made of cards up to a limit (eight or lower at ``medium``/``hard``, ten or lower
at ``easy``) and exchange the rest; stand pat on a four-card badugi of jack or
better (``easy``: any four-card badugi). ``hard`` compares the equity of the
candidate keeps (that draw, standing pat on or breaking a four-card badugi,
the best badugi of any cards) and takes the best.

**Equity**: opponents' hands are dealt from the unseen cards and fit the number
of cards they last exchanged in one sample of four (:data:`FIT_LEAK`: the cards
they kept are a badugi of the keep limit, a pat hand a four-card badugi of the
pat limit; otherwise any cards); at ``medium`` and
``hard`` a bet in this round shows a three-card badugi before the first draw,
a four-card badugi after it, a weaker hand kept with probability 0.3. At
``medium`` and ``hard`` every remaining draw is played out for both sides (each
by the draw above; an opponent who already exchanged in the current draw skips
it); ``easy`` gives the hero one more draw and only opponents who have not drawn
yet one draw.

>>> from pokerbonus.cards import parse_cards
>>> bot = BadugiBot(seed=1)
>>> [str(c) for c in bot.discard(parse_cards("As 2s 3d 4h"))]
['2s']
>>> bot.discard(parse_cards("As 2c 3d 4h"))
()
>>> [str(c) for c in bot.discard(parse_cards("As 2c 3d Kh"))]
['Kh']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerbonus.bots.base import GameInfo
from pokerbonus.bots.equity_bots import EquityBot, TableRead
from pokerbonus.bots.variant_kernels import (
    badugi_discard_mask,
    badugi_draw_mask,
    badugi_equity,
    badugi_value,
)
from pokerbonus.cards import Card
from pokerbonus.engine.actions import Action
from pokerbonus.engine.events import Drew, RoundEnded
from pokerbonus.engine.views import SeatView

__all__ = ["BETTING_ROUNDS", "FIT_LEAK", "BadugiBot"]

BETTING_ROUNDS: Final = 4
"""Betting rounds of badugi (three draws)."""

_FOUR_CARDS: Final = 4 * 13**4  # the least value of a four-card badugi
_THREE_CARDS: Final = 3 * 13**4  # the least value of a three-card badugi
FIT_LEAK: Final = 0.75
"""The chance an opponent's kept cards are read as any cards, not the standard
draw's keep (the draw count is a weak read: many players draw by another table)."""
_ANY: Final = 12  # the highest ace-low rank (king): a keep limit that allows every card


def _ace_low(card: Card) -> int:
    r = (card >> 2) + 1
    return 0 if r == 13 else r


def _cards(cards: Sequence[Card]) -> npt.NDArray[np.int64]:
    return np.array([int(c) for c in cards], np.int64)


def _drew_this_round(view: SeatView) -> frozenset[int]:
    """The seats that already exchanged in the draw now being played."""
    seats: set[int] = set()
    for event in view.log:
        if isinstance(event, RoundEnded):
            seats.clear()
        elif isinstance(event, Drew):
            seats.add(event.seat)
    return frozenset(seats)


class BadugiBot(EquityBot):
    """Badugi at ``easy``, ``medium`` or ``hard`` (see the module doc)."""

    game = "badugi"

    def __init__(self, seed: int | None = None, level: str = "hard") -> None:
        super().__init__(seed, level)
        easy = self.level.name == "easy"
        self.keep_top = 9 if easy else 7  # ten / eight or lower (ace low: ace 0)
        self.pat_top = 12 if easy else 10  # any / jack or better stands pat
        self.every_draw = not easy  # model every remaining draw for both sides
        self.compare_keeps = self.level.narrow  # hard: the draw by the keeps' equity

    def discard(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The cards this bot exchanges from ``cards`` (see the module doc)."""
        mask = int(badugi_draw_mask(_cards(cards), self.keep_top, self.pat_top))
        return tuple(c for i, c in enumerate(cards) if mask >> i & 1)

    def keep_equities(
        self, view: SeatView, read: TableRead, samples: int
    ) -> list[tuple[int, float]]:
        """The candidate draws of ``view.hole`` (bit masks of the positions
        exchanged: the standard draw first, then standing pat on a four-card
        badugi or breaking it to the best three cards of the keep limit, and
        keeping the best badugi of any cards) with their equity, all sampled
        with the same deals."""
        hand = _cards(view.hole)
        masks = [int(badugi_draw_mask(hand, self.keep_top, self.pat_top))]
        if badugi_value(hand) >= _FOUR_CARDS:
            masks += [0, int(badugi_discard_mask(hand, self.keep_top))]
        masks.append(int(badugi_discard_mask(hand, _ANY)))
        unique = list(dict.fromkeys(masks))
        if len(unique) == 1:
            return [(unique[0], 0.0)]
        seed = self.rng.getrandbits(31)
        left = BETTING_ROUNDS - read.street  # this draw and the ones after it
        drew = _drew_this_round(view)
        bets = read.street - 1  # the betting round before this draw
        return [(mask, self._equity(view, read, mask, left, drew, bets, samples, seed))
                for mask in unique]  # fmt: skip

    def special(self, view: SeatView, read: TableRead, info: GameInfo) -> Action:
        """The draw (``hard``: the candidate keep of best equity, see
        :meth:`keep_equities`; else :meth:`discard`); the safe action otherwise."""
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            cards = view.hole
            if self.compare_keeps and read.live:
                ranked = self.keep_equities(view, read, self.level.samples)
                best = max(ranked, key=lambda pair: pair[1])[0]  # the first of equals
                out = tuple(c for i, c in enumerate(cards) if best >> i & 1)
            else:
                out = self.discard(cards)
            return Action.discard(out[: legal.max_discard])
        return super().special(view, read, info)

    def equity(self, view: SeatView, read: TableRead, info: GameInfo, samples: int) -> float:
        """Equity against hands that fit the opponents' draws and bets."""
        hero = view.hole
        out = set(self.discard(hero))
        mask = sum(1 << i for i, c in enumerate(hero) if c in out)
        left = BETTING_ROUNDS - 1 - read.street  # the draws after this betting round
        seed = self.rng.getrandbits(31)
        return self._equity(view, read, mask, left, frozenset(), read.street, samples, seed)

    def _equity(
        self,
        view: SeatView,
        read: TableRead,
        mask: int,
        left: int,
        drew: frozenset[int],
        bets: int,
        samples: int,
        seed: int,
    ) -> float:
        """The hero's equity exchanging ``mask`` in the next of ``left`` draws;
        the seats of ``drew`` have already exchanged in it; a bet in betting
        round ``bets`` by another seat shows a made hand (see the module doc)."""
        opponents = list(read.live)
        drawn = np.array([read.drawn[s] for s in opponents], np.int64)
        fit_top = np.where(drawn == 0, self.pat_top, self.keep_top).astype(np.int64)
        if self.every_draw:
            draws = np.array([left - (s in drew) for s in opponents], np.int64)
            hero_draws = left
        else:  # one more draw for the hero, opponents who already drew stand
            draws = (drawn < 0).astype(np.int64)
            hero_draws = min(left, 1)
        strong = np.zeros(len(opponents), np.int64)
        if self.level.ranges:
            shown = _THREE_CARDS if bets == 0 and self.every_draw else _FOUR_CARDS
            for i, seat in enumerate(opponents):
                if seat not in drew and read.aggressive(seat, bets):
                    strong[i] = shown
        return float(
            badugi_equity(
                _cards(view.hole), mask, hero_draws, np.zeros(0, np.int64), drawn, fit_top,
                draws, strong, 0.3, FIT_LEAK, self.keep_top, self.pat_top, samples, seed,
            )
        )  # fmt: skip
