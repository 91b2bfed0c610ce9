"""Dealer mode ("Poker vs Dealer", RULES.md section 9): one hand.

Up to five players play against the dealer (the bank). Before the deal each
player puts an ante into the table pot and a bet against the bank; five cards
are dealt face down to each player and to the dealer, one at a time, the
dealer served last; the dealer turns his first card. In turn, from the first
seat, each player:

- folds: the bet is lost to the bank (the ante stays in the table pot);
- keeps: adds the play wager (``play_multiple`` bets) and keeps the five cards;
- exchanges one: adds the play wager and pays the switch fee (lost to the bank
  whatever happens), gives up one card and gets the next card of the stub.

The dealer then turns his other four cards one at a time. If his hand does not
reach the qualifier, every player still in wins the bet 1 to 1 and gets the
play wager back. If it does, a better hand wins the bet 1 to 1 and the play
wager by the paytable, a worse one loses both, an exact tie (suits never rank)
gets both back. The table pot goes to the best hand among the players who did
not fold (exact ties split it, odd chips one each from the first seat on); if
everyone folded it carries over to the next hand.

The deck is the full 52-card deck without jokers. Randomness is passed in
(``rng``) or the deck is stacked (``deck``); no clock, no I/O.

>>> import random
>>> hand = DealerHand(DealerSettings(players=2), [100, 100], rng=random.Random(1))
>>> hand.actor, hand.pot, hand.stacks
(0, 2, (94, 94))
>>> hand.keep(); hand.fold()
>>> hand.finished, len(hand.dealer_up), hand.stacks[1]
(True, 5, 94)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pokerbonus.cards import Card, CardsLike, format_cards, make_deck, parse_cards
from pokerbonus.dealer.events import (
    AntePosted,
    CardsDealt,
    DealerCardTurned,
    DealerEvent,
    DealerQualified,
    Exchanged,
    Folded,
    HandShown,
    Kept,
    PotAwarded,
    PotCarried,
    SwitchFeePaid,
    WagerOutcome,
    WagerPosted,
    WagerSettled,
)
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.hands import HandValue, evaluate
from pokerbonus.i18n import gettext
from pokerbonus.rules.dealer import MAX_PLAYERS, DealerSettings

__all__ = ["DealerAction", "DealerHand", "DealerView", "dealer_deck"]


def dealer_deck(
    hands: Sequence[CardsLike], dealer: CardsLike, stub: CardsLike = ()
) -> tuple[Card, ...]:
    """A stacked 52-card deck: each player's five cards, the dealer's five (his
    first is turned before the decisions), then the stub (exchanges come from
    its top); the other cards follow in index order.

    >>> deck = dealer_deck(["As Ks Qs Js 9s"], "2c 3d 4h 5s 7c", stub="Ts")
    >>> format_cards(deck[:12])
    'As 2c Ks 3d Qs 4h Js 5s 9s 7c Ts 2d'
    """
    players = [parse_cards(h) for h in hands]
    mine = parse_cards(dealer)
    if any(len(h) != 5 for h in players) or len(mine) != 5:
        raise ConfigurationError(
            gettext("deck: every player and the dealer need exactly five cards")
        )
    top: list[Card] = []
    for r in range(5):
        top += [h[r] for h in players]
        top.append(mine[r])
    top += parse_cards(stub)
    if len(set(top)) != len(top):
        raise ConfigurationError(
            gettext("deck: a card is stacked twice in {cards}").format(cards=format_cards(top))
        )
    if any(c.is_joker for c in top):
        raise ConfigurationError(gettext("deck: dealer mode plays without jokers"))
    rest = [c for c in make_deck(52) if c not in set(top)]
    return tuple(top) + tuple(rest)


@dataclass(frozen=True, slots=True)
class DealerAction:
    """One decision: ``kind`` ``keep``, ``exchange`` (``card``: the one given up) or ``fold``."""

    kind: Literal["keep", "exchange", "fold"]
    card: Card | None = None

    def to_text(self) -> str:
        """Short text: ``keep``, ``fold`` or ``exchange 7h``."""
        return f"exchange {self.card}" if self.kind == "exchange" else self.kind

    @classmethod
    def from_text(cls, text: str) -> DealerAction:
        """The action of :meth:`to_text`'s form."""
        words = text.split()
        if words == ["keep"] or words == ["fold"]:
            return cls(words[0])  # type: ignore[arg-type]
        if len(words) == 2 and words[0] == "exchange":
            return cls("exchange", parse_cards(words[1])[0])
        raise IllegalActionError(
            gettext("dealer action: cannot read {text!r} (keep, exchange XX, fold)").format(
                text=text
            )
        )


