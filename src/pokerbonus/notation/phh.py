"""PHH hand histories: the typed model, a strict reader and a writer in the PHH style.

A ``.phh`` file holds one hand (top-level fields); a ``.phhs`` file holds several,
each in a TOML table (``[1]``, ``[2]``, ...). :func:`loads` returns a list either
way; each hand keeps its table key in :attr:`HandHistory.key`.

>>> text = '''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200.5]
... actions = ["d dh p1 AcKd", "d dh p2 ????", "p2 cbr 6", "p1 f"]
... '''
>>> [hand] = loads(text)
>>> hand.starting_stacks, hand.actions[2]
((200, 200.5), CompleteBetOrRaiseTo(player=1, amount=6, comment=None))
>>> loads(dumps(hand)) == [hand]
True
>>> loads(text.replace("min_bet = 2", ""), source="x.phh")
Traceback (most recent call last):
...
pokerbonus.errors.NotationError: x.phh: field 'min_bet': required by variant 'NT', missing
"""

from __future__ import annotations

import dataclasses
import datetime
import math
import operator
import os
import types
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from pokerbonus.cards import FIRST_JOKER, default_deck_size, lowest_rank
from pokerbonus.errors import NotationError
from pokerbonus.i18n import gettext
from pokerbonus.notation.actions import (
    PARSED_ACTIONS,
    UNKNOWN,
    Action,
    BuyPot,
    CheckOrCall,
    CompleteBetOrRaiseTo,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    Surblind,
    parse_new_action,
)
from pokerbonus.notation.french import FRENCH_FIELDS, SURBLIND_DEPTHS, FrenchDrawRules
from pokerbonus.notation.toml_subset import read_subset
from pokerbonus.notation.toml_writer import toml_key, toml_value
from pokerbonus.notation.variants import FRENCH_DRAW_CODES, VARIANTS

__all__ = [
    "FIELD_NAMES",
    "HandHistory",
    "Number",
    "chip_scale",
    "dump",
    "dumps",
    "dumps_many",
    "load",
    "loads",
]

