"""The gauntlet: simple exploitative strategies for the five-card draw, each a few
lines on the public bot interface (:class:`pokerbonus.bots.Bot`), to try a level
the way a person would (see ``docs/bots.md``, "The gauntlet").

Each bot reads only its seat's view and the table's public rules, like any bot
written outside the package. Those that "else play as ``hard``" keep a
:class:`~pokerbonus.bots.draw.HardBot` of their own and ask it for every decision
their trick does not cover.

:data:`GAUNTLET` lists them by name (the order the gauntlet plays them), with the
parametric mixes (:class:`Mix`: one of two strategies drawn for each hand).

>>> list(GAUNTLET)[:3]
['maniac', 'station', 'bluffer']
>>> make_gauntlet_bot("maniac", seed=1).name
'maniac'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pokerbonus.bots.base import (
    UNLIMITED,
    Bot,
    Budget,
    GameInfo,
    category_of,
    fallback_action,
    read_view,
    standard_discard,
)
from pokerbonus.bots.draw import HardBot
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands import Category

__all__ = [
    "GAUNTLET",
    "Bluffer",
    "CheckRaiser",
    "Limper",
    "Maniac",
    "MinBettor",
    "MinRaiser",
    "Mix",
    "OverFolder",
    "Pusher",
    "Station",
    "make_gauntlet_bot",
]


def _pot(view: SeatView) -> int:
    return view.pot + sum(view.bets)


def _raise(legal: LegalActions, amount: int) -> Action | None:
    """A raise to ``amount`` clamped to the legal range (``None``: no raise allowed)."""
    if legal.min_raise_to is None or legal.max_raise_to is None:
        return None
    return Action.raise_to(min(max(amount, legal.min_raise_to), legal.max_raise_to))


def _pot_bet(view: SeatView, legal: LegalActions) -> Action | None:
    """Bet or raise the pot (after calling)."""
    call = legal.call_amount or 0
    return _raise(legal, max(view.bets) + _pot(view) + call)


def _after_draw(view: SeatView) -> bool:
    return read_view(view).after_draw


def _at_least(view: SeatView, info: GameInfo, category: Category) -> bool:
    return info.strength(category_of(view.hole, info)) >= info.strength(category)


def _draw(view: SeatView, info: GameInfo, legal: LegalActions) -> Action:
    return Action.discard(standard_discard(view.hole, info)[: legal.max_discard])


class _Trick(Bot):
    """A bot with one trick: :meth:`trick` answers, or ``None`` to play as ``hard``."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.hard = HardBot(self.rng.getrandbits(63))

    def warm_up(self, info: GameInfo) -> None:
        """Prepare the ``hard`` bot behind the trick."""
        self.hard.warm_up(info)

    def new_hand(self, seat: int, info: GameInfo) -> None:
        """A new hand for the ``hard`` bot behind the trick."""
        self.hard.new_hand(seat, info)

    def hand_over(self, view: SeatView, info: GameInfo) -> None:
        """The finished hand, for the ``hard`` bot behind the trick."""
        self.hard.hand_over(view, info)

    def trick(self, view: SeatView, info: GameInfo, legal: LegalActions) -> Action | None:
        """The trick's action, or ``None`` to play as ``hard``."""
        return None

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """The trick where it applies, else ``hard``'s action."""
        legal = view.legal
        assert legal is not None
        action = self.trick(view, info, legal) if legal.decision in ("bet", "draw") else None
        return action if action is not None else self.hard.decide(view, info, budget)


class Maniac(Bot):
    """Raises the maximum at every betting decision; draws by the standard table."""

    name = "maniac"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """All in, always."""
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            return _draw(view, info, legal)
        if legal.decision == "bet":
            return _raise(legal, legal.max_raise_to or 0) or Action.check_or_call()
        return fallback_action(legal, view.hole)


class Station(Bot):
    """The calling station: checks or calls every bet, never raises, never folds."""

    name = "station"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Check or call; the standard draw."""
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            return _draw(view, info, legal)
        if legal.decision == "bet":
            return Action.check_or_call()
        return fallback_action(legal, view.hole)


class Bluffer(Bot):
    """The stand-pat bluffer: stands pat every hand, bets the pot whenever checked
    to, calls bets up to the pot before the draw, and after the draw folds to a bet
    without two pair."""

    name = "bluffer"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Snow every hand."""
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            return Action.stand_pat()
        if legal.decision != "bet":
            return fallback_action(legal, view.hole)
        call = legal.call_amount or 0
        if call == 0:
            return _pot_bet(view, legal) or Action.check_or_call()
        if _after_draw(view):
            if _at_least(view, info, Category.TWO_PAIR):
                return Action.check_or_call()
            return fallback_action(legal, view.hole)
        return Action.check_or_call() if call <= _pot(view) else fallback_action(legal, view.hole)


class OverFolder(_Trick):
    """Folds to every bet or raise without two pair before the draw, trips after;
    else plays as ``hard``."""

    name = "over-folder"

    def trick(self, view: SeatView, info: GameInfo, legal: LegalActions) -> Action | None:
        """Fold unless strong when facing a bet."""
        if legal.decision != "bet" or not legal.call_amount or not legal.can_fold:
            return None
        needed = Category.TRIPS if _after_draw(view) else Category.TWO_PAIR
        return None if _at_least(view, info, needed) else Action.fold()


