"""The ``expert`` bot: a CFR strategy where one covers the table, ``hard`` everywhere
else.

Where each applies (see ``docs/bots-expert.md``):

- **Solver tables** — the three games of :mod:`pokerbonus.solvers` played as
  they are (:data:`SOLVER_GAMES`: ``kuhn``, ``leduc`` and ``reduced-draw``, the
  reduced limit draw game of :mod:`pokerbonus.solvers.draw`). A seat there sees
  a :class:`SolverView` (its information set, named as the solver names it, and
  the legal actions) and ``expert`` plays the CFR+ average strategy of that game
  (:func:`expert_policy`): it draws an action with the strategy's probabilities
  from its own seeded random source. The strategy is solved once (about 0.01 s
  for Kuhn, 0.5 s for Leduc, 10 s for the draw game) and cached on disk next to
  the evaluator's tables.
- **Engine tables** — the French five-card draw tables a shipped strategy of
  :mod:`pokerbonus.solvers.french` covers (the pot game heads-up with 32 or 52
  cards, no-limit or limit, and the others its recipes list): ``expert`` plays
  that strategy (:mod:`pokerbonus.bots.expert_table`). At every other engine
  table (other numbers of players, pot-limit, jokers, a blind game, other
  stacks), and when a strategy file is refused, ``expert`` is exactly ``hard``
  (:class:`~pokerbonus.bots.draw.HardBot`, same seed, same actions).

>>> view = SolverView("kuhn", 1, "Kb", ("p", "b"))
>>> ExpertBot(seed=1).choose(view)            # always calls a bet with the king
'b'
>>> round(expert_policy("kuhn")["Kb"]["b"], 4)
1.0
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from pokerbonus.bots.base import UNLIMITED, Budget, GameInfo, Reading, read_view
from pokerbonus.bots.draw import LOOSE, STEAL_MARGIN, HardBot, bet_to, facing_fraction
from pokerbonus.bots.expert_table import StrategyPlayer, covered_strategy, warm_strategies
from pokerbonus.cards import parse_cards
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands.tables import cache_dir
from pokerbonus.solvers import Game, GameDescription, Policy, solve
from pokerbonus.solvers.draw import DrawPoker, draw_poker
from pokerbonus.solvers.kuhn import KuhnPoker, kuhn_poker
from pokerbonus.solvers.leduc import LeducPoker, leduc_poker

__all__ = [
    "OVERBET",
    "SOLVER_BOTS",
    "SOLVER_GAMES",
    "ExpertBot",
    "SolverGame",
    "SolverPlayer",
    "SolverView",
    "StationPlayer",
    "UniformPlayer",
    "expert_policy",
    "make_solver_player",
    "policy_path",
]

POLICY_VERSION: Final = 1
"""Format version of the cached strategies; bump it when a game's tree changes meaning."""


@dataclass(frozen=True, slots=True)
class SolverGame:
    """One game the solver handles, playable as a table.

    ``key`` names it on the command line, ``iterations`` is the CFR+ run behind
    ``expert``'s strategy; ``build`` gives the game's tree and ``rules`` its
    rules (to deal and play hands).
    """

    key: str
    title: str
    iterations: int
    build: Callable[[], Game]
    rules: Callable[[], GameDescription[Any]]

    def game(self) -> Game:
        """The game's tree (built once per process)."""
        return self.build()


SOLVER_GAMES: Final[dict[str, SolverGame]] = {
    "kuhn": SolverGame("kuhn", "Kuhn poker", 1000, kuhn_poker, KuhnPoker),
    "leduc": SolverGame("leduc", "Leduc hold'em", 1000, leduc_poker, LeducPoker),
    "reduced-draw": SolverGame(
        "reduced-draw",
        "reduced limit five-card draw (6 cards, hands of 2)",
        1000,
        draw_poker,
        DrawPoker,
    ),
}
"""The games of :mod:`pokerbonus.solvers` that can be played as tables, by key."""


def solver_game(key: str) -> SolverGame:
    """The solver game named ``key``; an unknown key raises ``ConfigurationError``.

    >>> solver_game("leduc").title
    "Leduc hold'em"
    """
    found = SOLVER_GAMES.get(key)
    if found is None:
        raise ConfigurationError(
            f"solver game: unknown {key!r} (expected one of {', '.join(SOLVER_GAMES)})"
        )
    return found


@dataclass(frozen=True, slots=True)
class SolverView:
    """What a seat of a solver table sees: the game, its player number (0 speaks
    first), its information set as the solver names it, and the legal actions."""

    game: str
    player: int
    infoset: str
    actions: tuple[str, ...]


# -- the expert's strategy, solved once and cached on disk -------------------------------


def _fingerprint(game: Game) -> str:
    """A digest of the tree's information sets and actions (a changed game is a new file)."""
    h = hashlib.sha256()
    for name, actions in zip(game.infoset_names, game.infoset_actions, strict=True):
        h.update(name.encode())
        h.update(b"\0")
        h.update("\1".join(actions).encode())
        h.update(b"\2")
    return h.hexdigest()[:16]


