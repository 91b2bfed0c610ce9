"""Leduc hold'em, as OpenSpiel's ``leduc_poker`` plays it.

Six cards: jack, queen and king of clubs and diamonds (``Jc Jd Qc Qd Kc Kd``).
Each player antes 1 and gets one private card. Two betting rounds, player 0
first in each: check/call (``c``), raise (``r``: 2 in the first round, 4 in the
second; a bet is a raise from nothing) or fold (``f``, only when facing a
raise). At most two raises per round; a round ends when a raise is called or
both players checked. After the first round one public card is turned. At the
showdown a private card that pairs the public card wins, otherwise the higher
rank wins; equal ranks split.

Information sets are named ``"Kc|rc"`` in the first round (private card, then
the round's actions) and ``"Kc|rc|Qd|cr"`` in the second (private card, first
round, public card, second round). Suits are kept (no suit isomorphism), so the
infosets match OpenSpiel's one for one: 936 of them.

>>> game = leduc_poker()
>>> game.num_infosets, game.actions("Kc|"), game.actions("Kc|r"), game.actions("Kc|rr")
(936, ('c', 'r'), ('f', 'c', 'r'), ('f', 'c'))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from pokerbonus.cards import Card
from pokerbonus.solvers.game import CHANCE, TERMINAL, Game, GameDescription, build_game

__all__ = ["CARDS", "LeducPoker", "leduc_poker"]

CARDS: Final = tuple(str(Card(f"{rank}{suit}")) for rank in "JQK" for suit in "cd")
"""The deck, in OpenSpiel's card order (card ``i`` of ``leduc_poker`` is ``CARDS[i]``)."""
ANTE: Final = 1
RAISES: Final = (2, 4)
MAX_RAISES: Final = 2

LeducState = tuple[tuple[str, ...], tuple[str, ...]]
"""(cards dealt: private 0, private 1, public; actions of each round so far)."""


def _rank(card: str) -> int:
    return "JQK".index(card[0])


def _round_over(actions: str) -> bool:
    return actions.endswith("f") or actions in ("cc", "rc", "crc", "rrc", "crrc")


def _contributions(rounds: tuple[str, ...]) -> list[int]:
    """What each player has put in (ante included) after the actions of ``rounds``."""
    put = [ANTE, ANTE]
    for r, actions in enumerate(rounds):
        for i, action in enumerate(actions):
            who = i % 2
            if action == "c":
                put[who] = put[1 - who]
            elif action == "r":
                put[who] = put[1 - who] + RAISES[r]
    return put


class LeducPoker(GameDescription[LeducState]):
    """The rules of Leduc hold'em (see the module doc)."""

    name = "leduc_poker"
    unit = float(ANTE)
    unit_name = "ante"

    def initial_state(self) -> LeducState:
        """No card dealt, first round not started."""
        return ((), ("",))

    def player(self, state: LeducState) -> int:
        """Chance for the deals, else the player whose turn it is in the current round."""
        cards, rounds = state
        last = rounds[-1]
        if len(cards) < 2:
            return CHANCE
        if last.endswith("f") or (len(rounds) == 2 and _round_over(last)):
            return TERMINAL
        if _round_over(last):
            return CHANCE  # the public card
        return len(last) % 2

    def actions(self, state: LeducState) -> Sequence[str]:
        """Fold only when facing a raise; raise while fewer than two raises were made."""
        last = state[1][-1]
        facing = last.endswith("r")
        raises = last.count("r")
        return (("f",) if facing else ()) + ("c",) + (("r",) if raises < MAX_RAISES else ())

    def chance_outcomes(self, state: LeducState) -> Sequence[tuple[str, float]]:
        """Each card not dealt yet, equally likely."""
        left = [c for c in CARDS if c not in state[0]]
        return tuple((c, 1.0 / len(left)) for c in left)

    def child(self, state: LeducState, action: str) -> LeducState:
        """Deal a card (opening the second round after the public card) or act."""
        cards, rounds = state
        if self.player(state) == CHANCE:
            cards = (*cards, action)
            return (cards, (*rounds, "") if len(cards) == 3 else rounds)
        return (cards, (*rounds[:-1], rounds[-1] + action))

    def infoset(self, state: LeducState) -> str:
        """``private|round 1`` or ``private|round 1|public|round 2``."""
        cards, rounds = state
        who = len(rounds[-1]) % 2
        if len(rounds) == 1:
            return f"{cards[who]}|{rounds[0]}"
        return f"{cards[who]}|{rounds[0]}|{cards[2]}|{rounds[1]}"

    def payoff(self, state: LeducState) -> float:
        """The folder loses what they put in; else the showdown (pairs, then rank)."""
        cards, rounds = state
        put = _contributions(rounds)
        last = rounds[-1]
        if last.endswith("f"):
            folder = (len(last) - 1) % 2
            return float(-put[0] if folder == 0 else put[1])
        strength = [(_rank(cards[p]) == _rank(cards[2]), _rank(cards[p])) for p in (0, 1)]
        if strength[0] == strength[1]:
            return 0.0
        return float(put[1] if strength[0] > strength[1] else -put[0])


@lru_cache(maxsize=1)
def leduc_poker() -> Game:
    """Leduc hold'em built as a :class:`Game` (cached: the same object every call)."""
    return build_game(LeducPoker())
