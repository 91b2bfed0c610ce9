"""Real hand histories replayed through our engine, exactly.

:func:`replay_hand` turns a PHH :class:`~pokerbonus.notation.phh.HandHistory`
into a finished engine :class:`~pokerbonus.engine.state.Hand`: the game comes
from the variant code (:func:`pokerbonus.rules.catalog.game_for_code`), the
forced bets seat by seat (the French draw: game and stakes from the hand's
house rules, the surblind and pot-buying offers as actions), and the deck is
stacked so that the engine deals exactly the cards of the file. Every betting
and drawing action of the file is then played through the engine's own legality
checks; a hand the rules refuse raises
:class:`~pokerbonus.errors.IllegalActionError` naming the action.
:func:`replay_paths` replays files and folders and reports, per hand, our
finishing stacks against the file's. See ``docs/replay.md``.

Seats: PHH player ``p1`` is seat 0 and the last player holds the button
(dealer seat ``n - 1``); heads-up, the forced-bet arrays apply reversed (the
button posts the small blind). Amounts are scaled to whole chips by
:func:`~pokerbonus.notation.phh.chip_scale` and scaled back for the report.

Cards the file does not know (``??``): a player who shows at the end gets the
cards shown; every other unknown card (and every burn) is filled with a card
no action names, which changes no result (those cards are never compared).
A discarded card dealt again once the stub ran out is replayed the same way
(:meth:`_Cards._recycled_order`).

A standard PHH hand is played by the conventions of PHH's reference engine
(``GameDef.convention = "phh"``: its limit cap, reopening and odd chips) unless
the file carries ``_convention = "rule-book"``, as our own records do.

>>> from pokerbonus.notation import loads
>>> text = '''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 ????", "p3 f", "p1 cbr 10",
...   "p2 cc", "d db 2c7h9d", "p1 cbr 20", "p2 f"]
... finishing_stacks = [112, 90, 98]'''
>>> hand = replay_hand(loads(text)[0])
>>> hand.finished, hand.stacks
(True, (110, 90, 100))
>>> result = replay_history(loads(text)[0], "x.phh", 0)
>>> result.ok, result.finishing_stacks, result.expected
(False, (110, 90, 100), (112, 90, 98))
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Iterator, MutableSequence, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Final, cast

from pokerbonus.cards import FIRST_JOKER, Card, make_deck
from pokerbonus.engine.events import (
    AntePosted,
    BetOrRaised,
    BlindPosted,
    BoardDealt,
    Called,
    CardsDealt,
    CardsServed,
    Checked,
    Declined,
    Discarded,
    Drew,
    Event,
    Folded,
    Shown,
)
from pokerbonus.engine.state import Hand
from pokerbonus.errors import ConfigurationError, IllegalActionError, NotationError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.notation.actions import (
    UNKNOWN,
    Action,
    BuyPot,
    CheckOrCall,
    CompleteBetOrRaiseTo,
    DealBoard,
    DealHole,
    Fold,
    HandCard,
    NoOp,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    Surblind,
)
from pokerbonus.notation.french import SURBLIND_DEPTHS
from pokerbonus.notation.phh import HandHistory, Number, chip_scale, load
from pokerbonus.rules.betting import NO_LIMIT, POT_LIMIT, BettingStructure, limit
from pokerbonus.rules.catalog import game_for_code
from pokerbonus.rules.games import (
    BettingRound,
    Convention,
    Deal,
    GameDef,
    Stakes,
    five_card_draw,
)

__all__ = [
    "ReplayResult",
    "hand_setup",
    "history_of",
    "iter_phh_files",
    "replay_file",
    "replay_hand",
    "replay_history",
    "replay_paths",
]


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The replay of one hand of a file: our finishing stacks (``None`` when the
    hand was refused, ``error`` then says why), the file's (``expected``,
    ``None`` when absent) and ``ok``: they match, or there is nothing to compare."""

    file: str
    index: int
    variant: str
    finishing_stacks: tuple[Number, ...] | None
    expected: tuple[Number, ...] | None
    ok: bool
    error: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The result as a JSON object with exactly the report's keys."""
        return {
            "file": self.file,
            "index": self.index,
            "variant": self.variant,
            "finishing_stacks": list(self.finishing_stacks)
            if self.finishing_stacks is not None else None,
            "expected": list(self.expected) if self.expected is not None else None,
            "ok": self.ok,
            "error": self.error,
        }  # fmt: skip


def _whole(value: Number | Decimal | None, scale: int, what: str) -> int:
    if type(value) is int:  # the usual case: whole chips, no Fraction needed
        return value * scale
    if type(value) is float and scale == 1 and value.is_integer():
        return int(value)
    if value is None:
        raise NotationError(gettext("{what}: missing").format(what=what))
    from fractions import Fraction  # fractions of a chip: the rare case, imported then

    exact = Fraction(Decimal(repr(value))) if isinstance(value, float) else Fraction(value)
    chips = exact * scale
    if chips.denominator != 1:
        raise NotationError(
            gettext("{what}: {value} is not a whole number of chips at scale {scale}").format(
                what=what, value=value, scale=scale
            )
        )
    return int(chips)


