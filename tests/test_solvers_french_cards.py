"""The French draw solver's card abstraction: suit classes, buckets, transitions."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from pokerbonus.cards import Card, make_deck, parse_cards
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands import evaluate
from pokerbonus.solvers.french import cards as fc
from pokerbonus.solvers.french.cards import (
    burnside_classes,
    canonical,
    card_abstraction,
    suit_classes,
)

# the module's card abstraction is built once: all on one worker of the parallel suite
pytestmark = pytest.mark.xdist_group("solvers_french_cards")

_PERMS = list(itertools.permutations(range(4)))


def _orbit(hand: tuple[int, ...]) -> set[tuple[int, ...]]:
    return {tuple(sorted((c & ~3) | p[c & 3] for c in hand)) for p in _PERMS}


def test_suit_classes_against_burnside_and_orbits() -> None:
    """Section 1's 32-card deck: the classes found by canonicalising every hand are as
    many as Burnside's lemma counts, and each class holds exactly the hands of the
    orbit of its canonical form under the 24 renamings of the suits."""
    keys, counts = suit_classes(32)
    assert len(keys) == burnside_classes(32) == 10_808
    assert int(counts.sum()) == comb(32, 5)
    for key, count in zip(keys, counts, strict=True):
        hand = tuple(fc._cards_of(int(key)))
        orbit = _orbit(hand)
        assert count == len(orbit)
        assert hand == min(orbit)  # the canonical form is the least renamed one


def test_burnside_counts_the_known_52_card_classes() -> None:
    assert burnside_classes(52) == 134_459


def test_direct_enumeration_of_a_small_deck() -> None:
    """Every hand of the 32-card deck whose cards are the 12 lowest (7s to 9s):
    canonicalising them one by one gives the classes of the numba enumeration."""
    deck = [c for c in make_deck(32) if c < 32]  # 7c..9s
    direct: dict[int, int] = {}
    for hand in itertools.combinations(deck, 5):
        key = min(_key(h) for h in _orbit(hand))
        direct[key] = direct.get(key, 0) + 1
    keys, counts = suit_classes(32)
    index = {int(k): int(c) for k, c in zip(keys, counts, strict=True)}
    for key, count in direct.items():
        assert index[key] == count


def _key(hand: tuple[int, ...]) -> int:
    key = 0
    for c in hand:
        key = key << 6 | c
    return key


def test_canonical_form_and_renaming() -> None:
    hand = [int(c) for c in parse_cards("As Ks Qs Js 7c")]
    key, form, perm = canonical(hand)
    renamed = sorted((c & ~3) | perm[c & 3] for c in hand)
    assert tuple(renamed) == form
    assert canonical([int(c) for c in parse_cards("Ah Kh Qh Jh 7d")])[0] == key


@pytest.fixture(scope="module")
def small() -> fc.CardAbstraction:
    return card_abstraction(32, pre_buckets=12, post_buckets=16)


def test_transitions_and_chances_are_distributions(small: fc.CardAbstraction) -> None:
    assert small.transitions.shape == (12, 4, small.post_buckets)
    assert np.allclose(small.transitions.sum(axis=2), 1.0)
    assert small.pre_probs.sum() == pytest.approx(1.0)
    # the chance of a bucket is the share of the hands its classes hold
    share = np.bincount(small.class_bucket, weights=small.counts, minlength=12) / comb(32, 5)
    assert np.allclose(share, small.pre_probs)


def test_standing_pat_keeps_the_hand(small: fc.CardAbstraction) -> None:
    """The pat transition of a class is the post-draw bucket of its own five cards."""
    hand = [int(c) for c in parse_cards("9c Tc Jc Qc Kc")]
    a = small.pre_bucket(hand)
    q = small.post_bucket(hand)
    assert small.post_bucket(hand) == small.post_buckets - 1  # a straight flush is the top
    assert small.transitions[a, 0, q] > 0.0


def test_discard_keeps_what_a_player_keeps(small: fc.CardAbstraction) -> None:
    """A pair of aces draws three to the pair; four to a flush draws one to the flush;
    the discards are cards of the hand, renamed back from the class's form."""
    hand = tuple(int(c) for c in parse_cards("Ah Ad 9c 8s 7h"))
    assert set(small.discard(hand, 3)) == set(parse_cards("9c 8s 7h"))
    flush = tuple(int(c) for c in parse_cards("Ah Kh Th 8h 7c"))
    assert small.discard(flush, 1) == (Card("7c"),)
    assert small.discard(flush, 0) == ()