def policy_path(key: str, iterations: int | None = None) -> Path:
    """The cache file of ``expert``'s strategy in game ``key`` after ``iterations``
    CFR+ iterations (default: the game's), in the evaluator's cache folder."""
    spec = solver_game(key)
    n = spec.iterations if iterations is None else iterations
    return cache_dir() / f"expert-{key}-{n}-v{POLICY_VERSION}.npz"


def _load(path: Path, game: Game) -> npt.NDArray[np.float64] | None:
    try:
        with path.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
            if str(data["fingerprint"][()]) != _fingerprint(game):
                return None
            probs = np.asarray(data["probs"], dtype=np.float64)
            return probs if probs.shape == (game.num_slots,) else None
    except (OSError, ValueError, KeyError, IndexError, EOFError, zipfile.BadZipFile):
        return None


def _save(path: Path, game: Game, probs: npt.NDArray[np.float64]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, fingerprint=np.array(_fingerprint(game)), probs=probs)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@lru_cache(maxsize=8)
def expert_policy(key: str, iterations: int | None = None) -> Policy:
    """``expert``'s strategy in solver game ``key``: the CFR+ average strategy
    after ``iterations`` iterations (default :attr:`SolverGame.iterations`).

    Loaded from :func:`policy_path` when there (and made for this very tree),
    else solved and saved (a folder that cannot be written is skipped).

    >>> round(expert_policy("kuhn")["Jpb"]["p"], 4)   # the jack folds to a bet
    1.0
    """
    spec = solver_game(key)
    n = spec.iterations if iterations is None else iterations
    if n < 1:
        raise ConfigurationError(f"iterations {n!r}: the expert's strategy needs at least 1")
    game = spec.game()
    path = policy_path(key, n)
    probs = _load(path, game)
    if probs is None:
        probs = np.array(solve(game, n, checkpoints=()).average.probs)
        with contextlib.suppress(OSError):
            _save(path, game, probs)
    return Policy(game, probs)


# -- players of solver tables ------------------------------------------------------------


class SolverPlayer(Protocol):
    """A seat of a solver table: answers one legal action label per decision."""

    name: str

    def choose(self, view: SolverView) -> str:
        """The action for ``view`` (one of ``view.actions``)."""
        ...

    def strategy(self, key: str) -> Policy:
        """The player's behaviour in game ``key`` as a policy (for exact values)."""
        ...


def _sample(rng: random.Random, actions: Sequence[str], probs: Sequence[float]) -> str:
    """One of ``actions`` drawn with probabilities ``probs`` (one uniform number)."""
    u = rng.random()
    total = 0.0
    for action, p in zip(actions, probs, strict=True):
        total += p
        if u < total:
            return action
    return next(a for a, p in zip(actions, probs, strict=True) if p > 0)  # rounding


class _Sampler:
    """Draws an action from a distribution with a seeded random source."""

    name = "sampler"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def distribution(self, view: SolverView) -> Sequence[float]:
        """The probability of each of ``view.actions``."""
        raise NotImplementedError

    def choose(self, view: SolverView) -> str:
        """Draw one of ``view.actions`` with :meth:`distribution`'s probabilities."""
        return _sample(self.rng, view.actions, self.distribution(view))

    def strategy(self, key: str) -> Policy:
        """This player's distribution at every information set of game ``key``."""
        game = solver_game(key).game()
        rows = {
            name: list(
                self.distribution(SolverView(key, game.player_of(name), name, game.actions(name)))
            )
            for name in game.infoset_names
        }
        return Policy.from_mapping(game, rows)


class UniformPlayer(_Sampler):
    """``random`` at a solver table: every legal action equally likely."""

    name = "random"

    def distribution(self, view: SolverView) -> Sequence[float]:
        """Uniform over the legal actions."""
        return [1.0 / len(view.actions)] * len(view.actions)


class StationPlayer(_Sampler):
    """``station`` at a solver table: checks and calls everything, never bets or
    folds; at the reduced draw game's draw it keeps a pair (stands pat), else
    keeps its highest card and exchanges the other."""

    name = "station"

    def distribution(self, view: SolverView) -> Sequence[float]:
        """Probability 1 on the passive action."""
        return [1.0 if a == self._action(view) else 0.0 for a in view.actions]

    @staticmethod
    def _action(view: SolverView) -> str:
        actions = view.actions
        if view.game == "kuhn":  # "b" calls a bet, "p" checks
            return "b" if view.infoset.endswith("b") else "p"
        if actions[0] == "pat":
            held = parse_cards(view.infoset.split("|")[0])
            if len({card.rank for card in held}) < len(held):
                return "pat"
            lowest = min(held, key=lambda card: (card.rank, card.suit))
            return f"discard {lowest}"
        return "k" if "k" in actions else "c"


