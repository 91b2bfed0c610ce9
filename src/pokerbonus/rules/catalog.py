"""Every game of the rule book as data (RULES.md section 8): hold'em and its
relatives (double-board hold'em too), Omaha-style games, the draw games played
for low, badugi, and the stud games (five-card stud, seven-card stud high, razz,
seven-card stud eight-or-better).

Each game is a :class:`~pokerbonus.rules.games.GameDef` built by a small
function taking the betting structure (and the mode where the rule book offers
high or high/low). :data:`CATALOG` lists every game with a one-line description,
the PHH variant code of each structure (the standard code, or ours: see
``docs/replay.md``), its forced bets and its rules page under ``docs/games/``.

>>> game = holdem()
>>> [s.kind for s in game.steps]
['post', 'deal', 'bet', 'deal', 'bet', 'deal', 'bet', 'deal', 'bet', 'showdown']
>>> omaha(hi_lo=True).rule.mode, omaha().rule.hole_cards
('high/low', 2)
>>> CATALOG["razz"].name, CATALOG["razz"].stakes()
('Razz', Stakes(ante=1, ...bring_in=1...))
>>> CATALOG["holdem"].codes["no-limit"], game_for_code("FO/8").name
('NT', 'Omaha high/low')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import N_
from pokerbonus.rules.betting import NO_LIMIT, POT_LIMIT, BettingKind, BettingStructure, limit
from pokerbonus.rules.games import (
    BettingRound,
    Deal,
    Discard,
    Draw,
    GameDef,
    HandRule,
    PostForcedBets,
    Showdown,
    Stakes,
    Step,
)

__all__ = [
    "CATALOG",
    "DEFAULT_LIMIT",
    "GameEntry",
    "ace_to_five_draw",
    "aviation",
    "badugi",
    "courchevel",
    "crazy_pineapple",
    "deuce_to_seven_single_draw",
    "deuce_to_seven_triple_draw",
    "double_board_holdem",
    "five_card_stud",
    "game_for_code",
    "holdem",
    "irish",
    "omaha",
    "pineapple",
    "razz",
    "seven_card_stud",
    "short_deck_holdem",
    "structure_of",
    "stud_hi_lo",
]

DEFAULT_LIMIT: Final = limit(2, 4)
"""The limit structure of the catalog's defaults: small bet 2, big bet 4 (blinds 1/2)."""


def structure_of(kind: BettingKind, small_bet: int = 2, big_bet: int = 4) -> BettingStructure:
    """The structure of ``kind``; limit games use ``small_bet``/``big_bet``.

    >>> structure_of("limit", 10, 20).bet_size("big")
    20
    """
    if kind == "no-limit":
        return NO_LIMIT
    if kind == "pot-limit":
        return POT_LIMIT
    if kind == "limit":
        return limit(small_bet, big_bet)
    raise ConfigurationError(f"betting kind: must be no-limit, pot-limit or limit, got {kind!r}")


def _board_streets(first_flop: int = 3) -> tuple[Step, ...]:
    """Flop (burn, ``first_flop`` cards), turn and river, with a betting round after each:
    small bets on the flop, big bets on the turn and the river."""
    return (
        Deal(first_flop, "board", burn=True),
        BettingRound("small"),
        Deal(1, "board", burn=True),
        BettingRound("big"),
        Deal(1, "board", burn=True),
        BettingRound("big"),
        Showdown(),
    )


def holdem(structure: BettingStructure = NO_LIMIT) -> GameDef:
    """Texas hold'em: two hole cards, five board cards, best five of seven.

    Use ``Stakes(ante=0, blinds=(1, 2))`` (heads-up, the button posts the small
    blind and acts first pre-flop), ``straddle=True`` for the straddle.
    """
    return GameDef(
        name="Texas hold'em",
        steps=(PostForcedBets(), Deal(2), BettingRound("small", "forced"), *_board_streets()),
        rule=HandRule("high"),
        structure=structure,
        max_players=10,
    )


