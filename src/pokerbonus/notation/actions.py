"""PHH action notation: one string per action, parsed into small frozen values.

The grammar (``[# commentary]`` may end any action)::

    d db CARDS            deal board cards          d dh pN CARDS   deal hole cards
    pN pb                 post the bring-in         pN cbr AMOUNT   complete, bet or raise to
    pN cc                 check or call             pN f            fold
    pN sd [CARDS]         stand pat or discard      pN sm [CARDS|-] show (or muck: no cards)
    # commentary          no-op (also the empty string)

and, ours, for the French five-card draw's offers before the deal::

    pN sb / pN nsb        surblind (double the blind) / decline to
    pN bp / pN nbp        buy the pot / decline to

Players are written ``p1`` .. ``pN``; the parsed values hold the 0-based index
(``p1`` is player 0), the index into the hand's per-player arrays. Cards are
two characters each, concatenated (``AcKd``); ``??`` is an unknown card and is
kept as :data:`UNKNOWN`. ``Jk`` (a joker) is our extension for the French games.

>>> action = parse_action("p3 cbr 7000")
>>> action
CompleteBetOrRaiseTo(player=2, amount=7000, comment=None)
>>> str(action)
'p3 cbr 7000'
>>> parse_action("d dh p1 ????Ac # hidden").cards
(UNKNOWN, UNKNOWN, Card('Ac'))
>>> str(parse_action("p4 cbr 803.50"))
'p4 cbr 803.50'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from pokerbonus.cards import JOKERS, RANKS, SUITS, Card, parse_cards
from pokerbonus.errors import InvalidCardError, NotationError
from pokerbonus.i18n import gettext

__all__ = [
    "PARSED_ACTIONS",
    "UNKNOWN",
    "Action",
    "Amount",
    "BuyPot",
    "CheckOrCall",
    "CompleteBetOrRaiseTo",
    "DealBoard",
    "DealHole",
    "Fold",
    "HandCard",
    "NoOp",
    "PostBringIn",
    "ShowOrMuck",
    "StandPatOrDiscard",
    "Surblind",
    "format_hand_cards",
    "parse_action",
    "parse_hand_cards",
    "parse_new_action",
]


class UnknownCard(enum.Enum):
    """A card whose face is not known to the history (written ``??``)."""

    UNKNOWN = "??"

    def __str__(self) -> str:
        return "??"

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Final = UnknownCard.UNKNOWN
"""The unknown card ``??``."""

HandCard = Card | UnknownCard
"""A card of an action: a known :class:`~pokerbonus.cards.Card` or :data:`UNKNOWN`."""

Amount = int | Decimal
"""A chip amount in an action: an ``int``, or a ``Decimal`` keeping its written digits."""

_PLAYER: Final = re.compile(r"p([1-9][0-9]*)")
_AMOUNT: Final = re.compile(r"(?:0|[1-9][0-9]*)(?:\.[0-9]+)?")


# -- cards ---------------------------------------------------------------------------


def parse_hand_cards(text: str) -> tuple[HandCard, ...]:
    """Parse PHH card text: two characters per card, ``??`` unknown, ``Jk`` a joker.

    Strict: rank letters upper case (``23456789TJQKA``), suits lower case
    (``cdhs``), no separators; a known card may not repeat.

    >>> parse_hand_cards("Jc3d5c")
    (Card('Jc'), Card('3d'), Card('5c'))
    >>> parse_hand_cards("As??")
    (Card('As'), UNKNOWN)
    >>> parse_hand_cards("AsA")
    Traceback (most recent call last):
    ...
    pokerbonus.errors.NotationError: invalid cards 'AsA': odd number of characters \
