"""The Hand API: construction, the action trios, refusals that change nothing,
the showdown and splits (RULES.md sections 5 and 7), gathered cards."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import pytest

from pokerbonus.cards import format_cards, make_deck, parse_cards
from pokerbonus.engine import Action, Hand, deck_for_hands, stacked_deck
from pokerbonus.engine.events import (
    AntePosted,
    CardsDealt,
    CardsServed,
    Checked,
    PotAwarded,
    Shown,
)
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.rules import FIVE_CARD_DRAW, five_card_draw


def play_to_showdown(hand: Hand, opener_bet: int = 0, folders: Sequence[int] = ()) -> None:
    """The first player opens ``opener_bet`` (or checks), ``folders`` fold, others call;
    everyone stands pat and checks after the draw."""
    if opener_bet:
        hand.complete_bet_or_raise_to(opener_bet)
    while hand.decision == "bet":
        if hand.actor in folders and hand.can_fold():
            hand.fold()
        else:
            hand.check_or_call()
    while hand.decision == "draw":
        hand.stand_pat()
    while not hand.finished:
        hand.check_or_call()


def test_construction_is_validated() -> None:
    with pytest.raises(ConfigurationError, match=r"needs 2\.\.8 seats, got 1"):
        Hand(FIVE_CARD_DRAW, [100])
    with pytest.raises(ConfigurationError, match="seat 1 has 0 chips"):
        Hand(FIVE_CARD_DRAW, [100, 0])
    with pytest.raises(ConfigurationError, match="dealer: seat 2"):
        Hand(FIVE_CARD_DRAW, [100, 100], dealer=2)
    with pytest.raises(ConfigurationError, match="not an order of the 32-card deck"):
        Hand(FIVE_CARD_DRAW, [100, 100], deck=make_deck(36))
    with pytest.raises(ConfigurationError, match="cannot deal 40"):
        Hand(five_card_draw(deck_size=32), [100] * 8)


def test_s5_showdown_best_hand_takes_the_pot_everyone_shows() -> None:
    hands = ["Kc Qd Jh 9s 7c", "Ah Ad Ac As Kd", "8c 8d Tc Td Th"]
    deck = deck_for_hands(hands, dealer=0, deck_size=32)
    hand = Hand(FIVE_CARD_DRAW, [50, 50, 50], dealer=0, deck=deck)
    play_to_showdown(hand, opener_bet=10)
    assert hand.finished and hand.actor is None and hand.decision is None
    assert {s: format_cards(c) for s, c in hand.shown.items()} == dict(enumerate(hands))
    assert [e.seat for e in hand.events if isinstance(e, Shown)] == [1, 2, 0]
    assert hand.stacks == (39, 72, 39)
    assert hand.net == (-11, 22, -11)
    (result,) = hand.pot_results
    assert (result.amount, result.eligible, result.winners) == (33, (0, 1, 2), (1,))


@pytest.mark.parametrize(("dealer", "expected"), [(0, (49, 51, 50)), (1, (49, 50, 51))])
def test_s7_exact_tie_splits_odd_chip_to_first_winner_left_of_dealer(
    dealer: int, expected: tuple[int, ...]
) -> None:
    # Suits never rank: seats 1 and 2 hold the same values and split 7 chips.
    hands = ["7c 7d 8h 9s Tc", "Ac Kc Qd Jd 9h", "Ad Kd Qc Jc 9c"]
    deck = deck_for_hands(hands, dealer=dealer, deck_size=32)
    hand = Hand(FIVE_CARD_DRAW, [50, 50, 50], dealer=dealer, deck=deck)
    play_to_showdown(hand, opener_bet=2, folders=[0])
    (result,) = hand.pot_results
    assert result.amount == 7 and set(result.winners) == {1, 2}
    assert hand.stacks == expected
    assert result.shares[0] == ((dealer + 1) % 3, 4)


def test_s5_last_player_left_wins_and_shows_nothing() -> None:
    hand = Hand(FIVE_CARD_DRAW, [20, 20, 20], dealer=2, deck=stacked_deck((), 32))
    hand.complete_bet_or_raise_to(5)
    hand.fold()
    hand.fold()
    assert hand.finished and hand.shown == {}
    assert not any(isinstance(e, Shown) for e in hand.events)
    assert isinstance(hand.events[-1], PotAwarded) and hand.events[-1].shares == ((0, 3),)


def test_illegal_actions_raise_with_the_reason_and_change_nothing() -> None:
    hand = Hand(FIVE_CARD_DRAW, [20, 20, 20], dealer=0, deck=stacked_deck((), 32))
    before = hand.snapshot()
    events = list(hand.events)
    attempts: list[tuple[Callable[[], None], str]] = [
        (lambda: hand.stand_pat(), "must now decide 'bet'"),
        (lambda: hand.discard(hand.hole_cards(1)[:1]), "must now decide 'bet'"),
        (lambda: hand.complete_bet_or_raise_to(0), "not a legal total"),
        (lambda: hand.complete_bet_or_raise_to(20), r"must be 1\.\.19"),
        (lambda: hand.buy_pot(), "not 'buy_pot'"),
        (lambda: hand.surblind(), "not 'surblind'"),
        (lambda: hand.decline(), "no offer to decline"),
        (lambda: hand.act(Action.raise_to(-5)), "not a legal total"),
    ]
    for attempt, reason in attempts:
        with pytest.raises(IllegalActionError, match=reason):
            attempt()
        assert hand.snapshot() == before
        assert hand.events == events
    for action in (Action.fold(), Action.stand_pat(), Action("buy_pot")):
        with pytest.raises(IllegalActionError):
            hand.verify(action)
    hand.verify(Action.check_or_call())
    assert hand.snapshot() == before
    hand.act(Action.check_or_call())
    assert hand.events[-1] == Checked(1)


def test_no_action_once_the_hand_is_over() -> None:
    hand = Hand(FIVE_CARD_DRAW, [20, 20], dealer=0, deck=stacked_deck((), 32))
    hand.complete_bet_or_raise_to(3)
    hand.fold()
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.check_or_call()
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.legal_actions()
    assert not hand.can_check_or_call() and not hand.can_fold()
    assert hand.snapshot() == before


def test_events_are_frozen_values() -> None:
    hand = Hand(FIVE_CARD_DRAW, [20, 20], dealer=0, deck=stacked_deck((), 32))
    event = hand.events[0]
    assert isinstance(event, AntePosted)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.amount = 5  # type: ignore[misc]


def test_gathered_cards_muck_then_hands_in_seat_order_then_stub() -> None:
    deck = stacked_deck((), 32)
    hand = Hand(FIVE_CARD_DRAW, [20, 20, 20], dealer=0, deck=deck)
    hand.complete_bet_or_raise_to(2)  # seat 1
    folded = hand.hole_cards(2)
    hand.fold()  # seat 2: its cards go to the muck first
    assert hand.hole_cards(2) == ()
    hand.check_or_call()  # seat 0
    gathered = hand.gathered_cards()
    assert gathered[:5] == folded
    assert gathered[5:15] == hand.hole_cards(0) + hand.hole_cards(1)
    assert gathered[15:] == deck[15:]


def test_gathered_cards_before_any_fold() -> None:
    deck = stacked_deck((), 32)
    hand = Hand(FIVE_CARD_DRAW, [20, 20], dealer=1, deck=deck)
    assert hand.hole_cards(0) == (deck[0], deck[2], deck[4], deck[6], deck[8])
    assert hand.gathered_cards() == hand.hole_cards(0) + hand.hole_cards(1) + deck[10:]


def test_rng_shuffles_the_deck_and_deck_order_is_kept() -> None:
    import random

    a = Hand(FIVE_CARD_DRAW, [20, 20], rng=random.Random(3))
    b = Hand(FIVE_CARD_DRAW, [20, 20], rng=random.Random(3))
    assert a.deck_order == b.deck_order and sorted(a.deck_order) == list(make_deck(32))
    assert a.deck_order != make_deck(32)
    assert parse_cards(format_cards(a.hole_cards(0))) == a.hole_cards(0)


def test_docs_engine_example_runs() -> None:
    import doctest
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "docs" / "engine.md"
    result = doctest.testfile(str(path), module_relative=False)
    assert result.failed == 0 and result.attempted > 10


def test_shuffle_gives_every_order_equally_often() -> None:
    import random
    from collections import Counter

    from pokerbonus.engine.state import shuffled

    rng = random.Random(11)
    cards = make_deck(32)[:4]
    counts = Counter(tuple(shuffled(cards, rng)) for _ in range(24_000))
    assert len(counts) == 24  # every order of four cards
    assert all(850 < c < 1150 for c in counts.values()), counts  # 1000 each, sd about 31
    # the position of each card in a full deck is uniform too
    deck = make_deck(52)
    firsts = Counter(shuffled(deck, rng)[-1] for _ in range(26_000))
    assert len(firsts) == 52 and all(380 < c < 620 for c in firsts.values())


def test_shared_and_directly_built_events_are_the_plain_values() -> None:
    from pokerbonus.engine import events as ev

    cards = parse_cards("As Kd")
    pairs: list[tuple[ev.Event, ev.Event]] = [
        (ev.checked(3), ev.Checked(3)),
        (ev.folded(2), ev.Folded(2)),
        (ev.ante_posted(1, 2), ev.AntePosted(1, 2)),
        (ev.called(0, 7, True), ev.Called(0, 7, True)),
        (ev.round_ended(40), ev.RoundEnded(40)),
        (ev.drew(4, (), 0), ev.Drew(4, (), 0)),
        (ev.drew(4, cards, 2), ev.Drew(4, cards, 2)),
        (ev.cards_dealt(1, cards, 2, "down"), ev.CardsDealt(1, cards, 2, "down")),
        (ev.bet_or_raised(1, 20, 19, False), ev.BetOrRaised(1, 20, 19, False)),
        (ev.cards_served(5, cards, 2), ev.CardsServed(5, cards, 2)),
        (ev.shown(2, cards), ev.Shown(2, cards)),
        (ev.pot_awarded(1, 30, ((0, 30),)), ev.PotAwarded(1, 30, ((0, 30),))),
    ]
    for fast, plain in pairs:
        assert type(fast) is type(plain) and fast == plain and hash(fast) == hash(plain)
        assert repr(fast) == repr(plain)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(fast, dataclasses.fields(fast)[0].name, 9)
    assert ev.called(0, 7, False) != ev.called(0, 7, True)


def test_lazy_shuffle_deals_the_order_of_shuffled() -> None:
    import random

    from pokerbonus.engine.state import shuffled

    game = five_card_draw(deck_size=52)
    for seed in range(20):
        hand = Hand(game, [100] * 6, dealer=seed % 6, rng=random.Random(seed))
        while hand.decision == "bet":  # check or call around, then draw three each
            hand.check_or_call()
        while hand.decision == "draw":
            hand.discard(hand.hole_cards(hand.actor or 0)[:3])
        order = hand.deck_order  # placed lazily, as far as needed
        assert order == tuple(reversed(shuffled(make_deck(52), random.Random(seed))))
        dealt = [c for e in hand.events if isinstance(e, CardsDealt) for c in e.cards]
        served = [c for e in hand.events if isinstance(e, CardsServed) for c in e.cards]
        assert sorted(dealt) == sorted(order[:30]) and served == list(order[30:48])


def test_showdown_uses_the_rule_game_short_deck_flush_beats_full_house() -> None:
    from pokerbonus.rules import BettingRound as Bet
    from pokerbonus.rules import Deal, Draw, GameDef, HandRule, PostForcedBets, Showdown

    game = GameDef(
        "short-deck draw",
        (PostForcedBets(), Deal(5), Bet(), Draw(), Bet("big"), Showdown()),
        rule=HandRule("shortdeck"),
        deck_size=36,
    )
    deck = deck_for_hands(["Ah Kh Qh Jh 9h", "Ts Td Tc 9s 9d"], dealer=0, deck_size=36)
    hand = Hand(game, [20, 20], dealer=0, deck=deck)
    play_to_showdown(hand)
    assert hand.pot_results[0].winners == (0,)  # in short deck a flush beats a full house
    assert hand.stacks == (21, 19)
