"""The table's ledger: caves bought, stacks and net results (RULES.md section 4).

Every player buys one cave on sitting down. Between hands (never during one)
they may buy more, by the table's rebuy policy:

- ``free`` (default): any number of whole caves, any time between hands;
- ``limited``: whole caves, at most ``max_caves`` per player in all (the first
  cave included);
- ``unlimited``: any amount of chips (or whole caves).

No chip is created or lost: the stacks always add up to everything bought in,
outside a hand; a hand may only move chips between the players dealt in.

>>> ledger = Ledger(cave=100, policy="limited", max_caves=2)
>>> ledger.sit("ann"); ledger.sit("bob")
>>> ledger.start_hand(["ann", "bob"])
>>> ledger.settle_hand({"ann": 130, "bob": 70})
>>> ledger.rebuy("bob").chips
100
>>> ledger.entry("bob")
LedgerEntry(player='bob', caves=2, bought=200, stack=170)
>>> ledger.entry("bob").net, ledger.total_bought == ledger.total_stacks
(-30, True)
>>> ledger.rebuy("bob")
Traceback (most recent call last):
...
pokerbonus.errors.IllegalActionError: rebuy: 'bob' has bought 2 caves, the limit is 2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pokerbonus.engine.config import RebuyPolicy, TableConfig
from pokerbonus.errors import ConfigurationError, IllegalActionError, PokerError
from pokerbonus.i18n import gettext

__all__ = ["Ledger", "LedgerEntry", "Purchase"]


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One player's account: caves bought, chips bought, current stack.

    ``caves`` counts whole caves bought; an ``unlimited`` purchase of an amount
    of chips adds to ``bought`` only.
    """

    player: str
    caves: int
    bought: int
    stack: int

    @property
    def net(self) -> int:
        """The player's result so far: stack minus everything bought in."""
        return self.stack - self.bought


@dataclass(frozen=True, slots=True)
class Purchase:
    """A record of chips bought: on sitting down (``hand`` 0 before any hand) or a rebuy."""

    player: str
    chips: int
    caves: int
    after_hand: int