def hand_setup(history: HandHistory) -> tuple[GameDef, list[int], Stakes, int]:
    """The engine's view of a hand's header: ``(game, stacks, stakes, scale)``;
    stacks and forced bets are in whole chips (amounts times ``scale``), seat ``i``
    is player ``p{i+1}`` and the dealer is the last seat.

    >>> from pokerbonus.notation import loads
    >>> h = loads('variant = "NT"\\nantes = [0, 5]\\nblinds_or_straddles = [1, 2]\\n'
    ...           'min_bet = 2\\nstarting_stacks = [50, 60.5]\\nactions = []')[0]
    >>> game, stacks, stakes, scale = hand_setup(h)
    >>> game.name, stacks, stakes.seat_blinds, stakes.seat_antes, scale
    ("Texas hold'em", [100, 121], (4, 2), (10, 0), 2)
    """
    code = history.variant
    if history.house_rules is not None:
        return _french_setup(history)
    scale = chip_scale(history)
    n = len(history.starting_stacks)
    small = _whole(history.small_bet, scale, "small_bet") if history.small_bet else 2
    big = _whole(history.big_bet, scale, "big_bet") if history.big_bet else 2 * small
    game = _game(code, small, big, _convention(history))
    blinds_written = history.blinds_or_straddles or (0,) * n
    if scale == 1 and _INTS.issuperset(
        map(type, (*history.starting_stacks, *history.antes, *blinds_written))
    ):  # whole chips already, the usual case
        # (ints, just checked: no cast, a call of its own at each hand)
        stacks: list[int] = list(history.starting_stacks)  # type: ignore[arg-type]
        antes: list[int] = list(history.antes)  # type: ignore[arg-type]
        blinds: list[int] = list(blinds_written)  # type: ignore[arg-type]
    else:
        stacks = [
            _whole(s, scale, f"starting_stacks[{i}]") for i, s in enumerate(history.starting_stacks)
        ]
        antes = [_whole(a, scale, f"antes[{i}]") for i, a in enumerate(history.antes)]
        blinds = [
            _whole(b, scale, f"blinds_or_straddles[{i}]") for i, b in enumerate(blinds_written)
        ]
    minimum = history.min_bet if history.min_bet is not None else history.small_bet
    if _is_stud(game):
        # Stud: no button; everyone antes (the same ante: plain antes), a bring-in.
        bring_in = _whole(history.bring_in, scale, "bring_in") if history.bring_in else 0
        key: tuple[object, ...] = ("stud", *antes, bring_in)
        stakes = _STAKES.get(key)
        if stakes is None:
            if len(_STAKES) > 256:
                _STAKES.clear()
            if len(set(antes)) == 1:
                stakes = Stakes(ante=antes[0], bring_in=bring_in)
            else:
                stakes = Stakes(ante=0, seat_antes=tuple(antes), bring_in=bring_in)
            _STAKES[key] = stakes
        return game, stacks, stakes, scale
    if n == 2:
        antes.reverse()
        blinds.reverse()
    opening = _whole(minimum, scale, "min_bet") if minimum else None
    key = (opening, *antes, *blinds)  # one seat more: another key
    stakes = _STAKES.get(key)
    if stakes is None:
        if len(_STAKES) > 256:  # bounded: forced bets vary from file to file
            _STAKES.clear()
        stakes = _STAKES[key] = Stakes(
            ante=0,
            seat_antes=tuple(antes) if any(antes) else (),
            seat_blinds=tuple(blinds) if any(blinds) else (),
            min_opening=opening,
        )
    return game, stacks, stakes, scale


_GAMES: dict[tuple[str, int, int, Convention], GameDef] = {}
_STAKES: dict[tuple[object, ...], Stakes] = {}
"""Stakes by forced bets (an immutable value, the same for most hands of a table)."""
_INTS: Final = frozenset({int})


def _game(code: str, small: int, big: int, convention: Convention = "phh") -> GameDef:
    """:func:`game_for_code`, cached: a game is an immutable value, built once per
    code, bet sizes and betting convention (building one is a good part of a short
    hand's replay)."""
    key = (code, small, big, convention)
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) > 256:  # bounded: bet sizes vary from file to file
            _GAMES.clear()
        game = game_for_code(code, small, big)
        if convention != game.convention:
            game = dataclasses.replace(game, convention=convention)
        _GAMES[key] = game
    return game


CONVENTION_FIELD: Final = "_convention"
"""The PHH field our records carry to say whose rules they follow (``GameDef.convention``)."""


def _convention(history: HandHistory) -> Convention:
    """The conventions a standard PHH hand is replayed by: PHH's reference engine's
    (pokerkit's raise cap, reopening and odd chips, ``"phh"``) unless the file says
    it follows our rule book (``_convention = "rule-book"``, as :func:`history_of`
    writes)."""
    value = history.extra_fields.get(CONVENTION_FIELD, "phh")
    if value not in ("phh", "rule-book"):
        raise NotationError(
            gettext("field {field!r}: must be 'phh' or 'rule-book', got {value!r}").format(
                field=CONVENTION_FIELD, value=value
            )
        )
    return cast(Convention, value)


_SHAPES: dict[int, tuple[GameDef, bool, tuple[tuple[Deal, ...], ...]]] = {}