Number = int | float
"""A chip or time value as TOML holds it: ``int``, or ``float`` when written with a point."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandHistory:
    """One hand in PHH: every field of the specification, typed, plus our extras.

    Per-player arrays are tuples in PHH player order (``p1`` first). Numbers keep
    their TOML type (``int`` or ``float``), dates and times theirs. Fields left
    out of a file are ``None``. Construction checks everything a file is checked
    for and raises :class:`NotationError` naming the field and why.
    """

    variant: str
    ante_trimming_status: bool | None = None
    antes: tuple[Number, ...]
    blinds_or_straddles: tuple[Number, ...] | None = None
    bring_in: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    min_bet: Number | None = None
    starting_stacks: tuple[Number, ...]
    actions: tuple[Action, ...]
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: str | int | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: str | int | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Number, ...] | None = None
    winnings: tuple[Number, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Number | None = None
    time_banks: tuple[Number, ...] | None = None
    house_rules: FrenchDrawRules | None = None
    """The French draw's house rules (``_ante``, ``_jokers`` ...); set for our
    French codes only (their defaults when a file has none), ``None`` otherwise."""
    extra_fields: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """Every other field, kept verbatim in file order: user-defined ones
    (``_name``) and fields of later PHH versions. Arrays are tuples, tables
    read-only mappings."""
    key: str | None = field(default=None, compare=False)
    """The hand's table key in a ``.phhs`` file (``"1"``, ``"2"`` ...); ``None`` in a ``.phh``.
    Not part of equality: it says where the hand was stored, not what happened."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra_fields", _frozen_extras(self.extra_fields))
        if self.variant in FRENCH_DRAW_CODES and self.house_rules is None:
            object.__setattr__(self, "house_rules", FrenchDrawRules())
        _validate(self)

    @property
    def player_count(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    @property
    def deck_size(self) -> int:
        """Cards in the deck this hand was played with (jokers not counted)."""
        size = VARIANTS[self.variant].deck_size
        if size is not None:
            return size
        assert self.house_rules is not None
        if self.house_rules.deck_size is not None:
            return self.house_rules.deck_size
        return default_deck_size(self.player_count)


_NOT_PHH: Final = ("house_rules", "extra_fields", "key")
FIELD_NAMES: Final = tuple(
    f.name for f in dataclasses.fields(HandHistory) if f.name not in _NOT_PHH
)
"""The standard PHH fields, in the order they are written."""

_REQUIRED_ALWAYS: Final = ("variant", "antes", "starting_stacks", "actions")
_PER_PLAYER: Final = (
    "antes",
    "blinds_or_straddles",
    "finishing_stacks",
    "winnings",
    "players",
    "seats",
    "time_banks",
)
_STRINGS: Final = (
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time_zone",
    "time_zone_abbreviation",
    "currency",
    "currency_symbol",
)


# -- validation ----------------------------------------------------------------------


def _fail(name: str, why: str) -> NotationError:
    return NotationError(f"field {name!r}: {why}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_number(
    name: str, value: object, *, positive: bool = False, infinite: bool = False
) -> None:
    if not (_is_int(value) or isinstance(value, float)):
        raise _fail(name, f"must be an integer or a float, got {value!r}")
    assert isinstance(value, int | float)
    if math.isnan(value):
        raise _fail(name, "must be a number, got nan")
    if math.isinf(value) and not (infinite and value > 0):
        raise _fail(name, f"must be finite, got {value}")
    if positive and value <= 0:
        raise _fail(name, f"must be positive, got {value}")
    if value < 0:
        raise _fail(name, f"must not be negative, got {value}")


def _check_numbers(
    name: str, values: object, *, positive: bool = False, infinite: bool = False
) -> None:
    if not isinstance(values, tuple):
        raise _fail(name, f"must be an array of numbers, got {values!r}")
    if values and _PLAIN_NUMBERS.issuperset(map(type, values)):
        # The usual array, checked at C speed: no nan or inf (their sum is not
        # between the infinities), nothing negative (or zero). Else one by one.
        low = min(values)
        if -math.inf < sum(values) < math.inf and (low > 0 if positive else low >= 0):
            return
    for i, value in enumerate(values):
        _check_number(f"{name}[{i}]", value, positive=positive, infinite=infinite)


_PLAIN_NUMBERS: Final = frozenset({int, float})


def _check_int(name: str, value: object, low: int | None = None, high: int | None = None) -> None:
    if not _is_int(value):
        raise _fail(name, f"must be an integer, got {value!r}")
    assert isinstance(value, int)
    if (low is not None and value < low) or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f"at least {low}"
        raise _fail(name, f"must be {bound}, got {value}")


def _validate(h: HandHistory) -> None:
    code = h.variant
    fields = _FIELDS_OF.get(code) if isinstance(code, str) else None
    if fields is None:
        raise _fail("variant", f"unknown code {code!r} (expected one of {', '.join(VARIANTS)})")
    required, not_used = fields
    for name in required:
        if getattr(h, name) is None:
            raise _fail(name, f"required by variant {code!r}, missing")
    for name in not_used:
        if getattr(h, name) is not None:
            raise _fail(name, f"not used by variant {code!r} ({VARIANTS[code].name})")
    if h.ante_trimming_status is not None and not isinstance(h.ante_trimming_status, bool):
        raise _fail(
            "ante_trimming_status", f"must be true or false, got {h.ante_trimming_status!r}"
        )
    stacks, antes, blinds = h.starting_stacks, h.antes, h.blinds_or_straddles
    if not (  # the usual header: arrays of ints, stacks positive, forced bets not negative
        type(stacks) is tuple
        and type(antes) is tuple
        and (blinds is None or type(blinds) is tuple)
        and len(stacks) >= 2
        and antes
        and _INTS.issuperset(map(type, (*stacks, *antes, *(blinds or ()))))
        and min(stacks) > 0
        and min(antes) >= 0
        and (not blinds or min(blinds) >= 0)
    ):  # else each array in turn, saying what is wrong
        _check_numbers("starting_stacks", stacks, positive=True, infinite=True)
        if len(stacks) < 2:
            raise _fail("starting_stacks", f"a hand needs at least 2 players, got {len(stacks)}")
        _check_numbers("antes", antes)
        if blinds is not None:
            _check_numbers("blinds_or_straddles", blinds)
    count = len(stacks)
    for name, value in zip(_BETS, _bets_of(h), strict=True):
        if value is not None and not (type(value) is int and value > 0):  # else: say why
            _check_number(name, value, positive=True)
    for name in ("finishing_stacks", "winnings"):
        if getattr(h, name) is not None:
            _check_numbers(name, getattr(h, name))
    if h.time_banks is not None:
        _check_numbers("time_banks", h.time_banks, infinite=True)
    if h.time_limit is not None:
        _check_number("time_limit", h.time_limit, positive=True, infinite=True)
    strings = _strings_of(h)
    if not _STRING_TYPES.issuperset(map(type, strings)):  # a str subclass, or not a string
        for name, value in zip(_STRINGS, strings, strict=True):
            if value is not None and not isinstance(value, str):
                raise _fail(name, f"must be a string, got {value!r}")
    if h.time is not None and (not isinstance(h.time, datetime.time) or h.time.tzinfo is not None):
        raise _fail("time", f"must be a TOML local time (like 20:15:00), got {h.time!r}")
    if h.day is not None:
        _check_int("day", h.day, 1, 31)
    if h.month is not None:
        _check_int("month", h.month, 1, 12)
    if h.year is not None:
        _check_int("year", h.year)
    if h.level is not None:
        _check_int("level", h.level, 0)
    for name in ("hand", "table"):
        value = getattr(h, name)
        if value is not None and not (isinstance(value, str) or _is_int(value)):
            raise _fail(name, f"must be a string or an integer, got {value!r}")
    if h.seat_count is not None:
        _check_int("seat_count", h.seat_count, count)
    if h.seats is not None:
        _check_seats(h.seats, h.seat_count)
    if h.players is not None and (
        not isinstance(h.players, tuple)
        or not (
            _STR_ONLY.issuperset(map(type, h.players)) or all(isinstance(p, str) for p in h.players)
        )
    ):
        raise _fail("players", f"must be an array of strings, got {h.players!r}")
    for name, values in zip(_PER_PLAYER, _per_player_of(h), strict=True):
        if values is not None and len(values) != count:
            raise _fail(
                name,
                f"has {len(values)} values but there are {count} players "
                "(the length of starting_stacks)",
            )
    _check_actions(h, count)
    if h.house_rules is not None:
        if not isinstance(h.house_rules, FrenchDrawRules):
            raise _fail("house_rules", f"must be a FrenchDrawRules, got {h.house_rules!r}")
        if h.variant not in FRENCH_DRAW_CODES:
            raise _fail("house_rules", f"only for the French draw codes, not {h.variant!r}")
        _check_french(h, h.house_rules)
    if h.extra_fields:
        _check_extras(h)


_FIELDS_OF: Final = {code: (v.required, v.not_used) for code, v in VARIANTS.items()}
"""Per variant code: the fields it requires, and those it must not carry."""
_BETS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
_bets_of: Final = operator.attrgetter(*_BETS)
_strings_of: Final = operator.attrgetter(*_STRINGS)
_per_player_of: Final = operator.attrgetter(*_PER_PLAYER)
_STRING_TYPES: Final = frozenset({str, type(None)})
_STR_ONLY: Final = frozenset({str})
_INTS: Final = frozenset({int})


def _check_seats(seats: object, seat_count: int | None) -> None:
    if not isinstance(seats, tuple):
        raise _fail("seats", f"must be an array of integers, got {seats!r}")
    for i, seat in enumerate(seats):
        _check_int(f"seats[{i}]", seat, 1, seat_count)
    if len(set(seats)) != len(seats):
        raise _fail("seats", f"seat numbers repeat: {list(seats)}")


def _check_actions(h: HandHistory, count: int) -> None:
    if not isinstance(h.actions, tuple):
        raise _fail("actions", f"must be a tuple of actions, got {h.actions!r}")
    lowest = 4 * lowest_rank(h.deck_size)  # the lowest card index in the deck
    jokers = h.house_rules.jokers if h.house_rules is not None else 0
    french = h.variant in FRENCH_DRAW_CODES
    # A quick pass over the usual actions; at the first doubt, every action is
    # checked in turn and the first one at fault named.
    for action in h.actions:
        kind = type(action)
        if kind in _PLAYER_ONLY:
            if action.player >= count:  # type: ignore[union-attr]
                break
            continue
        if kind in _HELD_CARDS:
            if action.player >= count:  # type: ignore[union-attr]
                break
        elif kind is NoOp:
            continue
        elif kind is not DealBoard:
            if not french or (kind is not Surblind and kind is not BuyPot):
                break
            if action.player >= count:  # type: ignore[union-attr]
                break
            continue
        # Jokers are numbered in order (Card(52) first), so a joker in the cards
        # means Card(52) is; a short deck has cards below it: checked card by card.
        if lowest or (jokers < 2 and FIRST_JOKER in action.cards):  # type: ignore[union-attr]
            break
    else:
        return
    _check_actions_one_by_one(h, count, lowest, jokers, french)


_PLAYER_ONLY: Final = frozenset({Fold, CheckOrCall, CompleteBetOrRaiseTo, PostBringIn})
_HELD_CARDS: Final = frozenset({DealHole, StandPatOrDiscard, ShowOrMuck})


def _check_actions_one_by_one(
    h: HandHistory, count: int, lowest: int, jokers: int, french: bool
) -> None:
    """Every action checked in turn: raises naming the first one at fault (the
    quick pass above found one, or an action of a type it does not know)."""
    for i, action in enumerate(h.actions):
        kind = type(action)
        if kind not in _ACTION_TYPES and not isinstance(action, tuple(_ACTION_TYPES)):
            raise _fail(f"actions[{i}]", f"not an action: {action!r}")
        player = getattr(action, "player", None)
        if player is not None and player >= count:
            raise _fail(
                f"actions[{i}]",
                f"{str(action)!r} names p{player + 1} but there are {count} players",
            )
        if (kind is Surblind or kind is BuyPot) and not french:
            raise _fail(
                f"actions[{i}]",
                f"{str(action)!r} is a French draw action, not one of variant {h.variant!r}",
            )
        cards = getattr(action, "cards", None)
        if not cards:
            continue
        in_hand = 0
        for card in cards:
            if card is UNKNOWN:
                continue
            if card >= FIRST_JOKER:
                in_hand += 1
            elif card < lowest:
                raise _fail(
                    f"actions[{i}]",
                    f"{str(action)!r}: {str(card)!r} is not in the {h.deck_size}-card deck "
                    f"of variant {h.variant!r}",
                )
        if in_hand > jokers:
            raise _fail(
                f"actions[{i}]",
                f"{str(action)!r} has {in_hand} joker(s), the deck has {jokers}",
            )


_ACTION_TYPES: Final = frozenset(
    {
        DealBoard,
        DealHole,
        PostBringIn,
        CompleteBetOrRaiseTo,
        CheckOrCall,
        Fold,
        StandPatOrDiscard,
        ShowOrMuck,
        NoOp,
        Surblind,
        BuyPot,
    }
)


def _check_french(h: HandHistory, rules: FrenchDrawRules) -> None:
    count = h.player_count
    if not 2 <= count <= 8:
        raise _fail("starting_stacks", f"the French draw is for 2 to 8 players, got {count}")
    if 5 * count > h.deck_size + rules.jokers:
        raise _fail(
            "_deck_size",
            f"{h.deck_size} cards (+{rules.jokers} jokers) cannot deal five cards "
            f"to {count} players",
        )
    money: list[tuple[str, object]] = [("antes", h.antes), ("starting_stacks", h.starting_stacks)]
    money += [(n, getattr(h, n)) for n in ("blinds_or_straddles", "finishing_stacks", "winnings")]
    for name, values in money:
        if values is not None:
            assert isinstance(values, tuple)
            for i, value in enumerate(values):
                if not _is_int(value):
                    raise _fail(
                        f"{name}[{i}]",
                        f"chips are integers in the French draw, got {value!r}",
                    )
    for name in ("small_bet", "big_bet", "min_bet"):
        value = getattr(h, name)
        if value is not None and not _is_int(value):
            raise _fail(name, f"chips are integers in the French draw, got {value!r}")
    for i, action in enumerate(h.actions):
        if isinstance(action, CompleteBetOrRaiseTo) and not _is_int(action.amount):
            raise _fail(f"actions[{i}]", f"chips are integers in the French draw: {str(action)!r}")
    blinds = h.blinds_or_straddles
    assert blinds is not None
    _check_offers(h, rules, blinds)
    if rules.forced_bets == "pot":
        if any(a != rules.ante for a in h.antes):
            raise _fail(
                "antes", f"every ante of a pot deal is _ante = {rules.ante}, got {list(h.antes)}"
            )
        pot = sum(int(a) for a in h.antes)
        if any(blinds) and (not rules.buy_pot or list(blinds) != [pot] + [0] * (count - 1)):
            why = (
                f"in a pot deal only p1 may post, buying the pot ({pot})"
                if rules.buy_pot
                else "must be all zero in a pot deal without _buy_pot"
            )
            raise _fail("blinds_or_straddles", f"{why}, got {list(blinds)}")
        return
    if len(set(h.antes)) > 1:  # antes and blinds together: the same ante for everyone
        raise _fail("antes", f"a blind deal's antes are all equal, got {list(h.antes)}")
    chain = list(blinds)
    if rules.kill_blind:  # a kill hand: the killer posts the kill blind, once
        if chain.count(rules.kill_blind) != 1 or chain[0] not in (rules.blind, rules.kill_blind):
            raise _fail(
                "blinds_or_straddles",
                f"a kill hand posts the blind {rules.blind} (p1) and one kill blind "
                f"{rules.kill_blind}, got {chain}",
            )
        return
    posted = len(chain) - len(list(_trailing_zeros(chain)))
    expected = [rules.blind * 2**i for i in range(posted)]
    most = SURBLIND_DEPTHS[rules.surblind_depth]
    if most is not None and posted - 1 > most:
        raise _fail(
            "blinds_or_straddles",
            f"_surblind_depth = {rules.surblind_depth!r} allows {most} surblind(s), got {chain}",
        )
    if posted == 0 or chain[:posted] != expected or (posted > 1 and not rules.surblind):
        why = (
            f"the blind {rules.blind} then each surblind doubling the last"
            if rules.surblind
            else f"the blind {rules.blind} alone (no surblind at this table)"
        )
        raise _fail("blinds_or_straddles", f"a blind deal posts {why}, got {chain}")


def _check_offers(h: HandHistory, rules: FrenchDrawRules, blinds: tuple[Number, ...]) -> None:
    """The offers before the deal (``sb``/``nsb``, ``bp``/``nbp``) agree with the
    forced bets written; a hand may leave them out (older records), not contradict them."""
    offers = [(i, a) for i, a in enumerate(h.actions) if isinstance(a, Surblind | BuyPot)]
    if not offers:
        return
    first_other = next(
        (i for i, a in enumerate(h.actions) if not isinstance(a, Surblind | BuyPot | NoOp)),
        len(h.actions),
    )
    for i, action in offers:
        where = f"actions[{i}]"
        if i > first_other:
            raise _fail(where, f"{str(action)!r}: offers are decided before the deal")
        if isinstance(action, BuyPot) and rules.forced_bets != "pot":
            raise _fail(where, f"{str(action)!r}: buying the pot is for a pot deal")
        if isinstance(action, BuyPot) and not rules.buy_pot:
            raise _fail(where, f"{str(action)!r}: this table has no pot buying (_buy_pot)")
        if isinstance(action, Surblind) and rules.forced_bets != "blind":
            raise _fail(where, f"{str(action)!r}: a surblind is for a blind deal")
    if rules.forced_bets == "pot":
        if len(offers) > 1 or offers[0][1].player != 0:
            listed = [str(a) for _, a in offers]
            raise _fail("actions", f"only p1 may buy the pot, once: got {listed}")
        bought = not offers[0][1].declined
        if bought != bool(blinds[0]):
            state = "bought" if bought else "declined"
            raise _fail(
                "actions",
                f"p1 {state} the pot but blinds_or_straddles[0] is {blinds[0]}",
            )
        return
    chain = list(blinds)
    if rules.kill_blind:
        raise _fail("actions", "a kill hand has no surblind offers (the kill is the overblind)")
    posted = len(chain) - len(list(_trailing_zeros(chain)))
    doubled = 0
    for position, (i, action) in enumerate(offers):
        if action.player != position + 1:
            raise _fail(
                f"actions[{i}]",
                f"{str(action)!r}: surblind offers go p2, p3 ... in turn "
                f"(this one is p{position + 2}'s)",
            )
        if action.declined and position != len(offers) - 1:
            raise _fail(f"actions[{i}]", f"{str(action)!r}: a declined surblind ends the chain")
        doubled += not action.declined
    if doubled != posted - 1:
        raise _fail(
            "actions",
            f"{doubled} surblind(s) in the actions but blinds_or_straddles posts "
            f"{max(posted - 1, 0)}: {chain}",
        )


def _trailing_zeros(values: list[Number]) -> Iterable[Number]:
    for value in reversed(values):
        if value:
            return
        yield value


def _check_extras(h: HandHistory) -> None:
    for key, value in h.extra_fields.items():
        if not isinstance(key, str) or not key:
            raise _fail("extra_fields", f"keys must be non-empty strings, got {key!r}")
        if key in _KNOWN_FIELDS:
            raise _fail(key, "is a standard field, not an extra one")
        if h.house_rules is not None and key in FRENCH_FIELDS:
            raise _fail(key, "is a house-rule field: set it in house_rules")
        _check_toml_value(key, value)


_KNOWN_FIELDS: Final = frozenset(FIELD_NAMES)
_SCALARS: Final = (str, int, float, bool, datetime.datetime, datetime.date, datetime.time)


def _check_toml_value(name: str, value: object) -> None:
    if isinstance(value, _SCALARS):
        return
    if isinstance(value, tuple):
        for i, item in enumerate(value):
            _check_toml_value(f"{name}[{i}]", item)
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise _fail(name, f"table keys must be strings, got {key!r}")
            _check_toml_value(f"{name}.{key}", item)
        return
    raise _fail(name, f"{value!r} is not a TOML value")


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, Mapping):
        return types.MappingProxyType({k: _freeze(v) for k, v in value.items()})
    return value


