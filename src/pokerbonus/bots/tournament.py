"""Bots that know they play a tournament.

:class:`TournamentBot`, hold'em: below ``push_below`` big blinds (10 by default) it
plays push-or-fold before the flop, from the ranges that
:mod:`pokerbonus.solvers.push_fold` computes with our own equities; deeper, or
after the flop, it plays as the bot it wraps (``hard``). Near the money (given
the public :class:`~pokerbonus.engine.tournament.TournamentView` through
:meth:`TournamentBot.observe_tournament`), it pushes and calls all-ins by their
ICM value (Malmuth-Harville) rather than by chips.

:class:`DrawTournamentBot`, the five-card draw (the French pot game or blinds, no
jokers): the same before the draw once the stack at risk is at most
``push_below`` times the dead money (7 by default, about 10 big blinds of
hold'em), from the push-or-fold game :mod:`pokerbonus.bots.draw_push` computes for
the deck the table plays; else the draw bot it wraps (``hard``).

:func:`tournament_bot` picks the one a tournament seats for a game and level.

>>> TournamentBot(seed=1).name, DrawTournamentBot(seed=1).name
('holdem:tournament', 'draw:tournament')
>>> tournament_bot("draw", "no-limit", "hard", seed=1).name
'draw:tournament'
>>> tournament_bot("draw", "limit", "hard", seed=1).name  # no all-in to push: the ladder's
'hard'
>>> tournament_bot("holdem", "no-limit", "easy", seed=1).name, tournament_bot(
...     "holdem", "no-limit", "easy", seed=1, weakest="easy").name
('holdem:easy', 'holdem:tournament')
"""

from __future__ import annotations

from typing import Final

import numpy as np

from pokerbonus.bots.base import UNLIMITED, Bot, Budget, GameInfo
from pokerbonus.bots.draw import make_bot
from pokerbonus.bots.draw_push import (
    bucket_of,
    bucket_table,
    field_share,
    push_value,
    solved,
)
from pokerbonus.bots.holdem import HoldemBot
from pokerbonus.engine.actions import Action
from pokerbonus.engine.events import Drew
from pokerbonus.engine.tournament import TournamentView
from pokerbonus.engine.views import SeatView
from pokerbonus.rules.prizes import icm_equities
from pokerbonus.solvers.push_fold import (
    call_range,
    class_equities,
    equity_against,
    hand_class,
    heads_up_equilibrium,
    push_range,
    range_share,
)

__all__ = ["DEAL_TOLERANCE", "DrawTournamentBot", "TournamentBot", "accepts_deal", "tournament_bot"]

DEAL_TOLERANCE: Final = 0.01
"""A computer opponent accepts a deal that pays it at least its ICM equity less
this share of the prizes left."""


def accepts_deal(amount: int, equity: float, prizes_left: int) -> bool:
    """Whether a computer opponent accepts a deal that pays it ``amount``: at least its
    ICM ``equity`` less :data:`DEAL_TOLERANCE` of ``prizes_left`` (the sum of the prizes
    of the places still to play). The terminal's and the web's opponents answer so.

    >>> accepts_deal(290, 300.0, 1000), accepts_deal(289, 300.0, 1000)
    (True, False)
    """
    return amount >= equity - DEAL_TOLERANCE * prizes_left


def _order(view: SeatView) -> list[int]:
    """The seats in their pre-flop order of speech."""
    n = view.players
    first = view.dealer if n == 2 else (view.dealer + 3) % n
    return [(first + k) % n for k in range(n)]