def _shape(game: GameDef) -> tuple[bool, tuple[tuple[Deal, ...], ...]]:
    """``(stud, hole deals)`` of ``game``, worked out once per game object (the
    entry holds the game, so its ``id`` cannot be reused while it is here)."""
    entry = _SHAPES.get(id(game))
    if entry is None or entry[0] is not game:
        if len(_SHAPES) > 256:
            _SHAPES.clear()
        stud = any(isinstance(s, BettingRound) and s.first == "bring-in" for s in game.steps)
        deals = tuple(tuple(group) for group in _hole_deals_of(game))
        entry = _SHAPES[id(game)] = (game, stud, deals)
    return entry[1], entry[2]


_FRENCH_STRUCTURES: dict[str, BettingStructure] = {"N": NO_LIMIT, "P": POT_LIMIT}


def _french_setup(history: HandHistory) -> tuple[GameDef, list[int], Stakes, int]:
    """The French draw's header (``NFD``/``PFD``/``FFD``): the game and the stakes
    come from the house rules (RULES.md section 5), not seat by seat. The offers
    before the deal (``sb``/``nsb``, ``bp``/``nbp``) are played as actions."""
    rules = history.house_rules
    assert rules is not None
    code = history.variant
    if chip_scale(history) != 1:
        raise NotationError(
            gettext("variant {code!r}: French draw chips are whole (RULES.md section 4)").format(
                code=code
            )
        )
    if code == "FFD":
        small = _whole(history.small_bet, 1, "small_bet")
        structure = limit(small, _whole(history.big_bet, 1, "big_bet"))
    else:
        structure = _FRENCH_STRUCTURES[code[0]]
    key = (code, structure, rules.deck_size, rules.jokers, rules.max_discard, rules.wheel,
           rules.ranking)  # fmt: skip
    game = _FRENCH_GAMES.get(key)
    if game is None:
        if len(_FRENCH_GAMES) > 256:
            _FRENCH_GAMES.clear()
        game = _FRENCH_GAMES[key] = five_card_draw(
            structure=structure,
            deck_size=rules.deck_size,
            jokers=rules.jokers,
            max_discard=rules.max_discard,
            wheel=rules.wheel,
            ranking=rules.ranking,
        )
    stacks = [_whole(s, 1, f"starting_stacks[{i}]") for i, s in enumerate(history.starting_stacks)]
    if rules.forced_bets == "blind":
        stakes = Stakes.blind_game(
            rules.blind,
            surblind=rules.surblind,
            max_surblinds=SURBLIND_DEPTHS[rules.surblind_depth],
            ante=_whole(history.antes[0], 1, "antes[0]") if history.antes else 0,
        )
        if rules.kill_blind:  # the killer: whose forced bet is the kill blind (PHH order)
            blinds = list(history.blinds_or_straddles or ())
            killer = blinds.index(rules.kill_blind)  # p1 is seat 0
            stakes = dataclasses.replace(stakes, killer=killer, kill_blind=rules.kill_blind)
    else:
        # After an all-pass blind deal the pot deal opens at the blind: ``min_bet``.
        minimum = history.min_bet
        opening = _whole(minimum, 1, "min_bet") if minimum is not None else None
        stakes = Stakes(
            ante=rules.ante,
            buy_pot=rules.buy_pot,
            min_opening=opening if opening is not None and opening != rules.ante else None,
        )
    return game, stacks, stakes, 1


_FRENCH_GAMES: dict[tuple[object, ...], GameDef] = {}


def _is_stud(game: GameDef) -> bool:
    """Whether ``game`` has a bring-in round (a stud game)."""
    return _shape(game)[0]


def _hole_deals(game: GameDef) -> list[list[Deal]]:
    """The deals of private cards grouped as hand histories write them: the deals
    between two betting rounds make one ``d dh`` per player (stud third street:
    two down and one up in one action)."""
    return [list(group) for group in _shape(game)[1]]


def _hole_deals_of(game: GameDef) -> list[list[Deal]]:
    groups: list[list[Deal]] = []
    fresh = True
    for step in game.steps:
        if isinstance(step, Deal) and step.face != "board":
            if fresh:
                groups.append([])
                fresh = False
            groups[-1].append(step)
        elif not isinstance(step, Deal):
            fresh = True
    return groups


