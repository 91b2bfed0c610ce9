"""Rules fidelity, round 2 (issue 14): each rule of RULES.md sections 5, 6 and 8
that changed this month, through the public API (``Hand``, ``Stakes``), through a
``Table`` (``TableConfig``, TOML/JSON) and through PHH export and replay.

The pokerkit side (hand histories written by another engine) is
``test_pokerkit_replay.py``; the statistics' strategy order ``test_stats_draw.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pokerbonus.cards import Card, default_deck_size
from pokerbonus.engine import Hand, stacked_deck
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import (
    AllPassed,
    AntePosted,
    BlindPosted,
    CardsServed,
    Declined,
    Drew,
    StubReshuffled,
)
from pokerbonus.engine.kill import KillRule, KillState
from pokerbonus.engine.random_play import play_random_hand
from pokerbonus.engine.table import Table, random_legal_action
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.notation import dumps, loads
from pokerbonus.notation.export import hand_history, table_hand_history
from pokerbonus.notation.replay import history_of, replay_hand
from pokerbonus.rules import FIVE_CARD_DRAW, GameDef, Stakes, five_card_draw
from pokerbonus.rules.catalog import (
    CATALOG,
    ace_to_five_draw,
    badugi,
    deuce_to_seven_single_draw,
    deuce_to_seven_triple_draw,
    holdem,
)

NAMES = ("ann", "bob", "cy", "dan", "eve", "fay")


def _french(stacks: list[int], dealer: int, stakes: Stakes) -> Hand:
    deck = stacked_deck((), default_deck_size(len(stacks)))
    return Hand(FIVE_CARD_DRAW, stacks, dealer=dealer, stakes=stakes, deck=deck)


def _table(config: TableConfig, seed: int = 5) -> Table:
    return Table(config, random.Random(seed), NAMES[: config.players], seat_draw=False, dealer=0)


def _finish(hand: Hand) -> None:
    """Check or call to the end, standing pat at each draw."""
    while not hand.finished:
        if hand.decision in ("draw", "discard"):
            hand.stand_pat()
        elif hand.decision == "bet":
            hand.check_or_call()
        else:
            hand.decline()


def _replays_the_same(hand: Hand, text: str) -> None:
    """The PHH text replays to the hand's final stacks (in PHH order)."""
    again = replay_hand(loads(text)[0])
    n = hand.n
    ours = [hand.stacks[(hand.dealer + 1 + p) % n] for p in range(n)]
    assert [again.stacks[(again.dealer + 1 + p) % n] for p in range(n)] == ours


# -- 1. The blinder's last word (RULES.md section 5) -------------------------------------


def test_section5_the_blinder_speaks_last_when_everyone_calls() -> None:
    # The repro of the issue: three calls, and the blinder (seat 1) still speaks.
    hand = Hand(FIVE_CARD_DRAW, [100] * 4, dealer=0, stakes=Stakes.blind_game(2, surblind=False))
    for seat in (2, 3, 0):
        assert hand.actor == seat
        hand.check_or_call()
    assert hand.decision == "bet" and hand.actor == 1
    legal = hand.legal_actions()
    assert legal.can_check and legal.min_raise_to == 4  # check or raise, not fold
    hand.complete_bet_or_raise_to(6)  # the blinder raises: the others answer
    assert hand.actor == 2 and hand.legal_actions().call_amount == 4


def test_section5_the_last_surblinder_and_the_pot_buyer_have_the_last_word() -> None:
    hand = _french([100] * 5, dealer=0, stakes=Stakes.blind_game(2))
    hand.surblind()  # seat 2 to 4
    hand.surblind()  # seat 3 to 8: the overblind, the privilege
    hand.decline()  # seat 4
    for seat in (4, 0, 1, 2):
        assert hand.actor == seat
        hand.check_or_call()
    assert hand.actor == 3 and hand.legal_actions().can_check
    hand.check_or_call()
    assert hand.decision == "draw"
    bought = _french([100] * 3, dealer=0, stakes=Stakes.pot_game(2, buy_pot=True))
    bought.buy_pot()  # seat 1
    bought.complete_bet_or_raise_to(2)  # seat 2 opens
    bought.check_or_call()  # seat 0 calls
    assert bought.actor == 1  # the buyer speaks last, after the call
    bought.check_or_call()
    while bought.decision == "draw":
        bought.stand_pat()
    assert [bought.actor] == [2]  # second round: left of the buyer first, buyer last