def short_deck_holdem(structure: BettingStructure = NO_LIMIT) -> GameDef:
    """Short-deck hold'em (PHH ``NS``): 36 cards (6 to A), a flush beats a full
    house, three of a kind ranks below a straight, ``A 6 7 8 9`` is the lowest straight."""
    return GameDef(
        name="short-deck hold'em",
        steps=(PostForcedBets(), Deal(2), BettingRound("small", "forced"), *_board_streets()),
        rule=HandRule("shortdeck"),
        structure=structure,
        deck_size=36,
        max_players=9,
    )


def double_board_holdem(structure: BettingStructure = NO_LIMIT) -> GameDef:
    """Double-board hold'em: two hole cards and two boards of five cards (a burn
    before each board deal: first board, then second board, on each street); each
    board's best high hand wins half of each pot, the odd chip going to the first
    board's half."""
    streets: list[Step] = []
    for count, size in ((3, "small"), (1, "big"), (1, "big")):
        streets += [Deal(count, "board", burn=True), Deal(count, "board", burn=True, board=1)]
        streets.append(BettingRound(size))  # type: ignore[arg-type]
    return GameDef(
        name="double-board hold'em",
        steps=(PostForcedBets(), Deal(2), BettingRound("small", "forced"), *streets, Showdown()),
        rule=HandRule("high"),
        structure=structure,
        max_players=10,
        boards=2,
    )


def _omaha_rule(hi_lo: bool) -> HandRule:
    return HandRule("high", "low8" if hi_lo else None, hole_cards=2)


def omaha(structure: BettingStructure = POT_LIMIT, *, hi_lo: bool = False) -> GameDef:
    """Omaha: four hole cards; a hand is exactly two hole cards and three board
    cards; high, or high/low eight-or-better (``hi_lo``)."""
    return GameDef(
        name="Omaha high/low" if hi_lo else "Omaha",
        steps=(PostForcedBets(), Deal(4), BettingRound("small", "forced"), *_board_streets()),
        rule=_omaha_rule(hi_lo),
        structure=structure,
        max_players=10,
    )


def aviation(structure: BettingStructure = POT_LIMIT) -> GameDef:
    """Aviation: four hole cards, five board cards, played with the Omaha hand rule
    (two hole cards and three board cards)."""
    return GameDef(
        name="Aviation",
        steps=(PostForcedBets(), Deal(4), BettingRound("small", "forced"), *_board_streets()),
        rule=_omaha_rule(False),
        structure=structure,
        max_players=10,
    )


def courchevel(structure: BettingStructure = POT_LIMIT, *, hi_lo: bool = False) -> GameDef:
    """Courchevel: five hole cards; the first flop card is dealt face up before the
    first betting round (after a burn), the other two flop cards after it; Omaha
    hand rule (exactly two hole cards); high or high/low eight-or-better."""
    steps: tuple[Step, ...] = (
        PostForcedBets(),
        Deal(5),
        Deal(1, "board", burn=True),
        BettingRound("small", "forced"),
        *_board_streets(first_flop=2),
    )
    return GameDef(
        name="Courchevel high/low" if hi_lo else "Courchevel",
        steps=steps,
        rule=_omaha_rule(hi_lo),
        structure=structure,
        max_players=8,
    )


def irish(structure: BettingStructure = POT_LIMIT) -> GameDef:
    """Irish: four hole cards; after the flop betting round each player still in
    discards two, and the hand goes on as hold'em (best five of seven)."""
    return GameDef(
        name="Irish",
        steps=(
            PostForcedBets(),
            Deal(4),
            BettingRound("small", "forced"),
            Deal(3, "board", burn=True),
            BettingRound("small"),
            Discard(2),
            *_board_streets()[2:],
        ),
        rule=HandRule("high"),
        structure=structure,
        max_players=10,
    )


def pineapple(structure: BettingStructure = NO_LIMIT) -> GameDef:
    """Pineapple: three hole cards; after the pre-flop betting round, before the
    flop, each player still in discards one; then hold'em."""
    return GameDef(
        name="Pineapple",
        steps=(
            PostForcedBets(),
            Deal(3),
            BettingRound("small", "forced"),
            Discard(1),
            *_board_streets(),
        ),
        rule=HandRule("high"),
        structure=structure,
        max_players=10,
    )


