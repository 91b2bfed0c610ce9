"""Push-or-fold hold'em for short stacks: the heads-up equilibrium computed from our
own all-in equities, and the ranges a short stack pushes or calls with at a fuller
table.

The 169 starting-hand classes (13 pairs, 78 suited, 78 offsuit) each get a
representative deal; :func:`class_equities` is the all-in equity of each class
against each other, from :func:`pokerbonus.analysis.equity.equity` (Monte Carlo,
seeded), computed once and cached in the table cache folder; :func:`pair_counts`
counts the deals of each pair of classes that share no card (card removal).

:func:`heads_up_equilibrium` solves the push-or-fold game at a stack of ``S``
big blinds (the small blind pushes all-in or folds; the big blind calls or
folds) by fictitious play: each side's best response to the other's average
strategy, averaged again, converges to the equilibrium of this two-player
constant-sum game. :func:`push_range` and :func:`call_range` extend it to more
players with the same equities (the chance that one of ``behind`` players calls,
and the equity against the pusher's range).

>>> hand_class(Card("As"), Card("Ad")), CLASS_NAMES[hand_class(Card("Kh"), Card("Qh"))]
(0, 'KQs')
"""

from __future__ import annotations

import contextlib
import hashlib
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerbonus.cards import Card
from pokerbonus.hands.table_files import cache_dir, write_atomically

__all__ = [
    "CLASS_COMBOS",
    "CLASS_NAMES",
    "EQUITY_SAMPLES",
    "call_range",
    "class_equities",
    "equity_against",
    "hand_class",
    "heads_up_equilibrium",
    "pair_counts",
    "push_range",
    "range_share",
]

F64 = npt.NDArray[np.float64]

RANKS: Final = "23456789TJQKA"
EQUITY_SAMPLES: Final = 1500
"""Monte Carlo boards of each class-against-class equity (about 1.3% standard error)."""
_VERSION: Final = 1


def _classes() -> tuple[tuple[str, ...], tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]]:
    names: list[str] = []
    counts: list[int] = []
    combos: list[tuple[tuple[int, int], ...]] = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            if hi == lo:
                names.append(RANKS[hi] * 2)
                deals = [(4 * hi + s, 4 * hi + t) for s in range(4) for t in range(s + 1, 4)]
                combos.append(tuple(deals))
                counts.append(6)
                continue
            for kind in ("s", "o"):
                names.append(RANKS[hi] + RANKS[lo] + kind)
                deals = [
                    (4 * hi + s, 4 * lo + t)
                    for s in range(4)
                    for t in range(4)
                    if (s == t) == (kind == "s")
                ]
                combos.append(tuple(deals))
                counts.append(len(deals))
    return tuple(names), tuple(counts), tuple(combos)


CLASS_NAMES, _COUNTS, CLASS_COMBOS = _classes()
"""The 169 classes (``AA``, ``AKs``, ``AKo``... ``22``) and the deals of each."""
_INDEX: Final = {deal: k for k, deals in enumerate(CLASS_COMBOS) for deal in deals}


def hand_class(a: Card | int, b: Card | int) -> int:
    """The class index of two hole cards."""
    x, y = int(a), int(b)
    return _INDEX[(x, y)] if (x, y) in _INDEX else _INDEX[(y, x)]


@lru_cache(maxsize=1)
def pair_counts() -> F64:
    """``N[i, j]``: the deals of class ``i`` against class ``j`` sharing no card."""
    deals = [(k, a, b) for k, combos in enumerate(CLASS_COMBOS) for a, b in combos]
    cls = np.array([k for k, _, _ in deals])
    masks = np.array([(1 << a) | (1 << b) for _, a, b in deals], dtype=np.uint64)
    free = (masks[:, None] & masks[None, :]) == 0
    n = len(CLASS_NAMES)
    out = np.zeros(n * n)
    rows, cols = np.nonzero(free)
    np.add.at(out, cls[rows] * n + cls[cols], 1.0)
    return out.reshape(n, n)


def _representatives(i: int, j: int) -> tuple[str, str]:
    first = CLASS_COMBOS[i][0]
    for deal in CLASS_COMBOS[j]:
        if not set(deal) & set(first):
            break
    else:  # pragma: no cover - every class has a deal free of another's first
        raise AssertionError((i, j))
    show = [str(Card(c)) for c in (*first, *deal)]
    return show[0] + show[1], show[2] + show[3]


def _compute_equities(samples: int, seed: int) -> F64:
    from pokerbonus.analysis.equity import equity

    n = len(CLASS_NAMES)
    table = np.full((n, n), 0.5)
    for i in range(n):
        for j in range(i + 1, n):
            hero, villain = _representatives(i, j)
            result = equity([hero, villain], exact=False, samples=samples, seed=seed + i * n + j)
            table[i, j] = result.equity[0]
            table[j, i] = 1.0 - result.equity[0]
    return table


@lru_cache(maxsize=4)
def class_equities(samples: int = EQUITY_SAMPLES, seed: int = 27) -> F64:
    """``E[i, j]``: the all-in pre-flop equity of class ``i`` against class ``j``
    (ties shared), computed once (about 20 s) and cached in the table cache
    folder (:func:`pokerbonus.hands.table_files.cache_dir`).

    >>> E = class_equities()
    >>> CLASS_NAMES[0], CLASS_NAMES[-1], round(float(E[0, -1]), 1)
    ('AA', '22', 0.8)
    """
    digest = hashlib.sha256(f"{_VERSION}:{samples}:{seed}".encode()).hexdigest()[:12]
    path = cache_dir() / f"push-fold-equities-{digest}.npy"
    try:
        table = np.load(path)
        if table.shape == (len(CLASS_NAMES), len(CLASS_NAMES)):
            return np.asarray(table, dtype=np.float64)
    except (OSError, ValueError):
        pass
    table = _compute_equities(samples, seed)
    with contextlib.suppress(OSError):  # a cache that cannot be written is skipped
        write_atomically(path, lambda handle: np.save(handle, table))
    return table


