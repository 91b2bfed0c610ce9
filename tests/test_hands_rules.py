"""Rule tests of the hand evaluator; each names its RULES.md section."""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest

from pokerbonus.cards import make_deck, parse_cards
from pokerbonus.errors import InvalidCardError, InvalidHandError
from pokerbonus.hands import (
    Category,
    evaluate,
    evaluate_hilo,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
)

C = Category
BOARD = "Ts 8s Kd 4c"
PLAYERS = ["Ks 8d", "Tc Th", "Kc Js", "Ah Qh", "As 3s", "Jd 9c", "9s 6s"]


def ranked(river: str) -> list[tuple[str, str]]:
    """Players strongest first (with their descriptions) on BOARD + river."""
    values = {p: evaluate(f"{p} {BOARD} {river}") for p in PLAYERS}
    ordered = sorted(PLAYERS, key=lambda p: values[p], reverse=True)
    for stronger, weaker in pairwise(ordered):
        assert values[stronger] > values[weaker], (stronger, weaker)  # no ties here
    return [(p, values[p].description) for p in ordered]


def test_section10_holdem_example_river_kh() -> None:
    """RULES.md section 10: with river Kh, Tc Th holds tens full of kings (not trips)."""
    assert ranked("Kh") == [
        ("Ks 8d", "full house, kings full of eights"),
        ("Tc Th", "full house, tens full of kings"),
        ("Kc Js", "three of a kind, kings, jack-ten kickers"),
        ("Ah Qh", "pair of kings, ace-queen-ten kickers"),
        ("As 3s", "pair of kings, ace-ten-eight kickers"),
        ("Jd 9c", "pair of kings, jack-ten-nine kickers"),
        ("9s 6s", "pair of kings, ten-nine-eight kickers"),
    ]


def test_section10_holdem_example_river_2s_flush() -> None:
    """RULES.md section 10, another river: 2s gives a flush to both two-spade hands.

    Computed by hand: As 3s makes the ace-high flush (As Ts 8s 3s 2s) and 9s 6s the
    ten-high flush (Ts 9s 8s 6s 2s); Ks 8d and Kc Js hold four spades only.
    Then Tc Th three tens > Ks 8d kings and eights > Kc Js pair of kings >
    Ah Qh ace-king-queen high > Jd 9c king-jack-ten high.
    """
    assert [p for p, _ in ranked("2s")] == [
        "As 3s", "9s 6s", "Tc Th", "Ks 8d", "Kc Js", "Ah Qh", "Jd 9c",
    ]  # fmt: skip
    assert dict(ranked("2s"))["9s 6s"] == "flush, ten high"


def test_section10_holdem_example_river_2h_blank() -> None:
    """RULES.md section 10, a blank river 2h: nobody improves.

    Computed by hand: Tc Th three tens > Ks 8d two pair kings and eights >
    Kc Js pair of kings > then high cards: Ah Qh (A K Q T 8) > As 3s (A K T 8 4) >
    Jd 9c (K J T 9 8) > 9s 6s (K T 9 8 6).
    """
    assert [p for p, _ in ranked("2h")] == [
        "Tc Th", "Ks 8d", "Kc Js", "Ah Qh", "As 3s", "Jd 9c", "9s 6s",
    ]  # fmt: skip


def test_section10_holdem_example_river_qc_straight() -> None:
    """RULES.md section 10, river Qc: Jd 9c makes the king-high straight
    (9 T J Q K with the board's king), ahead of three tens."""
    order = ranked("Qc")
    assert order[0] == ("Jd 9c", "straight, king high")
    assert order[1][0] == "Tc Th"


# --- Section 1: jokers ------------------------------------------------------


def desc(cards: str, game: str = "high", **options: object) -> str:
    return evaluate(cards, game, **options).description


def test_section1_joker_with_two_aces_is_three_aces() -> None:
    """RULES.md section 1: the joker plays as an ace: A A Jk = three aces."""
    assert desc("As Ad Jk 7c 2d") == "three of a kind, aces, seven-two kickers"


def test_section1_joker_never_another_rank_for_pairs() -> None:
    """RULES.md section 1: K K Jk is a pair of kings with an ace kicker;
    Q Q Jk is never three queens."""
    assert desc("Ks Kd Jk 7c 2d") == "pair of kings, ace-seven-two kickers"
    value = evaluate("Qs Qd Jk 7c 2d")
    assert value.category == C.PAIR
    assert value < evaluate("2s 2d 2c 7c 3d", jokers=True)