class _Cards:
    """Pass one over the actions: the deck order as slots (known cards or unknown),
    each player's held slots, the slots each discard gives up."""

    def __init__(self, history: HandHistory, game: GameDef) -> None:
        self.n = n = len(history.starting_stacks)
        self.rules = history.house_rules
        self.jokers = 0  # jokers named so far: PHH writes each ``Jk``, we number them
        self.slots: list[Card | None] = []
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = []  # per StandPatOrDiscard, in action order
        # For a stub that ran out (see :meth:`_recycled_order`): when each slot left
        # its holder, as the number of slots dealt before (folds, served discards).
        self.folds: list[tuple[int, int]] = []  # (player, slots dealt) at each fold
        self.served: list[tuple[list[int], int]] = []  # (discarded slots, slots dealt)
        self._out: dict[int, list[int]] = {}  # each player's discard awaiting its cards
        self.piles: list[list[Card]] = []  # each reshuffled stub, next card last
        self.deck = make_deck(game.deck_size_for(n), game.jokers)
        self.game = game
        self._walk(history)
        self.named = list(self.slots)  # the slots as the file names them (None: unknown)

    def _new(self, card: Card | None) -> int:
        if card is not None and card.is_joker:  # the first joker dealt is 52, the next 53
            card = Card(52 + self.jokers)
            self.jokers += 1
        self.slots.append(card)
        return len(self.slots) - 1

    def _walk(self, history: HandHistory) -> None:
        deal_counts = _hole_deals(self.game)
        pending = [0] * self.n  # cards a player is owed after a discard
        run: list[DealHole] = []
        in_run: set[int] = set()  # the players of ``run``
        partial: int | None = None  # the player just served three of a four-card exchange
        for action in history.actions:
            kind = type(action)
            if kind in _BETTING:  # the usual action: nothing dealt (checked first, cheap)
                if run:
                    self._deal_run(run, deal_counts)
                    run = []
                    in_run = set()
                partial = None
                if kind is Fold:
                    self.folds.append((action.player, len(self.slots)))  # type: ignore[union-attr]
                continue
            if type(action) is DealHole and not pending[action.player]:  # the usual deal
                # (a street's hole cards; the same player again starts the next street)
                partial = None
                if action.player in in_run:
                    self._deal_run(run, deal_counts)
                    run = []
                    in_run = set()
                run.append(action)
                in_run.add(action.player)
                continue
            if kind is NoOp or isinstance(action, NoOp):
                continue
            split, partial = partial, None
            if run:
                self._deal_run(run, deal_counts)
                run = []
                in_run = set()
            if isinstance(action, DealHole):
                player = action.player
                count = len(action.cards)
                if count != pending[player] and not self._split(pending[player], count):
                    raise NotationError(
                        gettext("d dh p{player}: {count} cards dealt, {pending} discarded").format(
                            player=player + 1, count=count, pending=pending[player]
                        )
                    )
                if split == player:
                    # The fourth card right after the first three: this player is the
                    # last served, so the dealer burns one card first (RULES.md section 5).
                    self._new(None)
                pending[player] -= count
                if pending[player]:
                    partial = player
                for card in action.cards:
                    self.held[player].append(self._new(None if card is UNKNOWN else card))
                if not pending[player] and player in self._out:  # the discards go to the muck
                    self.served.append((self._out.pop(player), len(self.slots)))
            elif isinstance(action, DealBoard):
                if UNKNOWN in action.cards:
                    raise NotationError(gettext("d db: an unknown board card cannot be replayed"))
                self.slots.append(None)  # the burned card
                board = _plain(action.cards)
                if board is not None:
                    self.slots.extend(board)
                else:
                    for card in action.cards:
                        self._new(cast(Card, card))
            elif isinstance(action, StandPatOrDiscard):
                self.discards.append(self._discard(action))
                pending[action.player] = len(action.cards)
                if action.cards:
                    self._out[action.player] = self.discards[-1]
            elif isinstance(action, ShowOrMuck) and action.cards:
                self._show(action)
        if run:
            self._deal_run(run, deal_counts)

    def _split(self, owed: int, count: int) -> bool:
        """Whether dealing ``count`` of ``owed`` cards is half of a four-card exchange
        (three, then the fourth after everyone else), which the engine plays only
        with the rule book's burn."""
        if not (owed == 4 and count == 3) and not (owed == 1 and count == 1):
            return False
        rules = self.rules
        if rules is None or rules.max_discard != 3:
            return False
        if rules.fourth_card != "deferred" or not rules.fourth_card_burn:
            raise ConfigurationError(
                gettext(
                    "a four-card exchange with _fourth_card = {fourth_card!r}, "
                    "_fourth_card_burn = {lower}: the engine plays the rule book's "
                    "(deferred, with the burn) only"
                ).format(fourth_card=rules.fourth_card, lower=str(rules.fourth_card_burn).lower())
            )
        return True

    def _deal_run(self, run: list[DealHole], groups: list[list[Deal]]) -> None:
        if not groups:
            raise NotationError(
                gettext("d dh: {name} deals no hole cards here").format(name=self.game.name)
            )
        deals = groups.pop(0)
        count = sum(d.count for d in deals)
        by_player = {a.player: a.cards for a in run}
        if len(by_player) != len(run) or set(map(len, by_player.values())) != {count}:
            raise NotationError(
                gettext(
                    "d dh: the deal of {count} cards to each player does not match {value}"
                ).format(count=count, value=[str(a) for a in run])
            )
        order = sorted(by_player)  # seats clockwise from the left of the dealer
        hands = [by_player[player] for player in order]
        offset = 0
        slots, held = self.slots, self.held
        for deal in deals:  # each deal one card at a time around, as the engine deals
            if deal.burn:
                slots.append(None)
            dealt = [cards[k] for k in range(offset, offset + deal.count) for cards in hands]
            offset += deal.count
            plain = _plain(dealt)
            if plain is not None:  # known cards, no joker: the usual deal
                first, size = len(slots), len(order)
                slots.extend(plain)
                for i, player in enumerate(order):
                    held[player].extend(range(first + i, first + len(dealt), size))
                continue
            for i, card in enumerate(dealt):
                held[order[i % len(order)]].append(self._new(None if card is UNKNOWN else card))

    def _discard(self, action: StandPatOrDiscard) -> list[int]:
        held = self.held[action.player]
        out: list[int] = []
        for card in action.cards:
            if card is UNKNOWN:
                choices = [s for s in held if self.slots[s] is None and s not in out]
            elif card.is_joker:  # whichever joker the player holds
                choices = [s for s in held if _is_joker(self.slots[s]) and s not in out]
            else:
                choices = [s for s in held if self.slots[s] == card]
            if not choices:
                raise NotationError(
                    gettext("{action}: p{player} does not hold {card}").format(
                        action=action, player=action.player + 1, card=card
                    )
                )
            out.append(choices[0])
        for slot in out:
            held.remove(slot)
        return out

    def _show(self, action: ShowOrMuck) -> None:
        held = self.held[action.player]
        known = {self.slots[s] for s in held}
        jokers = sum(_is_joker(self.slots[s]) for s in held)
        unknown = [s for s in held if self.slots[s] is None]
        new: list[Card] = []
        for card in action.cards:
            if card is UNKNOWN:
                continue
            if card.is_joker:
                if jokers:
                    jokers -= 1
                    continue
                card = Card(52 + self.jokers)
                self.jokers += 1
            elif card in known:
                continue
            new.append(card)
        if len(new) > len(unknown):
            raise NotationError(
                gettext("{action}: shows cards p{player} was not dealt").format(
                    action=action, player=action.player + 1
                )
            )
        for slot, card in zip(unknown, new, strict=False):
            self.slots[slot] = card

    @property
    def has_unknown(self) -> bool:
        """Whether some dealt card is unknown (``??``) or burned."""
        return any(c is None for c in self.named)

    def deck_order(self, highest_first: bool = False) -> list[Card]:
        """The slots with every unknown filled by a card no action names (lowest
        index first, or ``highest_first``), then the rest."""
        slots = self.named
        taken = set(slots)
        taken.discard(None)
        unknown = slots.count(None)
        if len(taken) + unknown != len(slots):
            return self._recycled_order()
        unused = [c for c in self.deck if c not in taken]
        if highest_first:
            unused.reverse()
        if unknown > len(unused):
            raise NotationError(gettext("more cards dealt than the deck holds"))
        if unknown:
            free = iter(unused)
            order = [c if c is not None else next(free) for c in slots]
            unused = list(free)
        else:
            order = list(slots)  # type: ignore[arg-type]  # every card known
        self.slots = list(order)
        return order + unused

    def _recycled_order(self) -> list[Card]:
        """The deck order of a record in which a discarded card is dealt again: the
        stub ran out and the dealer reshuffled the discards (RULES.md section 5).

        Another engine may deal the discards again at other moments than ours:
        pokerkit burns a card before each draw and serves a draw's cards after
        everyone has discarded, so a player may get a card that a later player
        discarded in the same draw. Only the cards compared at the end (the hands
        held by the players still in, and the boards) decide the result; every
        other card plays the same whatever it is. So each dealt slot gets a card
        the engine can deal at that moment by our rule: the kept cards their own,
        the others any card, chosen so that each kept card that comes back from
        the discards is among the discards our dealer gathers before that deal
        (a chain of earlier holders carries it there). :attr:`piles` holds the
        order of each reshuffled stub, which the replay's random source gives
        back to the engine. Raises :class:`NotationError` when no such deal exists.
        """
        named = self.named
        count, size = len(named), len(self.deck)
        dies = [0] * count  # the slots dealt before each slot left its holder; 0: never
        for player, dealt in self.folds:
            for slot in self.held[player]:
                dies[slot] = dealt
        for out, dealt in self.served:
            for slot in out:
                dies[slot] = dealt
        folded = {player for player, _ in self.folds}
        hole = {slot for held in self.held for slot in held}
        hole.update(slot for out in self.discards for slot in out)
        fixed: dict[int, Card] = {}  # the slots compared at the end: the hands still in
        for player in range(self.n):
            if player not in folded:
                for slot in self.held[player]:
                    kept = named[slot]
                    if kept is not None:
                        fixed[slot] = kept
        for slot, card in enumerate(named):  # and the boards
            if card is not None and slot not in hole:
                fixed[slot] = card
        if len(set(fixed.values())) != len(fixed):
            raise NotationError(gettext("a card is held twice at the end of the hand"))
        # Our dealer's reshuffles: the stub runs out after ``size`` cards; each new
        # stub is the discards gathered since the last reshuffle (not those of the
        # player being served: they leave their holder once the player is served).
        bounds = [0, size]  # after the first stub, phase r deals bounds[r] .. bounds[r+1]-1
        piles: list[list[int]] = []  # the slots whose cards make the stub of phase r
        while bounds[-1] < count:
            low, high = bounds[-2] if len(bounds) > 2 else 0, bounds[-1]
            pile = [slot for slot in range(count) if low < dies[slot] <= high]
            if not pile:
                raise NotationError(
                    gettext(
                        "the stub ran out and no discard is left to reshuffle for the next card"
                    )
                )
            piles.append(pile)
            bounds.append(high + len(pile))
        bounds[-1] = min(bounds[-1], count)
        phase = [0] * count
        for r in range(1, len(piles) + 1):
            for slot in range(bounds[r], bounds[r + 1]):
                phase[slot] = r
        # A compared card dealt from a reshuffled stub needs an earlier holder who
        # leaves it in the discards gathered for that stub; that holder, if itself
        # served from a reshuffled stub, needs one too, earlier again.
        wanted: list[list[Card]] = [[] for _ in piles]
        for slot, card in fixed.items():
            if phase[slot]:
                wanted[phase[slot] - 1].append(card)
        for r in range(len(piles), 0, -1):
            free = sorted((s for s in piles[r - 1] if s not in fixed), key=phase.__getitem__)
            for card in wanted[r - 1]:
                if not free:  # pragma: no cover - a stub never deals more than it holds
                    raise NotationError(
                        gettext("no discard can bring {card} back to the stub").format(card=card)
                    )
                carrier = free.pop(0)  # the first dealt: the shortest chain
                fixed[carrier] = card
                if phase[carrier]:
                    wanted[phase[carrier] - 1].append(card)
        # Then each slot in dealing order gets its fixed card, else its own card when
        # no slot of the same stub needs it, else any card of that stub.
        cards: list[Card] = []
        order: list[Card] = []
        stubs: list[list[Card]] = [list(self.deck)]
        stubs += [[] for _ in piles]  # filled once their holders are known
        self.piles = []
        for r in range(len(piles) + 1):
            deals = range(bounds[r], bounds[r + 1])
            if r:
                stubs[r] = [cards[s] for s in piles[r - 1]]
            left = set(stubs[r])
            needed = {fixed[s] for s in deals if s in fixed}
            if not needed <= left:  # pragma: no cover - the chains put them there
                raise NotationError(
                    gettext("{cards} not in the reshuffled discards").format(
                        cards=sorted(needed - left)
                    )
                )
            spare = [c for c in stubs[r] if c not in needed]
            given: list[Card] = []
            for slot in deals:
                card = fixed.get(slot)
                if card is None:
                    own = named[slot]
                    card = (
                        own
                        if own in left and own not in needed
                        else next(c for c in spare if c in left)
                    )
                left.discard(card)
                given.append(card)
            cards += given
            rest = [c for c in stubs[r] if c in left]
            if r:  # the engine deals from the end of its stub: the first card last
                self.piles.append(rest + given[::-1])
            else:
                order = given + rest
        self.slots = list(cards)
        return order


