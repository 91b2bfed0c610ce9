"""PHH hand histories (pokerbonus.notation): the shared real hands, exact round trips,
strict errors, our French draw codes, and generated values (hypothesis)."""

from __future__ import annotations

import datetime
import itertools
import math
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbonus.cards import Card, default_deck_size, lowest_rank, make_deck
from pokerbonus.errors import NotationError
from pokerbonus.notation import (
    FRENCH_DRAW_CODES,
    STANDARD_CODES,
    UNKNOWN,
    VARIANTS,
    Action,
    BuyPot,
    CheckOrCall,
    CompleteBetOrRaiseTo,
    DealBoard,
    DealHole,
    Fold,
    FrenchDrawRules,
    HandCard,
    HandHistory,
    NoOp,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    Surblind,
    chip_scale,
    dump,
    dumps,
    dumps_many,
    load,
    loads,
    parse_action,
)
from pokerbonus.notation import actions as actions_module
from pokerbonus.notation.actions import (
    PARSED_ACTIONS,
    _fast_action,
    _parse_general,
    _two_hole_cards,
)
from pokerbonus.notation.phh import _check_actions, _check_actions_one_by_one
from pokerbonus.notation.toml_subset import read_subset
from pokerbonus.notation.toml_writer import toml_key, toml_value
from pokerbonus.rules.catalog import CATALOG

SHARED = Path(__file__).resolve().parents[2] / "shared" / "phh"
if not SHARED.is_dir():  # a checkout next to the shared folder, or the CI layout
    SHARED = Path("/work/shared/phh")
FILES = sorted([*SHARED.rglob("*.phh"), *SHARED.rglob("*.phhs")])
needs_shared = pytest.mark.skipif(not FILES, reason="the shared PHH files are not present")


@pytest.fixture(scope="module")
def corpus() -> list[tuple[Path, HandHistory]]:
    return [(path, hand) for path in FILES for hand in load(path)]


# -- the shared real hands ------------------------------------------------------------


@needs_shared
def test_every_shared_hand_is_read_with_the_counts_of_the_readme(
    corpus: list[tuple[Path, HandHistory]],
) -> None:
    assert len(corpus) == 1097
    codes = Counter(hand.variant for _, hand in corpus)
    assert codes == {
        "NT": 1021, "FO/8": 14, "F7S": 13, "FR": 10, "PO": 8, "F2L3D": 8,
        "FT": 7, "F7S/8": 7, "N2L1D": 7, "NS": 1, "FB": 1,
    }  # fmt: skip
    for _, hand in corpus:
        assert len(hand.antes) == hand.player_count >= 2


@needs_shared
def test_every_shared_hand_round_trips(corpus: list[tuple[Path, HandHistory]]) -> None:
    for path, hand in corpus:
        assert loads(dumps(hand)) == [hand], path


@needs_shared
def test_multi_hand_files_keep_their_keys_and_order() -> None:
    [path] = [p for p in FILES if p.suffix == ".phhs"]
    hands = load(path)
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    assert [h.key for h in hands] == list(raw) == ["1", "2", "3", "6", "7", "9", "10", "15"]
    again = loads(dumps_many(hands))
    assert again == hands
    assert [h.key for h in again] == [h.key for h in hands]


@needs_shared
def test_actions_format_back_to_the_exact_original_strings() -> None:
    count = 0
    for path in FILES:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
        tables = list(document.values()) if path.suffix == ".phhs" else [document]
        for fields, hand in zip(tables, load(path), strict=True):
            assert [str(a) for a in hand.actions] == fields["actions"], path
            count += len(fields["actions"])
    assert count > 18_000


@needs_shared
def test_fields_keep_their_toml_types_and_values() -> None:
    [hand] = load(SHARED / "pluribus" / "60" / "88.phh")  # the split pot with half chips
    assert hand.finishing_stacks == (9950.0, 10137.5, 10000.0, 10000.0, 9775.0, 10137.5)
    assert all(type(v) is float for v in hand.finishing_stacks)
    assert all(type(v) is int for v in hand.starting_stacks)
    assert hand.hand == 88 and hand.players is not None and hand.players[1] == "Pluribus"
    assert chip_scale(hand) == 2

    online = load(SHARED / "handhq" / "abs-nlh-excerpt.phhs")
    assert online[0].time == datetime.time(0, 0, 26)
    assert online[0].antes == (2.5,) * 6 and online[0].seats == (3, 4, 5, 6, 1, 2)
    assert online[0].extra_fields == {}
    raise_ = online[3].actions[20]
    assert raise_ == CompleteBetOrRaiseTo(3, Decimal("803.50"))
    assert str(raise_) == "p4 cbr 803.50"
    assert chip_scale(online[0]) == 10  # 2067.40 and 2.50: tenths


@needs_shared
def test_big_blind_ante_with_ante_trimming_is_read_as_written() -> None:
    [hand] = load(SHARED / "wsop-2019" / "42-3-00-01-07.phh")
    assert hand.ante_trimming_status is True
    assert hand.antes == (0, 500000, 0, 0, 0, 0, 0, 0)
    assert hand.finishing_stacks is not None and sum(hand.finishing_stacks) == sum(
        hand.starting_stacks
    )


@needs_shared
def test_unknown_cards_are_explicit() -> None:
    [hand] = load(SHARED / "alice-carol-wikipedia.phh")
    assert hand.actions[0] == DealHole(0, (UNKNOWN,) * 4)
    assert hand.actions[10] == StandPatOrDiscard(3, (UNKNOWN,))
    assert hand.author == "Juho Kim" and hand.small_bet == 2 and hand.bring_in is None


