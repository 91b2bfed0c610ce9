"""The abstract French draw game: its settings, betting abstraction and public tree.

The abstract game keeps the real game's betting rules (RULES.md sections 5 and
6: pot game, ante 1 each, no fold before the opening, check, bets and raises
with the minimum raise, all-in, an all-in for less that does not reopen the
betting, the rounds opened left of the dealer) and the real chip amounts; it
abstracts three things:

- **cards**: each player's hand is a bucket of :mod:`.cards`, dealt
  independently from the real deck's frequencies; the draw moves it to a
  post-draw bucket with the real deck's transition probabilities; the showdown
  compares post-draw buckets (equal buckets split);
- **draws**: a player stands pat or exchanges 1, 2 or 3 cards (the real cards
  are the best discard of that many, :meth:`.cards.CardAbstraction.discard`);
  the four-card exchange is left out;
- **bet sizes** (:class:`Betting`): in no-limit a few pot fractions and the
  all-in, and a cap on raises per round; in limit the real fixed bets (the small
  bet, the ante, before the draw, the big bet, twice it, after) with a cap on
  raises per round (the real heads-up game has none).

Everything a player does is public except the cards, so the game is a
**public tree** (:class:`PublicTree`): one node per public history, each
player's private state a bucket index (pre-draw bucket until the player has
drawn, post-draw bucket after). Position 0 speaks first (left of the dealer),
position ``n - 1`` deals.

>>> tree = build_tree(GameSpec(players=2, betting=LIMIT_HEADS_UP))
>>> tree.num_nodes, tree.num_decisions
(3951, 1495)
>>> tree.describe(0)
'position 0 to bet: k b1'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError

__all__ = [
    "BET",
    "DRAW",
    "FOLD_END",
    "LIMIT_FOUR",
    "LIMIT_HEADS_UP",
    "NO_LIMIT_FOUR",
    "NO_LIMIT_FOUR_SIZED",
    "NO_LIMIT_HEADS_UP",
    "SHOWDOWN",
    "Betting",
    "GameSpec",
    "PublicTree",
    "build_tree",
]

BET: Final = 0
DRAW: Final = 1
FOLD_END: Final = 2
SHOWDOWN: Final = 3

ACT_FOLD: Final = 0
ACT_CALL: Final = 1
ACT_RAISE: Final = 2
ACT_DRAW: Final = 3

I8 = npt.NDArray[np.int8]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class Betting:
    """The betting abstraction.

    ``kind``: ``"no-limit"`` or ``"limit"``. No-limit: ``opens[r]`` are the
    opening bets of round ``r`` (0 before the draw, 1 after) and ``raises[r]`` the
    raises, as fractions of the pot after calling; a size that would put in
    ``all_in_at`` of the player's chips or more becomes the all-in, and the all-in
    is always offered; a raise of ``0.0`` is the minimum raise (the last full bet
    or raise again). ``max_raises[r]``: raises allowed after the opening bet
    (then only fold or call). Limit: the fixed bets, ``max_raises`` as well.
    """

    kind: Literal["no-limit", "limit"]
    max_raises: tuple[int, int]
    opens: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())
    raises: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())
    all_in_at: float = 0.6

    def __post_init__(self) -> None:
        if self.kind not in ("no-limit", "limit"):
            raise ConfigurationError(f"betting: {self.kind!r} is not no-limit or limit")
        for r in (0, 1):
            if not 0 <= self.max_raises[r] <= 8:
                raise ConfigurationError(f"max_raises: {self.max_raises[r]} is not 0..8")
            for size in self.opens[r]:
                if not 0.0 < size <= 10.0:
                    raise ConfigurationError(f"bet size {size!r}: a pot fraction in (0, 10]")
            for size in self.raises[r]:
                if not 0.0 <= size <= 10.0:
                    raise ConfigurationError(
                        f"raise size {size!r}: a pot fraction in [0, 10] (0: the minimum raise)"
                    )


LIMIT_HEADS_UP: Final = Betting("limit", max_raises=(3, 3))
NO_LIMIT_HEADS_UP: Final = Betting(
    "no-limit", max_raises=(3, 3), opens=((1.0,), (0.5, 1.0)), raises=((1.0,), (1.0,))
)
LIMIT_FOUR: Final = Betting("limit", max_raises=(1, 0))
NO_LIMIT_FOUR: Final = Betting(
    "no-limit", max_raises=(1, 1), opens=((1.0,), (0.75,)), raises=((), ())
)
NO_LIMIT_FOUR_SIZED: Final = Betting(
    "no-limit", max_raises=(1, 1), opens=((1.0,), (0.75,)), raises=((0.0, 0.5, 1.0), ())
)
"""The four-handed no-limit abstraction with the raises people make before the
draw: the minimum raise, half the pot after calling (about 2.5 times an opening
bet of the pot), the pot and the all-in."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """The game a strategy is computed for: ``players`` (2 or 4), the ``deck``
    (32 or 52 cards), the pot game's ``ante`` and every player's ``stack`` in chips
    (the ante included), the limit bets, the betting abstraction and the card
    abstraction's sizes and seed."""

    players: int = 2
    betting: Betting = NO_LIMIT_HEADS_UP
    deck: int = 32
    ante: int = 1
    stack: int = 100
    small_bet: int = 1
    big_bet: int = 2
    pre_buckets: int = 64
    post_buckets: int = 48
    card_seed: int = 0
    draws: tuple[int, ...] = (0, 1, 2, 3)

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise ConfigurationError(f"players: the solver plays 2 to 4, got {self.players!r}")
        if self.deck not in (32, 52):
            raise ConfigurationError(f"deck: 32 or 52 cards, got {self.deck!r}")
        if self.stack <= self.ante or self.ante < 1:
            raise ConfigurationError(f"stack {self.stack}: must exceed the ante {self.ante}")

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain JSON values."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSpec:
        """The settings back from :meth:`to_dict`."""
        b = dict(data["betting"])
        betting = Betting(
            kind=b["kind"],
            max_raises=tuple(b["max_raises"]),
            opens=tuple(tuple(x) for x in b["opens"]),  # type: ignore[arg-type]
            raises=tuple(tuple(x) for x in b["raises"]),  # type: ignore[arg-type]
            all_in_at=float(b["all_in_at"]),
        )
        rest = {k: v for k, v in data.items() if k not in ("betting", "draws")}
        return cls(betting=betting, draws=tuple(data["draws"]), **rest)

    def digest(self) -> str:
        """A digest of the settings."""
        text = json.dumps(self.to_dict(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(slots=True)
class _State:
    contrib: list[int]
    bets: list[int]
    folded: list[bool]
    acted: list[bool]
    acted_at: list[int]
    drawn: list[int]
    round: int
    cur: int
    last_full: int
    raises: int
    actor: int  # -1: the round is over
    stage: Literal["bet", "draw", "end"]
    history: tuple[str, ...] = field(default=())

    def copy(self) -> _State:
        return _State(
            list(self.contrib), list(self.bets), list(self.folded), list(self.acted),
            list(self.acted_at), list(self.drawn), self.round, self.cur, self.last_full,
            self.raises, self.actor, self.stage, self.history,
        )  # fmt: skip


@dataclass(frozen=True, slots=True, eq=False)
class PublicTree:
    """The public tree as flat arrays, nodes in depth-first order (a node's
    children are consecutive; ``first_child`` is the first).

    Per node: ``kind`` (:data:`BET`, :data:`DRAW`, :data:`FOLD_END`,
    :data:`SHOWDOWN`), ``actor``, ``act``/``amount`` (the action leading to the
    node: fold, check/call, raise to ``amount`` chips this round, or draw
    ``amount`` cards), ``contrib[n, p]`` (chips put in by each player, antes
    included), ``folded[n, p]``, ``drawn[n, p]`` (cards drawn, -1 not yet),
    ``round`` (0 before the draw, 1 after), ``bets[n, p]`` (chips bet this round)
    and ``slot[n]``, the first slot of a decision node's strategy (its infosets
    are ``(node, bucket)``, ``width`` buckets each, slot
    ``slot[n] + bucket * children + action``).
    """

    spec: GameSpec
    kind: I8
    actor: I8
    act: I8
    amount: I32
    first_child: I32
    num_children: I32
    parent: I32
    contrib: I32
    bets: I32
    folded: I8
    drawn: I8
    round: I8
    slot: I64
    width: I32
    num_slots: int
    depth: int

    @property
    def num_nodes(self) -> int:
        """Public nodes (decisions and ends)."""
        return int(self.kind.shape[0])

    @property
    def num_decisions(self) -> int:
        """Public decision nodes (betting and draw decisions)."""
        return int(((self.kind == BET) | (self.kind == DRAW)).sum())

    @property
    def num_infosets(self) -> int:
        """Information sets: a decision node times the acting player's buckets."""
        decisions = (self.kind == BET) | (self.kind == DRAW)
        return int(self.width[decisions].sum())

    def pot(self, node: int) -> int:
        """Chips in the middle at ``node`` (the bets of the round included)."""
        return int(self.contrib[node].sum())

    def children(self, node: int) -> range:
        """The children of ``node``."""
        first = int(self.first_child[node])
        return range(first, first + int(self.num_children[node]))

    def label(self, node: int) -> str:
        """The action leading to ``node``: ``f``, ``k``/``c``, ``b12``/``r30`` (to 12 or
        30 chips this round), ``d2`` (drew 2); ``""`` at the root."""
        if node == 0:
            return ""
        a = int(self.act[node])
        if a == ACT_FOLD:
            return "f"
        if a == ACT_DRAW:
            return f"d{int(self.amount[node])}"
        par = int(self.parent[node])
        facing = int(self.bets[par].max())
        if a == ACT_CALL:
            return "c" if facing > int(self.bets[par, int(self.actor[par])]) else "k"
        return f"{'r' if facing else 'b'}{int(self.amount[node])}"

    def history(self, node: int) -> list[str]:
        """The labels of the actions from the root to ``node``."""
        out: list[str] = []
        while node > 0:
            out.append(self.label(node))
            node = int(self.parent[node])
        return out[::-1]

    def describe(self, node: int) -> str:
        """A short description of a decision node and its actions."""
        what = {BET: "bet", DRAW: "draw", FOLD_END: "end", SHOWDOWN: "showdown"}
        kind = int(self.kind[node])
        acts = " ".join(self.label(c) for c in self.children(node))
        who = f"position {int(self.actor[node])} to " if kind in (BET, DRAW) else ""
        return f"{who}{what[kind]}: {acts}".rstrip(": ")

    def digest(self) -> str:
        """A digest of the tree's shape and amounts."""
        h = hashlib.sha256(self.spec.digest().encode())
        for array in (self.kind, self.actor, self.act, self.amount, self.num_children, self.width):
            h.update(np.ascontiguousarray(array).tobytes())
        return h.hexdigest()[:16]


def _round_order(spec: GameSpec) -> list[int]:
    return list(range(spec.players))


def _next_actor(s: _State, spec: GameSpec, start: int) -> int:
    n = spec.players
    able = sum(1 for p in range(n) if not s.folded[p] and s.contrib[p] < spec.stack)
    for k in range(n):
        p = (start + k) % n
        if s.folded[p] or s.contrib[p] >= spec.stack:
            continue
        if not s.acted[p] or s.bets[p] < s.cur:
            if able <= 1 and s.bets[p] >= s.cur:
                return -1
            return p
    return -1


def _live(s: _State) -> int:
    return sum(1 for f in s.folded if not f)


def _raise_targets(s: _State, spec: GameSpec, p: int) -> list[int]:
    """The raise-to totals (this round) the abstraction offers ``p``."""
    betting = spec.betting
    n = spec.players
    left = spec.stack - s.contrib[p]
    all_in = s.bets[p] + left
    able = sum(1 for q in range(n) if not s.folded[q] and s.contrib[q] < spec.stack)
    if all_in <= s.cur or able < 2:
        return []
    if s.acted[p] and s.cur - s.acted_at[p] < s.last_full:
        return []  # an all-in for less did not reopen the betting
    opened = s.cur > 0
    if opened and s.raises >= betting.max_raises[s.round]:
        return []
    if betting.kind == "limit":
        size = spec.small_bet if s.round == 0 else spec.big_bet
        return [min(s.cur + size, all_in)]
    low = min(s.cur + s.last_full, all_in)
    pot_after_call = sum(s.contrib) + (s.cur - s.bets[p])
    sizes = betting.raises[s.round] if opened else betting.opens[s.round]
    targets: set[int] = set()
    for f in sizes:
        target = s.cur + round(f * pot_after_call)
        target = max(target, low)
        if target - s.bets[p] >= betting.all_in_at * left:
            target = all_in
        targets.add(min(target, all_in))
    targets.add(all_in)
    return sorted(targets)


def _apply(s: _State, spec: GameSpec, p: int, act: int, amount: int) -> _State:
    t = s.copy()
    if act == ACT_FOLD:
        t.folded[p] = True
    elif act == ACT_CALL:
        call = min(t.cur - t.bets[p], spec.stack - t.contrib[p])
        t.bets[p] += call
        t.contrib[p] += call
        t.acted[p] = True
        t.acted_at[p] = t.cur
    else:  # raise to ``amount`` this round
        added = amount - t.bets[p]
        t.bets[p] = amount
        t.contrib[p] += added
        size = amount - t.cur
        if size >= t.last_full:
            t.last_full = size
            t.raises += 1 if t.cur > 0 else 0
            t.acted = [False] * spec.players
        t.acted[p] = True
        t.acted_at[p] = amount
        t.cur = amount
    if _live(t) == 1:
        t.stage, t.actor = "end", -1
        return t
    nxt = _next_actor(t, spec, p + 1)
    if nxt >= 0:
        t.actor = nxt
        return t
    return _end_round(t, spec)


def _end_round(t: _State, spec: GameSpec) -> _State:
    t.bets = [0] * spec.players
    t.acted = [False] * spec.players
    t.acted_at = [0] * spec.players
    t.cur = 0
    t.raises = 0
    t.last_full = (
        spec.ante
        if spec.betting.kind != "limit"
        else (spec.small_bet if t.round == 0 else spec.big_bet)
    )
    if t.round == 0:
        t.stage = "draw"
        t.actor = next(p for p in range(spec.players) if not t.folded[p])
        return t
    t.stage, t.actor = "end", -1
    return t


def _start_round_two(t: _State, spec: GameSpec) -> _State:
    t.round = 1
    t.stage = "bet"
    if spec.betting.kind == "limit":
        t.last_full = spec.big_bet
    nxt = _next_actor(t, spec, 0)
    if nxt < 0:
        t.stage, t.actor = "end", -1
    else:
        t.actor = nxt
    return t


def build_tree(spec: GameSpec, post: int | None = None) -> PublicTree:
    """Build the public tree of ``spec``'s abstract game (depth first); ``post`` is
    the number of post-draw buckets the card abstraction made (default: the
    spec's request)."""
    n = spec.players
    pre = spec.pre_buckets
    post = spec.post_buckets if post is None else post
    root = _State(
        contrib=[spec.ante] * n, bets=[0] * n, folded=[False] * n, acted=[False] * n,
        acted_at=[0] * n, drawn=[-1] * n, round=0, cur=0,
        last_full=spec.small_bet if spec.betting.kind == "limit" else spec.ante,
        raises=0, actor=0, stage="bet",
    )  # fmt: skip
    rows: list[list[int]] = []  # kind, actor, act, amount, parent, round
    contribs: list[list[int]] = []
    bets: list[list[int]] = []
    folded: list[list[int]] = []
    drawn: list[list[int]] = []
    children: list[list[int]] = []
    max_depth = 0

    def add(state: _State, act: int, amount: int, parent: int) -> int:
        if state.stage == "end":
            kind = FOLD_END if _live(state) == 1 else SHOWDOWN
        else:
            kind = BET if state.stage == "bet" else DRAW
        rows.append([kind, state.actor, act, amount, parent, state.round])
        contribs.append(list(state.contrib))
        bets.append(list(state.bets))
        folded.append([int(f) for f in state.folded])
        drawn.append(list(state.drawn))
        children.append([])
        return len(rows) - 1

    # depth-first with an explicit stack; children listed consecutively by
    # numbering them when their parent is expanded
    order: list[int] = []
    index = add(root, -1, 0, -1)
    stack: list[tuple[int, _State, int]] = [(index, root, 0)]
    while stack:
        node, state, depth = stack.pop()
        order.append(node)
        max_depth = max(max_depth, depth)
        kind = rows[node][0]
        if kind in (FOLD_END, SHOWDOWN):
            continue
        p = state.actor
        kids: list[tuple[_State, int, int]] = []
        if kind == BET:
            if state.cur > state.bets[p]:
                kids.append((_apply(state, spec, p, ACT_FOLD, 0), ACT_FOLD, 0))
            kids.append((_apply(state, spec, p, ACT_CALL, 0), ACT_CALL, 0))
            for target in _raise_targets(state, spec, p):
                kids.append((_apply(state, spec, p, ACT_RAISE, target), ACT_RAISE, target))
        else:
            for d in spec.draws:
                t = state.copy()
                t.drawn[p] = d
                later = [q for q in range(p + 1, n) if not t.folded[q]]
                if later:
                    t.actor = later[0]
                else:
                    t = _start_round_two(t, spec)
                kids.append((t, ACT_DRAW, d))
        ids = [add(t, a, amt, node) for t, a, amt in kids]
        children[node] = ids
        for child, (t, _, _) in reversed(list(zip(ids, kids, strict=True))):
            stack.append((child, t, depth + 1))
    # renumber in depth-first order with consecutive children: a second pass
    new_id = {old: i for i, old in enumerate(_consecutive_order(children))}
    m = len(rows)
    perm = np.empty(m, dtype=np.int64)
    for old, new in new_id.items():
        perm[new] = old
    table = np.asarray(rows, dtype=np.int64)[perm]
    kind_arr = table[:, 0].astype(np.int8)
    first = np.full(m, -1, dtype=np.int32)
    count = np.zeros(m, dtype=np.int32)
    for old, kids_old in enumerate(children):
        if kids_old:
            first[new_id[old]] = new_id[kids_old[0]]
            count[new_id[old]] = len(kids_old)
    parent = np.array([new_id[int(p)] if p >= 0 else -1 for p in table[:, 4]], dtype=np.int32)
    drawn_arr = np.asarray(drawn, dtype=np.int8)[perm]
    actor = table[:, 1].astype(np.int8)
    width = np.zeros(m, dtype=np.int32)
    slot = np.full(m, -1, dtype=np.int64)
    total = 0
    for v in range(m):
        k = int(kind_arr[v])
        if k in (BET, DRAW):
            a = int(actor[v])
            width[v] = post if drawn_arr[v, a] >= 0 else pre
            slot[v] = total
            total += int(width[v]) * int(count[v])
    return PublicTree(
        spec=spec,
        kind=kind_arr,
        actor=actor,
        act=table[:, 2].astype(np.int8),
        amount=table[:, 3].astype(np.int32),
        first_child=first,
        num_children=count,
        parent=parent,
        contrib=np.asarray(contribs, dtype=np.int32)[perm],
        bets=np.asarray(bets, dtype=np.int32)[perm],
        folded=np.asarray(folded, dtype=np.int8)[perm],
        drawn=drawn_arr,
        round=table[:, 5].astype(np.int8),
        slot=slot,
        width=width,
        num_slots=total,
        depth=max_depth,
    )


def _consecutive_order(children: Sequence[list[int]]) -> list[int]:
    """Node ids in an order where a node precedes its children, the children of a
    node are consecutive and every subtree is contiguous after its root's siblings'
    numbering: depth first, numbering a node's children when it is expanded."""
    order = [0]
    stack = [0]
    while stack:
        node = stack.pop()
        kids = children[node]
        order.extend(kids)
        stack.extend(reversed(kids))
    return order
