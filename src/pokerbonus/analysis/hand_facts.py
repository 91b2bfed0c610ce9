"""The facts of a played hand that the player statistics count, read from its public view.

:func:`hand_facts` reads one finished hand **through the spectator's view**
(:func:`pokerbonus.engine.views.build_view` with no seat) and keeps, for each
seat, the few facts the statistics need: a small JSON-ready dict, stored beside
the hand so that the statistics of many hands are a sum, not a replay
(:mod:`pokerbonus.player_stats` sums them). Only what every seat at the table
saw goes in: the public actions, the counts of cards drawn, and the cards shown
at the showdown, so a folded hand never becomes known through a statistic.

>>> import random
>>> from pokerbonus.engine.config import TableConfig
>>> from pokerbonus.engine.table import Table, random_legal_action
>>> table = Table(TableConfig(players=2), random.Random(1), ["ann", "bob"])
>>> hand = table.start_hand()
>>> while not hand.finished:
...     hand.act(random_legal_action(hand, random.Random(0)))
>>> facts = hand_facts(hand, table.config, [table.players[s] for s in table.plan.seats])
>>> sum(seat["net"] for seat in facts["seats"])
0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pokerbonus.engine.events import (
    AllPassed,
    AntePosted,
    BetOrRaised,
    BetReturned,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    Drew,
    Folded,
    PotAwarded,
    PotBought,
    RoundEnded,
    Shown,
)

if TYPE_CHECKING:
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.engine.state import Hand
    from pokerbonus.engine.views import SeatView
    from pokerbonus.rules.games import HandRule

from pokerbonus.player_stats import FACTS_VERSION

__all__ = ["FACTS_VERSION", "best_hand_value", "hand_facts", "view_facts"]

_FORCED_BLINDS = frozenset({"blind", "small", "big", "straddle", "kill", "bring-in"})
_UNIT_BLINDS = frozenset({"blind", "big"})
_BLUFF_AT_MOST = 1  # Category.PAIR: a pat hand shown with one pair or less was a bluff
_EQUITY_GAMES = {"holdem": "holdem"}


def _seat_facts() -> dict[str, Any]:
    return {
        "vpip": 0, "pfr": 0, "rr_chance": 0, "rr": 0, "agg": 0, "calls": 0,
        "saw": 0, "sd": 0, "wsd": 0, "net": 0, "won_pot": 0, "best": None,
        "draws": [], "pat_shown": 0, "pat_bluff": 0, "allin_ev": None,
    }  # fmt: skip


def best_hand_value(
    cards: Sequence[int], board: Sequence[int], config: TableConfig, rule: HandRule
) -> tuple[int, int] | None:
    """``(category, rank)`` of shown cards under the table's rules, in a high game
    where the best five of all cards play (draw, hold'em, stud); ``None`` elsewhere
    (the lows, Omaha's two-card rule)."""
    from pokerbonus.hands.evaluation import evaluate

    if rule.high != "high" or rule.low is not None or rule.hole_cards:
        return None
    every = tuple(cards) + tuple(board)
    if len(every) < 5:
        return None
    value = evaluate(
        every,
        "high",
        deck=config.effective_deck_size,
        jokers=config.jokers > 0,
        wheel=config.wheel,
        ranking=config.ranking,
    )
    category = value.category
    return (int(category) if category is not None else 0, value.rank)


def hand_facts(hand: Hand, config: TableConfig, names: Sequence[str]) -> dict[str, Any]:
    """The facts of a finished ``hand`` for the statistics, read from its spectator view.

    ``names``: the players in hand seat order. The result is JSON-ready:
    ``{"v", "game", "unit", "pot", "names", "seats": [per seat]}``.
    """
    # the public record: what every seat saw
    return view_facts(hand.view(None), config, names, hand.game.rule)


def view_facts(
    view: SeatView, config: TableConfig, names: Sequence[str], rule: HandRule
) -> dict[str, Any]:
    """The facts of a finished hand as one seat saw it (``view``: its per-seat view,
    :func:`pokerbonus.engine.views.build_view`; a spectator's for the house's record):
    only the view's public log and the cards shown at the showdown are read, so the
    other seats' facts are the same from every view, and a folded hand never counts.
    ``rule``: the hand's rule (its game's), to value the shown hands."""
    n = view.players
    seats = [_seat_facts() for _ in range(n)]
    paid = [0] * n
    back = [0] * n  # chips that came back: uncalled parts returned, pots won
    returned = [0] * n
    folded = [False] * n
    all_in = [False] * n
    unit_blind = 0
    unit_ante = 0
    first_round = True
    raises_in_round = 0  # voluntary bets and raises of the first round so far
    last_raiser: int | None = None
    board_cards = 0
    ev_spot: tuple[int, ...] | None = None
    shown: dict[int, tuple[int, ...]] = {}
    pot_total = 0
    drew_first: dict[int, int] = {}
    rounds_ended = 0

    def acted_first_round(seat: int, raising: bool) -> None:
        nonlocal raises_in_round, last_raiser
        if not first_round:
            return
        if raises_in_round and last_raiser != seat:
            seats[seat]["rr_chance"] = 1
            if raising:
                seats[seat]["rr"] = 1
        if raising:
            raises_in_round += 1
            last_raiser = seat

    for event in view.log:
        if isinstance(event, AntePosted):
            paid[event.seat] += event.amount
            unit_ante = max(unit_ante, event.amount)
        elif isinstance(event, BlindPosted):
            paid[event.seat] += event.amount
            if event.kind == "surblind":  # a blind raise, offered and accepted
                seats[event.seat]["vpip"] = seats[event.seat]["pfr"] = 1
                seats[event.seat]["agg"] += 1
                acted_first_round(event.seat, True)
            elif event.kind in _UNIT_BLINDS:
                unit_blind = max(unit_blind, event.amount)
        elif isinstance(event, PotBought):
            paid[event.seat] += event.amount
            seats[event.seat]["vpip"] = 1
        elif isinstance(event, Checked):
            acted_first_round(event.seat, False)
        elif isinstance(event, Called):
            paid[event.seat] += event.amount
            all_in[event.seat] = all_in[event.seat] or event.all_in
            if event.amount > 0:
                seats[event.seat]["calls"] += 1
                if first_round:
                    seats[event.seat]["vpip"] = 1
            acted_first_round(event.seat, False)
        elif isinstance(event, BetOrRaised):
            paid[event.seat] += event.amount
            all_in[event.seat] = all_in[event.seat] or event.all_in
            seats[event.seat]["agg"] += 1
            if first_round:
                seats[event.seat]["vpip"] = seats[event.seat]["pfr"] = 1
            acted_first_round(event.seat, True)
        elif isinstance(event, Folded):
            folded[event.seat] = True
            acted_first_round(event.seat, False)
        elif isinstance(event, BetReturned):
            back[event.seat] += event.amount
            returned[event.seat] += event.amount
        elif isinstance(event, RoundEnded):
            rounds_ended += 1
            live = [s for s in range(n) if not folded[s]]
            if first_round and len(live) > 1:
                for s in live:
                    seats[s]["saw"] = 1
            first_round = False
            heads_up_all_in = len(live) == 2 and any(all_in[s] for s in live)
            if ev_spot is None and heads_up_all_in and board_cards < 5:
                ev_spot = (board_cards, *live)
        elif isinstance(event, BoardDealt):
            if event.board == 0:
                board_cards += len(event.cards)
        elif isinstance(event, Drew):
            seats[event.seat]["draws"].append(event.count)
            drew_first.setdefault(event.seat, event.count)
        elif isinstance(event, Shown):
            shown[event.seat] = tuple(int(c) for c in event.cards)
            seats[event.seat]["sd"] = 1
        elif isinstance(event, PotAwarded):
            pot_total += event.amount
            for s, chips in event.shares:
                back[s] += chips
                if chips > 0 and s in shown:
                    seats[s]["wsd"] = 1
        elif isinstance(event, AllPassed):
            back[event.seat] += event.amount
            pot_total += event.amount
    board = tuple(int(c) for c in view.board)
    for s in range(n):
        facts = seats[s]
        facts["net"] = back[s] - paid[s]
        if facts["net"] > 0:
            facts["won_pot"] = pot_total
        if s in shown:
            best = best_hand_value(shown[s], board, config, rule)
            if best is not None:
                facts["best"] = [best[0], best[1], list(shown[s]), list(board)]
                if drew_first.get(s) == 0:
                    facts["pat_shown"] = 1
                    if best[0] <= _BLUFF_AT_MOST:
                        facts["pat_bluff"] = 1
    if ev_spot is not None:
        _all_in_ev(seats, ev_spot, shown, board, config, paid, returned)
    unit = unit_blind or unit_ante or 1
    return {
        "v": FACTS_VERSION,
        "game": view.game,
        "unit": unit,
        "pot": pot_total,
        "names": list(names),
        "seats": seats,
    }


def _all_in_ev(
    seats: list[dict[str, Any]],
    spot: tuple[int, ...],
    shown: Mapping[int, tuple[int, ...]],
    board: tuple[int, ...],
    config: TableConfig,
    paid: Sequence[int],
    returned: Sequence[int],
) -> None:
    """The all-in expected result of two players all in before the last board card:
    their equity with the board as it stood, times the chips in play, less what
    each put in (hold'em; elsewhere the line keeps the hand's result)."""
    known, a, b = spot
    game = _EQUITY_GAMES.get(config.game)
    if game is None or a not in shown or b not in shown:
        return
    from pokerbonus.analysis.equity import equity
    from pokerbonus.cards import Card

    def text(cards: Iterable[int]) -> str:
        return "".join(str(Card(c)) for c in cards)

    # before the flop, a seeded sample (the exact walk of 1.7 million boards takes long)
    hands, cards = [text(shown[a]), text(shown[b])], text(board[:known])
    if known < 3:
        result = equity(hands, board=cards, game=game, exact=False, samples=20_000, seed=1)
    else:
        result = equity(hands, board=cards, game=game)
    in_play = [p - r for p, r in zip(paid, returned, strict=True)]
    pot = sum(in_play)
    for k, s in enumerate((a, b)):
        seats[s]["allin_ev"] = round(result.equity[k] * pot - in_play[s], 3)
