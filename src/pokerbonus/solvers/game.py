"""Two-player zero-sum games with imperfect information, as flat arrays.

A game is first written as a :class:`GameDescription` (a few small methods on
hashable states: who acts, which actions, which chance outcomes, the acting
player's information set, the payoff at the end). :func:`build_game` walks the
whole tree once and turns it into a :class:`Game`: one row per node in an order
where every parent comes before its children and the children of a node are
consecutive, plus one row per information set ("infoset") and one slot per
(infoset, action) pair. The solvers work on these arrays only.

>>> from pokerbonus.solvers import kuhn_poker
>>> game = kuhn_poker()
>>> game.num_infosets, game.num_slots, game.num_nodes
(12, 24, 58)
>>> game.infoset_names[:4]
('J', 'Q', 'K', 'Qp')
>>> game.actions("Kpb")
('p', 'b')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameDescription",
    "build_game",
]

CHANCE: Final = -1
"""The ``player`` of a chance node."""
TERMINAL: Final = -2
"""The ``player`` of a terminal node."""

S = TypeVar("S", bound=Hashable)

F64 = npt.NDArray[np.float64]
I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]


class GameDescription(ABC, Generic[S]):
    """The rules of a two-player zero-sum game, read by :func:`build_game`.

    States are any hashable values (usually tuples). Player 0 and player 1
    act at decision nodes; :data:`CHANCE` nodes list their outcomes with
    probabilities; :data:`TERMINAL` nodes pay player 0 (player 1 gets the
    opposite). Subclasses set ``name``, ``unit`` (the chips of one big blind,
    the unit of mbb/hand) and ``unit_name`` (what that unit is in this game).
    """

    name: str = "game"
    unit: float = 1.0
    unit_name: str = "ante"

    @abstractmethod
    def initial_state(self) -> S:
        """The state before anything happens (usually a chance node: the deal)."""

    @abstractmethod
    def player(self, state: S) -> int:
        """0 or 1 at a decision node, :data:`CHANCE` or :data:`TERMINAL` otherwise."""

    @abstractmethod
    def actions(self, state: S) -> Sequence[str]:
        """The legal actions at a decision node, as short distinct labels."""

    @abstractmethod
    def chance_outcomes(self, state: S) -> Sequence[tuple[str, float]]:
        """The outcomes of a chance node with their probabilities (summing to 1)."""

    @abstractmethod
    def child(self, state: S, action: str) -> S:
        """The state after ``action`` (a legal action or a chance outcome label)."""

    @abstractmethod
    def infoset(self, state: S) -> str:
        """The name of the acting player's information set at a decision node."""

    @abstractmethod
    def payoff(self, state: S) -> float:
        """What player 0 wins at a terminal node (player 1 wins the opposite)."""


@dataclass(frozen=True, slots=True, eq=False)
class Game:
    """A game tree as flat, read-only arrays (see the module doc).

    Nodes: ``node_player`` (0, 1, :data:`CHANCE`, :data:`TERMINAL`),
    ``node_parent`` (-1 at the root), ``node_first_child`` and
    ``node_num_children``, ``node_infoset`` (-1 off decision nodes),
    ``node_slot`` (the (infoset, action) slot that leads to the node from a
    decision node, else -1), ``node_chance`` (the probability of the outcome that
    leads to the node from a chance node, else 1) and ``node_payoff`` (to player
    0, at terminal nodes). Information sets: ``infoset_player``,
    ``infoset_offset`` (their first slot; ``infoset_offset[-1]`` is the number
    of slots), ``infoset_level`` (how many of its own actions the player took
    before reaching it), ``infoset_names`` and ``infoset_actions``.
    ``slot_infoset`` gives the infoset of each slot and ``decisions`` lists the
    decision nodes in depth-first order (the order a recursive walk meets them).
    """

    name: str
    unit: float
    unit_name: str
    node_player: I8
    node_parent: I32
    node_first_child: I32
    node_num_children: I32
    node_infoset: I32
    node_slot: I32
    node_chance: F64
    node_payoff: F64
    infoset_player: I8
    infoset_offset: I32
    infoset_level: I32
    infoset_names: tuple[str, ...]
    infoset_actions: tuple[tuple[str, ...], ...]
    slot_infoset: I32
    decisions: I32
    _index: dict[str, int] = field(repr=False)

    @property
    def num_nodes(self) -> int:
        """How many nodes the tree has (chance, decision and terminal)."""
        return int(self.node_player.shape[0])

    @property
    def num_infosets(self) -> int:
        """How many information sets the two players have together."""
        return len(self.infoset_names)

    @property
    def num_slots(self) -> int:
        """How many (infoset, action) pairs there are: the length of a policy array."""
        return int(self.infoset_offset[-1])

    def infoset_index(self, name: str) -> int:
        """The row of an infoset, by name; an unknown name raises ConfigurationError."""
        try:
            return self._index[name]
        except KeyError:
            raise ConfigurationError(
                f"unknown infoset {name!r}: game {self.name!r} has no such information set"
            ) from None

    def actions(self, infoset: str) -> tuple[str, ...]:
        """The action labels of an infoset, in slot order."""
        return self.infoset_actions[self.infoset_index(infoset)]

    def slots(self, infoset: str) -> range:
        """The slots (positions in a policy array) of an infoset's actions."""
        k = self.infoset_index(infoset)
        return range(int(self.infoset_offset[k]), int(self.infoset_offset[k + 1]))

    def player_of(self, infoset: str) -> int:
        """The player (0 or 1) who acts at an infoset."""
        return int(self.infoset_player[self.infoset_index(infoset)])


