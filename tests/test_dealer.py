"""Dealer mode (RULES.md section 9), each rule on a stacked deck, and chips conserved."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbonus.cards import Card, parse_cards
from pokerbonus.dealer import (
    DEFAULT_PAYTABLE,
    DealerAction,
    DealerHand,
    DealerSettings,
    DealerTable,
    dealer_deck,
    rules_text,
)
from pokerbonus.dealer.events import CardsDealt, Exchanged, PotCarried
from pokerbonus.errors import ConfigurationError, IllegalActionError

S = DealerSettings(players=2)  # ante 1, wager 5


def hand_of(players: list[str], dealer: str, stub: str = "", *, stacks: int = 100,
            carry: int = 0, config: DealerSettings | None = None) -> DealerHand:  # fmt: skip
    s = config if config is not None else DealerSettings(players=len(players))
    deck = dealer_deck(players, dealer, stub=stub)
    return DealerHand(s, [stacks] * len(players), deck=deck, carry=carry)


def test_section_9_ante_wager_and_the_first_dealer_card_before_any_decision() -> None:
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 5c 5d Th")
    assert hand.stacks == (94, 94) and hand.pot == 2
    assert hand.dealer_up == (Card("Ks"),) and hand.actor == 0
    assert hand.dealer_cards == parse_cards("Ks Kd 5c 5d Th")


def test_section_9_better_hand_wins_one_to_one_worse_loses() -> None:
    # seat 0: pair of aces beats the dealer's pair of kings; seat 1: high card loses
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 6c 5d Th")
    hand.keep()
    hand.keep()
    assert hand.finished and len(hand.dealer_up) == 5
    assert [hand.results[s].outcome for s in (0, 1)] == ["win", "lose"]
    # seat 0: 94 + 10 (wager back + 5) + the pot of 2; seat 1 lost ante and wager
    assert hand.stacks == (106, 94)
    assert hand.bank_net == 0  # paid 5 to seat 0, took 5 from seat 1


def test_section_9_exact_tie_is_a_push() -> None:
    # same ranks, other suits: suits never rank
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ah Ac Kd Qs 7c")
    hand.keep()
    hand.fold()
    assert hand.results[0].outcome == "push" and hand.results[0].returned == 5
    assert hand.stacks == (94 + 5 + 2, 94)
    assert hand.bank_net == 5  # only the folded wager


def test_section_9_bonus_is_paid_whatever_the_dealer_holds() -> None:
    # seat 0 has a flush but the dealer a full house: the wager loses, the bonus is paid
    hand = hand_of(["2h 5h 8h Jh Kh", "2c 3c 4d 8s 9d"], "Qs Qd Qc 5s 5d")
    hand.keep()
    hand.keep()
    r = hand.results[0]
    assert (r.outcome, r.returned, r.bonus) == ("lose", 0, 2 * 5)
    assert hand.stacks[0] == 94 + 10 + 2  # bonus 10, and the best hand at the table takes the pot
    # a royal flush against a worse hand: wager 1 to 1 plus 100 to 1
    hand = hand_of(["As Ks Qs Js Ts", "2c 3c 4d 8s 9d"], "Qh Qd 7c 5s 4h")
    hand.keep()
    hand.keep()
    assert (hand.results[0].outcome, hand.results[0].bonus) == ("win", 500)
    assert hand.stacks[0] == 94 + 10 + 500 + 2


def test_paytable_is_a_setting() -> None:
    config = DealerSettings(players=1, paytable={"straight": 4})
    hand = hand_of(["9c Td Jh Qs Kc"], "Ah Ad As 2c 2d", config=config)
    hand.keep()
    assert hand.results[0].bonus == 4 * 5 and hand.results[0].outcome == "lose"
    with pytest.raises(ConfigurationError, match="unknown hand 'pair'"):
        DealerSettings(paytable={"pair": 1})


def test_section_9_fold_loses_ante_and_wager() -> None:
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 5c 5d Th")
    hand.fold()
    hand.keep()
    assert hand.results[0].outcome == "fold"
    assert hand.stacks[0] == 94  # ante in the pot (won by seat 1), wager to the bank
    assert hand.stacks[1] == 94 + 0 + 2  # seat 1 loses its wager to the dealer, wins the pot


def test_section_9_exchange_exactly_one_card() -> None:
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 5c 5d Th", stub="Ah 9c")
    with pytest.raises(IllegalActionError, match="does not hold 2c"):
        hand.exchange("2c")
    hand.exchange("7h")
    assert hand.hole_cards(0) == parse_cards("As Ad Kc Qd Ah")
    hand.act(DealerAction.from_text("exchange 2c"))
    assert hand.hole_cards(1) == parse_cards("9c 3c 4d 8s 9h")
    assert hand.results[0].outcome == "win"  # three aces
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.keep()


def test_section_9_table_pot_split_with_the_odd_chip_from_the_first_seat() -> None:
    # seats 0 and 2 tie (same ranks), seat 1 is worse; pot 3 antes + 2 carried = 5
    hand = hand_of(
        ["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h", "Ah Ac Kd Qs 7c"], "Ks Kh 5c 5d Th", carry=2
    )
    assert hand.pot == 5
    for _ in range(3):
        hand.keep()
    awarded = [e for e in hand.events if type(e).__name__ == "PotAwarded"]
    assert awarded[0].shares == ((0, 3), (2, 2))  # type: ignore[union-attr]


def test_section_9_pot_carries_over_when_everyone_folds() -> None:
    table = DealerTable(DealerSettings(players=2), ["you", "bot"])
    table.start_hand(deck=dealer_deck(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 5c 5d Th"))
    assert table.hand is not None
    table.hand.fold()
    table.hand.fold()
    assert isinstance(table.hand.events[-1], PotCarried)
    table.finish_hand()
    assert table.carry == 2 and table.bank == 10
    table.check_chips()
    hand = table.start_hand(
        deck=dealer_deck(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 5c 5d Th")
    )
    assert hand.pot == 4
    hand.keep()
    hand.keep()
    table.finish_hand()
    # the dealer's two pair beats the aces (wager lost), but the aces take the pot of 4
    assert table.carry == 0 and table.stacks["you"] == 100 - 12 + 4


def test_views_show_own_cards_and_turned_dealer_cards_only() -> None:
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 5c 5d Th", stub="Ah")
    hand.exchange("7h")
    view = hand.view(1)
    assert view.hole == parse_cards("2c 3c 4d 8s 9h") and view.dealer_up == (Card("Ks"),)
    for event in view.log:
        if isinstance(event, CardsDealt):
            assert event.cards == () or event.seat == 1
        if isinstance(event, Exchanged):
            assert event.discarded is None and event.received is None
    assert hand.view(0).log[-1] == Exchanged(0, Card("7h"), Card("Ah"))
    assert hand.view(None).hole == ()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 5))
def test_chips_are_conserved_over_random_hands(seed: int, players: int) -> None:
    rng = random.Random(seed)
    table = DealerTable(DealerSettings(players=players, cave=30), [f"p{i}" for i in range(players)])
    for _ in range(15):
        for p in table.sitting_out():
            table.rebuy(p)
        hand = table.start_hand(rng)
        while not hand.finished:
            table.check_chips()
            seat = hand.actor
            assert seat is not None
            roll = rng.random()
            if roll < 0.2:
                hand.fold()
            elif roll < 0.6:
                hand.exchange(rng.choice(hand.hole_cards(seat)))
            else:
                hand.keep()
        table.finish_hand()
        table.check_chips()
        cards = [c for s in range(hand.n) for c in hand.hole_cards(s)] + list(hand.dealer_cards)
        assert len(set(cards)) == len(cards)  # no card dealt twice
    assert sum(table.net(p) for p in table.players) + table.carry == -table.bank


def test_settings_round_trip_and_refusals() -> None:
    s = DealerSettings(players=4, ante=2, wager=10, paytable={"flush": 3})
    assert DealerSettings.from_dict(s.to_dict()) == s
    with pytest.raises(ConfigurationError, match=r"players: dealer mode seats 1\.\.5"):
        DealerSettings(players=6)
    with pytest.raises(ConfigurationError, match="seat 1 has 3 chips"):
        DealerHand(S, [100, 3])
    with pytest.raises(ConfigurationError, match="bet: unknown field"):
        DealerSettings.from_dict({"bet": 1})
    assert DEFAULT_PAYTABLE["royal_flush"] == 100


def test_default_paytable_matches_the_rtp_code() -> None:
    from pokerbonus.analysis.stats.dealer import DEFAULT_PAYTABLE as RTP_PAYTABLE

    assert dict(RTP_PAYTABLE) == dict(DEFAULT_PAYTABLE)


def test_rules_text_names_the_tie_rule_and_the_paytable() -> None:
    paragraphs = rules_text(DealerSettings(ante=2, wager=10))
    text = "\n".join(paragraphs)
    assert "exact tie" in text.lower() and "push" in text and "returned" in text
    assert "Royal flush 100 to 1" in text and "Straight 1 to 1" in text
    assert "ante of 2" in text and "wager of 10" in text
    assert "whatever the dealer holds" in text
