"""expert at the French draw tables: coverage, following the hand, off-tree bets."""

from __future__ import annotations

import math
import random

import pytest

from pokerbonus.bots.base import GameInfo
from pokerbonus.bots.expert_table import covered_strategy, locate, raise_fraction
from pokerbonus.engine import Hand
from pokerbonus.rules import FIVE_CARD_DRAW, Stakes
from pokerbonus.rules.betting import limit as limit_bets
from pokerbonus.rules.games import five_card_draw
from pokerbonus.solvers.french.translate import pseudo_harmonic, translate
from pokerbonus.solvers.french.tree import ACT_RAISE, BET


def _hand(stacks: tuple[int, int] = (100, 100), game: object = FIVE_CARD_DRAW) -> Hand:
    return Hand(game, list(stacks), dealer=0, stakes=Stakes.pot_game(1), rng=random.Random(5))  # type: ignore[arg-type]


def test_pseudo_harmonic_mapping() -> None:
    """f(a) = 1, f(b) = 0, f falls in between, and it is the formula of Ganzfried and
    Sandholm: f(x) = (b - x)(1 + a) / ((b - a)(1 + x))."""
    assert pseudo_harmonic(0.5, 0.5, 1.0) == 1.0
    assert pseudo_harmonic(1.0, 0.5, 1.0) == 0.0
    values = [pseudo_harmonic(0.5 + i / 20, 0.5, 1.0) for i in range(11)]
    assert values == sorted(values, reverse=True)
    assert pseudo_harmonic(0.75, 0.5, 1.0) == pytest.approx(0.25 * 1.5 / (0.5 * 1.75))
    assert translate(0.1, [0.5, 1.0], 0.99) == 0  # below the smallest: the smallest
    assert translate(3.0, [0.5, 1.0], 0.0) == 1  # above the largest: the largest


def test_an_off_tree_bet_is_answered_as_the_pseudo_harmonic_mix() -> None:
    """Heads-up no-limit: position 0 opens to 3 chips into a pot of 2 (1.5 pots). The
    abstraction opens a pot (to 2) or all-in (49.5 pots): the bet is read as a pot
    with probability f(1.5) = 0.792, else as the all-in."""
    hand = _hand()
    hand.complete_bet_or_raise_to(3)
    view = hand.view(0)
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2, Stakes.pot_game(1))
    strategy = covered_strategy(view, info)
    assert strategy is not None
    tree = strategy.tree
    raises = [c for c in tree.children(0) if int(tree.act[c]) == ACT_RAISE]
    sizes = [raise_fraction(tree, 0, c) for c in raises]
    assert sizes[0] == 1.0
    expected = pseudo_harmonic(1.5, sizes[0], sizes[1])
    rng = random.Random(1)
    trials = 3000
    small = 0
    for _ in range(trials):
        where = locate(view, strategy, {}, rng)
        assert where.node in raises
        small += where.node == raises[0]
    error = 4.5 * math.sqrt(expected * (1 - expected) / trials)
    assert abs(small / trials - expected) <= error
    # the draw of a translation is kept for the hand: the same answer every time
    choices: dict[int, float] = {}
    first = locate(view, strategy, choices, rng).node
    assert all(locate(view, strategy, choices, rng).node == first for _ in range(20))


def test_following_a_hand_through_the_draw() -> None:
    hand = _hand()
    hand.check_or_call()  # position 0 (seat 1) checks
    hand.check_or_call()  # the dealer checks: the draw
    hand.discard(hand.hole_cards(1)[:2])
    view = hand.view(0)
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2, Stakes.pot_game(1))
    strategy = covered_strategy(view, info)
    assert strategy is not None
    where = locate(view, strategy, {}, random.Random(0))
    assert where.node is not None
    assert strategy.tree.history(where.node) == ["k", "k", "d2"]
    assert strategy.tree.describe(where.node).startswith("position 1 to draw")


