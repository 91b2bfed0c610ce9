"""The table: a session of many hands under one set of house rules (RULES.md sections 4-5).

The table seats the players at random, draws for the first deal, and then
strings hands together: for each hand it chooses the dealer (the deal passes
clockwise among the players with chips), the forced bets (pot game, blind
game, the pot game that follows an all-pass, alternating orbits), prepares the
deck by the shuffle policy, starts the hand through the hand engine
(:class:`pokerbonus.engine.state.Hand`), and once the hand is over applies its
result to the ledger. A player without chips sits out until they rebuy.

The table owns no random source and does no I/O: the rng is passed in.

>>> import random
>>> from pokerbonus.engine.config import TableConfig
>>> table = Table(TableConfig(players=3), random.Random(7), ["ann", "bob", "cy"])
>>> sorted(table.players)
['ann', 'bob', 'cy']
>>> table.next_plan().mode, table.next_plan().deck_size
('pot', 32)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pokerbonus.cards import Card, make_deck
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import BlindPosted
from pokerbonus.engine.kill import KillRule, KillState, kill_stakes
from pokerbonus.engine.ledger import Ledger, Purchase
from pokerbonus.engine.seating import (
    DealerDraw,
    draw_first_dealer,
    draw_seats,
    next_dealer,
)
from pokerbonus.engine.shuffle import Shuffler, system_rng
from pokerbonus.engine.state import Hand
from pokerbonus.errors import ConfigurationError, IllegalActionError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.rules import NO_LIMIT, POT_LIMIT, GameDef, Stakes, five_card_draw, limit
from pokerbonus.rules.catalog import CATALOG

__all__ = [
    "ForcedBetSchedule",
    "HandMode",
    "HandPlan",
    "HandRecord",
    "Table",
    "game_for",
    "hand_mode",
    "hand_stakes",
    "kill_game",
    "random_legal_action",
]

HandMode = Literal["pot", "blind"]


def game_for(config: TableConfig) -> GameDef:
    """The hand engine's game description for a table configuration.

    >>> game_for(TableConfig(players=5, max_discard=5)).deck_size
    40
    >>> game_for(TableConfig(game="omaha-hi-lo", betting="pot-limit")).name
    'Omaha high/low'
    """
    if config.betting == "limit":
        assert config.small_bet is not None and config.big_bet is not None
        structure = limit(config.small_bet, config.big_bet, config.raise_cap)
    else:
        structure = NO_LIMIT if config.betting == "no-limit" else POT_LIMIT
    if not config.is_draw:
        return CATALOG[config.game].build(structure)
    return five_card_draw(
        structure=structure,
        deck_size=config.effective_deck_size,
        jokers=config.jokers,
        max_discard=config.max_discard,
        wheel=config.wheel,
        ranking=config.ranking,
    )


def hand_mode(
    config: TableConfig, schedule: ForcedBetSchedule, players: int
) -> tuple[HandMode, int | None]:
    """The forced bets of the next hand of ``players`` and its minimum opening.

    The French draw follows ``schedule`` (see :class:`ForcedBetSchedule`); the
    catalog games use the same forced bets every hand (RULES.md section 8):
    ``blind`` for the blind games, ``pot`` (antes, bring-in) for stud.

    >>> holdem = TableConfig(game="holdem", small_blind=1, big_blind=2)
    >>> hand_mode(holdem, ForcedBetSchedule(holdem), 6)
    ('blind', None)
    """
    if not config.is_draw:
        return ("blind", None) if config.forced == "blinds" else ("pot", None)
    return schedule.next_hand(players)


def hand_stakes(
    config: TableConfig,
    mode: HandMode,
    min_opening: int | None,
    killer: int | None = None,
    rule: KillRule | None = None,
) -> Stakes:
    """The forced bets of a hand: the one source of truth for every table.

    ``mode`` and ``min_opening`` come from :func:`hand_mode`; ``killer`` is the
    hand seat posting the kill blind of ``rule`` (blind hands only). Without a
    killer, a ``rule`` with ``look_at_two`` offers the kill after two cards.
    Antes and blinds go together when the table sets an ante with blinds.

    >>> holdem = TableConfig(game="holdem", small_blind=1, big_blind=2)
    >>> hand_stakes(holdem, "blind", None).blinds
    (1, 2)
    >>> hand_stakes(holdem, "blind", None, 2, KillRule()).kill_blind
    4
    >>> limit_holdem = TableConfig(game="holdem", betting="limit", small_bet=10, big_bet=20, ante=1)
    >>> stakes = hand_stakes(limit_holdem, "blind", None)
    >>> stakes.ante, stakes.blinds
    (1, (5, 10))
    """
    c = config
    if mode == "blind":
        if c.is_draw:
            big_blind = c.effective_blind
            stakes = Stakes.blind_game(
                big_blind,
                surblind=c.surblind,
                max_surblinds=c.max_surblinds if c.surblind else None,
                ante=c.blind_ante,
            )
        else:
            small, big_blind = c.effective_blinds
            stakes = Stakes(ante=c.blind_ante, blinds=(small, big_blind), straddle=c.straddle)
        if killer is not None and rule is None:
            raise ConfigurationError(
                gettext("kill: hand seat {killer} kills, but no kill rule is set").format(
                    killer=killer
                )
            )
        if rule is not None:
            stakes = kill_stakes(stakes, killer, rule, big_blind, game_for(c).structure)
        return stakes
    if killer is not None:
        raise ConfigurationError(
            gettext("kill: hand seat {killer} kills in a {mode} hand (blind only)").format(
                killer=killer, mode=mode
            )
        )
    if not c.is_draw:
        return Stakes(ante=c.effective_ante, bring_in=c.bring_in)
    return Stakes.pot_game(c.effective_ante, buy_pot=c.buy_pot, min_opening=min_opening)


def kill_game(game: GameDef, rule: KillRule) -> GameDef:
    """The game of a kill hand: ``game`` with the bets of ``rule`` (limit bets scaled)."""
    return dataclasses.replace(game, structure=rule.structure(game.structure))


class ForcedBetSchedule:
    """Which forced bets each hand uses (RULES.md section 5, "Forced bets").

    - ``pot``: every hand is a pot game.
    - ``blind``: every hand is a blind game.
    - ``mixed``: ``pot_orbits`` orbits of pot game and ``blind_orbits`` orbits of
      blind game alternate, starting with ``mixed_start``. An orbit is as many
      hands as there are players dealt in at its first hand.
    - In every mode, after a blind hand where everyone folded to the blinder
      (an all-pass), the next hand is a pot game whose minimum opening is the
      blind. That hand still counts in the orbit it falls in.

    >>> schedule = ForcedBetSchedule(TableConfig(forced_bets="blind", blind=4))
    >>> schedule.next_hand(3)
    ('blind', None)
    >>> schedule.hand_played(all_passed=True)
    >>> schedule.next_hand(3)
    ('pot', 4)
    """

    __slots__ = (
        "_after_all_pass",
        "_blind",
        "_mode",
        "_orbit_left",
        "_orbits",
        "_pending",
        "_phase",
        "_phase_left",
    )

    def __init__(self, config: TableConfig) -> None:
        self._mode = config.forced_bets
        self._blind = config.effective_blind
        self._orbits: dict[HandMode, int] = {"pot": config.pot_orbits, "blind": config.blind_orbits}
        start: HandMode
        if self._mode == "mixed":
            start = config.mixed_start
        else:
            start = "blind" if self._mode == "blind" else "pot"
        self._phase: HandMode = start
        self._phase_left = self._orbits[start]  # orbits left in this phase, current included
        self._orbit_left = 0  # hands left in the current orbit (0: a new orbit starts)
        self._pending: tuple[HandMode, int | None] | None = None
        self._after_all_pass = False

    def next_hand(self, players: int) -> tuple[HandMode, int | None]:
        """The mode of the next hand and its minimum opening (``None``: the default).

        Calling it again before :meth:`hand_played` gives the same answer.
        """
        if self._pending is not None:
            return self._pending
        if self._orbit_left == 0:
            if self._mode == "mixed" and self._phase_left == 0:
                self._phase = "blind" if self._phase == "pot" else "pot"
                self._phase_left = self._orbits[self._phase]
            self._orbit_left = players
            self._phase_left -= 1
        plan: tuple[HandMode, int | None] = (
            ("pot", self._blind) if self._after_all_pass else (self._phase, None)
        )
        self._pending = plan
        return plan

    def hand_played(self, all_passed: bool) -> None:
        """Record that the planned hand was played, and whether it ended in an all-pass."""
        if self._pending is None:
            raise PokerError(gettext("forced bets: no hand was planned"))
        mode = self._pending[0]
        self._after_all_pass = mode == "blind" and all_passed
        self._orbit_left -= 1
        self._pending = None

    @property
    def phase(self) -> HandMode:
        """The forced bets of the current orbit."""
        return self._phase


@dataclass(frozen=True, slots=True)
class HandPlan:
    """What the table decided for the next hand.

    ``seats`` are the table seats dealt in, in clockwise order starting at seat 0;
    ``dealer`` is a table seat: the player who deals, or with ``house_dealer``
    (a house dealer who does not play, RULES.md section 5) the seat of the
    dealer button, which sets the order of play as the dealing player would.
    ``min_opening`` is ``None`` for the default minimum opening (the ante in a
    pot game, the blind in a blind game). ``killer``: the player posting the
    kill blind (a kill hand), if any.
    """

    number: int
    dealer: int
    seats: tuple[int, ...]
    mode: HandMode
    min_opening: int | None
    stakes: Stakes
    deck_size: int
    killer: str | None = None
    house_dealer: bool = False


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A hand played at the table: its plan and its outcome, by player name."""

    plan: HandPlan
    players: tuple[str, ...]
    starting_stacks: tuple[int, ...]
    final_stacks: tuple[int, ...]
    all_passed: bool
    showdown: bool


