"""PokerStars-style text of finished engine hands (pokerbonus.notation.pokerstars):
for each family (board games, stud, draw) the text has the structure of real
PokerStars histories and its totals add up: the pot is the sum of what each
player put in less what came back, the chips collected are the pot, and each
player's stack moves by what they collected less what they put in."""

from __future__ import annotations

import dataclasses
import datetime
import random
import re
from collections import defaultdict

import pytest

from pokerbonus.engine import Hand
from pokerbonus.engine.events import CardsDealt, CardsServed, Discarded, Drew
from pokerbonus.engine.table import random_legal_action
from pokerbonus.errors import NotationError
from pokerbonus.notation import dumps, loads
from pokerbonus.notation.pokerstars import SPECTATOR, family_of, hand_text, history_text
from pokerbonus.notation.replay import history_of, replay_hand
from pokerbonus.rules import FIVE_CARD_DRAW, Stakes
from pokerbonus.rules.betting import BettingKind
from pokerbonus.rules.catalog import CATALOG

GAMES: list[tuple[str, BettingKind]] = [
    ("holdem", "no-limit"), ("holdem", "limit"), ("omaha", "pot-limit"),
    ("omaha-hi-lo", "limit"), ("double-board-holdem", "no-limit"), ("courchevel", "pot-limit"),
    ("pineapple", "no-limit"), ("irish", "pot-limit"),
    ("seven-card-stud", "limit"), ("razz", "limit"), ("stud-hi-lo", "limit"),
    ("five-card-stud", "limit"), ("deuce-to-seven-triple-draw", "limit"),
    ("deuce-to-seven-single-draw", "no-limit"), ("badugi", "limit"),
    ("ace-to-five-draw", "limit"),
]  # fmt: skip
STREETS = {
    "board": ["HOLE CARDS", "FLOP", "TURN", "RIVER"],
    "stud": ["2nd STREET", "3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER"],
    "draw": ["DEALING HANDS", "DRAW", "FIRST DRAW", "SECOND DRAW", "THIRD DRAW"],
}
_AMOUNT_LINES = [
    (re.compile(r"(.+): posts the ante (\d+)$"), "dead"),
    (re.compile(r"(.+): buys the pot (\d+)$"), "dead"),
    (re.compile(r"(.+): posts (?:small blind|big blind|blind|straddle) (\d+)$"), "to"),
    (re.compile(r"(.+): brings in for (\d+)$"), "to"),
    (re.compile(r"(.+): bets (\d+)(?: and is all-in)?$"), "to"),
    (re.compile(r"(.+): completes it to (\d+)(?: and is all-in)?$"), "to"),
    (re.compile(r"(.+): raises \d+ to (\d+)(?: and is all-in)?(?: \(surblind\))?$"), "to"),
    (re.compile(r"(.+): calls (\d+)(?: and is all-in)?$"), "add"),
    (re.compile(r"Uncalled bet \((\d+)\) returned to (.+)$"), "back"),
    (re.compile(r"(.+) takes the blind \((\d+)\) back$"), "back"),
]


def play(key: str, kind: BettingKind, seed: int, players: int = 4) -> Hand:
    entry = CATALOG[key]
    rng = random.Random(seed)
    stacks = [rng.randrange(20, 200) for _ in range(players)]
    stud = entry.forced == "bring-in"
    stakes = Stakes(ante=1, bring_in=1) if stud else Stakes(ante=0, blinds=(1, 2))
    hand = Hand(entry.game(kind), stacks, dealer=players - 1, stakes=stakes, rng=rng)
    while not hand.finished:
        hand.act(random_legal_action(hand, rng))
    return hand