(each card is two characters, like 'As' or '??')
    """
    if not text:
        raise NotationError(gettext("invalid cards '': no card given"))
    if len(text) % 2:
        raise NotationError(
            gettext(
                "invalid cards {text!r}: odd number of characters (each card is two "
                "characters, like 'As' or '??')"
            ).format(text=text)
        )
    tokens = [text[i : i + 2] for i in range(0, len(text), 2)]
    known: list[str] = []
    for token in tokens:
        if token == "??":
            continue
        if token != "Jk" and (len(token) != 2 or token[0] not in RANKS or token[1] not in SUITS):
            raise NotationError(
                gettext(
                    "invalid cards {text!r}: {token!r} is not a card (rank 2-9 T J Q K A "
                    "in upper case, suit c d h s in lower case, '??' unknown, 'Jk' joker)"
                ).format(text=text, token=token)
            )
        known.append(token)
    try:
        cards = iter(parse_cards(known))
    except InvalidCardError as exc:
        raise NotationError(
            gettext("invalid cards {text!r}: {exc}").format(text=text, exc=exc)
        ) from exc
    return tuple(UNKNOWN if token == "??" else next(cards) for token in tokens)


def format_hand_cards(cards: Iterable[HandCard]) -> str:
    """Format cards the PHH way: concatenated, ``??`` for unknown ones.

    >>> format_hand_cards((Card("Ah"), UNKNOWN))
    'Ah??'
    """
    return "".join(str(card) for card in cards)


def _check_cards(cards: object, what: str, *, allow_empty: bool) -> None:
    if not isinstance(cards, tuple):
        raise NotationError(
            gettext("{what}: cards must be a tuple, got {cards!r}").format(what=what, cards=cards)
        )
    if not cards and not allow_empty:
        raise NotationError(gettext("{what}: at least one card is needed").format(what=what))
    seen: set[int] = set()
    jokers = 0
    for card in cards:
        if card is UNKNOWN:
            continue
        if not isinstance(card, Card):
            raise NotationError(
                gettext("{what}: {card!r} is not a Card or UNKNOWN").format(what=what, card=card)
            )
        if card in seen:
            raise NotationError(
                gettext("{what}: duplicate card {card!r}").format(what=what, card=str(card))
            )
        seen.add(card)
        if card.is_joker:
            if card != JOKERS[jokers]:
                raise NotationError(
                    gettext(
                        "{what}: jokers must be Card(52) then Card(53) in order of appearance "
                        "(both are written 'Jk'), got {card}"
                    ).format(what=what, card=int(card))
                )
            jokers += 1


def _check_player(player: object, what: str) -> None:
    if not isinstance(player, int) or isinstance(player, bool) or player < 0:
        raise NotationError(
            gettext("{what}: player must be a 0-based index (p1 is 0), got {player!r}").format(
                what=what, player=player
            )
        )


def _check_comment(comment: object, what: str) -> None:
    if comment is None:
        return
    if not isinstance(comment, str):
        raise NotationError(
            gettext("{what}: comment must be a string or None, got {comment!r}").format(
                what=what, comment=comment
            )
        )
    if comment != comment.strip():
        raise NotationError(
            gettext("{what}: comment {comment!r} must not start or end with whitespace").format(
                what=what, comment=comment
            )
        )


def _suffix(comment: str | None) -> str:
    if comment is None:
        return ""
    return " # " + comment if comment else " #"


# -- the actions ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealBoard:
    """The dealer deals board (community) cards: ``d db Jc3d5c``."""

    cards: tuple[HandCard, ...]
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_cards(self.cards, "d db", allow_empty=False)
        _check_comment(self.comment, "d db")

    def __str__(self) -> str:
        return f"d db {format_hand_cards(self.cards)}{_suffix(self.comment)}"


@dataclass(frozen=True, slots=True)
class DealHole:
    """The dealer deals hole cards (stud: up and down cards) to a player: ``d dh p3 AcKd``."""

    player: int
    cards: tuple[HandCard, ...]
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "d dh")
        _check_cards(self.cards, "d dh", allow_empty=False)
        _check_comment(self.comment, "d dh")

    def __str__(self) -> str:
        cards = format_hand_cards(self.cards)
        return f"d dh p{self.player + 1} {cards}{_suffix(self.comment)}"


@dataclass(frozen=True, slots=True)
class PostBringIn:
    """A player posts the bring-in: ``p2 pb``."""

    player: int
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "pb")
        _check_comment(self.comment, "pb")

    def __str__(self) -> str:
        return f"p{self.player + 1} pb{_suffix(self.comment)}"


@dataclass(frozen=True, slots=True)
class CompleteBetOrRaiseTo:
    """A player completes, bets, or raises **to** ``amount``: ``p3 cbr 7000``.

    ``amount`` is an ``int``, or a ``Decimal`` when written with a fraction
    (``803.50`` keeps its two digits, so the action prints back as written).
    """

    player: int
    amount: Amount
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "cbr")
        _check_amount(self.amount)
        _check_comment(self.comment, "cbr")

    def __str__(self) -> str:
        amount = format(self.amount, "f") if isinstance(self.amount, Decimal) else self.amount
        return f"p{self.player + 1} cbr {amount}{_suffix(self.comment)}"


def _check_amount(amount: object) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int | Decimal):
        raise NotationError(
            gettext("cbr: amount must be an int or a Decimal, got {amount!r}").format(amount=amount)
        )
    if isinstance(amount, Decimal):
        exponent = amount.as_tuple().exponent
        if not amount.is_finite() or not isinstance(exponent, int) or exponent >= 0:
            raise NotationError(
                gettext(
                    "cbr: a Decimal amount must be finite and written with a fraction (use "
                    "an int for whole amounts), got {amount!r}"
                ).format(amount=amount)
            )
    if amount <= 0:
        raise NotationError(
            gettext("cbr: amount must be positive, got {amount}").format(amount=amount)
        )


@dataclass(frozen=True, slots=True)
class CheckOrCall:
    """A player checks or calls: ``p1 cc``."""

    player: int
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "cc")
        _check_comment(self.comment, "cc")

    def __str__(self) -> str:
        return f"p{self.player + 1} cc{_suffix(self.comment)}"


@dataclass(frozen=True, slots=True)
class Fold:
    """A player folds: ``p4 f``."""

    player: int
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "f")
        _check_comment(self.comment, "f")

    def __str__(self) -> str:
        return f"p{self.player + 1} f{_suffix(self.comment)}"


@dataclass(frozen=True, slots=True)
class StandPatOrDiscard:
    """A player stands pat (no cards: ``p2 sd``) or discards the cards listed (``p2 sd 7h6c``)."""

    player: int
    cards: tuple[HandCard, ...] = ()
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "sd")
        _check_cards(self.cards, "sd", allow_empty=True)
        _check_comment(self.comment, "sd")

    @property
    def stands_pat(self) -> bool:
        """Whether the player keeps all their cards."""
        return not self.cards

    def __str__(self) -> str:
        cards = f" {format_hand_cards(self.cards)}" if self.cards else ""
        return f"p{self.player + 1} sd{cards}{_suffix(self.comment)}"


@dataclass(frozen=True, slots=True)
class ShowOrMuck:
    """A player shows cards (``p1 sm AcKd``), the cards dealt (``p1 sm -``), or mucks (``p1 sm``).

    ``as_dealt`` is the ``-`` form: the player shows the hole cards already
    written in their deal actions; ``cards`` is then empty.
    """

    player: int
    cards: tuple[HandCard, ...] = ()
    as_dealt: bool = False
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "sm")
        _check_cards(self.cards, "sm", allow_empty=True)
        if not isinstance(self.as_dealt, bool):
            raise NotationError(
                gettext("sm: as_dealt must be a bool, got {as_dealt!r}").format(
                    as_dealt=self.as_dealt
                )
            )
        if self.as_dealt and self.cards:
            raise NotationError(gettext("sm: '-' (show the cards dealt) takes no cards"))
        _check_comment(self.comment, "sm")

    @property
    def mucks(self) -> bool:
        """Whether the player mucks (shows nothing)."""
        return not self.cards and not self.as_dealt

    def __str__(self) -> str:
        cards = " -" if self.as_dealt else f" {format_hand_cards(self.cards)}" if self.cards else ""
        return f"p{self.player + 1} sm{cards}{_suffix(self.comment)}"


@dataclass(frozen=True, slots=True)
class NoOp:
    """No action: the empty string, or a standalone commentary (``# burn card 6s exposed``)."""

    comment: str | None = None

    def __post_init__(self) -> None:
        _check_comment(self.comment, "no-op")

    def __str__(self) -> str:
        return _suffix(self.comment).lstrip()


@dataclass(frozen=True, slots=True)
class Surblind:
    """French draw: before looking at their cards, a player doubles the blind
    (``p2 sb``), or declines to and so ends the surblind chain (``p2 nsb``).

    Ours, in the grammar of PHH (RULES.md section 5: the surblind, overblind ...).
    The amounts are in ``blinds_or_straddles``; the action records the decision
    and its place among the actions (before the deal).

    >>> str(Surblind(1)), str(Surblind(2, declined=True))
    ('p2 sb', 'p3 nsb')
    """

    player: int
    declined: bool = False
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "sb")
        _check_flag(self.declined, "sb")
        _check_comment(self.comment, "sb")

    def __str__(self) -> str:
        verb = "nsb" if self.declined else "sb"
        return f"p{self.player + 1} {verb}{_suffix(self.comment)}"