_PLAYED: Final = (
    CheckOrCall, Fold, CompleteBetOrRaiseTo, PostBringIn, StandPatOrDiscard, Surblind, BuyPot
)  # fmt: skip
"""The actions the engine plays (the others say which cards are dealt)."""
_PLAYED_SET: Final = frozenset(_PLAYED)
_BETTING: Final = _PLAYED_SET - {StandPatOrDiscard}
"""The actions played that deal nothing (a discard deals the replacement cards)."""


def _plain(cards: Sequence[HandCard]) -> list[Card] | None:
    """``cards`` when every one is known and none is a joker (the usual deal), else ``None``."""
    if UNKNOWN in cards:
        return None
    known: list[Card] = list(cards)  # type: ignore[arg-type]  # no UNKNOWN: cards
    return known if max(known, default=0) < FIRST_JOKER else None


def _is_joker(card: Card | None) -> bool:
    return card is not None and card.is_joker


def replay_hand(history: HandHistory) -> Hand:
    """Play ``history`` through the engine and return the finished hand (amounts in
    chips times :func:`~pokerbonus.notation.phh.chip_scale`).

    Raises :class:`IllegalActionError` (an action our rules refuse, naming it),
    :class:`NotationError` (cards that cannot be dealt as written) or
    :class:`ConfigurationError` (a game we do not replay).
    """
    return _replay(history)[0]


