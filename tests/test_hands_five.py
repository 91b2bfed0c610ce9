"""The five-card rankers of the draw showdowns equal the general evaluator."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from pokerbonus.cards import Card, make_deck, parse_cards
from pokerbonus.errors import InvalidCardError, InvalidHandError, PokerError
from pokerbonus.hands import evaluate
from pokerbonus.hands.five import five_card_ranker

GAMES = [
    ("high", {}, 52),
    ("27", {}, 52),
    ("a5", {}, 52),
    ("low8", {}, 52),
    ("high", {"deck": 32}, 32),
    ("high", {"deck": 36, "wheel": False}, 36),
    ("high", {"ranking": "archaic"}, 52),
    ("shortdeck", {}, 36),
]


@pytest.mark.parametrize(("game", "options", "deck"), GAMES)
def test_every_kind_of_five_cards_ranks_as_the_general_evaluator(
    game: str, options: dict[str, object], deck: int
) -> None:
    """Every rank multiset and every suited set of the deck (one hand of each, with
    random suits), and random hands, give ``evaluate(...).rank``."""
    rank = five_card_ranker(game, **options)
    rng = random.Random(deck)
    cards = make_deck(deck)
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    hands = [tuple(rng.sample(cards, 5)) for _ in range(3000)]
    for ranks in combinations(sorted(by_rank), 5):  # five ranks: plain and suited
        suit = rng.randrange(4)
        hands.append(tuple(by_rank[r][suit] for r in ranks))
        hands.append(tuple(rng.choice(by_rank[r]) for r in ranks))
    for hand in hands:
        assert rank(hand) == evaluate(hand, game, **options).rank, hand


def test_anything_else_goes_to_the_general_evaluator() -> None:
    """Jokers, other sizes, repeated or unknown cards and cards outside the deck are
    rated or refused exactly as evaluate does."""
    rank = five_card_ranker("high", jokers=True)
    with_joker = parse_cards("As Ks Qs Js Jk")
    assert rank(with_joker) == evaluate(with_joker, jokers=True).rank
    low = five_card_ranker("27")
    six = parse_cards("7h 5c 4d 3s 2h Kd")
    assert low(six) == evaluate(six, "27").rank
    with pytest.raises(InvalidHandError, match="duplicate"):
        low(parse_cards("7h 5c 4d 3s 3s", allow_duplicates=True))
    with pytest.raises(InvalidHandError, match="not in the 32-card deck"):
        five_card_ranker("high", deck=32)(parse_cards("As Ks Qs Js 2s"))
    with pytest.raises(PokerError):
        low((1, 2, 3, 4, 99))
    with pytest.raises(InvalidCardError):
        low(("7h", 5, 4, 3, "Zz"))  # type: ignore[arg-type]


def test_a_games_tables_are_read_from_a_file_else_built_and_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lowball tables come from the install's file (or the cache) when there is
    one: the file holds what building them gives, and a damaged file is rebuilt."""
    from pokerbonus.hands import five

    monkeypatch.setattr(five, "places", lambda name: iter([tmp_path / name]))
    monkeypatch.setattr(five, "cache_dir", lambda: tmp_path)
    built = five._compute("27")
    assert five.stored_tables("27") is None
    assert five._tables("27") == built  # built, then cached
    path = tmp_path / five._file_name("27")
    assert path.exists() and five.stored_tables("27") == built
    data = bytearray(path.read_bytes())
    data[-3] ^= 0xFF
    path.write_bytes(bytes(data))
    assert five.stored_tables("27") is None and five._tables("27") == built
    assert five._file_name("high:deck=32") != five._file_name("high_deck_32")


def test_the_shipped_tables_are_what_building_gives() -> None:
    from pokerbonus.hands import five, low

    for key in five.SHIPPED_KEYS:
        stored = five.stored_tables(key)
        if stored is not None:  # an installed package (a source tree builds them)
            assert stored == five._compute(key), key
    assert low.a5_rank([3, 2, 1, 0, 12]) == low.A5_COUNT  # 5-4-3-2-A, whichever way made
