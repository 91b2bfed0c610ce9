"""Dealer-mode return to player (RULES.md section 9): the exact whole-game run's
suit isomorphism, the stratified sample, the published figures."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from pokerbonus.analysis.stats import dealer_kernels as k
from pokerbonus.analysis.stats.dealer import (
    PUBLISHED,
    DealerResult,
    RtpTerms,
    dealer_plan,
    dealer_rtp,
    rules_rtp,
)
from pokerbonus.dealer import DealerHand, DealerSettings, Paytable, Qualifier
from pokerbonus.dealer.strategy import best_decision
from pokerbonus.errors import ConfigurationError

DEFAULT = DealerSettings()


def group_index(up_rank: int, ranks: tuple[int, ...]) -> int:
    """The position of a rank multiset in :func:`exact_part`'s order of groups."""
    index = -1
    for combo in itertools.combinations_with_replacement(range(13), 5):
        counts = [combo.count(r) + (r == up_rank) for r in range(13)]
        if max(counts) > 4:
            continue
        index += 1
        if combo == ranks:
            return index
    raise AssertionError(f"no group {ranks}")


def raw_counts(up_rank: int, ranks: tuple[int, ...], s: DealerSettings) -> list[int]:
    """Every raw situation of one rank multiset (all four up cards, every suit), no symmetry."""
    terms = RtpTerms.of(s)
    tables, work = k.situation_tables(), k.situation_work()
    pays = k.play_pays(terms.pays)
    counts = [0] * k.EXACT_FIELDS
    out = np.zeros(6, dtype=np.int64)
    for up in range(4 * up_rank, 4 * up_rank + 4):
        hands = {
            tuple(sorted(4 * r + suit for r, suit in zip(ranks, suits, strict=True)))
            for suits in itertools.product(range(4), repeat=5)
        }
        for hand in hands:
            if len(set(hand)) < 5 or up in hand:
                continue
            k.situation_values(
                np.array(hand, dtype=np.int64), up, tables, pays, terms.qualify, terms.bet,
                terms.play, out, work,
            )  # fmt: skip
            choice, card = k.best_choice(out, terms.bet, terms.play, terms.fee, terms.switch)
            returned = (0, int(out[0]), int(out[1 + card]) if card >= 0 else 0)[choice]
            staked = terms.bet + (terms.play if choice else 0) + (terms.fee if choice == 2 else 0)
            counts[0] += 1
            counts[1] += returned
            counts[2] += staked
            counts[3 + choice] += 1
    return counts


@pytest.mark.parametrize(
    ("up_rank", "ranks"), [(5, (0, 3, 5, 9, 12)), (11, (0, 0, 5, 5, 11)), (2, (2, 2, 2, 7, 7))]
)
def test_exact_classes_weighted_by_suit_isomorphism_equal_every_raw_situation(
    up_rank: int, ranks: tuple[int, ...]
) -> None:
    s = DealerSettings(qualifier=Qualifier("22"))
    terms = RtpTerms.of(s)
    stripes = 10**6  # one group per stripe: stripe i is group i
    part = k.exact_part(
        up_rank, group_index(up_rank, ranks), stripes, k.situation_tables(), k.situation_work(),
        k.play_pays(terms.pays), terms.qualify, terms.bet, terms.play, terms.fee, terms.switch,
    )  # fmt: skip
    assert list(part) == raw_counts(up_rank, ranks, s)


def test_exact_plan_has_52_parts_and_refuses_counts_that_could_overflow() -> None:
    _, shards = dealer_plan(DEFAULT, exact=True)
    assert [s.seed for s in shards] == list(range(52))
    huge = DealerSettings(bet=1, play_multiple=10, paytable=Paytable(royal_flush=10_000))
    with pytest.raises(ConfigurationError, match="too large for the exact counts"):
        dealer_plan(huge, exact=True)
    with pytest.raises(ConfigurationError, match="situations: at least 1,000"):
        dealer_plan(DEFAULT, situations=999)


def test_the_rtp_depends_on_the_ratios_of_the_chips_only() -> None:
    assert RtpTerms.of(DealerSettings(bet=10, cave=200)) == RtpTerms.of(DEFAULT)
    assert RtpTerms.of(DealerSettings(bet=2, switch_fee=1)).fee == 1
    assert RtpTerms.of(DealerSettings(switch=False)).fee == 0


