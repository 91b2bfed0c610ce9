"""Look at two and kill (RULES.md section 8, "Kill pot"): the lowball bots decide
the kill offer from their first two cards, and the engine takes their answer."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pokerbonus.bots import GameInfo
from pokerbonus.bots.lowball import LowballBot
from pokerbonus.engine import Hand
from pokerbonus.engine.events import BlindPosted, Declined
from pokerbonus.rules import GameDef, Stakes
from pokerbonus.rules.catalog import ace_to_five_draw, deuce_to_seven_single_draw

STAKES = Stakes(ante=0, blinds=(1, 2), kill_blind=4, kill_offer=True)
# Any player may kill after two cards, in turn from the dealer's left (RULES.md
# section 8): with the dealer at seat 2, seat 0 is asked first.


@pytest.mark.parametrize(
    ("scheme", "make_game", "top"),
    [("a5", ace_to_five_draw, "5"), ("27", deuce_to_seven_single_draw, "7")],
)
def test_the_killer_bot_kills_with_two_low_cards_and_declines_otherwise(
    scheme: str, make_game: Callable[[], GameDef], top: str
) -> None:
    game = make_game()
    bot = LowballBot(1, "hard", scheme=scheme)
    seen = {True: 0, False: 0}
    for seed in range(60):
        hand = Hand(game, [100] * 3, dealer=2, stakes=STAKES, rng=random.Random(seed))
        assert hand.decision == "kill" and hand.actor == 0
        two = hand.hole_cards(0)
        action = bot.decide(hand.view(0), GameInfo.from_game(game, 3, STAKES))
        ranks = {card.rank for card in two}
        # the low ranks, in the order of the scheme: ace low in a5, ace high in 27
        order = "A2345678" if scheme == "a5" else "2345678"
        wanted = all(str(card)[0] in order[: order.index(top) + 1] for card in two)
        killing = wanted and len(ranks) == 2
        assert action.kind == ("kill" if killing else "decline"), (two, action)
        hand.act(action)
        if killing:
            assert BlindPosted(0, 3, "kill") in hand.events and hand.bets[0] == 4
        else:
            assert Declined(0, "kill") in hand.events and hand.bets[0] == 1
        seen[killing] += 1
    assert seen[True] and seen[False]  # both answers were tested
