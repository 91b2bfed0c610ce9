"""The draw ladder: legal actions everywhere, seeds, budgets, each level's rules."""

from __future__ import annotations

import dataclasses
import random

import pytest

from pokerbonus.bots import LADDER, Budget, GameInfo, HardBot, is_legal, kernels, make_bot
from pokerbonus.bots import draw as draw_bots
from pokerbonus.bots.base import read_view, standard_discard
from pokerbonus.bots.draw import read_ranges
from pokerbonus.engine import Action, Hand, deck_for_hands
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import game_for
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands import Category
from pokerbonus.rules import FIVE_CARD_DRAW, Stakes
from pokerbonus.sim.match import stakes_for


def _random_table(rng: random.Random) -> TableConfig:
    betting = rng.choice(["no-limit", "pot-limit", "limit"])
    bets = {"small_bet": 2, "big_bet": 4} if betting == "limit" else {}
    return TableConfig(
        players=rng.randint(2, 8),
        betting=betting,  # type: ignore[arg-type]
        jokers=rng.choice([0, 0, 1, 2]),
        wheel=rng.random() < 0.8,
        ranking=rng.choice(["modern", "modern", "archaic"]),
        max_discard=rng.choice([3, 3, 5]),
        forced_bets=rng.choice(["pot", "blind"]),
        buy_pot=rng.random() < 0.3,
        **bets,  # type: ignore[arg-type]
    )


def test_every_bot_action_is_legal_over_random_tables() -> None:
    """Random house rules, random stacks, a random mix of bots: every answer is legal
    by the view and accepted by the engine."""
    rng = random.Random(2024)
    decisions = dict.fromkeys(LADDER, 0)
    for table in range(60):
        config = _random_table(rng)
        if config.forced_bets == "blind" and config.buy_pot:
            config = TableConfig.from_dict({**config.to_dict(), "buy_pot": False})
        game = game_for(config)
        stakes = stakes_for(config)
        info = GameInfo.from_game(game, config.players, stakes)
        bots = [make_bot(rng.choice(LADDER), rng.getrandbits(32)) for _ in range(config.players)]
        for _ in range(4):
            stacks = [rng.randint(1, 120) for _ in range(config.players)]
            hand = Hand(game, stacks, rng.randrange(config.players), stakes, rng=rng)
            while not hand.finished:
                seat = hand.actor
                assert seat is not None
                view = hand.view(seat)
                assert view.legal is not None
                action = bots[seat].decide(view, info, Budget(samples=60))
                assert is_legal(action, view.legal, view.hole), (bots[seat], action, view.legal)
                hand.verify(action)  # the engine agrees
                hand.act(action)
                decisions[bots[seat].name] += 1
        assert table >= 0
    assert all(count > 20 for count in decisions.values()), decisions


@pytest.mark.parametrize("name", LADDER)
def test_same_seed_same_play(name: str) -> None:
    def play(seed: int) -> list[Action]:
        bots = [make_bot(name, seed), make_bot(name, seed + 1), make_bot(name, seed + 2)]
        info = GameInfo.from_game(FIVE_CARD_DRAW, 3)
        rng = random.Random(9)
        actions = []
        for h in range(15):
            hand = Hand(FIVE_CARD_DRAW, [60, 60, 60], dealer=h % 3, rng=rng)
            while not hand.finished:
                seat = hand.actor
                assert seat is not None
                action = bots[seat].decide(hand.view(seat), info)
                actions.append(action)
                hand.act(action)
        return actions

    assert play(5) == play(5)


def test_random_bot_uses_every_kind() -> None:
    rng = random.Random(1)
    bot = make_bot("random", 3)
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    kinds: set[str] = set()
    for h in range(40):
        hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=h % 2, rng=rng)
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            action = bot.decide(hand.view(seat), info)
            kinds.add(action.kind if action.kind != "discard" else f"draw{len(action.cards)}")
            hand.act(action)
    assert {"fold", "check_or_call", "raise_to", "draw0", "draw3"} <= kinds