# -- actions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("d db Jc3d5c", DealBoard((Card("Jc"), Card("3d"), Card("5c")))),
        ("d dh p3 AcKd", DealHole(2, (Card("Ac"), Card("Kd")))),
        ("d dh p10 ????7c", DealHole(9, (UNKNOWN, UNKNOWN, Card("7c")))),
        ("p2 pb", PostBringIn(1)),
        ("p3 cbr 7000", CompleteBetOrRaiseTo(2, 7000)),
        ("p1 cbr 0.25", CompleteBetOrRaiseTo(0, Decimal("0.25"))),
        ("p1 cc", CheckOrCall(0)),
        ("p4 f", Fold(3)),
        ("p2 sd", StandPatOrDiscard(1)),
        ("p2 sd 7h6c", StandPatOrDiscard(1, (Card("7h"), Card("6c")))),
        ("p1 sm", ShowOrMuck(0)),
        ("p1 sm -", ShowOrMuck(0, as_dealt=True)),
        ("p1 sm ??Ad", ShowOrMuck(0, (UNKNOWN, Card("Ad")))),
        ("p1 cc # snap call", CheckOrCall(0, "snap call")),
        ("d db 4h # the turn", DealBoard((Card("4h"),), "the turn")),
        ("p1 f #", Fold(0, "")),
        ("", NoOp()),
        ("# Burn card 6s is exposed", NoOp("Burn card 6s is exposed")),
        ("d dh p1 JkAsJk", DealHole(0, (Card(52), Card("As"), Card(53)))),
    ],
)
def test_each_action_parses_and_formats_back(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert str(action) == text


def test_extra_whitespace_is_read_and_written_canonically() -> None:
    action = parse_action("  p1\t cbr   20   #  all in  ")
    assert action == CompleteBetOrRaiseTo(0, 20, "all in")
    assert str(action) == "p1 cbr 20 # all in"
    assert parse_action("   ") == NoOp()


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("p1 raise 20", "unknown player action 'raise'"),
        ("p0 cc", "'p0' is not an actor"),
        ("p01 cc", "'p01' is not an actor"),
        ("x cc", "'x' is not an actor"),
        ("p1", "has no action"),
        ("d", "'db' or 'dh'"),
        ("d xx AcKd", "'db' or 'dh'"),
        ("d db", "'d db' takes the cards"),
        ("d dh AcKd", "'d dh' takes a player"),
        ("d dh p1", "'d dh' takes a player"),
        ("d dh p1 AcK", "odd number of characters"),
        ("d dh p1 ac", "'ac' is not a card"),
        ("d dh p1 AC", "'AC' is not a card"),
        ("d dh p1 A♠", "'A♠' is not a card"),
        ("d dh p1 AcAc", "duplicate card: 'Ac'"),
        ("d db ?c", "'?c' is not a card"),
        ("p1 cbr", "'cbr' takes the amount"),
        ("p1 cbr 0", "must be positive"),
        ("p1 cbr -5", "not a plain number"),
        ("p1 cbr 1e3", "not a plain number"),
        ("p1 cbr 007", "not a plain number"),
        ("p1 cbr 5.", "not a plain number"),
        ("p1 cc 5", "'cc' takes no argument"),
        ("p1 f now", "'f' takes no argument"),
        ("p1 sd 7h 6c", "'sd' takes the discarded cards"),
        ("p1 sm AcKd QhJh", "'sm' takes the cards shown"),
    ],
)
def test_bad_actions_raise_naming_the_action_and_why(text: str, why: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    message = str(info.value)
    assert message.startswith(f"invalid action {text!r}: "), message
    assert why in message


@pytest.mark.parametrize(
    "build",
    [
        lambda: CompleteBetOrRaiseTo(0, Decimal("5")),  # a whole amount is an int
        lambda: CompleteBetOrRaiseTo(0, True),
        lambda: CompleteBetOrRaiseTo(-1, 5),
        lambda: DealBoard(()),
        lambda: DealHole(0, (Card(53),)),  # a lone joker is Card(52)
        lambda: ShowOrMuck(0, (Card("As"),), as_dealt=True),
        lambda: Fold(0, " padded "),
    ],
)
def test_action_values_are_checked_on_construction(build: Any) -> None:
    with pytest.raises(NotationError):
        build()


# -- errors reading files ----------------------------------------------------------------

GOOD = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AcKd", "p3 f"]
"""


def _error(text: str, **kwargs: Any) -> str:
    with pytest.raises(NotationError) as info:
        loads(text, **kwargs)
    return str(info.value)


def test_the_good_example_reads() -> None:
    [hand] = loads(GOOD)
    assert hand.actions == (DealHole(0, (Card("Ac"), Card("Kd"))), Fold(2))


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        ('variant = "NT"\n', "", "field 'variant': required, missing"),
        ("min_bet = 2\n", "", "field 'min_bet': required by variant 'NT', missing"),
        ("actions = [", "xactions = [", "field 'actions': required, missing"),
        ("blinds_or_straddles = [1, 2, 0]\n", "", "'blinds_or_straddles': required by variant"),
        ('"NT"', '"XX"', "field 'variant': unknown code 'XX'"),
        ("min_bet = 2", "min_bet = 2\nbring_in = 1", "field 'bring_in': not used by variant 'NT'"),
        ("min_bet = 2", "min_bet = 2\nsmall_bet = 1", "field 'small_bet': not used"),
        ("antes = [0, 0, 0]", "antes = [0, 0]", "field 'antes': has 2 values but there are 3"),
        ("antes = [0, 0, 0]", "antes = 0", "field 'antes': must be an array, got 0"),
        ("antes = [0, 0, 0]", 'antes = [0, "1", 0]', "field 'antes[1]': must be an integer or"),
        ("antes = [0, 0, 0]", "antes = [0, true, 0]", "field 'antes[1]': must be an integer or"),
        ("antes = [0, 0, 0]", "antes = [0, -1, 0]", "field 'antes[1]': must not be negative"),
        ("antes = [0, 0, 0]", "antes = [0, nan, 0]", "got nan"),
        ("starting_stacks = [100, 100, 100]", "starting_stacks = [100, 0, 100]", "positive"),
        ("starting_stacks = [100, 100, 100]", "starting_stacks = [100]", "at least 2 players"),
        ("min_bet = 2", "min_bet = 2\nplayers = ['a', 'b']", "field 'players': has 2 values"),
        ("min_bet = 2", "min_bet = 2\nplayers = ['a', 'b', 3]", "must be an array of strings"),
        ("min_bet = 2", "min_bet = 2\nmonth = 13", "field 'month': must be 1..12, got 13"),
        ("min_bet = 2", "min_bet = 2\nday = 'Monday'", "field 'day': must be an integer"),
        ("min_bet = 2", "min_bet = 2\ntime = 1979-05-27T07:32:00Z", "field 'time': must be a"),
        ("min_bet = 2", "min_bet = 2\nauthor = 5", "field 'author': must be a string"),
        ("min_bet = 2", "min_bet = 2\nhand = 1.5", "field 'hand': must be a string or an int"),
        ("min_bet = 2", "min_bet = 2\nseats = [1, 1, 2]", "field 'seats': seat numbers repeat"),
        ("min_bet = 2", "min_bet = 2\nseat_count = 2", "field 'seat_count': must be at least 3"),
        ("min_bet = 2", "min_bet = 2\nante_trimming_status = 1", "must be true or false"),
        ("min_bet = 2", "min_bet = [2]", "field 'min_bet': must be a single value"),
        ('"p3 f"', '"p4 f"', "field 'actions[1]': 'p4 f' names p4 but there are 3 players"),
        ('"p3 f"', '"p3 fold"', "field 'actions[1]': invalid action 'p3 fold': unknown"),
        ('"p3 f"', "3", "field 'actions[1]': must be a string, got 3"),
        ('"d dh p1 AcKd"', '"d dh p1 AcJk"', "has 1 joker(s), the deck has 0"),
    ],
)
def test_bad_files_raise_naming_the_file_the_field_and_why(old: str, new: str, why: str) -> None:
    assert old in GOOD
    message = _error(GOOD.replace(old, new, 1), source="hands/x.phh")
    assert message.startswith("hands/x.phh: "), message
    assert why in message, message


def test_cards_outside_the_variants_deck_are_refused() -> None:
    text = GOOD.replace('"NT"', '"NS"').replace("AcKd", "Ac5d")
    message = _error(text)
    assert "'5d' is not in the 36-card deck of variant 'NS'" in message
    assert loads(text.replace("5d", "6d"))[0].variant == "NS"


def test_malformed_toml_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.phh"
    path.write_text(GOOD.replace("min_bet = 2", "min_bet = = 2"), encoding="utf-8")
    with pytest.raises(NotationError, match=r"broken\.phh: invalid TOML: .*line 4"):
        load(path)
    with pytest.raises(NotationError, match=r"missing\.phh: cannot read"):
        load(tmp_path / "missing.phh")


def test_a_bad_hand_in_a_multi_hand_file_is_named_by_its_key(tmp_path: Path) -> None:
    path = tmp_path / "two.phhs"
    bad = GOOD.replace("min_bet = 2\n", "")
    path.write_text(f"[a]\n{GOOD}\n[b]\n{bad}", encoding="utf-8")
    with pytest.raises(NotationError) as info:
        load(path)
    assert str(info.value) == f"{path} [b]: field 'min_bet': required by variant 'NT', missing"
    path.write_text(f"[a]\n{GOOD}\nstray = 1\n", encoding="utf-8")  # 'stray' is inside [a]
    assert load(path)[0].extra_fields == {"stray": 1}
    with pytest.raises(NotationError, match="'top' is not a hand table"):
        loads(f"top = 1\n[a]\n{GOOD}", multi=True)


def test_files_are_written_and_read_back(tmp_path: Path) -> None:
    [hand] = loads(GOOD)
    dump(tmp_path / "one.phh", hand)
    assert load(tmp_path / "one.phh") == [hand]
    hands = [replace(hand, key="7"), replace(hand, event="second")]
    dump(tmp_path / "many.phhs", hands)
    again = load(tmp_path / "many.phhs")
    assert again == hands and [h.key for h in again] == ["7", "2"]
    with pytest.raises(NotationError, match="hand key '1' repeats"):
        dumps_many([hand, replace(hand, key="1")])


def test_written_text_is_in_the_phh_style() -> None:
    [hand] = loads(GOOD + 'event = "WSOP \\"Main\\""\n_sponsors = ["", "GG", ""]\n')
    assert dumps(hand) == (
        'variant = "NT"\n'
        "antes = [0, 0, 0]\n"
        "blinds_or_straddles = [1, 2, 0]\n"
        "min_bet = 2\n"
        "starting_stacks = [100, 100, 100]\n"
        "actions = [\n"
        '  "d dh p1 AcKd",\n'
        '  "p3 f",\n'
        "]\n"
        'event = "WSOP \\"Main\\""\n'
        '_sponsors = ["", "GG", ""]\n'
    )


def test_user_defined_and_unknown_fields_are_kept_verbatim_in_order() -> None:
    extra = (
        "_z = 1\nrake = 0.5\n_nested = { a = [1, { b = 1979-05-27 }], c = 'x' }\n"
        "_when = 1979-05-27T07:32:00-08:00\n"
    )
    [hand] = loads(GOOD + extra)
    assert list(hand.extra_fields) == ["_z", "rake", "_nested", "_when"]
    assert hand.extra_fields["_nested"] == {"a": (1, {"b": datetime.date(1979, 5, 27)}), "c": "x"}
    assert hand.extra_fields["_when"].utcoffset() == datetime.timedelta(hours=-8)
    assert hash(hand) == hash(loads(dumps(hand))[0])
    assert loads(dumps(hand)) == [hand]
    with pytest.raises(TypeError):
        hand.extra_fields["_z"] = 2  # type: ignore[index]


# -- our French draw codes ---------------------------------------------------------------

FRENCH = """\
variant = "NFD"
antes = [1, 1, 1, 1]
blinds_or_straddles = [0, 0, 0, 0]
min_bet = 1
starting_stacks = [100, 100, 100, 100]
actions = ["d dh p1 AsAhAdAc7s", "d dh p2 ??????????", "d dh p3 ??????????", "d dh p4 ??????????"]
"""


def test_a_french_hand_without_house_rules_takes_the_rule_book_defaults() -> None:
    [hand] = loads(FRENCH)
    assert hand.house_rules == FrenchDrawRules()
    assert hand.deck_size == 32 and VARIANTS["NFD"].required == VARIANTS["NT"].required
    text = dumps(hand)
    assert '_forced_bets = "pot"\n_ante = 1\n_blind = 2\n' in text
    assert "_deck_size" not in text
    assert loads(text) == [hand]


def test_french_house_rules_are_read_validated_and_written() -> None:
    rules = (
        '_forced_bets = "blind"\n_blind = 5\n_surblind = true\n_deck_size = 52\n_jokers = 1\n'
        '_wheel = false\n_ranking = "archaic"\n_max_discard = 5\n_fourth_card = "immediate"\n'
        '_fourth_card_burn = false\n_shuffle = "cut-only"\n_mine = "kept"\n'
    )
    text = (
        FRENCH.replace("[1, 1, 1, 1]", "[0, 0, 0, 0]")
        .replace("[0, 0, 0, 0]\nmin", "[5, 10, 20, 0]\nmin")
        .replace("AsAhAdAc7s", "AsAhAdAcJk")
        + rules
    )
    [hand] = loads(text)
    assert hand.house_rules == FrenchDrawRules(
        forced_bets="blind", blind=5, deck_size=52, jokers=1, wheel=False, ranking="archaic",
        max_discard=5, fourth_card="immediate", fourth_card_burn=False, shuffle="cut-only",
    )  # fmt: skip
    assert hand.extra_fields == {"_mine": "kept"} and hand.deck_size == 52
    assert loads(dumps(hand)) == [hand]
    for code in FRENCH_DRAW_CODES:
        assert VARIANTS[code].standard is False and code not in STANDARD_CODES


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        ("min_bet = 1", "min_bet = 1\n_max_discard = 4", "field '_max_discard': must be 3 or 5"),
        ("min_bet = 1", "min_bet = 1\n_jokers = 3", "field '_jokers': must be 0..2, got 3"),
        ("min_bet = 1", "min_bet = 1\n_deck_size = 30", "field '_deck_size': must be one of"),
        ("min_bet = 1", "min_bet = 1\n_wheel = 'yes'", "field '_wheel': must be true or false"),
        ("min_bet = 1", "min_bet = 1\n_forced_bets = 'mixed'", "'_forced_bets': must be one of"),
        ("min_bet = 1", "min_bet = 1\n_ante = 2", "every ante of a pot deal is _ante = 2"),
        ("[0, 0, 0, 0]", "[4, 0, 0, 0]", "must be all zero in a pot deal without _buy_pot"),
        ("AsAhAdAc7s", "AsAhAdAc6s", "'6s' is not in the 32-card deck of variant 'NFD'"),
        ("AsAhAdAc7s", "AsAhAdAcJk", "has 1 joker(s), the deck has 0"),
        ("[100, 100, 100, 100]", "[100, 100.5, 100, 100]", "chips are integers in the French"),
    ],
)
def test_bad_french_hands_raise_naming_the_field(old: str, new: str, why: str) -> None:
    assert old in FRENCH
    assert why in _error(FRENCH.replace(old, new, 1))


def test_french_pot_buying_and_blind_chains() -> None:
    bought = FRENCH.replace("[0, 0, 0, 0]", "[4, 0, 0, 0]") + "_buy_pot = true\n"
    assert loads(bought)[0].blinds_or_straddles == (4, 0, 0, 0)
    assert "only p1 may post, buying the pot (4)" in _error(bought.replace("[4, 0", "[3, 0"))
    blind = FRENCH.replace("[1, 1, 1, 1]", "[0, 0, 0, 0]") + '_forced_bets = "blind"\n'
    assert "a blind deal posts the blind 2" in _error(blind)  # nobody posted
    assert loads(blind.replace("[0, 0, 0, 0]\nmin", "[2, 4, 8, 0]\nmin"))
    wrong_chain = blind.replace("[0, 0, 0, 0]\nmin", "[2, 5, 0, 0]\nmin")
    assert "each surblind doubling" in _error(wrong_chain)
    no_surblind = blind.replace("[0, 0, 0, 0]\nmin", "[2, 4, 0, 0]\nmin") + "_surblind = false\n"
    assert "no surblind at this table" in _error(no_surblind)
    # antes and blinds together (RULES.md section 5, changed this month): a blind deal
    # may have antes, the same for everyone (before, any ante was refused)
    assert "antes are all equal" in _error(blind.replace("[0, 0, 0, 0]", "[1, 0, 1, 1]", 1))
    assert loads(
        blind.replace("[0, 0, 0, 0]", "[1, 1, 1, 1]", 1).replace(
            "[0, 0, 0, 0]\nmin", "[2, 0, 0, 0]\nmin"
        )
    )
    with pytest.raises(NotationError, match="cannot deal five cards to 8 players"):
        HandHistory(
            variant="PFD", antes=(1,) * 8, blinds_or_straddles=(0,) * 8, min_bet=1,
            starting_stacks=(10,) * 8, actions=(), house_rules=FrenchDrawRules(deck_size=32),
        )  # fmt: skip


def test_house_rules_belong_to_the_french_codes_only() -> None:
    [hand] = loads(GOOD + "_ante = 5\n")  # in a hold'em hand '_ante' is just a user field
    assert hand.house_rules is None and hand.extra_fields == {"_ante": 5}
    with pytest.raises(NotationError, match="only for the French draw codes"):
        replace(hand, house_rules=FrenchDrawRules())


# -- the TOML writer ---------------------------------------------------------------------

_TOML_TEXT = st.text()


@given(_TOML_TEXT, _TOML_TEXT)
def test_any_string_and_key_are_written_so_toml_reads_them_back(key: str, text: str) -> None:
    assert tomllib.loads(f"{toml_key(key)} = {toml_value(text)}") == {key: text}


@given(st.floats(allow_nan=False))
def test_any_float_reads_back(value: float) -> None:
    assert tomllib.loads(f"x = {toml_value(value)}")["x"] == value


def test_values_toml_cannot_hold_are_refused() -> None:
    with pytest.raises(NotationError, match="TOML has no type"):
        toml_value(None)
    odd = datetime.timezone(datetime.timedelta(seconds=30))
    with pytest.raises(NotationError, match="whole minutes"):
        toml_value(datetime.datetime(2020, 1, 1, tzinfo=odd))


# -- generated hands (hypothesis) -------------------------------------------------------

_COMMENTS = st.none() | st.text(max_size=12).map(str.strip)


def _cards(deck: tuple[Card, ...], *, min_size: int = 1) -> st.SearchStrategy[tuple[HandCard, ...]]:
    def normalise(picked: list[HandCard]) -> tuple[HandCard, ...]:
        jokers = iter((Card(52), Card(53)))
        return tuple(next(jokers) if isinstance(c, Card) and c.is_joker else c for c in picked)

    known = st.sampled_from(deck)
    items = st.one_of(known, st.just(UNKNOWN))
    return st.lists(
        items, min_size=min_size, max_size=6, unique_by=lambda c: -1 if c is UNKNOWN else int(c)
    ).map(normalise)


def _amounts(integral: bool) -> st.SearchStrategy[int | Decimal]:
    whole = st.integers(1, 10**12)
    if integral:
        return whole
    fraction = st.decimals(min_value=Decimal("0.01"), max_value=Decimal(10**9), places=2)
    return whole | fraction.filter(lambda d: d != d.to_integral_value())


def _actions(players: int, deck: tuple[Card, ...], integral: bool) -> st.SearchStrategy[Action]:
    p = st.integers(0, players - 1)
    return st.one_of(
        st.builds(DealBoard, _cards(deck), _COMMENTS),
        st.builds(DealHole, p, _cards(deck), _COMMENTS),
        st.builds(PostBringIn, p, _COMMENTS),
        st.builds(CompleteBetOrRaiseTo, p, _amounts(integral), _COMMENTS),
        st.builds(CheckOrCall, p, _COMMENTS),
        st.builds(Fold, p, _COMMENTS),
        st.builds(StandPatOrDiscard, p, _cards(deck, min_size=0), _COMMENTS),
        st.builds(ShowOrMuck, p, _cards(deck, min_size=0), st.just(False), _COMMENTS),
        st.builds(ShowOrMuck, p, st.just(()), st.just(True), _COMMENTS),
        st.builds(NoOp, _COMMENTS),
    )


_NUMBERS = st.integers(0, 10**15) | st.floats(0, 1e15)
_POSITIVE = st.integers(1, 10**15) | st.floats(0.01, 1e15)
_SCALARS = st.one_of(
    st.text(max_size=8),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.booleans(),
    st.dates(),
    st.times(),
    st.datetimes(timezones=st.none() | st.integers(-1439, 1439).map(
        lambda m: datetime.timezone(datetime.timedelta(minutes=m))
    )),
)  # fmt: skip
_EXTRA_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
_EXTRA_KEYS = st.text(max_size=6).map(lambda s: "_" + s) | st.sampled_from(["rake", "venue_id"])


@st.composite
def hands(draw: st.DrawFn) -> HandHistory:
    code = draw(st.sampled_from([c for c in VARIANTS if c not in FRENCH_DRAW_CODES]))
    variant = VARIANTS[code]
    n = draw(st.integers(2, 9))

    def per_player(each: st.SearchStrategy[Any]) -> st.SearchStrategy[tuple[Any, ...]]:
        return st.lists(each, min_size=n, max_size=n).map(tuple)

    def maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        return st.none() | strategy

    values: dict[str, Any] = {
        "antes": draw(per_player(_NUMBERS)),
        "starting_stacks": draw(per_player(_POSITIVE | st.just(float("inf")))),
        "ante_trimming_status": draw(st.none() | st.booleans()),
    }
    for name in variant.required:
        if name in ("small_bet", "big_bet", "min_bet", "bring_in"):
            values[name] = draw(_POSITIVE)
        elif name == "blinds_or_straddles":
            values[name] = draw(per_player(_NUMBERS))
    deck = make_deck(variant.deck_size or 52)
    values["actions"] = tuple(draw(st.lists(_actions(n, deck, False), max_size=12)))
    for name in ("author", "event", "url", "venue", "city", "currency_symbol", "time_zone"):
        values[name] = draw(maybe(st.text(max_size=10)))
    values["time"] = draw(maybe(st.times()))
    values["day"] = draw(maybe(st.integers(1, 31)))
    values["month"] = draw(maybe(st.integers(1, 12)))
    values["year"] = draw(maybe(st.integers(1900, 2100)))
    values["hand"] = draw(maybe(st.integers(0, 10**12) | st.text(max_size=6)))
    values["table"] = draw(maybe(st.integers(1, 99) | st.text(max_size=6)))
    values["level"] = draw(maybe(st.integers(0, 60)))
    values["seat_count"] = draw(maybe(st.integers(n, 10)))
    seats = st.permutations(range(1, n + 1)).map(tuple)
    values["seats"] = draw(maybe(seats))
    values["players"] = draw(maybe(per_player(st.text(max_size=8))))
    values["finishing_stacks"] = draw(maybe(per_player(_NUMBERS)))
    values["winnings"] = draw(maybe(per_player(_NUMBERS)))
    values["time_limit"] = draw(maybe(_POSITIVE))
    values["time_banks"] = draw(maybe(per_player(_NUMBERS)))
    extras = draw(st.dictionaries(_EXTRA_KEYS, _EXTRA_VALUES, max_size=3))
    return HandHistory(variant=code, **values, extra_fields=extras)


@st.composite
def french_hands(draw: st.DrawFn) -> HandHistory:
    code = draw(st.sampled_from(FRENCH_DRAW_CODES))
    n = draw(st.integers(2, 8))
    jokers = draw(st.integers(0, 2))
    sizes = [s for s in (32, 36, 40, 44, 48, 52) if s + jokers >= 5 * n]
    rules = FrenchDrawRules(
        forced_bets=draw(st.sampled_from(["pot", "blind"])),
        ante=draw(st.integers(1, 5)),
        blind=draw(st.integers(1, 10)),
        surblind=True,
        buy_pot=draw(st.booleans()),
        deck_size=draw(st.none() | st.sampled_from(sizes)),
        jokers=jokers,
        wheel=draw(st.booleans()),
        ranking=draw(st.sampled_from(["modern", "archaic"])),
        max_discard=draw(st.sampled_from([3, 5])),
        fourth_card=draw(st.sampled_from(["deferred", "immediate"])),
        fourth_card_burn=draw(st.booleans()),
        shuffle=draw(st.sampled_from(["every-hand", "cut-only"])),
    )
    if rules.forced_bets == "pot":
        antes = (rules.ante,) * n
        bought = rules.buy_pot and draw(st.booleans())
        blinds = ((rules.ante * n,) if bought else (0,)) + (0,) * (n - 1)
    else:
        antes = (0,) * n
        posted = draw(st.integers(1, n))
        blinds = tuple(rules.blind * 2**i for i in range(posted)) + (0,) * (n - posted)
    size = rules.deck_size or default_deck_size(n)
    deck = make_deck(size, rules.jokers)
    names = ("small_bet", "big_bet") if code == "FFD" else ("min_bet",)
    bets: dict[str, Any] = {name: draw(st.integers(1, 100)) for name in names}
    return HandHistory(
        variant=code, antes=antes, blinds_or_straddles=blinds, **bets,
        starting_stacks=tuple(draw(st.lists(st.integers(1, 10**6), min_size=n, max_size=n))),
        actions=tuple(draw(st.lists(_actions(n, deck, True), max_size=10))),
        house_rules=rules,
        extra_fields=draw(st.dictionaries(_EXTRA_KEYS, _EXTRA_VALUES, max_size=2).filter(
            lambda d: not any(k in ("_ante", "_blind", "_jokers") for k in d))),
    )  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(hands())
def test_generated_hands_round_trip(hand: HandHistory) -> None:
    assert loads(dumps(hand)) == [hand]


@settings(max_examples=100, deadline=None)
@given(french_hands())
def test_generated_french_hands_round_trip(hand: HandHistory) -> None:
    assert loads(dumps(hand)) == [hand]


@settings(max_examples=25, deadline=None)
@given(st.lists(hands(), min_size=1, max_size=3))
def test_generated_multi_hand_files_round_trip(many: list[HandHistory]) -> None:
    again = loads(dumps_many(many))
    assert again == many
    assert [h.key for h in again] == [str(i) for i in range(1, len(many) + 1)]


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: _actions(n, make_deck(52, 2), False)))
def test_generated_actions_format_and_parse_back(action: Action) -> None:
    assert parse_action(str(action)) == action
    assert str(parse_action(str(action))) == str(action)


def test_mapping_fields_compare_by_value() -> None:
    [hand] = loads(GOOD + "_t = { a = 1 }\n")
    assert isinstance(hand.extra_fields, Mapping)
    assert hand == replace(hand, extra_fields={"_t": {"a": 1}})


def test_the_french_example_of_the_docs_is_exactly_what_we_write() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs" / "phh.md"
    example = docs.read_text(encoding="utf-8").split("```toml\n")[1].split("```")[0]
    [hand] = loads(example)
    assert hand.house_rules == FrenchDrawRules(jokers=1)
    assert hand.actions[11:13] == (DealHole(1, (UNKNOWN,) * 3), DealHole(1, (UNKNOWN,)))
    assert dumps(hand) == example


# -- the fast paths: the TOML subset reader and the canonical actions -----------------------


def _types(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_types(v) for v in value]
    return type(value)


@needs_shared
def test_the_subset_reader_reads_every_shared_file_as_tomllib_does() -> None:
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        fast = read_subset(text)
        assert fast is not None, f"{path} left the fast path"
        expected = tomllib.loads(text)
        assert fast == expected and _types(fast) == _types(expected), path


@pytest.mark.parametrize(
    "text",
    [
        "d = 2024-01-01",  # a date
        "t = 00:00:26.5",  # a time with a fraction
        "t = 24:00:00",  # not a time: tomllib says why
        "x = inf",
        "x = nan",
        "x = 1_000",
        "x = 0x1F",
        "x = 01",
        "x = 1.",
        "x = .5",
        's = "a\\tb"',  # an escape
        's = """multi"""',
        "a.b = 1",  # a dotted key
        '"a b" = 1',  # a quoted key
        "a = 1\na = 2",  # a repeated key
        "a = 1\n[a]\nb = 2",  # a key and a table of the same name
        "[1]\na = 1\n[1]\nb = 1",  # a repeated table
        "[[hands]]\na = 1",  # an array of tables
        "a = [[1], [2]]",  # a nested array
        "a = { b = 1 }",  # an inline table
        "a = [1,,2]",
        "a = [,]",
        "a = 1 2",
        "a =",
        "a = 'x'\rb = 1",  # a lone carriage return
        "a = 1 # \x01",  # a control character in a comment
        "a = 'x\x7f'",
        "a = [\n'x' # c\x02\n]",
        "\ufeffa = 1",
    ],
)
def test_anything_outside_the_subset_is_left_to_tomllib(text: str) -> None:
    assert read_subset(text) is None


def test_the_subset_reader_keeps_tomllib_values_and_layouts() -> None:
    text = (
        "# a comment line\r\n"
        "a = 'x # not a comment'  # a comment\r\n"
        'b = ["p1 f", \'p2 cc\', # one\n\n  # two\n  "d db Ac" ,\n]\n'
        "c = [1, -2, +3, 0.5, -1.5e3, 1E+2, true, false, '']\n"
        "t = 23:59:59\n"
        "[x]\n"
        "e = []\n"
        "[ y ] # a table\n"
        "f = '#'"
    )
    fast = read_subset(text)
    assert fast == tomllib.loads(text) and _types(fast) == _types(tomllib.loads(text))


def test_the_usual_phh_lines_read_as_tomllib_reads_them() -> None:
    # the lines the PHH tools write, read by the simple expressions of the fast path
    text = (
        "variant = 'NT'\n"
        'event = "WSOP"\n'
        "hand = 16\n"
        "ante_trimming_status = false\n"
        "antes = [0, 10, 100000]\n"
        "players = ['a', '', 'O\"Neil', 'p1 f, p2 cc']\n"
        "[2]\n"
        "actions = ['d dh p1 ????']\n"
        "zero = 0\n"
    )
    fast = read_subset(text)
    assert fast == tomllib.loads(text) and _types(fast) == _types(tomllib.loads(text))
    assert fast is not None and fast["players"] == ["a", "", 'O"Neil', "p1 f, p2 cc"]
    for near in ("hand = 016\n", "antes = [0, 01]\n", "antes = [1,2]\n", "x = 'a', 'b'\n",
                 "x = ['a', 'b'\n", "a = 1\na = [2]\n", "a = ['\x01']\n"):  # fmt: skip
        try:
            expected = tomllib.loads(near)
        except tomllib.TOMLDecodeError:
            assert read_subset(near) is None, near
        else:
            assert read_subset(near) == expected, near


_TOKENS = st.sampled_from(
    ["a", "b", "_c", "1", " ", "\t", "\n", "=", "[", "]", ",", "#", "'", '"', "x", "0", "-", "+",
     ".", "e", "5", "true", "false", ":", "12:30:00", "\r\n", "\\", "{", "}", "'p1 cc'", '"??"']
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(_TOKENS, max_size=30).map("".join))
def test_the_subset_reader_never_disagrees_with_tomllib(text: str) -> None:
    fast = read_subset(text)
    if fast is None:
        return
    expected = tomllib.loads(text)  # never raises when the fast path read the text
    assert fast == expected and _types(fast) == _types(expected)


_VALUES = st.sampled_from(
    ["1", "-0", "+7", "2.50", "1e3", "-1.5E-2", "true", "false", "'NT'", '"p1 cbr 7000"', "''",
     "00:00:26", "[]", "[1, 2.5]", "['d dh p1 ????', \"p2 f\",]", "[\n  'a', # c\n\n  'b'\n]",
     "[0, 25, 100]", "['p1 f', 'p2 cc']", "['', 'a', '']", "[10]"]
)  # fmt: skip


@st.composite
def _near_phh(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            lines.append(draw(st.sampled_from(["", "# note", "  ", "[1]", "[ 2 ] # t"])))
        else:
            key = draw(st.sampled_from(["variant", "antes", "a", "_x", "k-1"]))
            lines.append(f"{key} = {draw(_VALUES)}" + draw(st.sampled_from(["", "  # c"])))
    text = draw(st.sampled_from(["\n", "\r\n"])).join(lines)
    for _ in range(draw(st.integers(0, 2))):  # a few edits at random places
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["", "x", "'", '"', "#", ",", "[", "]", "\n", "\r", "=",
                                     ".", "0", "_", "\\", "\x01", " "]))  # fmt: skip
        cut = draw(st.integers(0, 1))
        text = text[:at] + edit + text[at + cut :]
    return text


@settings(max_examples=400, deadline=None)
@given(_near_phh())
def test_the_subset_reader_agrees_with_tomllib_near_the_phh_subset(text: str) -> None:
    fast = read_subset(text)
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert fast is None, text  # never accepts what tomllib refuses
        return
    if fast is not None:
        assert fast == expected and _types(fast) == _types(expected), text


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: _actions(n, make_deck(52, 2), False)))
def test_the_canonical_fast_path_builds_what_the_general_parser_builds(action: Action) -> None:
    text = str(action)
    fast = _fast_action(text)
    general = _parse_general(text)
    assert general == action
    if fast is not None:
        assert type(fast) is type(general) and repr(fast) == repr(general)
    joker = any(isinstance(c, Card) and c.is_joker for c in getattr(action, "cards", ()))
    decimal = isinstance(getattr(action, "amount", 0), Decimal)
    as_dealt = isinstance(action, ShowOrMuck) and action.as_dealt
    if action.comment is None and not (joker or decimal or as_dealt or isinstance(action, NoOp)):
        assert fast is not None, text  # the common actions take the fast path


def test_two_hole_cards_read_by_slicing_are_what_the_fast_path_reads() -> None:
    """Every ``d dh pN XXYY`` text of players 1 to 9 and two card texts (unknown ones,
    repeated ones, bad ones): the slicing reader gives the fast path's action, or
    leaves the text to it (a repeated card, anything that is not that shape)."""
    words = [str(Card(i)) for i in range(52)] + ["??", "1c", "Tx", "AA"]
    for player in "0123456789":
        for first in words:
            for second in words:
                text = f"d dh p{player} {first}{second}"
                sliced, fast = _two_hole_cards(text), _fast_action(text)
                if sliced is None:
                    assert fast is None or (first == second and first != "??"), text
                    continue
                assert isinstance(sliced, DealHole) and isinstance(fast, DealHole), text
                assert type(sliced) is DealHole and sliced == fast, text
                assert all(a is b for a, b in zip(sliced.cards, fast.cards, strict=True))
    for other in ("d dh p10 AsKd", "d db p1 AsKd", "d dh p1xAsKd", "d dh q1 AsKd", "p1 cbr 1000"):
        assert _two_hole_cards(other) is None, other


def test_arrays_checked_at_c_speed_still_refuse_what_they_refuse() -> None:
    for old, new, why in [
        ("antes = [0, 0]", "antes = [-0.5, 0]", "'antes[0]': must not be negative, got -0.5"),
        ("antes = [0, 0]", "antes = [0, nan]", "'antes[1]': must be a number, got nan"),
        ("antes = [0, 0]", "antes = [0, inf]", "'antes[1]': must be finite, got inf"),
        ("antes = [0, 0]", "antes = [0, -inf]", "'antes[1]': must be finite, got -inf"),
        ("antes = [0, 0]", "antes = [0, true]", "'antes[1]': must be an integer or a float"),
        ("starting_stacks = [200, 200.5]", "starting_stacks = [200, 0]",
         "'starting_stacks[1]': must be positive, got 0"),
        ("starting_stacks = [200, 200.5]", "starting_stacks = [200, 0.0]",
         "'starting_stacks[1]': must be positive, got 0.0"),
    ]:  # fmt: skip
        text = _SMALL.replace(old, new)
        assert text != _SMALL
        with pytest.raises(NotationError, match=re.escape(why)):
            loads(text)
    assert loads(_SMALL.replace("[200, 200.5]", "[inf, 200.5]"))[0].starting_stacks[0] == math.inf


_SMALL = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200.5]
actions = ["d dh p1 AcKd", "d dh p2 ????", "p2 cbr 6", "p1 f"]
"""


# -- our codes: every game of the catalog ------------------------------------------------------


def test_every_code_of_the_catalog_is_a_variant_with_its_game_and_forced_bets() -> None:
    catalog_codes = set()
    for entry in CATALOG.values():
        for kind in entry.structures:
            code = entry.codes[kind]
            catalog_codes.add(code)
            variant = VARIANTS[code]
            assert variant.game == entry.key
            assert variant.forced_bets == ("bring-in" if entry.forced == "bring-in" else "blinds")
            assert variant.structure == {"limit": "fixed-limit"}.get(kind, kind)
            assert variant.deck_size == entry.game(kind).deck_size
    assert set(VARIANTS) == catalog_codes | set(FRENCH_DRAW_CODES)
    assert set(STANDARD_CODES) == {
        "FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"
    }  # fmt: skip


@pytest.mark.parametrize("code", sorted(set(VARIANTS) - set(FRENCH_DRAW_CODES)))
def test_a_hand_of_each_code_reads_writes_and_refuses_the_other_structure(code: str) -> None:
    variant = VARIANTS[code]
    fields: dict[str, Any] = {"variant": code, "antes": (1, 1, 1), "starting_stacks": (50, 60, 70)}
    if variant.forced_bets == "bring-in":
        fields["bring_in"] = 1
        actions = ["d dh p1 ????????????", "d dh p2 ????????????", "d dh p3 ????????????",
                   "p3 pb", "p1 f", "p2 cbr 4"]  # fmt: skip
    else:
        fields["blinds_or_straddles"] = (1, 2, 0)
        actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]
    if variant.structure == "fixed-limit":
        fields.update(small_bet=2, big_bet=4)
    else:
        fields["min_bet"] = 2
    hand = HandHistory(**fields, actions=tuple(parse_action(a) for a in actions))
    assert loads(dumps(hand)) == [hand]
    for name in variant.required:
        with pytest.raises(NotationError, match=f"'{name}': required"):
            loads(dumps(hand).replace(f"\n{name} = ", f"\n_{name} = "))
    wrong = "min_bet = 2" if variant.structure == "fixed-limit" else "small_bet = 2"
    with pytest.raises(NotationError, match=f"not used by variant {re.escape(repr(code))}"):
        loads(dumps(hand) + wrong + "\n")