def check_text(hand: Hand, text: str, names: list[str], hero: int | None = None) -> None:
    """The structure of PokerStars text and the totals it states, against the hand."""
    lines = text.splitlines()
    assert re.fullmatch(r"PokerStars Hand #\d+: .+ (No Limit|Pot Limit|Limit) \(.+\)", lines[0])
    table = re.fullmatch(rf"Table '.+' {hand.n}-max Seat #{hand.dealer + 1} is the button"
                         r"(?: \((\d+)-card deck(?:, (\d) joker\(s\))?\))?", lines[1])  # fmt: skip
    assert table is not None, lines[1]
    # A deck other than 52 cards without jokers is named (the French draw's short decks).
    assert int(table[1] or 52) == hand.deck_size and int(table[2] or 0) == hand.game.jokers
    for seat in range(hand.n):
        assert lines[2 + seat] == f"Seat {seat + 1}: {names[seat]} " \
                                  f"({hand.starting_stacks[seat]} in chips)"  # fmt: skip
    headers = [line.split(" ***")[0][4:] for line in lines if line.startswith("*** ")]
    assert headers[-1] == "SUMMARY"
    family = family_of(hand)
    streets = [h.removeprefix("FIRST ").removeprefix("SECOND ") for h in headers
               if h not in ("SHOW DOWN", "SUMMARY", "BOARD")]  # fmt: skip
    assert streets and all(s in STREETS[family] for s in streets), headers
    put: dict[str, int] = defaultdict(int)  # chips put in, by name
    street: dict[str, int] = defaultdict(int)  # this street's bet, by name
    first_header = True
    for line in lines[2 + hand.n : lines.index("*** SUMMARY ***")]:
        if line.startswith("*** "):
            same_round = re.match(r"\*\*\* (SHOW DOWN|SECOND (FLOP|TURN|RIVER)|BOARD) ", line)
            if not first_header and not same_round:
                street.clear()
            first_header = False
            continue
        for pattern, how in _AMOUNT_LINES:
            match = pattern.fullmatch(line)
            if match is None:
                continue
            if how == "back":
                amount, name = (int(match[1]), match[2]) if line.startswith("Uncalled") else (
                    int(match[2]), match[1])  # fmt: skip
                put[name] -= amount
                street[name] -= amount
            else:
                name, amount = match[1], int(match[2])
                if how == "dead":
                    put[name] += amount
                elif how == "add":
                    put[name] += amount
                    street[name] += amount
                else:  # a bet or raise to a total for the street
                    put[name] += amount - street[name]
                    street[name] = amount
            break
    summary = lines[lines.index("*** SUMMARY ***") + 1]
    total = int(re.match(r"Total pot (\d+)", summary)[1])  # type: ignore[index]
    assert summary.endswith("| Rake 0")
    assert total == sum(put.values()) == sum(r.amount for r in hand.pot_results)
    pots = [int(x) for x in re.findall(r"(?:Main|Side) pot(?:-\d+)? (\d+)\.", summary)]
    assert not pots or sum(pots) == total
    collected: dict[str, int] = defaultdict(int)
    for line in lines:
        match = re.fullmatch(r"(.+) collected (\d+) from (?:pot|side pot-\d+)", line)
        if match:
            collected[match[1]] += int(match[2])
    assert sum(collected.values()) == total
    for seat, name in enumerate(names):
        assert hand.stacks[seat] == hand.starting_stacks[seat] - put[name] + collected[name]
        won = re.search(rf"Seat {seat + 1}: {re.escape(name)} .*(?:won|collected) \((\d+)\)",
                        text)  # fmt: skip
        assert (int(won[1]) if won else 0) == collected[name]
    if hero is not None:  # nobody else's private cards before the showdown
        before = text.split("*** SHOW DOWN ***")[0]
        for seat in range(hand.n):
            if seat == hero:
                continue
            down = [c for c in hand.hole_cards(seat) if c not in hand.up_cards(seat)]
            for card in down:
                assert (
                    str(card)
                    not in re.findall(rf"Dealt to {re.escape(names[seat])} (.*)", before).__str__()
                )