def test_section5_the_blinder_speaks_last_at_a_table_and_in_its_hand_history() -> None:
    config = TableConfig(players=4, forced_bets="blind", surblind=False)
    table = _table(config)
    hand = table.start_hand()
    blinder = 1  # left of the dealer, seat 0
    assert hand.bets[blinder] == 2
    while hand.actor != blinder:
        hand.check_or_call()
    assert hand.legal_actions().can_check
    _finish(hand)
    plan = table.plan
    assert plan is not None
    history = table_hand_history(hand, config, plan, list(table.players), 1)
    checks = [str(a) for a in history.actions if str(a).endswith("cc")]
    assert "p1 cc" in checks[:4]  # the blinder (p1, left of the dealer) checks its option
    _replays_the_same(hand, dumps(history))
    table.finish_hand()
    table.check_chips()


# -- 2. Limit blinds from the small bet (RULES.md section 6) -----------------------------


def test_section6_limit_blinds_are_half_the_small_bet_and_the_small_bet() -> None:
    config = TableConfig(game="holdem", betting="limit", small_bet=10, big_bet=20, players=3)
    assert config.effective_blinds == (5, 10) and config.small_blind is None
    table = _table(config)
    hand = table.start_hand()
    assert sorted(hand.bets) == [0, 5, 10]
    assert hand.legal_actions().min_raise_to == 20  # a raise of one small bet
    assert TableConfig.from_toml(config.to_toml()) == config
    assert TableConfig.from_json(config.to_json()).effective_blinds == (5, 10)
    french = TableConfig(betting="limit", small_bet=10, big_bet=20, forced_bets="blind")
    assert french.effective_blind == 10
    plan = table.plan
    assert plan is not None
    _finish(hand)
    history = table_hand_history(hand, config, plan, list(table.players), 1)
    assert sorted(history.blinds_or_straddles or ()) == [0, 5, 10]
    _replays_the_same(hand, dumps(history))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"small_blind": 1, "big_blind": 2}, "big_blind: in limit the big blind equals the"),
        ({"big_blind": 10, "small_blind": 4}, "small_blind: in limit the small blind is half the"),
    ],
)  # fmt: skip
def test_section6_blinds_contradicting_the_small_bet_are_refused(
    fields: dict[str, int], message: str
) -> None:
    base = {"game": "holdem", "betting": "limit", "small_bet": 10, "big_bet": 20}
    with pytest.raises(ConfigurationError, match=message):
        TableConfig(**base, **fields)  # type: ignore[arg-type]
    assert TableConfig(**base, small_blind=5, big_blind=10).effective_blinds == (5, 10)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="blind: in limit the blind is the opening bet"):
        TableConfig(betting="limit", small_bet=10, big_bet=20, blind=4)


# -- 3. How deep the surblind chain goes (RULES.md section 5) ----------------------------


def test_section5_surblind_depth_stops_the_chain() -> None:
    only = _french([100] * 5, dealer=0, stakes=Stakes.blind_game(2, max_surblinds=1))
    only.surblind()  # seat 2: the surblind; no overblind offered to seat 3
    assert only.decision == "bet" and only.actor == 3
    two = _french([100] * 5, dealer=0, stakes=Stakes.blind_game(2, max_surblinds=2))
    two.surblind()
    two.surblind()  # the overblind; no third doubling
    assert two.decision == "bet" and two.bets == (0, 2, 4, 8, 0)
    unlimited = _french([100] * 5, dealer=0, stakes=Stakes.blind_game(2))
    for _ in range(3):
        unlimited.surblind()
    assert unlimited.decision == "surblind" and unlimited.actor == 0  # goes on to the dealer


@pytest.mark.parametrize(("depth", "doublings"), [("surblind", 1), ("overblind", 2),
                                                   ("unlimited", 3)])  # fmt: skip