def crazy_pineapple(structure: BettingStructure = NO_LIMIT) -> GameDef:
    """Crazy Pineapple: three hole cards; the discard of one comes after the flop
    betting round; then hold'em."""
    return GameDef(
        name="Crazy Pineapple",
        steps=(
            PostForcedBets(),
            Deal(3),
            BettingRound("small", "forced"),
            Deal(3, "board", burn=True),
            BettingRound("small"),
            Discard(1),
            *_board_streets()[2:],
        ),
        rule=HandRule("high"),
        structure=structure,
        max_players=10,
    )


def _draw_game(
    name: str, rule: HandRule, structure: BettingStructure, draws: int, cards: int = 5
) -> GameDef:
    """A blind draw game: ``cards`` private cards, ``draws`` draws of up to all of
    them, a betting round before and after each; in limit the last half of the
    rounds use the big bet (single draw: small then big; triple: small, small, big, big)."""
    rounds = draws + 1
    steps: list[Step] = [PostForcedBets(), Deal(cards), BettingRound("small", "forced")]
    for k in range(1, rounds):
        steps.append(Draw(cards, four_card_exchange=False))
        steps.append(BettingRound("big" if 2 * k >= rounds else "small"))
    steps.append(Showdown())
    return GameDef(name=name, steps=tuple(steps), rule=rule, structure=structure, max_players=6)


def ace_to_five_draw(structure: BettingStructure = DEFAULT_LIMIT) -> GameDef:
    """Ace-to-five lowball (California lowball): five cards, one draw, played for
    the ace-to-five low (straights and flushes do not count; best ``5 4 3 2 A``)."""
    return _draw_game("ace-to-five lowball draw", HandRule(None, "a5"), structure, 1)


def deuce_to_seven_single_draw(structure: BettingStructure = NO_LIMIT) -> GameDef:
    """Deuce-to-seven lowball (Kansas City), single draw: ace high only, straights
    and flushes count against the hand; best ``7 5 4 3 2`` unsuited."""
    return _draw_game("deuce-to-seven single draw", HandRule(None, "27"), structure, 1)


def deuce_to_seven_triple_draw(structure: BettingStructure = DEFAULT_LIMIT) -> GameDef:
    """Deuce-to-seven lowball, triple draw: three draws and four betting rounds."""
    return _draw_game("deuce-to-seven triple draw", HandRule(None, "27"), structure, 3)


def badugi(structure: BettingStructure = DEFAULT_LIMIT) -> GameDef:
    """Badugi: four cards, three draws; the best hand has four different suits and
    four different ranks, as low as possible (ace low; best ``4 3 2 A`` rainbow)."""
    return _draw_game("badugi", HandRule(None, "badugi"), structure, 3, cards=4)


def _stud(name: str, rule: HandRule, structure: BettingStructure, cards: int) -> GameDef:
    """A stud game of ``cards`` (5 or 7) cards: the first round after two cards
    down and one up (five-card stud: one down, one up) opened by the bring-in, then
    one card per street (face up, the last of seven-card stud face down), each street
    opened by the best hand showing; limit bets small, small, then big. A burn
    before each street after the first. Seven-card stud: if the stub cannot give
    every player still in a last card, one shared card is dealt face up instead."""
    steps: list[Step] = [
        PostForcedBets(),
        Deal(cards - 5 if cards == 7 else 1),
        Deal(1, "up"),
        BettingRound("small", "bring-in"),
    ]
    for street in range(2, cards - 1 if cards == 7 else cards):
        last = cards == 7 and street == 5
        steps.append(Deal(1, "down" if last else "up", burn=True, board_if_short=last))
        steps.append(BettingRound("small" if street == 2 else "big", "showing"))
    steps.append(Showdown())
    return GameDef(name=name, steps=tuple(steps), rule=rule, structure=structure, max_players=8)


def five_card_stud(structure: BettingStructure = DEFAULT_LIMIT) -> GameDef:
    """Five-card stud: one card down and one up, then three more up, a betting round
    after each up card; best five cards high."""
    return _stud("five-card stud", HandRule("high"), structure, 5)


def seven_card_stud(structure: BettingStructure = DEFAULT_LIMIT) -> GameDef:
    """Seven-card stud high: two down and one up, three more up, one down; five
    betting rounds; best five of seven."""
    return _stud("seven-card stud", HandRule("high"), structure, 7)


