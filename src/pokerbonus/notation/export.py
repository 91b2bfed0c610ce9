"""Engine hands as hand histories: PHH (our French draw codes) and PokerStars-style text.

:func:`hand_history` turns a played French five-card draw hand of the engine
into a :class:`~pokerbonus.notation.phh.HandHistory` with the variant ``NFD``,
``PFD`` or ``FFD`` and the house-rule fields (``docs/phh.md``);
:func:`table_hand_history` does the same for a hand of a table, with the
table's rules, the players' names and the hand number. :func:`pokerstars_text`
writes the hand in the text style of PokerStars' five-card draw histories.

>>> import random
>>> from pokerbonus.engine import Hand
>>> from pokerbonus.rules import FIVE_CARD_DRAW, Stakes
>>> hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=1, stakes=Stakes(), rng=random.Random(1))
>>> hand.complete_bet_or_raise_to(5); hand.fold()
>>> history = hand_history(hand, players=["ann", "bob"])
>>> history.variant, [str(a) for a in history.actions][2:]
('NFD', ['p1 cbr 5', 'p2 f'])
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from pokerbonus.cards import Card
from pokerbonus.engine.events import (
    BetOrRaised,
    BlindPosted,
    Called,
    CardsDealt,
    CardsServed,
    Checked,
    Declined,
    Drew,
    Folded,
    PotBought,
    Shown,
)
from pokerbonus.errors import NotationError
from pokerbonus.i18n import gettext
from pokerbonus.notation.actions import (
    Action,
    BuyPot,
    CheckOrCall,
    CompleteBetOrRaiseTo,
    DealHole,
    Fold,
    ShowOrMuck,
    StandPatOrDiscard,
    Surblind,
)
from pokerbonus.notation.french import (
    SURBLIND_DEPTHS,
    FrenchDrawRules,
    HandForcedBets,
    SurblindDepth,
)
from pokerbonus.notation.phh import HandHistory
from pokerbonus.rules.games import Deal, Draw

if TYPE_CHECKING:
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.engine.state import Hand
    from pokerbonus.engine.table import HandPlan
    from pokerbonus.notation.pokerstars import Hero

__all__ = [
    "catalog_hand_history",
    "french_rules",
    "hand_history",
    "pokerstars_text",
    "table_hand_history",
]

_CODES = {"no-limit": "NFD", "pot-limit": "PFD", "limit": "FFD"}


def _draw_step(hand: Hand) -> Draw:
    draws = [s for s in hand.game.steps if isinstance(s, Draw)]
    if len(draws) != 1 or any(isinstance(s, Deal) and s.face != "down" for s in hand.game.steps):
        raise NotationError(
            gettext(
                "export: {name!r} is not a five-card draw game (only the French "
                "five-card draw is exported)"
            ).format(name=hand.game.name)
        )
    return draws[0]


def french_rules(config: TableConfig, forced_bets: HandForcedBets = "pot") -> FrenchDrawRules:
    """The PHH house rules of a table configuration for a hand started as ``forced_bets``.

    >>> from pokerbonus.engine.config import TableConfig
    >>> french_rules(TableConfig(jokers=1, ante=2)).to_fields()["_ante"]
    2
    """
    return FrenchDrawRules(
        forced_bets=forced_bets,
        ante=config.effective_ante,
        blind=config.effective_blind,
        surblind=config.surblind,
        surblind_depth=config.surblind_depth,
        buy_pot=config.buy_pot,
        deck_size=config.deck_size,
        jokers=config.jokers,
        wheel=config.wheel,
        ranking=config.ranking,
        max_discard=config.max_discard,
        shuffle=config.shuffle,
        house_dealer=config.house_dealer,
    )


_DEPTHS: Final[dict[int | None, SurblindDepth]] = {
    depth: name for name, depth in SURBLIND_DEPTHS.items()
}


def _rules_of_hand(hand: Hand) -> FrenchDrawRules:
    stakes, game = hand.stakes, hand.game
    depth = _DEPTHS.get(stakes.max_surblinds)
    if depth is None:
        raise NotationError(
            gettext(
                "export: a chain of at most {count} surblinds has no _surblind_depth "
                "(1, 2 or no limit)"
            ).format(count=stakes.max_surblinds)
        )
    return FrenchDrawRules(
        forced_bets="blind" if stakes.blind is not None else "pot",
        ante=max(stakes.ante, 1),
        blind=stakes.blind if stakes.blind is not None else 2,
        surblind=stakes.surblind,
        surblind_depth=depth,
        buy_pot=stakes.buy_pot,
        kill_blind=stakes.kill_blind if stakes.killer is not None else 0,
        deck_size=game.deck_size,
        jokers=game.jokers,
        wheel=game.rule.wheel,
        ranking=game.rule.ranking,
        max_discard=_draw_step(hand).max_cards,
    )


def _phh_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """PHH writes both jokers ``Jk``: within one action the first is card 52, the second 53."""
    out: list[Card] = []
    jokers = 0
    for card in cards:
        if card.is_joker:
            card = Card(52 + jokers)
            jokers += 1
        out.append(card)
    return tuple(out)


def hand_history(
    hand: Hand,
    rules: FrenchDrawRules | None = None,
    *,
    players: Sequence[str] | None = None,
    number: int | None = None,
    table: str | None = None,
) -> HandHistory:
    """The PHH record of a French draw hand of the engine (finished or not).

    PHH players are numbered from the first player left of the dealer (``p1``)
    round to the dealer (the last). ``rules`` default to those the hand itself
    shows (its stakes and game); ``players`` are names in engine seat order.
    Every card is written (the record of the house, not of one player). The
    offers before the deal come first, as our actions ``sb``/``nsb`` (surblind)
    and ``bp``/``nbp`` (buy the pot); their amounts are in
    ``blinds_or_straddles``. PHH writes both jokers ``Jk``: in each action the
    first joker is card 52 and the second 53, whichever joker of the deck it was.
    """
    _draw_step(hand)
    n = hand.n
    order = [(hand.dealer + 1 + i) % n for i in range(n)]  # PHH index -> engine seat
    index = {seat: i for i, seat in enumerate(order)}
    rules = rules if rules is not None else _rules_of_hand(hand)
    stakes = hand.stakes
    blinds = [0] * n
    actions: list[Action] = []
    for event in hand.events:
        if isinstance(event, BlindPosted | PotBought):
            if isinstance(event, BlindPosted) and event.kind == "kill":  # a top-up
                blinds[index[event.seat]] += event.amount
            else:
                blinds[index[event.seat]] = event.amount
            if isinstance(event, PotBought):
                actions.append(BuyPot(index[event.seat]))
            elif event.kind == "surblind":
                actions.append(Surblind(index[event.seat]))
        elif isinstance(event, Declined):
            offer = BuyPot if event.decision == "buy_pot" else Surblind
            actions.append(offer(index[event.seat], declined=True))
        elif isinstance(event, CardsDealt | CardsServed):
            actions.append(DealHole(index[event.seat], _phh_cards(event.cards)))
        elif isinstance(event, Checked | Called):
            actions.append(CheckOrCall(index[event.seat]))
        elif isinstance(event, BetOrRaised):
            actions.append(CompleteBetOrRaiseTo(index[event.seat], event.to))
        elif isinstance(event, Folded):
            actions.append(Fold(index[event.seat]))
        elif isinstance(event, Drew):
            actions.append(StandPatOrDiscard(index[event.seat], _phh_cards(event.cards)))
        elif isinstance(event, Shown):
            actions.append(ShowOrMuck(index[event.seat], _phh_cards(event.cards)))
    structure = hand.game.structure
    limit = structure.kind == "limit"
    ante = stakes.ante  # a blind deal with antes too: antes and blinds together
    if players is not None and len(players) != n:
        raise NotationError(
            gettext("export: {count} names for {n} players").format(count=len(players), n=n)
        )
    names = tuple(players[s] for s in order) if players is not None else None
    return HandHistory(
        variant=_CODES[structure.kind],
        antes=(ante,) * n,
        blinds_or_straddles=tuple(blinds),
        small_bet=structure.small_bet if limit else None,
        big_bet=structure.big_bet if limit else None,
        min_bet=None if limit else stakes.opening_minimum,
        starting_stacks=tuple(hand.starting_stacks[s] for s in order),
        actions=tuple(actions),
        hand=number,
        table=table,
        players=names,
        finishing_stacks=tuple(hand.stacks[s] for s in order) if hand.finished else None,
        house_rules=rules,
    )


def catalog_hand_history(
    hand: Hand, config: TableConfig, players: Sequence[str], number: int, table: str | None = None
) -> HandHistory:
    """The PHH record of a hand of a game other than the French draw: the game's PHH
    code by :func:`~pokerbonus.notation.replay.history_of`, names, number and table."""
    from pokerbonus.notation.replay import history_of
    from pokerbonus.rules.catalog import CATALOG

    if len(players) != hand.n:
        raise NotationError(
            gettext("export: {count} names for {n} players").format(count=len(players), n=hand.n)
        )
    history = history_of(hand, CATALOG[config.game].codes[config.betting])
    order = [(hand.dealer + 1 + p) % hand.n for p in range(hand.n)]
    named = dataclasses.replace(history, players=tuple(players[s] for s in order), hand=number)
    return named if table is None else dataclasses.replace(named, table=table)


def table_hand_history(
    hand: Hand, config: TableConfig, plan: HandPlan, players: Sequence[str], number: int
) -> HandHistory:
    """The PHH record of a table's hand: the table's house rules, names and hand number.

    A game of the catalog is written with its PHH code by
    :func:`~pokerbonus.notation.replay.history_of` (antes, blinds and a kill blind
    as forced bets, the bets of a killed limit hand), names and number added.
    """
    if not config.is_draw:
        return catalog_hand_history(hand, config, players, number)
    rules = french_rules(config, plan.mode)
    if hand.stakes.killer is not None:
        rules = dataclasses.replace(rules, kill_blind=hand.stakes.kill_blind)
    return hand_history(hand, rules, players=players, number=number)


# -- PokerStars-style text -----------------------------------------------------------------


def pokerstars_text(
    hand: Hand,
    *,
    players: Sequence[str] | None = None,
    number: int = 1,
    table: str = "Poker Bonus",
    hero: Hero = None,
    when: datetime.datetime | None = None,
) -> str:
    """A finished five-card draw hand in the text style of PokerStars' histories.

    The draw-only name of :func:`pokerbonus.notation.pokerstars.hand_text`, which
    writes every family; this one refuses games other than a five-card draw.
    ``players`` are names in engine seat order; ``hero``: the one seat whose
    cards are written (``"spectator"``: nobody's; ``None``: every hand, the house's
    record); ``when`` the time written in the header (omitted if ``None``).
    """
    from pokerbonus.notation.pokerstars import hand_text

    _draw_step(hand)
    return hand_text(hand, players=players, number=number, table=table, hero=hero, when=when)