@pytest.mark.parametrize(("key", "kind"), GAMES, ids=[f"{k}-{s}" for k, s in GAMES])
def test_text_of_each_game_has_the_structure_and_totals_of_pokerstars(
    key: str, kind: BettingKind
) -> None:
    for seed in range(12):
        hand = play(key, kind, seed, players=2 + seed % 5)
        names = [f"pl{s}" for s in range(hand.n)]
        check_text(hand, hand_text(hand, players=names), names)
        check_text(hand, hand_text(hand, players=names, hero=0), names, hero=0)


def test_french_draw_with_surblinds_and_pot_buying() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        n = 3 + seed % 4
        stakes = Stakes(ante=0, blind=2) if seed % 2 else Stakes(ante=1, buy_pot=True)
        hand = Hand(FIVE_CARD_DRAW, [100] * n, dealer=n - 1, stakes=stakes, rng=rng)
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
        names = [f"p{s}" for s in range(n)]
        check_text(hand, hand_text(hand, players=names, hero=1), names, hero=1)


def test_a_stacked_holdem_hand_reads_like_pokerstars() -> None:
    text = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 50, 200]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QcJc", "p3 cbr 6", "p1 cbr 20", "p2 cc",
  "p3 f", "d db 2c7h9d", "p1 cbr 80", "p2 cc", "d db 3s", "d db 4d", "p1 sm AsAd", "p2 sm KsKd"]