OVERBET: Final = 2.0
"""Facing a bet or raise of more than this many pots (after calling), ``expert``
answers with ``hard``'s equity against the bettor's range: the shipped trees bet
at most a pot before the all-in, an all-in many times the pot is a node that
training reaches rarely (its strategy folded two pair and trips to a maniac's
all-in), while ``hard`` reads such an overbet with the balanced share of bluffs
of its size (``docs/bots-expert.md``, "Against the gauntlet")."""


class ExpertBot(HardBot):
    """``expert``: the solver's strategy — the CFR+ strategy at a solver table, the
    shipped French draw strategy at every engine table one covers
    (:mod:`pokerbonus.bots.expert_table`), ``hard`` at the others."""

    name = "expert"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._table = StrategyPlayer(self.rng)

    def warm_up(self, info: GameInfo) -> None:
        """``hard``'s kernels, and the shipped strategies this table's rules may use
        (any number of players: the info does not say), loaded and checked now so
        that no decision pays for it (0.1 to 1.2 s a file)."""
        super().warm_up(info)
        warm_strategies(info)

    def new_hand(self, seat: int, info: GameInfo) -> None:
        """Forget the last hand (``hard``'s plan and the translation draws)."""
        super().new_hand(seat, info)
        self._table.new_hand()

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """The shipped strategy's action where it covers the table, else ``hard``'s
        (and ``hard``'s answer to an overbet of more than :data:`OVERBET` pots)."""
        strategy = covered_strategy(view, info)
        if strategy is not None and facing_fraction(view) <= OVERBET:
            legal = view.legal
            betting = legal is not None and legal.decision == "bet"
            read = read_view(view)
            callers = betting and view.players <= 2 and self._callers(view, read)
            if callers or (betting and self.loose_bettor(view) is not None):
                return super().decide(view, info, budget)  # hard's read of the model
            action = self._table.decide(view, info, strategy)
            if action is None:
                return super().decide(view, info, budget)
            if betting and view.players > 2 and self._checks(action, view):
                steal = self._steal(view, info, read, budget)
                if steal is not None:
                    return steal
            return action
        return super().decide(view, info, budget)

    def _callers(self, view: SeatView, read: Reading) -> bool:
        """Whether this seat's bets are measured to be called far more than a bluff
        needs (:meth:`HardBot.sticky`) by opponents who do not bet often themselves
        (every live one's :meth:`HardBot.dilution` at least
        :data:`~pokerbonus.bots.draw.LOOSE` in both rounds): a calling station, not a
        maniac, whose raises the strategy and ``hard``'s overbet answer meet."""
        if not self.sticky(view, read):
            return False
        dilution = self.dilution(view)
        return all(min(dilution[s]) >= LOOSE for s in read.live)

    @staticmethod
    def _checks(action: Action, view: SeatView) -> bool:
        legal = view.legal
        return (
            legal is not None and not legal.call_amount and action.kind in ("check_or_call", "fold")
        )

    def _steal(
        self, view: SeatView, info: GameInfo, read: Reading, budget: Budget
    ) -> Action | None:
        """Where the strategy checks at a table of more than two: ``hard``'s bet of a
        hand it would check when the measured fold equity says it earns more
        (:meth:`HardBot.steals`), else ``None``."""
        legal = view.legal
        assert legal is not None
        fe, even = self.fold_equity(view, read, self.value_fraction)
        if fe < even + STEAL_MARGIN:
            return None  # no Monte Carlo where no steal can pay
        equity = self.equity(view, info, read, budget)
        if equity is None or not self.steals(view, read, equity):
            return None
        return bet_to(view, legal, self.value_fraction)

    def distribution(self, view: SolverView) -> Sequence[float]:
        """The CFR+ average strategy's probabilities at ``view.infoset``."""
        return expert_policy(view.game).action_probabilities(view.infoset)

    def choose(self, view: SolverView) -> str:
        """Draw an action from the solver's strategy with this bot's random source."""
        return _sample(self.rng, view.actions, self.distribution(view))

    def strategy(self, key: str) -> Policy:
        """The solver's strategy in game ``key`` (:func:`expert_policy`)."""
        return expert_policy(key)


SOLVER_BOTS: Final[dict[str, Callable[[int | None], SolverPlayer]]] = {
    "random": UniformPlayer,
    "station": StationPlayer,
    "expert": ExpertBot,
}
"""The players of solver tables by name (``seed`` -> player)."""


def make_solver_player(name: str, seed: int | None = None) -> SolverPlayer:
    """A new solver-table player named ``name`` with its own seeded random source.

    >>> make_solver_player("expert", 3).name
    'expert'
    >>> make_solver_player("hard")
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: bot: 'hard' does not play the solver games \
(expected one of random, station, expert)
    """
    factory = SOLVER_BOTS.get(name)
    if factory is None:
        raise ConfigurationError(
            f"bot: {name!r} does not play the solver games "
            f"(expected one of {', '.join(SOLVER_BOTS)})"
        )
    return factory(seed)