def _frozen_extras(extras: Mapping[str, Any]) -> Mapping[str, Any]:
    if not isinstance(extras, Mapping):
        raise _fail("extra_fields", f"must be a mapping, got {extras!r}")
    return types.MappingProxyType({k: _freeze(v) for k, v in extras.items()})


# -- reading -------------------------------------------------------------------------


def loads(text: str, *, source: str | None = None, multi: bool | None = None) -> list[HandHistory]:
    """Read PHH text: one hand (``.phh``) or several in tables (``.phhs``), in order.

    ``multi`` says which; ``None`` decides from the text (a top-level ``variant``
    means one hand). ``source`` (a file name) starts every error message.
    """
    prefix = f"{source}: " if source else ""
    document = read_subset(text)  # the usual PHH text, fast; anything else: tomllib
    if document is None:
        import tomllib  # the general reader, for the texts outside the subset only

        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise NotationError(
                gettext("{prefix}invalid TOML: {exc}").format(prefix=prefix, exc=exc)
            ) from exc
    if multi is None:
        multi = (
            "variant" not in document
            and bool(document)
            and all(isinstance(v, dict) for v in document.values())
        )
    if not multi:
        return [_hand_from_fields(document, prefix, None)]
    hands = []
    for key, table in document.items():
        if not isinstance(table, dict):
            raise NotationError(
                gettext(
                    "{prefix}{key!r} is not a hand table: a .phhs file holds only [key] tables"
                ).format(prefix=prefix, key=key)
            )
        hands.append(_hand_from_fields(table, f"{source or ''} [{key}]: ".lstrip(), key))
    return hands