def test_section1_poker_five_of_a_kind() -> None:
    """RULES.md section 1: four of a kind + joker is Poker, above a straight flush,
    compared by the rank of the four."""
    aces = evaluate("As Ad Ah Ac Jk")
    kings = evaluate("Ks Kd Kh Kc Jk")
    royal = evaluate("As Ks Qs Js Ts", jokers=True)
    assert aces.category == kings.category == C.FIVE_OF_A_KIND
    assert aces.description == "Poker (five of a kind), aces"
    assert aces > kings > royal
    assert evaluate("As Ad Ah Jk Jk").description == "Poker (five of a kind), aces"
    assert evaluate("As Ad Ah Ac Jk") > evaluate("As Ad Ah Jk Jk")  # fewer jokers


def test_section1_two_jokers_with_trips_make_full_house() -> None:
    """RULES.md section 1 (two jokers): K K K Jk Jk = kings full of aces, not Poker."""
    assert desc("Ks Kd Kh Jk Jk") == "full house, kings full of aces"


def test_section1_joker_completes_a_flush_with_highest_missing_rank() -> None:
    """RULES.md section 1: in a flush the joker takes the highest rank not in the hand."""
    value = evaluate("As Ks Qs 9s Jk 2d 3c")
    assert value.category == C.FLUSH
    natural = evaluate("As Ks Qs Js 9s", jokers=True)
    assert value < natural  # equal flushes A K Q J 9: fewer jokers wins
    assert value > evaluate("As Ks Qs Ts 9s", jokers=True)
    assert [str(c) for c in value.cards] == ["As", "Ks", "Qs", "Jk", "9s"]
    assert evaluate("Ks Qs 9s 4s Jk") == evaluate("Ks Qs 9s 4s Jk")
    assert evaluate("Ks Qs 9s 4s Jk") > evaluate("As Qs 9s 4s 2s", jokers=True)


def test_section1_joker_fills_straight() -> None:
    """RULES.md section 1: a joker completes a straight, as high as it can."""
    assert desc("5s 6d 8c 9h Jk") == "straight, nine high"
    assert desc("9s Td Jc Qh Jk") == "straight, king high"
    assert desc("Ts Jd Qc Kh Jk") == "straight, ace high"
    assert desc("As 2d 3c 4h Jk") == "straight, five high"
    assert desc("Js Ts 9s 8s Jk") == "straight flush, queen high"
    assert desc("9s Td Jc Jk Jk") == "straight, king high"


def test_section1_joker_in_short_deck_straight() -> None:
    """RULES.md section 1: short deck with a joker: A 7 8 9 + Jk is the ten-high
    straight A-7-8-9-T; 7 8 9 T + Jk reaches the jack."""
    assert desc("As 7d 8c 9h Jk", deck=32) == "straight, ten high"
    assert desc("7d 8c 9h Ts Jk", deck=32) == "straight, jack high"
    assert evaluate("As 7d 8c 9h Jk", deck=32).game == "high:deck=32:jokers"


def test_section1_fewer_jokers_wins_ties() -> None:
    """RULES.md section 1: otherwise-equal hands, the one with fewer jokers wins."""
    natural = evaluate("As Ad Ah 7c 2d", jokers=True)
    one = evaluate("As Ad Jk 7c 2d")
    two = evaluate("As Jk Jk 7c 2d")
    assert natural > one > two
    assert natural.description == one.description == two.description
    assert evaluate("Ah Ac Jk 7d 2s") == one  # same hand in other suits: a tie
    assert evaluate("As Jk Jk Kc Qd").description == "straight, ace high"


def test_section1_joker_hands_and_plain_hands_are_different_games() -> None:
    """RULES.md section 1: a joker hand rates with jokers=True; ordering it against
    a value of the plain game is refused."""
    with pytest.raises(TypeError, match="different games"):
        _ = evaluate("As Ad Jk 7c 2d") < evaluate("As Ad 7c 2d 3h")
    assert evaluate("As Ad Jk 7c 2d") > evaluate("As Ad 7c 2d 3h", jokers=True)


# --- Section 2: wheel, archaic order, best of N -------------------------------


