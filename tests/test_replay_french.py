"""French five-card draw hands (NFD, PFD, FFD) replayed through the engine.

Real engine hands are written as PHH by ``notation.export.hand_history``,
read back, and replayed by ``notation.replay``: the game and the stakes come
from the house rules (RULES.md section 5), the offers before the deal
(surblind, buying the pot) are actions, and the replay ends with the same
stacks as the hand played.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerbonus.engine import Hand
from pokerbonus.engine.events import BlindPosted, CardBurned, Drew, PotBought, StubReshuffled
from pokerbonus.engine.state import deck_for_hands
from pokerbonus.engine.table import random_legal_action
from pokerbonus.errors import ConfigurationError
from pokerbonus.notation import dumps, loads
from pokerbonus.notation.export import hand_history
from pokerbonus.notation.replay import replay_hand, replay_history
from pokerbonus.rules import Stakes
from pokerbonus.rules.betting import POT_LIMIT, limit
from pokerbonus.rules.games import GameDef, five_card_draw

TABLES: list[tuple[str, GameDef, Stakes, int]] = [
    ("pot", five_card_draw(), Stakes(ante=1), 4),
    ("blind-surblinds", five_card_draw(), Stakes(ante=0, blind=2), 5),
    ("limit-bought-pots", five_card_draw(structure=limit(2, 4)), Stakes(ante=1, buy_pot=True), 3),
    ("pot-limit-jokers-max5",
     five_card_draw(structure=POT_LIMIT, jokers=2, max_discard=5, wheel=False), Stakes(ante=2), 5),
    ("joker-archaic-52", five_card_draw(jokers=1, ranking="archaic", deck_size=52),
     Stakes(ante=0, blind=4), 6),
    ("heads-up-blind", five_card_draw(), Stakes(ante=0, blind=2), 2),
]  # fmt: skip


def play(game: GameDef, stakes: Stakes, n: int, seed: int) -> Hand:
    rng = random.Random(seed)
    stacks = [rng.randrange(10, 150) for _ in range(n)]
    hand = Hand(game, stacks, dealer=seed % n, stakes=stakes, rng=rng)
    while not hand.finished:
        hand.act(random_legal_action(hand, rng))
    return hand


def replayed_stacks(hand: Hand) -> tuple[int, ...]:
    """Replay the PHH of ``hand`` (written, read back) and give the stacks in
    engine seat order (PHH p1 is the seat left of the dealer)."""
    [history] = loads(dumps(hand_history(hand)))
    twin = replay_hand(history)
    assert twin.finished
    n, dealer = hand.n, hand.dealer
    by_seat = [0] * n
    for player, stack in enumerate(twin.stacks):
        by_seat[(dealer + 1 + player) % n] = stack
    return tuple(by_seat)


@pytest.mark.parametrize(("name", "game", "stakes", "n"), TABLES, ids=[t[0] for t in TABLES])
def test_random_french_hands_replay_to_the_same_stacks(
    name: str, game: GameDef, stakes: Stakes, n: int
) -> None:
    replayed = 0
    seen: set[str] = set()
    for seed in range(40):
        hand = play(game, stakes, n, seed)
        if any(isinstance(e, StubReshuffled) for e in hand.events):
            continue  # the new stub's order comes from the rng, which PHH does not record
        assert replayed_stacks(hand) == hand.stacks, (name, seed)
        replayed += 1
        for event in hand.events:
            if isinstance(event, BlindPosted) and event.kind == "surblind":
                seen.add("surblind")
            elif isinstance(event, PotBought):
                seen.add("bought")
            elif isinstance(event, Drew) and event.count >= 4:
                seen.add(f"drew {event.count}")
            elif isinstance(event, CardBurned):
                seen.add("burn")
    assert replayed >= 30
    # The tables exercise what they are named for.
    if "surblinds" in name:
        assert "surblind" in seen
    if "bought" in name:
        assert "bought" in seen
    if "max5" in name:
        assert "drew 5" in seen


def test_four_card_exchange_served_last_burns_a_card_before_the_fourth() -> None:
    """RULES.md section 5: the last player served takes four: three cards, a burn, the fourth."""
    deck = deck_for_hands(["As Ad Kc Qd 7h", "Ks Kd Kh 8d 7d"], dealer=1,
                          stub="9c 9d 9h Tc Th", deck_size=32)  # fmt: skip
    hand = Hand(five_card_draw(), [50, 50], dealer=1, stakes=Stakes(ante=1), deck=deck)
    hand.check_or_call()  # seat 0 checks
    hand.check_or_call()  # seat 1 (the dealer) checks
    hand.stand_pat()  # seat 0
    hand.discard(hand.hole_cards(1)[1:])  # the dealer, served last, takes four
    hand.check_or_call()
    hand.check_or_call()
    assert any(isinstance(e, CardBurned) for e in hand.events)
    history = hand_history(hand)
    assert [str(a) for a in history.actions][4:8] == [
        "p1 sd",
        "p2 sd KdKh8d7d",
        "d dh p2 9c9d9h",
        "d dh p2 Th",
    ]  # the burned card (Tc) is not written: the replay puts one back
    assert replayed_stacks(hand) == hand.stacks
    [copy] = loads(dumps(history).replace("_fourth_card_burn = true",
                                          "_fourth_card_burn = false"))  # fmt: skip
    with pytest.raises(ConfigurationError, match="_fourth_card_burn = false"):
        replay_hand(copy)


def test_record_without_offer_actions_decides_them_from_the_forced_bets() -> None:
    """Older records have no sb/nsb/bp actions: blinds_or_straddles says who took them."""
    for seed in range(20):
        hand = play(five_card_draw(), Stakes(ante=0, blind=2), 4, seed)
        if any(isinstance(e, StubReshuffled) for e in hand.events):
            continue
        text = "\n".join(
            line
            for line in dumps(hand_history(hand)).splitlines()
            if not line.strip().strip(",").strip('"').endswith(("sb", "nsb"))
        )
        [history] = loads(text)
        result = replay_history(history, "old.phh", 0)
        assert result.ok, (seed, result.error)


def test_replay_command_reports_french_files_ok(tmp_path: Path) -> None:
    import typer

    from pokerbonus.cli.replay import replay_command

    for seed in range(6):
        name, game, stakes, n = TABLES[seed % len(TABLES)]
        hand = play(game, stakes, n, seed)
        if not any(isinstance(e, StubReshuffled) for e in hand.events):
            (tmp_path / f"{name}-{seed}.phh").write_text(dumps(hand_history(hand)))
    app = typer.Typer()
    app.command()(replay_command)
    out = CliRunner().invoke(app, [str(tmp_path), "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    assert len(rows) >= 4
    assert all(r["ok"] and r["error"] is None and r["expected"] is not None for r in rows)
    assert {r["variant"] for r in rows} >= {"NFD", "FFD", "PFD"}