@dataclass(frozen=True, slots=True)
class BuyPot:
    """French draw, pot game: before looking, the player left of the dealer buys
    (doubles) the pot (``p1 bp``), or declines to (``p1 nbp``).

    Ours, in the grammar of PHH (RULES.md section 5, buying the pot). The amount
    is ``blinds_or_straddles[0]``; the action records the decision.

    >>> str(BuyPot(0)), str(BuyPot(0, declined=True, comment="keeps it small"))
    ('p1 bp', 'p1 nbp # keeps it small')
    """

    player: int
    declined: bool = False
    comment: str | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "bp")
        _check_flag(self.declined, "bp")
        _check_comment(self.comment, "bp")

    def __str__(self) -> str:
        verb = "nbp" if self.declined else "bp"
        return f"p{self.player + 1} {verb}{_suffix(self.comment)}"


def _check_flag(value: object, what: str) -> None:
    if not isinstance(value, bool):
        raise NotationError(
            gettext("{what}: declined must be a bool, got {value!r}").format(what=what, value=value)
        )


Action = (
    DealBoard
    | DealHole
    | PostBringIn
    | CompleteBetOrRaiseTo
    | CheckOrCall
    | Fold
    | StandPatOrDiscard
    | ShowOrMuck
    | NoOp
    | Surblind
    | BuyPot
)
"""One parsed PHH action; ``str(action)`` writes it back."""