@dataclass(frozen=True, slots=True)
class DealerView:
    """What ``seat`` may see (``None``: a spectator): its own cards, the dealer's
    turned cards, the public state, and the log with hidden cards removed.

    ``bet``, ``play``, ``switch`` and ``fee``: the table's bet, play wager,
    whether it plays the switch, and its fee (0 without the switch);
    ``qualified``: whether the dealer qualified, ``None`` until his hand is shown.
    """

    seat: int | None
    hole: tuple[Card, ...]
    dealer_up: tuple[Card, ...]
    stacks: tuple[int, ...]
    pot: int
    bet: int
    play: int
    switch: bool
    fee: int
    folded: tuple[bool, ...]
    decided: tuple[bool, ...]
    actor: int | None
    finished: bool
    qualified: bool | None
    shown: tuple[tuple[int | None, tuple[Card, ...]], ...]
    log: tuple[DealerEvent, ...]


class DealerHand:
    """One hand of dealer mode (see the module doc).

    ``stacks``: the players' chips, seat 0 first (each must cover the most a
    hand can take: ante, bet, play wager and switch fee); ``carry``: a table
    pot carried over from the last hand. ``deck``: a full order of the 52 cards
    (see :func:`dealer_deck`), else ``rng`` shuffles (default
    ``secrets.SystemRandom()``).

    Every decision comes as a trio: ``verify_x()`` raises
    :class:`IllegalActionError` with the reason, ``can_x()`` answers, ``x()``
    does it; a refused decision changes nothing.
    """

    def __init__(
        self,
        settings: DealerSettings,
        stacks: Sequence[int],
        *,
        rng: random.Random | None = None,
        deck: Sequence[int] | None = None,
        carry: int = 0,
    ) -> None:
        n = len(stacks)
        if not 1 <= n <= MAX_PLAYERS:
            raise ConfigurationError(
                gettext("stacks: dealer mode seats 1 to {most} players, got {n}").format(
                    most=MAX_PLAYERS, n=n
                )
            )
        for seat, chips in enumerate(stacks):
            if not isinstance(chips, int) or isinstance(chips, bool) or chips < settings.most:
                raise ConfigurationError(
                    gettext(
                        "stacks: seat {seat} has {chips!r} chips, a hand can take {most}"
                    ).format(seat=seat, chips=chips, most=settings.most)
                )
        if not isinstance(carry, int) or carry < 0:
            raise ConfigurationError(
                gettext("carry: must be an integer >= 0, got {carry!r}").format(carry=carry)
            )
        full = make_deck(52)
        if deck is not None:
            order = [Card(c) for c in deck]
            if sorted(order) != list(full):
                raise ConfigurationError(gettext("deck: not an order of the 52-card deck"))
        else:
            source = rng if rng is not None else secrets.SystemRandom()
            order = list(full)
            source.shuffle(order)
        self.settings = settings
        self.n = n
        self.deck_order: tuple[Card, ...] = tuple(order)
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.carry_in = carry
        self._stub = order[::-1]  # next card at the end
        self._stacks = list(stacks)
        self._pot = carry
        self._hole: list[list[Card]] = [[] for _ in range(n)]
        self._dealer: list[Card] = []
        self._turned = 0
        self._folded = [False] * n
        self._decided = [False] * n
        self._wagered = [0] * n  # bet and play wager in front of each seat, not yet settled
        self._actor: int | None = 0
        self._finished = False
        self._qualified: bool | None = None
        self.bank_net = 0
        """What the bank won (positive) or paid (negative) this hand, fees included."""
        self.carry_out = 0
        """The table pot left for the next hand (everyone folded), else 0."""
        self.results: dict[int, WagerSettled] = {}
        self.events: list[DealerEvent] = []
        for seat in range(n):
            self._stacks[seat] -= settings.stake
            self._pot += settings.ante
            self._wagered[seat] = settings.bet
            self.events.append(AntePosted(seat, settings.ante))
            self.events.append(WagerPosted(seat, "bet", settings.bet))
        for _ in range(5):
            for seat in range(n):
                self._hole[seat].append(self._stub.pop())
            self._dealer.append(self._stub.pop())
        for seat in range(n):
            self.events.append(CardsDealt(seat, tuple(self._hole[seat]), 5))
        self.events.append(CardsDealt(None, tuple(self._dealer), 5))
        self._turn()

    # -- state -----------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        """The seat to decide, or ``None`` once every player has decided."""
        return self._actor

    @property
    def finished(self) -> bool:
        """Whether the hand is settled."""
        return self._finished

    @property
    def stacks(self) -> tuple[int, ...]:
        """The players' chips now (what is in the pot or in front of them is out)."""
        return tuple(self._stacks)

    @property
    def pot(self) -> int:
        """The table pot now (antes, plus any carried over)."""
        return self._pot

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats folded."""
        return tuple(self._folded)

    @property
    def dealer_up(self) -> tuple[Card, ...]:
        """The dealer's cards turned face up so far."""
        return tuple(self._dealer[: self._turned])

    @property
    def dealer_cards(self) -> tuple[Card, ...]:
        """All five dealer cards (the truth; not for a player's screen before the end)."""
        return tuple(self._dealer)

    @property
    def qualified(self) -> bool | None:
        """Whether the dealer qualified (``None`` until the hand is settled)."""
        return self._qualified

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The five cards of a seat."""
        return tuple(self._hole[seat])

    def wagers_out(self) -> int:
        """Bets and play wagers not yet settled (in front of the players)."""
        return sum(self._wagered)

    def chips_in_play(self) -> int:
        """Stacks, the table pot, the unsettled wagers and the bank's result.

        Always ``sum(starting stacks) + carry``: no chip is created or lost.
        """
        return sum(self._stacks) + self._pot + self.carry_out + self.wagers_out() + self.bank_net

    # -- decisions -------------------------------------------------------------------

    def _require_actor(self, what: str) -> int:
        if self._actor is None:
            over = {
                "keep": gettext("keep: every player has decided, the hand is over"),
                "exchange": gettext("exchange: every player has decided, the hand is over"),
                "fold": gettext("fold: every player has decided, the hand is over"),
            }
            raise IllegalActionError(over[what])
        return self._actor

    def verify_keep(self) -> None:
        """Raise :class:`IllegalActionError` unless a player is to decide."""
        self._require_actor("keep")

    def can_keep(self) -> bool:
        """Whether :meth:`keep` is allowed now."""
        return self._actor is not None

    def keep(self) -> None:
        """The player to decide keeps their five cards and adds the play wager."""
        seat = self._require_actor("keep")
        self._post_play(seat)
        self.events.append(Kept(seat))
        self._next()

    def verify_exchange(self, card: int | str) -> None:
        """Raise :class:`IllegalActionError` unless the table plays the switch and
        the actor holds ``card``."""
        seat = self._require_actor("exchange")
        if not self.settings.switch:
            raise IllegalActionError(gettext("exchange: this table plays without the switch"))
        chosen = Card(card)
        if chosen not in self._hole[seat]:
            raise IllegalActionError(
                gettext("exchange: seat {seat} does not hold {card} (holds {cards})").format(
                    seat=seat, card=format_cards([chosen]), cards=format_cards(self._hole[seat])
                )
            )

    def can_exchange(self, card: int | str) -> bool:
        """Whether :meth:`exchange` of ``card`` is allowed now."""
        try:
            self.verify_exchange(card)
        except (IllegalActionError, ValueError):
            return False
        return True

    def exchange(self, card: int | str) -> None:
        """The player to decide adds the play wager, pays the switch fee, gives up
        ``card`` and receives the next card of the stub."""
        self.verify_exchange(card)
        seat = self._require_actor("exchange")
        chosen = Card(card)
        self._post_play(seat)
        fee = self.settings.fee
        self._stacks[seat] -= fee
        self.bank_net += fee
        self.events.append(SwitchFeePaid(seat, fee))
        new = self._stub.pop()
        hole = self._hole[seat]
        hole[hole.index(chosen)] = new
        self.events.append(Exchanged(seat, chosen, new))
        self._next()

    def verify_fold(self) -> None:
        """Raise :class:`IllegalActionError` unless a player is to decide."""
        self._require_actor("fold")

    def can_fold(self) -> bool:
        """Whether :meth:`fold` is allowed now."""
        return self._actor is not None

    def fold(self) -> None:
        """The player to decide folds: the bet goes to the bank, the ante stays in the pot."""
        seat = self._require_actor("fold")
        self._folded[seat] = True
        self.bank_net += self._wagered[seat]
        self._wagered[seat] = 0
        self.results[seat] = WagerSettled(seat, "fold", 0, 0)
        self.events.append(Folded(seat))
        self._next()

    def verify(self, action: DealerAction) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` may be taken now."""
        if action.kind == "keep":
            self.verify_keep()
        elif action.kind == "fold":
            self.verify_fold()
        elif action.kind == "exchange" and action.card is not None:
            self.verify_exchange(action.card)
        else:
            raise IllegalActionError(
                gettext("dealer action: {action!r} is not keep, exchange or fold").format(
                    action=action
                )
            )

    def act(self, action: DealerAction) -> None:
        """Take one :class:`DealerAction`."""
        self.verify(action)
        if action.kind == "keep":
            self.keep()
        elif action.kind == "fold":
            self.fold()
        else:
            assert action.card is not None
            self.exchange(action.card)

    # -- views -----------------------------------------------------------------------

    def view(self, seat: int | None) -> DealerView:
        """What ``seat`` may see: own cards and the dealer's turned cards (``None``: spectator)."""
        log: list[DealerEvent] = []
        for e in self.events:
            if isinstance(e, CardsDealt) and (e.seat is None or e.seat != seat):
                e = CardsDealt(e.seat, (), e.count)
            elif isinstance(e, Exchanged) and e.seat != seat:
                e = Exchanged(e.seat, None, None)
            log.append(e)
        shown = tuple((e.seat, e.cards) for e in self.events if isinstance(e, HandShown))
        s = self.settings
        return DealerView(
            seat=seat,
            hole=self.hole_cards(seat) if seat is not None else (),
            dealer_up=self.dealer_up,
            stacks=self.stacks,
            pot=self._pot,
            bet=s.bet,
            play=s.play,
            switch=s.switch,
            fee=s.fee,
            folded=self.folded,
            decided=tuple(self._decided),
            actor=self._actor,
            finished=self._finished,
            qualified=self._qualified,
            shown=shown,
            log=tuple(log),
        )

    # -- internals -------------------------------------------------------------------

    def _post_play(self, seat: int) -> None:
        play = self.settings.play
        self._stacks[seat] -= play
        self._wagered[seat] += play
        self.events.append(WagerPosted(seat, "play", play))

    def _turn(self) -> None:
        self.events.append(DealerCardTurned(self._turned, self._dealer[self._turned]))
        self._turned += 1

    def _next(self) -> None:
        assert self._actor is not None
        self._decided[self._actor] = True
        self._actor = self._actor + 1 if self._actor + 1 < self.n else None
        if self._actor is None:
            while self._turned < 5:
                self._turn()
            self._settle()

    def _settle(self) -> None:
        s = self.settings
        dealer_value = evaluate(self._dealer)
        qualified = s.qualifier.qualifies(dealer_value)
        self._qualified = qualified
        self.events.append(HandShown(None, tuple(self._dealer), dealer_value.description))
        self.events.append(DealerQualified(qualified))
        values: dict[int, HandValue] = {}
        for seat in range(self.n):
            if self._folded[seat]:
                self.events.append(self.results[seat])
                continue
            value = values[seat] = evaluate(self._hole[seat])
            self.events.append(HandShown(seat, tuple(self._hole[seat]), value.description))
            outcome: WagerOutcome
            if not qualified:
                outcome, bet_back, play_back = "no_qualify", 2 * s.bet, s.play
            elif value > dealer_value:
                outcome, bet_back = "win", 2 * s.bet
                play_back = s.play * (1 + s.paytable.pays(value))
            elif value == dealer_value:
                outcome, bet_back, play_back = "push", s.bet, s.play
            else:
                outcome, bet_back, play_back = "lose", 0, 0
            staked = self._wagered[seat]
            self._wagered[seat] = 0
            self._stacks[seat] += bet_back + play_back
            self.bank_net += staked - bet_back - play_back
            self.results[seat] = WagerSettled(seat, outcome, bet_back, play_back)
            self.events.append(self.results[seat])
        if values:
            top = max(values.values())
            winners = [seat for seat in sorted(values) if values[seat] == top]
            share, odd = divmod(self._pot, len(winners))
            shares = tuple((w, share + (1 if i < odd else 0)) for i, w in enumerate(winners))
            for seat, chips in shares:
                self._stacks[seat] += chips
            self.events.append(PotAwarded(self._pot, shares))
        else:
            self.carry_out = self._pot
            self.events.append(PotCarried(self._pot))
        self._pot = 0
        self._finished = True
