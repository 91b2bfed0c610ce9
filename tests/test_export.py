"""Export of engine hands: PHH with our French draw codes, PokerStars-style text."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from pokerbonus.cards import Card
from pokerbonus.engine import Hand
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import StubReshuffled
from pokerbonus.engine.state import deck_for_hands
from pokerbonus.engine.table import Table, random_legal_action
from pokerbonus.errors import NotationError
from pokerbonus.notation import (
    CheckOrCall,
    CompleteBetOrRaiseTo,
    DealHole,
    Fold,
    HandHistory,
    StandPatOrDiscard,
    dumps,
    loads,
)
from pokerbonus.notation.actions import BuyPot, Surblind
from pokerbonus.notation.export import hand_history, pokerstars_text, table_hand_history
from pokerbonus.rules import FIVE_CARD_DRAW, Stakes

CONFIGS = [
    TableConfig(players=4),
    TableConfig(players=6, forced_bets="blind", blind=2),
    TableConfig(players=3, betting="limit", small_bet=2, big_bet=4, buy_pot=True),
    TableConfig(players=5, betting="pot-limit", jokers=2, max_discard=5, wheel=False),
    TableConfig(players=8, forced_bets="mixed", ranking="archaic", shuffle="cut-only"),
]


def replay_phh(history: HandHistory, hand: Hand) -> Hand:
    """Play the PHH actions on a fresh hand with the same deck (PHH p1 = left of the dealer).

    The offers before the deal are our actions: ``sb``/``nsb``, ``bp``/``nbp``.
    """
    n = hand.n
    seat_of = [(hand.dealer + 1 + i) % n for i in range(n)]
    twin = Hand(hand.game, hand.starting_stacks, hand.dealer, hand.stakes, deck=hand.deck_order)
    for action in history.actions:
        if isinstance(action, Surblind | BuyPot):
            assert twin.actor == seat_of[action.player]
            offer = "surblind" if isinstance(action, Surblind) else "buy_pot"
            assert twin.decision == offer
            twin.act(Action("decline" if action.declined else offer))  # type: ignore[arg-type]
            continue
        assert twin.decision not in ("buy_pot", "surblind"), "an offer is missing"
        if isinstance(action, CheckOrCall):
            twin.act(Action.check_or_call())
        elif isinstance(action, CompleteBetOrRaiseTo):
            twin.act(Action.raise_to(int(action.amount)))
        elif isinstance(action, Fold):
            twin.act(Action.fold())
        elif isinstance(action, StandPatOrDiscard):
            assert twin.actor == seat_of[action.player]
            held_jokers = [c for c in twin.hole_cards(twin.actor) if c.is_joker]
            known = [c for c in action.cards if isinstance(c, Card)]
            cards = [held_jokers.pop(0) if c.is_joker else c for c in known]
            twin.act(Action.discard(cards))
    return twin


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}-{c.betting}")
def test_phh_parses_back_equal_and_replays_to_the_same_stacks(config: TableConfig) -> None:
    rng = random.Random(config.players)
    table = Table(config, rng)
    checked = 0
    for number in range(1, 31):
        for p in table.sitting_out():
            table.rebuy(p)
        hand = table.start_hand()
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
        plan = table.plan
        assert plan is not None
        names = [table.players[s] for s in plan.seats]
        history = table_hand_history(hand, config, plan, names, number)
        assert loads(dumps(history)) == [history]
        assert history.house_rules is not None
        assert history.house_rules.forced_bets == plan.mode
        assert history.house_rules.jokers == config.jokers
        assert history.players == tuple(names[(hand.dealer + 1 + i) % hand.n]
                                        for i in range(hand.n))  # fmt: skip
        if not any(isinstance(e, StubReshuffled) for e in hand.events):
            # (a reshuffled stub depends on the rng, which PHH does not record)
            twin = replay_phh(history, hand)
            assert twin.finished and twin.stacks == hand.stacks
            checked += 1
        assert history.finishing_stacks == tuple(
            hand.stacks[(hand.dealer + 1 + i) % hand.n] for i in range(hand.n)
        )
        table.finish_hand()
    assert checked >= 10


def stacked_hand() -> Hand:
    """Three players, the dealer at seat 2: seat 0 (p1) opens, seat 1 calls, the dealer folds."""
    deck = deck_for_hands(
        ["As Ad Kc Qd 7h", "Ks Kd 9c 8d 7d", "Jc Jd 9h 8h 7c"], dealer=2,
        stub="Ah Kh Th 9s", deck_size=32,
    )  # fmt: skip
    hand = Hand(FIVE_CARD_DRAW, [100, 100, 100], dealer=2, stakes=Stakes(), deck=deck)
    hand.complete_bet_or_raise_to(5)  # seat 0
    hand.check_or_call()  # seat 1
    hand.fold()  # seat 2
    hand.discard(hand.hole_cards(0)[2:])  # seat 0 keeps the aces, draws three
    hand.stand_pat()  # seat 1
    hand.check_or_call()
    hand.complete_bet_or_raise_to(20)
    hand.check_or_call()
    return hand


def test_phh_of_a_stacked_hand() -> None:
    hand = stacked_hand()
    history = hand_history(hand, players=["ann", "bob", "cy"], number=7)
    assert history.variant == "NFD"
    assert history.antes == (1, 1, 1) and history.min_bet == 1
    assert history.players == ("ann", "bob", "cy")  # p1 is left of the dealer (seat 2)
    assert [str(a) for a in history.actions] == [
        "d dh p1 AsAdKcQd7h",
        "d dh p2 KsKd9c8d7d",
        "d dh p3 JcJd9h8h7c",
        "p1 cbr 5",
        "p2 cc",
        "p3 f",
        "p1 sd KcQd7h",
        "d dh p1 AhKhTh",
        "p2 sd",
        "p1 cc",
        "p2 cbr 20",
        "p1 cc",
        "p1 sm AsAdAhKhTh",
        "p2 sm KsKd9c8d7d",
    ]
    assert history.finishing_stacks == (127, 74, 99)
    assert isinstance(history.actions[0], DealHole)
    text = dumps(history)
    assert '_forced_bets = "pot"' in text and 'variant = "NFD"' in text
    assert loads(text) == [history]


def test_pokerstars_text_of_a_stacked_hand() -> None:
    text = pokerstars_text(stacked_hand(), players=["ann", "bob", "cy"], number=7)
    lines = text.splitlines()
    assert lines[0] == "PokerStars Hand #7: 5 Card Draw No Limit (1/1)"  # antes only
    assert lines[1] == "Table 'Poker Bonus' 3-max Seat #3 is the button (32-card deck)"
    for expected in [
        "Seat 1: ann (100 in chips)",
        "ann: posts the ante 1",
        "*** DEALING HANDS ***",
        "Dealt to ann [As Ad Kc Qd 7h]",
        "ann: bets 5",
        "bob: calls 5",
        "cy: folds",
        "*** FIRST DRAW ***",
        "ann: discards 3 cards [Kc Qd 7h]",
        "Dealt to ann [As Ad] [Ah Kh Th]",
        "bob: stands pat",
        "ann: checks",
        "bob: bets 20",
        "ann: calls 20",
        "*** SHOW DOWN ***",
        "ann collected 53 from pot",
        "*** SUMMARY ***",
        "Total pot 53 | Rake 0",
        "Seat 3: cy (button) folded before the Draw",
    ]:
        assert expected in lines, expected
    assert any(line.startswith("ann: shows [As Ad Ah Kh Th] (three of a kind") for line in lines)
    assert any(line.startswith("Seat 2: bob showed [Ks Kd 9c 8d 7d] and lost") for line in lines)
    hidden = pokerstars_text(stacked_hand(), players=["ann", "bob", "cy"], hero=1)
    assert "Dealt to ann" not in hidden and "ann: discards 3 cards" in hidden
    assert "Dealt to bob [Ks Kd 9c 8d 7d]" in hidden


def test_uncalled_bet_raise_and_all_in_lines() -> None:
    deck = deck_for_hands(["As Ad Kc Qd 7h", "Ks Kd 9c 8d 7d"], dealer=1, deck_size=32)
    hand = Hand(FIVE_CARD_DRAW, [30, 50], dealer=1, stakes=Stakes(), deck=deck)
    hand.complete_bet_or_raise_to(4)
    hand.complete_bet_or_raise_to(10)
    hand.complete_bet_or_raise_to(29)
    hand.fold()
    text = pokerstars_text(hand, players=["ann", "bob"])
    assert "bob: raises 6 to 10" in text
    assert "ann: raises 19 to 29 and is all-in" in text
    assert "Uncalled bet (19) returned to ann" in text
    assert "ann collected 22 from pot" in text
    assert "Seat 1: ann collected (22)" in text


def test_unfinished_or_other_games_are_refused() -> None:
    hand = Hand(FIVE_CARD_DRAW, [100, 100], stakes=Stakes(), rng=random.Random(1))
    with pytest.raises(NotationError, match="not finished"):
        pokerstars_text(hand)
    with pytest.raises(NotationError, match="2 players"):
        hand_history(hand, players=["solo"])


def _offers_hand(stakes: Stakes, choices: list[str]) -> Hand:
    hand = Hand(FIVE_CARD_DRAW, [100] * 4, dealer=3, stakes=stakes, rng=random.Random(5))
    for choice in choices:
        assert hand.decision in ("buy_pot", "surblind")
        hand.act(Action(choice))  # type: ignore[arg-type]
    while not hand.finished:
        hand.act(random_legal_action(hand, random.Random(6)))
    return hand


@pytest.mark.parametrize(
    ("stakes", "choices", "offers", "blinds"),
    [
        (Stakes(ante=0, blind=2), ["surblind", "surblind", "decline"], ["p2 sb", "p3 sb", "p4 nsb"],
         (2, 4, 8, 0)),
        (Stakes(ante=0, blind=2), ["decline"], ["p2 nsb"], (2, 0, 0, 0)),
        (Stakes(ante=0, blind=2), ["surblind", "surblind", "surblind"], ["p2 sb", "p3 sb", "p4 sb"],
         (2, 4, 8, 16)),
        (Stakes(ante=1, buy_pot=True), ["buy_pot"], ["p1 bp"], (4, 0, 0, 0)),
        (Stakes(ante=1, buy_pot=True), ["decline"], ["p1 nbp"], (0, 0, 0, 0)),
    ],
)  # fmt: skip
def test_offers_before_the_deal_are_written_as_actions_and_replay(
    stakes: Stakes, choices: list[str], offers: list[str], blinds: tuple[int, ...]
) -> None:
    """RULES.md section 5: surblinds (a chain ended by a decline or by the last
    player) and buying the pot are decisions, written first, in the order taken."""
    hand = _offers_hand(stakes, choices)
    history = hand_history(hand)
    assert [str(a) for a in history.actions[: len(offers)]] == offers
    assert not isinstance(history.actions[len(offers)], Surblind | BuyPot)
    assert history.blinds_or_straddles == blinds
    assert loads(dumps(history)) == [history]
    twin = replay_phh(history, hand)
    assert twin.finished and twin.stacks == hand.stacks


def test_offers_that_contradict_the_forced_bets_are_refused() -> None:
    history = hand_history(_offers_hand(Stakes(ante=0, blind=2), ["surblind", "decline"]))
    text = dumps(history)
    for old, new, why in [
        ('"p2 sb",', '"p2 nsb",', "'p2 nsb': a declined surblind ends the chain"),
        ('"p3 nsb",', '"p3 sb",', "2 surblind(s) in the actions but blinds_or_straddles posts 1"),
        ('"p2 sb",', '"p3 sb",', "surblind offers go p2, p3 ... in turn (this one is p2's)"),
        ('"p2 sb",', '"p1 bp",', "'p1 bp': buying the pot is for a pot deal"),
    ]:
        bad = text.replace(old, new, 1)
        assert bad != text
        with pytest.raises(NotationError, match=re.escape(why)):
            loads(bad)
    late = (*history.actions[:1], *history.actions[2:], history.actions[1])
    with pytest.raises(NotationError, match="'p3 nsb': offers are decided before the deal"):
        dataclasses.replace(history, actions=late)
    pot = dumps(hand_history(_offers_hand(Stakes(ante=1, buy_pot=True), ["buy_pot"])))
    with pytest.raises(NotationError, match=re.escape("p1 declined the pot but")):
        loads(pot.replace('"p1 bp"', '"p1 nbp"'))
    with pytest.raises(NotationError, match="this table has no pot buying"):
        loads(
            pot.replace("_buy_pot = true", "_buy_pot = false").replace(
                "blinds_or_straddles = [4, 0, 0, 0]", "blinds_or_straddles = [0, 0, 0, 0]"
            )
        )
    plain = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    with pytest.raises(NotationError, match="is a French draw action, not one of variant 'NT'"):
        loads(plain + "starting_stacks = [9, 9]\nactions = ['p2 sb']\n")