class Table:
    """A table of ``config.players`` seats playing hand after hand.

    ``players`` are the names (default ``P1``, ``P2``...); with ``seat_draw`` (the
    default) they are seated at random, else in the given order. The first
    dealer is drawn by cards (see :mod:`pokerbonus.engine.seating`); ``dealer``
    sets it instead (tests). With ``config.house_dealer`` a house dealer who does
    not play deals every hand: the same draw places the dealer button, which then
    moves clockwise as the deal would and sets the first speaker; every seat
    plays, and the shuffle and the cut follow ``config.shuffle`` as usual.
    ``kill``: the kill-pot option (cash games, see :mod:`pokerbonus.engine.kill`),
    by default ``config.kill_rule`` (the ``kill``, ``kill_min_pot``, ``kill_end``
    and ``look_at_two`` fields); a rule given here must agree with a configuration
    that sets one. A blind hand after a player scooped two pots in a row is a kill
    hand, the killer posting the kill blind (and, in limit, the bets scaled for
    that hand); pot-game hands count for the scoops, but the kill blind waits for
    the next blind hand. With ``look_at_two`` a blind hand without a killer offers
    the kill to every player after two cards; whoever takes it is that hand's killer.

    Usage: :meth:`start_hand` returns the hand engine's :class:`Hand`; play it
    through its own API (``hand.act(...)``); when ``hand.finished``, call
    :meth:`finish_hand`. Rebuys go through :meth:`rebuy`, between hands.
    """

    def __init__(
        self,
        config: TableConfig,
        rng: random.Random | None = None,
        players: Sequence[str] | None = None,
        *,
        seat_draw: bool = True,
        dealer: int | None = None,
        kill: KillRule | None = None,
    ) -> None:
        self.config = config
        self._rng = rng if rng is not None else system_rng()
        names = (
            list(players) if players is not None else [f"P{i + 1}" for i in range(config.players)]
        )
        if len(names) != config.players:
            raise ConfigurationError(
                gettext("players: the table has {players} seats, got {count} names").format(
                    players=config.players, count=len(names)
                )
            )
        self.players: tuple[str, ...] = draw_seats(names, self._rng) if seat_draw else tuple(names)
        """The player at each seat, seats numbered clockwise."""
        self.ledger = Ledger.from_config(config)
        for name in self.players:
            self.ledger.sit(name)
        self.game = game_for(config)
        if kill is not None and config.kill_rule is not None and kill != config.kill_rule:
            raise ConfigurationError(
                gettext(
                    "kill: the configuration plays {kill_rule!r}, the table was given {kill!r}"
                ).format(kill_rule=config.kill_rule, kill=kill)
            )
        rule = kill if kill is not None else config.kill_rule
        self.kill: KillState | None = KillState(rule) if rule is not None else None
        """Who is the killer (``None``: the table plays no kill pots)."""
        self._kill_game = kill_game(self.game, rule) if rule is not None else self.game
        self.deck: tuple[Card, ...] = make_deck(config.effective_deck_size, config.jokers)
        self.shuffler = Shuffler(
            self.deck, config.shuffle, self._rng, min_packet=config.cut_min_packet
        )
        self.dealer_draw: DealerDraw | None = None
        """The draw for the first deal (``None`` when ``dealer`` was given)."""
        if dealer is None:
            self.dealer_draw = draw_first_dealer(
                len(self.players), self._rng, deck_size=config.effective_deck_size
            )
            first = self.dealer_draw.dealer
        else:
            if not 0 <= dealer < len(self.players):
                raise ConfigurationError(
                    gettext("dealer: must be a seat 0..{count}").format(count=len(self.players) - 1)
                )
            first = dealer
        self._next_dealer_from: int | None = None  # the last dealer, once a hand was played
        self._first_dealer = first
        self.schedule = ForcedBetSchedule(config)
        self.hand: Hand | None = None
        """The hand being played, if any."""
        self._plan: HandPlan | None = None
        self._gathered: tuple[Card, ...] | None = None
        self.history: list[HandRecord] = []
        """Every hand played, in order."""

    # -- reading ---------------------------------------------------------------------

    @property
    def hands_played(self) -> int:
        """How many hands were finished at this table."""
        return len(self.history)

    def seat_of(self, player: str) -> int:
        """The seat of a player."""
        try:
            return self.players.index(player)
        except ValueError:
            raise PokerError(gettext("table: no player {player!r}").format(player=player)) from None

    def stack(self, player: str) -> int:
        """A player's stack between hands (as of the last finished hand)."""
        return self.ledger.stack(player)

    def active_seats(self) -> tuple[int, ...]:
        """The seats of the players with chips, who will be dealt in."""
        return tuple(s for s, p in enumerate(self.players) if self.ledger.stack(p) > 0)

    def sitting_out(self) -> tuple[str, ...]:
        """The players without chips, sitting out until they rebuy."""
        return tuple(p for p in self.players if self.ledger.stack(p) == 0)

    @property
    def plan(self) -> HandPlan | None:
        """The plan of the hand being played, if any."""
        return self._plan

    def chips_in_play(self) -> int:
        """Every chip at the table now: stacks, bets and pots (during a hand too)."""
        if self.hand is None or self._plan is None:
            return self.ledger.total_stacks
        dealt = set(self._plan.seats)
        outside = sum(self.ledger.stack(p) for s, p in enumerate(self.players) if s not in dealt)
        hand = self.hand
        return outside + sum(hand.stacks) + sum(hand.bets) + hand.pot

    def check_chips(self) -> None:
        """Raise :class:`PokerError` if a chip was created or lost (RULES.md section 4)."""
        self.ledger.check()
        if self.chips_in_play() != self.ledger.total_bought:
            raise PokerError(
                gettext(
                    "table: {chips_in_play} chips in play, but {total_bought} were bought in"
                ).format(chips_in_play=self.chips_in_play(), total_bought=self.ledger.total_bought)
            )

    # -- between hands ---------------------------------------------------------------

    def rebuy(self, player: str, caves: int = 1, chips: int | None = None) -> Purchase:
        """Buy chips for ``player`` between hands, by the table's rebuy policy."""
        if self.hand is not None:
            raise IllegalActionError(gettext("rebuy: chips can be added only between hands"))
        return self.ledger.rebuy(player, caves=caves, chips=chips)

    def can_rebuy(self, player: str, caves: int = 1, chips: int | None = None) -> bool:
        """Whether :meth:`rebuy` would be accepted now."""
        return self.hand is None and self.ledger.can_rebuy(player, caves=caves, chips=chips)

    def next_plan(self) -> HandPlan:
        """What the next hand will be (who deals, who is dealt in, which forced bets).

        Raises :class:`IllegalActionError` during a hand or with fewer than two
        players holding chips.
        """
        if self.hand is not None:
            raise IllegalActionError(gettext("next hand: a hand is being played"))
        seats = self.active_seats()
        if len(seats) < 2:
            raise IllegalActionError(
                gettext("next hand: {count} player(s) with chips, at least 2 are needed").format(
                    count=len(seats)
                )
            )
        if self._next_dealer_from is None:
            dealer = (
                self._first_dealer
                if self._first_dealer in seats
                else next_dealer(self._first_dealer, len(self.players), seats)
            )
        else:
            dealer = next_dealer(self._next_dealer_from, len(self.players), seats)
        mode, min_opening = hand_mode(self.config, self.schedule, len(seats))
        killer: str | None = None
        killer_at: int | None = None
        kill = self.kill
        if mode == "blind" and kill is not None and kill.killer is not None:
            seat = self.players.index(kill.killer)
            if seat in seats:
                killer, killer_at = kill.killer, seats.index(seat)
        stakes = hand_stakes(
            self.config, mode, min_opening, killer_at, kill.rule if kill is not None else None
        )
        c = self.config
        return HandPlan(
            number=self.hands_played + 1,
            dealer=dealer,
            seats=seats,
            mode=mode,
            min_opening=min_opening,
            stakes=stakes,
            deck_size=c.effective_deck_size,
            killer=killer,
            house_dealer=c.house_dealer,
        )

    # -- hands -----------------------------------------------------------------------

    def start_hand(self) -> Hand:
        """Deal the next hand and return it (see :meth:`next_plan`)."""
        plan = self.next_plan()
        order = self.shuffler.deck_for_hand(self._gathered)
        names = [self.players[s] for s in plan.seats]
        self.ledger.start_hand(names)
        try:
            hand = Hand(
                self._kill_game if plan.killer is not None else self.game,
                [self.ledger.stack(p) for p in names],
                dealer=plan.seats.index(plan.dealer),
                stakes=plan.stakes,
                rng=self._rng,
                deck=order,
            )
        except BaseException:
            self.ledger.abort_hand()
            raise
        self.hand = hand
        self._plan = plan
        return hand

    def finish_hand(self) -> HandRecord:
        """Apply the result of the finished hand; returns its record."""
        hand, plan = self.hand, self._plan
        if hand is None or plan is None:
            raise IllegalActionError(gettext("finish hand: no hand is being played"))
        if not hand.finished:
            raise IllegalActionError(gettext("finish hand: the hand is not over"))
        names = tuple(self.players[s] for s in plan.seats)
        before = tuple(self.ledger.stack(p) for p in names)
        after = hand.stacks
        self.ledger.settle_hand(dict(zip(names, after, strict=True)))
        if self.config.is_draw:
            self.schedule.hand_played(all_passed=hand.all_passed)
        if self.kill is not None:
            won = dict.fromkeys(names, 0)
            for result in hand.pot_results:
                for seat, chips in result.shares:
                    won[names[seat]] += chips
            killed_by = next(
                (names[e.seat] for e in hand.events
                 if isinstance(e, BlindPosted) and e.kind == "kill"),
                None,
            )  # fmt: skip
            self.kill.hand_played(won, sum(r.amount for r in hand.pot_results), killed_by)
            for name in names:
                if self.ledger.stack(name) == 0:
                    self.kill.player_left(name)
        self._gathered = tuple(hand.gathered_cards())
        self._next_dealer_from = plan.dealer
        record = HandRecord(
            plan=plan,
            players=names,
            starting_stacks=before,
            final_stacks=after,
            all_passed=hand.all_passed,
            showdown=bool(hand.shown),
        )
        self.history.append(record)
        self.hand = None
        self._plan = None
        return record

    def bring_new_deck(self) -> None:
        """Bring in a new deck between hands: it is shuffled before the next hand."""
        if self.hand is not None:
            raise IllegalActionError(gettext("new deck: only between hands"))
        self.shuffler.bring_new_deck()


