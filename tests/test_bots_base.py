"""The bot interface: views only, budgets and fallbacks, the compiled helpers."""

from __future__ import annotations

import dataclasses
import gc
import itertools
import random

import numpy as np
import pytest

from pokerbonus.analysis.draw import category_strength, draw_odds, rank_discards
from pokerbonus.bots import LADDER, Budget, GameInfo, fallback_action, is_legal, make_bot
from pokerbonus.bots.base import exact_discards, read_view, standard_discard
from pokerbonus.bots.kernels import discard_mask, score5
from pokerbonus.cards import Card, make_deck, parse_cards
from pokerbonus.engine import Action, Hand, LegalActions, deck_for_hands
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands import Category, evaluate
from pokerbonus.rules import FIVE_CARD_DRAW

# -- bots see only their view -------------------------------------------------------


def _two_hands_same_public(seed: int) -> tuple[Hand, Hand]:
    """Two hands where seat 1 holds the same cards and the same stub comes next,
    but the other seats hold different cards."""
    rng = random.Random(seed)
    deck = list(make_deck(32))
    rng.shuffle(deck)
    mine = deck[:5]
    others_a = [deck[5:10], deck[10:15]]
    others_b = [deck[10:15], deck[15:20]]
    used_a = set(mine) | set(others_a[0]) | set(others_a[1])
    used_b = set(mine) | set(others_b[0]) | set(others_b[1])
    stub = [c for c in deck if c not in used_a | used_b][:9]
    hands = []
    for others in (others_a, others_b):
        order = deck_for_hands([others[0], mine, others[1]], dealer=2, stub=stub, deck_size=32)
        hands.append(Hand(FIVE_CARD_DRAW, [100, 100, 100], dealer=2, deck=order))
    return hands[0], hands[1]


@pytest.mark.parametrize("name", LADDER)
def test_bots_decide_from_the_view_alone(name: str) -> None:
    """Hidden cards of other seats never change a bot's action: the same view
    (same own cards, same public history) gives the same answer."""
    info = GameInfo.from_game(FIVE_CARD_DRAW, 3)
    for seed in range(12):
        hand_a, hand_b = _two_hands_same_public(seed)
        assert hand_a.actor == 0
        hand_a.check_or_call()  # seat 0 checks in both hands
        hand_b.check_or_call()
        view_a, view_b = hand_a.view(1), hand_b.view(1)
        assert view_a == view_b  # the views agree although seats 0 and 2 hold other cards
        bot_a, bot_b = make_bot(name, seed), make_bot(name, seed)
        assert bot_a.decide(view_a, info) == bot_b.decide(view_b, info)


def test_a_view_reaches_no_hidden_card_and_no_hand() -> None:
    rng = random.Random(3)
    hand = Hand(FIVE_CARD_DRAW, [100, 100, 100], dealer=0, rng=rng)
    while hand.decision != "draw":
        hand.check_or_call()
    hand.discard(hand.hole_cards(1)[:3])
    seat = hand.actor
    assert seat is not None
    view = hand.view(seat)
    hidden = {c for s in range(3) if s != seat for c in hand.hole_cards(s)}
    hidden |= set(hand.deck_order[15:])  # the stub and the cards served to others

    seen: set[int] = set()
    stack: list[object] = [view]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        assert not isinstance(obj, Hand), "a view must not lead back to the hand"
        if isinstance(obj, Card):
            assert obj not in hidden or obj in view.hole
            continue
        if isinstance(obj, str | int | float | bool | type(None)):
            continue
        if dataclasses.is_dataclass(obj):
            stack += [getattr(obj, f.name) for f in dataclasses.fields(obj)]
        elif isinstance(obj, tuple | list | frozenset | set):
            stack += list(obj)
        else:
            stack += [r for r in gc.get_referents(obj) if not isinstance(r, type)]
    assert isinstance(view, SeatView)


# -- budget and fallback ------------------------------------------------------------


def test_budget_expires_on_the_callers_clock() -> None:
    now = [10.0]
    budget = Budget.starting_now(lambda: now[0], seconds=0.5, samples=100)
    assert not budget.expired()
    now[0] = 10.49
    assert not budget.expired()
    now[0] = 10.5
    assert budget.expired()
    assert not Budget(samples=5).expired()  # no clock: no deadline
    with pytest.raises(ConfigurationError, match="samples: must be at least 0, got -1"):
        Budget(samples=-1)


def test_fallback_checks_else_folds_stands_pat_and_declines() -> None:
    hole = parse_cards("As Kd 9c 8h 7s")
    assert fallback_action(LegalActions(0, "bet", can_check=True), hole).kind == "check_or_call"
    facing = LegalActions(0, "bet", can_fold=True, call_amount=5)
    assert fallback_action(facing, hole) == Action.fold()
    assert fallback_action(LegalActions(0, "draw", max_discard=3), hole) == Action.stand_pat()
    assert fallback_action(LegalActions(0, "buy_pot", offer_amount=3), hole).kind == "decline"
    discard = fallback_action(LegalActions(0, "discard", discard_count=2), hole)
    assert is_legal(discard, LegalActions(0, "discard", discard_count=2), hole)


