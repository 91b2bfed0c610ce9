"""Hand descriptions in English and French (``HandValue.describe``, ``hands/describe.py``).

The French examples are those of the glossary (``shared/GLOSSARY-fr.md``):
every category, lows included, the jokers' « poker », elision (« paire d'as »,
« quinte à l'as »), contractions (« quinte au roi », « quinte à la dame ») and
the agreement of « servi » with the category (« carré servi », « quinte servie »).
"""

from __future__ import annotations

import pytest

from pokerbonus.cards import make_deck
from pokerbonus.errors import PokerError
from pokerbonus.hands import Category, evaluate, evaluate_low8
from pokerbonus.hands.describe import category_name, rank_words
from pokerbonus.hands.evaluation import _parts
from pokerbonus.hands.high import five_card_classes, representative
from pokerbonus.i18n import LanguageError, using_language


@pytest.mark.parametrize(
    ("cards", "game", "french"),
    [
        # the glossary's examples, category by category
        ("As Kd 9c 7h 4s", "high", "hauteur as, roi, neuf, sept, quatre"),
        ("Kh Ks Ad Tc 4s", "high", "paire de rois, as, dix, quatre"),
        ("Kh Ks 8d 8c Ts", "high", "double paire, rois et huit, dix"),
        ("Qh Qd Qc 7s 2h", "high", "brelan de dames, sept, deux"),
        ("Qs Jd Th 9c 8s", "high", "quinte à la dame"),
        ("Ah 2c 3d 4s 5h", "high", "quinte au cinq"),
        ("Ah Qh 9h 6h 3h", "high", "couleur à l'as, dame, neuf, six, trois"),
        ("Jh Jd Jc 7s 7h", "high", "full aux valets par les sept"),
        ("Kh Ks Kd Kc 7s", "high", "carré de rois, sept"),
        ("9s 8s 7s 6s 5s", "high", "quinte flush au neuf"),
        ("As Ks Qs Js Ts", "high", "quinte flush royale"),
        ("Jk Ah Ad Ac As", "high", "poker d'as"),
        # elision before « as », none before « huit » (h aspiré)
        ("Ah As Kd Tc 4s", "high", "paire d'as, roi, dix, quatre"),
        ("8h 8s Kd Tc 4s", "high", "paire de huit, roi, dix, quatre"),
        ("Ac Ad Ah 9s 2c", "high", "brelan d'as, neuf, deux"),
        ("Ac Ad Ah As 2c", "high", "carré d'as, deux"),
        ("Ah Ks Qd Jc Ts", "high", "quinte à l'as"),
        ("Kh Qs Jd Tc 9s", "high", "quinte au roi"),
        ("Jh Ts 9d 8c 7s", "high", "quinte au valet"),
        ("8h 7s 6d 5c 4s", "high", "quinte au huit"),
        ("Kh Jh 9h 6h 3h", "high", "couleur au roi, valet, neuf, six, trois"),
        ("Qh Jh 9h 6h 3h", "high", "couleur à la dame, valet, neuf, six, trois"),
        ("Ah Ad Ac 7s 7h", "high", "full aux as par les sept"),
        ("7h 7d 7c As Ah", "high", "full aux sept par les as"),
        ("6h 6d 6c Ks Kh", "high", "full aux six par les rois"),
        ("Kh Ks Qd Qc 2s", "high", "double paire, rois et dames, deux"),
        ("Ah As 6d 6c Qs", "high", "double paire, as et six, dame"),
        ("Jk Kh Kd Kc Ks", "high", "poker de rois"),
        # seven cards: the best five are described
        ("Ks 8d Ts 8s Kd 4c Kh", "high", "full aux rois par les huit"),
        # a 32-card deck: A-7-8-9-10 is the lowest straight, ten high
        ("As 7s 8d 9c Th", "high:deck=32", "quinte au dix"),
        # lows: « low », « roue » for 5-4-3-2-A, pairs like the high hands
        ("7h 5c 4d 3s 2h", "a5", "low sept-cinq"),
        ("Ah 2c 3d 4s 5h", "a5", "roue (low cinq-quatre)"),
        ("8s 8d 5c 3d 2h", "a5", "paire de huit, cinq, trois, deux"),
        ("7h 5c 4d 3s 2h", "27", "low sept-cinq"),
        ("Ah 2c 3d 4s 5h", "27", "low as-cinq"),
        ("9h 8c 7d 6s 5h", "27", "quinte au neuf"),
        ("Ah 2c 3d 8s 6h 9c Kd", "low8", "low huit-six"),
        (
            "Ah 2c 3d 9s Th Jc Kd",
            "low8",
            "pas de low huit ou mieux (il faut cinq valeurs différentes, du huit à l'as)",
        ),
        ("Ah 2c 3d 4s", "badugi", "badugi à quatre cartes, quatre, trois, deux, as"),
        ("Kh Kc 3d 4s", "badugi", "badugi à trois cartes, roi, quatre, trois"),
        ("Ah As Ad Ac", "badugi", "badugi à une carte, as"),
    ],
)
def test_french_descriptions_of_every_category(cards: str, game: str, french: str) -> None:
    assert evaluate(cards, game).describe("fr") == french