def test_section2_wheel_is_the_lowest_straight() -> None:
    """RULES.md section 2: A 2 3 4 5 is the lowest straight; no wrap-around."""
    wheel = evaluate("Ah 2c 3d 4s 5h")
    assert wheel.description == "straight, five high"
    assert wheel < evaluate("2c 3d 4s 5h 6c")
    assert evaluate("Qh Kc Ad 2s 3h").category == C.HIGH_CARD
    assert [str(c) for c in wheel.cards] == ["5h", "4s", "3d", "2c", "Ah"]


def test_section2_wheel_off() -> None:
    """RULES.md section 2, option wheel off: the ace is only high."""
    value = evaluate("Ah 2c 3d 4s 5h", wheel=False)
    assert value.category == C.HIGH_CARD
    assert value.game == "high:wheel=off"
    assert evaluate("2c 3d 4s 5h 6c", wheel=False).category == C.STRAIGHT
    assert evaluate("Ah 2h 3h 4h 5h", wheel=False).category == C.FLUSH
    assert evaluate("As 7d 8c 9h Ts", deck=32, wheel=False).category == C.HIGH_CARD
    assert evaluate("Ah 2c 3d 4s 5h", "high:wheel=off") == value


def test_section2_archaic_order() -> None:
    """RULES.md section 2, archaic order: straight < trips < full house < flush <
    straight flush < four of a kind."""
    hands = [
        "Ah Kd 9c 7s 2h", "Ah Ad 9c 7s 2h", "Ah Ad 9c 9s 2h", "5h 6d 7c 8s 9h",
        "Ah Ad Ac 7s 2h", "Kh Kd Kc 7s 7h", "Ah Jh 9h 7h 2h", "5h 6h 7h 8h 9h",
        "2h 2d 2c 2s 3h",
    ]  # fmt: skip
    values = [evaluate(h, ranking="archaic") for h in hands]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert evaluate(hands[3]) > evaluate(hands[4])  # modern: straight beats trips
    assert values[0].game == "high:ranking=archaic"


def test_section2_best_five_of_seven() -> None:
    """RULES.md section 2: with more cards, the best five (any five of seven)."""
    value = evaluate("2c 2d 2h 7s 7d Ah Kd")
    assert value.description == "full house, twos full of sevens"
    assert [str(c) for c in value.cards] == ["2h", "2d", "2c", "7s", "7d"]
    assert evaluate("As Ks 2s 3s 4s 5d 6h").description == "flush, ace high"
    assert evaluate("2s 3s 4s 5s 6s 7s 8s 9s Ts").description == "straight flush, ten high"


def test_section2_descriptions() -> None:
    """RULES.md section 2: the plain English names of the categories."""
    assert desc("Ah Kd 9c 7s 4h") == "high card, ace-king-nine-seven-four"
    assert desc("Kh Ks 8d 8c Ts") == "two pair, kings and eights, ten kicker"
    assert desc("5h 6d 7c 8s 9h") == "straight, nine high"
    assert desc("Tc Td Th Kc Kh") == "full house, tens full of kings"
    assert desc("Ah Jh 9h 7h 2h") == "flush, ace high"
    assert desc("9c 9d 9h 9s Kh") == "four of a kind, nines, king kicker"
    assert desc("As Ks Qs Js Ts") == "royal flush"
    assert desc("6s 6d 6h Qs 2c") == "three of a kind, sixes, queen-two kickers"


# --- Section 1: short decks ---------------------------------------------------


def test_section1_short_deck_ace_low_straight() -> None:
    """RULES.md section 1: in a 32-card deck A 7 8 9 T is the lowest straight."""
    low = evaluate("As 7d 8c 9h Ts", deck=32)
    assert low.description == "straight, ten high"
    assert low < evaluate("7d 8c 9h Ts Js", deck=32)
    assert low > evaluate("As Kd Qc Jh 9s", deck=32)
    assert evaluate("As 6d 7c 8h 9s", deck=36).category == C.STRAIGHT
    assert evaluate("As 2d 3c 4h 5s", deck=52).category == C.STRAIGHT


def test_section1_card_outside_short_deck_is_refused() -> None:
    """RULES.md section 1: a short deck keeps its highest ranks only."""
    with pytest.raises(InvalidHandError, match="'6d' is not in the 32-card deck"):
        evaluate("As 6d 7c 8h 9s", deck=32)
    with pytest.raises(InvalidHandError, match="not in the 36-card deck"):
        evaluate("As 2d 7c 8h 9s", "shortdeck")


