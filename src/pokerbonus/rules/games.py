"""Games as data (RULES.md sections 5 and 8): a :class:`GameDef` is a deck, a
sequence of steps, a hand rule and a betting structure.

The engine (:mod:`pokerbonus.engine.state`) walks the steps of a game; a new
game is a new ``GameDef`` value, not new engine code.

>>> FIVE_CARD_DRAW.name, [s.kind for s in FIVE_CARD_DRAW.steps]
('five-card draw', ['post', 'deal', 'bet', 'draw', 'bet', 'showdown'])
>>> FIVE_CARD_DRAW.deck_size_for(6), FIVE_CARD_DRAW.cards_per_player
(44, 5)
>>> five_card_draw(max_discard=5).steps[3]
Draw(max_cards=5, four_card_exchange=False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from pokerbonus.cards import DECK_SIZES, default_deck_size
from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext
from pokerbonus.rules.betting import NO_LIMIT, BetSize, BettingStructure

__all__ = [
    "FIVE_CARD_DRAW",
    "BettingRound",
    "Convention",
    "Deal",
    "Discard",
    "Draw",
    "GameDef",
    "HandRule",
    "PostForcedBets",
    "Showdown",
    "Stakes",
    "Step",
    "five_card_draw",
]

Face = Literal["down", "up", "board"]
FirstToAct = Literal["dealer", "forced", "bring-in", "showing"]
Convention = Literal["rule-book", "phh"]
"""Whose conventions a game follows where the rule book and PHH's reference engine
differ (see :class:`GameDef`)."""


@dataclass(frozen=True, slots=True)
class PostForcedBets:
    """Post the forced bets of :class:`Stakes`: antes, blinds, the French blind and
    its surblinds, the offer to buy the pot. Decisions made here come before the deal."""

    @property
    def kind(self) -> str:
        """The step kind, ``"post"``."""
        return "post"


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal ``count`` cards to each player still in, one at a time clockwise from the
    left of the dealer (``face`` ``down`` or ``up``), or ``count`` cards to the board.
    ``burn``: burn one card before dealing (community games burn before board deals).
    ``board``: which board a board deal goes to (0, or 1 for the second board of a
    double-board game). ``board_if_short`` (the last card of seven-card stud): when
    the stub cannot give a card to every player still in, one card is dealt face up
    to the board instead, shared by everyone (burned first if two cards are left)."""

    count: int
    face: Face = "down"
    burn: bool = False
    board: int = 0
    board_if_short: bool = False

    @property
    def kind(self) -> str:
        """The step kind, ``"deal"``."""
        return "deal"


@dataclass(frozen=True, slots=True)
class BettingRound:
    """A betting round. ``size``: the limit bet used (small or big).
    ``first``: ``"dealer"`` starts left of the dealer (or left of the French
    privileged seat that speaks last); ``"forced"`` starts left of the last
    blind or straddle (hold'em pre-flop); ``"bring-in"`` (the first stud round)
    starts with the lowest up card (razz: the highest; suits break ties, clubs
    lowest), who must bring it in (``Stakes.bring_in``) or complete to the bet;
    ``"showing"`` (later stud rounds) starts with the best hand showing (razz and
    other low-only games: the lowest), ties to the first clockwise from the
    dealer's left."""

    size: BetSize = "small"
    first: FirstToAct = "dealer"

    @property
    def kind(self) -> str:
        """The step kind, ``"bet"``."""
        return "bet"


