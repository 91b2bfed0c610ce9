"""The state of one hand: a :class:`Hand` walks the steps of a :class:`GameDef`.

The player to act (:attr:`Hand.actor`) faces a :attr:`Hand.decision`; each
action comes as a trio (``can_x`` answers, ``verify_x`` raises
:class:`~pokerbonus.errors.IllegalActionError` with the reason, ``x`` does it),
or as one :class:`~pokerbonus.engine.actions.Action` given to :meth:`Hand.act`.
A refused action changes nothing. Every change is recorded in :attr:`Hand.events`.

A French draw hand with a stacked deck (the first 10 cards are dealt one at a
time, seat 1 first since seat 0 deals):

>>> from pokerbonus.rules import FIVE_CARD_DRAW
>>> from pokerbonus.cards import parse_cards
>>> deck = stacked_deck(parse_cards("As 7c Ah 8d Ad 9h Ac Ts Ks Jc"), 32)
>>> hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0, deck=deck)
>>> hand.actor, hand.decision, hand.pot
(1, 'bet', 2)
>>> hand.complete_bet_or_raise_to(10)
>>> hand.legal_actions().call_amount
10
>>> hand.fold()
>>> hand.finished, hand.stacks
(True, (99, 101))
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from pokerbonus.cards import Card, CardsLike, make_deck, parse_cards
from pokerbonus.engine.actions import Action, Decision, LegalActions
from pokerbonus.engine.events import (
    AllPassed,
    BetReturned,
    BlindPosted,
    BoardDealt,
    CardBurned,
    Declined,
    Discarded,
    Event,
    PotAwarded,
    PotBought,
    StubReshuffled,
    ante_posted,
    bet_or_raised,
    called,
    cards_dealt,
    cards_served,
    checked,
    drew,
    folded,
    pot_awarded,
    round_ended,
)
from pokerbonus.engine.events import shown as shown_event
from pokerbonus.engine.pots import (
    Pot,
    PotResult,
    pot_result,
    side_pots,
    split_high_low,
    split_pot,
)
from pokerbonus.engine.showdown import best_value, evaluator_options, five_card_rank, qualifies
from pokerbonus.engine.stud import bring_in_key, showing_key
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.hands import evaluate
from pokerbonus.i18n import gettext
from pokerbonus.rules.games import (
    BettingRound,
    Deal,
    Discard,
    Draw,
    GameDef,
    PostForcedBets,
    Stakes,
)

if TYPE_CHECKING:
    from pokerbonus.engine.views import SeatView

__all__ = ["Hand", "deck_for_hands", "shuffled", "stacked_deck"]


def stacked_deck(top: Iterable[int], deck_size: int = 52, jokers: int = 0) -> tuple[Card, ...]:
    """A full deck order starting with ``top`` (dealt first), the other cards after
    in index order. For tests and replays.

    >>> stacked_deck([51, 50], 32)[:3]
    (Card('As'), Card('Ah'), Card('7c'))
    """
    first = [Card(c) for c in top]
    rest = [c for c in make_deck(deck_size, jokers) if c not in set(first)]
    return tuple(first + rest)


def deck_for_hands(
    hands: Sequence[CardsLike],
    dealer: int,
    stub: CardsLike = (),
    deck_size: int = 52,
    jokers: int = 0,
) -> tuple[Card, ...]:
    """A deck order that deals ``hands[seat]`` to each seat (one card at a time,
    clockwise from the left of the dealer), then has ``stub`` on top of the stub.

    >>> from pokerbonus.cards import format_cards
    >>> format_cards(deck_for_hands(["As Ks", "Ah Kh"], dealer=0, stub="Qs")[:5])
    'Ah As Kh Ks Qs'
    """
    parsed = [parse_cards(h) for h in hands]
    n = len(parsed)
    count = len(parsed[0]) if parsed else 0
    if any(len(h) != count for h in parsed):
        sizes = [len(h) for h in parsed]
        raise ConfigurationError(
            gettext("deck_for_hands: hands of unequal sizes {sizes}").format(sizes=sizes)
        )
    top: list[Card] = []
    for k in range(count):
        for j in range(1, n + 1):
            top.append(parsed[(dealer + j) % n][k])
    top += parse_cards(stub)
    if len(set(top)) != len(top):
        raise ConfigurationError(gettext("deck_for_hands: a card is used twice"))
    return stacked_deck(top, deck_size, jokers)


# Step kinds, as small ints for the walk through the steps.
_POST, _DEAL, _BET, _QUEUE, _SHOWDOWN = range(5)


class _Plan:
    """What a hand of one game with ``n`` players needs that does not change from hand
    to hand: the step kinds, the deck, the cards the deals use, the evaluator options."""

    __slots__ = (
        "antes", "cap", "deck", "deck_size", "game", "high_five", "high_options", "kinds",
        "limit", "low_five", "low_options", "needed", "orders", "phh", "pot_limit", "stud_low",
    )  # fmt: skip

    def __init__(self, game: GameDef, n: int) -> None:
        self.game = game
        kinds: list[int] = []
        needed = 0
        for step in game.steps:
            if isinstance(step, PostForcedBets):
                kinds.append(_POST)
            elif isinstance(step, Deal):
                kinds.append(_DEAL)
                if step.board_if_short:  # at least the one shared card
                    needed += step.count
                else:
                    needed += step.count * (1 if step.face == "board" else n) + step.burn
            elif isinstance(step, BettingRound):
                kinds.append(_BET)
            elif isinstance(step, Draw | Discard):
                kinds.append(_QUEUE)
            else:
                kinds.append(_SHOWDOWN)
        self.kinds = tuple(kinds)
        self.needed = needed
        deck_size = game.deck_size_for(n)
        self.deck = make_deck(deck_size, game.jokers)
        rule = game.rule
        self.stud_low = rule.high is None  # razz: the highest card brings in, the lowest opens
        self.high_options = evaluator_options(rule, rule.high or "", deck_size, game.jokers)
        self.low_options = evaluator_options(rule, rule.low or "", deck_size, game.jokers)
        # the draw games' showdown: five cards, one table read (built at the first showdown)
        self.high_five = five_card_rank(rule.high or "high", self.high_options)
        self.low_five = five_card_rank(rule.low or "low8", self.low_options)
        # orders[dealer]: the seats clockwise from the left of the dealer, dealer last
        self.orders = tuple(tuple((dealer + k) % n for k in range(1, n + 1)) for dealer in range(n))
        self.deck_size = deck_size
        structure = game.structure
        self.limit = structure.kind == "limit"
        self.pot_limit = structure.kind == "pot-limit"
        self.cap = structure.cap
        self.phh = game.convention == "phh"
        # antes[(dealer, ante)]: the events of a full ante round (equal values, shared)
        self.antes: dict[tuple[int, int], tuple[Event, ...]] = {}

    def ante_events(self, dealer: int, ante: int) -> tuple[Event, ...]:
        """The events of everyone posting ``ante``, from the left of ``dealer``."""
        key = (dealer, ante)
        events = self.antes.get(key)
        if events is None:
            if len(self.antes) > 64:
                self.antes.clear()
            events = self.antes[key] = tuple(
                ante_posted(seat, ante) for seat in self.orders[dealer]
            )
        return events


_PLANS: dict[tuple[int, int], _Plan] = {}
_ONLY_CARDS: Final = frozenset({Card})


def _plan(game: GameDef, n: int) -> _Plan:
    """The plan of ``game`` for ``n`` players (cached per game object)."""
    plan = _PLANS.get((id(game), n))
    if plan is not None and plan.game is game:
        return plan
    if len(_PLANS) > 256:
        _PLANS.clear()
    plan = _PLANS[(id(game), n)] = _Plan(game, n)
    return plan


_FACTORIALS: dict[int, tuple[int, int]] = {}


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A uniformly random order of ``cards``: a Fisher-Yates shuffle whose swap
    indices are the mixed-radix digits of one random integer below ``n!`` (drawn
    by rejection from ``rng.getrandbits``, so every order is exactly equally likely).
    One call for the randomness instead of one per card.

    >>> import random
    >>> deck = make_deck(32)
    >>> order = shuffled(deck, random.Random(5))
    >>> sorted(order) == list(deck), order != list(deck)
    (True, True)
    """
    return _shuffle_by(list(cards), _shuffle_number(len(cards), rng))


