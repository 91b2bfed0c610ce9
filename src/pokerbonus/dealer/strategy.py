"""The best fold / keep / exchange-one decision of dealer mode, by exact expected value.

The values come from :func:`pokerbonus.analysis.stats.dealer.situation_values`,
the same compiled code as the return to player (``pokerbonus stats dealer``)
and the hint key of the terminal game: for the player's five cards and the
dealer's up card, every one of the 46 unseen cards is equally likely to be the
replacement or one of the dealer's four hidden cards, and every dealer
completion is counted. Other players' cards are unseen too, so they change
nothing.

Values are expected net chips against the bank for the whole hand: folding
loses the bet; keeping adds the play wager; exchanging adds the play wager and
the switch fee. The ante is in the table pot whatever the decision.

>>> d = best_decision("As Ks Qs Js 2d", "7c")
>>> d.kind, str(d.card)
('exchange', '2d')
>>> d = best_decision("7c 5d 4h 3s 2c", "Ah")
>>> d.kind, d.fold
('fold', -5.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerbonus.analysis.stats.dealer import situation_values
from pokerbonus.cards import Card, CardsLike, format_cards, parse_cards
from pokerbonus.dealer.game import DealerAction, DealerView
from pokerbonus.errors import InvalidHandError
from pokerbonus.i18n import gettext
from pokerbonus.rules.dealer import DealerSettings

__all__ = ["Decision", "best_decision", "best_play"]


@dataclass(frozen=True, slots=True)
class Decision:
    """The best decision and the expected net chips of every choice.

    ``fold`` (minus the bet), ``keep``, and ``exchange``: ``(card, value)`` for
    each card given up, in hand order (empty without the switch). ``value`` is
    the best choice's; ties go to keeping, then to the first card, then to folding.
    """

    kind: Literal["keep", "exchange", "fold"]
    card: Card | None
    value: float
    fold: float
    keep: float
    exchange: tuple[tuple[Card, float], ...]

    @property
    def action(self) -> DealerAction:
        """The decision as a :class:`DealerAction`."""
        return DealerAction(self.kind, self.card)


def best_decision(
    hand: CardsLike, dealer_up_card: CardsLike | int, settings: DealerSettings | None = None
) -> Decision:
    """Fold, keep, or exchange which card: the choice of highest exact expected value
    under ``settings`` (default: the default table)."""
    cards = parse_cards(hand)
    up_cards = (
        (Card(dealer_up_card),) if isinstance(dealer_up_card, int) else parse_cards(dealer_up_card)
    )
    if len(cards) != 5 or len(up_cards) != 1:
        raise InvalidHandError(
            gettext(
                "best decision: needs five cards and one dealer card, got {cards} and {up}"
            ).format(cards=len(cards), up=len(up_cards))
        )
    up = up_cards[0]
    if up in cards or any(c.is_joker for c in (*cards, up)):
        raise InvalidHandError(
            gettext(
                "best decision: {card} is repeated or a joker is present (52-card deck, no jokers)"
            ).format(card=format_cards([up]))
        )
    values = situation_values(settings or DealerSettings(), [int(c) for c in cards], int(up))
    kind, index = values.best
    exchange = tuple(zip(cards, values.exchange, strict=False))
    card = cards[index] if index is not None else None
    return Decision(kind, card, values.value, values.fold, values.keep, exchange)


def best_play(view: DealerView, settings: DealerSettings) -> DealerAction:
    """The best decision for the seat of ``view`` (its cards and the dealer's up card)."""
    if not view.hole or not view.dealer_up:
        raise InvalidHandError(gettext("best play: the view shows no cards to decide on"))
    return best_decision(view.hole, int(view.dealer_up[0]), settings).action
