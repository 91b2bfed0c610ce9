"""The best keep / exchange-one / fold decision of dealer mode, by exact expected value.

The values come from :func:`pokerbonus.analysis.stats.dealer.situation_values`
(the dealer-mode RTP code): for the player's five cards and the dealer's up
card, every one of the 46 unseen cards is equally likely to be the replacement
or one of the dealer's four hidden cards, and all dealer completions are
enumerated. Other players' cards are unseen too, so they change nothing.

Values are per unit of wager and count the wager only (win 1 to 1, push,
loss, bonus): the ante is already in the table pot whatever the decision.
Folding returns nothing, and no play returns less, so folding is never better
than keeping (it ties only when the hand can neither win, push nor be paid).

>>> d = best_decision("As Ks Qs Js 2d", "7c")
>>> d.kind, str(d.card)
('exchange', '2d')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

import numpy as np

from pokerbonus.analysis.stats.dealer import situation_values
from pokerbonus.cards import Card, CardsLike, parse_cards
from pokerbonus.dealer.game import DEFAULT_PAYTABLE, DealerAction
from pokerbonus.errors import InvalidHandError

__all__ = ["Decision", "best_decision"]


@dataclass(frozen=True, slots=True)
class Decision:
    """The best decision and the expected return of each choice (per unit wagered).

    ``keep``: the return of keeping; ``exchange``: ``(card, return)`` for each
    card given up, in hand order; ``fold`` is 0. ``value`` is the best return;
    subtract 1 for the expected gain on the wager.
    """

    kind: Literal["keep", "exchange", "fold"]
    card: Card | None
    value: float
    keep: float
    exchange: tuple[tuple[Card, float], ...]

    @property
    def action(self) -> DealerAction:
        """The decision as a :class:`DealerAction`."""
        return DealerAction(self.kind, self.card)


def best_decision(
    hand: CardsLike, dealer_up_card: CardsLike | int, paytable: Mapping[str, int] = DEFAULT_PAYTABLE
) -> Decision:
    """Keep, exchange which card, or fold: the choice of highest exact expected return.

    Ties go to keeping, then to the first card of the hand.
    """
    cards = parse_cards(hand)
    up_cards = (
        (Card(dealer_up_card),) if isinstance(dealer_up_card, int) else parse_cards(dealer_up_card)
    )
    if len(cards) != 5 or len(up_cards) != 1:
        raise InvalidHandError(
            f"best decision: needs five cards and one dealer card, got {len(cards)} and "
            f"{len(up_cards)}"
        )
    up = up_cards[0]
    if up in cards or any(c.is_joker for c in (*cards, up)):
        raise InvalidHandError(
            f"best decision: {up} is repeated or a joker is present (52-card deck, no jokers)"
        )
    values = situation_values(np.array(cards, dtype=np.int64), int(up), paytable)
    keep = values[0]
    exchange = tuple((c, values[1 + i]) for i, c in enumerate(cards))
    best_exchange = max(v for _, v in exchange)
    first = next(c for c, v in exchange if v == best_exchange)
    if keep <= 0.0 and best_exchange <= 0.0:
        return Decision("fold", None, 0.0, keep, exchange)
    if best_exchange > keep:
        return Decision("exchange", first, best_exchange, keep, exchange)
    return Decision("keep", None, keep, keep, exchange)
