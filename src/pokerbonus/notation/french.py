"""The French five-card draw's house rules as user-defined PHH fields.

PHH has no code for the French draw, so we write ``NFD``/``PFD``/``FFD`` and
carry the table's house rules in underscore-prefixed fields (standard readers
ignore them). The names and values match the table configuration
(``pokerbonus.engine.config.TableConfig``); two more describe the four-card
exchange. See ``docs/phh.md``.

>>> rules = FrenchDrawRules.from_fields({"_ante": 2, "_jokers": 1})
>>> rules.ante, rules.jokers, rules.forced_bets
(2, 1, 'pot')
>>> FrenchDrawRules(max_discard=4)
Traceback (most recent call last):
...
pokerbonus.errors.NotationError: field '_max_discard': must be 3 or 5, got 4
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from pokerbonus.cards import DECK_SIZES
from pokerbonus.errors import NotationError

__all__ = [
    "FRENCH_FIELDS",
    "SURBLIND_DEPTHS",
    "FourthCard",
    "FrenchDrawRules",
    "HandForcedBets",
    "SurblindDepth",
]

HandForcedBets = Literal["pot", "blind"]
FourthCard = Literal["deferred", "immediate"]
SurblindDepth = Literal["surblind", "overblind", "unlimited"]
SURBLIND_DEPTHS: Final[Mapping[SurblindDepth, int | None]] = {
    "surblind": 1,
    "overblind": 2,
    "unlimited": None,
}
"""``_surblind_depth`` values and the number of doublings each allows (``None``: any)."""
_Ranking = Literal["modern", "archaic"]
_Shuffle = Literal["every-hand", "cut-only"]


@dataclass(frozen=True, slots=True, kw_only=True)
class FrenchDrawRules:
    """House rules of a French draw hand; each is written as the field ``_<name>``.

    Defaults are the rule book's (RULES.md section 5). ``deck_size`` ``None``
    means the default deck for the number of players (RULES.md section 1).
    """

    forced_bets: HandForcedBets = "pot"
    """How this hand was started: ``"pot"`` (everyone antes) or ``"blind"``."""
    ante: int = 1
    """The ante of a pot deal (each player's entry in ``antes``)."""
    blind: int = 2
    """The blind of a blind deal (``blinds_or_straddles[0]``)."""
    surblind: bool = True
    """Whether the next players may double the blind (surblind, overblind, ...)."""
    surblind_depth: SurblindDepth = "unlimited"
    """How deep the surblind chain may go: ``surblind`` (one doubling), ``overblind``
    (two) or ``unlimited``."""
    buy_pot: bool = False
    """Whether the player left of the dealer may buy (double) the pot in a pot deal."""
    deck_size: int | None = None
    jokers: int = 0
    wheel: bool = True
    ranking: _Ranking = "modern"
    max_discard: int = 3
    """3: at most three cards, one player per hand may take four; 5: anyone up to five."""
    fourth_card: FourthCard = "deferred"
    """A four-card exchange: ``"deferred"`` (three now, the fourth after everyone
    else is served) or ``"immediate"`` (all four at once, a house variant)."""
    fourth_card_burn: bool = True
    """With a deferred fourth card and its player served last: burn one card first."""
    shuffle: _Shuffle = "every-hand"
    house_dealer: bool = False
    """Whether a house dealer who does not play deals (the last player holds the
    dealer button, RULES.md section 5)."""
    kill_blind: int = 0
    """A kill hand of a blind deal (RULES.md section 8): the kill blind, posted by
    the player whose ``blinds_or_straddles`` entry it is (0: no kill)."""

    def __post_init__(self) -> None:
        _choice("forced_bets", self.forced_bets, get_args(HandForcedBets))
        _int("ante", self.ante, 1)
        _int("blind", self.blind, 1)
        _choice("surblind_depth", self.surblind_depth, get_args(SurblindDepth))
        _int("kill_blind", self.kill_blind, 0)
        if self.kill_blind and self.forced_bets != "blind":
            raise _fail("kill_blind", "a kill blind is posted in a blind deal only")
        for name in ("surblind", "buy_pot", "wheel", "fourth_card_burn", "house_dealer"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise _fail(name, f"must be true or false, got {value!r}")
        if self.deck_size is not None:
            _int("deck_size", self.deck_size, 0)
            if self.deck_size not in DECK_SIZES:
                raise _fail("deck_size", f"must be one of {DECK_SIZES}, got {self.deck_size}")
        _int("jokers", self.jokers, 0, 2)
        _choice("ranking", self.ranking, get_args(_Ranking))
        _int("max_discard", self.max_discard, 0)
        if self.max_discard not in (3, 5):
            raise _fail("max_discard", f"must be 3 or 5, got {self.max_discard}")
        _choice("fourth_card", self.fourth_card, get_args(FourthCard))
        _choice("shuffle", self.shuffle, get_args(_Shuffle))

    @classmethod
    def from_fields(cls, fields: Mapping[str, Any]) -> FrenchDrawRules:
        """Build from PHH fields (``_ante`` ...); missing ones take their default.

        Keys that are not house-rule fields are ignored (the caller keeps them).
        """
        values = {name: fields[key] for key, name in FRENCH_FIELDS.items() if key in fields}
        return cls(**values)

    def to_fields(self) -> dict[str, Any]:
        """The PHH fields, every rule written (``_deck_size`` only when set; the
        rules added later, ``_surblind_depth``, ``_house_dealer`` and ``_kill_blind``,
        only when they differ from their default, so a record without them is unchanged).

        >>> list(FrenchDrawRules().to_fields())[:3]
        ['_forced_bets', '_ante', '_blind']
        >>> FrenchDrawRules(surblind_depth="overblind").to_fields()["_surblind_depth"]
        'overblind'
        """
        out: dict[str, Any] = {}
        for key, name in FRENCH_FIELDS.items():
            value = getattr(self, name)
            if value is None or (name in _WHEN_SET and value == _WHEN_SET[name]):
                continue
            out[key] = value
        return out


_WHEN_SET: Final[Mapping[str, object]] = {
    "surblind_depth": "unlimited",
    "house_dealer": False,
    "kill_blind": 0,
}
"""Fields written only when they differ from these defaults (see ``to_fields``)."""


FRENCH_FIELDS: Final[Mapping[str, str]] = {
    "_" + f.name: f.name for f in dataclasses.fields(FrenchDrawRules)
}
"""PHH field name -> :class:`FrenchDrawRules` attribute."""


def _fail(name: str, why: str) -> NotationError:
    return NotationError(f"field '_{name}': {why}")


def _choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        listed = ", ".join(repr(c) for c in choices)
        raise _fail(name, f"must be one of {listed}, got {value!r}")


def _int(name: str, value: object, low: int, high: int | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(name, f"must be an integer, got {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f"at least {low}"
        raise _fail(name, f"must be {bound}, got {value}")