def test_post_buckets_are_intervals_of_value(small: fc.CardAbstraction) -> None:
    """A stronger final hand is never in a lower bucket (checked on 3,000 random pairs
    against the scalar evaluator's order)."""
    rng = np.random.default_rng(4)
    deck = np.array(make_deck(32))
    for _ in range(3000):
        a, b = (tuple(int(c) for c in rng.choice(deck, 5, replace=False)) for _ in range(2))
        va = evaluate(tuple(Card(c) for c in a), "high", deck=32)
        vb = evaluate(tuple(Card(c) for c in b), "high", deck=32)
        if va < vb:
            assert small.value(a) < small.value(b)
            assert small.post_bucket(a) <= small.post_bucket(b)
        elif va == vb:
            assert small.value(a) == small.value(b)


def test_class_distributions_against_a_direct_enumeration() -> None:
    """For a few classes and each draw count, the compiled distribution over post-draw
    buckets equals the one found by enumerating every replacement set in Python and
    rating each final hand with the scalar evaluator."""
    setup = fc.draw_setup(32, 16)
    for text in ("Ah Ad 9c 8s 7h", "Ah Kh Th 8h 7c", "9c Tc Jd Qs 7h", "Kc Kd Ks 8h 7c"):
        hand = tuple(int(c) for c in parse_cards(text))
        key, form, _ = canonical(hand)
        index = int(np.searchsorted(setup.keys, key))
        hist, masks = setup.distributions(np.array([index], dtype=np.int64))
        stub = [c for c in make_deck(32) if c not in form]
        for count in (1, 2, 3):
            kept = [c for i, c in enumerate(form) if not int(masks[0, count]) >> i & 1]
            direct = np.zeros(setup.buckets)
            for drawn in itertools.combinations(stub, count):
                final = tuple(Card(c) for c in (*kept, *drawn))
                direct[setup.bucket[_dense(final)]] += 1
            assert np.allclose(hist[0, count], direct / direct.sum()), (text, count)


_DENSE: dict[object, int] = {}


def _dense(hand: tuple[Card, ...]) -> int:
    """The dense value of a 32-card hand by the scalar evaluator: its place among the
    values of all the deck's hands (computed once)."""
    if not _DENSE:
        order = sorted(
            {evaluate(h, "high", deck=32) for h in itertools.combinations(make_deck(32), 5)}
        )
        _DENSE.update({v: i + 1 for i, v in enumerate(order)})
    return _DENSE[evaluate(hand, "high", deck=32)]


def test_bucket_transitions_average_their_classes(small: fc.CardAbstraction) -> None:
    """A bucket's transition is the hand-count weighted mean of its classes'
    distributions."""
    setup = fc.draw_setup(32, 16)
    bucket = int(np.argmin(np.bincount(small.class_bucket)))
    members = np.flatnonzero(small.class_bucket == bucket)
    hist, _ = setup.distributions(members.astype(np.int64))
    weights = small.counts[members].astype(float)
    expected = (hist * weights[:, None, None]).sum(axis=0) / weights.sum()
    assert np.allclose(small.transitions[bucket], expected)


def test_bucket_assignment_is_stable() -> None:
    """The buckets are a function of the settings and the seed only: computed again
    (cache cleared), every table is the same, bit for bit."""
    first = card_abstraction(32, pre_buckets=12, post_buckets=16)
    card_abstraction.cache_clear()  # the clustering again (the exact features are cached)
    again = card_abstraction(32, pre_buckets=12, post_buckets=16)
    assert first is not again
    assert first.digest() == again.digest()
    assert np.array_equal(first.class_bucket, again.class_bucket)
    assert np.array_equal(first.transitions, again.transitions)
    other = card_abstraction(32, pre_buckets=12, post_buckets=16, seed=5)
    assert other.digest() != first.digest()


def test_bad_settings() -> None:
    with pytest.raises(ConfigurationError, match="32 or 52"):
        card_abstraction(36)
    with pytest.raises(ConfigurationError, match="post_buckets"):
        card_abstraction(32, post_buckets=2)
    with pytest.raises(ConfigurationError, match="not five distinct cards"):
        card_abstraction(32, 12, 16).class_of([0, 1, 2, 3, 4])