def test_section5_surblind_depth_at_a_table_and_in_phh(depth: str, doublings: int) -> None:
    config = TableConfig(players=5, forced_bets="blind", surblind_depth=depth)  # type: ignore[arg-type]
    table = _table(config)
    hand = table.start_hand()
    taken = 0
    while hand.decision == "surblind" and taken < 3:
        hand.surblind()
        taken += 1
    assert taken == doublings
    _finish(hand)
    plan = table.plan
    assert plan is not None
    history = table_hand_history(hand, config, plan, list(table.players), 1)
    text = dumps(history)
    assert ("_surblind_depth" in text) == (depth != "unlimited")
    _replays_the_same(hand, text)
    if depth == "surblind":  # a record posting more doublings than its depth is refused
        bad = text.replace('_surblind_depth = "surblind"', '_surblind_depth = "surblind"')
        chain = bad.replace("[0, 0, 0, 0, 2]", "[2, 4, 8, 0, 0]")
        if chain != bad:
            with pytest.raises(Exception, match="allows 1 surblind"):
                loads(chain)
    with pytest.raises(ConfigurationError, match="surblind_depth: only with surblind = true"):
        TableConfig(surblind=False, surblind_depth="overblind")


# -- 4. Antes and blinds together (RULES.md section 5) -----------------------------------


def test_section5_antes_and_the_french_blind_together() -> None:
    hand = _french([100] * 3, dealer=0, stakes=Stakes.blind_game(2, ante=1, surblind=False))
    antes = [e.seat for e in hand.events if isinstance(e, AntePosted)]
    assert antes == [1, 2, 0] and hand.pot == 3 and hand.bets == (0, 2, 0)
    assert [type(e) for e in hand.events[:4]][-1] is BlindPosted  # antes, then the blind
    hand.fold()
    hand.fold()  # everyone folded to the blinder: all-pass, the antes are the blinder's
    assert hand.all_passed and any(isinstance(e, AllPassed) for e in hand.events)
    assert hand.stacks == (99, 102, 99)  # the blind back, and the three antes


def test_section5_antes_and_blinds_at_tables_and_in_phh() -> None:
    holdem_table = _table(TableConfig(game="holdem", players=3, ante=2))
    hand = holdem_table.start_hand()
    assert [e.amount for e in hand.events if isinstance(e, AntePosted)] == [2, 2, 2]
    assert hand.pot == 6 and sorted(hand.bets) == [0, 1, 2]
    _finish(hand)
    plan = holdem_table.plan
    assert plan is not None
    history = table_hand_history(hand, holdem_table.config, plan, list(holdem_table.players), 1)
    assert history.antes == (2, 2, 2)
    _replays_the_same(hand, dumps(history))
    holdem_table.finish_hand()
    french = TableConfig(players=3, forced_bets="blind", ante=1)
    assert TableConfig.from_toml(french.to_toml()) == french
    table = _table(french)
    hand = table.start_hand()
    assert hand.pot == 3 and max(hand.bets) == 2
    _finish(hand)
    plan = table.plan
    assert plan is not None
    text = dumps(table_hand_history(hand, french, plan, list(table.players), 1))
    assert "antes = [1, 1, 1]" in text
    _replays_the_same(hand, text)
    table.finish_hand()
    table.check_chips()


# -- 5. A house dealer who does not play (RULES.md section 5) ----------------------------


@pytest.mark.parametrize("shuffle", ["every-hand", "cut-only"])
def test_section5_house_dealer_moves_a_button(shuffle: str) -> None:
    house = _table(TableConfig(players=4, house_dealer=True, shuffle=shuffle), seed=9)  # type: ignore[arg-type]
    plain = _table(TableConfig(players=4, shuffle=shuffle), seed=9)  # type: ignore[arg-type]
    buttons = []
    for _ in range(5):
        plan = house.next_plan()
        assert plan.house_dealer and plan.seats == (0, 1, 2, 3)  # every seat plays
        hand, twin = house.start_hand(), plain.start_hand()
        assert hand.deck_order == twin.deck_order  # shuffle and cut policies unchanged
        buttons.append(plan.dealer)
        assert hand.actor == (plan.dealer + 1) % 4  # the first speaker follows the button
        assert all(len(hand.hole_cards(s)) == 5 for s in range(4))
        for table, played in ((house, hand), (plain, twin)):
            _finish(played)
            table.finish_hand()
    assert buttons == [0, 1, 2, 3, 0]
    plan = house.history[0].plan
    assert plan.house_dealer
    config = house.config
    assert TableConfig.from_json(config.to_json()).house_dealer


def test_section5_house_dealer_in_the_hand_history() -> None:
    config = TableConfig(players=3, house_dealer=True)
    table = _table(config)
    hand = table.start_hand()
    _finish(hand)
    plan = table.plan
    assert plan is not None
    text = dumps(table_hand_history(hand, config, plan, list(table.players), 1))
    assert "_house_dealer = true" in text
    rules = loads(text)[0].house_rules
    assert rules is not None and rules.house_dealer
    _replays_the_same(hand, text)


