"""The evaluator against independent engines (phevaluator, treys, pokerkit) on
random hands: same ranks where the scheme is shared, same order elsewhere."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from phevaluator import evaluate_cards
from pokerkit import BadugiHand, RegularLowHand, ShortDeckHoldemHand, StandardLowHand
from treys import Card as TreysCard
from treys import Evaluator

from pokerbonus.cards import Card, make_deck
from pokerbonus.hands import evaluate

DECK = make_deck(52)


def _text(cards: tuple[Card, ...]) -> str:
    return "".join(str(c) for c in cards)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_section2_high_ranks_match_phevaluator(n: int) -> None:
    """RULES.md section 2: the shared 1..7462 rank is 7463 minus phevaluator's."""
    rnd = random.Random(n)
    for _ in range(3000):
        cards = tuple(rnd.sample(DECK, n))
        assert evaluate(cards).rank == 7463 - evaluate_cards(*(str(c) for c in cards))


def test_section2_high_ranks_match_treys() -> None:
    """RULES.md section 2: the same against treys (seven cards, flushes included)."""
    rnd = random.Random(11)
    treys = Evaluator()
    for _ in range(2000):
        cards = tuple(rnd.sample(DECK, 7))
        ints = [TreysCard.new(str(c)) for c in cards]
        assert evaluate(cards).rank == 7463 - treys.evaluate(ints[:2], ints[2:])


def _same_order(
    ours: Callable[[tuple[Card, ...]], int],
    theirs: Callable[[str], object],
    deck: tuple[Card, ...],
    size: int,
    seed: int,
    pairs: int = 1500,
) -> None:
    rnd = random.Random(seed)
    for _ in range(pairs):
        a = tuple(rnd.sample(deck, size))
        b = tuple(rnd.sample(deck, size))
        ta, tb = theirs(_text(a)), theirs(_text(b))
        ra, rb = ours(a), ours(b)
        assert (ra > rb) == (ta > tb), (a, b)  # type: ignore[operator]
        assert (ra == rb) == (ta == tb), (a, b)


def test_shortdeck_order_matches_pokerkit() -> None:
    """Short-deck hold'em: same order as pokerkit's ShortDeckHoldemHand."""
    _same_order(
        lambda c: evaluate(c, "shortdeck").rank,
        lambda t: ShortDeckHoldemHand.from_game(t),
        make_deck(36),
        7,
        1,
    )


def test_section3_a5_order_matches_pokerkit() -> None:
    """RULES.md section 3: ace-to-five order as pokerkit's RegularLowHand."""
    _same_order(lambda c: evaluate(c, "a5").rank, lambda t: RegularLowHand.from_game(t), DECK, 5, 2)
    _same_order(lambda c: evaluate(c, "a5").rank, lambda t: RegularLowHand.from_game(t), DECK, 7, 3)


def test_section3_27_order_matches_pokerkit() -> None:
    """RULES.md section 3: deuce-to-seven order as pokerkit's StandardLowHand."""
    _same_order(
        lambda c: evaluate(c, "27").rank, lambda t: StandardLowHand.from_game(t), DECK, 5, 4
    )


def test_badugi_order_matches_pokerkit() -> None:
    """Badugi: same order as pokerkit's BadugiHand."""
    _same_order(lambda c: evaluate(c, "badugi").rank, lambda t: BadugiHand.from_game(t), DECK, 4, 5)