def random_legal_action(hand: Hand, rng: random.Random) -> Action:
    """A random legal action for the player to act (simulations and tests).

    Betting: check or open, fold, call or raise with fixed odds, raise amounts
    mostly the minimum, sometimes any amount up to all-in. Draws: 0 to the
    allowed number of cards, chosen at random. Offers (buy the pot, surblind):
    taken one time in three.
    """
    legal = hand.legal_actions()
    if legal.decision == "bet":
        can_raise = legal.min_raise_to is not None and legal.max_raise_to is not None
        roll = rng.random()
        if can_raise and roll < 0.25:
            low, high = legal.min_raise_to, legal.max_raise_to
            assert low is not None and high is not None
            pick = rng.random()
            amount = low if pick < 0.6 else high if pick < 0.7 else rng.randint(low, high)
            return Action.raise_to(amount)
        if legal.can_fold and roll < 0.5:
            return Action.fold()
        return Action.check_or_call()
    if legal.decision == "draw":
        held = hand.hole_cards(legal.seat)
        k = rng.randint(0, min(legal.max_discard, len(held)))
        return Action.discard(rng.sample(held, k))
    if legal.decision == "discard":
        held = hand.hole_cards(legal.seat)
        return Action.discard(rng.sample(held, legal.discard_count))
    return Action(legal.decision) if rng.random() < 1 / 3 else Action("decline")
