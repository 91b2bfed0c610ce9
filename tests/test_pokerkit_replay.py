"""Hand histories written by another engine (RULES.md sections 5-8, ``docs/replay.md``):
pokerkit plays random hands of 11 games, writes them as PHH, and our replay must
end every hand with pokerkit's final stacks, chip for chip.

The other direction (our hands replayed by pokerkit) is ``test_pokerkit_diff.py``.
A PHH file does not state its betting rules, so replay follows PHH's reference
engine (pokerkit) where the rule book differs (``GameDef.convention = "phh"``):

- limit: four completions, bets or raises a round, blinds not counted, heads-up
  too (the rule book: the blind is the bet and three raises follow, no cap
  heads-up; our tables keep it, four being the ``raise_cap`` option);
- a raise reopens the betting when it is at least the largest of the round,
  blinds not counted; short all-ins reopen it once they add up to that;
- a split pot's odd chips all go to the first winner from the button's left.

Triple draw and badugi with five or six players run out of stub: pokerkit deals
the discards (and burned cards) again. Replay accepts a discarded card dealt
again once the stub is empty (``_Cards._recycled_order``); our own dealer
reshuffles by RULES.md section 5 (``test_draw.py``).

Fixed-limit Omaha high/low is compared against pokerkit's fixed-limit mixin over
its ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` class, not the class
itself: in pokerkit 0.7.7 that class inherits the pot-limit mixin and plays
pot-limit with no cap (``pokerkit_games.py``).

CI replays :data:`CI_HANDS` hands per game; ``pytest -m long`` the full
:data:`FULL_HANDS` per game. Each run prints a line per game.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

pytest.importorskip("pokerkit")

from pokerkit_games import GAMES, HandHistory, play_random_hand

from pokerbonus.engine.pots import PotResult
from pokerbonus.errors import IllegalActionError
from pokerbonus.notation import loads
from pokerbonus.notation.phh import chip_scale
from pokerbonus.notation.replay import replay_hand

CI_HANDS = 150
"""Hands per game in CI (about 2 s a game on the shared machine)."""
FULL_HANDS = 1000
"""Hands per game of the long run (``pytest -m long``)."""
LIMIT_GAMES = ("FT", "FO/8", "F2L3D", "FB")
STUB_GAMES = ("F2L3D", "FB")


def _odd_chips(result: PotResult) -> bool:
    """Whether a pot (or a half of a high/low pot) was split with odd chips."""
    amount, winners, lows = result.amount, result.winners, result.low_winners
    halves = [(amount - amount // 2, winners), (amount // 2, lows)] if lows else [(amount, winners)]
    return any(len(who) > 1 and chips % len(who) for chips, who in halves)


def _replay_all(code: str, hands: int, seed: int) -> Counter[str]:
    """Replay ``hands`` random pokerkit hands of ``code``; every one must end with
    pokerkit's stacks. Returns the counts printed for the report."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    most = 7 if code.startswith("F7S") or code == "FR" else 6
    for _ in range(hands):
        played = play_random_hand(code, rng.randint(2, most), rng, raise_odds=0.35)
        history = loads(played.text)[0]
        hand = replay_hand(history)
        scale = chip_scale(history)
        ours = [Fraction(chips, scale) for chips in hand.stacks]
        assert ours == list(played.stacks), f"{code}: ours {ours}\n{played.text}"
        counts["hands"] += 1
        counts["four raises"] += played.four_raises
        counts["discards dealt again"] += played.dealt_again
        counts["odd chips"] += any(map(_odd_chips, hand.pot_results))
    print(
        f"\n{code}: {counts['hands']} hands, every one with pokerkit's final stacks; "
        f"{counts['four raises']} with four bets or raises after the blinds, "
        f"{counts['discards dealt again']} with discards dealt again, "
        f"{counts['odd chips']} with odd chips in a split pot"
    )
    return counts


@pytest.mark.parametrize("code", list(GAMES))
def test_pokerkit_hands_replay_to_pokerkit_stacks(code: str) -> None:
    counts = _replay_all(code, CI_HANDS, seed=14)
    assert counts["hands"] == CI_HANDS
    if code in ("FT", "FO/8"):
        assert counts["four raises"] > 0  # the reference cap is exercised
    if code in STUB_GAMES:
        assert counts["discards dealt again"] > 0  # and the reshuffled stub


@pytest.mark.long
@pytest.mark.parametrize("code", list(GAMES))
def test_pokerkit_hands_replay_to_pokerkit_stacks_full(code: str) -> None:
    counts = _replay_all(code, FULL_HANDS, seed=1414)
    assert counts["hands"] == FULL_HANDS
    if code in LIMIT_GAMES:
        assert counts["four raises"] > 0
    if code in STUB_GAMES:
        assert counts["discards dealt again"] > 0


def test_a_four_raise_record_replays_by_the_reference_cap_not_by_ours() -> None:
    """RULES.md section 6: our rule book stops a limit round at the bet (the blind)
    and three raises; a PHH file from another engine follows PHH's reference cap
    (four raises after the blinds) unless it says it follows our rule book."""
    text = (
        'variant = "FT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n'
        "small_bet = 2\nbig_bet = 4\nstarting_stacks = [100, 100, 100]\n"
        'actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "p3 cbr 4", "p1 cbr 6",'
        ' "p2 cbr 8", "p3 cbr 10", "p1 f", "p2 f"]\n'
    )
    hand = replay_hand(loads(text)[0])
    assert hand.stacks == (94, 92, 114)
    ours = text + '_convention = "rule-book"\n'
    with pytest.raises(IllegalActionError, match="cap of 3 raises"):
        replay_hand(loads(ours)[0])


def test_odd_chips_of_a_record_go_by_the_reference_engine_unless_it_says_otherwise() -> None:
    """RULES.md section 7: one odd chip each to the first winners from the dealer's
    left; PHH's reference engine gives them all to the first. Three players share
    14 chips here (the board is a royal flush)."""
    text = (
        'variant = "NT"\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0]\n'
        "min_bet = 2\nstarting_stacks = [100, 100, 100, 100]\n"
        'actions = ["d dh p1 2c3d", "d dh p2 4c5d", "d dh p3 6c7d", "d dh p4 8c9d",'
        ' "p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db AsKsQs", "p1 cbr 2", "p2 cc",'
        ' "p3 cc", "p4 f", "d db Js", "p1 cc", "p2 cc", "p3 cc", "d db Ts", "p1 cc",'
        ' "p2 cc", "p3 cc"]\n'
    )
    assert list(HandHistory.loads(text))[-1].stacks == [102, 100, 100, 98]  # pokerkit
    assert replay_hand(loads(text)[0]).stacks == (102, 100, 100, 98)
    ours = text + '_convention = "rule-book"\n'
    assert replay_hand(loads(ours)[0]).stacks == (101, 101, 100, 98)