_PLAYER_VERBS: Final = ("pb", "cbr", "cc", "f", "sd", "sm", "sb", "nsb", "bp", "nbp")
_OFFERS: Final[dict[str, tuple[type[Surblind] | type[BuyPot], bool]]] = {
    "sb": (Surblind, False),
    "nsb": (Surblind, True),
    "bp": (BuyPot, False),
    "nbp": (BuyPot, True),
}
_BARE: Final[dict[str, type[Action]]] = {
    "f": Fold,
    "cc": CheckOrCall,
    "sd": StandPatOrDiscard,
    "sm": ShowOrMuck,
    "pb": PostBringIn,
}


# -- parsing -------------------------------------------------------------------------


def parse_action(text: str) -> Action:
    """Parse one PHH action string; raise :class:`NotationError` naming it and why.

    Words may be separated by any whitespace; ``str()`` of the result is the
    canonical form (single spaces, ``" # "`` before a commentary).

    >>> parse_action("p2 sd 7h6c")
    StandPatOrDiscard(player=1, cards=(Card('7h'), Card('6c')), comment=None)
    >>> parse_action("p1 sm")
    ShowOrMuck(player=0, cards=(), as_dealt=False, comment=None)
    >>> parse_action("p1 raise 20")
    Traceback (most recent call last):
    ...
    pokerbonus.errors.NotationError: invalid action 'p1 raise 20': unknown player action \
'raise' (expected pb, cbr, cc, f, sd or sm; French draw: sb, nsb, bp or nbp)
    """
    if not isinstance(text, str):
        raise NotationError(
            gettext("invalid action {text!r}: an action is a string").format(text=text)
        )
    action = PARSED_ACTIONS.get(text)
    if action is not None:
        return action
    return parse_new_action(text)


