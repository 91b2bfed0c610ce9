"""PHH variant codes: the standard ones and our own, with the fields each requires.

A code reads ``<structure><game>``: the first letter is the betting structure
(``F`` fixed-limit, ``N`` no-limit, ``P`` pot-limit), the rest names the game.
Our own codes follow the same grammar (see ``docs/phh.md``).

>>> VARIANTS["NT"].required
('antes', 'blinds_or_straddles', 'min_bet', 'starting_stacks', 'actions')
>>> VARIANTS["FFD"].name
'Fixed-limit French five-card draw'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

__all__ = ["FRENCH_DRAW_CODES", "STANDARD_CODES", "VARIANTS", "Variant"]

Structure = Literal["fixed-limit", "no-limit", "pot-limit"]
ForcedBetKind = Literal["blinds", "bring-in"]


@dataclass(frozen=True, slots=True)
class Variant:
    """What a variant code means at the notation level."""

    code: str
    name: str
    structure: Structure
    forced_bets: ForcedBetKind
    deck_size: int | None = 52
    """Cards in the deck; ``None`` when the hand's house rules say (our French codes)."""
    standard: bool = True
    """Whether the code is in the PHH specification (else it is one of ours)."""

    @property
    def required(self) -> tuple[str, ...]:
        """The required fields besides ``variant``, in the order they are written."""
        forced = "blinds_or_straddles" if self.forced_bets == "blinds" else "bring_in"
        bets = ("small_bet", "big_bet") if self.structure == "fixed-limit" else ("min_bet",)
        return ("antes", forced, *bets, "starting_stacks", "actions")

    @property
    def not_used(self) -> tuple[str, ...]:
        """Structure fields this variant must not carry (the spec forbids mixing them)."""
        forced = "bring_in" if self.forced_bets == "blinds" else "blinds_or_straddles"
        bets = ("min_bet",) if self.structure == "fixed-limit" else ("small_bet", "big_bet")
        return (forced, *bets)


_STRUCTURES: Final[Mapping[str, Structure]] = {
    "F": "fixed-limit",
    "N": "no-limit",
    "P": "pot-limit",
}


def _v(code: str, name: str, forced: ForcedBetKind = "blinds", deck: int | None = 52) -> Variant:
    standard = not code.endswith("FD")
    return Variant(code, name, _STRUCTURES[code[0]], forced, deck, standard=standard)


_ALL: Final = (
    _v("FT", "Fixed-limit Texas hold'em"),
    _v("NT", "No-limit Texas hold'em"),
    _v("NS", "No-limit short-deck hold'em", deck=36),
    _v("PO", "Pot-limit Omaha hold'em"),
    _v("FO/8", "Fixed-limit Omaha hold'em high/low-split eight or better"),
    _v("F7S", "Fixed-limit seven card stud", "bring-in"),
    _v("F7S/8", "Fixed-limit seven card stud high/low-split eight or better", "bring-in"),
    _v("FR", "Fixed-limit razz", "bring-in"),
    _v("N2L1D", "No-limit deuce-to-seven lowball single draw"),
    _v("F2L3D", "Fixed-limit deuce-to-seven lowball triple draw"),
    _v("FB", "Fixed-limit badugi"),
    _v("NFD", "No-limit French five-card draw", deck=None),
    _v("PFD", "Pot-limit French five-card draw", deck=None),
    _v("FFD", "Fixed-limit French five-card draw", deck=None),
)

VARIANTS: Final[Mapping[str, Variant]] = {v.code: v for v in _ALL}
"""Every variant code we read and write."""

STANDARD_CODES: Final = tuple(v.code for v in _ALL if v.standard)
"""The codes of the PHH specification."""

FRENCH_DRAW_CODES: Final = ("NFD", "PFD", "FFD")
"""Our codes for the French five-card draw ("poker fermé")."""