def razz(structure: BettingStructure = DEFAULT_LIMIT) -> GameDef:
    """Razz: seven-card stud played for the ace-to-five low (best ``5 4 3 2 A``);
    the highest up card brings in, the lowest hand showing opens later rounds."""
    return _stud("Razz", HandRule(None, "a5"), structure, 7)


def stud_hi_lo(structure: BettingStructure = DEFAULT_LIMIT) -> GameDef:
    """Seven-card stud eight-or-better: the best high hand and the best qualifying
    low (five different ranks eight or lower) split each pot, the odd chip to the
    high half; no qualifying low: the high hand takes all."""
    return _stud("seven-card stud eight-or-better", HandRule("high", "low8"), structure, 7)


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game of the catalog.

    ``build(structure)`` returns its :class:`GameDef`; ``structures`` the betting
    structures the rule book names for it (the first is the default); ``codes``
    the PHH variant code of each (standard PHH, or ours in the same grammar);
    ``forced`` the kind of forced bets (``blinds``, or ``bring-in`` for stud:
    antes and a bring-in); ``page`` its rules page; :meth:`stakes` default stakes.
    """

    key: str
    name: str
    description: str
    build: Callable[[BettingStructure], GameDef]
    structures: tuple[BettingKind, ...]
    codes: Mapping[str, str]
    forced: Literal["blinds", "bring-in", "antes"] = "blinds"

    def stakes(self, unit: int = 1) -> Stakes:
        """Default forced bets, in chips of ``unit``: blinds ``unit``/``2 * unit``;
        stud: an ante and a bring-in of ``unit`` each (with the limit 2/4 of
        :data:`DEFAULT_LIMIT`: ante 1, bring-in 1, bets 2 and 4)."""
        if self.forced == "bring-in":
            return Stakes(ante=unit, bring_in=unit)
        return Stakes(ante=0, blinds=(unit, 2 * unit))

    @property
    def page(self) -> str:
        """The game's rules page, relative to the repository root."""
        return f"docs/games/{self.key}.md"

    def game(
        self, kind: BettingKind | None = None, small_bet: int = 2, big_bet: int = 4
    ) -> GameDef:
        """The game with the betting structure ``kind`` (default: the first listed)."""
        kind = kind or self.structures[0]
        if kind not in self.structures:
            raise ConfigurationError(
                f"structure: {self.name} is played {', '.join(self.structures)}, not {kind}"
            )
        return self.build(structure_of(kind, small_bet, big_bet))


def _codes(game: str, *kinds: BettingKind) -> dict[str, str]:
    letter = {"limit": "F", "no-limit": "N", "pot-limit": "P"}
    return {kind: letter[kind] + game for kind in kinds}


_ALL_KINDS: Final[tuple[BettingKind, ...]] = ("no-limit", "pot-limit", "limit")
_PL_FIRST: Final[tuple[BettingKind, ...]] = ("pot-limit", "limit", "no-limit")
_L_FIRST: Final[tuple[BettingKind, ...]] = ("limit", "pot-limit", "no-limit")


def _entry(
    key: str,
    name: str,
    description: str,
    build: Callable[[BettingStructure], GameDef],
    structures: tuple[BettingKind, ...],
    code: str,
    forced: Literal["blinds", "bring-in", "antes"] = "blinds",
) -> GameEntry:
    codes = _codes(code, *structures)
    return GameEntry(key, name, description, build, structures, codes, forced)


def _hilo(build: Callable[..., GameDef]) -> Callable[[BettingStructure], GameDef]:
    def hilo(structure: BettingStructure) -> GameDef:
        return build(structure, hi_lo=True)

    return hilo


