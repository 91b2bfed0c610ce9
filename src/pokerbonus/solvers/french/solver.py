"""Monte Carlo CFR on the abstract French draw game, and its exact evaluation.

:class:`DrawSolver` holds the regrets and the average-strategy sums of every
infoset ``(public node, bucket)`` and runs iterations of counterfactual regret
minimisation (:func:`.kernels.walk`): each iteration updates every player in
turn (alternating updates), with the opponents' public actions either sampled
(Monte Carlo CFR: ``sample=True``, ``batch`` sampled walks per player and
iteration, their regret increments averaged) or all followed.

Weighting schemes (``weighting``):

- ``"dcfr"``: discounted CFR (Brown and Sandholm 2019) with alpha 1.5, beta 0,
  gamma 2: after iteration ``t`` the positive regrets are multiplied by
  ``t^1.5 / (t^1.5 + 1)``, the negative ones by 1/2, and the average-strategy
  sums by ``(t / (t + 1))^2``;
- ``"cfr+"``: regrets floored at 0 after each update, linear averaging;
- ``"linear"``: linear CFR, iteration ``t``'s regrets and average weighted by ``t``.

:meth:`DrawSolver.best_responses` and :meth:`DrawSolver.values` walk the whole
public tree against a fixed policy: exact in the abstract game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, Protocol

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers.french import kernels
from pokerbonus.solvers.french.cards import CardAbstraction
from pokerbonus.solvers.french.tree import PublicTree

__all__ = ["WEIGHTINGS", "DrawSolver", "Evaluation", "GroupResult", "Job", "Runner", "Weighting"]

Weighting = Literal["dcfr", "cfr+", "linear"]
WEIGHTINGS: Final = ("dcfr", "cfr+", "linear")

F64 = npt.NDArray[np.float64]


@numba.njit(cache=True)
def _seed(seed: int) -> None:  # pragma: no cover - compiled
    np.random.seed(seed)


@dataclass(frozen=True, slots=True)
class Job:
    """One group of sampled walks: ``player``'s update of ``iteration``, walks
    ``first .. stop - 1`` of the run's ``seed``."""

    player: int
    iteration: int
    seed: int
    first: int
    stop: int


@dataclass(frozen=True, slots=True)
class GroupResult:
    """The summed increments of one group of walks: the traverser's ``nodes`` met and,
    node after node, the increments of their slots."""

    nodes: npt.NDArray[np.int64]
    delta: F64
    delta_avg: F64


