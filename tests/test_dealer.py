"""Dealer mode (RULES.md section 9), each rule on a stacked deck, and chips conserved."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbonus.cards import Card, parse_cards
from pokerbonus.dealer import (
    DealerAction,
    DealerHand,
    DealerSettings,
    DealerTable,
    Paytable,
    Qualifier,
    dealer_deck,
    rules_text,
)
from pokerbonus.dealer.events import (
    CardsDealt,
    DealerQualified,
    Exchanged,
    PotAwarded,
    PotCarried,
    SwitchFeePaid,
    WagerPosted,
)
from pokerbonus.errors import ConfigurationError, IllegalActionError

S = DealerSettings(players=2)  # ante 1, bet 5, play wager 10, switch fee 5, qualifier AK


def hand_of(players: list[str], dealer: str, stub: str = "", *, stacks: int = 100,
            carry: int = 0, config: DealerSettings | None = None) -> DealerHand:  # fmt: skip
    s = config if config is not None else DealerSettings(players=len(players))
    deck = dealer_deck(players, dealer, stub=stub)
    return DealerHand(s, [stacks] * len(players), deck=deck, carry=carry)


def test_section_9_ante_and_bet_then_the_first_dealer_card_before_any_decision() -> None:
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 5c 5d Th")
    assert hand.stacks == (94, 94) and hand.pot == 2 and hand.wagers_out() == 10
    assert hand.dealer_up == (Card("Ks"),) and hand.actor == 0
    assert WagerPosted(0, "bet", 5) in hand.events


def test_section_9_fold_loses_the_bet_and_the_ante_stays_in_the_pot() -> None:
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 6c 5d Th")
    hand.fold()
    assert hand.stacks[0] == 94 and hand.bank_net == 5
    hand.keep()
    assert hand.results[0].outcome == "fold" and hand.results[0].returned == 0
    # seat 1 (nine high) loses bet and play to the dealer's kings, but wins the pot of 2
    assert hand.results[1].outcome == "lose" and hand.stacks == (94, 84 + 2)
    assert hand.bank_net == 5 + 15


def test_section_9_keep_adds_twice_the_bet_and_a_win_pays_the_paytable() -> None:
    # seat 0: aces beat the dealer's kings; a pair pays 1 to 1 on the play wager
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 6c 5d Th")
    hand.keep()
    assert hand.stacks[0] == 84 and WagerPosted(0, "play", 10) in hand.events
    hand.keep()
    r = hand.results[0]
    assert (r.outcome, r.bet_back, r.play_back) == ("win", 10, 20)
    assert hand.stacks == (84 + 30 + 2, 84)
    assert DealerQualified(True) in hand.events and hand.qualified is True


def test_section_9_play_wager_paid_by_the_paytable_of_the_settings() -> None:
    # a flush against the dealer's pair: 4 to 1 by default, 5 to 1 with the rule book's table
    for pays, flush in ((Paytable(), 4), (Paytable(straight=4, flush=5, full_house=7), 5)):
        config = DealerSettings(players=1, paytable=pays)
        hand = hand_of(["2h 5h 8h Jh Kh"], "Qs Qd 7c 5s 3d", config=config)
        hand.keep()
        assert hand.results[0].play_back == 10 + 10 * flush
    royal = hand_of(["As Ks Qs Js Ts", "2c 3c 4d 8s 9d"], "Qh Qd 7c 5s 4h")
    royal.keep()
    royal.keep()
    assert royal.results[0].play_back == 10 + 1000


def test_section_9_dealer_who_does_not_qualify_pays_the_bet_and_returns_the_play() -> None:
    # the dealer has ace-queen high: below ace-king, he does not qualify
    hand = hand_of(["2c 3c 4d 8s 9h", "As Ad Kc Qd 7h"], "Ah Qs 9c 5d 3h")
    hand.keep()
    hand.keep()
    assert hand.qualified is False and DealerQualified(False) in hand.events
    for seat in (0, 1):  # even the nine-high hand gets the bet 1 to 1 and the play back
        r = hand.results[seat]
        assert (r.outcome, r.bet_back, r.play_back) == ("no_qualify", 10, 10)
    assert hand.bank_net == -10
    # ace-king high qualifies, and beats the nine high
    hand = hand_of(["2c 3c 4d 8s 9h"], "Ah Ks 7c 5d 3h", config=DealerSettings(players=1))
    hand.keep()
    assert hand.qualified is True and hand.results[0].outcome == "lose"


def test_section_9_the_qualifier_is_a_setting() -> None:
    config = DealerSettings(players=1, qualifier=Qualifier("44"))
    hand = hand_of(["2c 3c 4d 8s 9h"], "3s 3d Ac Kd Qh", config=config)  # threes: no
    hand.keep()
    assert hand.results[0].outcome == "no_qualify"
    hand = hand_of(["2c 3c 4d 8s 9h"], "4s 4h Ac Kd Qh", config=config)  # fours: yes
    hand.keep()
    assert hand.results[0].outcome == "lose"


def test_section_9_exact_tie_returns_both_wagers() -> None:
    # same ranks, other suits: suits never rank
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ah Ac Kd Qs 7c")
    hand.keep()
    hand.fold()
    r = hand.results[0]
    assert (r.outcome, r.bet_back, r.play_back) == ("push", 5, 10)
    assert hand.stacks == (84 + 15 + 2, 94)


def test_section_9_exchange_pays_the_switch_fee_and_swaps_exactly_one_card() -> None:
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 5c 5d Th", stub="Ah 9c")
    with pytest.raises(IllegalActionError, match="does not hold 2c"):
        hand.exchange("2c")
    assert hand.stacks == (94, 94) and hand.bank_net == 0  # a refusal changes nothing
    hand.exchange("7h")
    assert hand.hole_cards(0) == parse_cards("As Ad Kc Qd Ah")
    assert hand.stacks[0] == 94 - 10 - 5 and hand.bank_net == 5
    assert SwitchFeePaid(0, 5) in hand.events
    hand.act(DealerAction.from_text("exchange 2c"))
    assert hand.hole_cards(1) == parse_cards("9c 3c 4d 8s 9h")
    # three aces beat two pair: bet 1 to 1, play wager 3 to 1; the fee stays with the bank
    assert hand.results[0].play_back == 10 + 30
    assert hand.stacks[0] == 79 + 10 + 40 + 2
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.keep()


def test_section_9_a_table_without_the_switch_refuses_the_exchange() -> None:
    config = DealerSettings(players=1, switch=False)
    hand = hand_of(["As Ad Kc Qd 7h"], "Ks Kd 5c 5d Th", config=config)
    assert not hand.can_exchange("7h")
    with pytest.raises(IllegalActionError, match="without the switch"):
        hand.exchange("7h")
    assert config.fee == 0 and config.most == 1 + 5 + 10


def test_section_9_table_pot_split_with_the_odd_chip_from_the_first_seat() -> None:
    # seats 0 and 2 tie (same ranks), seat 1 is worse; pot 3 antes + 2 carried = 5
    hand = hand_of(
        ["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h", "Ah Ac Kd Qs 7c"], "Ks Kh 5c 5d Th", carry=2
    )
    assert hand.pot == 5
    for _ in range(3):
        hand.keep()
    awarded = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert awarded[0].shares == ((0, 3), (2, 2))


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
    # the dealer's two pair beats the aces (bet and play lost), but the aces take the pot of 4
    assert table.carry == 0 and table.stacks["you"] == 100 - 6 - 16 + 4
    table.check_chips()


def test_a_player_needs_the_chips_for_the_most_a_hand_can_take() -> None:
    table = DealerTable(DealerSettings(players=2, cave=21), ["you", "bot"])
    table.stacks["bot"] = 20  # ante 1 + bet 5 + play 10 + fee 5 = 21
    assert table.sitting_out() == ("bot",)
    hand = table.start_hand(random.Random(1))
    assert table.dealt == ("you",) and hand.n == 1
    with pytest.raises(ConfigurationError, match="seat 1 has 20 chips, a hand can take 21"):
        DealerHand(DealerSettings(players=2), [100, 20])


def test_views_show_own_cards_and_turned_dealer_cards_only() -> None:
    hand = hand_of(["As Ad Kc Qd 7h", "2c 3c 4d 8s 9h"], "Ks Kd 5c 5d Th", stub="Ah")
    hand.exchange("7h")
    view = hand.view(1)
    assert view.hole == parse_cards("2c 3c 4d 8s 9h") and view.dealer_up == (Card("Ks"),)
    assert (view.bet, view.play, view.fee, view.switch) == (5, 10, 5, True)
    for event in view.log:
        if isinstance(event, CardsDealt):
            assert event.cards == () or event.seat == 1
        if isinstance(event, Exchanged):
            assert event.discarded is None and event.received is None
    assert hand.view(0).log[-1] == Exchanged(0, Card("7h"), Card("Ah"))
    assert hand.view(None).hole == () and view.qualified is None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 5), st.booleans(), st.integers(0, 8))
def test_chips_are_conserved_over_random_hands(
    seed: int, players: int, switch: bool, fee: int
) -> None:
    rng = random.Random(seed)
    config = DealerSettings(players=players, cave=40, switch=switch, switch_fee=fee)
    table = DealerTable(config, [f"p{i}" for i in range(players)])
    for _ in range(15):
        for p in table.sitting_out():
            table.rebuy(p)
        hand = table.start_hand(rng)
        while not hand.finished:
            table.check_chips()
            assert hand.chips_in_play() == sum(hand.starting_stacks) + hand.carry_in
            seat = hand.actor
            assert seat is not None
            roll = rng.random()
            if roll < 0.2:
                hand.fold()
            elif roll < 0.6 and switch:
                hand.exchange(rng.choice(hand.hole_cards(seat)))
            else:
                hand.keep()
        assert hand.chips_in_play() == sum(hand.starting_stacks) + hand.carry_in
        table.finish_hand()
        table.check_chips()
        cards = [c for s in range(hand.n) for c in hand.hole_cards(s)] + list(hand.dealer_cards)
        assert len(set(cards)) == len(cards)  # no card dealt twice
    assert sum(table.net(p) for p in table.players) + table.carry == -table.bank


def test_rules_text_names_the_tie_rule_the_qualifier_and_the_paytable() -> None:
    text = "\n".join(rules_text(DealerSettings(ante=2, bet=10, switch_fee=4)))
    assert "An exact tie with a qualifying dealer" in text and "push" in text
    assert "ace-king high or better" in text
    assert "Royal flush 100 to 1" in text and "Straight 3 to 1" in text
    assert "ante of 2" in text and "bet of 10" in text and "play wager of 20" in text
    assert "switch fee of 4" in text
    assert "without the switch" in "\n".join(rules_text(DealerSettings(switch=False)))
    assert "a pair of fours or better" in "\n".join(
        rules_text(DealerSettings(qualifier=Qualifier("44")))
    )
