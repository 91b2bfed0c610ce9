"""The reduced limit draw game (pokerbonus.solvers.draw): rules, ranking, CFR+ and sanity."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pokerbonus.cards import format_cards, make_deck, parse_cards
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands import evaluate
from pokerbonus.solvers import CHANCE, TERMINAL, Solution, infoset_reach, solve
from pokerbonus.solvers.draw import DrawConfig, DrawPoker, DrawState, draw_poker, hand_strength

# the module's solution is solved once: all on one worker of the parallel suite
pytestmark = pytest.mark.xdist_group("solvers_draw")

CONFIG = DrawConfig()
RULES = DrawPoker()


def play(*steps: str) -> DrawState:
    """The state after ``steps`` (deal labels, actions, replacement cards), checked legal."""
    state = RULES.initial_state()
    for step in steps:
        if RULES.player(state) == CHANCE:
            assert step in [label for label, _ in RULES.chance_outcomes(state)], step
        else:
            assert step in RULES.actions(state), (step, RULES.actions(state))
        state = RULES.child(state, step)
    return state


@pytest.fixture(scope="module")
def solution() -> Solution:
    return solve(draw_poker(), 300, checkpoints=[10, 30, 100, 300])


def test_config_checks() -> None:
    assert format_cards(CONFIG.deck) == "Qc Qd Kc Kd Ac Ad"
    with pytest.raises(ConfigurationError, match=r"deck of 6 cards .* need 8"):
        DrawConfig(hand_size=3)
    with pytest.raises(ConfigurationError, match="max_discard=3"):
        DrawConfig(hand_size=2, max_discard=3)
    with pytest.raises(ConfigurationError, match="suits=5"):
        DrawConfig(suits=5)
    with pytest.raises(ConfigurationError, match="max_raises=-1"):
        DrawConfig(max_raises=-1)
    assert len(DrawConfig(ranks=8, suits=4, hand_size=5, max_discard=3).deck) == 32


def test_two_card_ranking() -> None:
    """Pairs beat no pair, then ranks decide (RULES.md section 2's comparison)."""
    order = ["Ac Ad", "Kc Kd", "Qc Qd", "Ac Kd", "Ac Qd", "Kc Qd"]
    keys = [hand_strength(parse_cards(text), CONFIG) for text in order]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert hand_strength(parse_cards("Kc Qd"), CONFIG) == hand_strength(
        parse_cards("Kd Qc"), CONFIG
    )


def _key(text: str, cfg: DrawConfig) -> tuple[int, ...]:
    return hand_strength(parse_cards(text), cfg)


def test_three_and_four_card_ranking() -> None:
    """Group sizes first (trips > two pair > pair > nothing), then the ranks by group."""
    cfg = DrawConfig(ranks=5, suits=4, hand_size=4, max_discard=2)
    hands = [
        "Tc Th Ts Ac",
        "Ac Ad Kc Kd",
        "Ac Ad Qc Kd",
        "Kc Kd Ac Qd",
        "Ac Kd Qc Jd",
        "Ac Kd Qc Td",
    ]
    keys = [_key(text, cfg) for text in hands]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    cfg3 = DrawConfig(ranks=4, suits=2, hand_size=3, max_discard=1)
    assert _key("Jc Jd Ac", cfg3) > _key("Ac Kd Qc", cfg3)  # three cards: no straight
    assert _key("Ac Kc Qc", cfg3) == _key("Ad Kc Qd", cfg3)  # ... and no flush


def test_five_card_ranking_is_pokerbonus_hands() -> None:
    """With five cards the game ranks like pokerbonus.hands (32-card deck, ace-low straight)."""
    cfg = DrawConfig(ranks=8, suits=4, hand_size=5, max_discard=3)
    rng = random.Random(5)
    deck = make_deck(32)
    hands = [rng.sample(deck, 5) for _ in range(400)]
    for a, b in zip(hands[::2], hands[1::2], strict=True):
        ours = (hand_strength(a, cfg) > hand_strength(b, cfg)) - (
            hand_strength(a, cfg) < hand_strength(b, cfg)
        )
        va, vb = evaluate(a, deck=32), evaluate(b, deck=32)
        assert ours == (va > vb) - (va < vb), (a, b)
    assert hand_strength(parse_cards("Ac 7d 8h 9s Tc"), cfg) > hand_strength(
        parse_cards("Ac Ad Kc Kd Qh"), cfg
    )


def test_betting_rules() -> None:
    """No fold before the opening; one bet and one raise; the round's closing actions."""
    state = play("QcQd", "KcAd")
    assert RULES.player(state) == 0 and RULES.actions(state) == ("k", "b")
    assert RULES.actions(play("QcQd", "KcAd", "k")) == ("k", "b")
    assert RULES.actions(play("QcQd", "KcAd", "k", "b")) == ("f", "c", "r")
    assert RULES.actions(play("QcQd", "KcAd", "b", "r")) == ("f", "c")
    assert RULES.player(play("QcQd", "KcAd", "b", "c")) == 0  # player 0 draws first
    assert RULES.player(play("QcQd", "KcAd", "k", "k")) == 0
    assert RULES.player(play("QcQd", "KcAd", "b", "f")) == TERMINAL


def test_fold_payoffs() -> None:
    """A folder loses the ante and the bets they put in, nothing more."""
    assert RULES.payoff(play("QcQd", "KcAd", "b", "f")) == 1.0
    assert RULES.payoff(play("QcQd", "KcAd", "k", "b", "r", "f")) == 2.0
    assert RULES.payoff(play("QcQd", "KcAd", "b", "r", "f")) == -2.0
    tail = ("pat", "pat", "b", "r", "f")
    # Player 0 folds to the raise of the second round: ante 1, bet 1, bet 2.
    assert RULES.payoff(play("QcQd", "KcAd", "b", "c", *tail)) == -4.0


def test_draw_and_showdown() -> None:
    """The stub is the undealt cards; the draw counts are public, the cards are not."""
    state = play("QcQd", "KcAd", "b", "c", "pat")
    assert RULES.player(state) == 1
    assert RULES.actions(state) == ("pat", "discard Kc", "discard Ad")
    assert RULES.infoset(state) == "KcAd|bc|draw after 0"
    state = RULES.child(state, "discard Kc")
    assert RULES.player(state) == CHANCE
    assert RULES.chance_outcomes(state) == (("Kd", 0.5), ("Ac", 0.5))
    state = RULES.child(state, "Ac")
    assert RULES.infoset(state) == "QcQd|bc|pat|drew 0-1|"
    state = RULES.child(state, "b")
    assert RULES.infoset(state) == "KcAd|bc|Kc>Ac|drew 0-1|b"
    assert RULES.holding(RULES.infoset(state)) == tuple(parse_cards("Ad Ac"))
    # Pair of aces beats pair of queens: ante 1 + 1 + 2 = 4 each.
    assert RULES.payoff(RULES.child(state, "c")) == -4.0
    # After player 0 exchanged one card, one card is left for player 1.
    state = play("QcQd", "KcAd", "k", "k", "discard Qc", "Kd", "discard Kc")
    assert RULES.chance_outcomes(state) == (("Ac", 1.0),)
    # A tie splits: Kc Qd against Kd Qc after both stand pat.
    tie = play("QdKc", "QcKd", "k", "k", "pat", "pat", "b", "c")
    assert RULES.payoff(tie) == 0.0


def test_bigger_configs_describe_more_discards() -> None:
    rules = DrawPoker(DrawConfig(ranks=5, suits=2, hand_size=3, max_discard=2))
    state = rules.initial_state()
    for step in ("JcQcKc", "JdQdAc", "k", "k"):
        state = rules.child(state, step)
    assert len(rules.actions(state)) == 1 + 3 + 3
    state = rules.child(state, "discard Jc Qc")
    assert len(rules.chance_outcomes(state)) == 6  # two of the 4 undealt cards


def test_cfr_plus_converges(solution: Solution) -> None:
    """Exploitability falls at each checkpoint, below 3 mbb/hand at 300 iterations."""
    errors = [e for _, e in solution.history]
    assert errors == sorted(errors, reverse=True)
    assert errors[0] > 0.3 and solution.exploitability_mbb < 3.0
    assert solution.exploitability < 0.003  # chips; the big blind is the small bet, 1 chip
    # The first player to speak is at a disadvantage: the value is within
    # 2 * exploitability of about -0.146 chips per hand (measured at 3,000 iterations).
    assert abs(solution.value - (-0.14606)) < 2 * solution.exploitability + 1e-4


def _cannot_lose(name: str) -> bool:
    """Whether the holding at an infoset beats or ties any hand of the cards it cannot see."""
    parts = name.split("|")
    seen = set(parse_cards(parts[0]))
    if len(parts) == 5 and ">" in parts[2]:
        seen |= set(parse_cards(parts[2].split(">")[1]))
    mine = hand_strength(RULES.holding(name), CONFIG)
    unseen = sorted(set(CONFIG.deck) - seen)
    return all(mine >= hand_strength(o, CONFIG) for o in combinations(unseen, CONFIG.hand_size))


def test_strategy_never_folds_the_nuts(solution: Solution) -> None:
    """A holding that cannot lose is folded in fewer than 1 in 10^5 hands, and at no
    infoset reached in 1 hand in 10^4 or more does it fold more than 1 time in 1,000."""
    game, average = solution.game, solution.average
    reach = infoset_reach(game, average)
    nuts = [n for n in game.infoset_names if "f" in game.actions(n) and _cannot_lose(n)]
    assert len(nuts) > 500
    folded = sum(reach[game.infoset_index(n)] * average[n]["f"] for n in nuts)
    assert folded < 1e-5
    for name in nuts:
        if reach[game.infoset_index(name)] > 1e-4:
            assert average[name]["f"] < 1e-3, name


def test_strategy_keeps_a_pair_of_aces(solution: Solution) -> None:
    """Aces (the best hand) stand pat: breaking them is dominated."""
    game, average = solution.game, solution.average
    reach = infoset_reach(game, average)
    draws = [n for n in game.infoset_names if "pat" in game.actions(n)]
    aces = [n for n in draws if set(RULES.holding(n)) == set(parse_cards("Ac Ad"))]
    # Player 0 after each of the 5 first-round endings; player 1 too, after player 0
    # drew 0 or 1 card.
    assert len(aces) == 5 + 5 * 2
    broken = sum(reach[game.infoset_index(n)] * (1 - average[n]["pat"]) for n in aces)
    assert broken < 1e-5


@pytest.mark.long
def test_cfr_plus_3000_iterations() -> None:
    """The figure quoted in docs/solvers.md: below 0.1 mbb/hand after 3,000 iterations."""
    solution = solve(draw_poker(), 3000, checkpoints=[1000, 3000])
    assert solution.history[0][1] < 5e-4
    assert solution.exploitability_mbb < 0.1