def test_is_legal_matches_the_engine() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(200):
        hand = Hand(FIVE_CARD_DRAW, [rng.randint(5, 60) for _ in range(3)], dealer=0, rng=rng)
        while not hand.finished:
            legal = hand.legal_actions()
            hole = hand.hole_cards(legal.seat)
            candidates = [Action.fold(), Action.check_or_call(), Action.stand_pat()]
            candidates += [Action.raise_to(rng.randint(0, 70)) for _ in range(3)]
            candidates += [Action.discard(rng.sample(hole, rng.randint(1, 5)))]
            for action in candidates:
                engine_ok = hand.can_discard(action.cards) if action.kind == "discard" else True
                if action.kind != "discard":
                    try:
                        hand.verify(action)
                    except Exception:
                        engine_ok = False
                assert is_legal(action, legal, hole) == engine_ok, (action, legal)
                checked += 1
            hand.act(random_action_of(hand, rng))
    assert checked > 1000


def random_action_of(hand: Hand, rng: random.Random) -> Action:
    from pokerbonus.engine.random_play import random_action

    return random_action(hand, rng)


# -- compiled helpers against the evaluator and the draw odds ---------------------


@pytest.mark.parametrize(
    ("deck", "wheel", "ranking"),
    [(32, True, "modern"), (52, True, "modern"), (40, False, "archaic"), (44, True, "modern")],
)
def test_score_orders_hands_like_the_evaluator(deck: int, wheel: bool, ranking: str) -> None:
    rng = random.Random(deck)
    order = np.array([category_strength(c, ranking) for c in Category], dtype=np.int64)
    low = (52 - deck) // 4
    cards = list(make_deck(deck))
    hands = [rng.sample(cards, 5) for _ in range(1500)]
    # every straight of the deck too, the ace-low one included
    hands += [[Card(4 * (low + i) + (i == 0)) for i in range(4)] + [Card(51)]]
    values = [evaluate(h, "high", deck=deck, wheel=wheel, ranking=ranking) for h in hands]
    scores = [score5(np.array(h, dtype=np.int64), low, wheel, order) for h in hands]
    for (va, sa), (vb, sb) in itertools.islice(
        itertools.combinations(list(zip(values, scores, strict=True)), 2), 60_000
    ):
        assert (va < vb) == (sa < sb) and (va == vb) == (sa == sb)
    for value, score in zip(values, scores, strict=True):
        assert value.category is not None
        assert score >> 20 == category_strength(value.category, ranking)


@pytest.mark.parametrize(
    ("text", "thrown"),
    [
        ("As Ks Qs Js 7c", "7c"),  # four-flush
        ("Ah Ad Kc 9s 8h", "Kc 9s 8h"),  # pair
        ("Ah Ad Ac 9s 8h", "9s 8h"),  # trips
        ("Ah Ad 9c 9s 8h", "8h"),  # two pair
        ("8h 9d Tc Js Ah", "Ah"),  # open-ended straight draw
        ("7h 8d 9c Ts Ah", ""),  # the short deck's ace-low straight
        ("Ah Kd 9c 8s 7h", "9c 8s 7h"),  # high card: keep the two highest
    ],
)
def test_standard_draw_table(text: str, thrown: str) -> None:
    info = GameInfo(deck_size=32)
    assert standard_discard(parse_cards(text), info) == parse_cards(thrown)


def test_standard_table_with_a_joker_keeps_it() -> None:
    info = GameInfo(deck_size=32, jokers=1)
    hand = parse_cards("Jk Ad 9c 8s Qh")  # a pair of aces with the joker
    assert standard_discard(hand, info) == parse_cards("9c 8s Qh")
    assert standard_discard(parse_cards("Jk Ad 9c 8s 7h"), info) == ()  # A 7 8 9 (T) straight
    assert standard_discard(parse_cards("Jk Kd Qd 9d 7h"), info) == parse_cards("7h")


def test_standard_table_mask_is_a_valid_draw() -> None:
    rng = random.Random(5)
    order = np.arange(10, dtype=np.int64)
    for _ in range(3000):
        hand = np.array(rng.sample(range(52), 5), dtype=np.int64)
        mask = discard_mask(hand, 0, True, order)
        assert 0 <= mask < 32 and bin(mask).count("1") <= 3