def _replay(history: HandHistory) -> tuple[Hand, int]:
    """:func:`replay_hand`, and the hand's :func:`~pokerbonus.notation.phh.chip_scale`."""
    game, stacks, stakes, scale = hand_setup(history)
    cards = _Cards(history, game)
    try:
        return _play(history, game, stacks, stakes, scale, cards, False), scale
    except IllegalActionError as exc:
        # Stud: unknown up cards decide who brings in and who opens; cards filled
        # from the lowest may take the bring-in from the player the file names.
        # The other filling (highest cards first) is tried before giving up.
        if not (_is_stud(game) and cards.has_unknown and "turn" in str(exc)):
            raise
        return _play(history, game, stacks, stakes, scale, cards, True), scale


def _play(
    history: HandHistory,
    game: GameDef,
    stacks: list[int],
    stakes: Stakes,
    scale: int,
    cards: _Cards,
    highest_first: bool,
) -> Hand:
    deck = cards.deck_order(highest_first)
    # a stub that ran out: the reshuffles give the discards back in the record's order
    # (else none is planned: a reshuffle would be refused, and no system source is made)
    rng = _RecordedReshuffles(cards.piles) if cards.piles else _NO_RESHUFFLE
    hand = Hand(game, stacks, dealer=len(stacks) - 1, stakes=stakes, deck=deck, rng=rng)
    discards = iter(cards.discards)
    offers = history.house_rules is not None  # the French draw's offers before the deal
    limit = game.structure.is_limit  # a raise may need the fixed raise's total
    for number, action in enumerate(history.actions):
        kind = type(action)
        if kind not in _PLAYED_SET:
            if isinstance(action, DealHole | DealBoard | ShowOrMuck | NoOp):
                continue
            kind = next(k for k in _PLAYED if isinstance(action, k))  # a subclass
        player = action.player  # type: ignore[union-attr]
        if offers and kind is not Surblind and kind is not BuyPot and hand.decision in _OFFERS:
            _implicit_offers(history, hand)  # an older record: no offer actions
        if hand.actor != player:
            where = f"action {number} {str(action)!r}"
            if hand.finished or hand.actor is None:
                raise IllegalActionError(
                    gettext("{where}: the hand is already over").format(where=where)
                )
            raise IllegalActionError(
                gettext("{where}: it is p{actor}'s turn").format(where=where, actor=hand.actor + 1)
            )
        try:
            if kind is CheckOrCall:
                hand.check_or_call()
            elif kind is Fold:
                hand.fold()
            elif kind is CompleteBetOrRaiseTo:
                amount = action.amount  # type: ignore[union-attr]
                chips = (
                    amount * scale
                    if type(amount) is int
                    else _whole(amount, scale, f"action {number} {str(action)!r}")
                )
                hand.complete_bet_or_raise_to(_raise_total(hand, chips) if limit else chips)
            elif kind is PostBringIn:
                if hand.can_fold() or not hand.to_call:
                    raise IllegalActionError(
                        gettext("p{player} has no bring-in to post").format(player=player + 1)
                    )
                hand.check_or_call()
            elif kind is StandPatOrDiscard:
                hand.discard([cards.slots[s] for s in next(discards)])  # type: ignore[misc]
            elif kind is Surblind:
                hand.decline() if action.declined else hand.surblind()  # type: ignore[union-attr]
            elif kind is BuyPot:
                hand.decline() if action.declined else hand.buy_pot()  # type: ignore[union-attr]
        except IllegalActionError as exc:
            raise IllegalActionError(
                gettext("action {number} {action!r}: {exc}").format(
                    number=number, action=str(action), exc=exc
                )
            ) from None
    if hand.decision in _OFFERS:
        _implicit_offers(history, hand)
    if not hand.finished:
        raise IllegalActionError(
            gettext("the actions end before the hand does (p{value} to {decision})").format(
                value=(hand.actor or 0) + 1, decision=hand.decision
            )
        )
    return hand


