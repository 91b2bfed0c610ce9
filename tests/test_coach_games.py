"""The coach's equity against the pot odds at every game the engine plays
(``pokerbonus.bots.showdown_equity``, used by ``pokerbonus.bots.coach``): hand-made
spots with known answers, the vectorized showdown against the engine's own
scoring, a draw against an exact count, and every game of the engine's list."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import numpy as np
import pytest

from pokerbonus.bots.coach import review_decisions
from pokerbonus.bots.showdown_equity import (
    EquitySpot,
    Hand,
    engine_share,
    pot_shares,
    sample_deals,
    sampled_equity,
    seat_equity,
)
from pokerbonus.cards import make_deck, parse_cards
from pokerbonus.engine.config import GAMES, TableConfig
from pokerbonus.engine.state import Hand as EngineHand
from pokerbonus.engine.table import game_for, random_legal_action
from pokerbonus.engine.views import SeatView
from pokerbonus.hands.batch import evaluate_batch
from pokerbonus.rules.catalog import CATALOG
from pokerbonus.rules.games import Deal, HandRule

DECK = tuple(range(52))


def cards(text: str) -> tuple[int, ...]:
    return tuple(int(c) for c in parse_cards(text))


def rule(game: str) -> HandRule:
    return CATALOG[game].game().rule


def spot(game: str, mine: str, opponents: list[str], board: str = "", *, boards: int = 1,
         board_size: int = 0, hand_size: int = 7, my_draws: int = 0,
         draws: int = 0) -> EquitySpot:  # fmt: skip
    """A hand-made spot: ``opponents`` their known (up) cards."""
    made = (
        tuple(cards(b) for b in board.split("|"))
        if board
        else ((),) * (boards if board_size else 0)
    )
    return EquitySpot(
        cards(mine), my_draws, tuple(Hand(cards(o), draws) for o in opponents), made,
        board_size, hand_size, (), DECK, rule(game),
    )  # fmt: skip


def test_the_nuts_on_the_river_at_stud() -> None:
    """A royal flush with seven cards: the whole pot against any hidden cards."""
    nuts = spot("seven-card-stud", "As Ks Qs Js Ts 2d 3c", ["Kd Kh 7c 7d", "Ah Ad 9c 9d"])
    assert sampled_equity(nuts, 2000, random.Random(1)) == 1.0


def test_a_razz_wheel_against_paired_boards() -> None:
    """A made wheel on sixth street against two opponents showing two pairs: their
    seven cards hold at most three other ranks, so no five-card low of theirs can
    tie it, whatever comes."""
    wheel = spot("razz", "As 2d 3h 4c 5s Kd", ["Kh Ks Qc Qd", "Jh Js Tc Td"])
    assert sampled_equity(wheel, 2000, random.Random(2)) == 1.0
    # without the wheel (a king-high low) the same boards can beat it
    worse = spot("razz", "As 2d 3h 4c Kc Kd", ["Kh Ks Qc Qd", "Jh Js Tc Td"])
    assert 0.0 < sampled_equity(worse, 2000, random.Random(2)) < 1.0


def test_the_nut_low_only_takes_half_at_stud_eight() -> None:
    """Seven-card stud eight-or-better, the river: an ace-high low 6-4-3-2-A with no
    pair, against a board of two pairs (no low possible, two pair or better for
    high): the low half exactly."""
    low = spot("stud-hi-lo", "As 2d 3h 4c 6s 9d Jc", ["Kh Ks Qc Qd"])
    assert sampled_equity(low, 2000, random.Random(3)) == 0.5


def test_an_omaha_nut_low_gets_about_half() -> None:
    """Omaha high/low, the river: the nut low (A-4 with 2-3-8 on the board) and a
    poor high: about half the pot (the low half, shared now and then with another
    A-4, and a high half now and then)."""
    s = spot("omaha-hi-lo", "Ah 4d 9c Tc", [""], "2s 3h 8d Kc Ks", board_size=5, hand_size=4)
    eq = sampled_equity(s, 4000, random.Random(4))
    assert 0.45 < eq < 0.62, eq


def test_double_board_scoop_and_split() -> None:
    """Double-board hold'em on the river: a royal flush on one board and quads on
    the other scoop; quads on the second board's cards alone (everyone plays the
    board) leave half of the second half heads-up."""
    scoop = spot("double-board-holdem", "Ts 9s", ["", ""], "As Ks Qs Js 2d|9h 9d 9c 4h 5d",
                 board_size=5, hand_size=2)  # fmt: skip
    assert sampled_equity(scoop, 2000, random.Random(5)) == 1.0
    split = spot("double-board-holdem", "Ts 9s", [""], "As Ks Qs Js 2d|7h 7d 7c 7s Ah",
                 board_size=5, hand_size=2)  # fmt: skip
    assert sampled_equity(split, 2000, random.Random(5)) == 0.75


def test_a_lowball_draw_against_the_exact_count() -> None:
    """Ace-to-five, one draw left to the seat (it keeps A-2-3-4 and draws one by
    the table), against one opponent whose hand is final: the sampled share
    against the exact one, counted over every card drawn and every opponent hand."""
    s = spot("ace-to-five-draw", "As 2d 3h 4c Kd", [""], hand_size=5, my_draws=1)
    unseen = np.array(s.unseen, np.int64)
    five = np.array(list(combinations(range(len(unseen)), 5)), np.int64)
    ranks = evaluate_batch(unseen[five], "a5")
    total = 0.0
    for j, card in enumerate(unseen):
        mine = int(evaluate_batch(np.array([[*cards("As 2d 3h 4c"), int(card)]]), "a5")[0])
        free = ~(five == j).any(axis=1)
        theirs = ranks[free]
        total += (np.sum(theirs < mine) + 0.5 * np.sum(theirs == mine)) / comb(len(unseen) - 1, 5)
    exact = total / len(unseen)
    n = 20000
    eq = sampled_equity(s, n, random.Random(6))
    assert abs(eq - exact) < 4 * (exact * (1 - exact) / n) ** 0.5, (eq, exact)


@pytest.mark.parametrize("game", [
    "seven-card-stud", "razz", "stud-hi-lo", "five-card-stud", "omaha-hi-lo",
    "courchevel-hi-lo", "short-deck", "double-board-holdem", "ace-to-five-draw",
    "deuce-to-seven-triple-draw", "holdem",
])  # fmt: skip
def test_the_vectorized_showdown_is_the_engines(game: str) -> None:
    """Random deals of each game's shape, scored by the batch ranks and by the
    engine's ``best_value``/``qualifies``: the same share, deal by deal."""
    g = CATALOG[game].game()
    board = sum(s.count for s in g.steps if isinstance(s, Deal) and s.face == "board"
                and s.board == 0)  # fmt: skip
    deck = tuple(int(c) for c in make_deck(g.deck_size_for(3)))
    s = EquitySpot((), 1 if "draw" in game else 0, (Hand((), 1), Hand((), 1)),
                   ((),) * (g.boards if board else 0), board, g.cards_per_player, (), deck,
                   g.rule)  # fmt: skip
    hands, boards = sample_deals(s, 300, np.random.default_rng(7))
    shares = pot_shares(s.rule, hands, boards)
    for i in range(300):
        direct = engine_share(s, [tuple(h[i]) for h in hands], [tuple(b[i]) for b in boards])
        assert shares[i] == pytest.approx(direct), (game, i)
    assert 0.0 < shares.mean() < 1.0