def _ev_push(stack: float, ante: float, call: F64) -> F64:
    """The small blind's result (big blinds, from the hand's start) of pushing each
    class against the big blind's calling strategy ``call`` (per class)."""
    e, w = class_equities(), pair_counts()
    showdown = 2 * stack * e - stack
    value = (1 - call)[None, :] * (1 + ante) + call[None, :] * showdown
    return np.asarray((w * value).sum(1) / w.sum(1), dtype=np.float64)


def _ev_call(stack: float, push: F64) -> F64:
    """The big blind's result of calling each class against the pushing strategy."""
    e, w = class_equities(), pair_counts()
    weights = w.T * push[None, :]
    showdown = 2 * stack * (1 - e.T) - stack
    total = weights.sum(1)
    with np.errstate(invalid="ignore", divide="ignore"):
        value = (weights * showdown).sum(1) / total
    return np.where(total > 0, value, 0.0)


@lru_cache(maxsize=256)
def heads_up_equilibrium(
    stack: float, ante: float = 0.0, iterations: int = 400
) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """The push-or-fold equilibrium at ``stack`` big blinds each (the smaller stack,
    antes included) with ``ante`` big blinds each: the classes the small blind
    pushes and the big blind calls with.

    >>> push, call = heads_up_equilibrium(10.0)
    >>> push[CLASS_NAMES.index("A2o")], call[CLASS_NAMES.index("72o")]
    (True, False)
    >>> sum(heads_up_equilibrium(3.0)[0]) > sum(push) > sum(call)
    True
    """
    n = len(CLASS_NAMES)
    push = np.full(n, 0.5)
    call = np.full(n, 0.5)
    fold_sb, fold_bb = -(0.5 + ante), -(1.0 + ante)
    for t in range(1, iterations + 1):
        best_push = (_ev_push(stack, ante, call) > fold_sb).astype(np.float64)
        best_call = (_ev_call(stack, push) > fold_bb).astype(np.float64)
        push += (best_push - push) / (t + 1)
        call += (best_call - call) / (t + 1)
    return tuple(bool(x) for x in push > 0.5), tuple(bool(x) for x in call > 0.5)


def _share(members: F64) -> float:
    counts = np.array(_COUNTS, dtype=np.float64)
    return float((counts * members).sum() / counts.sum())


@lru_cache(maxsize=4096)
def push_range(
    stack: float, behind: int, dead: float, ante: float = 0.0, posted: float = 0.0
) -> tuple[bool, ...]:
    """The classes worth pushing all-in first in with ``stack`` big blinds (at the
    start of the hand, ``posted`` of them already in the pot) when ``behind``
    players may still call and ``dead`` big blinds are in the pot (blinds and
    antes, one's own included). Each player behind calls with the heads-up
    equilibrium's calling range at that stack; the push wins ``dead`` when all
    fold, and otherwise goes to a showdown against one caller (the big blind's
    1 counted in its stack): the classes whose result beats folding.

    >>> wide, tight = push_range(8.0, 1, 1.5), push_range(8.0, 5, 1.5)
    >>> sum(wide) > sum(tight), tight[CLASS_NAMES.index("AA")], tight[CLASS_NAMES.index("72o")]
    (True, True, False)
    """
    if behind < 1:
        return (True,) * len(CLASS_NAMES)
    e, w = class_equities(), pair_counts()
    call = np.array(heads_up_equilibrium(round(stack * 2) / 2, round(ante * 4) / 4)[1], float)
    share = _share(call)
    nobody = (1 - share) ** behind
    weights = w * call[None, :]
    with np.errstate(invalid="ignore", divide="ignore"):
        against = (weights * e).sum(1) / weights.sum(1)
    pot = 2 * stack + dead - posted - 1.0
    called = against * pot - (stack - posted)
    value = nobody * dead + (1 - nobody) * called
    return tuple(bool(x) for x in value > 0)


def call_range(stack: float, pusher_stack: float, pusher_behind: int, dead: float,
               to_call: float, pot_after: float) -> tuple[bool, ...]:  # fmt: skip
    """The classes worth calling an all-in with: those whose equity against the
    pusher's range (:func:`push_range` of their stack and position) beats the
    pot odds (``to_call`` of the ``pot_after`` the call makes, big blinds)."""
    e, w = class_equities(), pair_counts()
    pushes = np.array(push_range(round(pusher_stack * 2) / 2, pusher_behind, dead), float)
    weights = w * pushes[None, :]
    with np.errstate(invalid="ignore", divide="ignore"):
        against = (weights * e).sum(1) / weights.sum(1)
    need = to_call / pot_after if pot_after > 0 else 1.0
    return tuple(bool(x) for x in np.nan_to_num(against) >= need)


def equity_against(hand: int, members: tuple[bool, ...]) -> float:
    """The all-in equity of class ``hand`` against the range ``members``."""
    e, w = class_equities(), pair_counts()
    weights = w[hand] * np.array(members, float)
    total = weights.sum()
    return float((weights * e[hand]).sum() / total) if total > 0 else 0.5


def range_share(members: tuple[bool, ...]) -> float:
    """The share of all deals a range of classes holds."""
    return _share(np.array(members, float))
