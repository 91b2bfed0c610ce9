"""The table settings of dealer mode (RULES.md section 9): every knob, validated.

:class:`DealerSettings` holds the seats, the ante of the table pot, the bet
against the bank, the play multiple, the paid switch and its fee, the dealer's
qualifier (:class:`Qualifier`) and the play wager's paytable
(:class:`Paytable`). Each value is checked when the settings are made; a bad
one raises :class:`~pokerbonus.errors.ConfigurationError` naming the field and
why, and nothing is made. :meth:`DealerSettings.build` reads the same fields
from plain data (a TOML file, the setup screen, the command line).

>>> s = DealerSettings()
>>> s.bet, s.play, s.fee, s.qualifier.code, s.paytable.flush
(5, 10, 5, 'AK', 4)
>>> DealerSettings(play_multiple=0)
Traceback (most recent call last):
...
pokerbonus.errors.ConfigurationError: play_multiple: must be an integer from 1 to 10, got 0
>>> Qualifier("65")
Traceback (most recent call last):
...
pokerbonus.errors.ConfigurationError: qualifier: no high-card hand has 6 and 5 as its two top \
cards (6 5 4 3 2 is a straight)
"""

from __future__ import annotations

import itertools
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from pokerbonus.errors import ConfigurationError
from pokerbonus.hands import Category, HandValue, evaluate
from pokerbonus.hands.describe import rank_words
from pokerbonus.i18n import current_language, gettext

__all__ = [
    "DEFAULT_PAYTABLE",
    "MAX_PLAYERS",
    "PAYTABLE_HANDS",
    "RULES_VERSION",
    "SETTING_KEYS",
    "DealerSettings",
    "Paytable",
    "Qualifier",
    "read_toml",
]

MAX_PLAYERS: Final = 5
RULES_VERSION: Final = 2
"""The dealer-mode rules a stored session was played under (1: the first design,
free exchange and no qualifier, no longer dealt)."""

PAYTABLE_HANDS: Final = (
    "high_card", "pair", "two_pair", "trips", "straight", "flush", "full_house", "quads",
    "straight_flush", "royal_flush",
)  # fmt: skip
"""The hands of the play wager's paytable, weakest first (``royal_flush`` apart
from the other straight flushes)."""

MAX_PAY: Final = 10_000
_RANKS: Final = "23456789TJQKA"
_ROYAL: Final = 7462  # the `high` rank of a royal flush