def _shuffle_by(order: list[Card], x: int) -> list[Card]:
    """Shuffle ``order`` in place with the swap digits of ``x`` (see :func:`shuffled`)."""
    for i in range(len(order) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def _shuffle_number(n: int, rng: random.Random) -> int:
    """A uniform integer below ``n!``: the swap digits of a shuffle of ``n`` cards."""
    cached = _FACTORIALS.get(n)
    if cached is None:
        total = math.factorial(n)
        cached = _FACTORIALS[n] = (total, total.bit_length())
    total, bits = cached
    getrandbits = rng.getrandbits
    x = getrandbits(bits)
    while x >= total:
        x = getrandbits(bits)
    return x


class Hand:
    """One hand of a game, from the forced bets to the settlement.

    ``stacks``: the chips of each seat, in seat order (all dealt in); ``dealer``:
    the dealer's seat; ``stakes``: the forced bets (default: pot game, ante 1).
    The deck is ``deck`` (a full deck order, first card dealt first) if given,
    else the game's deck shuffled with ``rng`` (default ``secrets.SystemRandom()``);
    ``rng`` also reshuffles the discards when the stub runs out.
    """

    # Slots: the state is read and written on every action; slot access is the
    # cheapest Python offers, and the class has no other attributes.
    __slots__ = (
        "_able",
        "_acted",
        "_acted_at",
        "_actor",
        "_all_passed",
        "_bets",
        "_blinder",
        "_board",
        "_boards",
        "_bring_in",
        "_burned",
        "_cap",
        "_cap_live",
        "_complete_to",
        "_contrib",
        "_cur_bet",
        "_decision",
        "_deck_order",
        "_digits",
        "_draw_limit",
        "_finished",
        "_folded",
        "_four_free",
        "_four_seat",
        "_four_taken",
        "_held",
        "_hole",
        "_kill_next",
        "_kill_pending",
        "_kill_rest",
        "_kill_sizes",
        "_last_forced",
        "_last_full",
        "_last_speaker",
        "_limit",
        "_live",
        "_muck",
        "_offer",
        "_opening_minimum",
        "_order",
        "_phh",
        "_plan",
        "_pool",
        "_pot",
        "_pot_limit",
        "_qpos",
        "_queue",
        "_raises",
        "_reserved",
        "_results",
        "_rng",
        "_round_size",
        "_rounds_done",
        "_shorts",
        "_shown",
        "_stacks",
        "_step",
        "_stub",
        "_surblinds",
        "_up",
        "_x",
        "dealer",
        "deck_size",
        "events",
        "game",
        "n",
        "stakes",
        "starting_stacks",
    )

    def __init__(
        self,
        game: GameDef,
        stacks: Sequence[int],
        dealer: int = 0,
        stakes: Stakes | None = None,
        *,
        rng: random.Random | None = None,
        deck: Sequence[int] | None = None,
    ) -> None:
        n = len(stacks)
        if not game.min_players <= n <= game.max_players:
            raise ConfigurationError(
                gettext("players: {name} needs {min_players}..{max_players} seats, got {n}").format(
                    name=game.name, min_players=game.min_players, max_players=game.max_players, n=n
                )
            )
        if set(map(type, stacks)) != {int} or min(stacks) < 1:
            for seat, chips in enumerate(stacks):
                if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
                    raise ConfigurationError(
                        gettext("stacks: seat {seat} has {chips!r} chips (need >= 1)").format(
                            seat=seat, chips=chips
                        )
                    )
        if not 0 <= dealer < n:
            raise ConfigurationError(
                gettext("dealer: seat {dealer!r} is not one of 0..{n}").format(
                    dealer=dealer, n=n - 1
                )
            )
        self.game = game
        self.stakes = stakes = stakes if stakes is not None else Stakes()
        self.n = n
        self.dealer = dealer
        self.starting_stacks = tuple(stacks)
        if rng is None:  # real play: the system's source (imported here, not by a replay)
            import secrets

            rng = secrets.SystemRandom()
        self._rng: random.Random = rng
        plan = self._plan = _plan(game, n)
        self.deck_size = plan.deck_size
        cards = plan.deck
        needed = plan.needed
        if needed > len(cards):
            raise ConfigurationError(
                gettext(
                    "deck: {count} cards cannot deal {needed} for {n} players of {name}"
                ).format(count=len(cards), needed=needed, n=n, name=game.name)
            )
        if deck is not None:
            order: list[Card] = list(deck)  # type: ignore[arg-type]  # Cards, checked next
            if not _ONLY_CARDS.issuperset(map(type, order)):  # ints given: made Cards
                order = [c if type(c) is Card else Card(c) for c in order]
            if sorted(order) != list(cards):
                raise ConfigurationError(
                    gettext("deck: not an order of the {count}-card deck of {name}").format(
                        count=len(cards), name=game.name
                    )
                )
            self._deck_order: tuple[Card, ...] | None = tuple(order)
            order.reverse()
            self._pool = 0
            self._x = 0
        else:
            # The shuffle of :func:`shuffled`, done lazily: the stub's first ``_pool``
            # cards are not placed yet; each time cards are taken from the end, the
            # positions they come from are placed first, with the next digits of
            # ``_x`` (so the order is exactly the one ``shuffled`` would give).
            order = list(cards)
            self._pool = len(order)
            self._x = _shuffle_number(len(order), self._rng)
            self._deck_order = None  # worked out from the first digits when asked
        self._digits = self._x
        self._stub: list[Card] = order  # next card at the end
        self._order = plan.orders[dealer]
        self._stacks = list(stacks)
        self._bets = [0] * n
        self._contrib = [0] * n
        self._pot = 0
        self._folded = [False] * n
        self._hole: list[list[Card]] = [[] for _ in range(n)]
        self._up: list[list[Card]] = [[] for _ in range(n)]
        self._board: list[Card] = []
        self._boards: list[list[Card]] = [self._board] if game.boards == 1 else [self._board, []]
        self._muck: list[Card] = []
        self._burned: list[Card] = []
        self.events: list[Event] = []
        self._step = 0
        self._decision: Decision | None = None
        self._actor: int | None = None
        # betting
        self._cur_bet = 0
        self._last_full = 0
        self._raises = 0
        self._round_size = 0
        self._acted = [False] * n
        self._acted_at = [0] * n  # the current bet when each seat last acted this round
        self._live = n  # players not folded
        self._able = 0  # players not folded with chips, counted at each round's start
        self._limit = plan.limit
        self._pot_limit = plan.pot_limit
        self._cap = plan.cap
        # the PHH convention (replays): the cap holds heads-up, short all-ins add up
        self._phh = plan.phh
        self._cap_live = 0 if plan.phh else 2
        self._shorts = 0
        self._opening_minimum = stakes.opening_minimum
        self._last_speaker: int | None = None
        self._last_forced: int | None = None
        self._blinder: int | None = None
        self._surblinds = 0
        self._rounds_done = 0
        self._bring_in: int | None = None  # stud: the seat that must bring in, this round
        self._complete_to = 0  # stud: the total a completion reaches (0: no completion due)
        # forced-bet offers
        self._offer = 0
        self._kill_pending = stakes.kill_offer  # "look at two and kill": offered at the deal
        self._kill_rest = 0  # cards of the first deal still to come after the kill offer
        self._kill_next = 0  # the position in the deal order of the next kill offer
        self._kill_sizes: tuple[int, ...] = ()  # limit bets once a player put the kill on
        if stakes.killer is not None and not 0 <= stakes.killer < n:
            raise ConfigurationError(
                gettext("killer: seat {killer} is not one of 0..{n}").format(
                    killer=stakes.killer, n=n - 1
                )
            )
        # draws and discards
        self._queue: list[int] = []
        self._qpos = 0
        self._four_taken = False
        self._four_seat: int | None = None
        self._held: list[Card] = []
        self._reserved = 0
        self._draw_limit = -1  # max_cards of the draw under way (-1: none)
        self._four_free = False  # whether the draw under way has the four-card exchange
        # result
        self._finished = False
        self._all_passed = False
        self._results: tuple[PotResult, ...] = ()
        self._shown: dict[int, tuple[Card, ...]] = {}
        self._advance()

    # -- public state ---------------------------------------------------------------

    @property
    def deck_order(self) -> tuple[Card, ...]:
        """The order of the whole deck this hand was dealt from (first card dealt first)."""
        order = self._deck_order
        if order is None:
            placed = _shuffle_by(list(self._plan.deck), self._digits)
            order = self._deck_order = tuple(reversed(placed))
        return order

    def _place(self, k: int) -> None:
        """Place the cards of the last ``k`` positions of the stub (lazy shuffle)."""
        stub = self._stub
        rest = len(stub) - k  # positions below ``rest`` stay in the pool
        if rest >= self._pool:
            return  # already placed
        if rest < 0:
            rest = 0
        x = self._x
        # position 0 takes no digit: it holds the one card left
        for i in range(self._pool - 1, rest - 1 if rest else 0, -1):
            x, j = divmod(x, i + 1)
            stub[i], stub[j] = stub[j], stub[i]
        self._pool = rest
        self._x = x

    @property
    def finished(self) -> bool:
        """Whether the hand is over and settled."""
        return self._finished

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return self._actor

    @property
    def decision(self) -> Decision | None:
        """What the actor decides: ``bet``, ``draw``, ``discard``, ``buy_pot``, ``surblind``."""
        return self._decision

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind of each seat (the final stacks once finished)."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet in the current round, not yet gathered into the pot."""
        return tuple(self._bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Each seat's total chips put in this hand (returned bets deducted)."""
        return tuple(self._contrib)

    @property
    def pot(self) -> int:
        """Chips gathered in the pot (bets of the current round not included)."""
        return self._pot

    @property
    def folded(self) -> tuple[bool, ...]:
        """Whether each seat has folded."""
        return tuple(self._folded)

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards (the first board of a double-board game)."""
        return tuple(self._board)

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every board: one, or two in a double-board game."""
        return tuple(tuple(b) for b in self._boards)

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The private cards ``seat`` holds now (all-seeing; use :meth:`view` for a player)."""
        return tuple(self._hole[seat])

    def up_cards(self, seat: int) -> tuple[Card, ...]:
        """The face-up cards ``seat`` holds (stud games)."""
        held = self._hole[seat]
        return tuple(c for c in self._up[seat] if c in held)

    @property
    def all_passed(self) -> bool:
        """Whether everyone folded to the blinder, who took the blind back."""
        return self._all_passed

    @property
    def pot_results(self) -> tuple[PotResult, ...]:
        """How each pot was settled (main pot first); empty until finished."""
        return self._results

    @property
    def shown(self) -> dict[int, tuple[Card, ...]]:
        """The hands shown at the showdown, by seat."""
        return dict(self._shown)

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's result so far: stack now minus starting stack."""
        return tuple(s - s0 for s, s0 in zip(self._stacks, self.starting_stacks, strict=True))

    @property
    def stub_size(self) -> int:
        """Cards left in the stub."""
        return len(self._stub)

    def gathered_cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in the order the dealer gathers them for a cut-only
        deal: the muck (folded hands and discards, in the order thrown), then the
        hands still held in seat order (seat 0 first), then the board, then the stub
        (next card first), then the burned cards (under the pack)."""
        if self._pool:
            self._place(len(self._stub))
        cards: list[Card] = list(self._muck) + self._held
        for seat in range(self.n):
            cards += self._hole[seat]
        for board in self._boards:
            cards += board
        cards += reversed(self._stub)
        cards += self._burned
        return tuple(cards)

    def snapshot(self) -> tuple[Any, ...]:
        """A comparable copy of the whole state (tests: a refused action changes nothing)."""
        if self._pool:
            self._place(len(self._stub))
        return (
            tuple(self._stacks), tuple(self._bets), tuple(self._contrib), self._pot,
            tuple(self._folded), tuple(tuple(h) for h in self._hole), self.boards,
            tuple(self._muck), tuple(self._burned), tuple(self._stub), len(self.events),
            self._step, self._decision, self._actor, self._cur_bet, self._last_full,
            self._raises, tuple(self._acted), self._last_speaker, self._qpos,
            self._four_taken, self._four_seat, tuple(self._held), self._finished,
        )  # fmt: skip

    # -- legal actions --------------------------------------------------------------

    @property
    def to_call(self) -> int:
        """Chips the actor must add to call (0: may check; capped by the stack);
        0 when no bet decision is pending."""
        seat = self._actor
        if seat is None or self._decision != "bet":
            return 0
        call = self._cur_bet - self._bets[seat]
        stack = self._stacks[seat]
        return call if call < stack else stack

    def raise_bounds(self) -> tuple[int, int] | None:
        """``(min_raise_to, max_raise_to)`` for the actor, or ``None`` if no bet or
        raise is allowed now (a light form of :meth:`legal_actions`)."""
        seat = self._actor
        if seat is None or self._decision != "bet":
            return None
        low, high = self._raise_bounds(seat)
        return None if low is None or high is None else (low, high)

    def legal_actions(self) -> LegalActions:
        """What the actor may do now."""
        seat, decision = self._require_actor()
        if decision == "bet":
            call = self._cur_bet - self._bets[seat]
            low, high = self._raise_bounds(seat)
            return LegalActions(
                seat,
                "bet",
                can_check=call == 0,
                can_fold=call > 0 and not (seat == self._bring_in and not self._bets[seat]),
                call_amount=min(call, self._stacks[seat]) if call > 0 else None,
                min_raise_to=low,
                max_raise_to=high,
            )
        if decision == "draw":
            step = self.game.steps[self._step]
            assert isinstance(step, Draw)
            # never more than the stub and the muck can still give (a public count)
            available = len(self._stub) + len(self._muck) - self._reserved
            four = self._four_allowed(step, seat) and available >= 4
            most = min(4 if four else step.max_cards, max(available, 0))
            return LegalActions(seat, "draw", max_discard=most, can_take_four=four)
        if decision == "discard":
            step = self.game.steps[self._step]
            assert isinstance(step, Discard)
            return LegalActions(seat, "discard", discard_count=step.count)
        return LegalActions(seat, decision, offer_amount=self._offer)

    def _require_actor(self) -> tuple[int, Decision]:
        if self._actor is None or self._decision is None:
            raise IllegalActionError(gettext("no action expected: the hand is over"))
        return self._actor, self._decision

    def _require(self, decision: Decision, what: str) -> int:
        seat, current = self._require_actor()
        if current != decision:
            raise IllegalActionError(
                gettext("{what}: seat {seat} must now decide {current!r}, not {decision!r}").format(
                    what=what, seat=seat, current=current, decision=decision
                )
            )
        return seat

    def _raise_bounds(self, seat: int) -> tuple[int | None, int | None]:
        # Only during a betting round, for the actor (who has chips): ``_able`` counts
        # the players still in with chips, so ``_able > 1`` means an opponent can bet.
        stacks, bets = self._stacks, self._bets
        cur = self._cur_bet
        all_in = bets[seat] + stacks[seat]
        if all_in <= cur or self._able < 2:
            return None, None
        if self._acted[seat]:
            if self._phh:
                if 0 < self._shorts < self._last_full:
                    return None, None  # PHH: short all-ins below the largest raise so far
            elif cur - self._acted_at[seat] < self._last_full:
                return None, None  # not reopened: less than a full raise since this seat acted
        complete = self._complete_to > cur  # stud: the bet is only the bring-in
        if self._limit:
            if self._raises > self._cap and self._live > self._cap_live:
                return None, None
            target = self._complete_to if complete else cur + self._round_size
            return min(target, all_in), min(target, all_in)
        low = self._complete_to if complete else cur + self._last_full
        if self._phh and not complete and low < cur + self._opening_minimum:
            low = cur + self._opening_minimum  # PHH: at least the minimum bet
        if self._pot_limit:
            high = cur + self._pot + sum(bets) + (cur - bets[seat])
            high = max(high, low)
        else:
            high = all_in
        return min(low, all_in), min(high, all_in)

    # -- betting actions ------------------------------------------------------------

    def verify_check_or_call(self) -> None:
        """Raise :class:`IllegalActionError` unless the actor may check or call."""
        self._require("bet", "check/call")

    def can_check_or_call(self) -> bool:
        """Whether the actor may check or call."""
        return self._decision == "bet"

    def check_or_call(self) -> None:
        """Check, or call the current bet (all-in for less when short)."""
        seat = self._actor
        if self._decision != "bet" or seat is None:
            seat = self._require("bet", "check/call")
        bets = self._bets
        cur = self._cur_bet
        call = cur - bets[seat]
        if call == 0:
            self.events.append(checked(seat))
        else:
            stacks = self._stacks
            stack = stacks[seat]
            if call >= stack:
                call = stack
                self._able -= 1
            stacks[seat] = stack - call
            self._contrib[seat] += call
            if seat == self._bring_in and not bets[seat]:
                self.events.append(BlindPosted(seat, call, "bring-in"))
            else:
                self.events.append(called(seat, call, call == stack))
            bets[seat] += call
        self._acted[seat] = True
        self._acted_at[seat] = cur
        self._after_bet(seat)

    def verify_fold(self) -> None:
        """Raise :class:`IllegalActionError` unless the actor may fold."""
        seat = self._require("bet", "fold")
        if self._cur_bet == self._bets[seat]:
            raise IllegalActionError(
                gettext(
                    "fold: seat {seat} has nothing to call; no fold before the opening (a "
                    "pass is a check)"
                ).format(seat=seat)
            )
        if seat == self._bring_in and not self._bets[seat]:
            raise IllegalActionError(
                gettext(
                    "fold: seat {seat} has the bring-in: it must bring it in or complete"
                ).format(seat=seat)
            )

    def can_fold(self) -> bool:
        """Whether the actor may fold."""
        seat = self._actor
        if self._decision != "bet" or seat is None or self._cur_bet == self._bets[seat]:
            return False
        return seat != self._bring_in or self._bets[seat] > 0

    def fold(self) -> None:
        """Fold: the cards go to the muck, the chips stay in."""
        seat = self._actor
        if (
            self._decision != "bet" or seat is None or self._cur_bet == self._bets[seat]
            or seat == self._bring_in
        ):  # fmt: skip
            self.verify_fold()
        assert seat is not None
        self._folded[seat] = True
        self._live -= 1
        self._able -= 1  # the actor had chips
        hole = self._hole
        self._muck += hole[seat]
        hole[seat] = []
        self.events.append(folded(seat))
        if self._live == 1:
            self._win_uncontested()
            return
        self._after_bet(seat)

    def verify_complete_bet_or_raise_to(self, amount: int) -> None:
        """Raise :class:`IllegalActionError` unless the actor may bet or raise to ``amount``."""
        seat = self._require("bet", "bet/raise")
        low, high = self._raise_bounds(seat)
        if low is None or high is None:
            why = self._why_no_raise(seat)
            raise IllegalActionError(
                gettext("bet/raise: seat {seat} may not raise now ({why})").format(
                    seat=seat, why=why
                )
            )
        if not isinstance(amount, int) or isinstance(amount, bool) or not low <= amount <= high:
            raise IllegalActionError(
                gettext(
                    "bet/raise: {amount!r} is not a legal total for seat {seat} (must be "
                    "{low}..{high})"
                ).format(amount=amount, seat=seat, low=low, high=high)
            )

    def _why_no_raise(self, seat: int) -> str:
        cur = self._cur_bet
        if self._bets[seat] + self._stacks[seat] <= cur:
            return gettext("not enough chips beyond the call")
        if self._able < 2:
            return gettext("every opponent is all-in")
        if self._acted[seat]:
            since = cur - self._acted_at[seat]
            if since == 0:
                return gettext("no re-raise of one's own bet")
            if self._phh:
                return gettext(
                    "all-ins for less ({shorts}) since the largest raise of {last_full} do not "
                    "reopen the betting (PHH convention)"
                ).format(shorts=self._shorts, last_full=self._last_full)
            return gettext(
                "the bet went up by {since} since this seat acted, less than a full raise of "
                "{last_full}: an all-in for less does not reopen the betting"
            ).format(since=since, last_full=self._last_full)
        if self._phh:
            return gettext(
                "the cap of {count} completions, bets or raises is reached (PHH convention)"
            ).format(count=self._cap + 1)
        return gettext("the cap of {count} raises is reached").format(count=self._cap)

    def can_complete_bet_or_raise_to(self, amount: int | None = None) -> bool:
        """Whether the actor may bet or raise (to ``amount`` if given)."""
        seat = self._actor
        if self._decision != "bet" or seat is None:
            return False
        low, high = self._raise_bounds(seat)
        if low is None or high is None:
            return False
        if amount is None:
            return True
        return isinstance(amount, int) and not isinstance(amount, bool) and low <= amount <= high

    def complete_bet_or_raise_to(self, amount: int) -> None:
        """Open (bet) or raise to a total of ``amount`` chips this round."""
        seat = self._actor
        if self._decision != "bet" or seat is None:
            seat = self._require("bet", "bet/raise")
        low, high = self._raise_bounds(seat)
        if low is None or high is None or type(amount) is not int or not low <= amount <= high:
            self.verify_complete_bet_or_raise_to(amount)  # raises with the reason
        stacks, bets = self._stacks, self._bets
        added = amount - bets[seat]
        left = stacks[seat] - added
        stacks[seat] = left
        bets[seat] = amount
        self._contrib[seat] += added
        if not left:
            self._able -= 1
        self._raise_level(seat, amount)
        self.events.append(bet_or_raised(seat, amount, added, not left))
        self._after_bet(seat)

    def _raise_level(self, seat: int, amount: int) -> None:
        size = amount - self._cur_bet
        if self._phh:
            self._phh_raise_level(seat, amount, size)
            return
        if self._complete_to and amount >= self._complete_to:
            # stud: the completion is the round's bet, its size counted from nothing
            size = amount
            self._complete_to = 0
        if size >= self._last_full or (self._limit and size >= self._round_size):
            if size > self._last_full:
                self._last_full = size
            self._raises += 1
            self._acted = [False] * self.n
        self._acted[seat] = True
        self._acted_at[seat] = amount
        self._cur_bet = amount

    def _phh_raise_level(self, seat: int, amount: int, size: int) -> None:
        """A bet or raise by the PHH convention (see ``GameDef.convention``): every one
        counts for the cap; one at least the largest of the round reopens the betting;
        smaller ones (short all-ins) reopen it once they add up to that size."""
        if self._complete_to and amount >= self._complete_to:
            self._complete_to = 0
        self._raises += 1
        if size >= self._last_full:
            self._last_full = size
            self._shorts = 0
            self._acted = [False] * self.n
        else:
            shorts = self._shorts + size
            self._shorts = 0 if shorts >= self._last_full else shorts
        self._acted[seat] = True
        self._acted_at[seat] = amount
        self._cur_bet = amount

    def _put(self, seat: int, amount: int) -> None:
        self._stacks[seat] -= amount
        self._bets[seat] += amount
        self._contrib[seat] += amount

    # -- forced-bet offers ----------------------------------------------------------

    def verify_buy_pot(self) -> None:
        """Raise :class:`IllegalActionError` unless the actor may buy the pot."""
        self._require("buy_pot", "buy the pot")

    def can_buy_pot(self) -> bool:
        """Whether the actor may buy the pot."""
        return self._decision == "buy_pot"

    def buy_pot(self) -> None:
        """Double the pot before the deal; the buyer then speaks last in both rounds."""
        seat = self._require("buy_pot", "buy the pot")
        amount = self._offer
        self._stacks[seat] -= amount
        self._contrib[seat] += amount
        self._pot += amount
        self._last_speaker = seat
        self.events.append(PotBought(seat, amount))
        self._resume_after_offers()

    def verify_surblind(self) -> None:
        """Raise :class:`IllegalActionError` unless the actor may surblind."""
        self._require("surblind", "surblind")

    def can_surblind(self) -> bool:
        """Whether the actor may double the blind."""
        return self._decision == "surblind"

    def surblind(self) -> None:
        """Double the blind before the deal: a blind raise; the last to do so speaks last."""
        seat = self._require("surblind", "surblind")
        amount = self._offer
        self._put(seat, amount)
        self._raise_level(seat, amount)
        self._acted[seat] = False  # the surblinder keeps the last word (RULES.md section 5)
        self._last_speaker = seat
        self._surblinds += 1
        self.events.append(BlindPosted(seat, amount, "surblind"))
        if not self._offer_surblind(seat + 1):
            self._resume_after_offers()

    def verify_decline(self) -> None:
        """Raise :class:`IllegalActionError` unless the actor has an offer to decline."""
        seat, decision = self._require_actor()
        if decision not in ("buy_pot", "surblind", "kill"):
            raise IllegalActionError(
                gettext("decline: seat {seat} has no offer to decline ({decision!r})").format(
                    seat=seat, decision=decision
                )
            )

    def can_decline(self) -> bool:
        """Whether the actor has an offer (buy the pot, surblind) to decline."""
        return self._decision in ("buy_pot", "surblind", "kill")

    def decline(self) -> None:
        """Decline the offer to buy the pot or to surblind (ends a surblind chain),
        or to put the kill on (the offer goes to the next player)."""
        self.verify_decline()
        seat, decision = self._require_actor()
        self.events.append(Declined(seat, decision))
        if decision == "kill" and self._offer_kill(self._kill_next):
            return
        self._resume_after_offers()

    # -- draws and discards ---------------------------------------------------------

    def max_discard(self) -> int:
        """How many cards the actor may exchange now (4 while the four-card exchange
        is free), or must discard in a discard step; 0 for other decisions."""
        seat = self._actor
        if seat is None:
            return 0
        limit = self._draw_limit
        available = max(len(self._stub) + len(self._muck) - self._reserved, 0)
        if limit >= 0:  # a draw is under way
            if self._four_free and not self._four_taken and len(self._hole[seat]) >= 4:
                return min(4, available)
            return min(limit, available)
        if self._decision != "discard":
            return 0
        step = self.game.steps[self._step]
        if isinstance(step, Discard):
            return step.count
        assert isinstance(step, Draw)
        return min(4 if self._four_allowed(step, seat) else step.max_cards, available)

    def _four_allowed(self, step: Draw, seat: int) -> bool:
        return step.four_card_exchange and not self._four_taken and len(self._hole[seat]) >= 4

    def _check_cards(self, seat: int, cards: Iterable[int], what: str) -> list[Card]:
        try:
            chosen = [c if type(c) is Card else Card(c) for c in cards]
        except Exception as exc:
            raise IllegalActionError(f"{what}: {exc}") from None
        held = self._hole[seat]
        for card in chosen:
            if card not in held:
                raise IllegalActionError(
                    gettext("{what}: seat {seat} does not hold {card}").format(
                        what=what, seat=seat, card=card
                    )
                )
        if len(set(chosen)) != len(chosen):
            raise IllegalActionError(
                gettext("{what}: a card is named twice in {chosen}").format(
                    what=what, chosen=chosen
                )
            )
        return chosen

    def verify_discard(self, cards: Iterable[int]) -> None:
        """Raise :class:`IllegalActionError` unless the actor may give up ``cards``."""
        self._check_discard(cards)

    def _check_discard(self, cards: Iterable[int]) -> tuple[int, list[Card]]:
        seat, decision = self._require_actor()
        if decision not in ("draw", "discard"):
            raise IllegalActionError(
                gettext("discard: seat {seat} must now decide {decision!r}").format(
                    seat=seat, decision=decision
                )
            )
        chosen = self._check_cards(seat, cards, "discard")
        k = len(chosen)
        step = self.game.steps[self._step]
        if isinstance(step, Discard):
            if k != step.count:
                raise IllegalActionError(
                    gettext("discard: seat {seat} must discard {count}, not {k}").format(
                        seat=seat, count=step.count, k=k
                    )
                )
            return seat, chosen
        assert isinstance(step, Draw)
        if k > step.max_cards:
            if k == 4 and step.four_card_exchange:
                if self._four_taken:
                    raise IllegalActionError(
                        gettext(
                            "discard: seat {seat} may not take four: another player already did"
                        ).format(seat=seat)
                    )
            else:
                limit = 4 if self._four_allowed(step, seat) else step.max_cards
                raise IllegalActionError(
                    gettext(
                        "discard: seat {seat} may exchange at most {limit} cards, not {k}"
                    ).format(seat=seat, limit=limit, k=k)
                )
        available = len(self._stub) + len(self._muck) - self._reserved
        if k > available:
            raise IllegalActionError(
                gettext(
                    "discard: only {available} cards are left to draw, seat {seat} asked {k}"
                ).format(available=available, seat=seat, k=k)
            )
        return seat, chosen

    def can_discard(self, cards: Iterable[int]) -> bool:
        """Whether the actor may give up ``cards``."""
        return self._can(lambda: self.verify_discard(cards))

    def discard(self, cards: Iterable[int]) -> None:
        """Exchange ``cards`` in a draw (served at once; see the four-card rule),
        or discard them without replacement in a discard step."""
        if type(cards) is not list and type(cards) is not tuple:
            cards = tuple(cards)  # read an iterator once
        seat = self._actor
        if seat is not None and self._draw_limit >= 0 and self._exchange(seat, cards):
            return
        seat, chosen = self._check_discard(cards)
        held = self._hole[seat]
        for card in chosen:
            held.remove(card)
        step = self.game.steps[self._step]
        if isinstance(step, Discard):
            self._muck += chosen
            self.events.append(Discarded(seat, tuple(chosen), len(chosen)))
        else:
            assert isinstance(step, Draw)
            self._draw(seat, chosen, step)
        self._qpos += 1
        self._next_in_queue()

    def verify_stand_pat(self) -> None:
        """Raise :class:`IllegalActionError` unless the actor may stand pat."""
        self._check_discard(())

    def can_stand_pat(self) -> bool:
        """Whether the actor may draw no card."""
        return self._can(self.verify_stand_pat)

    def stand_pat(self) -> None:
        """Draw no card."""
        self.discard(())

    def _exchange(self, seat: int, cards: Iterable[int]) -> bool:
        """The common draw: up to ``max_cards`` distinct held cards, served at once.
        Returns ``False``, changing nothing, for anything else (the four-card exchange,
        a short stub, a card not held), which :meth:`discard` checks in full."""
        held = self._hole[seat]
        index: Callable[[int], int] = held.index  # type: ignore[assignment]  # cards are ints
        try:
            chosen = [held[index(c)] for c in cards]
        except (ValueError, TypeError):
            return False
        k = len(chosen)
        stub = self._stub
        if (
            k > self._draw_limit
            or k > len(stub) - self._reserved
            or (k > 1 and len(set(chosen)) != k)
        ):
            return False
        events = self.events
        out = tuple(chosen)
        events.append(drew(seat, out, k))
        if k:
            if self._pool:
                self._place(k)
            for card in chosen:
                held.remove(card)
            served = tuple(stub[: -k - 1 : -1])
            del stub[-k:]
            held += served
            events.append(cards_served(seat, served, k))
            self._muck += chosen
        qpos = self._qpos = self._qpos + 1
        queue = self._queue
        if qpos < len(queue):
            self._actor = queue[qpos]
        else:
            self._next_in_queue()
        return True

    def _draw(self, seat: int, chosen: list[Card], step: Draw) -> None:
        k = len(chosen)
        events = self.events
        events.append(drew(seat, tuple(chosen), k))
        if k == 4 and step.four_card_exchange:
            self._four_taken = True
            self._serve(seat, 3)
            if self._qpos == len(self._queue) - 1:
                if len(self._stub) + len(self._muck) >= 2:
                    card = self._take()
                    self._burned.append(card)
                    events.append(CardBurned(card))
                self._serve(seat, 1)
                self._muck += chosen
            else:
                self._four_seat = seat
                self._held = chosen
                self._reserved = 1
            return
        if k:
            self._serve(seat, k)
            self._muck += chosen

    def _serve(self, seat: int, k: int) -> None:
        stub = self._stub
        if len(stub) >= k:
            if self._pool:
                self._place(k)
            cards = tuple(stub[: -k - 1 : -1])
            del stub[-k:]
        else:
            cards = tuple(self._take() for _ in range(k))
        self._hole[seat] += cards
        self.events.append(cards_served(seat, cards, k))

    def _take(self) -> Card:
        if not self._stub:
            fresh = self._muck
            self._muck = []
            self._rng.shuffle(fresh)
            self._stub = fresh
            self.events.append(StubReshuffled(len(fresh)))
        elif self._pool:
            self._place(1)
        return self._stub.pop()

    # -- the generic action ---------------------------------------------------------

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is legal now."""
        kind = action.kind
        if kind == "fold":
            self.verify_fold()
        elif kind == "check_or_call":
            self.verify_check_or_call()
        elif kind == "raise_to":
            self.verify_complete_bet_or_raise_to(action.amount)
        elif kind == "discard":
            self.verify_discard(action.cards)
        elif kind == "buy_pot":
            self.verify_buy_pot()
        elif kind == "surblind":
            self.verify_surblind()
        elif kind == "decline":
            self.verify_decline()
        elif kind == "kill":
            self.verify_kill()
        else:
            raise IllegalActionError(gettext("unknown action kind: {kind!r}").format(kind=kind))

    def act(self, action: Action) -> None:
        """Do ``action`` (see :class:`~pokerbonus.engine.actions.Action`)."""
        kind = action.kind
        if kind == "fold":
            self.fold()
        elif kind == "check_or_call":
            self.check_or_call()
        elif kind == "raise_to":
            self.complete_bet_or_raise_to(action.amount)
        elif kind == "discard":
            self.discard(action.cards)
        elif kind == "buy_pot":
            self.buy_pot()
        elif kind == "surblind":
            self.surblind()
        elif kind == "decline":
            self.decline()
        elif kind == "kill":
            self.kill()
        else:
            raise IllegalActionError(gettext("unknown action kind: {kind!r}").format(kind=kind))

    @staticmethod
    def _can(check: Any) -> bool:
        try:
            check()
        except IllegalActionError:
            return False
        return True

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see (``None``: a spectator); see :mod:`pokerbonus.engine.views`."""
        from pokerbonus.engine.views import build_view

        return build_view(self, seat)

    # -- the walk through the steps -------------------------------------------------

    def _advance(self) -> None:
        steps = self.game.steps
        kinds = self._plan.kinds
        while not self._finished:
            index = self._step
            kind = kinds[index]
            if kind == _BET:
                if self._start_round(steps[index]):  # type: ignore[arg-type]
                    return
            elif kind == _DEAL:
                if self._deal(steps[index]):  # type: ignore[arg-type]
                    return  # the kill offer, after two cards
            elif kind == _QUEUE:
                self._start_queue()
                return
            elif kind == _POST:
                if self._post():
                    return
            else:
                self._showdown()
                return
            self._step += 1

    def _left_of(self, seat: int) -> list[int]:
        n = self.n
        return [(seat + k) % n for k in range(1, n + 1)]

    def _post(self) -> bool:
        stakes = self.stakes
        n, dealer = self.n, self.dealer
        events = self.events
        ante = stakes.ante
        if ante and min(self._stacks) >= ante:  # everyone has the ante
            self._stacks = [chips - ante for chips in self._stacks]
            self._contrib = [chips + ante for chips in self._contrib]
            self._pot += ante * n
            events += self._plan.ante_events(dealer, ante)
        elif ante:
            for seat in self._order:
                amount = min(ante, self._stacks[seat])
                self._stacks[seat] -= amount
                self._contrib[seat] += amount
                self._pot += amount
                events.append(ante_posted(seat, amount))
        if stakes.seat_antes or stakes.seat_blinds:
            self._post_seat_forced(stakes)
        if stakes.blinds:
            self._post_blinds(stakes)
        if stakes.blind is not None:
            blinder = (dealer + 1) % n
            amount = min(stakes.blind, self._stacks[blinder])
            self._put(blinder, amount)
            self._blinder = blinder
            self._cur_bet = amount
            self._last_full = stakes.blind
            self._raises = 1
            # The blinder has not acted: when everyone just calls, the round waits
            # for their check or raise (RULES.md section 5, like hold'em's big blind).
            self._last_speaker = blinder
            events.append(BlindPosted(blinder, amount, "blind"))
            if stakes.killer is not None:  # the kill is the overblind: no surblind offers
                self._post_kill(stakes.killer)
            elif stakes.surblind:
                return self._offer_surblind(blinder + 1)
        if stakes.killer is not None and stakes.blind is None:
            self._post_kill(stakes.killer)
        if stakes.buy_pot:
            buyer = (dealer + 1) % n
            if self._stacks[buyer] >= self._pot:
                self._offer = self._pot
                self._decision, self._actor = "buy_pot", buyer
                return True
        return False

    def _post_blinds(self, stakes: Stakes) -> None:
        n, dealer = self.n, self.dealer
        amounts = list(stakes.blinds)
        kinds = ["small", "big"][-len(amounts) :]
        first = dealer if n == 2 and len(amounts) == 2 else (dealer + 1) % n
        if stakes.straddle:
            amounts.append(2 * amounts[-1])
            kinds.append("straddle")
        seat = first
        for amount, kind in zip(amounts, kinds, strict=True):
            paid = min(amount, self._stacks[seat])
            self._put(seat, paid)
            self.events.append(BlindPosted(seat, paid, kind))
            self._last_forced = seat
            seat = (seat + 1) % n
        self._cur_bet = max(self._bets)
        # PHH convention: blinds are not bets (neither for the cap nor for reopening)
        self._last_full = 0 if self._phh else amounts[-1]
        self._raises = 0 if self._phh else 1

    def _post_seat_forced(self, stakes: Stakes) -> None:
        # Forced bets given seat by seat (hand histories): antes are dead money,
        # blinds are live bets; pre-flop starts left of the largest blind.
        n = self.n
        antes, blinds = stakes.seat_antes, stakes.seat_blinds
        for name, values in (("seat_antes", antes), ("seat_blinds", blinds)):
            if values and len(values) != n:
                raise ConfigurationError(
                    gettext("{name}: {count} values for {n} seats").format(
                        name=name, count=len(values), n=n
                    )
                )
        stacks, events = self._stacks, self.events
        for seat in self._order:
            amount = min(antes[seat], stacks[seat]) if antes else 0
            if amount:
                stacks[seat] -= amount
                self._contrib[seat] += amount
                self._pot += amount
                events.append(ante_posted(seat, amount))
        if not any(blinds):
            return
        top = max(blinds)
        for seat in self._order:
            paid = min(blinds[seat], stacks[seat])
            if paid:
                self._put(seat, paid)
                events.append(BlindPosted(seat, paid, "big" if blinds[seat] == top else "small"))
            if blinds[seat] == top:
                self._last_forced = seat
        self._cur_bet = max(self._bets)
        self._last_full = 0 if self._phh else stakes.opening_minimum
        self._raises = 0 if self._phh else 1

    def _post_kill(self, killer: int) -> None:
        """The killer's kill blind: a live blind that replaces the killer's own blind,
        the largest blind, so the first round starts left of the killer; in the
        French blind game the killer takes the privilege of speaking last. The
        killer has not acted: when everyone just calls, they check or raise."""
        stakes = self.stakes
        kill = stakes.kill_blind
        paid = min(max(kill - self._bets[killer], 0), self._stacks[killer])
        if paid:
            self._put(killer, paid)
            self.events.append(BlindPosted(killer, paid, "kill"))
        self._cur_bet = max(self._bets)
        self._last_full = max(kill, self._last_full)
        self._opening_minimum = max(kill, self._opening_minimum)
        self._raises = 1
        self._last_forced = killer
        if self._blinder is not None:
            self._last_speaker = killer

    def verify_kill(self) -> None:
        """Raise :class:`IllegalActionError` unless the actor may put the kill on."""
        self._require("kill", "kill")

    def can_kill(self) -> bool:
        """Whether the actor may put the kill on ("look at two and kill")."""
        return self._decision == "kill"

    def kill(self) -> None:
        """Put the kill on after seeing two cards: post the kill blind (see ``Stakes``);
        in limit the hand is then played with the kill bets."""
        seat = self._require("kill", "kill")
        self._post_kill(seat)
        if self.stakes.kill_bets:
            self._kill_sizes = self.stakes.kill_bets
        self._resume_after_offers()

    def _offer_kill(self, start: int) -> bool:
        """Offer the kill to the first player from position ``start`` of the deal
        order who can post the kill blind; ``False`` when nobody is left."""
        order, kill = self._order, self.stakes.kill_blind
        for k in range(start, len(order)):
            seat = order[k]
            if not self._folded[seat] and self._stacks[seat] + self._bets[seat] >= kill:
                self._kill_next = k + 1
                self._offer = kill
                self._decision, self._actor = "kill", seat
                return True
        return False

    def _offer_surblind(self, seat: int) -> bool:
        seat %= self.n
        amount = 2 * self._cur_bet
        if seat == self._blinder or self._stacks[seat] < amount:
            return False
        most = self.stakes.max_surblinds
        if most is not None and self._surblinds >= most:
            return False
        self._offer = amount
        self._decision, self._actor = "surblind", seat
        return True

    def _resume_after_offers(self) -> None:
        self._decision = self._actor = None
        self._offer = 0
        if self._kill_rest:  # the rest of the deal interrupted by the kill offer
            rest, self._kill_rest = self._kill_rest, 0
            self._deal(Deal(rest))
        self._step += 1
        self._advance()

    def _deal(self, step: Deal) -> bool:
        if self._kill_pending and step.face == "down" and step.count >= 2:
            # Look at two and kill: two cards around, then each player in turn may kill.
            self._kill_pending = False
            self._deal(Deal(2))
            self._kill_rest = step.count - 2
            if self._offer_kill(0):
                return True
            self._deal(Deal(self._kill_rest))
            self._kill_rest = 0
            return False
        stub = self._stub
        events = self.events
        if step.board_if_short and len(stub) < step.burn + step.count * self._live:
            # Not enough cards for every player still in: one shared card, face up.
            if step.burn and len(stub) >= 2:
                card = self._take()
                self._burned.append(card)
                events.append(CardBurned(card))
            card = self._take()
            self._board.append(card)
            events.append(BoardDealt((card,)))
            return False
        if step.burn:
            card = self._take()
            self._burned.append(card)
            events.append(CardBurned(card))
        if step.face == "board":
            count = step.count
            if len(stub) >= count:
                if self._pool:
                    self._place(count)
                cards = tuple(stub[: -count - 1 : -1])
                del stub[-count:]
            else:
                cards = tuple(self._take() for _ in range(count))
            self._boards[step.board] += cards
            events.append(BoardDealt(cards, step.board))
            return False
        seats = self._order
        if self._live < self.n:
            folded = self._folded
            seats = tuple(s for s in seats if not folded[s])
        m = len(seats)
        total = step.count * m
        if len(stub) >= total:
            if self._pool:
                self._place(total)
            block = stub[-total:]
            del stub[-total:]
            block.reverse()  # block[k * m + j]: the k-th card of the j-th seat served
        else:
            block = [self._take() for _ in range(total)]
        hole, up, face = self._hole, self._up, step.face
        for j, s in enumerate(seats):
            cards = tuple(block[j::m])
            hole[s] += cards
            if face == "up":
                up[s] += cards
            events.append(cards_dealt(s, cards, step.count, face))
        return False

    def _start_round(self, step: BettingRound) -> bool:
        if self._limit:
            sizes = self._kill_sizes
            if sizes:  # the hand was killed after two cards: the kill bets
                self._round_size = sizes[0] if step.size == "small" else sizes[1]
            else:
                self._round_size = self.game.structure.bet_size(step.size)
        self._shorts = 0
        if self._cur_bet == 0:
            if self._phh:
                self._last_full = 0
            else:
                self._last_full = self._round_size if self._limit else self._opening_minimum
        stacks, folded = self._stacks, self._folded
        self._able = len([i for i in range(self.n) if stacks[i] and not folded[i]])
        first = step.first
        if first == "forced" and self._last_forced is not None:
            start = self._last_forced + 1
        elif first == "bring-in" or first == "showing":
            start = self._stud_opener(first == "bring-in")
            if first == "bring-in":
                return self._start_bring_in(start)
        else:
            start = (self._last_speaker if self._last_speaker is not None else self.dealer) + 1
        actor = self._next_actor(start % self.n)
        if actor is None:
            self._end_round()
            return False
        self._decision, self._actor = "bet", actor
        return True

    def _stud_opener(self, bring_in: bool) -> int:
        """The seat that starts a stud round: the bring-in card (lowest up card, razz:
        highest, suits breaking ties) or the best hand showing (razz: the lowest),
        among the players still in; ties go to the first clockwise from the dealer's left."""
        low = self._plan.stud_low
        best: tuple[int, ...] | None = None
        chosen = self._order[0]
        for seat in self._order:
            if self._folded[seat]:
                continue
            up = self.up_cards(seat)
            if not up:
                continue
            key = bring_in_key(up, low) if bring_in else showing_key(up, low)
            if best is None or key > best:
                best, chosen = key, seat
        return chosen

    def _start_bring_in(self, start: int) -> bool:
        """Start the first stud round: the first player able to act from ``start``
        brings it in or completes (to the small bet; no-limit and pot-limit: to the
        opening minimum); nobody brings in when fewer than two players have chips."""
        bring_in = self.stakes.bring_in
        if bring_in and self._able >= 2:
            complete = self._round_size if self._limit else self._opening_minimum
            self._cur_bet = bring_in
            if self._phh:  # PHH: the bring-in is not a bet
                self._complete_to = complete if bring_in < complete else 0
                self._last_full = 0
            elif bring_in < complete:
                self._complete_to = complete
                self._last_full = complete
            else:  # a bring-in of a full bet is the round's bet
                self._last_full = bring_in
                self._raises = 1
        actor = self._next_actor(start)
        if actor is None:
            self._cur_bet = self._complete_to = 0
            self._end_round()
            return False
        if self._cur_bet:
            self._bring_in = actor
        self._decision, self._actor = "bet", actor
        return True

    def _next_actor(self, i: int) -> int | None:
        """The first seat from ``i`` on, clockwise, still to act this round, or ``None``
        when the round is over (nobody left to act, or a lone player with chips who
        already matches the bet)."""
        n = self.n
        folded, stacks, bets, acted = self._folded, self._stacks, self._bets, self._acted
        cur = self._cur_bet
        for _ in range(n):
            if not folded[i] and stacks[i] and (not acted[i] or bets[i] < cur):
                if self._able <= 1 and bets[i] >= cur:
                    return None
                return i
            i += 1
            if i == n:
                i = 0
        return None

    def _after_bet(self, seat: int) -> None:
        # _next_actor from the seat after ``seat``, inlined (the hot path): ``seat``
        # itself just acted, so only the n - 1 others are looked at.
        n = self.n
        folded, stacks, bets, acted = self._folded, self._stacks, self._bets, self._acted
        cur = self._cur_bet
        i = seat
        for _ in range(n - 1):
            i += 1
            if i == n:
                i = 0
            if not folded[i] and stacks[i] and (not acted[i] or bets[i] < cur):
                if self._able > 1 or bets[i] < cur:
                    self._actor = i
                    return
                break
        self._decision = self._actor = None
        self._end_round()
        self._step += 1
        self._advance()

    def _return_uncalled(self) -> None:
        bets = self._bets
        top, best, second = 0, bets[0], 0
        for i in range(1, self.n):
            bet = bets[i]
            if bet > best:
                top, best, second = i, bet, best
            elif bet > second:
                second = bet
        excess = best - second
        if excess > 0:
            bets[top] -= excess
            self._stacks[top] += excess
            self._contrib[top] -= excess
            self.events.append(BetReturned(top, excess))

    def _end_round(self) -> None:
        self._return_uncalled()
        self._pot += sum(self._bets)
        self._bets = [0] * self.n
        self._acted = [False] * self.n
        self._cur_bet = 0
        self._raises = 0
        self._bring_in = None
        self._complete_to = 0
        self._rounds_done += 1
        self.events.append(round_ended(self._pot))

    def _start_queue(self) -> None:
        folded = self._folded
        self._queue = [s for s in self._order if not folded[s]]
        self._qpos = 0
        step = self.game.steps[self._step]
        if isinstance(step, Draw):
            self._decision = "draw"
            self._draw_limit = step.max_cards
            self._four_free = step.four_card_exchange
        else:
            self._decision = "discard"
            self._draw_limit = -1
        self._actor = self._queue[0]

    def _next_in_queue(self) -> None:
        if self._qpos < len(self._queue):
            self._actor = self._queue[self._qpos]
            return
        if self._four_seat is not None:
            self._serve(self._four_seat, 1)
            self._muck += self._held
            self._held = []
            self._four_seat = None
            self._reserved = 0
        self._decision = self._actor = None
        self._draw_limit = -1
        self._step += 1
        self._advance()

    # -- the end --------------------------------------------------------------------

    def _win_uncontested(self) -> None:
        winner = self._folded.index(False)
        self._decision = self._actor = None
        blinder = self._blinder
        passed = (  # antes posted with the blind stay in the pot: the blinder wins them
            blinder == winner
            and not self._surblinds
            and self._rounds_done == 0
            and all(b == 0 for i, b in enumerate(self._bets) if i != winner)
        )
        self._return_uncalled()
        if passed:
            self._all_passed = True
            returned = self.events[-1]
            amount = returned.amount if isinstance(returned, BetReturned) else 0
            self.events.append(AllPassed(winner, amount))
        self._pot += sum(self._bets)
        self._bets = [0] * self.n
        amount = self._pot
        self._stacks[winner] += amount
        self._results = (PotResult(amount, (winner,), (winner,), ((winner, amount),)),)
        self.events.append(PotAwarded(0, amount, ((winner, amount),)))
        self._pot = 0
        self._finished = True

    def _showdown(self) -> None:
        self._decision = self._actor = None
        if len(self._boards) > 1:
            self._showdown_boards()
            return
        rule = self.game.rule
        n, folded, dealer = self.n, self._folded, self.dealer
        live = [s for s in self._order if not folded[s]]
        board = tuple(self._board)
        hole, shown, events = self._hole, self._shown, self.events
        plan = self._plan
        high: dict[int, int] = {}
        low: dict[int, int] = {}
        if rule.low is None and rule.high == "high" and (rule.hole_cards is None or not board):
            # The "high" game only, best five of all the cards: each value once, as an int.
            options = plan.high_options
            for seat in live:
                cards = tuple(hole[seat])
                shown[seat] = cards
                events.append(shown_event(seat, cards))
                if board:
                    cards += board
                if len(cards) == 5:  # a draw game, any deck: the five-card table
                    high[seat] = plan.high_five(cards)
                    continue
                value = evaluate(cards, "high", **options) if options else evaluate(cards)
                high[seat] = value.rank
        else:
            for seat in live:
                cards = tuple(hole[seat])
                shown[seat] = cards
                events.append(shown_event(seat, cards))
                five = not board and len(cards) == 5  # a draw game: the five-card tables
                if rule.high is not None:
                    if five:
                        high[seat] = plan.high_five(cards)
                    else:
                        value = best_value(cards, board, rule, rule.high, plan.high_options)
                        high[seat] = value.rank
                if rule.low is not None:
                    if five:
                        rank = plan.low_five(cards)
                        if rank or rule.low != "low8":  # low8: 0 is no qualifying low
                            low[seat] = rank
                        continue
                    value = best_value(cards, board, rule, rule.low, plan.low_options)
                    if qualifies(value, rule.low):
                        low[seat] = value.rank
        contrib = self._contrib
        dead = 0
        if self.stakes.seat_antes:  # seat antes: dead money, out of the side-pot levels
            antes = zip(self.stakes.seat_antes, self.starting_stacks, strict=True)
            paid = [min(a, s0) for a, s0 in antes]
            contrib = [c - a for c, a in zip(contrib, paid, strict=True)]
            dead = sum(paid)
        level = contrib[live[0]]
        # one ranking decides: a high game (or no qualifying low), or a low game
        # where every hand has a low (deuce-to-seven, ace-to-five)
        ranks = high if rule.high is not None else low
        one_pot = not dead and (not low if rule.high is not None else rule.low != "low8")
        for seat in live:
            if contrib[seat] != level:
                one_pot = False
                break
        if one_pot:
            # One pot: every player still in put in the same amount.
            amount = sum(contrib)
            eligible = tuple(sorted(live))
            top = max(ranks.values())
            winners = tuple([s for s in eligible if ranks[s] == top])
            if len(winners) == 1:
                pairs: tuple[tuple[int, int], ...] = ((winners[0], amount),)
            else:
                odd_first = plan.phh
                pairs = tuple(split_pot(amount, winners, dealer, n, odd_to_first=odd_first).items())
            for seat, chips in pairs:
                self._stacks[seat] += chips
            self._results = (pot_result(amount, eligible, winners, pairs),)
            events.append(pot_awarded(0, amount, pairs))
            self._pot = 0
            self._finished = True
            return
        results: list[PotResult] = []
        pots = side_pots(contrib, folded)
        if dead:
            first = pots[0] if pots else Pot(0, tuple(sorted(live)))
            pots = (Pot(first.amount + dead, first.eligible), *pots[1:])
        if plan.phh and len(pots) > 1:
            pots = _contended_pots(pots, high, low)
        for index, pot in enumerate(pots):
            eligible = pot.eligible
            highs = _best(eligible, high)
            lows = _best(eligible, low)
            if rule.high is None:
                shares = split_pot(pot.amount, lows, dealer, n, odd_to_first=plan.phh)
                highs, lows = lows, []
            else:
                shares = split_high_low(pot.amount, highs, lows, dealer, n, odd_to_first=plan.phh)
            for seat, chips in shares.items():
                self._stacks[seat] += chips
            pairs = tuple(shares.items())
            results.append(PotResult(pot.amount, eligible, tuple(highs), pairs, tuple(lows)))
            events.append(PotAwarded(index, pot.amount, pairs))
        self._results = tuple(results)
        self._pot = 0
        self._finished = True

    def _showdown_boards(self) -> None:
        """Double board: each pot is halved, the first half (with the odd chip) to the
        best high hand with the first board, the second half with the second board;
        ties within a half split by :func:`split_pot`."""
        rule = self.game.rule
        assert rule.high is not None
        n, folded, dealer = self.n, self._folded, self.dealer
        live = [s for s in self._order if not folded[s]]
        values: list[dict[int, int]] = [{}, {}]
        for seat in live:
            cards = tuple(self._hole[seat])
            self._shown[seat] = cards
            self.events.append(shown_event(seat, cards))
            for k, board in enumerate(self._boards):
                value = best_value(cards, tuple(board), rule, rule.high, self._plan.high_options)
                values[k][seat] = value.rank
        contrib = list(self._contrib)
        dead = 0
        if self.stakes.seat_antes:
            antes = zip(self.stakes.seat_antes, self.starting_stacks, strict=True)
            paid = [min(a, s0) for a, s0 in antes]
            contrib = [c - a for c, a in zip(contrib, paid, strict=True)]
            dead = sum(paid)
        pots = side_pots(contrib, folded)
        if dead:
            first = pots[0] if pots else Pot(0, tuple(sorted(live)))
            pots = (Pot(first.amount + dead, first.eligible), *pots[1:])
        results: list[PotResult] = []
        for index, pot in enumerate(pots):
            second_half = pot.amount // 2
            first_half = pot.amount - second_half
            first_winners = _best(pot.eligible, values[0])
            second_winners = _best(pot.eligible, values[1])
            shares = split_pot(first_half, first_winners, dealer, n)
            if second_half:
                for seat, chips in split_pot(second_half, second_winners, dealer, n).items():
                    shares[seat] = shares.get(seat, 0) + chips
            for seat, chips in shares.items():
                self._stacks[seat] += chips
            pairs = tuple(shares.items())
            winners = tuple(dict.fromkeys(first_winners + second_winners))
            results.append(PotResult(pot.amount, pot.eligible, winners, pairs))
            self.events.append(PotAwarded(index, pot.amount, pairs))
        self._results = tuple(results)
        self._pot = 0
        self._finished = True


def _contended_pots(
    pots: Sequence[Pot], high: dict[int, int], low: dict[int, int]
) -> tuple[Pot, ...]:
    """The pots as PHH's reference engine splits them (``GameDef.convention = "phh"``):
    the hands that win no part of any pot are out (mucked), and neighbouring pots
    left with the same players make one pot, so their odd chips are counted once."""
    winners = {s for pot in pots for s in (*_best(pot.eligible, high), *_best(pot.eligible, low))}
    merged: list[Pot] = []
    for pot in pots:
        contenders = tuple(s for s in pot.eligible if s in winners)
        if merged and merged[-1].eligible == contenders:
            merged[-1] = Pot(merged[-1].amount + pot.amount, contenders)
        else:
            merged.append(Pot(pot.amount, contenders))
    return tuple(merged)


def _best(eligible: Sequence[int], values: dict[int, int]) -> list[int]:
    present = [s for s in eligible if s in values]
    if not present:
        return []
    top = max(values[s] for s in present)
    return [s for s in present if values[s] == top]
