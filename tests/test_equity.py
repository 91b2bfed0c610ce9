"""Equity by exact enumeration and Monte Carlo (pokerbonus.analysis.equity), and its command.

The exact results are checked against a slow, independent enumeration written
here in plain Python: its own five-card evaluator (RULES.md sections 2 and 3),
best-of-seven for hold'em, two-plus-three for Omaha, and pot splitting with
fractions.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import pytest
import typer
from typer.testing import CliRunner

from pokerbonus.analysis.equity import POT_UNITS, EquityResult, equity
from pokerbonus.analysis.ranges import parse_range
from pokerbonus.cards import make_deck, parse_cards
from pokerbonus.cli.equity import equity_command
from pokerbonus.errors import (
    ConfigurationError,
    InvalidCardError,
    InvalidHandError,
    NotationError,
)

# ---------------------------------------------------------------- reference

Key = tuple[int, tuple[int, ...]]
_HIGH = {"high": 0, "pair": 1, "two pair": 2, "trips": 3, "straight": 4, "flush": 5,
         "full house": 6, "quads": 7, "straight flush": 8}  # fmt: skip
_SHORT = {**_HIGH, "flush": 6, "full house": 5}  # short deck: a flush beats a full house


def _key5(cards: Sequence[int], short: bool = False) -> Key:
    """A comparable key of a five-card high hand (greater = stronger)."""
    order = _SHORT if short else _HIGH
    ranks = [c >> 2 for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    by_group = tuple(r for r, _ in groups)
    shape = tuple(n for _, n in groups)
    low = 4 if short else 0  # the ace plays below the lowest rank of the deck
    if len(groups) == 5:
        top = None
        if by_group[0] - by_group[4] == 4:
            top = by_group[0]
        elif set(by_group) == {12, low, low + 1, low + 2, low + 3}:
            top = low + 3
        if top is not None:
            return order["straight flush" if flush else "straight"], (top,)
    if flush:
        return order["flush"], by_group
    name = {(4, 1): "quads", (3, 2): "full house", (3, 1, 1): "trips", (2, 2, 1): "two pair",
            (2, 1, 1, 1): "pair", (1, 1, 1, 1, 1): "high"}[shape]  # fmt: skip
    return order[name], by_group


def _low8(cards: Sequence[int]) -> tuple[int, ...] | None:
    """Key of a qualifying eight-or-better low (greater = better low), else None."""
    values = [((c >> 2) + 1) % 13 for c in cards]  # ace 0, deuce 1, ..., eight 7
    if len(set(values)) != 5 or max(values) > 7:
        return None
    return tuple(-v for v in sorted(values, reverse=True))


def _scores(game: str, hole: Sequence[int], board: Sequence[int]) -> tuple[object, object]:
    if game in ("holdem", "shortdeck"):
        best = max(_key5(five, game == "shortdeck") for five in combinations([*hole, *board], 5))
        return best, None
    fives = [(*two, *three) for two in combinations(hole, 2) for three in combinations(board, 3)]
    high = max(_key5(f) for f in fives)
    lows = [k for k in (_low8(f) for f in fives) if k is not None] if game == "omaha8" else []
    return high, (max(lows) if lows else None)


def _reference(
    hands: Sequence[str], board: str = "", game: str = "holdem", dead: str = ""
) -> tuple[list[Fraction], list[int], list[int], int]:
    """Equity, outright wins, partial wins and runouts by walking every assignment and board.

    A hand may be a range (two-card games); every assignment without a repeated
    card is walked.
    """
    known = [*parse_cards(board), *parse_cards(dead)]
    options: list[list[tuple[int, ...]]] = []
    for h in hands:
        try:
            options.append([tuple(parse_cards(h))])
        except InvalidCardError:
            options.append([c for c in parse_range(h).combos if not set(c) & set(known)])
    deck = [c for c in make_deck(36 if game == "shortdeck" else 52) if c not in known]
    shares = [Fraction(0)] * len(hands)
    wins = [0] * len(hands)
    ties = [0] * len(hands)
    n = 0
    for holes in _assignments(options):
        used = {c for h in holes for c in h}
        rest = [c for c in deck if c not in used]
        for extra in combinations(rest, 5 - len(parse_cards(board))):
            full = [*parse_cards(board), *extra]
            scores = [_scores(game, h, full) for h in holes]
            his = [s[0] for s in scores]
            los = [s[1] for s in scores if s[1] is not None]
            got = [Fraction(0)] * len(hands)
            high_part = Fraction(1, 2) if los else Fraction(1)
            best = max(his)  # type: ignore[type-var]
            hi_winners = [i for i, s in enumerate(his) if s == best]
            for i in hi_winners:
                got[i] += high_part / len(hi_winners)
            if los:
                best_lo = max(los)  # type: ignore[type-var]
                lo_winners = [i for i, s in enumerate(scores) if s[1] == best_lo]
                for i in lo_winners:
                    got[i] += Fraction(1, 2) / len(lo_winners)
            for i, g in enumerate(got):
                shares[i] += g
                wins[i] += g == 1
                ties[i] += 0 < g < 1
            n += 1
    return [s / n for s in shares], wins, ties, n


def _assignments(options: list[list[tuple[int, ...]]]) -> list[list[tuple[int, ...]]]:
    found: list[list[tuple[int, ...]]] = [[]]
    for opts in options:
        found = [[*a, o] for a in found for o in opts if not {c for h in a for c in h} & set(o)]
    return found


def _check_exact(hands: list[str], board: str = "", game: str = "holdem", dead: str = "") -> None:
    result = equity(hands, board=board, game=game, dead=dead, exact=True)
    eq, wins, ties, n = _reference(hands, board, game, dead)
    assert result.exact and result.n == n
    assert list(result.wins) == wins
    assert list(result.ties) == ties
    for i, e in enumerate(eq):
        assert Fraction(result.shares[i], n * POT_UNITS) == e
        assert result.equity[i] == pytest.approx(float(e), abs=1e-12)
    assert result.stderr == (0.0,) * len(hands)


# ---------------------------------------------------------------- exact


def test_preflop_heads_up_exact_counts() -> None:
    """AhKh against QsQc over all 1,712,304 boards: 46.2145 % for the suited ace-king."""
    r = equity(["AhKh", "QsQc"])
    assert r.exact and r.n == 1_712_304
    assert (r.wins[0], r.ties[0]) == (787_966, 6_732)
    assert r.wins[1] == 1_712_304 - 787_966 - 6_732
    assert r.ties == (6_732, 6_732)
    assert r.equity[0] == pytest.approx(0.462145, abs=5e-7)
    assert sum(r.equity) == pytest.approx(1.0, abs=1e-12)
    assert r.win[0] == 787_966 / 1_712_304 and r.tie[0] == 6_732 / 1_712_304


def test_holdem_flop_three_way_matches_reference() -> None:
    _check_exact(["AhKh", "QsQc", "9d8d"], board="Qh 9h 2c")


def test_holdem_turn_with_split_pots_matches_reference() -> None:
    # both play the board's straight often: ties are shared
    _check_exact(["Ac2d", "Ad3c", "KsKd"], board="Th Jh Qs 4c")


def test_holdem_dead_cards_change_the_answer() -> None:
    _check_exact(["AhKh", "QsQc"], board="Qh 9h 2c", dead="5h 6h Qd")
    with_dead = equity(["AhKh", "QsQc"], board="Qh 9h 2c", dead="5h 6h Qd")
    without = equity(["AhKh", "QsQc"], board="Qh 9h 2c")
    assert with_dead.n == 861 and without.n == 990
    assert with_dead.equity[0] < without.equity[0]  # two of AhKh's hearts are dead


def test_river_is_a_single_runout() -> None:
    r = equity(["Ks8d", "TcTh", "Kc Js"], board="Ts 8s Kd 4c Kh")  # RULES.md section 10
    assert r.n == 1 and r.exact
    assert r.wins == (1, 0, 0) and r.equity == (1.0, 0.0, 0.0)


def test_omaha_high_turn_matches_reference() -> None:
    _check_exact(["AsKsQd2c", "8h7h6d5c", "JcJd9s9c"], board="Ah 4d 3c Th", game="omaha")


def test_omaha8_turn_matches_reference() -> None:
    _check_exact(["AsKs2d3c", "8h7h6d5c"], board="Ah 4d 9c Th", game="omaha8")
    _check_exact(["Ac2c5d9s", "Ad2dKsKh", "7h8h6s6c"], board="3h 4s Jc Qd", game="omaha8")


def test_omaha8_flop_matches_reference() -> None:
    _check_exact(["AsKs2d3c", "8h7h6d5c"], board="Ah 4d 9c", game="omaha8")


def test_omaha8_no_low_means_high_takes_all() -> None:
    r = equity(["AsAd2h3h", "KsKdQhQc"], board="Kh Jc 9s Tc 9d", game="omaha8")
    assert r.equity == (0.0, 1.0) and r.wins == (0, 1)  # kings full scoops, no low possible


def test_omaha8_hi_lo_split() -> None:
    # the low hand gets half the pot, the high hand the other half
    r = equity(["As2d7c6c", "QsQdJc9c"], board="3h 4s 8c Qh Kd", game="omaha8")
    assert r.equity == (0.5, 0.5) and r.ties == (1, 1) and r.wins == (0, 0)


def test_courchevel_five_card_omaha_matches_reference() -> None:
    _check_exact(["AsKsQd2c3h", "8h7h6d5cJd"], board="Ah 4d 3c Th", game="omaha")


def test_shortdeck_matches_reference() -> None:
    _check_exact(["AhKh", "QsQc"], board="Qh 9h 6c", game="shortdeck")
    _check_exact(["Ah9s", "KsKc", "7d8d"], board="6h 7c 8s", game="shortdeck")


def test_shortdeck_flush_beats_full_house_and_a6789_is_a_straight() -> None:
    r = equity(["AhKh", "QsQc"], board="Qh Jd 6h 7h 7c", game="shortdeck")
    assert r.equity == (1.0, 0.0)  # ace-high flush over queens full of sevens
    r = equity(["As9c", "KsKc"], board="6h 7c 8d Kh Qd", game="shortdeck")
    assert r.equity == (1.0, 0.0)  # A 6 7 8 9, the lowest straight, beats three kings
    r = equity(["As9c", "Ts9d"], board="6h 7c 8d Kh Qd", game="shortdeck")
    assert r.equity == (0.0, 1.0)  # 6 to T beats A to 9


def test_ranges_exact_match_reference() -> None:
    """Ranges against the brute force, on the turn: heads-up, and three ranges (on the
    flop under ``-m long``)."""
    _check_exact(["AhKh", "QQ+, AKs"], board="Ks 7d 2c 9s")
    _check_exact(["AhKh", "TT, 9s8s", "76s"], board="Ks 7d 2c 3h")


@pytest.mark.long
def test_ranges_exact_match_reference_three_ranges_on_the_flop() -> None:
    _check_exact(["AhKh", "TT, 9s8s", "76s"], board="Ks 7d 2c")


def test_exact_with_random_opponent_on_the_turn() -> None:
    """A random opponent on the turn, every hand then every river, against the brute force,
    with 22 cards dead (276 hands, 22 rivers each; the whole deck under ``-m long``)."""
    dead = "2d 3d 4d 5d 6d 8d 9d Td Jd 2h 3h 4h 5h 6h 7h 8h 9h 2s 3s 4s 5s 6s"
    hands = ["AhKh", "random"]
    r = equity(hands, board="Ks 7d 2c Qh", dead=dead)
    assert r.exact and r.n == 276 * 22  # C(24, 2) hands, then 22 rivers each
    eq, wins, ties, n = _reference(hands, "Ks 7d 2c Qh", dead=dead)
    assert (list(r.wins), list(r.ties), r.n) == (wins, ties, n)
    assert r.equity[0] == pytest.approx(float(eq[0]), abs=1e-12)


@pytest.mark.long
def test_exact_with_random_opponent_on_the_turn_whole_deck() -> None:
    hands = ["AhKh", "random"]
    r = equity(hands, board="Ks 7d 2c Qh")
    assert r.exact and r.n == 1035 * 44  # 1035 hands, then 44 rivers each
    eq, wins, ties, n = _reference(hands, "Ks 7d 2c Qh")
    assert (list(r.wins), list(r.ties), r.n) == (wins, ties, n)
    assert r.equity[0] == pytest.approx(float(eq[0]), abs=1e-12)


def test_equities_sum_to_one_and_follow_the_hands() -> None:
    a = equity(["AhKh", "QsQc", "7d6d"], board="Qh 9h 2c")
    b = equity(["7d6d", "AhKh", "QsQc"], board="Qh 9h 2c")
    assert sum(a.equity) == pytest.approx(1.0, abs=1e-12)
    assert b.equity == (a.equity[2], a.equity[0], a.equity[1])
    assert b.wins == (a.wins[2], a.wins[0], a.wins[1])


def test_identical_hands_split_every_pot() -> None:
    r = equity(["AhKd", "AdKh"], board="2c 3s 9h")
    assert r.equity == (0.5, 0.5)
    assert r.wins[0] + r.ties[0] + r.wins[1] == r.n


def test_automatic_mode_is_exact_when_small() -> None:
    assert equity(["AhKh", "QsQc"], board="2c 7d 9h", samples=500).n == 990
    mc = equity(["AhKh", "random"], samples=1000, seed=1)  # 1225 hands x 1.7M boards
    assert not mc.exact and mc.n == 1000


# ---------------------------------------------------------------- Monte Carlo


def test_monte_carlo_is_within_a_few_stderr_of_exact() -> None:
    exact = equity(["AhKh", "QsQc", "9d8d"], board="Qh 9h 2c")
    mc = equity(["AhKh", "QsQc", "9d8d"], board="Qh 9h 2c", exact=False, samples=100_000,
                seed=11)  # fmt: skip
    assert not mc.exact and mc.n == 100_000
    for e, m, s in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert 0 < s < 0.01
        assert abs(e - m) < 4 * s
    assert sum(mc.equity) == pytest.approx(1.0, abs=1e-12)


def test_monte_carlo_preflop_within_stderr() -> None:
    mc = equity(["AhKh", "QsQc"], exact=False, samples=200_000, seed=5)
    exact = 791_332 / 1_712_304  # (wins + ties / 2) / boards
    assert abs(mc.equity[0] - exact) < 4 * mc.stderr[0]


def test_monte_carlo_with_ranges_within_stderr_of_exact() -> None:
    hands = ["AhKh", "QQ+, AKs", "random"]
    exact = equity(hands, board="2c 7d 9h 4s", exact=True)
    mc = equity(hands, board="2c 7d 9h 4s", exact=False, samples=100_000, seed=3)
    for e, m, s in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert abs(e - m) < 4 * s


def test_monte_carlo_omaha8_within_stderr_of_exact() -> None:
    hands = ["AsKs2d3c", "8h7h6d5c"]
    exact = equity(hands, board="Ah 4d 9c", game="omaha8")
    mc = equity(hands, board="Ah 4d 9c", game="omaha8", exact=False, samples=50_000, seed=2)
    for e, m, s in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert abs(e - m) < 4 * s


def test_monte_carlo_is_reproducible_with_a_seed() -> None:
    args: dict[str, object] = {"board": "Qh 9h", "exact": False, "samples": 20_000}
    a = equity(["AhKh", "QQ+", "random"], seed=42, **args)  # type: ignore[arg-type]
    b = equity(["AhKh", "QQ+", "random"], seed=42, **args)  # type: ignore[arg-type]
    c = equity(["AhKh", "QQ+", "random"], seed=43, **args)  # type: ignore[arg-type]
    assert a == b
    assert a.shares != c.shares


def test_monte_carlo_never_deals_a_card_twice() -> None:
    # AA vs AA vs a random hand: only one way to split the aces, so they always tie
    r = equity(["AA", "AA", "random"], board="2c 3d 7h 8s", exact=False, samples=5_000, seed=1)
    assert r.ties[0] + r.wins[2] + r.ties[2] == r.n
    assert r.equity[0] == pytest.approx(r.equity[1], abs=0.02)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"hands": ["AhKh"]}, InvalidHandError, "2 to 10 hands"),
        ({"hands": ["random"] * 11}, InvalidHandError, "2 to 10 hands"),
        ({"hands": ["AhKh", "AhQs"]}, InvalidCardError, "duplicate card: 'Ah'"),
        ({"hands": ["AhKh", "QsQc"], "board": "Ah 2c 3d"}, InvalidCardError, "duplicate"),
        ({"hands": ["AhKh", "QsXx"]}, InvalidCardError, "'Xx'"),
        ({"hands": ["AhKhQd", "QsQc"]}, InvalidHandError, "has 3 cards"),
        ({"hands": ["AhKh", "QsQc"], "game": "omaha"}, InvalidHandError, "needs 4 or 5"),
        ({"hands": ["AhKh", "QsQc"], "board": "2c 3c 4c 5c 6c 7c"}, InvalidHandError, "board"),
        ({"hands": ["AhKh", "QsQc"], "game": "stud"}, InvalidHandError, "unknown game"),
        ({"hands": ["AhKh", "QQ+, AKz"]}, NotationError, "'AKz'"),
        ({"hands": ["AhKh", "AA"], "dead": "Ac Ad As"}, InvalidHandError, "empty"),
        ({"hands": ["Ah5h", "QsQc"], "game": "shortdeck"}, InvalidCardError, "36-card deck"),
        ({"hands": ["AhKh", "QsQc"], "samples": 0}, ConfigurationError, "samples"),
        ({"hands": ["AsKsQd2c", "8h7h6d5c4s"], "game": "omaha"}, InvalidHandError, "same"),
        ({"hands": ["AA", "AA", "AA"]}, InvalidHandError, "cannot be dealt together"),
        ({"hands": ["AA", "AA", "AA"], "exact": False}, InvalidHandError, "cannot be dealt"),
        ({"hands": ["random"] * 3, "exact": True}, ConfigurationError, "exact"),
    ],
)
def test_bad_input(kwargs: dict[str, object], error: type[Exception], words: str) -> None:
    with pytest.raises(error) as info:
        equity(**kwargs)  # type: ignore[arg-type]
    assert words in str(info.value)


def test_result_is_frozen() -> None:
    r = equity(["AhKh", "QsQc"], board="2c 7d 9h 4s 5s")
    assert isinstance(r, EquityResult)
    with pytest.raises(AttributeError):
        r.n = 3  # type: ignore[misc]


# ---------------------------------------------------------------- command


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("equity")(equity_command)

    @app.command("noop")
    def _noop() -> None:  # a second command, so typer keeps "equity" as a sub-command
        """Nothing."""

    return app


def test_command_json() -> None:
    out = CliRunner().invoke(_app(), ["equity", "AhAd", "KsKc", "--board", "2c7d9h", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["hands"] == ["AhAd", "KsKc"] and data["board"] == "2c 7d 9h"
    assert data["game"] == "holdem" and data["exact"] is True and data["n"] == 990
    assert data["wins"] == [907, 83] and data["stderr"] == [0.0, 0.0]
    assert data["equity"][0] == pytest.approx(907 / 990)
    assert set(data) >= {"win", "tie", "stderr"}


def test_command_monte_carlo_json_is_seeded() -> None:
    args = ["equity", "AhKh", "QQ+, AKs", "--samples", "3000", "--seed", "9", "--json"]
    first = CliRunner().invoke(_app(), args)
    second = CliRunner().invoke(_app(), args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["exact"] is False and data["n"] == 3000 and data["stderr"][0] > 0


def test_command_table() -> None:
    out = CliRunner().invoke(
        _app(), ["equity", "AsKsQd2c", "8h7h6d5c", "-g", "omaha8", "-b", "Ah 4d 9c Th"]
    )
    assert out.exit_code == 0, out.output
    assert "AsKsQd2c" in out.stdout and "Equity" in out.stdout and "exact" in out.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["AhKh", "AhQs"], "duplicate card"),
        (["AhKh"], "2 to 10 hands"),
        (["AhKh", "QQ+, AKz"], "AKz"),
        (["AhKh", "QsQc", "--game", "razz"], "unknown game"),
        (["AhKh", "QsQc", "--exact", "--samples", "10"], "either --exact or --samples"),
    ],
)
def test_command_bad_input_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    out = CliRunner().invoke(_app(), ["equity", *args])
    assert out.exit_code == 2
    assert words in out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.output