def load(path: str | os.PathLike[str]) -> list[HandHistory]:
    """Read a ``.phh`` (one hand) or ``.phhs`` (several) file; other names are detected."""
    name = os.fspath(path)
    try:
        with open(name, "rb", buffering=0) as file:  # one read of the whole file
            text = file.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise NotationError(
            gettext("{name}: cannot read ({exc})").format(name=name, exc=exc)
        ) from exc
    if "\r" in text:  # newlines as a text-mode read gives them
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    multi = {".phh": False, ".phhs": True}.get(os.path.splitext(name)[1])
    return loads(text, source=name, multi=multi)


def _hand_from_fields(fields: Mapping[str, Any], prefix: str, key: str | None) -> HandHistory:
    try:
        for name in _REQUIRED_ALWAYS:
            if name not in fields:
                raise _fail(name, "required, missing")
        values: dict[str, Any] = {}
        extras: dict[str, Any] = {}
        french = fields.get("variant") in FRENCH_DRAW_CODES
        rules = {}
        for name, value in fields.items():
            if name in _KNOWN_FIELDS:
                kind = type(value)
                if kind is list and name in _ARRAYS:
                    values[name] = tuple(value)
                elif kind is not list and kind is not dict and name not in _NOT_SCALARS:
                    values[name] = value
                else:  # the actions, or a value to refuse
                    values[name] = _read_field(name, value)
            elif french and name in FRENCH_FIELDS:
                rules[name] = value
            else:
                extras[name] = value
        if french:
            values["house_rules"] = FrenchDrawRules.from_fields(rules)
        return HandHistory(**values, extra_fields=extras, key=key)
    except NotationError as exc:
        raise NotationError(f"{prefix}{exc}") from exc