def test_shortdeck_game() -> None:
    """Short-deck hold'em (PHH NS): flush beats full house, A 6 7 8 9 lowest straight,
    trips stay below the straight."""
    flush = evaluate("Ah Kh Qh 9h 6h", "shortdeck")
    full = evaluate("As Ad Ac Ks Kd", "shortdeck")
    assert flush > full
    low = evaluate("Ah 6c 7d 8s 9h", "shortdeck")
    assert low.category == C.STRAIGHT
    assert low < evaluate("6c 7d 8s 9h Th", "shortdeck")
    assert evaluate("As Ad Ac Ks Qd", "shortdeck") < low
    assert evaluate("6c 7d 8s 9h Th Tc Td", "shortdeck").category == C.STRAIGHT
    assert evaluate("Ah Kh Qh 9h 6h Ad Ac Kd", "shortdeck").category == C.FLUSH
    assert evaluate("Ah Kh Qh 9h 6h Ad Ac Kd").category == C.FULL_HOUSE


# --- Section 3: lows ------------------------------------------------------------


def test_section3_ace_to_five() -> None:
    """RULES.md section 3: ace low, straights and flushes ignored, pairs bad."""
    wheel = evaluate("5h 4d 3c 2s Ah", "a5")
    assert wheel.description == "five-four low"
    assert evaluate("5h 4h 3h 2h Ah", "a5") == wheel
    assert evaluate("7h 5d 4c 3s 2h", "a5").description == "seven-five low"
    assert evaluate("6h 4d 3c 2s Ah", "a5") < wheel
    assert evaluate("Kh Qd Jc 9s 8h", "a5") > evaluate("2h 2d 3c 4s 5h", "a5")
    assert evaluate("2h 2d 3c 4s 5h", "a5") > evaluate("3h 3d 2c 4s 5h", "a5")
    assert evaluate("Ah 2d 3c 4s 5h 5d Kc", "a5") == wheel  # best five of seven (razz)


def test_section3_deuce_to_seven() -> None:
    """RULES.md section 3: ace only high, straights and flushes count against."""
    best = evaluate("7h 5d 4c 3s 2h", "27")
    assert best.description == "seven-five low"
    assert evaluate("7h 5h 4h 3h 2h", "27") < best  # a flush
    assert evaluate("6h 5d 4c 3s 2h", "27").category == C.STRAIGHT
    assert evaluate("6h 5d 4c 3s 2h", "27") < evaluate("Kh Qd Jc 9s 8h", "27")
    wheel = evaluate("Ah 5d 4c 3s 2h", "27")
    assert wheel.category == C.HIGH_CARD  # not a straight: the ace is only high
    assert wheel.description == "ace-five low"
    assert wheel < evaluate("Kh 5d 4c 3s 2h", "27")


def test_section3_eight_or_better() -> None:
    """RULES.md section 3: a low qualifies with five different ranks of eight or lower."""
    assert evaluate_low8("Ah 2c 3d 4s 6h 9c Kd") == evaluate("Ah 2c 3d 4s 6h", "low8")
    assert evaluate_low8("Ah 2c 3d 8s 8h 9c Kd") is None
    assert evaluate("Ah 2c 3d 8s 8h 9c Kd", "low8").rank == 0
    assert evaluate("Ah 2c 3d 8s 8h 9c Kd", "low8").description.startswith("no qualifying")
    eight = evaluate_low8("8h 7d 6c 5s 4h")
    assert eight is not None
    assert eight.rank == evaluate("8h 7d 6c 5s 4h", "a5").rank
    assert eight.description == "eight-seven low"


def test_section3_split_pot_values() -> None:
    """RULES.md section 3: a high/low game values a hand for both halves."""
    high, low = evaluate_hilo("Ah 2c 3d 4s 5h Kd Kc")
    assert high.description == "straight, five high"
    assert low is not None
    assert low.description == "five-four low"
    high, low = evaluate_hilo("Ah Ac Kd Ks 9h 9d Tc")
    assert high.category == C.TWO_PAIR
    assert low is None


def test_section2_omaha_two_hole_three_board() -> None:
    """RULES.md section 2: Omaha-style games use exactly two hole and three board cards."""
    assert evaluate_omaha("As Kd Qd Jc", "2s 5s 8s Ts 3c").category == C.HIGH_CARD
    assert evaluate("As Kd Qd Jc 2s 5s 8s Ts 3c").category == C.FLUSH
    assert evaluate_omaha("As Ks Qd Jd", "Ts 9s 2s 3c 4h").description == "flush, ace high"
    quads_on_board = evaluate_omaha("As 2d 3c 4h", "Kh Kd Kc Ks 9s")
    assert quads_on_board.description == "three of a kind, kings, ace-four kickers"
    courchevel = evaluate_omaha("As Ad 7c 8h 9d", "Ac Kd Qc 2s 3h")
    assert courchevel.description == "three of a kind, aces, king-queen kickers"