def _frozen(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array.flags.writeable = False
    return array


def build_game(description: GameDescription[Any]) -> Game:
    """Walk a description's whole tree and build its :class:`Game` arrays.

    The walk is breadth first, so parents come before children and the
    children of a node are consecutive. It checks what the solvers rely on and
    raises :class:`~pokerbonus.errors.ConfigurationError` naming the culprit:
    chance probabilities that are negative or do not sum to 1, a decision node
    without actions or with repeated labels, an infoset whose nodes disagree on
    the player or the actions, and imperfect recall (two nodes of one infoset
    reached by different earlier actions of its player).
    """
    name = description.name
    states: list[Any] = [description.initial_state()]
    parent: list[int] = [-1]
    first_child: list[int] = []
    num_children: list[int] = []
    players: list[int] = []
    infoset_of: list[int] = []
    slot_of: list[int] = [-1]
    chance_of: list[float] = [1.0]
    payoff: list[float] = []
    # Per node and player: the slot of that player's last action on the path.
    last_slot: list[tuple[int, int]] = [(-1, -1)]

    index: dict[str, int] = {}
    names: list[str] = []
    inf_player: list[int] = []
    inf_actions: list[tuple[str, ...]] = []
    inf_offset: list[int] = [0]
    inf_recall: list[int] = []

    n = 0
    while n < len(states):
        state = states[n]
        who = description.player(state)
        players.append(who)
        first_child.append(len(states))
        k = -1
        value = 0.0
        if who == TERMINAL:
            value = float(description.payoff(state))
            num_children.append(0)
        elif who == CHANCE:
            outcomes = list(description.chance_outcomes(state))
            total = sum(p for _, p in outcomes)
            if not outcomes or abs(total - 1.0) > 1e-9 or any(p < 0 for _, p in outcomes):
                raise ConfigurationError(
                    f"chance node {state!r} of {name!r}: outcome probabilities "
                    f"{[p for _, p in outcomes]} must be non-negative and sum to 1"
                )
            num_children.append(len(outcomes))
            for label, p in outcomes:
                states.append(description.child(state, label))
                parent.append(n)
                slot_of.append(-1)
                chance_of.append(float(p))
                last_slot.append(last_slot[n])
        elif who in (0, 1):
            label_set = tuple(description.actions(state))
            infoset = description.infoset(state)
            if not label_set or len(set(label_set)) != len(label_set):
                raise ConfigurationError(
                    f"infoset {infoset!r} of {name!r}: actions {label_set!r} must be "
                    "a non-empty list of distinct labels"
                )
            k = index.get(infoset, -1)
            if k < 0:
                k = len(names)
                index[infoset] = k
                names.append(infoset)
                inf_player.append(who)
                inf_actions.append(label_set)
                inf_offset.append(inf_offset[-1] + len(label_set))
                inf_recall.append(last_slot[n][who])
            elif inf_player[k] != who or inf_actions[k] != label_set:
                raise ConfigurationError(
                    f"infoset {infoset!r} of {name!r}: player {who} with actions "
                    f"{label_set!r} here, player {inf_player[k]} with {inf_actions[k]!r} "
                    "elsewhere"
                )
            elif inf_recall[k] != last_slot[n][who]:
                raise ConfigurationError(
                    f"infoset {infoset!r} of {name!r}: reached after different earlier "
                    f"actions of player {who} (the game must have perfect recall)"
                )
            num_children.append(len(label_set))
            for a, label in enumerate(label_set):
                slot = inf_offset[k] + a
                states.append(description.child(state, label))
                parent.append(n)
                slot_of.append(slot)
                chance_of.append(1.0)
                mine = list(last_slot[n])
                mine[who] = slot
                last_slot.append((mine[0], mine[1]))
        else:
            raise ConfigurationError(
                f"state {state!r} of {name!r}: player {who} is not 0, 1, CHANCE or TERMINAL"
            )
        infoset_of.append(k)
        payoff.append(value)
        states[n] = None  # the arrays are all we keep
        n += 1

    offsets = np.asarray(inf_offset, dtype=np.int32)
    slot_infoset = np.repeat(np.arange(len(names), dtype=np.int32), np.diff(offsets))
    levels = np.zeros(len(names), dtype=np.int32)
    for k, recall in enumerate(inf_recall):
        # An infoset is always met after the one its recalled slot belongs to.
        levels[k] = 0 if recall < 0 else levels[slot_infoset[recall]] + 1

    decisions: list[int] = []
    stack = [0]
    while stack:
        n = stack.pop()
        if players[n] in (0, 1):
            decisions.append(n)
        stack.extend(range(first_child[n] + num_children[n] - 1, first_child[n] - 1, -1))

    return Game(
        name=name,
        unit=float(description.unit),
        unit_name=description.unit_name,
        node_player=_frozen(np.asarray(players, dtype=np.int8)),
        node_parent=_frozen(np.asarray(parent, dtype=np.int32)),
        node_first_child=_frozen(np.asarray(first_child, dtype=np.int32)),
        node_num_children=_frozen(np.asarray(num_children, dtype=np.int32)),
        node_infoset=_frozen(np.asarray(infoset_of, dtype=np.int32)),
        node_slot=_frozen(np.asarray(slot_of, dtype=np.int32)),
        node_chance=_frozen(np.asarray(chance_of, dtype=np.float64)),
        node_payoff=_frozen(np.asarray(payoff, dtype=np.float64)),
        infoset_player=_frozen(np.asarray(inf_player, dtype=np.int8)),
        infoset_offset=_frozen(offsets),
        infoset_level=_frozen(levels),
        infoset_names=tuple(names),
        infoset_actions=tuple(inf_actions),
        slot_infoset=_frozen(slot_infoset),
        decisions=_frozen(np.asarray(decisions, dtype=np.int32)),
        _index=index,
    )