def test_sampled_rtp_is_seeded_and_agrees_with_the_published_exact_figure() -> None:
    result = dealer_rtp(DEFAULT, situations=20_000, seed=2, backend="inline")
    again = dealer_rtp(DEFAULT, situations=20_000, seed=2, backend="inline")
    assert result == again and result.method == "sampled" and result.situations == 20_000
    exact, edge = PUBLISHED[RtpTerms.of(DEFAULT)]
    low, high = result.ci95
    assert low < exact < high and 0 < high - low < 0.01
    e_low, e_high = result.house_edge_ci95
    assert e_low < edge < e_high
    assert result.fold + result.keep + result.exchange == pytest.approx(1)
    assert 0.3 < result.fold < 0.6 and 0.01 < result.exchange < 0.2
    data = result.to_json()
    assert {"rtp", "ci95", "house_edge", "decisions", "settings", "method"} <= set(data)
    assert set(data["decisions"]) == {"fold", "keep", "exchange_one"}
    assert data["settings"]["qualifier"] == "AK" and data["settings"]["paytable"]["flush"] == 4


def test_an_exact_result_needs_every_situation() -> None:
    counts = np.array([52 * math.comb(51, 5), 10 * k.SCALE, 20, 1, 2, 3], dtype=np.int64)
    result = DealerResult.from_counts(counts, DEFAULT, exact=True)
    assert result.rtp == 0.5 and result.ci95 == (0.5, 0.5) and result.method == "exact"
    with pytest.raises(ConfigurationError, match="every part must run"):
        DealerResult.from_counts(counts - np.array([1, 0, 0, 0, 0, 0]), DEFAULT, exact=True)


def test_the_rules_screen_rtp_is_published_for_the_defaults_and_sampled_otherwise() -> None:
    (rtp, low, high), edge = rules_rtp(DEFAULT)
    assert low == rtp == high and 0.96 < rtp < 0.99 and edge > 0
    (rtp, low, high), edge = rules_rtp(DealerSettings(paytable=Paytable(quads=21)))
    assert low < rtp < high


@pytest.mark.long
@pytest.mark.parametrize("terms", list(PUBLISHED), ids=str)
def test_published_figures_are_the_exact_run(terms: RtpTerms) -> None:
    """Each figure of docs/dealer.md, recomputed over every situation (minutes each)."""
    settings = DealerSettings.build({
        "bet": terms.bet, "play_multiple": terms.play // terms.bet, "switch": terms.switch,
        "switch_fee": terms.fee if terms.switch else None,
        "qualifier": {1114: "AK", 1718: "44"}[terms.qualify],
        "paytable": dict(zip(Paytable().to_dict(), terms.pays, strict=True)),
    })  # fmt: skip
    result = dealer_rtp(settings, exact=True)
    assert (result.rtp, result.house_edge) == pytest.approx(PUBLISHED[terms], abs=5e-7)


@pytest.mark.long
def test_section_9_ten_to_the_five_played_hands_return_the_computed_rtp() -> None:
    """10^5 hands of the real game, one player playing the best decision of the fast
    path, paid by the engine: the return per chip staked falls inside the interval
    around the exact RTP that 10^5 hands allow (their own spread, 99%)."""
    rng = random.Random(2027)
    returned: list[int] = []
    staked: list[int] = []
    for _ in range(100_000):
        hand = DealerHand(DEFAULT, [100], rng=rng)
        action = best_decision(hand.hole_cards(0), hand.dealer_up[0], DEFAULT).action
        hand.act(action)
        result = hand.results[0]
        fee = DEFAULT.fee if action.kind == "exchange" else 0
        staked.append(DEFAULT.bet + (DEFAULT.play if action.kind != "fold" else 0) + fee)
        returned.append(result.returned)
    r = np.array(returned, dtype=np.float64)
    s = np.array(staked, dtype=np.float64)
    played = r.sum() / s.sum()
    exact, _ = PUBLISHED[RtpTerms.of(DEFAULT)]
    spread = np.std(r - exact * s, ddof=1) / s.mean() / math.sqrt(len(r))
    assert abs(played - exact) < 2.576 * spread, (played, exact, spread)