def test_coverage() -> None:
    """Covered: heads-up 32 cards no-limit, 100 antes deep, and the default table
    (four-handed, 32 cards, no-limit); not covered: three or five players, jokers,
    stacks far from 100 antes."""
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2, Stakes.pot_game(1))
    assert covered_strategy(_hand().view(1), info) is not None
    four = Hand(FIVE_CARD_DRAW, [100] * 4, dealer=0, stakes=Stakes.pot_game(1))
    info4 = GameInfo.from_game(FIVE_CARD_DRAW, 4, Stakes.pot_game(1))
    assert info4.deck_size == 32
    covered4 = covered_strategy(four.view(2), info4)
    assert covered4 is not None and covered4.spec.players == 4
    five = Hand(FIVE_CARD_DRAW, [100] * 5, dealer=0, stakes=Stakes.pot_game(1))
    assert covered_strategy(five.view(1), GameInfo.from_game(FIVE_CARD_DRAW, 5)) is None
    assert covered_strategy(_hand((30, 100)).view(1), info) is None
    assert covered_strategy(_hand((100, 400)).view(1), info) is None
    three = Hand(FIVE_CARD_DRAW, [100] * 3, dealer=0, stakes=Stakes.pot_game(1))
    assert covered_strategy(three.view(1), GameInfo.from_game(FIVE_CARD_DRAW, 3)) is None
    joker = five_card_draw(jokers=1)
    hand = _hand(game=joker)
    assert covered_strategy(hand.view(1), GameInfo.from_game(joker, 2)) is None
    assert int(covered_strategy(_hand().view(1), info).tree.kind[0]) == BET  # type: ignore[union-attr]


