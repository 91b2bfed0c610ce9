"""Kill pots (RULES.md section 8, cash games): table-level state across hands.

A player who wins two pots in a row without splitting (a scoop) becomes the
killer: the next hand is a kill hand, with the killer posting the kill blind
(twice the big blind, or 1.5 times for a half kill) and, in limit, the bets
raised by the same factor. A scoop counts only when the pot reaches ``min_pot``.

When the kill ends is the rule's ``end``: ``"source"`` (the source text, the
default): the obligation ends as soon as the killer wins the killed pot, so a
kill lasts one killed hand (a scoop of it counts as the first scoop of a new
streak); ``"cardroom"`` (the common cardroom rule): the kill goes on while the
killer keeps winning, and ends with the first hand the killer wins nothing from.

With ``look_at_two`` (lowball, "look at two and kill") any player, after seeing
their first two cards, may put the kill on with no earlier scoop, and takes the
kill button: that hand is a killed hand of theirs.

>>> rule = KillRule("half", min_pot=10)
>>> rule.kill_blind(4), rule.structure(limit(4, 8)).big_bet
(6, 12)
>>> state = KillState(rule)
>>> state.hand_played({"ann": 20}, 20); state.killer
>>> state.hand_played({"ann": 30}, 30); state.killer
'ann'
>>> state.hand_played({"ann": 40}, 40, killed_by="ann"); state.killer is None
True
>>> cardroom = KillState(KillRule(end="cardroom"))
>>> for pot in (20, 30, 40): cardroom.hand_played({"ann": pot}, pot, killed_by=cardroom.killer)
>>> cardroom.killer
'ann'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext
from pokerbonus.rules.betting import BettingStructure, limit
from pokerbonus.rules.games import Stakes

__all__ = ["KillEnd", "KillRule", "KillState", "kill_stakes"]

KillEnd = Literal["source", "cardroom"]
"""When the kill ends (see the module doc)."""


@dataclass(frozen=True, slots=True)
class KillRule:
    """The kill option of a table: ``kind`` ``full`` (doubled) or ``half`` (1.5
    times), ``min_pot`` (the smallest pot whose scoop counts; 0: every pot),
    ``look_at_two`` (any player may kill after seeing two cards), ``end`` when
    the kill ends (``source`` or ``cardroom``, see the module doc)."""

    kind: Literal["full", "half"] = "full"
    min_pot: int = 0
    look_at_two: bool = False
    end: KillEnd = "source"

    def __post_init__(self) -> None:
        if self.kind not in ("full", "half"):
            raise ConfigurationError(
                gettext("kill: kind must be 'full' or 'half', got {kind!r}").format(kind=self.kind)
            )
        if self.end not in ("source", "cardroom"):
            raise ConfigurationError(
                gettext("kill: end must be 'source' or 'cardroom', got {end!r}").format(
                    end=self.end
                )
            )
        if self.min_pot < 0:
            raise ConfigurationError(
                gettext("kill: min_pot must be at least 0, got {min_pot}").format(
                    min_pot=self.min_pot
                )
            )

    def scaled(self, amount: int) -> int:
        """``amount`` times 2 (full kill) or 1.5 (half kill, rounded down to a chip)."""
        return 2 * amount if self.kind == "full" else 3 * amount // 2

    def kill_blind(self, big_blind: int) -> int:
        """The kill blind for a big blind of ``big_blind``."""
        return max(self.scaled(big_blind), big_blind + 1)

    def structure(self, structure: BettingStructure) -> BettingStructure:
        """The betting structure of a kill hand: limit bets scaled, others unchanged."""
        if not structure.is_limit:
            return structure
        return limit(self.scaled(structure.small_bet), self.scaled(structure.big_bet),
                     structure.cap)  # fmt: skip


def kill_stakes(
    stakes: Stakes,
    killer: int | None,
    rule: KillRule,
    big_blind: int,
    structure: BettingStructure | None = None,
) -> Stakes:
    """``stakes`` with the kill of ``rule``: the kill blind posted by the hand seat
    ``killer``, or, with no killer and ``look_at_two``, offered to every player
    after two cards (the limit bets of ``structure`` scaled for a killed hand).
    With neither, ``stakes`` unchanged.

    >>> kill_stakes(Stakes(ante=0, blinds=(1, 2)), 3, KillRule(), 2).kill_blind
    4
    >>> offer = kill_stakes(Stakes(ante=0, blinds=(1, 2)), None, KillRule(look_at_two=True), 2,
    ...                     limit(2, 4))
    >>> offer.kill_offer, offer.kill_blind, offer.kill_bets
    (True, 4, (4, 8))
    """
    if killer is not None:
        return replace(stakes, killer=killer, kill_blind=rule.kill_blind(big_blind))
    if not rule.look_at_two:
        return stakes
    bets: tuple[int, ...] = ()
    if structure is not None and structure.is_limit:
        killed = rule.structure(structure)
        bets = (killed.small_bet, killed.big_bet)
    return replace(stakes, kill_blind=rule.kill_blind(big_blind), kill_offer=True, kill_bets=bets)


class KillState:
    """Who is the killer, from hand to hand (by player name).

    Call :meth:`hand_played` after each hand with what each player won (chips
    awarded from the pots, by name), the size of the pot and who posted a kill
    blind in it, if anyone.
    """

    __slots__ = ("_streak", "_streak_player", "killer", "rule")

    def __init__(self, rule: KillRule) -> None:
        self.rule = rule
        self.killer: str | None = None
        """The player who posts the kill blind next hand (``None``: no kill)."""
        self._streak_player: str | None = None
        self._streak = 0

    def hand_played(self, won: Mapping[str, int], pot: int, killed_by: str | None = None) -> None:
        """Record a hand: ``won`` the chips each player took from the pots, ``pot``
        their total (uncalled bets given back are not won), ``killed_by`` the player
        who posted the kill blind in it (the killer, or a player who put the kill
        on after two cards), ``None`` for a hand without a kill."""
        winners = [p for p, chips in won.items() if chips > 0]
        scooper = winners[0] if len(winners) == 1 and pot >= self.rule.min_pot else None
        if killed_by is not None:
            self.killer = killed_by  # the kill button is theirs for this hand
            if self.rule.end == "source":
                # The obligation ends with the killed pot; its scoop starts a new streak.
                self.killer = None
                self._streak_player, self._streak = (scooper, 1) if scooper else (None, 0)
                return
        if self.killer is not None and self.killer not in winners:
            self.killer = None  # the killer lost: the kill ends
            self._streak_player, self._streak = None, 0
        if scooper is None:
            if self.killer is None and (len(winners) != 1 or pot < self.rule.min_pot):
                # a split (or a pot too small) breaks the streak
                self._streak_player, self._streak = None, 0
            return
        if scooper == self._streak_player:
            self._streak += 1
        else:
            self._streak_player, self._streak = scooper, 1
        if self._streak >= 2:
            self.killer = scooper

    def player_left(self, player: str) -> None:
        """A player without chips or gone: no kill for them."""
        if self.killer == player:
            self.killer = None
        if self._streak_player == player:
            self._streak_player, self._streak = None, 0