def test_section3_omaha_high_low() -> None:
    """RULES.md section 3 with the Omaha rule: high and low chosen separately."""
    high, low = evaluate_omaha_hilo("Ah 2d Kh Kd", "3c 4s 8h Kc Qs")
    assert high.description == "three of a kind, kings, queen-eight kickers"
    assert low is not None
    assert low.description == "eight-four low"
    _, no_low = evaluate_omaha_hilo("Ah Kd Qh Jd", "3c 4s 8h Kc Qs")
    assert no_low is None


def test_badugi() -> None:
    """Badugi: more cards better, then lower; one card per rank and suit."""
    best = evaluate("Ah 2c 3d 4s", "badugi")
    assert best.description == "four-card badugi, four-three-two-ace"
    assert best.category is None
    assert best > evaluate("Ah 2c 3d 5s", "badugi")
    three = evaluate("Ah 2c 3d 4d", "badugi")
    assert three.description == "three-card badugi, three-two-ace"
    assert evaluate("Kh Qc Jd Ts", "badugi") > three


# --- Errors ----------------------------------------------------------------------


def test_errors_name_the_bad_value() -> None:
    """Bad input: unknown card, repeat, count, game, option, card outside the deck."""
    with pytest.raises(InvalidCardError, match="'Xx'"):
        evaluate("As Kd Xx 7c 2d")
    with pytest.raises(InvalidHandError, match="duplicate card: 'As'"):
        evaluate("As Kd As 7c 2d")
    with pytest.raises(InvalidHandError, match="duplicate card: 'As'"):
        evaluate(tuple(parse_cards("As Kd Qh 7c 2d 3c", allow_duplicates=True)) + parse_cards("As"))
    with pytest.raises(InvalidHandError, match="at least 5 cards, got 4"):
        evaluate("As Kd Qh 7c")
    with pytest.raises(InvalidHandError, match="unknown game: 'omaha'"):
        evaluate("As Kd Qh 7c 2d", "omaha")
    with pytest.raises(InvalidHandError, match="unknown option 'wheels'"):
        evaluate("As Kd Qh 7c 2d", wheels=False)
    with pytest.raises(InvalidHandError, match="unknown option 'wheel' for game 'a5'"):
        evaluate("As Kd Qh 7c 2d", "a5", wheel=False)
    with pytest.raises(InvalidHandError, match="'deck': 30"):
        evaluate("As Kd Qh 7c 2d", deck=30)
    with pytest.raises(InvalidHandError, match="'ranking': 'ancient'"):
        evaluate("As Kd Qh 7c 2d", ranking="ancient")
    with pytest.raises(InvalidHandError, match="jokers only play in high games"):
        evaluate("As Kd Qh 7c Jk", "a5")
    with pytest.raises(InvalidHandError, match="exactly 4 cards"):
        evaluate("As Kd Qh 7c 2d", "badugi")
    with pytest.raises(InvalidHandError, match="two hole cards and three board cards"):
        evaluate_omaha("As", "Kd Qh 7c 2d")
    with pytest.raises(InvalidHandError, match="duplicate card: 'Kd'"):
        evaluate_omaha("As Kd", "Kd Qh 7c 2d")


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_omaha_best_hand_is_the_best_two_plus_three(hole_size: int) -> None:
    """Section 8 (Omaha, Courchevel): exactly two hole cards and three board cards;
    the default game's fast path agrees with evaluating every choice."""
    rng = random.Random(hole_size)
    deck = make_deck(52)
    for _ in range(300):
        cards = rng.sample(deck, hole_size + 5)
        hole, board = tuple(cards[:hole_size]), tuple(cards[hole_size:])
        value = evaluate_omaha(hole, board)
        choices = [evaluate(two + three) for two in combinations(hole, 2)
                   for three in combinations(board, 3)]  # fmt: skip
        best = max(choices, key=lambda v: v.rank)
        assert (value.game, value.rank, value.cards) == (best.game, best.rank, best.cards)
