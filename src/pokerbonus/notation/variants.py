"""PHH variant codes: the standard ones and our own, with the fields each requires.

A code reads ``<structure><game>``: the first letter is the betting structure
(``F`` fixed-limit, ``N`` no-limit, ``P`` pot-limit), the rest names the game.
Every code of the game catalog (``pokerbonus.rules.catalog.CATALOG``) is here:
the codes of the PHH specification, our codes for the catalog's other games and
structures (``PCO``, ``NPI``, ``FA5L1D``, ``F5S``, ``NDBT`` ...) and the French
five-card draw's (``NFD``, ``PFD``, ``FFD``). See ``docs/phh.md``.

>>> VARIANTS["NT"].required
('antes', 'blinds_or_straddles', 'min_bet', 'starting_stacks', 'actions')
>>> VARIANTS["FFD"].name
'Fixed-limit French five-card draw'
>>> VARIANTS["N7S"].required, VARIANTS["N7S"].standard
(('antes', 'bring_in', 'min_bet', 'starting_stacks', 'actions'), False)
>>> VARIANTS["PCO/8"].name, VARIANTS["PCO/8"].game
('Pot-limit Courchevel high/low', 'courchevel-hi-lo')
>>> VARIANTS["NDBT"].name
"No-limit double-board hold'em"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from pokerbonus.rules.catalog import CATALOG, structure_of

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
    game: str | None = None
    """The game's key in ``pokerbonus.rules.catalog.CATALOG``; ``None`` for the French draw."""

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
_STRUCTURE_NAMES: Final[Mapping[str, str]] = {
    "limit": "Fixed-limit",
    "no-limit": "No-limit",
    "pot-limit": "Pot-limit",
}

# The codes of the PHH specification, with its names.
_STANDARD: Final[Mapping[str, str]] = {
    "FT": "Fixed-limit Texas hold'em",
    "NT": "No-limit Texas hold'em",
    "NS": "No-limit short-deck hold'em",
    "PO": "Pot-limit Omaha hold'em",
    "FO/8": "Fixed-limit Omaha hold'em high/low-split eight or better",
    "F7S": "Fixed-limit seven card stud",
    "F7S/8": "Fixed-limit seven card stud high/low-split eight or better",
    "FR": "Fixed-limit razz",
    "N2L1D": "No-limit deuce-to-seven lowball single draw",
    "F2L3D": "Fixed-limit deuce-to-seven lowball triple draw",
    "FB": "Fixed-limit badugi",
}


def _catalog_variants() -> list[Variant]:
    """One variant per code of the catalog: its structure, forced bets and deck."""
    out = []
    for entry in CATALOG.values():
        forced: ForcedBetKind = "bring-in" if entry.forced == "bring-in" else "blinds"
        for kind in entry.structures:
            code = entry.codes[kind]
            game = entry.build(structure_of(kind))
            name = _STANDARD.get(code, f"{_STRUCTURE_NAMES[kind]} {game.name}")
            standard = code in _STANDARD
            structure = _STRUCTURES[code[0]]
            out.append(Variant(code, name, structure, forced, game.deck_size, standard, entry.key))
    return out


_FRENCH: Final = (
    Variant("NFD", "No-limit French five-card draw", "no-limit", "blinds", None, False),
    Variant("PFD", "Pot-limit French five-card draw", "pot-limit", "blinds", None, False),
    Variant("FFD", "Fixed-limit French five-card draw", "fixed-limit", "blinds", None, False),
)
_ALL: Final = (*_catalog_variants(), *_FRENCH)

VARIANTS: Final[Mapping[str, Variant]] = {v.code: v for v in _ALL}
"""Every variant code we read and write: the catalog's and the French draw's."""

STANDARD_CODES: Final = tuple(v.code for v in _ALL if v.standard)
"""The codes of the PHH specification."""

FRENCH_DRAW_CODES: Final = ("NFD", "PFD", "FFD")
"""Our codes for the French five-card draw ("poker fermé")."""