@pytest.mark.parametrize(
    ("cards", "game", "french", "english"),
    [
        (
            "Kh Ks Kd Kc 7s",
            "high",
            "carré servi de rois, sept",
            "pat four of a kind, kings, seven kicker",
        ),
        ("Qs Jd Th 9c 8s", "high", "quinte servie à la dame", "pat straight, queen high"),
        (
            "Ah Qh 9h 6h 3h",
            "high",
            "couleur servie à l'as, dame, neuf, six, trois",
            "pat flush, ace high",
        ),
        (
            "Jh Jd Jc 7s 7h",
            "high",
            "full servi aux valets par les sept",
            "pat full house, jacks full of sevens",
        ),
        (
            "Qh Qd Qc 7s 2h",
            "high",
            "brelan servi de dames, sept, deux",
            "pat three of a kind, queens, seven-two kickers",
        ),
        (
            "Kh Ks 8d 8c Ts",
            "high",
            "double paire servie, rois et huit, dix",
            "pat two pair, kings and eights, ten kicker",
        ),
        (
            "Ah As Kd Tc 4s",
            "high",
            "paire servie d'as, roi, dix, quatre",
            "pat pair of aces, king-ten-four kickers",
        ),
        ("As Ks Qs Js Ts", "high", "quinte flush royale servie", "pat royal flush"),
        ("9s 8s 7s 6s 5s", "high", "quinte flush servie au neuf", "pat straight flush, nine high"),
        ("Jk Ah Ad Ac As", "high", "poker servi d'as", "pat Poker (five of a kind), aces"),
        ("7h 5c 4d 3s 2h", "27", "low sept-cinq servi", "pat seven-five low"),
        ("Ah 2c 3d 4s 5h", "a5", "roue servie (low cinq-quatre)", "pat five-four low"),
        (
            "Ah 2c 3d 4s",
            "badugi",
            "badugi servi à quatre cartes, quatre, trois, deux, as",
            "pat four-card badugi, four-three-two-ace",
        ),
    ],
)
def test_a_pat_hand_is_served_and_agrees_with_its_category(
    cards: str, game: str, french: str, english: str
) -> None:
    value = evaluate(cards, game)
    assert value.describe("fr", served=True) == french
    assert value.describe("en", served=True) == english


def test_english_stays_the_default_description() -> None:
    value = evaluate("Kh Ks 8d 8c Ts")
    assert value.description == "two pair, kings and eights, ten kicker"
    assert value.describe() == value.describe("en") == value.description
    with using_language("fr"):
        assert value.description == "two pair, kings and eights, ten kicker"
        assert value.describe() == "double paire, rois et huit, dix"
    assert str(value) == value.description


_NAMES = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
]
_PLURALS = [("sixes" if n == "six" else n + "s") for n in _NAMES]