def test_station_calls_everything_and_draws_by_the_table() -> None:
    rng = random.Random(4)
    station = make_bot("station", 1)
    other = make_bot("random", 2)
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    for h in range(60):
        hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=h % 2, rng=rng)
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            view = hand.view(seat)
            if seat == 0:
                action = station.decide(view, info)
                if view.decision == "bet":
                    assert action == Action.check_or_call()
                else:
                    assert action.cards == standard_discard(view.hole, info)
            else:
                action = other.decide(view, info)
            hand.act(action)


def test_hard_bot_falls_back_when_its_time_is_up() -> None:
    rng = random.Random(6)
    info = GameInfo.from_game(FIVE_CARD_DRAW, 3)
    hard = HardBot(1)
    hard.warm_up(info)
    late = Budget(samples=400, seconds=0.0, clock=lambda: 5.0, start=5.0)  # already over
    checked = folded = 0
    for h in range(30):
        hand = Hand(FIVE_CARD_DRAW, [100, 100, 100], dealer=h % 3, rng=rng)
        if rng.random() < 0.5:
            hand.complete_bet_or_raise_to(5)  # seat 1 opens: seat 2 faces a bet
        view = hand.view(hand.actor)
        assert view.legal is not None
        action = hard.decide(view, info, late)
        if view.legal.can_check:
            assert action == Action.check_or_call()
            checked += 1
        else:
            assert action == Action.fold()
            folded += 1
    assert checked and folded


def test_hard_bot_equity_uses_the_work_cap() -> None:
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0, rng=random.Random(2))
    view = hand.view(1)
    bot = HardBot(3)
    assert bot.equity(view, info, read_view(view), Budget(samples=0)) is None
    equity = bot.equity(view, info, read_view(view), Budget(samples=200))
    assert equity is not None and 0.0 <= equity <= 1.0


def test_game_info_and_unknown_bot() -> None:
    info = GameInfo.from_game(game_for(TableConfig(players=6)), 6, Stakes.blind_game(4))
    assert (info.deck_size, info.unit, info.betting) == (44, 4, "no-limit")
    with pytest.raises(ConfigurationError, match="unknown difficulty 'pro'"):
        make_bot("pro")


# -- hard: range reads, multiway caution, the work it saves ---------------------------


def _after_the_draw_facing_a_bet(players: int) -> tuple[Hand, int]:
    """Seat 1 holds trip nines after the draw. Everyone checked, the others drew
    three, seat 1 drew two and checked after the draw; the next seat bets into
    everyone and the seats up to seat 1 call. Returns the hand (seat 1 to act,
    facing the bet) and the bettor."""
    hands = ["Ac Ad Kc Qh 7h", "9c 9d 9h Ks 7c", "Tc Td Ah 8s 7d", "Jc Jd As 8h 7s"]
    stub = "8c Kd Qc Js 8d Jh Th Qd Kh Ts Qs"  # the draws
    order = deck_for_hands(hands[:players], dealer=0, stub=stub, deck_size=32)
    hand = Hand(FIVE_CARD_DRAW, [100] * players, dealer=0, deck=order)
    for _ in range(players):
        hand.check_or_call()
    for k in range(players):
        seat = (1 + k) % players
        held = hand.hole_cards(seat)
        hand.discard(held[3:] if seat == 1 else held[2:])  # seat 1 keeps its trips
    assert hand.actor == 1
    hand.check_or_call()
    bettor = 2 % players
    hand.complete_bet_or_raise_to(6)
    while hand.actor != 1:
        hand.check_or_call()
    return hand, bettor


