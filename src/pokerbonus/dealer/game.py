"""Dealer mode ("Poker vs Dealer", RULES.md section 9): the game logic.

Up to five players play against the dealer (the bank). Each hand every player
puts an ante into the table pot and a wager against the bank; five cards are
dealt face down to each player and to the dealer, one at a time, the dealer
served last; the dealer turns his first card. In turn, from the first seat,
each player keeps, exchanges exactly one card, or folds (losing ante and
wager). The dealer then turns his other four cards one at a time, and:

- against the bank, a better hand than the dealer's wins the wager 1 to 1, a
  worse one loses it, an exact tie is a push (the wager comes back);
- a straight or better is paid a bonus on the wager (the paytable, "to 1")
  whatever the dealer holds;
- the table pot goes to the best hand among the players who did not fold
  (exact ties split it, odd chips one each from the first seat on); if everyone
  folded it carries over to the next hand.

The deck is the full 52-card deck without jokers. Randomness is passed in
(``rng``) or the deck is stacked (``deck``); no clock, no I/O.

>>> import random
>>> hand = DealerHand(DealerSettings(players=2), [100, 100], rng=random.Random(1))
>>> hand.actor, hand.pot, hand.stacks
(0, 2, (94, 94))
>>> hand.keep(); hand.fold()
>>> hand.finished, len(hand.dealer_up)
(True, 5)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from pokerbonus.cards import Card, CardsLike, format_cards, make_deck, parse_cards
from pokerbonus.dealer.events import (
    AntePosted,
    CardsDealt,
    DealerCardTurned,
    DealerEvent,
    Exchanged,
    Folded,
    HandShown,
    Kept,
    PotAwarded,
    PotCarried,
    WagerPosted,
    WagerSettled,
)
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.hands import Category, HandValue, evaluate

__all__ = [
    "DEFAULT_PAYTABLE",
    "PAYTABLE_HANDS",
    "DealerAction",
    "DealerHand",
    "DealerSettings",
    "DealerView",
    "bonus_multiplier",
    "dealer_deck",
    "rules_text",
]

PAYTABLE_HANDS: Final = (
    "straight", "flush", "full_house", "quads", "straight_flush", "royal_flush",
)  # fmt: skip
DEFAULT_PAYTABLE: Final[Mapping[str, int]] = {
    "straight": 1, "flush": 2, "full_house": 3, "quads": 10, "straight_flush": 50,
    "royal_flush": 100,
}  # fmt: skip
"""The rule book's bonus on the wager, each "to 1"."""

MAX_PLAYERS: Final = 5
_ROYAL: Final = 7462  # the `high` rank of a royal flush
_CATEGORY_KEY: Final = {
    Category.STRAIGHT: "straight",
    Category.FLUSH: "flush",
    Category.FULL_HOUSE: "full_house",
    Category.QUADS: "quads",
    Category.STRAIGHT_FLUSH: "straight_flush",
}