# -- 6. The kill's end and "look at two and kill" (RULES.md section 8) ------------------


def test_section8_the_kill_ends_when_the_killer_wins_the_killed_pot_by_default() -> None:
    state = KillState(KillRule())
    assert state.rule.end == "source"
    state.hand_played({"ann": 10}, 10)
    state.hand_played({"ann": 10}, 10)
    assert state.killer == "ann"
    state.hand_played({"ann": 20}, 20, killed_by="ann")  # wins the killed pot: it ends
    assert state.killer is None
    state.hand_played({"ann": 10}, 10)  # the killed pot's scoop was the first of a new pair
    assert state.killer == "ann"
    state.hand_played({"bob": 20}, 20, killed_by="ann")  # loses the killed pot: it ends too
    assert state.killer is None
    cardroom = KillState(KillRule(end="cardroom"))
    for _ in range(2):
        cardroom.hand_played({"ann": 10}, 10)
    cardroom.hand_played({"ann": 20}, 20, killed_by="ann")
    assert cardroom.killer == "ann"  # the option: it stays on while the killer scoops
    cardroom.hand_played({"bob": 20}, 20, killed_by="ann")
    assert cardroom.killer is None


def _won_by(table: Table, winner: str) -> None:
    """Play a hand that ``winner`` scoops: they raise once, the others fold."""
    hand = table.start_hand()
    seat = table.players.index(winner)
    raised = False
    while not hand.finished:
        legal = hand.legal_actions()
        if legal.decision in ("draw", "discard"):
            hand.stand_pat()
        elif legal.decision != "bet":
            hand.decline()
        elif legal.seat == seat:
            if not raised and legal.min_raise_to is not None:
                raised = True
                hand.complete_bet_or_raise_to(legal.min_raise_to)
            else:
                hand.check_or_call()
        elif legal.can_fold:
            hand.fold()
        else:
            hand.check_or_call()
    table.finish_hand()
    table.check_chips()


@pytest.mark.parametrize(("end", "after"), [("source", None), ("cardroom", "ann")])
def test_section8_kill_end_is_a_table_option(end: str, after: str | None) -> None:
    config = TableConfig(game="holdem", players=3, kill="full", kill_end=end)  # type: ignore[arg-type]
    assert config.kill_rule == KillRule(end=end)  # type: ignore[arg-type]
    assert TableConfig.from_toml(config.to_toml()) == config
    table = _table(config)
    _won_by(table, "ann")
    _won_by(table, "ann")
    assert table.next_plan().killer == "ann"
    _won_by(table, "ann")  # the killed pot, won by the killer
    assert table.next_plan().killer == after
    with pytest.raises(ConfigurationError, match="kill_end: only with kill"):
        TableConfig(kill_end="cardroom")


@pytest.mark.parametrize(
    "make", [ace_to_five_draw, deuce_to_seven_single_draw, deuce_to_seven_triple_draw, badugi]
)
def test_section8_look_at_two_and_kill_is_offered_to_every_player(
    make: Callable[[], GameDef],
) -> None:
    stakes = Stakes(ante=0, blinds=(1, 2), kill_blind=4, kill_offer=True, kill_bets=(4, 8))
    hand = Hand(make(), [100] * 4, dealer=3, stakes=stakes, rng=random.Random(1))
    for seat in (0, 1):
        assert (hand.decision, hand.actor) == ("kill", seat)
        assert all(len(hand.hole_cards(s)) == 2 for s in range(4))
        hand.decline()
    hand.kill()  # seat 2, with no scoop before
    assert [e for e in hand.events if isinstance(e, Declined)] == [
        Declined(0, "kill"),
        Declined(1, "kill"),
    ]
    assert hand.bets == (1, 2, 4, 0) and BlindPosted(2, 4, "kill") in hand.events
    assert hand.decision == "bet" and hand.actor == 3  # left of the killer
    with pytest.raises(IllegalActionError):
        hand.kill()  # one kill per hand