def parse_new_action(text: str) -> Action:
    """:func:`parse_action` for a string not in :data:`PARSED_ACTIONS` (the PHH
    reader looks there first); the action is kept there."""
    action = _two_hole_cards(text) if len(text) == 12 else None
    if action is None:
        action = _fast_action(text)
    if action is None:
        try:
            action = _parse_general(text)
        except NotationError as exc:
            message = str(exc)
            if message.startswith("invalid action "):
                raise
            raise NotationError(
                gettext("invalid action {text!r}: {message}").format(text=text, message=message)
            ) from exc
    if len(PARSED_ACTIONS) >= _PARSED_LIMIT:
        PARSED_ACTIONS.clear()
    PARSED_ACTIONS[text] = action
    return action


PARSED_ACTIONS: Final[dict[str, Action]] = {}
"""The actions parsed so far, by their text: an action is an immutable value, and
a file set repeats most of its action strings (``p2 cc``, ``p3 f``, a usual raise),
so each is parsed once. Bounded: emptied when it holds ``_PARSED_LIMIT`` texts.
Read only through :func:`parse_action` (the PHH reader looks here first)."""
_PARSED_LIMIT: Final = 1 << 14


# The fast path: the canonical form of the common actions (no commentary, no
# joker, whole amounts), recognised by one expression and built without
# re-checking what the expression already guarantees. Anything else goes
# through the general parser below, which gives the same values and the errors.
_CANONICAL: Final = re.compile(
    r"p([1-9][0-9]*) (?:(f|cc|sd|sm|pb)|cbr ([1-9][0-9]*)|(sd|sm) ((?:[2-9TJQKA][cdhs]|\?\?)+))"
    r"|d (?:dh p([1-9][0-9]*)|db) ((?:[2-9TJQKA][cdhs]|\?\?)+)"
)
_PAIRS: Final = re.compile("..")
_CARD_OF: Final[dict[str, HandCard]] = {str(Card(i)): Card(i) for i in range(52)}
_CARD_OF["??"] = UNKNOWN
_new = object.__new__
_set = object.__setattr__


def _fast_cards(text: str) -> tuple[HandCard, ...] | None:
    if len(text) == 4:  # two cards, the usual hole cards: no scan
        first, second = _CARD_OF[text[:2]], _CARD_OF[text[2:]]
        if first is second and first is not UNKNOWN:
            return None  # a repeated card: the general parser says which
        return first, second
    cards = tuple(map(_CARD_OF.__getitem__, _PAIRS.findall(text)))
    if len(cards) > 1 and len(set(cards)) != len(cards):
        known = [c for c in cards if c is not UNKNOWN]
        if len(set(known)) != len(known):
            return None  # a repeated card: the general parser says which
    return cards


_PLAYER_DIGIT: Final = {str(k): k - 1 for k in range(1, 10)}


def _two_hole_cards(text: str) -> Action | None:
    """``d dh pN XXYY`` (players 1 to 9, two cards): the text a file set has most
    of once each, read by slicing; the same action as :func:`_fast_action`'s, or
    ``None`` for anything else (a repeated card included)."""
    if text[:6] != "d dh p" or text[7] != " ":
        return None
    player = _PLAYER_DIGIT.get(text[6])
    first, second = _CARD_OF.get(text[8:10]), _CARD_OF.get(text[10:])
    if player is None or first is None or second is None:
        return None
    if first is second and first is not UNKNOWN:
        return None  # a repeated card: the general parser says which
    action = _new(DealHole)
    _set(action, "player", player)
    _set(action, "cards", (first, second))
    _set(action, "comment", None)
    return action


def _fast_action(text: str) -> Action | None:
    match = _CANONICAL.fullmatch(text)
    if match is None:
        return None
    player, verb, amount, card_verb, cards_text, dealt_to, dealt = match.groups()
    action: Action
    if player is None:
        cards = _fast_cards(dealt)
        if cards is None:
            return None
        if dealt_to is None:
            action = _new(DealBoard)
        else:
            action = _new(DealHole)
            _set(action, "player", int(dealt_to) - 1)
        _set(action, "cards", cards)
    elif verb is not None:
        kind = _BARE[verb]
        action = _new(kind)
        _set(action, "player", int(player) - 1)
        if kind is StandPatOrDiscard or kind is ShowOrMuck:
            _set(action, "cards", ())
            if kind is ShowOrMuck:
                _set(action, "as_dealt", False)
    elif amount is not None:
        action = _new(CompleteBetOrRaiseTo)
        _set(action, "player", int(player) - 1)
        _set(action, "amount", int(amount))
    else:
        cards = _fast_cards(cards_text)
        if cards is None:
            return None
        if card_verb == "sd":
            action = _new(StandPatOrDiscard)
        else:
            action = _new(ShowOrMuck)
            _set(action, "as_dealt", False)
        _set(action, "player", int(player) - 1)
        _set(action, "cards", cards)
    _set(action, "comment", None)
    return action