@dataclass(frozen=True, slots=True)
class DealerSettings:
    """The table settings of dealer mode (RULES.md section 9).

    ``players`` 1..5 (default 3: the person and two computer players), ``ante``
    (default 1) into the table pot and ``wager`` (default 5) against the bank,
    each hand; ``paytable``: the bonus "to 1" on the wager by hand (missing
    hands pay nothing); ``cave``: the chips bought on sitting down or rebuying.

    >>> DealerSettings(wager=0)
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: wager: must be an integer >= 1, got 0
    """

    players: int = 3
    ante: int = 1
    wager: int = 5
    paytable: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_PAYTABLE))
    cave: int = 100

    def __post_init__(self) -> None:
        for name, low in (("players", 1), ("ante", 1), ("wager", 1), ("cave", 1)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise ConfigurationError(f"{name}: must be an integer >= {low}, got {value!r}")
        if self.players > MAX_PLAYERS:
            raise ConfigurationError(
                f"players: dealer mode seats 1..{MAX_PLAYERS} players, got {self.players}"
            )
        for key, paid in self.paytable.items():
            if key not in PAYTABLE_HANDS:
                raise ConfigurationError(
                    f"paytable: unknown hand {key!r} (expected {', '.join(PAYTABLE_HANDS)})"
                )
            if not isinstance(paid, int) or isinstance(paid, bool) or paid < 0:
                raise ConfigurationError(f"paytable: {key} must pay an integer >= 0, got {paid!r}")
        object.__setattr__(self, "paytable", dict(self.paytable))
        if self.cave < self.ante + self.wager:
            raise ConfigurationError(
                f"cave: {self.cave} chips do not cover one hand (ante {self.ante} "
                f"+ wager {self.wager})"
            )

    @property
    def stake(self) -> int:
        """Chips a player puts up each hand: ante plus wager."""
        return self.ante + self.wager

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain data (``game`` is ``"dealer"``)."""
        return {
            "game": "dealer",
            "players": self.players,
            "ante": self.ante,
            "wager": self.wager,
            "paytable": dict(self.paytable),
            "cave": self.cave,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealerSettings:
        """Settings from :meth:`to_dict`'s form; unknown fields are refused by name."""
        values = {k: v for k, v in data.items() if k != "game"}
        if data.get("game", "dealer") != "dealer":
            raise ConfigurationError(f"game: must be 'dealer', got {data['game']!r}")
        unknown = set(values) - {"players", "ante", "wager", "paytable", "cave"}
        if unknown:
            raise ConfigurationError(f"{sorted(unknown)[0]}: unknown field")
        return cls(**values)

    def __hash__(self) -> int:
        items = tuple(sorted(self.paytable.items()))
        return hash((self.players, self.ante, self.wager, items, self.cave))


def bonus_multiplier(value: HandValue, paytable: Mapping[str, int]) -> int:
    """The bonus "to 1" the paytable pays for a hand value (0 below a straight).

    >>> bonus_multiplier(evaluate("As Ks Qs Js Ts"), DEFAULT_PAYTABLE)
    100
    >>> bonus_multiplier(evaluate("9s Ks Qs Js Ts"), DEFAULT_PAYTABLE)
    50
    """
    if value.rank == _ROYAL:
        return paytable.get("royal_flush", paytable.get("straight_flush", 0))
    category = value.category
    key = _CATEGORY_KEY.get(category) if category is not None else None
    return paytable.get(key, 0) if key is not None else 0


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
        raise ConfigurationError("deck: every player and the dealer need exactly five cards")
    top: list[Card] = []
    for r in range(5):
        top += [h[r] for h in players]
        top.append(mine[r])
    top += parse_cards(stub)
    if len(set(top)) != len(top):
        raise ConfigurationError(f"deck: a card is stacked twice in {format_cards(top)}")
    if any(c.is_joker for c in top):
        raise ConfigurationError("deck: dealer mode plays without jokers")
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
        raise IllegalActionError(f"dealer action: cannot read {text!r} (keep, exchange XX, fold)")


@dataclass(frozen=True, slots=True)
class DealerView:
    """What ``seat`` may see (``None``: a spectator): its own cards, the dealer's
    turned cards, the public state, and the log with hidden cards removed."""

    seat: int | None
    hole: tuple[Card, ...]
    dealer_up: tuple[Card, ...]
    stacks: tuple[int, ...]
    pot: int
    wager: int
    folded: tuple[bool, ...]
    decided: tuple[bool, ...]
    actor: int | None
    finished: bool
    shown: tuple[tuple[int | None, tuple[Card, ...]], ...]
    log: tuple[DealerEvent, ...]


class DealerHand:
    """One hand of dealer mode (see the module doc).

    ``stacks``: the players' chips, seat 0 first (each must cover ante and
    wager); ``carry``: a table pot carried over from the last hand. ``deck``: a
    full order of the 52 cards (see :func:`dealer_deck`), else ``rng`` shuffles
    (default ``secrets.SystemRandom()``).
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
            raise ConfigurationError(f"stacks: dealer mode seats 1..{MAX_PLAYERS} players, got {n}")
        for seat, chips in enumerate(stacks):
            if not isinstance(chips, int) or isinstance(chips, bool) or chips < settings.stake:
                raise ConfigurationError(
                    f"stacks: seat {seat} has {chips!r} chips, a hand needs {settings.stake} "
                    f"(ante {settings.ante} + wager {settings.wager})"
                )
        if not isinstance(carry, int) or carry < 0:
            raise ConfigurationError(f"carry: must be an integer >= 0, got {carry!r}")
        full = make_deck(52)
        if deck is not None:
            order = [Card(c) for c in deck]
            if sorted(order) != list(full):
                raise ConfigurationError("deck: not an order of the 52-card deck")
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
        self._actor: int | None = 0
        self._finished = False
        self.bank_net = 0
        """What the bank won (positive) or paid (negative) this hand."""
        self.carry_out = 0
        """The table pot left for the next hand (everyone folded), else 0."""
        self.results: dict[int, WagerSettled] = {}
        self.events: list[DealerEvent] = []
        for seat in range(n):
            self._stacks[seat] -= settings.stake
            self._pot += settings.ante
            self.events.append(AntePosted(seat, settings.ante))
            self.events.append(WagerPosted(seat, settings.wager))
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
        """The players' chips now (ante and wager are out while the hand is played)."""
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

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The five cards of a seat."""
        return tuple(self._hole[seat])

    def wagers_out(self) -> int:
        """Wagers not yet settled (in front of the players, against the bank)."""
        return 0 if self._finished else self.settings.wager * self.n

    def chips_in_play(self) -> int:
        """Stacks, the table pot and unsettled wagers, less the bank's result.

        Always ``sum(starting stacks) + carry``: no chip is created or lost.
        """
        return sum(self._stacks) + self._pot + self.carry_out + self.wagers_out() - self.bank_net

    # -- decisions -------------------------------------------------------------------

    def _require_actor(self, what: str) -> int:
        if self._actor is None:
            raise IllegalActionError(f"{what}: every player has decided, the hand is over")
        return self._actor

    def verify_keep(self) -> None:
        """Raise :class:`IllegalActionError` unless a player is to decide."""
        self._require_actor("keep")

    def can_keep(self) -> bool:
        """Whether :meth:`keep` is allowed now."""
        return self._actor is not None

    def keep(self) -> None:
        """The player to decide keeps their five cards."""
        seat = self._require_actor("keep")
        self.events.append(Kept(seat))
        self._next()

    def verify_exchange(self, card: int | str) -> None:
        """Raise :class:`IllegalActionError` unless the actor holds ``card``."""
        seat = self._require_actor("exchange")
        chosen = Card(card)
        if chosen not in self._hole[seat]:
            raise IllegalActionError(
                f"exchange: seat {seat} does not hold {chosen} "
                f"(holds {format_cards(self._hole[seat])})"
            )

    def can_exchange(self, card: int | str) -> bool:
        """Whether :meth:`exchange` of ``card`` is allowed now."""
        try:
            self.verify_exchange(card)
        except (IllegalActionError, ValueError):
            return False
        return True

    def exchange(self, card: int | str) -> None:
        """The player to decide gives up ``card`` and receives the next card of the stub."""
        self.verify_exchange(card)
        seat = self._require_actor("exchange")
        chosen = Card(card)
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
        """The player to decide folds: ante stays in the pot, the wager goes to the bank."""
        seat = self._require_actor("fold")
        self._folded[seat] = True
        self.events.append(Folded(seat))
        self._next()

    def act(self, action: DealerAction) -> None:
        """Take one :class:`DealerAction`."""
        if action.kind == "keep":
            self.keep()
        elif action.kind == "fold":
            self.fold()
        elif action.kind == "exchange" and action.card is not None:
            self.exchange(action.card)
        else:
            raise IllegalActionError(f"dealer action: {action!r} is not keep, exchange or fold")

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
        return DealerView(
            seat=seat,
            hole=self.hole_cards(seat) if seat is not None else (),
            dealer_up=self.dealer_up,
            stacks=self.stacks,
            pot=self._pot,
            wager=self.settings.wager,
            folded=self.folded,
            decided=tuple(self._decided),
            actor=self._actor,
            finished=self._finished,
            shown=shown,
            log=tuple(log),
        )

    # -- internals -------------------------------------------------------------------

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
        self.events.append(HandShown(None, tuple(self._dealer), dealer_value.description))
        values: dict[int, HandValue] = {}
        for seat in range(self.n):
            if self._folded[seat]:
                self.bank_net += s.wager
                self.results[seat] = WagerSettled(seat, "fold", 0, 0)
                self.events.append(self.results[seat])
                continue
            value = values[seat] = evaluate(self._hole[seat])
            self.events.append(HandShown(seat, tuple(self._hole[seat]), value.description))
            if value > dealer_value:
                outcome, returned = "win", 2 * s.wager
            elif value == dealer_value:
                outcome, returned = "push", s.wager
            else:
                outcome, returned = "lose", 0
            bonus = bonus_multiplier(value, s.paytable) * s.wager
            self._stacks[seat] += returned + bonus
            self.bank_net += s.wager - returned - bonus
            self.results[seat] = WagerSettled(seat, outcome, returned, bonus)  # type: ignore[arg-type]
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


def rules_text(settings: DealerSettings | None = None) -> list[str]:
    """The rules of dealer mode in plain English, one paragraph per item, for the rules screen.

    >>> rules_text()[5].startswith("An exact tie")
    True
    """
    s = settings if settings is not None else DealerSettings()
    names = {
        "straight": "Straight", "flush": "Flush", "full_house": "Full house",
        "quads": "Four of a kind", "straight_flush": "Straight flush",
        "royal_flush": "Royal flush",
    }  # fmt: skip
    pays = ", ".join(f"{names[k]} {s.paytable.get(k, 0)} to 1" for k in PAYTABLE_HANDS)
    return [
        f"Up to {MAX_PLAYERS} players play against the dealer, who is the bank. The game "
        "uses one 52-card deck without jokers; hands rank as in ordinary poker and suits "
        "never rank.",
        f"Each hand, every player puts an ante of {s.ante} into the table pot and a wager "
        f"of {s.wager} against the bank.",
        "Every player and the dealer get five cards face down. The dealer turns his first "
        "card face up before anyone decides.",
        "In turn, starting from the first seat, each player keeps their five cards, "
        "exchanges exactly one card for the next card of the deck, or folds. A player who "
        "folds loses both the ante and the wager.",
        "Then the dealer turns his other four cards, one at a time. Against the bank, a "
        "better hand than the dealer's wins the wager 1 to 1 and a worse hand loses it.",
        "An exact tie with the dealer (the same five ranks; suits do not count) is a push: "
        "the wager is returned, neither won nor lost.",
        "Bonus: a straight or better is paid a bonus on the wager whatever the dealer "
        f"holds, even when the dealer's hand is better. Paytable: {pays}.",
        "The table pot of antes goes to the best hand among the players who did not fold. "
        "Exact ties split it; an odd chip goes one by one to the tied players from the "
        "first seat on. If everyone folds, the pot stays on the table for the next hand.",
    ]