class Runner(Protocol):
    """Runs groups of walks against the current regrets (in order of ``jobs``)."""

    def map(self, regret: F64, jobs: list[Job]) -> list[GroupResult]:
        """Each job's :class:`GroupResult`, in the order of ``jobs``."""
        ...


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A policy measured exactly in the abstract game: each position's expected
    value and best-response value (chips per hand)."""

    values: tuple[float, ...]
    best_responses: tuple[float, ...]

    @property
    def gains(self) -> tuple[float, ...]:
        """What a best response gains over the policy, per position."""
        return tuple(b - v for b, v in zip(self.best_responses, self.values, strict=True))

    @property
    def exploitability(self) -> float:
        """Mean gain of a best response over the positions (chips per hand); with
        two players ``(BR0 + BR1) / 2``, 0 at an equilibrium."""
        return sum(self.gains) / len(self.gains)


class DrawSolver:
    """A resumable CFR run on one abstract game (tree and card abstraction)."""

    def __init__(
        self,
        tree: PublicTree,
        cards: CardAbstraction,
        *,
        weighting: Weighting = "dcfr",
        sample: bool = False,
        batch: int = 1,
        explore: float = 0.05,
        draws_only: bool = False,
        shards: int = 1,
    ) -> None:
        if weighting == "dcfr" and sample:
            raise ConfigurationError(
                "weighting: dcfr discounts every regret each iteration; with sampling use "
                "cfr+ or linear"
            )
        if weighting not in WEIGHTINGS:
            raise ConfigurationError(
                f"weighting: {weighting!r} is not one of {', '.join(WEIGHTINGS)}"
            )
        if shards < 1 or shards > batch:
            raise ConfigurationError(f"shards: {shards!r} must be 1..batch ({batch})")
        if batch < 1:
            raise ConfigurationError(f"batch: {batch!r} walks per iteration, at least 1")
        if cards.pre_buckets != tree.spec.pre_buckets:
            raise ConfigurationError("card abstraction and tree disagree on the buckets")
        self.tree = tree
        self.cards = cards
        self.weighting: Final = weighting
        self.sample = sample
        self.batch = batch
        self.explore = explore
        self.draws_only = draws_only
        self.shards = shards
        self.iteration = 0
        self.regret = np.zeros(tree.num_slots)
        self.avg = np.zeros(tree.num_slots)
        self._delta = np.zeros(tree.num_slots)
        self._delta_avg = np.zeros(tree.num_slots)
        self._gdelta = np.zeros(tree.num_slots if sample else 0)
        self._gdelta_avg = np.zeros(tree.num_slots if sample else 0)
        self._touched = np.zeros(tree.num_nodes + 1, dtype=np.int64)
        self._stamp = np.zeros(tree.num_nodes + 1, dtype=np.int64)
        self._gtouched = np.zeros(tree.num_nodes + 1, dtype=np.int64)
        self._gstamp = np.zeros(tree.num_nodes + 1, dtype=np.int64)
        actions = int(tree.num_children.max())
        width = max(cards.pre_buckets, cards.post_buckets)
        self._buffers = kernels.Buffers(tree.depth, tree.spec.players, width, actions)

    # -- one walk ------------------------------------------------------------------------

    def _walk(
        self, traverser: int, mode: int, policy: F64, delta: F64, delta_avg: F64, sample: bool,
        touched: npt.NDArray[np.int64] | None = None, stamp: npt.NDArray[np.int64] | None = None,
    ) -> float:  # fmt: skip
        t, c, b = self.tree, self.cards, self._buffers
        pre = c.pre_buckets
        b.reach[0] = 0.0
        b.reach[0, :, :pre] = c.pre_probs
        b.own[0] = 0.0
        b.own[0, :pre] = c.pre_probs
        b.path[0] = 1.0
        kernels.walk(
            0, 0, traverser, mode, sample, self.draws_only, self.explore, t.kind, t.actor,
            t.amount, t.first_child, t.num_children, t.contrib, t.folded, t.drawn, t.slot,
            t.spec.players, pre, c.post_buckets, c.transitions, self.regret, policy, delta,
            delta_avg, b.reach, b.own, b.path, b.value, b.cval, b.sig, b.below,
            self._touched if touched is None else touched, self._stamp if stamp is None else stamp,
        )  # fmt: skip
        return float(c.pre_probs @ b.value[0, :pre])

    # -- training ------------------------------------------------------------------------

    def run(self, iterations: int, seed: int = 0, runner: Runner | None = None) -> None:
        """Do ``iterations`` more iterations (see the module doc).

        Sampled walks draw from ``seed`` and their position (iteration, player, walk
        number), so a resumed run continues exactly. With ``shards`` > 1 the walks
        of one update are cut into that many fixed groups, each summed on its own
        and the sums added in group order: ``runner`` may run the groups anywhere
        (other processes, a Ray cluster) and the result does not change.
        """
        if iterations < 0:
            raise ConfigurationError(f"iterations: {iterations!r} must be 0 or more")
        empty = np.zeros(0)
        scheme = WEIGHTINGS.index(self.weighting)
        tree = self.tree
        for _ in range(iterations):
            self.iteration += 1
            t = self.iteration
            for player in range(tree.spec.players):
                self._stamp[-1] += 1
                if not self.sample:
                    self._walk(player, kernels.MODE_CFR, empty, self._delta, self._delta_avg,
                               False)  # fmt: skip
                    walks = 1
                else:
                    walks = self.batch
                    jobs = [Job(player, t, seed, lo, hi) for lo, hi in self.groups()]
                    results = (
                        [self.walk_group(job) for job in jobs]
                        if runner is None
                        else runner.map(self.regret, jobs)
                    )
                    for result in results:
                        kernels.merge(
                            result.nodes, result.delta, result.delta_avg, tree.slot,
                            tree.width, tree.num_children, self._delta, self._delta_avg,
                            self._touched, self._stamp,
                        )  # fmt: skip
                kernels.apply(
                    self._touched, tree.slot, tree.width, tree.num_children, self.regret,
                    self.avg, self._delta, self._delta_avg, scheme, t, 1.0 / walks,
                )  # fmt: skip

    def groups(self) -> list[tuple[int, int]]:
        """The fixed groups of walk numbers of one sampled update."""
        size = -(-self.batch // self.shards)
        return [(lo, min(lo + size, self.batch)) for lo in range(0, self.batch, size)]

    def walk_group(self, job: Job) -> GroupResult:
        """The summed increments of walks ``job.first .. job.stop - 1`` (sparse)."""
        empty = np.zeros(0)
        touched, stamp = self._gtouched, self._gstamp
        stamp[-1] += 1
        touched[-1] = 0
        for k in range(job.first, job.stop):
            _seed(_walk_seed(job.seed, job.iteration, job.player, k))
            self._walk(job.player, kernels.MODE_CFR, empty, self._gdelta, self._gdelta_avg, True,
                       touched, stamp)  # fmt: skip
        nodes = touched[: int(touched[-1])].copy()
        delta, delta_avg = kernels.take(
            nodes, self.tree.slot, self.tree.width, self.tree.num_children, self._gdelta,
            self._gdelta_avg,
        )  # fmt: skip
        return GroupResult(nodes, delta, delta_avg)

    # -- policies and evaluation ---------------------------------------------------------

    def average_policy(self) -> F64:
        """The average strategy, one probability per slot."""
        out = np.empty(self.tree.num_slots)
        t = self.tree
        kernels.normalise(self.avg, t.slot, t.width, t.num_children, out)
        return out

    def current_policy(self) -> F64:
        """Regret matching of the current regrets."""
        out = np.empty(self.tree.num_slots)
        t = self.tree
        kernels.normalise(np.maximum(self.regret, 0.0), t.slot, t.width, t.num_children, out)
        return out

    def values(self, policy: F64) -> tuple[float, ...]:
        """Each position's expected payoff (chips per hand) when all play ``policy``."""
        empty = np.zeros(0)
        return tuple(
            self._walk(p, kernels.MODE_EV, policy, empty, empty, False)
            for p in range(self.tree.spec.players)
        )

    def best_responses(self, policy: F64) -> tuple[float, ...]:
        """Each position's best-response value against the others playing ``policy``."""
        empty = np.zeros(0)
        return tuple(
            self._walk(p, kernels.MODE_BR, policy, empty, empty, False)
            for p in range(self.tree.spec.players)
        )

    def evaluate(self, policy: F64) -> Evaluation:
        """Values and best responses of ``policy`` (exact, in the abstract game)."""
        return Evaluation(self.values(policy), self.best_responses(policy))


def _walk_seed(seed: int, iteration: int, player: int, walk: int) -> int:
    """The seed of one sampled walk, from the run's seed and its position."""
    ss = np.random.SeedSequence([seed, iteration, player, walk])
    return int(ss.generate_state(1, np.uint32)[0])