def test_warm_up_loads_the_strategies_of_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before play the expert loads the shipped strategies its table may use (deck and
    betting), so no decision pays for reading and checking a file; a missing file
    (a recipe without its file) is skipped."""
    from pokerbonus.bots.expert_table import warm_strategies
    from pokerbonus.solvers.french.recipes import RECIPES, Recipe
    from pokerbonus.solvers.french.store import shipped_strategy
    from pokerbonus.solvers.french.tree import LIMIT_FOUR, GameSpec

    monkeypatch.setitem(
        RECIPES, "draw-3p-limit-32", Recipe("draw-3p-limit-32", GameSpec(3, LIMIT_FOUR, 32), 10)
    )

    no_limit = GameInfo.from_game(FIVE_CARD_DRAW, 2, Stakes.pot_game(1))
    assert warm_strategies(no_limit) == ["draw-2p-no-limit-32", "draw-4p-no-limit-32"]
    before = shipped_strategy.cache_info().hits
    shipped_strategy("draw-4p-no-limit-32")
    assert shipped_strategy.cache_info().hits == before + 1  # already loaded
    limit = GameInfo.from_game(five_card_draw(structure=limit_bets(1, 2)), 4, Stakes.pot_game(1))
    assert warm_strategies(limit) == ["draw-2p-limit-32", "draw-4p-limit-32"]
    joker = five_card_draw(jokers=1)
    assert warm_strategies(GameInfo.from_game(joker, 2)) == []


def _to_draw_end(hand: Hand) -> None:
    """Everybody checks, then draws two cards: the first decision after the draw."""
    while hand.decision == "bet":
        hand.check_or_call()
    while hand.decision == "draw":
        seat = hand.actor
        assert seat is not None
        hand.discard(hand.hole_cards(seat)[:2])


@pytest.mark.parametrize("players", [2, 4])
def test_after_the_draw_four_handed_is_hard_s_betting(players: int) -> None:
    """Heads-up the strategy plays the whole hand; four-handed it plays the betting
    before the draw and the draw, and leaves the betting after the draw to ``hard``
    (the expert module doc: measured weaker there)."""
    from pokerbonus.bots.expert_table import StrategyPlayer, strategy_after_draw

    hand = Hand(FIVE_CARD_DRAW, [100] * players, dealer=0, stakes=Stakes.pot_game(1),
                rng=random.Random(3))  # fmt: skip
    info = GameInfo.from_game(FIVE_CARD_DRAW, players, Stakes.pot_game(1))
    seat = hand.actor
    assert seat is not None
    strategy = covered_strategy(hand.view(seat), info)
    assert strategy is not None
    player = StrategyPlayer(random.Random(1))
    assert player.decide(hand.view(seat), info, strategy) is not None  # before the draw
    _to_draw_end(hand)
    seat = hand.actor
    assert seat is not None and hand.decision == "bet"
    after = player.decide(hand.view(seat), info, strategy)
    assert strategy_after_draw(strategy) == (players == 2)
    assert (after is not None) == (players == 2)


def test_a_raise_below_the_smallest_raise_maps_between_call_and_that_raise() -> None:
    """The call is the raise of size 0: a raise below the abstraction's smallest raise
    is read as the call with probability f(x; 0, smallest), else as that raise; sizes
    between two raises map to those two with the pseudo-harmonic probabilities."""
    from pokerbonus.solvers.french.translate import CALL, translate_raise

    sizes = [8.0]  # a tree whose only raise is the all-in
    f = pseudo_harmonic(0.33, 0.0, 8.0)
    assert 0.7 < f < 0.75
    assert translate_raise(0.33, sizes, f - 1e-9) == CALL
    assert translate_raise(0.33, sizes, f + 1e-9) == 0
    reads = [translate_raise(0.33, sizes, i / 1000) for i in range(1000)]
    assert reads.count(CALL) == math.ceil(1000 * f)
    # between two raise sizes: those two, in the pseudo-harmonic proportion
    g = pseudo_harmonic(0.7, 0.5, 1.0)
    reads = [translate_raise(0.7, [0.33, 0.5, 1.0, 8.0], i / 1000) for i in range(1000)]
    assert set(reads) == {1, 2} and reads.count(1) == math.ceil(1000 * g)
    assert translate_raise(0.5, [0.33, 0.5, 1.0], 0.999) == 1  # on the tree: itself


def _four_handed_min_raise() -> tuple[Hand, GameInfo]:
    """Four-handed no-limit: position 0 opens the pot (4 chips into 4), position 1
    raises the minimum (to 8)."""
    hand = Hand(FIVE_CARD_DRAW, [100] * 4, dealer=3, stakes=Stakes.pot_game(1),
                rng=random.Random(7))  # fmt: skip
    assert hand.actor == 0
    hand.complete_bet_or_raise_to(4)
    hand.complete_bet_or_raise_to(8)
    return hand, GameInfo.from_game(FIVE_CARD_DRAW, 4, Stakes.pot_game(1))


def test_a_minimum_raise_is_never_read_as_the_all_in() -> None:
    """Facing the shipped four-handed tree (an opening bet of a pot, then only the
    all-in as a raise), a minimum raise of the open is read as a call with the
    pseudo-harmonic probability f(x; 0, all-in), else as the all-in, never only as
    the all-in; and when the abstract round ends at that call, the real round goes
    on as a capped one (the opener then answers the raise from its strategy)."""
    hand, info = _four_handed_min_raise()
    view = hand.view(2)
    strategy = covered_strategy(view, info)
    assert strategy is not None
    tree = strategy.tree
    opened = next(c for c in tree.children(0) if int(tree.act[c]) == ACT_RAISE)
    kids = list(tree.children(opened))
    raises = [c for c in kids if int(tree.act[c]) == ACT_RAISE]
    call = next(c for c in kids if int(tree.act[c]) == 1)
    x = (8 - 4) / 12
    f = pseudo_harmonic(x, 0.0, raise_fraction(tree, opened, raises[0]))
    rng = random.Random(2)
    trials = 2000
    calls = 0
    for _ in range(trials):
        where = locate(view, strategy, {}, rng)
        assert where.node == call or where.node == raises[0]
        calls += where.node == call
    assert abs(calls / trials - f) <= 4.5 * math.sqrt(f * (1 - f) / trials)
    # the two others call the raise; back at the opener, read as a call: capped
    hand.check_or_call()
    hand.check_or_call()
    assert hand.actor == 0
    from pokerbonus.engine.events import BetOrRaised

    log = hand.view(0).log
    raised = [i for i, e in enumerate(log) if isinstance(e, BetOrRaised)][1]
    where = locate(hand.view(0), strategy, {raised: 0.0}, random.Random(0))  # read as a call
    assert where.capped and where.down and where.last_bet == 0
    # the opener then answers the real raise as hard does (the strategy has no node for it)
    from pokerbonus.bots.expert_table import StrategyPlayer

    player = StrategyPlayer(random.Random(0))
    player._choices = {raised: 0.0}
    assert player.decide(hand.view(0), info, strategy) is None
    where = locate(hand.view(0), strategy, {raised: 0.999}, random.Random(0))  # the all-in
    assert not where.capped and where.node is not None
    assert int(tree.kind[where.node]) == BET and int(tree.actor[where.node]) == 0
    assert tree.history(where.node) == ["b4", f"r{int(tree.amount[raises[0]])}", "c", "c"]