@pytest.mark.parametrize(("game", "counted", "mine", "board", "others"), [
    ("holdem", "holdem", "Ah Kh", "Qh 7h 2c", 2),
    ("omaha-hi-lo", "omaha8", "Ah 2d 9c Tc", "3s 8h Kd", 2),
    ("courchevel-hi-lo", "omaha8", "Ah 2d 3c Tc Js", "7s", 1),
    ("aviation", "omaha", "Ah Ad Kc Qc", "", 3),
])  # fmt: skip
def test_the_generic_count_agrees_with_analysis_equity(
    game: str, counted: str, mine: str, board: str, others: int
) -> None:
    """The generic count (deals ranked by the batch evaluator, scored by the hand
    rule) against :func:`pokerbonus.analysis.equity`, the coach's path at these
    tables, on the same spot: within sampling error."""
    from pokerbonus.analysis.equity import equity

    g = CATALOG[game].game()
    s = spot(game, mine, [""] * others, board or "", board_size=5, hand_size=g.cards_per_player)
    if not board:
        s = EquitySpot(s.mine, 0, s.opponents, ((),), 5, s.hand_size, (), DECK, s.rule)
    n = 8000
    ours = sampled_equity(s, n, random.Random(8))
    theirs = equity([mine.replace(" ", "")] + ["random"] * others, board=board.replace(" ", ""),
                    game=counted, exact=False, samples=n, seed=3).equity[0]  # fmt: skip
    assert abs(ours - theirs) < 4 * (2 * ours * (1 - ours) / n) ** 0.5, (ours, theirs)


