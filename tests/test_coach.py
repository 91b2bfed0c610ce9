"""The coach (``pokerbonus.bots.coach``) and the action values of the solved French
draw strategies (``pokerbonus.solvers.french.values``), on hand-made spots."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerbonus.solvers.french.store import shipped_strategy
from pokerbonus.solvers.french.tree import ACT_FOLD, BET
from pokerbonus.solvers.french.values import action_values


@pytest.fixture(scope="module")
def strategy():  # type: ignore[no-untyped-def]
    return shipped_strategy("draw-2p-no-limit-32")


def test_the_values_add_up_to_the_strategys_value(strategy) -> None:  # type: ignore[no-untyped-def]
    """At the root, the prior-weighted mix of the action values is the value of the
    game for the first position, as the solver's exact evaluation finds it."""
    from pokerbonus.solvers.french.solver import DrawSolver

    total = 0.0
    for bucket in range(strategy.cards.pre_buckets):
        values = action_values(strategy, 0, bucket)
        total += strategy.cards.pre_probs[bucket] * float(
            strategy.probabilities(0, bucket) @ values
        )
    expected = DrawSolver(strategy.tree, strategy.cards).values(strategy.policy)[0]
    assert total == pytest.approx(expected, abs=1e-9)


def test_a_fold_of_the_nuts_costs_the_pot(strategy) -> None:  # type: ignore[no-untyped-def]
    """After the draw, facing an all-in (fold or call only), the strongest bucket
    loses the pot by folding: the cost of the fold (best value less the fold's) is
    the chips in the middle, within what the bucket's rare ties and losses take."""
    tree = strategy.tree
    top = strategy.cards.post_buckets - 1
    spots = [
        node for node in range(tree.num_nodes)
        if int(tree.kind[node]) == BET and int(tree.round[node]) == 1
        and int(tree.num_children[node]) == 2
        and int(tree.act[tree.first_child[node]]) == ACT_FOLD
    ]  # fmt: skip
    assert spots
    node = spots[0]
    values = action_values(strategy, node, top)
    fold = int(np.flatnonzero(tree.act[list(tree.children(node))] == ACT_FOLD)[0])
    cost = float(values.max() - values[fold])
    me = int(tree.actor[node])
    assert values[fold] == pytest.approx(-int(tree.contrib[node, me]))  # folding loses what is in
    # the top bucket gathers the strongest hands; against the all-in range it still
    # ties or loses a few per cent of the time
    assert 0.9 * tree.pot(node) <= cost <= tree.pot(node)


def test_a_standard_play_costs_nothing(strategy) -> None:  # type: ignore[no-untyped-def]
    """Where the strategy plays one action (probability 1), that action is the best:
    its cost is 0."""
    checked = 0
    for bucket in range(strategy.cards.pre_buckets):
        probs = strategy.probabilities(0, bucket)
        if probs.max() < 0.999:
            continue
        values = action_values(strategy, 0, bucket)
        assert float(values.max() - values[int(probs.argmax())]) == pytest.approx(0, abs=0.02)
        checked += 1
    assert checked >= 5


def test_review_of_a_recorded_session() -> None:
    """A heads-up pot game at the shipped strategy's table: each of the person's
    decisions is reviewed; the figures are the strategy's, costs are never negative,
    and the summary names the costliest."""
    from pokerbonus.cli.history_review import review_session, summary_line
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.engine.table import random_legal_action
    from pokerbonus.store import PlayerSpec, RecordedTable, Store

    store = Store("sqlite://")
    rt = RecordedTable.create(
        store, TableConfig(players=2), ["ann", PlayerSpec("bob", "bot", "expert")],
        rng=random.Random(2),
    )  # fmt: skip
    rng = random.Random(1)
    for _ in range(6):
        hand = rt.start_hand()
        while not hand.finished:
            rt.act(random_legal_action(hand, rng))
        rt.finish_hand()
        for name in rt.table.players:
            if rt.table.stack(name) == 0:
                rt.rebuy(name)
    saved = store.load_session(rt.session)
    reviews = list(review_session(saved, "ann"))
    assert [r.number for r in reviews] == [1, 2, 3, 4, 5, 6]
    advice = [a for r in reviews for a in r.advice]
    assert advice and any(a.kind == "strategy" for a in advice)
    for a in advice:
        if a.kind == "strategy":
            assert a.cost is not None and a.cost >= 0
            assert sum(o.probability for o in a.options) == pytest.approx(1, abs=1e-3)
            assert a.chosen in {o.label for o in a.options}
    line = summary_line(reviews)
    assert "decisions" in line
    one = list(review_session(saved, "ann", [3]))
    assert [r.number for r in one] == [3] and one[0].advice == reviews[2].advice


@pytest.mark.parametrize(("hand", "deck", "others"), [
    ("Ah Ad Kc Ks 7d", 32, 3), ("Qh Jh Th 9h 7c", 32, 1), ("Ah Ad Kc Ks 2d", 52, 2),
])  # fmt: skip
def test_the_compiled_showdown_share_agrees_with_evaluate(
    hand: str, deck: int, others: int
) -> None:
    """The coach's share against random five-card hands (the compiled score) is the
    share counted with ``evaluate`` on other seeded deals, within sampling error."""
    from pokerbonus.bots.base import GameInfo
    from pokerbonus.bots.kernels import random_hands_share
    from pokerbonus.cards import make_deck, parse_cards
    from pokerbonus.hands.evaluation import evaluate

    mine = [int(c) for c in parse_cards(hand)]
    unseen = [int(c) for c in make_deck(deck) if int(c) not in mine]
    info = GameInfo(deck_size=deck)
    n = 4000
    share = random_hands_share(np.array(mine, dtype=np.int64), np.array(unseen, dtype=np.int64),
                               others, n, 7, info.low, info.wheel, info.order)  # fmt: skip
    rng = random.Random(3)
    me = evaluate(tuple(mine), "high", deck=deck).rank
    direct = 0.0
    for _ in range(n):
        dealt = rng.sample(unseen, 5 * others)
        ranks = [evaluate(tuple(dealt[5 * k : 5 * k + 5]), "high", deck=deck).rank
                 for k in range(others)]  # fmt: skip
        top = max(ranks)
        direct += 1.0 if me > top else 1.0 / (1 + ranks.count(me)) if me == top else 0.0
    direct /= n
    sd = (direct * (1 - direct) / n) ** 0.5 * 2**0.5
    assert abs(share - direct) < 5 * sd + 1e-9, (share, direct)
    assert 0.0 < share < 1.0