def test_section8_a_look_at_two_killer_takes_the_kill_button_at_a_table() -> None:
    config = TableConfig(
        game="deuce-to-seven-triple-draw", players=3, betting="limit", small_bet=2,
        big_bet=4, kill="full", kill_end="cardroom", look_at_two=True,
    )  # fmt: skip
    table = _table(config)
    hand = table.start_hand()
    assert hand.decision == "kill" and hand.actor == 1  # bob, left of the dealer
    hand.kill()
    assert hand.legal_actions().min_raise_to == 8  # killed: bets of 4 and 8
    killer = table.players[1]
    while not hand.finished:  # bob bets, the others fold when they can
        legal = hand.legal_actions()
        if legal.decision == "draw":
            hand.stand_pat()
        elif legal.seat != 1 and legal.can_fold:
            hand.fold()
        else:
            hand.check_or_call()
    plan = table.plan
    assert plan is not None
    history = table_hand_history(hand, config, plan, list(table.players), 1)
    assert (history.small_bet, history.big_bet) == (4, 8)  # the kill bets
    _replays_the_same(hand, dumps(history))
    table.finish_hand()
    assert table.kill is not None and table.kill.killer == killer  # cardroom: still on
    assert table.next_plan().killer == killer


def test_section8_french_kill_hands_in_their_hand_history() -> None:
    """The French blind game's kill (RULES.md section 8): no surblind after the kill
    blind (it is the overblind); the record carries ``_kill_blind`` and replays."""
    stakes = Stakes(ante=0, blind=2, killer=2, kill_blind=4)
    hand = _french([100] * 4, dealer=0, stakes=stakes)
    assert hand.decision == "bet" and hand.bets == (0, 2, 4, 0)  # no surblind offer
    for seat in (3, 0, 1):
        assert hand.actor == seat
        hand.check_or_call()
    assert hand.actor == 2 and hand.legal_actions().can_check  # the killer's last word
    config = TableConfig(players=3, forced_bets="blind", kill="full")
    table = _table(config)
    killed = 0
    for _ in range(12):
        if len(table.active_seats()) < 2:
            break
        winner = table.players[table.next_plan().seats[0]]
        _won_by(table, winner)
        record = table.history[-1]
        if record.plan.killer is not None:
            killed += 1
    assert killed
    rng = random.Random(2)
    table = _table(config, seed=2)
    exported = 0
    for number in range(40):
        if len(table.active_seats()) < 2:
            break
        hand = table.start_hand()
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
        plan = table.plan
        assert plan is not None
        names = [table.players[s] for s in plan.seats]
        text = dumps(table_hand_history(hand, config, plan, names, number))
        if plan.killer is not None:
            exported += 1
            assert "_kill_blind = 4" in text and " sb" not in text
        _replays_the_same(hand, text)
        table.finish_hand()
    assert exported


# -- The stub running out (RULES.md section 5) -------------------------------------------