def _former_english(category: Category, p: list[int]) -> str:
    """The English descriptions as the evaluator wrote them before the templates."""

    def kickers(ranks: list[int]) -> str:
        words = [_NAMES[r] for r in ranks]
        return f"{words[0]} kicker" if len(words) == 1 else "-".join(words) + " kickers"

    c = Category
    return {
        c.HIGH_CARD: lambda: "high card, " + "-".join(_NAMES[r] for r in p),
        c.PAIR: lambda: f"pair of {_PLURALS[p[0]]}, {kickers(p[2:])}",
        c.TWO_PAIR: lambda: f"two pair, {_PLURALS[p[0]]} and {_PLURALS[p[2]]}, {kickers(p[4:])}",
        c.TRIPS: lambda: f"three of a kind, {_PLURALS[p[0]]}, {kickers(p[3:])}",
        c.STRAIGHT: lambda: f"straight, {_NAMES[p[0]]} high",
        c.FLUSH: lambda: f"flush, {_NAMES[p[0]]} high",
        c.FULL_HOUSE: lambda: f"full house, {_PLURALS[p[0]]} full of {_PLURALS[p[3]]}",
        c.QUADS: lambda: f"four of a kind, {_PLURALS[p[0]]}, {kickers(p[4:])}",
        c.STRAIGHT_FLUSH: lambda: (
            "royal flush" if p[0] == 12 else f"straight flush, {_NAMES[p[0]]} high"
        ),
    }[category]()


def test_the_english_templates_give_every_value_its_former_description() -> None:
    """The English descriptions now come from the same templates as the French
    ones: each of the 7,462 high values reads exactly as before, and in French
    without a placeholder left."""
    seen: dict[Category, int] = {}
    for ranks, flush, _ in five_card_classes():
        value = evaluate(tuple(representative(ranks, flush)))
        parts = _parts(value.game, value.rank, tuple(value.cards))[0]
        assert parts.category is not None
        seen[parts.category] = seen.get(parts.category, 0) + 1
        assert value.description == _former_english(parts.category, list(parts.ranks))
        french = value.describe("fr")
        assert french != value.description and "{" not in french
    assert seen == {
        Category.HIGH_CARD: 1277, Category.PAIR: 2860, Category.TWO_PAIR: 858,
        Category.TRIPS: 858, Category.STRAIGHT: 10, Category.FLUSH: 1277,
        Category.FULL_HOUSE: 156, Category.QUADS: 156, Category.STRAIGHT_FLUSH: 10,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("cards", "english"),
    [
        ("Kh Ks 8d 8c Ts", "two pair, kings and eights, ten kicker"),
        ("Ks 8d Ts 8s Kd 4c Kh", "full house, kings full of eights"),
        ("As Ks Qs Js Ts 2c 2d", "royal flush"),
        ("Ah 2c 3d 4s 5h", "straight, five high"),
        ("As Kd 9c 7h 4s", "high card, ace-king-nine-seven-four"),
        ("Kh Ks Ad Tc 4s", "pair of kings, ace-ten-four kickers"),
        ("6h 6d 6c Ks 2h", "three of a kind, sixes, king-two kickers"),
        ("Jk Ah Ad Ac As", "Poker (five of a kind), aces"),
    ],
)
def test_english_descriptions_are_unchanged(cards: str, english: str) -> None:
    assert evaluate(cards).description == english


def test_every_french_description_of_a_short_deck_is_whole() -> None:
    """Each five-card hand class of a 32-card deck with a joker reads in French
    without a placeholder or an English word."""
    english_words = {"pair", "kings", "high", "flush", "kicker", "straight", "full house", "of"}
    deck = make_deck(32, jokers=1)
    for i in range(0, len(deck) - 4, 3):
        value = evaluate(deck[i : i + 5], "high:deck=32:jokers")
        text = value.describe("fr")
        assert "{" not in text
        assert not english_words & set(text.split()), text


def test_the_low8_helper_and_the_category_names() -> None:
    low = evaluate_low8("Ah 2c 3d 8s 6h 9c Kd")
    assert low is not None and low.describe("fr") == "low huit-six"
    assert [category_name(c, "fr") for c in Category] == [
        "hauteur", "paire", "double paire", "brelan", "quinte", "couleur", "full",
        "carré", "quinte flush", "poker",
    ]  # fmt: skip
    assert category_name(Category.TRIPS, "en") == "three of a kind"
    words = rank_words("fr")
    assert words.name[8:] == ("dix", "valet", "dame", "roi", "as")
    assert words.of_plural[-1] == "d'as" and words.high[10] == "à la dame"


def test_an_unknown_language_is_refused() -> None:
    value = evaluate("Kh Ks 8d 8c Ts")
    with pytest.raises(LanguageError, match="unknown language: 'de'"):
        value.describe("de")
    assert issubclass(LanguageError, PokerError)