# -- the quick checks: the same answers as the full ones ----------------------------------


def _outcome(check: Any, *args: Any) -> str | None:
    try:
        check(*args)
    except NotationError as exc:
        return str(exc)
    return None


_FEW_CARDS = (Card("2c"), Card("7d"), Card("As"), Card(52), Card(53))
"""A card below the short deck, two in it and the two jokers: faults come often."""


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(
        [("NT", None, None), ("NS", None, None)]
        + [("NFD", jokers, deck) for jokers in (0, 1, 2) for deck in (32, 52)]
    ),
    st.integers(2, 6),
    st.data(),
)
def test_the_quick_action_check_refuses_exactly_what_the_full_check_refuses(
    game: tuple[str, int | None, int | None], count: int, data: st.DataObject
) -> None:
    # actions naming players beyond the hand's, cards outside a short deck, jokers
    # beyond the deck's and French offers in other games: the quick pass must find
    # every fault the full pass finds, and the message is the full pass's
    code, jokers, deck_size = game
    offers = st.builds(Surblind, st.integers(0, count), st.booleans()) | st.builds(
        BuyPot, st.integers(0, count), st.booleans()
    )
    actions = data.draw(st.lists(_actions(count + 1, _FEW_CARDS, True) | offers, max_size=8))
    hand = HandHistory(
        variant="NT",
        antes=(0,) * count,
        blinds_or_straddles=(1, 2) + (0,) * (count - 2),
        min_bet=2,
        starting_stacks=(100,) * count,
        actions=(),
    )
    object.__setattr__(hand, "variant", code)  # a hand as a caller may build it, unchecked
    if jokers is not None:
        rules = FrenchDrawRules(jokers=jokers, deck_size=deck_size)
        object.__setattr__(hand, "house_rules", rules)
    object.__setattr__(hand, "actions", tuple(actions))
    lowest = 4 * lowest_rank(hand.deck_size)
    french = code == "NFD"
    full = _outcome(_check_actions_one_by_one, hand, count, lowest, jokers or 0, french)
    assert _outcome(_check_actions, hand, count) == full