def _read_field(name: str, value: Any) -> Any:
    if name == "actions":
        if not isinstance(value, list):
            raise _fail("actions", f"must be an array of strings, got {value!r}")
        parsed = PARSED_ACTIONS.get
        actions = []
        for i, text in enumerate(value):
            action = parsed(text) if type(text) is str else None  # most texts: seen before
            if action is None:
                if not isinstance(text, str):
                    raise _fail(f"actions[{i}]", f"must be a string, got {text!r}")
                try:
                    action = parse_new_action(text)
                except NotationError as exc:
                    raise _fail(f"actions[{i}]", str(exc)) from exc
            actions.append(action)
        return tuple(actions)
    if name in _ARRAYS:
        if not isinstance(value, list):
            raise _fail(name, f"must be an array, got {value!r}")
        return tuple(value)
    if isinstance(value, list | dict):
        raise _fail(name, f"must be a single value, got {value!r}")
    return value


_ARRAYS: Final = frozenset({*_PER_PLAYER, "starting_stacks"})
_NOT_SCALARS: Final = _ARRAYS | {"actions"}


# -- writing -------------------------------------------------------------------------


def _lines(hand: HandHistory) -> list[str]:
    lines = []
    for name in FIELD_NAMES:
        value = getattr(hand, name)
        if value is None:
            continue
        if name == "actions":
            if not value:
                lines.append("actions = []")
                continue
            lines.append("actions = [")
            lines.extend(f"  {toml_value(str(action))}," for action in value)
            lines.append("]")
        else:
            lines.append(f"{name} = {toml_value(value)}")
    fields: dict[str, Any] = hand.house_rules.to_fields() if hand.house_rules else {}
    fields.update(hand.extra_fields)
    lines.extend(f"{toml_key(k)} = {toml_value(v)}" for k, v in fields.items())
    return lines