def test_read_ranges_tighten_multiway_and_on_raises() -> None:
    """A bet into many players and a raise read stronger than a heads-up bet; bluffs
    are read rarer multiway."""
    info = GameInfo.from_game(FIVE_CARD_DRAW, 4)
    multi, bettor = _after_the_draw_facing_a_bet(4)
    heads_up, hu_bettor = _after_the_draw_facing_a_bet(2)
    multi_read = read_ranges(multi.view(1), info)[bettor]
    heads_up_read = read_ranges(heads_up.view(1), info)[hu_bettor]
    assert multi_read.min_after > 0 and heads_up_read.min_after > 0
    assert multi_read.min_after > heads_up_read.min_after
    assert multi_read.bluff < heads_up_read.bluff
    assert read_ranges(multi.view(1), info)[3].min_after == 0  # a caller: no read
    hand, _ = _after_the_draw_facing_a_bet(4)
    hand.complete_bet_or_raise_to(20)  # seat 1 raises
    raised = read_ranges(hand.view(3), info)[1]
    assert raised.min_after > multi_read.min_after and raised.bluff < multi_read.bluff


def test_hard_does_not_raise_trips_into_a_multiway_bet() -> None:
    """The leak found against medium: trips raised into a bet made into several
    players. Heads-up the same trips are worth more than against the multiway bet."""
    info = GameInfo.from_game(FIVE_CARD_DRAW, 4)
    hand, _ = _after_the_draw_facing_a_bet(4)
    view = hand.view(1)
    assert view.legal is not None
    for s in range(6):
        action = HardBot(s).decide(view, info)
        assert action.kind != "raise_to", action
    bot = HardBot(1)
    multi = bot.equity(view, info, read_view(view), Budget(samples=400))
    hu_hand, _ = _after_the_draw_facing_a_bet(2)
    hu_view = hu_hand.view(1)
    heads_up = bot.equity(hu_view, GameInfo.from_game(FIVE_CARD_DRAW, 2), read_view(hu_view),
                          Budget(samples=400))  # fmt: skip
    assert multi is not None and heads_up is not None and multi < heads_up