def _whole(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` if it is an integer in ``low..high``, else a clear error."""
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        message = (
            gettext("{name}: must be an integer from {low} to {high}, got {value!r}")
            if high is not None
            else gettext("{name}: must be an integer >= {low}, got {value!r}")
        )
        raise ConfigurationError(message.format(name=name, low=low, high=high, value=value))
    return value


@dataclass(frozen=True, slots=True)
class Paytable:
    """What the play wager pays when the player's hand beats a qualifying dealer,
    by the player's hand, each "to 1" (RULES.md section 9).

    The default is the classic casino table with the straight, the flush and
    the full house one lower each (3, 4, 6 instead of 4, 5, 7): with the paid
    switch those hands are easier to make, and the rule book's table returned
    99.13% (exact), above the 96-99% the rules ask for; see docs/dealer.md.

    >>> Paytable().pays(evaluate("As Ks Qs Js Ts")), Paytable().pays(evaluate("Ah Ad 7c 5s 2d"))
    (100, 1)
    >>> Paytable.parse("straight=4, flush=5").straight
    4
    """

    high_card: int = 1
    pair: int = 1
    two_pair: int = 2
    trips: int = 3
    straight: int = 3
    flush: int = 4
    full_house: int = 6
    quads: int = 20
    straight_flush: int = 50
    royal_flush: int = 100

    def __post_init__(self) -> None:
        for name in PAYTABLE_HANDS:
            _whole(f"paytable: {name}", getattr(self, name), 0, MAX_PAY)  # the key, not words

    def as_tuple(self) -> tuple[int, ...]:
        """The ten pays, in :data:`PAYTABLE_HANDS` order."""
        return tuple(getattr(self, name) for name in PAYTABLE_HANDS)

    def to_dict(self) -> dict[str, int]:
        """The pays by hand name."""
        return dict(zip(PAYTABLE_HANDS, self.as_tuple(), strict=True))

    def pays(self, value: HandValue) -> int:
        """The "to 1" the play wager pays for a winning hand worth ``value``."""
        if value.rank == _ROYAL:
            return self.royal_flush
        category = value.category
        if category is None or category > Category.STRAIGHT_FLUSH:
            raise ConfigurationError(
                gettext("paytable: no pay for {hand}").format(hand=value.describe())
            )
        return int(getattr(self, PAYTABLE_HANDS[int(category)]))

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], base: Paytable | None = None) -> Paytable:
        """A paytable from ``{hand: pays}``; the hands not named keep ``base``'s
        pays (default: :data:`DEFAULT_PAYTABLE`)."""
        unknown = sorted(set(data) - set(PAYTABLE_HANDS))
        if unknown:
            raise ConfigurationError(
                gettext("paytable: unknown hand {hand!r} (expected {expected})").format(
                    hand=unknown[0], expected=", ".join(PAYTABLE_HANDS)
                )
            )
        start = (base or DEFAULT_PAYTABLE).to_dict()
        start.update(data)
        return cls(**start)

    @classmethod
    def parse(cls, text: str, base: Paytable | None = None) -> Paytable:
        """A paytable from ``hand=pays`` pairs separated by commas (``"flush=5,
        full_house=7"``); the hands not named keep ``base``'s pays."""
        data: dict[str, int] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            key, eq, value = item.partition("=")
            if not eq or not value.strip().lstrip("-").isdigit():
                raise ConfigurationError(
                    gettext("paytable: {item!r} is not hand=pays (e.g. flush=4)").format(item=item)
                )
            data[key.strip()] = int(value)
        return cls.from_mapping(data, base)


DEFAULT_PAYTABLE: Final = Paytable()
"""The default play-wager paytable (see :class:`Paytable`)."""


@dataclass(frozen=True, slots=True)
class Qualifier:
    """The weakest hand with which the dealer qualifies.

    ``code``: ``"none"`` (he always qualifies), one or two ranks of a high-card
    hand (``"AK"``, the default: ace-king high or better; ``"A"``; ``"KQ"``), or
    a pair (``"44"``: a pair of fours or better).

    >>> q = Qualifier("AK")
    >>> q.text, q.qualifies(evaluate("As Kd 4c 3h 2s")), q.qualifies(evaluate("As Qd Jc 3h 2s"))
    ('ace-king high or better', True, False)
    >>> Qualifier("44").text
    'a pair of fours or better'
    """

    code: str = "AK"
    value: int = field(init=False, compare=False, repr=False)
    """The lowest ``high`` rank (1..7462) that qualifies (1: every hand)."""

    def __post_init__(self) -> None:
        if not isinstance(self.code, str):
            raise ConfigurationError(
                gettext("qualifier: must be text such as 'AK', got {code!r}").format(code=self.code)
            )
        code = self.code.strip().upper()
        code = "none" if code in ("NONE", "") else code
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "value", _threshold(code))

    @property
    def text(self) -> str:
        """The qualifier in words, in the current language."""
        code = self.code
        if code == "none":
            return gettext("any hand (the dealer always qualifies)")
        words = rank_words(current_language())
        ranks = [_RANKS.index(c) for c in code]
        if len(ranks) == 2 and ranks[0] == ranks[1]:
            # Translators: {of_plural} is 'of' and a rank in the plural ("of fours",
            # « de quatre », « d'as »).
            return gettext("a pair {of_plural} or better").format(
                of_plural=words.of_plural[ranks[0]]
            )
        listed = words.separator.join(words.name[r] for r in ranks)
        # Translators: {ranks} lists one or two ranks ("ace-king"; French « as, roi »).
        return gettext("{ranks} high or better").format(ranks=listed)

    def qualifies(self, value: HandValue) -> bool:
        """Whether the dealer's hand ``value`` qualifies."""
        return value.rank >= self.value


def _rate(ranks: tuple[int, ...]) -> int:
    """The ``high`` rank of five cards of these ranks (suits c d h s c in rank
    order: never a flush, and the two cards of a pair differ)."""
    return evaluate([4 * r + i % 4 for i, r in enumerate(sorted(ranks))]).rank


def _threshold(code: str) -> int:
    """:attr:`Qualifier.value` of a normalised code."""
    if code == "none":
        return 1
    if any(c not in _RANKS for c in code) or not 1 <= len(code) <= 2:
        raise ConfigurationError(
            gettext(
                "qualifier: {code!r} is not a qualifier (none, a high card such as AK or A, or "
                "a pair such as 44)"
            ).format(code=code)
        )
    ranks = [_RANKS.index(c) for c in code]
    if len(ranks) == 2 and ranks[0] == ranks[1]:
        pair = ranks[0]
        others = [r for r in range(13) if r != pair]
        return min(_rate((pair, pair, *kickers)) for kickers in itertools.combinations(others, 3))
    if len(ranks) == 2 and ranks[0] < ranks[1]:
        raise ConfigurationError(
            gettext("qualifier: write the higher rank first ({wanted!r}, not {code!r})").format(
                wanted=code[::-1], code=code
            )
        )
    found = [
        rated
        for low in itertools.combinations(range(ranks[-1]), 5 - len(ranks))
        if (rated := _rate((*ranks, *low))) < 1278  # a high-card hand, not a straight
    ]
    if not found:
        straight = " ".join(_RANKS[r] for r in range(ranks[0], ranks[0] - 5, -1))
        message = (
            gettext(
                "qualifier: no high-card hand has {first} and {second} as its two top cards "
                "({straight} is a straight)"
            )
            if len(ranks) == 2
            else gettext(
                "qualifier: no high-card hand has {first} as its top card ({straight} is a "
                "straight)"
            )
        )
        raise ConfigurationError(
            message.format(first=_RANKS[ranks[0]], second=_RANKS[ranks[-1]], straight=straight)
        )
    return min(found)


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The entries of a TOML file: those under ``[dealer]`` if it has that table,
    else the top level (a clear error for a file that cannot be read)."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigurationError(
            gettext("config: cannot read {path!r} ({exc})").format(path=os.fspath(path), exc=exc)
        ) from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigurationError(gettext("config: invalid TOML ({exc})").format(exc=exc)) from exc
    section = data.get("dealer")
    return dict(section) if isinstance(section, dict) else data


def _qualifier(value: Qualifier | str) -> Qualifier:
    return value if isinstance(value, Qualifier) else Qualifier(value)


def _paytable(value: Paytable | Mapping[str, Any] | str) -> Paytable:
    if isinstance(value, Paytable):
        return value
    if isinstance(value, str):
        return Paytable.parse(value)
    if isinstance(value, Mapping):
        return Paytable.from_mapping(value)
    raise ConfigurationError(
        gettext("paytable: a table or hand=pays text, got {value!r}").format(value=value)
    )


SETTING_KEYS: Final = (
    "players", "ante", "bet", "play_multiple", "switch", "switch_fee", "qualifier",
    "paytable", "cave",
)  # fmt: skip
"""The fields of :class:`DealerSettings`, as plain data names them."""


@dataclass(frozen=True, slots=True)
class DealerSettings:
    """Every knob of a dealer-mode table (RULES.md section 9).

    - ``players``: 1..5 seats (default 3: the person and two computer players);
    - ``ante``: each player's ante into the table pot (default 1);
    - ``bet``: the ante wager against the bank (default 5);
    - ``play_multiple``: the play wager is this many bets (default 2);
    - ``switch``: whether a player may exchange one card (default yes), for a
      ``switch_fee`` in chips lost to the bank (default: equal to the bet);
    - ``qualifier``: the dealer's weakest qualifying hand (default ``"AK"``);
    - ``paytable``: what the play wager pays, by hand (:class:`Paytable`);
    - ``cave``: the chips bought on sitting down or rebuying.

    A player is dealt in only with chips for the most a hand can take: ante,
    bet, play wager and switch fee (:attr:`most`).
    """

    players: int = 3
    ante: int = 1
    bet: int = 5
    play_multiple: int = 2
    switch: bool = True
    switch_fee: int | None = None
    qualifier: Qualifier = field(default_factory=Qualifier)
    paytable: Paytable = DEFAULT_PAYTABLE
    cave: int = 100

    def __post_init__(self) -> None:
        _whole("players", self.players, 1, MAX_PLAYERS)
        _whole("ante", self.ante, 1, 1_000_000)
        _whole("bet", self.bet, 1, 1_000_000)
        _whole("play_multiple", self.play_multiple, 1, 10)
        if not isinstance(self.switch, bool):
            raise ConfigurationError(
                gettext("switch: must be true or false, got {switch!r}").format(switch=self.switch)
            )
        fee = self.bet if self.switch_fee is None else self.switch_fee
        _whole("switch_fee", fee, 0, 10 * self.bet)
        object.__setattr__(self, "switch_fee", fee)
        object.__setattr__(self, "qualifier", _qualifier(self.qualifier))
        object.__setattr__(self, "paytable", _paytable(self.paytable))
        _whole("cave", self.cave, 1)
        if self.cave < self.most:
            message = (
                gettext(
                    "cave: {cave} chips do not cover one hand (ante {ante} + bet {bet} + play "
                    "{play} + switch fee {fee} = {most})"
                )
                if self.fee
                else gettext(
                    "cave: {cave} chips do not cover one hand (ante {ante} + bet {bet} + play "
                    "{play} = {most})"
                )
            )
            raise ConfigurationError(
                message.format(
                    cave=self.cave, ante=self.ante, bet=self.bet, play=self.play, fee=self.fee,
                    most=self.most,
                )
            )  # fmt: skip

    @property
    def play(self) -> int:
        """The play wager in chips: ``play_multiple`` times the bet."""
        return self.play_multiple * self.bet

    @property
    def fee(self) -> int:
        """The switch fee in chips (0 when the table plays without the switch)."""
        return int(self.switch_fee or 0) if self.switch else 0

    @property
    def stake(self) -> int:
        """Chips each player puts up before the deal: the ante and the bet."""
        return self.ante + self.bet

    @property
    def most(self) -> int:
        """The most chips a hand can take from a player: ante, bet, play wager and fee."""
        return self.ante + self.bet + self.play + self.fee

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain data (``game``: ``"dealer"``, ``rules``: the rules version)."""
        return {
            "game": "dealer",
            "rules": RULES_VERSION,
            "players": self.players,
            "ante": self.ante,
            "bet": self.bet,
            "play_multiple": self.play_multiple,
            "switch": self.switch,
            "switch_fee": self.switch_fee,
            "qualifier": self.qualifier.code,
            "paytable": self.paytable.to_dict(),
            "cave": self.cave,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealerSettings:
        """Settings from :meth:`to_dict`'s form. A session stored under the first
        rules (no ``rules`` field) is refused with a message saying so."""
        if data.get("game", "dealer") != "dealer":
            raise ConfigurationError(
                gettext("game: must be 'dealer', got {game!r}").format(game=data["game"])
            )
        if data.get("rules") != RULES_VERSION:
            raise ConfigurationError(
                gettext(
                    "rules: this session was played under the first dealer-mode rules (free "
                    "exchange, no qualifier, even money and a bonus table), which this version "
                    "no longer deals; it stays in the history, but it cannot be resumed: start "
                    "a new dealer session"
                )
            )
        return cls.build({k: v for k, v in data.items() if k not in ("game", "rules")})

    @classmethod
    def build(cls, data: Mapping[str, Any]) -> DealerSettings:
        """Settings from plain data with the names of :data:`SETTING_KEYS` (missing
        ones keep their default; ``switch_fee`` defaults to the bet; ``paytable`` a
        table or ``hand=pays`` text over the default). Unknown names are refused."""
        unknown = sorted(set(data) - set(SETTING_KEYS))
        if unknown:
            message = (
                gettext("{name}: not a dealer-mode setting (now called bet) (expected {expected})")
                if unknown[0] == "wager"
                else gettext("{name}: not a dealer-mode setting (expected {expected})")
            )
            raise ConfigurationError(
                message.format(name=unknown[0], expected=", ".join(SETTING_KEYS))
            )
        return cls(**{k: v for k, v in data.items() if v is not None})

    @classmethod
    def from_toml(cls, path: str | os.PathLike[str]) -> DealerSettings:
        """Settings from a TOML file (:func:`read_toml`); every entry must be a setting."""
        return cls.build(read_toml(path))

    def rtp_key(self) -> tuple[Any, ...]:
        """What the return to player depends on: the bet, play wager and fee in
        chips, the switch, the qualifier's value and the paytable."""
        return (self.bet, self.play, self.fee, self.switch, self.qualifier.value,
                self.paytable.as_tuple())  # fmt: skip