def dumps(hand: HandHistory) -> str:
    """Write one hand as ``.phh`` text (standard fields in spec order, then ours).

    Actions are one per line; TOML comments of the original file are not kept.
    """
    return "\n".join(_lines(hand)) + "\n"


def dumps_many(hands: Iterable[HandHistory]) -> str:
    """Write hands as ``.phhs`` text: a table per hand, keyed by :attr:`HandHistory.key`.

    A hand without a key gets its 1-based position; keys must not repeat.
    """
    blocks = []
    seen: set[str] = set()
    for position, hand in enumerate(hands, 1):
        key = hand.key if hand.key is not None else str(position)
        if key in seen:
            raise NotationError(
                gettext("hand key {key!r} repeats: each hand of a .phhs needs its own").format(
                    key=key
                )
            )
        seen.add(key)
        blocks.append("\n".join([f"[{toml_key(key)}]", *_lines(hand)]) + "\n")
    return "\n".join(blocks)


def dump(path: str | os.PathLike[str], hands: HandHistory | Sequence[HandHistory]) -> None:
    """Write one hand (a ``.phh``) or a sequence of hands (a ``.phhs``) to ``path``."""
    text = dumps(hands) if isinstance(hands, HandHistory) else dumps_many(hands)
    Path(path).write_text(text, encoding="utf-8")