def test_hard_equity_stops_early_when_the_decision_is_clear(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sequential sampling: far from every threshold one chunk of deals suffices;
    with no threshold the whole work cap is used."""
    calls: list[int] = []
    real = kernels.showdown_equity

    def counting(*args: object) -> float:
        calls.append(1)
        return float(real(*args))  # type: ignore[arg-type]

    monkeypatch.setattr(draw_bots, "showdown_equity", counting)
    info = GameInfo.from_game(FIVE_CARD_DRAW, 4)
    hand, _ = _after_the_draw_facing_a_bet(4)
    view = hand.view(1)
    bot = HardBot(2)
    bot.equity(view, info, read_view(view), Budget(samples=400))
    assert len(calls) == 400 // bot.chunk
    calls.clear()
    bot.equity(view, info, read_view(view), Budget(samples=400), decide_at=(0.999,))
    assert len(calls) == 1


# -- hard against the stand-pat bluff and the all-in ----------------------------------


def _stand_pat_bet(bet_to: int, mine: str = "Ac Ad Kc Qh 7h") -> Hand:
    """Heads-up: seat 1 holds ``mine`` (a pair of aces) and draws three (8c Kd Jh);
    seat 0 stood pat on nothing, and bets ``bet_to`` once seat 1 has checked. Seat 1
    is to act."""
    order = deck_for_hands(["9c Td Qd 8s 7d", mine], dealer=0, stub="8c Kd Jh", deck_size=32)
    hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0, deck=order)
    hand.check_or_call()
    hand.check_or_call()
    hand.discard(hand.hole_cards(1)[2:])
    hand.stand_pat()
    hand.check_or_call()
    hand.complete_bet_or_raise_to(bet_to)
    assert hand.actor == 1
    return hand


def test_pat_share_counts_the_hands_the_table_stands_pat_on() -> None:
    """Every five cards of the 32-card deck: the share the standard table stands pat on."""
    from itertools import combinations

    import numpy as np

    from pokerbonus.cards import make_deck

    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    deck = [int(c) for c in make_deck(32)]
    pat = sum(
        1
        for five in combinations(deck, 5)
        if kernels.discard_mask(np.array(five, dtype=np.int64), info.low, info.wheel, info.order)
        == 0
    )
    assert pat / 201376 == pytest.approx(draw_bots.pat_share(32, True), abs=1e-12)


def test_hard_calls_a_stand_pat_pot_bet_with_aces(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player who stood pat holds a pat hand one deal in thirty, or snows: hard
    reads the snow (``RangeRead.snow``) and calls a half-pot bet with a pair of
    aces; reading every stand-pat as a pat hand (the old read) it folds."""
    hand = _stand_pat_bet(1)
    view = hand.view(1)
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    read = read_ranges(view, info)[0]
    prior = draw_bots.SNOW_RATE[0]
    assert read.snow == pytest.approx(prior / (prior + draw_bots.pat_share(32, True)))
    assert read.snow > 1 / 3
    assert read_ranges(view, info)[1].snow == 0.0  # seat 1 drew three
    assert {HardBot(s).decide(view, info).kind for s in range(4)} == {"check_or_call"}
    monkeypatch.setattr(draw_bots, "SNOW_RATE", (0.0, 0.0))
    assert read_ranges(view, info)[0].snow == 0.0
    assert {HardBot(s).decide(view, info).kind for s in range(4)} == {"fold"}


def test_an_overbet_reads_more_bluffs_and_a_small_bet_a_weaker_hand() -> None:
    """The bluff read of a bet grows with its size past the pot (toward half for an
    all-in many times the pot); a bet under a third of the pot reads one pair
    instead of two pair after the draw."""
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    pot_bet = read_ranges(_stand_pat_bet(2).view(1), info)[0]
    all_in = read_ranges(_stand_pat_bet(99).view(1), info)[0]
    assert pot_bet.bluff == pytest.approx(0.2)
    assert all_in.bluff == pytest.approx(draw_bots.balanced_bluff(99 / 2))
    assert all_in.bluff > 0.49
    two_pair = draw_bots._min_score(info, Category.TWO_PAIR)
    assert pot_bet.min_after == all_in.min_after == two_pair
    hand = _after_small_bet()
    small = read_ranges(hand.view(1), info)[0]
    assert small.min_after == draw_bots._min_score(info, Category.PAIR)
    in_limit = read_ranges(hand.view(1), dataclasses.replace(info, betting="limit"))[0]
    assert in_limit.min_after == two_pair  # in limit the size is the rule's: no read from it


def _after_small_bet() -> Hand:
    """As :func:`_stand_pat_bet`, but seat 1 opened and seat 0 called before the
    draw, both drew three, and seat 0 bets the minimum into the pot of 10 chips: a
    bet under a third of the pot."""
    order = deck_for_hands(
        ["9c Td Qd 8s 7d", "Ac Ad Kc Qh 7h"], dealer=0, stub="8c Kd Jh Ks Qs Js", deck_size=32
    )
    hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0, deck=order)
    hand.complete_bet_or_raise_to(4)
    hand.check_or_call()
    hand.discard(hand.hole_cards(1)[2:])
    hand.discard(hand.hole_cards(0)[2:])
    hand.check_or_call()
    low = hand.view(0).legal
    assert low is not None and low.min_raise_to is not None
    hand.complete_bet_or_raise_to(low.min_raise_to)
    assert hand.actor == 1
    return hand


