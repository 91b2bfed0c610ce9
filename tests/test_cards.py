"""Cards, notation and decks (RULES.md section 1)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from pokerbonus.cards import (
    DECK_SIZES,
    FRENCH_RANKS,
    RANKS,
    SUITS,
    Card,
    card_text,
    default_deck_size,
    format_cards,
    lowest_rank,
    make_deck,
    parse_card,
    parse_cards,
)
from pokerbonus.errors import InvalidCardError


def test_s1_index_convention_is_four_rank_plus_suit() -> None:
    for rank, rank_char in enumerate(RANKS):
        for suit, suit_char in enumerate(SUITS):
            card = parse_card(rank_char + suit_char)
            assert int(card) == 4 * rank + suit
            assert (card.rank, card.suit) == (rank, suit)
    assert int(Card("2c")) == 0
    assert int(Card("As")) == 51
    assert parse_cards("Jk Jk") == (Card(52), Card(53))


def test_s1_notation_accepts_cases_unicode_and_ten() -> None:
    expected = Card("As")
    for token in ("As", "as", "AS", "aS", "A♠", "A♤"):
        assert parse_card(token) == expected
    assert parse_card("10h") == Card("Th")
    assert parse_card("K♦") == Card("Kd")
    assert parse_card("Q♣") == Card("Qc")
    assert parse_card("J♥") == Card("Jh")


def test_s1_prints_ascii_by_default_and_unicode_on_request() -> None:
    cards = parse_cards("As Td 2c Jk")
    assert format_cards(cards) == "As Td 2c Jk"
    assert format_cards(cards, unicode=True) == "A♠ T♦ 2♣ Jk"
    assert str(Card(51)) == "As"
    assert repr(Card(0)) == "Card('2c')"


def test_parse_cards_accepts_run_together_and_separators() -> None:
    assert parse_cards("AsKdQh") == parse_cards("As, Kd; Qh") == parse_cards(["As", 45, Card("Qh")])
    assert parse_cards("10s10h") == parse_cards("Ts Th")
    assert parse_cards("") == ()


def test_every_card_a_french_screen_shows_can_be_typed_as_shown() -> None:
    """What the French screens write (``D♥``, ``10♣``, ``Jk``) reads back as the
    same card, and so do the French letters with the suit letters (``Dh``, ``Rc``,
    ``Vs``, ``10h``), in either case."""
    for card in make_deck(52, jokers=1):
        shown = card_text(card, "fr")
        assert parse_card(shown) == card, shown
        assert parse_cards(format_cards([card], lang="fr")) == (card,)
        if not card.is_joker:
            typed = FRENCH_RANKS[card.rank] + SUITS[card.suit]
            assert parse_card(typed) == parse_card(typed.lower()) == card, typed
    hand = make_deck(52)[-20:]
    assert parse_cards(format_cards(hand, lang="fr")) == hand  # a whole hand as shown
    assert parse_cards("Dh Rc Vs 10h") == parse_cards("Qh Kc Js Th")
    assert parse_cards("DhRcVs10h") == parse_cards("Qh Kc Js Th")


@pytest.mark.parametrize("token", ["Xx", "1s", "Ax", "A", "Ass", "", "Jj", "ZZ"])
def test_bad_token_names_it(token: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)


def test_bad_token_in_a_list_is_named() -> None:
    with pytest.raises(InvalidCardError, match="'Qx'"):
        parse_cards("As Qx Kd")


def test_duplicates_are_refused_unless_allowed() -> None:
    with pytest.raises(InvalidCardError, match="duplicate card: 'Kd'"):
        parse_cards("Kd As Kd")
    assert parse_cards("Kd Kd", allow_duplicates=True) == (Card("Kd"), Card("Kd"))


@pytest.mark.parametrize(
    "value", [-1, 54, 100, True, 2.0, np.int64(54), np.int8(-1), np.float64(3.0), np.True_]
)
def test_bad_index_is_refused(value: object) -> None:
    with pytest.raises(InvalidCardError, match="invalid card index"):
        Card(value)  # type: ignore[arg-type]


def test_numpy_integer_scalars_are_card_indices() -> None:
    """Indices read from numpy arrays (np.int64, np.uint8, ...) are cards like ints."""
    for dtype in (np.int64, np.int32, np.uint8, np.uint64):
        assert Card(dtype(51)) is Card("As")
        assert parse_cards(np.array([51, 0], dtype=dtype)) == (Card("As"), Card("2c"))


def test_cards_are_interned_immutable_ints() -> None:
    assert Card(51) is Card("As")
    assert pickle.loads(pickle.dumps(Card(7))) is Card(7)
    assert np.array(parse_cards("As Kd")).tolist() == [51, 45]
    with pytest.raises(AttributeError):
        Card(3).foo = 1  # type: ignore[attr-defined]


def test_s1_short_decks_keep_their_highest_ranks() -> None:
    lowest = {32: "7", 36: "6", 40: "5", 44: "4", 48: "3", 52: "2"}
    for size in DECK_SIZES:
        deck = make_deck(size)
        assert len(deck) == size == len(set(deck))
        assert {RANKS[c.rank] for c in deck} == set(RANKS[RANKS.index(lowest[size]) :])
        assert RANKS[lowest_rank(size)] == lowest[size]
    assert make_deck(32, jokers=2)[-2:] == (Card(52), Card(53))
    assert len(make_deck(52, jokers=1)) == 53


def test_s1_bad_deck_is_refused() -> None:
    with pytest.raises(InvalidCardError, match="deck size: 30"):
        make_deck(30)
    with pytest.raises(InvalidCardError, match="jokers: 3"):
        make_deck(52, jokers=3)


def test_s1_default_deck_size_by_number_of_players() -> None:
    assert [default_deck_size(n) for n in range(2, 9)] == [32, 32, 32, 40, 44, 48, 52]
    with pytest.raises(InvalidCardError):
        default_deck_size(1)