# -- amounts ---------------------------------------------------------------------------


def chip_scale(hand: HandHistory) -> int:
    """The smallest integer that makes every amount of the hand a whole number of units.

    Amounts are taken as written in decimal (``10137.5`` -> 2, ``2067.40`` -> 5);
    infinite stacks are skipped. 1 means the hand is already in whole chips.

    >>> chip_scale(loads(dumps(HandHistory(variant="NT", antes=(0, 0),
    ...     blinds_or_straddles=(1, 2), min_bet=2, starting_stacks=(100.5, 2067.4),
    ...     actions=())))[0])
    10
    """
    if _whole_chips(hand):
        return 1
    scale = 1
    for value in _amounts(hand):
        kind = type(value)
        if kind is int or (kind is float and value.is_integer()):  # type: ignore[union-attr]
            continue  # whole already (the usual case, checked first: it is cheap)
        if isinstance(value, float) and not math.isfinite(value):
            continue
        from fractions import Fraction  # a hand in fractions of a chip, the rare case

        exact = Fraction(Decimal(repr(value)) if isinstance(value, float) else value)
        scale = math.lcm(scale, exact.denominator)
    return scale


def _whole_chips(hand: HandHistory) -> bool:
    """Whether every amount of the hand is an ``int`` (the usual case, checked at C speed)."""
    amounts = [a.amount for a in hand.actions if isinstance(a, CompleteBetOrRaiseTo)]
    return _INT_OR_NONE.issuperset(
        map(
            type,
            (
                *hand.antes,
                *(hand.blinds_or_straddles or ()),
                *hand.starting_stacks,
                *(hand.finishing_stacks or ()),
                *(hand.winnings or ()),
                hand.bring_in,
                hand.small_bet,
                hand.big_bet,
                hand.min_bet,
                *amounts,
            ),
        )
    )


_INT_OR_NONE: Final = frozenset({int, type(None)})


def _amounts(hand: HandHistory) -> Iterable[Number | Decimal]:
    for name in ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings"):
        yield from getattr(hand, name) or ()
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        value = getattr(hand, name)
        if value is not None:
            yield value
    for action in hand.actions:
        if isinstance(action, CompleteBetOrRaiseTo):
            yield action.amount
