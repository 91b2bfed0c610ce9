"""A dealer-mode session: players, the bank's balance, the carried pot, rebuys.

Every change comes in two steps, so that a recorder can write it in between
("decide, write, apply"): :meth:`DealerTable.deal` makes the next hand without
seating it and :meth:`DealerTable.begin` seats it; :meth:`verify_rebuy` says
what a rebuy would buy and :meth:`rebuy` makes it; a hand's decisions are
checked with :meth:`DealerHand.verify` before :meth:`DealerHand.act`.

>>> import random
>>> table = DealerTable(DealerSettings(players=2), ["you", "bot"])
>>> hand = table.start_hand(random.Random(3))
>>> hand.keep(); hand.keep()
>>> table.finish_hand()
>>> table.check_chips()
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerbonus.dealer.game import DealerHand
from pokerbonus.errors import ConfigurationError, IllegalActionError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.rules.dealer import DealerSettings

__all__ = ["DealerTable"]


class DealerTable:
    """Hands of dealer mode one after another, with the accounts of players and bank.

    Every player buys ``settings.cave`` chips on sitting down; a player whose
    stack no longer covers the most a hand can take (ante, bet, play wager and
    switch fee) sits out until :meth:`rebuy`. The bank has a balance (``bank``:
    what it won, negative when it paid out). Chips are conserved: stacks plus
    the carried pot plus the bank's balance equal everything bought
    (:meth:`check_chips`).
    """

    def __init__(self, settings: DealerSettings, players: Sequence[str]) -> None:
        names = list(players)
        if len(names) != settings.players:
            raise ConfigurationError(
                gettext("players: the settings seat {players}, got {count} names").format(
                    players=settings.players, count=len(names)
                )
            )
        if len(set(names)) != len(names) or not all(names):
            raise ConfigurationError(
                gettext("players: names must be non-empty and differ, got {names}").format(
                    names=names
                )
            )
        self.settings = settings
        self.players: tuple[str, ...] = tuple(names)
        self.stacks: dict[str, int] = dict.fromkeys(names, settings.cave)
        self.bought: dict[str, int] = dict.fromkeys(names, settings.cave)
        self.bank = 0
        """The bank's result so far (positive: the bank won)."""
        self.carry = 0
        """The table pot carried over (everyone folded in the last hand)."""
        self.hands_played = 0
        self.hand: DealerHand | None = None
        self.dealt: tuple[str, ...] = ()
        """The players dealt in the hand being played, in seat order."""

    def sitting_out(self) -> tuple[str, ...]:
        """Players who cannot cover the most a hand can take."""
        return tuple(p for p in self.players if self.stacks[p] < self.settings.most)

    def verify_rebuy(self, player: str, caves: int = 1) -> int:
        """The chips ``caves`` caves would buy for ``player`` now; raises if refused."""
        if self.hand is not None:
            raise IllegalActionError(gettext("rebuy: chips can be added only between hands"))
        if player not in self.stacks:
            raise PokerError(gettext("rebuy: no player {player!r}").format(player=player))
        if not isinstance(caves, int) or isinstance(caves, bool) or caves < 1:
            raise IllegalActionError(
                gettext("rebuy: caves must be a positive integer, got {caves!r}").format(
                    caves=caves
                )
            )
        return caves * self.settings.cave

    def rebuy(self, player: str, caves: int = 1) -> int:
        """Buy ``caves`` more caves for ``player`` between hands; returns the chips bought."""
        chips = self.verify_rebuy(player, caves)
        self.stacks[player] += chips
        self.bought[player] += chips
        return chips

    def deal(
        self, rng: random.Random | None = None, *, deck: Sequence[int] | None = None
    ) -> tuple[DealerHand, tuple[str, ...]]:
        """The next hand and the players dealt in, without seating it (see :meth:`begin`)."""
        if self.hand is not None:
            raise IllegalActionError(gettext("next hand: a hand is being played"))
        out = set(self.sitting_out())
        dealt = tuple(p for p in self.players if p not in out)
        if not dealt:
            raise IllegalActionError(gettext("next hand: no player has the chips for a hand"))
        hand = DealerHand(
            self.settings, [self.stacks[p] for p in dealt], rng=rng, deck=deck, carry=self.carry
        )
        return hand, dealt

    def begin(self, hand: DealerHand, dealt: tuple[str, ...]) -> None:
        """Seat a hand made by :meth:`deal` (nothing may have changed since)."""
        if self.hand is not None:
            raise IllegalActionError(gettext("next hand: a hand is being played"))
        if hand.starting_stacks != tuple(self.stacks[p] for p in dealt):
            raise IllegalActionError(
                gettext("next hand: the stacks changed since the hand was dealt")
            )
        self.hand = hand
        self.dealt = dealt

    def start_hand(
        self, rng: random.Random | None = None, *, deck: Sequence[int] | None = None
    ) -> DealerHand:
        """Deal and seat the next hand (:meth:`deal` then :meth:`begin`)."""
        hand, dealt = self.deal(rng, deck=deck)
        self.begin(hand, dealt)
        return hand

    def finish_hand(self) -> None:
        """Apply the settled hand to the accounts."""
        hand = self.hand
        if hand is None or not hand.finished:
            raise IllegalActionError(gettext("finish hand: no finished hand"))
        for name, stack in zip(self.dealt, hand.stacks, strict=True):
            self.stacks[name] = stack
        self.bank += hand.bank_net
        self.carry = hand.carry_out
        self.hands_played += 1
        self.hand = None
        self.dealt = ()

    def net(self, player: str) -> int:
        """A player's result: stack less everything bought."""
        return self.stacks[player] - self.bought[player]

    def check_chips(self) -> None:
        """Raise :class:`PokerError` if a chip was created or lost."""
        expected = sum(self.bought.values()) - self.bank
        if self.hand is not None:
            dealt = set(self.dealt)
            outside = sum(v for p, v in self.stacks.items() if p not in dealt)
            # the carried pot is in the hand's pot (or carried out of it)
            hand = self.hand
            held = outside + sum(hand.stacks) + hand.pot + hand.carry_out + hand.wagers_out()
            expected -= hand.bank_net
        else:
            held = sum(self.stacks.values()) + self.carry
        if held != expected:
            raise PokerError(
                gettext("dealer table: {held} chips held, {expected} expected").format(
                    held=held, expected=expected
                )
            )