_ENTRIES: Final = (
    _entry("holdem", N_("Texas hold'em"),
           N_("two hole cards, five board cards, best five of seven"), holdem, _ALL_KINDS, "T"),
    _entry("double-board-holdem", N_("Double-board hold'em"),
           N_("hold'em with two boards: each board's best hand wins half the pot"),
           double_board_holdem, _ALL_KINDS, "DBT"),
    _entry("short-deck", N_("Short-deck hold'em"),
           N_("hold'em with 36 cards (6 to A): flush beats full house, A-6-7-8-9 lowest straight"),
           short_deck_holdem, ("no-limit",), "S"),
    _entry("omaha", N_("Omaha"), N_("four hole cards, exactly two of them with three board cards"),
           omaha, _PL_FIRST, "O"),
    _entry("omaha-hi-lo", N_("Omaha high/low"),
           N_("Omaha split between the best high and the best eight-or-better low"),
           _hilo(omaha), ("limit", "pot-limit", "no-limit"), "O/8"),
    _entry("aviation", N_("Aviation"), N_("four hole cards and five board cards, Omaha hand rule"),
           aviation, _PL_FIRST, "AV"),
    _entry("courchevel", N_("Courchevel"),
           N_("five hole cards, first flop card shown before the first round, Omaha hand rule"),
           courchevel, _PL_FIRST, "CO"),
    _entry("courchevel-hi-lo", N_("Courchevel high/low"),
           N_("Courchevel split between the best high and the best eight-or-better low"),
           _hilo(courchevel), _PL_FIRST, "CO/8"),
    _entry("irish", N_("Irish"),
           N_("four hole cards, discard two after the flop betting, then hold'em"),
           irish, _PL_FIRST, "IR"),
    _entry("pineapple", N_("Pineapple"), N_("three hole cards, discard one before the flop"),
           pineapple, _ALL_KINDS, "PI"),
    _entry("crazy-pineapple", N_("Crazy Pineapple"),
           N_("three hole cards, discard one after the flop betting round"),
           crazy_pineapple, _ALL_KINDS, "CP"),
    _entry("ace-to-five-draw", N_("Ace-to-five lowball draw"),
           N_("California lowball: five cards, one draw, ace-to-five low wins"),
           ace_to_five_draw, _L_FIRST, "A5L1D"),
    _entry("deuce-to-seven-single-draw", N_("Deuce-to-seven single draw"),
           N_("Kansas City lowball: five cards, one draw, deuce-to-seven low wins"),
           deuce_to_seven_single_draw, ("no-limit", "pot-limit", "limit"), "2L1D"),
    _entry("deuce-to-seven-triple-draw", N_("Deuce-to-seven triple draw"),
           N_("five cards, three draws, deuce-to-seven low wins"),
           deuce_to_seven_triple_draw, _L_FIRST, "2L3D"),
    _entry("badugi", N_("Badugi"),
           N_("four cards, three draws, lowest four-suit four-rank hand wins"),
           badugi, _L_FIRST, "B"),
    _entry("five-card-stud", N_("Five-card stud"),
           N_("one card down and four up, a betting round after each up card"),
           five_card_stud, _L_FIRST, "5S", "bring-in"),
    _entry("seven-card-stud", N_("Seven-card stud"),
           N_("two down, four up, one down; bring-in; best five of seven high"),
           seven_card_stud, _L_FIRST, "7S", "bring-in"),
    _entry("razz", N_("Razz"),
           N_("seven-card stud for the ace-to-five low; highest card brings in"),
           razz, _L_FIRST, "R", "bring-in"),
    _entry("stud-hi-lo", N_("Seven-card stud eight-or-better"),
           N_("seven-card stud split between the best high and the best eight-or-better low"),
           stud_hi_lo, _L_FIRST, "7S/8", "bring-in"),
)  # fmt: skip

CATALOG: Final[Mapping[str, GameEntry]] = {entry.key: entry for entry in _ENTRIES}
"""Every game of the catalog by key, in the order the rule book lists them."""

_BY_CODE: Final[Mapping[str, tuple[GameEntry, BettingKind]]] = {
    code: (entry, kind)  # type: ignore[misc]
    for entry in _ENTRIES
    for kind, code in entry.codes.items()
}


def game_for_code(code: str, small_bet: int = 2, big_bet: int = 4) -> GameDef:
    """The game of a PHH variant code (``NT``, ``PO``, ``FO/8``, ``F2L3D``, our
    ``PCO`` ...); limit games use ``small_bet``/``big_bet``.

    >>> game_for_code("F2L3D", 10, 20).structure.bet_size("small")
    10
    """
    found = _BY_CODE.get(code)
    if found is None:
        raise ConfigurationError(f"variant code: {code!r} names no game of the catalog")
    entry, kind = found
    return entry.game(kind, small_bet, big_bet)