players = ["ann", "bob", "cy"]
"""
    [history] = loads(text)
    out = history_text(history, number=42, hero=0)
    assert out.splitlines()[:6] == [
        "PokerStars Hand #42: Hold'em No Limit (1/2)",
        "Table 'Poker Bonus' 3-max Seat #3 is the button",
        "Seat 1: ann (100 in chips)",
        "Seat 2: bob (50 in chips)",
        "Seat 3: cy (200 in chips)",
        "ann: posts small blind 1",
    ]
    assert "Dealt to ann [As Ad]" in out and "Dealt to bob" not in out
    assert "ann: raises 14 to 20" in out and "bob: calls 18" in out
    assert "ann: bets 80 and is all-in" in out and "bob: calls 30 and is all-in" in out
    assert "Uncalled bet (50) returned to ann" in out
    assert "*** TURN *** [2c 7h 9d] [3s]" in out
    assert "ann collected 106 from pot" in out
    assert "Seat 3: cy (button) folded before Flop" in out
    check_text(replay_hand(history), out, ["ann", "bob", "cy"], hero=0)


def test_unfinished_hands_and_bad_names_are_refused() -> None:
    hand = Hand(FIVE_CARD_DRAW, [50, 50], dealer=1, stakes=Stakes(), rng=random.Random(1))
    with pytest.raises(NotationError, match="not finished"):
        hand_text(hand)
    hand.complete_bet_or_raise_to(5)
    hand.fold()
    with pytest.raises(NotationError, match="2 different names needed"):
        hand_text(hand, players=["a", "a"])
    with pytest.raises(NotationError, match="hero seat 5 is not a seat"):
        hand_text(hand, hero=5)


def _cards_in(text: str) -> set[str]:
    """Every card written in brackets in ``text``."""
    return {card for group in re.findall(r"\[([^\]]*)\]", text) for card in group.split()}


@pytest.mark.parametrize(("key", "kind"), GAMES, ids=[f"{k}-{s}" for k, s in GAMES])
def test_a_heros_text_shows_only_what_the_heros_view_shows(key: str, kind: BettingKind) -> None:
    """A tracker reads one player's history: that player's private cards, the up
    cards, the boards and the hands shown at the showdown, and nothing else."""
    for seed in range(6):
        hand = play(key, kind, seed, players=2 + seed % 4)
        names = [f"pl{s}" for s in range(hand.n)]
        public = {str(c) for e in hand.events if isinstance(e, CardsDealt) and e.face == "up"
                  for c in e.cards}  # fmt: skip
        public |= {str(c) for board in (hand.boards or (hand.board,)) for c in board}
        public |= {str(c) for cards in hand.shown.values() for c in cards}
        for hero in [*range(hand.n), SPECTATOR]:
            text = hand_text(hand, players=names, hero=hero)
            seen = public | ({str(c) for c in _every_card_of(hand, hero)} if hero != SPECTATOR
                             else set())  # fmt: skip
            assert _cards_in(text) <= seen, (hero, text)
            dealt_to = {line.split(" [")[0][9:] for line in text.splitlines()
                        if line.startswith("Dealt to ")}  # fmt: skip
            if family_of(hand) != "stud":  # stud: everyone's up cards are dealt in the open
                assert dealt_to == ({names[hero]} if hero != SPECTATOR else set()), text
            if hero != SPECTATOR:
                check_text(hand, text, names, hero=hero)
        # the house's record writes every private card
        assert {str(c) for c in _every_card_of(hand, None)} <= _cards_in(
            hand_text(hand, players=names)
        )


def _every_card_of(hand: Hand, seat: int | None) -> list[object]:
    """Every card ``seat`` held during the hand (``None``: every seat's), discards included."""
    cards: list[object] = []
    for event in hand.events:
        if isinstance(event, CardsDealt | CardsServed | Discarded | Drew) and (
            seat is None or event.seat == seat
        ):
            cards += event.cards
    return cards


def test_the_header_dates_the_hand_in_utc_and_et() -> None:
    hand = play("holdem", "no-limit", 3, players=3)
    when = datetime.datetime(2026, 12, 1, 23, 31, 25, tzinfo=datetime.UTC)
    first = hand_text(hand, hero=0, when=when).splitlines()[0]
    assert first.endswith(" - 2026/12/01 23:31:25 UTC [2026/12/01 18:31:25 ET]"), first
    summer = hand_text(hand, when=datetime.datetime(2026, 7, 1, 12, 0, 0)).splitlines()[0]
    assert summer.endswith(" - 2026/07/01 12:00:00 UTC [2026/07/01 08:00:00 ET]"), summer


def test_stakes_are_two_amounts_as_pokerstars_writes_them() -> None:
    for stakes, level in [
        (Stakes(ante=1), "(1/1)"),  # antes only: the ante as both amounts
        (Stakes(ante=0, blind=2), "(2/2)"),  # one blind
        (Stakes(ante=1, blinds=(1, 2)), "(1/2)"),  # blinds and antes: the blinds
    ]:
        rng = random.Random(2)
        hand = Hand(FIVE_CARD_DRAW, [60, 60, 60], dealer=2, stakes=stakes, rng=rng)
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
        assert re.fullmatch(r"PokerStars Hand #1: 5 Card Draw No Limit \(\d+/\d+\)",
                            hand_text(hand).splitlines()[0])  # fmt: skip
        assert hand_text(hand).splitlines()[0].endswith(level)


@pytest.mark.parametrize(("key", "kind"), GAMES, ids=[f"{k}-{s}" for k, s in GAMES])
def test_round_trip_through_our_phh_reader(key: str, kind: BettingKind) -> None:
    """A hand written as PHH, read back by our reader and replayed, gives the same
    PokerStars text, for the hero and for the house."""
    for seed in range(3):
        # three players or more: heads-up, the replay posts the two blinds in the other order
        hand = play(key, kind, seed, players=3 + seed)
        names = [f"pl{s}" for s in range(hand.n)]
        code = CATALOG[key].codes[kind]
        # PHH seats start left of the button; the engine's seat 0 is p1 when dealer is n-1
        assert hand.dealer == hand.n - 1
        history = dataclasses.replace(history_of(hand, code), players=tuple(names))
        [read] = loads(dumps(history))
        for hero in (0, hand.n - 1, None):
            expected = hand_text(hand, players=names, hero=hero, number=9)
            assert history_text(read, hero=hero, number=9) == expected
