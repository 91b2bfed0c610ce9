"""Who acts first in a stud round: the bring-in card and the best hand showing
(RULES.md section 8).

Both functions return keys where the greater key is the seat chosen; the engine
takes the first greatest key clockwise from the dealer's left.

- Bring-in: the lowest up card must bring it in, suits breaking ties (clubs
  lowest, then diamonds, hearts, spades: the only place where suits rank); in a
  low-only game (razz) the highest up card does, the ace counting low, and the
  highest suit (spades) brings in of two equal ranks.
- Later rounds: the best hand showing opens. Up cards are ranked by their groups
  (four of a kind, three of a kind, two pair, one pair, high cards; straights and
  flushes do not count with fewer than five cards), then by the ranks of the
  groups, highest first. In a low-only game the lowest hand showing opens: pairs
  are bad, the ace counts low.

>>> from pokerbonus.cards import parse_cards
>>> bring_in_key(parse_cards("2c"), low=False) > bring_in_key(parse_cards("2d"), low=False)
True
>>> bring_in_key(parse_cards("Ks"), low=True) > bring_in_key(parse_cards("Kh"), low=True)
True
>>> showing_key(parse_cards("9c 9d"), low=False) > showing_key(parse_cards("Ah Kd"), low=False)
True
>>> showing_key(parse_cards("Ah 2d"), low=True) > showing_key(parse_cards("3h 2c"), low=True)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerbonus.cards import Card

__all__ = ["bring_in_key", "showing_key"]


def _low_rank(card: Card) -> int:
    """The rank with the ace lowest: A 2 .. K are 0 .. 12."""
    return (card.rank + 1) % 13


def bring_in_key(up: Sequence[Card], low: bool) -> tuple[int, ...]:
    """The bring-in key of a player's up cards (the greatest key brings in).

    High games: the lowest card, by rank then suit. Low-only games: the highest
    card, the ace low, by rank then suit.

    >>> from pokerbonus.cards import parse_cards
    >>> max(["7h", "2s", "2c"], key=lambda c: bring_in_key(parse_cards(c), low=False))
    '2c'
    """
    if low:
        card = max(up, key=lambda c: (_low_rank(c), c.suit))
        return (_low_rank(card), card.suit)
    card = min(up, key=lambda c: (c.rank, c.suit))
    return (-card.rank, -card.suit)


def showing_key(up: Sequence[Card], low: bool) -> tuple[int, ...]:
    """The key of the hand showing (the greatest key opens the betting round).

    >>> from pokerbonus.cards import parse_cards
    >>> hands = ["Kc Qd 7h", "5s 5d 2c", "Ah Kh Qh"]
    >>> max(hands, key=lambda h: showing_key(parse_cards(h), low=False))
    '5s 5d 2c'
    >>> max(["8c 5d 3h", "7c 6d 5h", "2s 2d Ac"], key=lambda h: showing_key(parse_cards(h), True))
    '7c 6d 5h'
    """
    ranks = [_low_rank(c) for c in up] if low else [c.rank for c in up]
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    key = (*(c for _, c in groups), -1, *(r for r, _ in groups))
    return tuple(-k for k in key) if low else key