@dataclass(frozen=True, slots=True)
class Draw:
    """A draw: starting left of the dealer each player still in exchanges
    ``0..max_cards`` cards. ``four_card_exchange``: one player per hand may
    exchange four (served three, then the fourth after everyone else)."""

    max_cards: int = 3
    four_card_exchange: bool = True

    @property
    def kind(self) -> str:
        """The step kind, ``"draw"``."""
        return "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    """Each player still in discards exactly ``count`` cards, without replacement
    (Pineapple, Irish)."""

    count: int

    @property
    def kind(self) -> str:
        """The step kind, ``"discard"``."""
        return "discard"


@dataclass(frozen=True, slots=True)
class Showdown:
    """The players still in show their cards; each pot goes to its best eligible hand."""

    @property
    def kind(self) -> str:
        """The step kind, ``"showdown"``."""
        return "showdown"


Step = PostForcedBets | Deal | BettingRound | Draw | Discard | Showdown


@dataclass(frozen=True, slots=True)
class HandRule:
    """Which hands win: the evaluator game for the high and the low half, its options,
    and how many hole cards must be used.

    ``high``/``low``: evaluator game names (``"high"``, ``"a5"``, ``"27"``,
    ``"low8"``) or ``None``; both set makes a high/low game, the low half going only
    to a qualifying low. ``hole_cards``: exactly that many hole cards with
    ``5 - hole_cards`` board cards (Omaha: 2); ``None``: best five of all cards.
    """

    high: str | None = "high"
    low: str | None = None
    wheel: bool = True
    ranking: Literal["modern", "archaic"] = "modern"
    hole_cards: int | None = None

    def __post_init__(self) -> None:
        if self.high is None and self.low is None:
            raise ConfigurationError(gettext("hand rule: needs a high game, a low game or both"))
        if self.ranking not in ("modern", "archaic"):
            raise ConfigurationError(
                gettext("ranking: must be 'modern' or 'archaic', got {ranking!r}").format(
                    ranking=self.ranking
                )
            )

    @property
    def mode(self) -> str:
        """``"high"``, ``"low"`` or ``"high/low"``."""
        if self.low is None:
            return "high"
        return "low" if self.high is None else "high/low"


@dataclass(frozen=True, slots=True)
class Stakes:
    """The forced bets of one hand (RULES.md sections 5, 6 and 8).

    - French pot game (the default): everyone antes ``ante``; if ``buy_pot``,
      the player left of the dealer may double the pot before the deal and then
      speaks last in both rounds.
    - French blind game (``blind`` set): the player left of the dealer bets
      ``blind``, the opening bet (and the whole initial pot, unless ``ante`` is
      set too: antes and blinds together, every player antes first); with
      ``surblind`` each next player may double it before the deal, at most
      ``max_surblinds`` times (``None``: no limit; 1: the surblind only; 2: the
      surblind and the overblind); the last to do so (else the blinder) speaks
      last in both rounds, and when everyone just calls, the round waits for
      their check or raise.
    - ``blinds`` (small, big), optional ``straddle``: live blinds, hold'em style,
      after the antes if ``ante`` is set.
    - ``min_opening``: the minimum opening bet, overriding the default (the
      blind, else the big blind, else the ante, else 1); after an all-pass blind
      hand the next pot game uses the blind.
    - ``seat_antes`` / ``seat_blinds``: forced bets given seat by seat (seat 0
      first), as hand histories record them: a big-blind ante, a button blind,
      a lone small blind. They replace ``ante`` and ``blinds`` (set ``ante=0``).
      A seat ante is dead money: it goes to the main pot, which every player
      still in may win, and does not count in the side-pot levels. Pre-flop
      action (``first="forced"``) starts left of the largest seat blind (the
      later seat clockwise from the dealer's left on a tie); the minimum raise
      is ``min_opening`` if set, else the largest seat blind.
    - ``bring_in`` (stud): the forced bet of the lowest up card (razz: the highest)
      in the first round (a ``BettingRound(first="bring-in")``); that player may
      instead complete to the small bet.
    - ``killer`` / ``kill_blind`` (kill pots, cash games): the seat of the killer
      and the kill blind it posts after the other blinds (it replaces the killer's
      own blind, if any). The kill blind is a live bet and the largest blind: the
      first round starts left of the killer, who speaks last in it, and the
      minimum raise is the kill blind (in the French blind game the killer takes
      the privilege of speaking last, as a surblinder would).
    - ``kill_offer`` ("look at two and kill", lowball, with ``kill_blind`` and no
      ``killer``): after the first two cards of the deal, each player in turn from
      the dealer's left may put the kill on (a ``kill`` decision:
      :meth:`Hand.kill` or ``decline``); the first who does posts ``kill_blind``
      as the killer above, and in limit the hand is then played with the bets
      ``kill_bets`` (small, big). A hand with a ``killer`` has its kill already.

    >>> Stakes().opening_minimum, Stakes.blind_game(4).opening_minimum
    (1, 4)
    >>> Stakes.pot_game(ante=2, min_opening=5).opening_minimum
    5
    """

    ante: int = 1
    blind: int | None = None
    surblind: bool = True
    buy_pot: bool = False
    min_opening: int | None = None
    blinds: tuple[int, ...] = ()
    straddle: bool = False
    seat_antes: tuple[int, ...] = ()
    seat_blinds: tuple[int, ...] = ()
    bring_in: int = 0
    killer: int | None = None
    kill_blind: int = 0
    kill_offer: bool = False
    kill_bets: tuple[int, ...] = ()
    max_surblinds: int | None = None

    def __post_init__(self) -> None:
        if self.bring_in < 0:
            raise ConfigurationError(
                gettext("bring_in: must be at least 0, got {bring_in}").format(
                    bring_in=self.bring_in
                )
            )
        if self.killer is not None and self.kill_blind == 0:
            raise ConfigurationError(
                gettext(
                    "kill: a killer posts a kill blind, got killer={killer!r}, kill_blind=0"
                ).format(killer=self.killer)
            )
        if self.kill_blind and self.killer is None and not self.kill_offer:
            raise ConfigurationError(
                gettext("kill: kill_blind {kill_blind} needs a killer or the kill offer").format(
                    kill_blind=self.kill_blind
                )
            )
        if self.kill_blind < 0 or (self.killer is not None and self.killer < 0):
            raise ConfigurationError(
                gettext(
                    "kill: seat and blind must be at least 0, got {killer}/{kill_blind}"
                ).format(killer=self.killer, kill_blind=self.kill_blind)
            )
        if self.kill_offer and (not self.kill_blind or self.killer is not None):
            raise ConfigurationError(
                gettext(
                    "kill_offer: needs a kill blind and no killer (a hand with a killer has its "
                    "kill already), got killer={killer!r}, kill_blind={kill_blind}"
                ).format(killer=self.killer, kill_blind=self.kill_blind)
            )
        if self.kill_bets and (len(self.kill_bets) != 2 or min(self.kill_bets) < 1):
            raise ConfigurationError(
                gettext("kill_bets: expected (small, big) >= 1, got {kill_bets}").format(
                    kill_bets=self.kill_bets
                )
            )
        if self.max_surblinds is not None and self.max_surblinds < 1:
            raise ConfigurationError(
                gettext(
                    "max_surblinds: must be at least 1 (or None: no limit), got {max_surblinds}"
                ).format(max_surblinds=self.max_surblinds)
            )
        if any(a < 0 for a in self.seat_antes) or any(b < 0 for b in self.seat_blinds):
            raise ConfigurationError(
                gettext(
                    "seat antes/blinds: must be at least 0, got {seat_antes}/{seat_blinds}"
                ).format(seat_antes=self.seat_antes, seat_blinds=self.seat_blinds)
            )
        if (self.seat_antes or self.seat_blinds) and (
            self.ante or self.blinds or self.blind is not None
        ):
            raise ConfigurationError(
                gettext("seat_antes/seat_blinds: replace ante, blinds and blind (set ante=0)")
            )
        if self.ante < 0:
            raise ConfigurationError(
                gettext("ante: must be at least 0, got {ante}").format(ante=self.ante)
            )
        if self.blind is not None:
            if self.blind < 1:
                raise ConfigurationError(
                    gettext("blind: must be at least 1, got {blind}").format(blind=self.blind)
                )
            if self.blinds:
                raise ConfigurationError(
                    gettext("blinds: the French blind and hold'em blinds exclude each other")
                )
        if self.buy_pot and (self.blind is not None or self.blinds or not self.ante):
            raise ConfigurationError(gettext("buy_pot: only in a pot game with an ante"))
        if self.min_opening is not None and self.min_opening < 1:
            raise ConfigurationError(
                gettext("min_opening: must be at least 1, got {min_opening}").format(
                    min_opening=self.min_opening
                )
            )
        if len(self.blinds) not in (0, 1, 2) or any(b < 1 for b in self.blinds):
            raise ConfigurationError(
                gettext("blinds: expected (big,) or (small, big) >= 1, got {blinds}").format(
                    blinds=self.blinds
                )
            )
        if self.straddle and not self.blinds:
            raise ConfigurationError(gettext("straddle: needs blinds"))

    @classmethod
    def pot_game(
        cls, ante: int = 1, *, buy_pot: bool = False, min_opening: int | None = None
    ) -> Stakes:
        """The French pot game: everyone antes ``ante``."""
        return cls(ante=ante, buy_pot=buy_pot, min_opening=min_opening)

    @classmethod
    def blind_game(
        cls, blind: int, *, surblind: bool = True, max_surblinds: int | None = None, ante: int = 0
    ) -> Stakes:
        """The French blind game: the player left of the dealer bets ``blind``
        (after everyone's ``ante``, if any).

        >>> Stakes.blind_game(2, ante=1).ante, Stakes.blind_game(2, max_surblinds=1).max_surblinds
        (1, 1)
        """
        return cls(ante=ante, blind=blind, surblind=surblind, max_surblinds=max_surblinds)

    @property
    def opening_minimum(self) -> int:
        """The smallest opening bet of a round (see the class doc)."""
        if self.min_opening is not None:
            return self.min_opening
        if self.killer is not None:
            return self.kill_blind
        if self.blind is not None:
            return self.blind
        if self.blinds:
            return self.blinds[-1]
        if any(self.seat_blinds):
            return max(self.seat_blinds)
        return max(self.ante, 1)


@dataclass(frozen=True, slots=True)
class GameDef:
    """A poker game as data.

    ``deck_size`` ``None`` means the French default by number of players
    (:func:`pokerbonus.cards.default_deck_size`); ``jokers`` 0-2 are added.
    ``steps`` run in order; ``rule`` decides the showdown; ``structure`` the bets.
    ``boards`` 2: a double-board game, each board's best high hand wins half of
    each pot (the odd chip to the first board's half).

    ``convention``: ``"rule-book"`` (RULES.md, our tables) or ``"phh"``, the
    conventions of PHH's reference engine (pokerkit) where the two differ, used
    to replay hand histories written by other engines (``docs/replay.md``):

    - the limit cap: ``cap + 1`` completions, bets or raises per round, blinds and
      bring-in not counted, and the cap holds heads-up too (rule book: the blind
      is the bet, ``cap`` raises after it, no cap heads-up);
    - reopening: a bet or raise at least as large as the largest of the round so
      far (blinds not counted, so the first one always) reopens the betting, and
      smaller all-ins reopen it once they add up to that size (rule book: the full
      raise is at least the big blind or the limit bet);
    - a split pot's odd chips all go to the first winner clockwise from the
      button, the pots counted once the hands that win nothing are mucked
      (neighbouring pots left with the same players make one); rule book: one
      chip each to the first winners of each pot (RULES.md section 7).
    """

    name: str
    steps: tuple[Step, ...]
    rule: HandRule = field(default_factory=HandRule)
    structure: BettingStructure = NO_LIMIT
    deck_size: int | None = 52
    jokers: int = 0
    min_players: int = 2
    max_players: int = 8
    boards: int = 1
    convention: Convention = "rule-book"

    def __post_init__(self) -> None:
        if self.convention not in ("rule-book", "phh"):
            raise ConfigurationError(
                gettext(
                    "convention of {name!r}: must be 'rule-book' or 'phh', got {convention!r}"
                ).format(name=self.name, convention=self.convention)
            )
        if self.boards not in (1, 2):
            raise ConfigurationError(
                gettext("boards of {name!r}: must be 1 or 2, got {boards}").format(
                    name=self.name, boards=self.boards
                )
            )
        if self.boards == 2 and self.rule.low is not None:
            raise ConfigurationError(
                gettext("boards of {name!r}: a double-board game is played high only").format(
                    name=self.name
                )
            )
        if self.deck_size is not None and self.deck_size not in DECK_SIZES:
            raise ConfigurationError(
                gettext("deck_size: must be one of {deck_sizes}, got {deck_size}").format(
                    deck_sizes=DECK_SIZES, deck_size=self.deck_size
                )
            )
        if self.jokers not in (0, 1, 2):
            raise ConfigurationError(
                gettext("jokers: must be 0, 1 or 2, got {jokers}").format(jokers=self.jokers)
            )
        if not self.steps or self.steps[-1].kind != "showdown":
            raise ConfigurationError(
                gettext("steps of {name!r}: must end with a Showdown step").format(name=self.name)
            )
        if not 2 <= self.min_players <= self.max_players:
            raise ConfigurationError(
                gettext("players of {name!r}: bad range {min_players}..{max_players}").format(
                    name=self.name, min_players=self.min_players, max_players=self.max_players
                )
            )
        for step in self.steps:
            if isinstance(step, Deal) and step.count < 1:
                raise ConfigurationError(
                    gettext("deal: count must be at least 1, got {count}").format(count=step.count)
                )
            if isinstance(step, Deal) and not 0 <= step.board < self.boards:
                raise ConfigurationError(
                    gettext("deal: board {board} of {name!r}, which has {boards} board(s)").format(
                        board=step.board, name=self.name, boards=self.boards
                    )
                )
            if isinstance(step, Draw) and not 1 <= step.max_cards <= 5:
                raise ConfigurationError(
                    gettext("draw: max_cards must be 1..5, got {max_cards}").format(
                        max_cards=step.max_cards
                    )
                )

    def deck_size_for(self, players: int) -> int:
        """The number of non-joker cards in the deck for ``players`` seated players."""
        return self.deck_size if self.deck_size is not None else default_deck_size(players)

    @property
    def cards_per_player(self) -> int:
        """Private cards each player holds once all deals are done (less discards)."""
        total = 0
        for step in self.steps:
            if isinstance(step, Deal) and step.face != "board":
                total += step.count
            elif isinstance(step, Discard):
                total -= step.count
        return total


def five_card_draw(
    *,
    structure: BettingStructure = NO_LIMIT,
    deck_size: int | None = None,
    jokers: int = 0,
    max_discard: int = 3,
    wheel: bool = True,
    ranking: Literal["modern", "archaic"] = "modern",
) -> GameDef:
    """The French five-card draw ("poker fermé", RULES.md section 5) with house options.

    ``max_discard`` 3 keeps the one-four-card exchange rule; 4 or 5 lets anyone
    exchange that many, served at once. ``deck_size`` ``None``: by players.
    """
    if max_discard not in (3, 4, 5):
        raise ConfigurationError(
            gettext("max_discard: must be 3, 4 or 5, got {max_discard}").format(
                max_discard=max_discard
            )
        )
    return GameDef(
        name="five-card draw",
        steps=(
            PostForcedBets(),
            Deal(5),
            BettingRound("small"),
            Draw(max_discard, four_card_exchange=max_discard == 3),
            BettingRound("big"),
            Showdown(),
        ),
        rule=HandRule("high", wheel=wheel, ranking=ranking),
        structure=structure,
        deck_size=deck_size,
        jokers=jokers,
    )


FIVE_CARD_DRAW: Final = five_card_draw()
"""The French five-card draw with the rule book's defaults (no-limit, pot game)."""