def _config(game: str, players: int) -> TableConfig:
    if game == "draw":
        return TableConfig(players=players)
    kind = CATALOG[game].structures[0]
    extra = {"small_bet": 2, "big_bet": 4} if kind == "limit" else {}
    return TableConfig(game=game, players=players, betting=kind, **extra)  # type: ignore[arg-type]


def _facing_bets(game: str, seed: int, hands: int = 3) -> list[tuple[SeatView, TableConfig]]:
    """The views of every decision facing a bet in ``hands`` seeded random hands."""
    low, high = GAMES[game]
    players = 5 if game == "draw" else min(max(low, 4), high)  # 40 cards: no shipped strategy
    config = _config(game, players)
    g = game_for(config)
    stakes = None if game == "draw" else CATALOG[game].stakes()
    rng = random.Random(seed)
    found = []
    for k in range(hands):
        hand = EngineHand(g, [200] * players, dealer=k % players, stakes=stakes, rng=rng)
        while not hand.finished:
            legal = hand.legal_actions()
            if legal.decision == "bet" and legal.call_amount:
                found.append((hand.view(hand.actor), config))
            hand.act(random_legal_action(hand, rng))
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_gets_a_figure_facing_a_bet(game: str) -> None:
    """Every decision facing a bet in seeded random hands of each game of the
    engine's list gets the coach's equity figure (before and after the draws, on
    every street), a share of the pot between 0 and 1."""
    from pokerbonus.bots.base import GameInfo

    spots = _facing_bets(game, seed=11)
    assert spots
    for view, config in spots:
        g = game_for(config)
        info = GameInfo.from_game(g, view.players, CATALOG[game].stakes() if game != "draw"
                                  else None)  # fmt: skip
        legal = view.legal
        assert legal is not None
        from pokerbonus.engine.actions import Action

        (advice,) = review_decisions([(1, view, Action.check_or_call(), view)], config, info)
        assert advice.kind == "odds", (game, advice)
        assert advice.equity is not None and 0.0 <= advice.equity <= 1.0
        assert advice.pot_odds is not None and 0.0 < advice.pot_odds < 1.0


@pytest.mark.parametrize("game", [
    "seven-card-stud", "razz", "stud-hi-lo", "omaha-hi-lo", "short-deck",
    "deuce-to-seven-triple-draw", "badugi", "draw",
])  # fmt: skip
def test_the_figure_ignores_hidden_cards(game: str) -> None:
    """The same hand dealt again with an opponent's face-down card swapped for the
    deck's last card (never dealt by then): the seat's view is the same, so is
    its figure, though the opponent holds other cards."""
    players = 5 if game == "draw" else 3
    config = _config(game, players)
    g = game_for(config)
    stakes = None if game == "draw" else CATALOG[game].stakes()

    def play(deck: tuple[int, ...] | None, stop: int) -> tuple[EngineHand, int]:
        rng = random.Random(21)
        hand = EngineHand(g, [200] * players, dealer=0, stakes=stakes, rng=random.Random(5),
                          deck=deck)  # fmt: skip
        seen = 0
        while not hand.finished:
            legal = hand.legal_actions()
            if legal.decision == "bet" and legal.call_amount:
                if seen == stop:
                    return hand, legal.seat
                seen += 1
            hand.act(random_legal_action(hand, rng))
        raise AssertionError("no decision facing a bet")

    first, seat = play(None, 0)
    order = list(first.deck_order)
    other = next(s for s in range(players) if s != seat and not first.folded[s])
    down = [c for c in first.hole_cards(other) if c not in first.up_cards(other)]
    i, j = order.index(down[0]), len(order) - 1
    order[i], order[j] = order[j], order[i]
    second, seat2 = play(tuple(int(c) for c in order), 0)
    assert seat2 == seat and second.hole_cards(other) != first.hole_cards(other)
    assert second.view(seat) == first.view(seat)
    a = seat_equity(first.view(seat), config, random.Random(9))
    b = seat_equity(second.view(seat), config, random.Random(9))
    assert a is not None and a == b


def test_the_limits_say_what_the_draws_assume_in_english_and_french() -> None:
    """The coach's limits name the draw table assumed before the last draw, in both
    languages."""
    from pokerbonus.bots.coach import limits_text
    from pokerbonus.i18n import set_language

    assert "Before the last draw" in limits_text() and "badugi" in limits_text()
    set_language("fr")
    try:
        text = limits_text()
        assert "Avant le dernier échange" in text and "poker fermé" in text
    finally:
        set_language("en")