class _Spy(random.Random):
    """A random source that records what each reshuffle was given."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.given: list[list[Card]] = []

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        self.given.append(list(x))
        super().shuffle(x)


@pytest.mark.parametrize(
    ("game", "players"),
    [
        (five_card_draw(deck_size=32), 5),
        (ace_to_five_draw(), 6),
        (deuce_to_seven_single_draw(), 6),
        (deuce_to_seven_triple_draw(), 6),
        (badugi(), 6),
    ],
    ids=["french", "a5", "27-single", "27-triple", "badugi"],
)
def test_section5_the_stub_runs_out_in_every_draw_game(game: GameDef, players: int) -> None:
    """The dealer reshuffles the discards gathered so far, not those of the player
    being served, and goes on; our own record of the hand replays."""
    stakes = Stakes() if game.name == "five-card draw" else Stakes(ante=0, blinds=(1, 2))
    for seed in range(20):
        spy = _Spy(seed)
        hand = Hand(game, [500] * players, dealer=0, stakes=stakes, rng=spy)
        while not hand.finished:
            if hand.decision == "draw":
                seat = hand.actor
                assert seat is not None
                hand.discard(hand.hole_cards(seat)[: hand.max_discard()])
            else:
                hand.check_or_call()
        if spy.given:
            break
    assert any(isinstance(e, StubReshuffled) for e in hand.events)
    # The discards gathered so far: each player's once served (the four-card exchange
    # of the French draw: once the fourth card is served).
    thrown: list[Card] = []
    current: tuple[int, tuple[Card, ...]] | None = None
    four: tuple[int, tuple[Card, ...]] | None = None
    for event in hand.events:
        if isinstance(event, Drew):
            current = (event.seat, event.cards)
        elif isinstance(event, StubReshuffled):
            assert sorted(spy.given.pop(0)) == sorted(thrown)  # gathered so far ...
            assert current is None or not set(current[1]) & set(thrown)  # ... not the served's
            thrown = []
        elif isinstance(event, CardsServed):
            if four is not None and event.seat == four[0] and current is None:
                thrown += four[1]
                four = None
            elif current is not None and event.seat == current[0]:
                if len(current[1]) == 4 and event.count == 3:
                    four = current
                else:
                    thrown += current[1]
                current = None
    cards = [c for s in range(players) for c in hand.hole_cards(s)]
    assert len(set(cards)) == len(cards)
    if game.name == "five-card draw":
        record = dumps(hand_history(hand))
    else:
        entry = next(e for e in CATALOG.values() if e.game().name == game.name)
        record = dumps(history_of(hand, entry.codes[game.structure.kind]))
    _replays_the_same(hand, record)  # a record with discards dealt again replays


def test_section5_reshuffles_at_a_table_conserve_chips() -> None:
    config = TableConfig(game="deuce-to-seven-triple-draw", players=6, betting="limit",
                         small_bet=2, big_bet=4)  # fmt: skip
    table = Table(config, random.Random(3), seat_draw=False, dealer=0)
    rng = random.Random(4)
    reshuffled = 0
    for _ in range(30):
        if len(table.active_seats()) < 2:
            break
        hand = table.start_hand()
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
        reshuffled += any(isinstance(e, StubReshuffled) for e in hand.events)
        table.finish_hand()
        table.check_chips()
    assert reshuffled > 0


def test_random_hands_with_the_new_options_end_and_replay() -> None:
    """Random hands of the French blind game with antes and a short chain, and of
    limit hold'em with antes: every one ends, conserves chips and replays."""
    rng = random.Random(7)
    for stakes, game in (
        (Stakes.blind_game(2, ante=1, max_surblinds=2), FIVE_CARD_DRAW),
        (Stakes(ante=1, blinds=(1, 2)), holdem()),
    ):
        for _ in range(60):
            n = rng.randint(2, 6)
            hand = Hand(game, [rng.randint(5, 80) for _ in range(n)], dealer=rng.randrange(n),
                        stakes=stakes, rng=rng)  # fmt: skip
            play_random_hand(hand, rng)
            assert sum(hand.stacks) == sum(hand.starting_stacks)
            text = dumps(hand_history(hand) if game is FIVE_CARD_DRAW else history_of(hand, "NT"))
            _replays_the_same(hand, text)


# -- The faces: the terminal setup screen and the web form ---------------------------------


async def test_the_setup_screen_shows_the_new_fields_where_they_apply() -> None:
    from textual.widgets import Input, Select, Switch

    from pokerbonus.tui.app import PlayApp, SetupScreen
    from pokerbonus.tui.settings import PlaySettings

    app = PlayApp(PlaySettings())
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.query_one("#row-surblind_depth").display  # the French draw's
        assert isinstance(screen.query_one("#field-house_dealer"), Switch)
        screen.query_one("#field-surblind_depth", Select).value = "overblind"
        screen.query_one("#field-house_dealer", Switch).value = True
        await pilot.pause()
        config = PlaySettings.build(screen.values()).config
        assert config.surblind_depth == "overblind" and config.house_dealer
        screen.query_one("#field-game", Select).value = "holdem"
        await pilot.pause()
        assert not screen.query_one("#row-surblind_depth").display
        assert screen.query_one("#row-ante").display  # antes and blinds together
        assert screen.query_one("#row-kill_end").display
        screen.query_one("#field-ante", Input).value = "2"
        await pilot.pause()
        assert PlaySettings.build(screen.values()).config.blind_ante == 2


def test_the_web_form_describes_the_new_fields() -> None:
    from pokerbonus.web.schema import config_schema

    fields = {f["name"]: f for f in config_schema()["fields"]}
    assert fields["surblind_depth"]["choices"] == ["surblind", "overblind", "unlimited"]
    assert fields["kill_end"]["choices"] == ["source", "cardroom"]
    assert fields["house_dealer"]["kind"] == "bool"
    for name in ("ante", "blind", "small_blind", "big_blind"):  # unset: derived
        assert fields[name]["optional"] and fields[name]["default"] is None
