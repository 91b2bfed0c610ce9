"""The value of every choice (RULES.md section 9): the fast path against brute force.

Brute force here enumerates every dealer completion (163,185 of them) and, for
an exchange, every replacement with the completions that avoid it, rating the
dealer's hands with the batch evaluator (another code path than the fast
one's class tables), then pays each outcome by the rules: qualifier, paytable,
ties, fee.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import numpy.typing as npt
import pytest

from pokerbonus.analysis.stats.dealer import situation_values
from pokerbonus.cards import Card, parse_cards
from pokerbonus.dealer import DealerSettings, Paytable, Qualifier
from pokerbonus.dealer.strategy import best_decision
from pokerbonus.errors import InvalidHandError
from pokerbonus.hands import evaluate
from pokerbonus.hands.batch import evaluate_batch


def brute_values(hand: list[int], up: int, s: DealerSettings) -> tuple[float, list[float]]:
    """Expected net chips of keeping, and of exchanging each card, by enumeration."""
    unseen = [c for c in range(52) if c not in hand and c != up]
    fours = np.array(list(itertools.combinations(unseen, 4)), dtype=np.uint8)
    dealer = np.concatenate([np.full((len(fours), 1), up, dtype=np.uint8), fours], axis=1)
    ranks = evaluate_batch(dealer)
    holding = {r: (fours == r).any(axis=1) for r in unseen}

    def returned(cards: list[int], possible: npt.NDArray[np.bool_]) -> float:
        value = evaluate(cards)
        v = value.rank
        d = ranks[possible]
        no_qualify = d < s.qualifier.value
        win = ~no_qualify & (d < v)
        tie = ~no_qualify & (d == v)
        pays = s.paytable.pays(value)
        total = (
            no_qualify.sum() * (2 * s.bet + s.play)
            + win.sum() * (2 * s.bet + s.play * (1 + pays))
            + tie.sum() * (s.bet + s.play)
        )
        return float(total) / len(d)

    keep = returned(hand, np.ones(len(fours), dtype=np.bool_)) - s.bet - s.play
    exchange = []
    for d in range(5):
        total = 0.0
        for r in unseen:
            mine = hand.copy()
            mine[d] = r
            total += returned(mine, ~holding[r])
        exchange.append(total / len(unseen) - s.bet - s.play - s.fee)
    return keep, exchange


CASES = [
    ("As Ks Qs Js 2d", "7c", DealerSettings()),
    ("4s 6h 4d Jh Qs", "8s", DealerSettings(qualifier=Qualifier("44"))),
    ("9c Td Jh Qs 2c", "4d", DealerSettings(
        bet=4, play_multiple=3, switch_fee=2, paytable=Paytable(straight=10, flush=1),
    )),
    ("2h 5h 8h Jh 3c", "Kh", DealerSettings(qualifier=Qualifier("none"))),
    ("Ac Kd 7h 7s 2c", "7d", DealerSettings(qualifier=Qualifier("A"), switch_fee=0)),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "up", "s"), CASES)
def test_section_9_values_equal_brute_force(hand: str, up: str, s: DealerSettings) -> None:
    cards = [int(c) for c in parse_cards(hand)]
    dealer_up = int(parse_cards(up)[0])
    fast = situation_values(s, cards, dealer_up)
    keep, exchange = brute_values(cards, dealer_up, s)
    assert fast.fold == -s.bet
    assert fast.keep == pytest.approx(keep, abs=1e-9)
    assert fast.exchange == pytest.approx(exchange, abs=1e-9)
    options = [(-float(s.bet), "fold"), (keep, "keep"), *((v, "exchange") for v in exchange)]
    assert fast.value == pytest.approx(max(options)[0], abs=1e-9)


def test_values_equal_brute_force_on_random_situations() -> None:
    rng = random.Random(13)
    s = DealerSettings(play_multiple=1, switch_fee=3)
    for _ in range(2):
        deck = rng.sample(range(52), 6)
        fast = situation_values(s, deck[:5], deck[5])
        keep, exchange = brute_values(deck[:5], deck[5], s)
        assert fast.keep == pytest.approx(keep, abs=1e-9)
        assert fast.exchange == pytest.approx(exchange, abs=1e-9)


def test_best_decisions() -> None:
    assert best_decision("As Ks Qs Js Ts", "2c").kind == "keep"  # royal flush
    d = best_decision("As Ks Qs Js 2d", "7c")  # four to a royal: give up the deuce
    assert (d.kind, d.card) == ("exchange", Card("2d"))
    assert d.action.to_text() == "exchange 2d"
    d = best_decision("7c 5d 4h 3s 2c", "Ah")  # the weakest hand against an ace
    assert d.kind == "fold" and d.value == d.fold == -5.0 and d.keep < -5.0
    no_switch = best_decision("As Ks Qs Js 2d", "7c", DealerSettings(switch=False))
    assert no_switch.kind == "keep" and no_switch.exchange == ()


def test_bad_input() -> None:
    with pytest.raises(InvalidHandError, match="five cards and one dealer card"):
        best_decision("As Ks", "2c")
    with pytest.raises(InvalidHandError, match="repeated"):
        best_decision("As Ks Qs Js Ts", "As")
    with pytest.raises(InvalidHandError, match="repeated"):
        situation_values(DealerSettings(), [0, 1, 2, 3, 4], 4)