def test_cached_exact_discards_equal_rank_discards() -> None:
    """The suit-pattern cache gives the same choice and odds as the draw-odds API."""
    info = GameInfo(deck_size=32)
    rng = random.Random(8)
    goal = {Category.TWO_PAIR: 1.0, Category.TRIPS: 1.5, Category.STRAIGHT: 2.0}
    for _ in range(15):
        hand = tuple(rng.sample(make_deck(32), 5))
        ours = exact_discards(hand, goal, 3, info)
        reference = rank_discards(hand, goal, max_discard=3, deck=32)
        assert [odds.value for _, odds in ours] == pytest.approx([r.value for r in reference])
        assert set(ours[0][0]) <= set(hand)
        best = rank_discards(hand, goal, max_discard=3, deck=32)
        values = {frozenset(r.discard): r.value for r in best}
        assert values[frozenset(ours[0][0])] == pytest.approx(reference[0].value)


def test_read_view_counts_draws_and_bets() -> None:
    rng = random.Random(2)
    hand = Hand(FIVE_CARD_DRAW, [100, 100, 100], dealer=0, rng=rng)
    hand.complete_bet_or_raise_to(4)  # seat 1 opens
    hand.check_or_call()  # seat 2 calls
    hand.fold()  # seat 0 folds
    hand.discard(hand.hole_cards(1)[:2])
    view = hand.view(2)
    read = read_view(view)
    assert read.live == (1,)
    assert read.drawn == (-1, 2, -1)
    assert read.aggressor_before == {1} and read.after_draw  # the draw has begun
    assert view.legal is not None and view.legal.decision == "draw"


@pytest.mark.parametrize(
    ("deck", "wheel", "ranking"),
    [(32, True, "modern"), (44, False, "archaic"), (52, True, "modern")],
)
def test_compiled_draw_counts_equal_draw_odds(deck: int, wheel: bool, ranking: str) -> None:
    """The compiled exact count behind the cache gives draw_odds' counts for every
    discard of up to three cards (categories do not depend on the ranking)."""
    info = GameInfo(deck_size=deck, wheel=wheel, ranking=ranking)
    rng = random.Random(deck)
    for _ in range(6):
        hand = tuple(rng.sample(make_deck(deck), 5))
        ours = exact_discards(hand, {Category.FLUSH: 1.0, Category.PAIR: 0.25}, 3, info)
        assert len(ours) == 26  # every choice of up to three cards
        for discard, odds in ours:
            reference = draw_odds(hand, discard, deck=deck, wheel=wheel, ranking=ranking)
            assert odds.counts == reference.counts and odds.outcomes == reference.outcomes


def test_the_station_draws_the_best_badugi_and_five_card_kernels_refuse_other_sizes() -> None:
    """The station's standard draw in badugi keeps the best badugi (it used to hand
    four cards to the five-card table, whose compiled kernel read past them); in
    lowball it keeps one card of each rank ten or lower."""
    from pokerbonus.bots.game_bots import bot_for
    from pokerbonus.errors import InvalidHandError
    from pokerbonus.hands.low import badugi_best
    from pokerbonus.rules.catalog import CATALOG

    entry = CATALOG["badugi"]
    info = GameInfo.from_game(entry.game(), 2, entry.stakes())
    assert info.evaluation == "badugi"
    assert GameInfo.from_game(FIVE_CARD_DRAW, 4).evaluation == "high"
    rng = random.Random(5)
    deck = make_deck(52)
    for _ in range(300):
        cards = tuple(rng.sample(deck, 4))
        thrown = standard_discard(cards, info)
        kept = tuple(c for c in cards if c not in thrown)
        assert sorted(kept) == sorted(badugi_best(cards)[1])
    for key, ace_low in (("ace-to-five-draw", True), ("deuce-to-seven-triple-draw", False)):
        low = CATALOG[key]
        low_info = GameInfo.from_game(low.game(), 2, low.stakes())
        for _ in range(300):
            cards = tuple(rng.sample(deck, 5))
            thrown = standard_discard(cards, low_info)
            kept = tuple(c for c in cards if c not in thrown)
            ranks = [-1 if ace_low and c.rank == 12 else c.rank for c in kept]
            assert len(set(ranks)) == len(ranks) and max(ranks, default=0) <= 8  # ten
            assert len(kept) == len(
                {c.rank for c in cards if c.rank <= 8 or (ace_low and c.rank == 12)}
            )
    with pytest.raises(InvalidHandError, match="five cards needed, got 4"):
        standard_discard(parse_cards("Ah 2d 3d Kc"), GameInfo(52))
    station = bot_for("badugi", "station", seed=1)
    hand = Hand(entry.game(), [200, 200], 0, entry.stakes(), rng=random.Random(3))
    while hand.legal_actions().decision != "draw":
        hand.act(Action.check_or_call())
    assert hand.actor is not None
    view = hand.view(hand.actor)
    action = station.decide(view, info)
    assert action.kind == "discard"
    assert sorted(action.cards) == sorted(standard_discard(view.hole, info))