class Ledger:
    """The chips of every player at the table, and everything they bought in."""

    __slots__ = ("_accounts", "_cave", "_hands", "_in_hand", "_max_caves", "_policy", "purchases")

    def __init__(
        self, cave: int = 100, policy: RebuyPolicy = "free", max_caves: int | None = None
    ) -> None:
        if not isinstance(cave, int) or isinstance(cave, bool) or cave < 1:
            raise ConfigurationError(
                gettext("cave: must be a positive integer, got {cave!r}").format(cave=cave)
            )
        if policy not in ("free", "limited", "unlimited"):
            raise ConfigurationError(
                gettext(
                    "rebuy: must be one of 'free', 'limited', 'unlimited', got {policy!r}"
                ).format(policy=policy)
            )
        if (policy == "limited") != (max_caves is not None):
            raise ConfigurationError(
                gettext(
                    "max_caves: required with rebuy = 'limited' and only then, got {max_caves!r}"
                ).format(max_caves=max_caves)
            )
        if max_caves is not None and (not isinstance(max_caves, int) or max_caves < 1):
            raise ConfigurationError(
                gettext("max_caves: must be at least 1, got {max_caves!r}").format(
                    max_caves=max_caves
                )
            )
        self._cave = cave
        self._policy: RebuyPolicy = policy
        self._max_caves = max_caves
        self._accounts: dict[str, LedgerEntry] = {}
        self._in_hand: dict[str, int] | None = None
        self._hands = 0
        self.purchases: list[Purchase] = []
        """Every purchase, in order."""

    @classmethod
    def from_config(cls, config: TableConfig) -> Ledger:
        """A ledger with the configuration's cave and rebuy policy."""
        return cls(cave=config.cave, policy=config.rebuy, max_caves=config.max_caves)

    # -- reading ---------------------------------------------------------------------

    @property
    def cave(self) -> int:
        """The buy-in unit, in chips."""
        return self._cave

    @property
    def policy(self) -> RebuyPolicy:
        """The rebuy policy: ``"free"``, ``"limited"`` or ``"unlimited"``."""
        return self._policy

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played (no purchase allowed)."""
        return self._in_hand is not None

    @property
    def hands_settled(self) -> int:
        """How many hands were settled."""
        return self._hands

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in the order they sat down."""
        return tuple(self._accounts)

    def entry(self, player: str) -> LedgerEntry:
        """The account of one player."""
        try:
            return self._accounts[player]
        except KeyError:
            raise PokerError(
                gettext("ledger: no player {player!r} at the table").format(player=player)
            ) from None

    def entries(self) -> tuple[LedgerEntry, ...]:
        """Every account, in the order the players sat down."""
        return tuple(self._accounts.values())

    def stack(self, player: str) -> int:
        """A player's stack as of the last settled hand."""
        return self.entry(player).stack

    @property
    def total_bought(self) -> int:
        """Every chip bought in at this table."""
        return sum(e.bought for e in self._accounts.values())

    @property
    def total_stacks(self) -> int:
        """The sum of the stacks as of the last settled hand."""
        return sum(e.stack for e in self._accounts.values())

    def check(self) -> None:
        """Raise :class:`PokerError` if a chip was created or lost."""
        for e in self._accounts.values():
            if e.stack < 0 or e.bought < 0 or e.caves < 0:
                raise PokerError(gettext("ledger: negative account {e!r}").format(e=e))
        if self.total_stacks != self.total_bought:
            raise PokerError(
                gettext(
                    "ledger: stacks add up to {total_stacks}, but {total_bought} chips "
                    "were bought in"
                ).format(total_stacks=self.total_stacks, total_bought=self.total_bought)
            )

    # -- buying ----------------------------------------------------------------------

    def sit(self, player: str) -> None:
        """Seat a new player, who buys one cave."""
        if not isinstance(player, str) or not player:
            raise ConfigurationError(
                gettext("player: a name is required, got {player!r}").format(player=player)
            )
        if player in self._accounts:
            raise IllegalActionError(
                gettext("sit: {player!r} is already seated").format(player=player)
            )
        self._refuse_in_hand("sit")
        self._accounts[player] = LedgerEntry(player, caves=0, bought=0, stack=0)
        self._record(player, caves=1, chips=self._cave)

    def verify_rebuy(self, player: str, caves: int = 1, chips: int | None = None) -> int:
        """Raise :class:`IllegalActionError` with the reason if the rebuy is refused.

        Returns the number of chips the rebuy would bring.
        """
        self._refuse_in_hand("rebuy")
        account = self.entry(player)
        if chips is not None:
            if self._policy != "unlimited":
                raise IllegalActionError(
                    gettext(
                        "rebuy: an amount of chips ({chips!r}) needs the 'unlimited' policy; "
                        "this table buys whole caves ({policy!r})"
                    ).format(chips=chips, policy=self._policy)
                )
            if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
                raise IllegalActionError(
                    gettext("rebuy: chips must be a positive integer, got {chips!r}").format(
                        chips=chips
                    )
                )
            return chips
        if not isinstance(caves, int) or isinstance(caves, bool) or caves < 1:
            raise IllegalActionError(
                gettext("rebuy: caves must be a positive integer, got {caves!r}").format(
                    caves=caves
                )
            )
        limit = self._max_caves
        if self._policy == "limited" and limit is not None and account.caves + caves > limit:
            raise IllegalActionError(
                gettext("rebuy: {player!r} has bought {caves} caves, the limit is {limit}").format(
                    player=player, caves=account.caves, limit=limit
                )
            )
        return caves * self._cave

    def can_rebuy(self, player: str, caves: int = 1, chips: int | None = None) -> bool:
        """Whether :meth:`rebuy` would be accepted now."""
        try:
            self.verify_rebuy(player, caves, chips)
        except IllegalActionError:
            return False
        return True

    def rebuy(self, player: str, caves: int = 1, chips: int | None = None) -> Purchase:
        """Buy more chips between hands: ``caves`` whole caves, or ``chips`` (unlimited)."""
        amount = self.verify_rebuy(player, caves, chips)
        return self._record(player, caves=0 if chips is not None else caves, chips=amount)

    def _refuse_in_hand(self, what: str) -> None:
        if self._in_hand is not None:
            raise IllegalActionError(
                gettext("{what}: chips can be added only between hands").format(what=what)
            )

    def _record(self, player: str, caves: int, chips: int) -> Purchase:
        e = self._accounts[player]
        self._accounts[player] = LedgerEntry(
            player, caves=e.caves + caves, bought=e.bought + chips, stack=e.stack + chips
        )
        purchase = Purchase(player, chips=chips, caves=caves, after_hand=self._hands)
        self.purchases.append(purchase)
        return purchase

    # -- hands -----------------------------------------------------------------------

    def start_hand(self, players: Iterable[str]) -> None:
        """Lock the ledger for a hand played by ``players`` (each with chips)."""
        self._refuse_in_hand("start_hand")
        dealt = {p: self.entry(p).stack for p in players}
        for player, stack in dealt.items():
            if stack <= 0:
                raise IllegalActionError(
                    gettext("start_hand: {player!r} has no chips to play").format(player=player)
                )
        self._in_hand = dealt

    def abort_hand(self) -> None:
        """Unlock the ledger without any change (a hand that could not be dealt)."""
        if self._in_hand is None:
            raise IllegalActionError(gettext("abort_hand: no hand is being played"))
        self._in_hand = None

    def settle_hand(self, final_stacks: Mapping[str, int]) -> None:
        """Apply the stacks at the end of the hand and unlock the ledger.

        ``final_stacks`` must name exactly the players dealt in, and add up to the
        chips they brought: a hand only moves chips between them.
        """
        if self._in_hand is None:
            raise IllegalActionError(gettext("settle_hand: no hand is being played"))
        if set(final_stacks) != set(self._in_hand):
            raise PokerError(
                gettext(
                    "settle_hand: stacks for {final_stacks}, but {in_hand} were dealt in"
                ).format(final_stacks=sorted(final_stacks), in_hand=sorted(self._in_hand))
            )
        for player, stack in final_stacks.items():
            if not isinstance(stack, int) or isinstance(stack, bool) or stack < 0:
                raise PokerError(
                    gettext("settle_hand: {player!r} ends with {stack!r} chips").format(
                        player=player, stack=stack
                    )
                )
        before, after = sum(self._in_hand.values()), sum(final_stacks.values())
        if before != after:
            raise PokerError(
                gettext(
                    "settle_hand: players brought {before} chips but leave with {after}"
                ).format(before=before, after=after)
            )
        for player, stack in final_stacks.items():
            e = self._accounts[player]
            self._accounts[player] = LedgerEntry(player, e.caves, e.bought, stack)
        self._in_hand = None
        self._hands += 1