_OFFERS = ("buy_pot", "surblind")


class _RecordedReshuffles(random.Random):
    """The random source of a replayed hand whose stub ran out: each reshuffle puts
    the gathered discards in the order planned by :meth:`_Cards._recycled_order`."""

    def __init__(self, piles: Sequence[Sequence[Card]]) -> None:
        super().__init__(0)
        self._piles = iter(piles)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Put ``x`` (the discards gathered) in the planned order of the next reshuffle."""
        planned = next(self._piles, None)
        if planned is None or sorted(x) != sorted(planned):
            raise NotationError(
                gettext("the discards our dealer reshuffles are not those the record deals again")
            )
        x[:] = planned


_NO_RESHUFFLE: Final = _RecordedReshuffles(())
"""The random source of a replayed hand whose stub suffices: it shuffles nothing."""


def _implicit_offers(history: HandHistory, hand: Hand) -> None:
    """A French record without its offer actions (written before ``sb``/``bp``
    existed): each offer is decided by what ``blinds_or_straddles`` shows the
    player put in (a surblind or a bought pot, else a decline)."""
    blinds = history.blinds_or_straddles or ()
    while hand.decision in _OFFERS and hand.actor is not None:
        seat = hand.actor
        took = seat < len(blinds) and bool(blinds[seat])
        if not took:
            hand.decline()
        elif hand.decision == "surblind":
            hand.surblind()
        else:
            hand.buy_pot()


def _raise_total(hand: Hand, amount: int) -> int:
    """The engine's total for a raise to ``amount``. In limit a raise is exactly one
    bet (RULES.md section 6); a file may write a smaller total that already puts
    every opponent still in all-in (pokerkit caps a raise at what an opponent can
    call). The fixed raise then plays the same (the chips above what the
    opponents can call come back uncalled), so the engine's fixed total is used."""
    bounds = hand.raise_bounds()
    if bounds is None or not hand.game.structure.is_limit or bounds[0] <= amount:
        return amount
    seat = hand.actor
    bets, stacks, folded = hand.bets, hand.stacks, hand.folded
    most = max(
        (bets[o] + stacks[o] for o in range(hand.n) if o != seat and not folded[o]), default=0
    )
    return bounds[0] if max(bets) < amount and most <= amount else amount


def _number(chips: int, scale: int) -> Number:
    if chips % scale == 0:
        return chips // scale
    from fractions import Fraction

    return float(Fraction(chips, scale))


def replay_history(history: HandHistory, file: str, index: int) -> ReplayResult:
    """Replay one hand and compare our finishing stacks with the file's."""
    expected = history.finishing_stacks
    try:
        hand, scale = _replay(history)
    except PokerError as exc:
        return ReplayResult(file, index, history.variant, None, expected, False, str(exc))
    stacks = hand.stacks
    ours = stacks if scale == 1 else tuple(_number(s, scale) for s in stacks)
    ok = True
    if expected is not None:
        if scale == 1 and _INTS.issuperset(map(type, expected)):  # whole chips: no fractions
            ok = tuple(expected) == stacks
        else:
            from fractions import Fraction

            wanted = [Fraction(Decimal(repr(v))) if isinstance(v, float) else Fraction(v)
                      for v in expected]  # fmt: skip
            ok = wanted == [Fraction(s, scale) for s in stacks]
    return ReplayResult(file, index, history.variant, ours, expected, ok, None)


def iter_phh_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """``.phh`` and ``.phhs`` files: each path itself, or the files under a folder
    (sorted, recursively)."""
    for path in paths:
        if not isinstance(path, Path):  # a Path given is not parsed again
            path = Path(path)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in (".phh", ".phhs"))
        else:
            yield path