def _parse_general(text: str) -> Action:
    body, hash_sign, rest = text.partition("#")
    comment = rest.strip() if hash_sign else None
    words = body.split()
    if not words:
        return NoOp(comment)
    actor = words[0]
    if actor == "d":
        if len(words) < 2 or words[1] not in ("db", "dh"):
            raise NotationError(
                gettext("invalid action {text!r}: the dealer's action must be 'db' or 'dh'").format(
                    text=text
                )
            )
        if words[1] == "db":
            _arity(text, words, 3, "'d db' takes the cards (d db Jc3d5c)")
            return DealBoard(parse_hand_cards(words[2]), comment)
        _arity(text, words, 4, "'d dh' takes a player and the cards (d dh p1 AcKd)")
        return DealHole(_player(text, words[2]), parse_hand_cards(words[3]), comment)
    player = _player(text, actor)
    verb = words[1] if len(words) > 1 else ""
    if verb in ("pb", "cc", "f"):
        _arity(text, words, 2, f"'{verb}' takes no argument")
        if verb == "pb":
            return PostBringIn(player, comment)
        return CheckOrCall(player, comment) if verb == "cc" else Fold(player, comment)
    if verb == "cbr":
        _arity(text, words, 3, "'cbr' takes the amount bet or raised to (p1 cbr 100)")
        return CompleteBetOrRaiseTo(player, _amount(text, words[2]), comment)
    if verb == "sd":
        _arity(text, words, (2, 3), "'sd' takes the discarded cards, or nothing to stand pat")
        cards = parse_hand_cards(words[2]) if len(words) == 3 else ()
        return StandPatOrDiscard(player, cards, comment)
    if verb == "sm":
        _arity(text, words, (2, 3), "'sm' takes the cards shown, '-', or nothing to muck")
        if len(words) == 3 and words[2] == "-":
            return ShowOrMuck(player, (), True, comment)
        cards = parse_hand_cards(words[2]) if len(words) == 3 else ()
        return ShowOrMuck(player, cards, False, comment)
    if verb in _OFFERS:
        _arity(text, words, 2, f"'{verb}' takes no argument")
        kind, declined = _OFFERS[verb]
        return kind(player, declined, comment)
    if not verb:
        raise NotationError(
            gettext("invalid action {text!r}: player {actor!r} has no action").format(
                text=text, actor=actor
            )
        )
    raise NotationError(
        gettext(
            "invalid action {text!r}: unknown player action {verb!r} (expected pb, "
            "cbr, cc, f, sd or sm; French draw: sb, nsb, bp or nbp)"
        ).format(text=text, verb=verb)
    )


def _arity(text: str, words: list[str], count: int | tuple[int, int], why: str) -> None:
    allowed = count if isinstance(count, tuple) else (count,)
    if len(words) not in allowed:
        raise NotationError(
            gettext("invalid action {text!r}: {why}, got {count} word(s)").format(
                text=text, why=why, count=len(words) - 1
            )
        )


def _player(text: str, word: str) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None:
        raise NotationError(
            gettext(
                "invalid action {text!r}: {word!r} is not an actor ('d' or p1, p2, ...)"
            ).format(text=text, word=word)
        )
    return int(match.group(1)) - 1


def _amount(text: str, word: str) -> Amount:
    if _AMOUNT.fullmatch(word) is None:
        raise NotationError(
            gettext(
                "invalid action {text!r}: amount {word!r} is not a plain number "
                "(digits, optionally a '.' and more digits)"
            ).format(text=text, word=word)
        )
    value: Amount = Decimal(word) if "." in word else int(word)
    if value <= 0:
        raise NotationError(
            gettext("invalid action {text!r}: amount {word!r} must be positive").format(
                text=text, word=word
            )
        )
    return value