def test_hard_defends_half_its_range_against_a_stand_pat_pot_bet() -> None:
    """The minimum defence (``HardBot.defends``): facing a pot-sized bet after the draw
    from a player who stood pat, hard calls with a hand in the top half of its own
    range (a pair of aces after drawing three) and folds one below (a pair of
    sevens); a bet of three pots, which a balanced bettor makes with more bluffs
    (3/7) than the prior reads among stand-pats (37%), gets no such defence."""
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    aces = _stand_pat_bet(2).view(1)
    sevens = _stand_pat_bet(2, "7c 7h Ks Qh 9h").view(1)
    large = _stand_pat_bet(6).view(1)
    assert draw_bots.facing_fraction(aces) == pytest.approx(1.0)
    assert draw_bots.facing_fraction(large) == pytest.approx(3.0)
    for seed in range(4):
        bot = HardBot(seed)
        budget = Budget(samples=400)
        assert bot.defends(aces, info, read_view(aces), budget)
        assert not bot.defends(sevens, info, read_view(sevens), budget)
        assert not bot.defends(large, info, read_view(large), budget)
    assert {HardBot(s).decide(aces, info).kind for s in range(4)} == {"check_or_call"}
    assert {HardBot(s).decide(sevens, info).kind for s in range(4)} == {"fold"}
    assert {HardBot(s).decide(large, info).kind for s in range(4)} == {"fold"}


def test_the_opponent_model_reads_a_player_who_stands_pat_too_often() -> None:
    """``hard``'s opponent model (fed by ``hand_over``): after 100 deals in which the
    opponent stood pat 90 times, its stand-pat reads as a snow nearly always, and
    hard plays on against a three-pot bet with its pair of aces (it folds with no
    hands seen); a player seen to stand pat no more than the prior says leaves the
    read as it was."""
    from pokerbonus.bots.model import Tally

    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    view = _stand_pat_bet(6).view(1)
    fresh = HardBot(1)
    prior = read_ranges(view, info, fresh.pat_rates(view, info))[0]
    assert prior.snow == pytest.approx(read_ranges(view, info)[0].snow)
    honest = HardBot(1)
    honest.model._tallies[(1, 2)] = Tally(deals=1000, pats=30)
    assert read_ranges(view, info, honest.pat_rates(view, info))[0].snow == pytest.approx(
        prior.snow
    )
    taught = HardBot(1)
    taught.model._tallies[(1, 2)] = Tally(deals=100, pats=90)
    snowing = read_ranges(view, info, taught.pat_rates(view, info))[0]
    assert snowing.snow > 0.9 > prior.snow
    for seed in range(4):
        fresh, taught = HardBot(seed), HardBot(seed)
        taught.model._tallies[(1, 2)] = Tally(deals=100, pats=90)
        assert fresh.decide(view, info).kind == "fold"
        assert taught.decide(view, info).kind != "fold"


def test_matches_tell_each_bot_the_finished_hand() -> None:
    """``Bot.hand_over`` is called once per hand and seat with the seat's view of the
    finished hand; ``hard``'s model counts every deal of its opponent, who stands pat
    (the stand-pat bluffer of the gauntlet) in every hand it plays to the draw."""
    from pokerbonus.bots import Bot
    from pokerbonus.bots.gauntlet import Bluffer
    from pokerbonus.engine.views import SeatView
    from pokerbonus.sim.game_match import play_game_match

    seen: list[tuple[int | None, bool]] = []
    bots: dict[str, HardBot] = {}

    class Noting(HardBot):
        def hand_over(self, view: SeatView, info: GameInfo) -> None:
            seen.append((view.seat, view.finished))
            super().hand_over(view, info)

    def factory(name: str, seed: int) -> Bot:
        if name == "bluffer":
            return Bluffer(seed)
        bots[name] = Noting(seed)
        return bots[name]

    play_game_match(
        FIVE_CARD_DRAW, Stakes.pot_game(1), ["hard", "bluffer"], 40, seed=3,
        duplicate=True, factory=factory,
    )  # fmt: skip
    assert len(seen) == 40 and all(done for _, done in seen)
    assert {seat for seat, _ in seen} == {0, 1}
    tally = bots["hard"].model.tally(0, 1, 2)
    assert tally.deals == 40 and tally.pats >= 15  # it folds some hands before the draw