def replay_paths(paths: Sequence[str | Path]) -> list[ReplayResult]:
    """Replay every hand of ``paths`` (files or folders); a file that cannot be read
    gives one refused result with index 0 and the reading error."""
    results: list[ReplayResult] = []
    for path in iter_phh_files(paths):
        results += replay_file(path)
    return results


def replay_file(path: Path) -> list[ReplayResult]:
    """Replay every hand of one ``.phh``/``.phhs`` file (see :func:`replay_paths`)."""
    name = str(path)
    try:
        histories = load(path)
    except (OSError, PokerError) as exc:
        return [ReplayResult(name, 0, "", None, None, False, str(exc))]
    return [replay_history(history, name, index) for index, history in enumerate(histories)]


def _during_deal(event: Event) -> bool:
    """A kill put on after two cards (or declined): it happens inside the first deal,
    which stays one ``d dh`` per player; the kill blind is a forced bet of the record."""
    return (isinstance(event, BlindPosted) and event.kind == "kill") or isinstance(event, Declined)


def history_of(hand: Hand, variant: str) -> HandHistory:
    """A played engine hand as a PHH hand of code ``variant`` (the inverse of
    :func:`replay_hand`): ``p1`` is the seat left of the dealer, heads-up forced-bet
    arrays reversed (button games), every card known. The deals between two
    betting rounds are one ``d dh`` per player (stud third street: three cards);
    a stud bring-in is ``pb``.

    >>> import random
    >>> from pokerbonus.engine import Hand
    >>> from pokerbonus.rules import Stakes
    >>> from pokerbonus.rules.catalog import holdem
    >>> hand = Hand(holdem(), [50, 50], dealer=1, stakes=Stakes(0, blinds=(1, 2)),
    ...             rng=random.Random(3))
    >>> hand.fold()
    >>> h = history_of(hand, "NT")
    >>> h.blinds_or_straddles, [str(a)[:7] for a in h.actions], h.finishing_stacks
    ((1, 2), ['d dh p1', 'd dh p2', 'p2 f'], (51, 49))
    """
    n, dealer = hand.n, hand.dealer

    def player(seat: int) -> int:
        return (seat - dealer - 1) % n

    antes = [0] * n
    blinds = [0] * n
    bring_in = 0
    actions: list[Action] = []
    served: list[Action] = []  # a draw's replacement cards follow all its discards
    dealt: dict[int, tuple[Card, ...]] = {}  # consecutive deals: one action per player
    for event in hand.events:
        if served and not isinstance(event, Drew | CardsServed):
            actions += served
            served = []
        if dealt and not isinstance(event, CardsDealt) and not _during_deal(event):
            actions += [DealHole(p, cards) for p, cards in dealt.items()]
            dealt = {}
        if isinstance(event, CardsServed):
            served.append(DealHole(player(event.seat), event.cards))
        elif isinstance(event, AntePosted):
            antes[player(event.seat)] += event.amount
        elif isinstance(event, BlindPosted) and event.kind == "bring-in":
            bring_in = hand.stakes.bring_in
            actions.append(PostBringIn(player(event.seat)))
        elif isinstance(event, BlindPosted):
            blinds[player(event.seat)] += event.amount
        elif isinstance(event, CardsDealt):
            p = player(event.seat)
            dealt[p] = dealt.get(p, ()) + event.cards
        elif isinstance(event, BoardDealt):
            actions.append(DealBoard(event.cards))
        elif isinstance(event, Checked | Called):
            actions.append(CheckOrCall(player(event.seat)))
        elif isinstance(event, BetOrRaised):
            actions.append(CompleteBetOrRaiseTo(player(event.seat), event.to))
        elif isinstance(event, Folded):
            actions.append(Fold(player(event.seat)))
        elif isinstance(event, Drew | Discarded):
            actions.append(StandPatOrDiscard(player(event.seat), event.cards))
        elif isinstance(event, Shown):
            actions.append(ShowOrMuck(player(event.seat), event.cards))
    actions += served
    actions += [DealHole(p, cards) for p, cards in dealt.items()]
    stud = _is_stud(hand.game)
    if n == 2 and not stud:
        antes.reverse()
        blinds.reverse()

    def by_player(values: Sequence[int]) -> tuple[int, ...]:
        return tuple(values[(dealer + 1 + p) % n] for p in range(n))

    structure = hand.game.structure
    small_bet, big_bet = structure.small_bet, structure.big_bet
    killed = any(isinstance(e, BlindPosted) and e.kind == "kill" for e in hand.events)
    if killed and hand.stakes.kill_bets:  # killed after two cards: the kill bets
        small_bet, big_bet = hand.stakes.kill_bets
    bets: dict[str, Any] = (
        {"small_bet": small_bet, "big_bet": big_bet}
        if structure.is_limit else {"min_bet": hand.stakes.opening_minimum}
    )  # fmt: skip
    if stud:
        bets["bring_in"] = bring_in or hand.stakes.bring_in
    return HandHistory(
        variant=variant,
        extra_fields={CONVENTION_FIELD: hand.game.convention},
        ante_trimming_status=True,
        antes=tuple(antes),
        blinds_or_straddles=None if stud else tuple(blinds),
        starting_stacks=by_player(hand.starting_stacks),
        actions=tuple(actions),
        finishing_stacks=by_player(hand.stacks) if hand.finished else None,
        **bets,
    )