def test_the_quick_action_check_counts_jokers_as_the_full_check() -> None:
    for jokers, deck_size, dealt in itertools.product((0, 1, 2), (32, 52), (1, 2)):
        hand = HandHistory(
            variant="NFD",
            antes=(1, 1),
            blinds_or_straddles=(0, 0),
            min_bet=2,
            starting_stacks=(100, 100),
            actions=(),
            house_rules=FrenchDrawRules(jokers=jokers, deck_size=deck_size),
        )
        cards = (Card("As"), Card(52), Card(53))[: 1 + dealt]
        object.__setattr__(hand, "actions", (DealHole(0, cards), Fold(1)))
        full = _outcome(
            _check_actions_one_by_one, hand, 2, 4 * lowest_rank(deck_size), jokers, True
        )
        assert _outcome(_check_actions, hand, 2) == full
        assert (full is None) == (dealt <= jokers), (jokers, deck_size, dealt, full)


def test_a_parsed_action_is_kept_and_a_bad_one_refused_every_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = parse_action("p9 cbr 12345")
    assert parse_action("p9 cbr 12345") is first  # read once, then looked up
    for _ in range(2):
        with pytest.raises(NotationError, match="unknown player action 'raise'"):
            parse_action("p1 raise 20")
    monkeypatch.setattr(actions_module, "_PARSED_LIMIT", 3)
    for amount in range(987_650, 987_660):  # texts no other test reads
        parse_action(f"p1 cbr {amount}")
        assert len(PARSED_ACTIONS) <= 3  # bounded: emptied when full
    assert parse_action("p1 cbr 987659") == CompleteBetOrRaiseTo(0, 987_659)
    [hand] = loads(GOOD.replace('"p3 f"', '"p3 f", "p1 cbr 987659"'))
    assert hand.actions[-1] is parse_action("p1 cbr 987659")


@given(
    st.lists(st.integers(1, 10**6) | st.floats(0.5, 1e6) | st.decimals("0.5", "1e6", places=2),
             min_size=3, max_size=3),
    st.integers(1, 10**6) | st.decimals("0.01", "1e6", places=2),
)  # fmt: skip
def test_chip_scale_of_whole_hands_is_one_and_else_the_decimal_denominators(
    stacks: list[Any], raise_to: Any
) -> None:
    stacks = [float(s) if isinstance(s, Decimal) else s for s in stacks]
    [hand] = loads(GOOD.replace('"p3 f"', f'"p3 f", "p1 cbr {raise_to}"'))
    hand = replace(hand, starting_stacks=tuple(stacks))
    amounts = [*stacks, Decimal(str(raise_to))]
    fractions = [Decimal(repr(a)) if isinstance(a, float) else Decimal(a) for a in amounts]
    expected = math.lcm(*(Fraction(f).denominator for f in fractions))
    assert chip_scale(hand) == expected