class TournamentBot(Bot):
    """Push or fold when short, else ``inner`` (default: hold'em ``hard``)."""

    name = "holdem:tournament"

    def __init__(self, seed: int | None = None, inner: Bot | None = None,
                 push_below: float = 10.0) -> None:  # fmt: skip
        super().__init__(seed)
        self.inner = inner if inner is not None else HoldemBot(seed, "hard")
        self.push_below = push_below
        self.tournament: TournamentView | None = None

    def observe_tournament(self, view: TournamentView) -> None:
        """The public state of the tournament before a hand."""
        self.tournament = view

    def _icm_choice(self, view: SeatView, opponent: int, equity: float, dead: int,
                    posted: int, steal: float) -> bool | None:  # fmt: skip
        """Whether going all-in against ``opponent`` is worth more prize equity
        than folding (``None``: not near the money). ``steal``: the chance that
        everyone folds to it (0 when calling)."""
        t = self.tournament
        seat = view.seat
        if t is None or seat is None or not t.near_the_money or not t.hand_players:
            return None
        names = [name for name, _ in t.stacks]
        chips = dict(t.stacks)
        me, them = t.hand_players[seat], t.hand_players[opponent]
        if me not in chips or them not in chips:
            return None
        risk = min(chips[me], chips[them])
        others = dead - view.bets[seat] - view.bets[opponent]

        def value(change: dict[str, int]) -> float:
            stacks = [max(0, chips[n] + change.get(n, 0)) for n in names]
            return icm_equities(stacks, t.prizes_left)[names.index(me)]

        fold = value({me: -posted, them: posted + max(0, others)})
        win = value({me: risk + max(0, others), them: -risk})
        lose = value({me: -risk, them: risk + max(0, others)})
        steal_value = value({me: dead - posted}) if steal > 0 else 0.0
        push = steal * steal_value + (1 - steal) * (equity * win + (1 - equity) * lose)
        return push > fold

    def warm_up(self, info: GameInfo) -> None:
        """Warm the wrapped bot and load the class equities."""
        self.inner.warm_up(info)
        class_equities()

    def new_hand(self, seat: int, info: GameInfo) -> None:
        """Pass the new hand on."""
        self.inner.new_hand(seat, info)

    def hand_over(self, view: SeatView, info: GameInfo) -> None:
        """Pass the finished hand on (the wrapped bot's model of its opponents)."""
        self.inner.hand_over(view, info)

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Push or fold when short before the flop, else the wrapped bot's action."""
        legal = view.legal
        seat = view.seat
        if (legal is None or seat is None or legal.decision != "bet" or view.board
                or info.betting != "no-limit" or len(view.hole) != 2):  # fmt: skip
            return self.inner.decide(view, info, budget)
        bb = max(1, info.unit)
        mine = view.stacks[seat] + view.bets[seat]
        live = [s for s in range(view.players) if s != seat and not view.folded[s]]
        if not live:
            return self.inner.decide(view, info, budget)
        biggest = max(view.stacks[s] + view.bets[s] for s in live)
        effective = min(mine, biggest) / bb
        if effective > self.push_below:
            return self.inner.decide(view, info, budget)
        hand = hand_class(view.hole[0], view.hole[1])
        dead = (view.pot + sum(view.bets)) / bb
        top = max(view.bets)
        order = _order(view)
        behind = [s for s in order[order.index(seat) + 1 :]
                  if not view.folded[s] and view.stacks[s] > 0]  # fmt: skip
        stack = round(effective * 2) / 2
        if top <= bb:  # unopened (limps are dead money)
            chosen = push_range(stack, len(behind), round(dead * 4) / 4, 0.0, view.bets[seat] / bb)
            if behind:
                caller = max(behind, key=lambda s: view.stacks[s] + view.bets[s])
                calls = heads_up_equilibrium(stack)[1]
                steal = (1 - range_share(calls)) ** len(behind)
                pot = view.pot + sum(view.bets)
                odds = equity_against(hand, calls)
                icm = self._icm_choice(view, caller, odds, pot, view.bets[seat], steal)
                if icm is not None:
                    return self._all_in(view) if icm else self._pass(view)
            if chosen[hand]:
                return self._all_in(view)
            return self._pass(view)
        raiser = next(s for s in reversed(order) if view.bets[s] == top)
        raiser_stack = (view.stacks[raiser] + view.bets[raiser]) / bb
        raiser_behind = len([s for s in order[order.index(raiser) + 1 :] if not view.folded[s]])
        to_call = (legal.call_amount or 0) / bb
        pushes = push_range(round(min(raiser_stack, effective) * 2) / 2, max(1, raiser_behind), 1.5)
        icm = self._icm_choice(view, raiser, equity_against(hand, pushes),
                               view.pot + sum(view.bets), view.bets[seat], 0.0)  # fmt: skip
        if icm is not None:
            return self._all_in(view) if icm else self._pass(view)
        if call_range(stack, round(min(raiser_stack, effective) * 2) / 2, max(1, raiser_behind),
                      1.5, to_call, dead + to_call)[hand]:  # fmt: skip
            return self._all_in(view)
        return Action.check_or_call() if legal.can_check else Action.fold()

    @staticmethod
    def _pass(view: SeatView) -> Action:
        legal = view.legal
        assert legal is not None
        return Action.check_or_call() if legal.can_check else Action.fold()

    @staticmethod
    def _all_in(view: SeatView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.max_raise_to is not None:
            return Action.raise_to(legal.max_raise_to)
        return Action.check_or_call()


class DrawTournamentBot(TournamentBot):
    """Push or fold when short before the draw, else ``inner`` (default: ``hard``)."""

    name = "draw:tournament"

    def __init__(self, seed: int | None = None, inner: Bot | None = None,
                 push_below: float = 7.0) -> None:  # fmt: skip
        super().__init__(seed, inner if inner is not None else make_bot("hard", seed),
                         push_below)  # fmt: skip

    def warm_up(self, info: GameInfo) -> None:
        """Warm the wrapped bot and count the classes of this deck."""
        self.inner.warm_up(info)
        bucket_table(info.deck_size, info.low, info.wheel, tuple(int(x) for x in info.order))

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Push or fold when short before the draw, else the wrapped bot's action."""
        legal = view.legal
        seat = view.seat
        if (legal is None or seat is None or legal.decision != "bet" or info.jokers
                or info.betting != "no-limit" or len(view.hole) != 5 or info.evaluation != "high"
                or any(isinstance(e, Drew) for e in view.log)):  # fmt: skip
            return self.inner.decide(view, info, budget)
        live = [s for s in range(view.players) if s != seat and not view.folded[s]]
        if not live:
            return self.inner.decide(view, info, budget)
        mine = view.stacks[seat] + view.bets[seat]
        biggest = max(view.stacks[s] + view.bets[s] for s in live)
        risk = min(mine, biggest)
        dead = max(1, view.pot + sum(view.bets) - view.bets[seat])
        ratio = risk / dead
        if ratio > self.push_below:
            return self.inner.decide(view, info, budget)
        if max(view.bets) > view.bets[seat]:
            # facing a bet: the wrapped bot's answer (it reads the bettor's range from
            # the bet and from its model of the bettor; the push game's callers answer a
            # pusher of its own ranges, which a real bettor's all-in need not be)
            return self.inner.decide(view, info, budget)
        # nothing to call: push, or the wrapped bot's own opening or check
        order = tuple(int(x) for x in info.order)
        table, call = solved(info.deck_size, info.low, info.wheel, order, ratio, len(live))
        hand = np.array([int(c) for c in view.hole], dtype=np.int64)
        mine_class = bucket_of(table, hand, info.low, info.wheel, info.order)
        called = call * field_share(table, len(live))
        calls = float(called.sum())
        equity = float((table.equity[mine_class] * called).sum() / calls) if calls else 0.5
        opponent = max(live, key=lambda s: view.stacks[s] + view.bets[s])
        icm = self._icm_choice(view, opponent, equity, view.pot + sum(view.bets),
                               view.bets[seat], 1 - calls)  # fmt: skip
        if icm:
            return self._all_in(view)
        if icm is None and push_value(table, ratio, call, len(live))[mine_class] > 0:
            return self._all_in(view)
        return self.inner.decide(view, info, budget)  # its own opening, or a check


def tournament_bot(
    game: str, betting: str, level: str, seed: int | None = None, *, weakest: str = "medium"
) -> Bot:
    """The computer opponent a tournament seats at ``game`` for ``level``: in no-limit
    hold'em and at the five-card draw, from ``weakest`` up the ladder (the web's
    tables wrap ``medium`` and above, the terminal's ``easy`` too), the tournament bot
    over the level's bot (push or fold when short, ICM near the money); else the
    level's bot of the game."""
    from pokerbonus.bots.game_bots import bot_for
    from pokerbonus.levels import LADDER

    bot = bot_for(game, level, seed=seed)
    if betting != "no-limit" or level not in LADDER[LADDER.index(weakest) :]:
        return bot
    if game == "holdem":
        return TournamentBot(seed, inner=bot)
    if game == "draw":
        return DrawTournamentBot(seed, inner=bot)
    return bot