class MinRaiser(_Trick):
    """Min-raises every opening it faces before the draw; else plays as ``hard``."""

    name = "min-raiser"

    def trick(self, view: SeatView, info: GameInfo, legal: LegalActions) -> Action | None:
        """The minimum raise before the draw, facing a bet."""
        if legal.decision != "bet" or not legal.call_amount or _after_draw(view):
            return None
        return _raise(legal, legal.min_raise_to or 0)


class MinBettor(_Trick):
    """After the draw, bets the minimum with any hand when checked to; else plays
    as ``hard``."""

    name = "min-bettor"

    def trick(self, view: SeatView, info: GameInfo, legal: LegalActions) -> Action | None:
        """The minimum bet after the draw."""
        if legal.decision != "bet" or legal.call_amount or not _after_draw(view):
            return None
        return _raise(legal, legal.min_raise_to or 0)


class CheckRaiser(_Trick):
    """After the draw: checks when first to speak; facing a bet, raises the pot
    with two pair or better and one hand in three otherwise; else plays as ``hard``."""

    name = "check-raiser"

    def trick(self, view: SeatView, info: GameInfo, legal: LegalActions) -> Action | None:
        """Check, then raise."""
        if legal.decision != "bet" or not _after_draw(view):
            return None
        if not legal.call_amount:
            return Action.check_or_call()
        if _at_least(view, info, Category.TWO_PAIR) or self.rng.random() < 1 / 3:
            return _pot_bet(view, legal)
        return None


class Limper(_Trick):
    """Before the draw never raises: opens for the minimum and calls any bet up to
    the pot with any hand; else plays as ``hard``."""

    name = "limper"

    def trick(self, view: SeatView, info: GameInfo, legal: LegalActions) -> Action | None:
        """Limp in."""
        if legal.decision != "bet" or _after_draw(view):
            return None
        call = legal.call_amount or 0
        if call == 0:
            return _raise(legal, legal.min_raise_to or 0) or Action.check_or_call()
        return Action.check_or_call() if call <= _pot(view) else None


class Pusher(Bot):
    """All in or fold: before the draw all in with a pair or better, after it with
    two pair or better; else check or fold. Draws by the standard table."""

    name = "pusher"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Push or give up."""
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            return _draw(view, info, legal)
        if legal.decision != "bet":
            return fallback_action(legal, view.hole)
        needed = Category.TWO_PAIR if _after_draw(view) else Category.PAIR
        if _at_least(view, info, needed):
            return _raise(legal, legal.max_raise_to or 0) or Action.check_or_call()
        return fallback_action(legal, view.hole)


class Mix(Bot):
    """A parametric mix: ``first`` for a hand with probability ``weight``, else
    ``second`` (drawn at the start of each hand from the mix's own random source).

    >>> mix = Mix(Maniac(1), Station(2), 0.25, seed=3)
    >>> mix.name
    'maniac 25% + station'
    """

    def __init__(self, first: Bot, second: Bot, weight: float, seed: int | None = None) -> None:
        super().__init__(seed)
        if not 0.0 <= weight <= 1.0:
            raise ConfigurationError(f"mix: weight must lie in [0, 1], got {weight}")
        self.first, self.second, self.weight = first, second, weight
        self.name = f"{first.name} {round(100 * weight)}% + {second.name}"
        self._playing = first

    def warm_up(self, info: GameInfo) -> None:
        """Prepare both strategies."""
        self.first.warm_up(info)
        self.second.warm_up(info)

    def new_hand(self, seat: int, info: GameInfo) -> None:
        """Draw the strategy of this hand."""
        self._playing = self.first if self.rng.random() < self.weight else self.second
        self._playing.new_hand(seat, info)

    def hand_over(self, view: SeatView, info: GameInfo) -> None:
        """The finished hand, for both strategies."""
        self.first.hand_over(view, info)
        self.second.hand_over(view, info)

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """The action of this hand's strategy."""
        return self._playing.decide(view, info, budget)


def _mix(first: Callable[[int], Bot], second: Callable[[int], Bot], weight: float) -> _Factory:
    def build(seed: int | None) -> Bot:
        base = 0 if seed is None else seed
        return Mix(first(base + 1), second(base + 2), weight, seed)

    return build


_Factory = Callable[[int | None], Bot]

GAUNTLET: Final[dict[str, _Factory]] = {
    "maniac": Maniac,
    "station": Station,
    "bluffer": Bluffer,
    "over-folder": OverFolder,
    "min-raiser": MinRaiser,
    "min-bettor": MinBettor,
    "check-raiser": CheckRaiser,
    "limper": Limper,
    "pusher": Pusher,
    "bluffer-half": _mix(Bluffer, HardBot, 0.5),
    "maniac-quarter": _mix(Maniac, HardBot, 0.25),
    "raiser-station": _mix(MinRaiser, Station, 0.5),
    "pusher-limper": _mix(Pusher, Limper, 0.5),
}
"""The gauntlet's bots by name, in the order it plays them: the nine tricks, then
the mixes (``bluffer-half``: the bluffer one hand in two, else ``hard``;
``maniac-quarter``: the maniac one hand in four, else ``hard``;
``raiser-station``: the min-raiser or the station; ``pusher-limper``: the
pusher or the limper)."""


def make_gauntlet_bot(name: str, seed: int | None = None) -> Bot:
    """The gauntlet bot ``name`` (a key of :data:`GAUNTLET`), named so in results."""
    factory = GAUNTLET.get(name)
    if factory is None:
        raise ConfigurationError(
            f"gauntlet: unknown bot {name!r} (expected one of {', '.join(GAUNTLET)})"
        )
    bot = factory(seed)
    bot.name = name
    return bot
