"""A reduced limit five-card draw for two players, small enough to solve exactly.

It keeps the shape of the French draw game (RULES.md sections 5 and 6) and
shrinks its numbers. With the default :class:`DrawConfig`:

- Deck: the 3 highest ranks in 2 suits, ``Qc Qd Kc Kd Ac Ad`` (a short deck
  keeps its highest ranks, section 1).
- Pot game: each player antes 1; player 0 is the first player left of the
  dealer (player 1 deals). Each gets 2 cards (a chance node per hand).
- First betting round, limit, small bet 1: before the opening a player checks
  (``k``) or opens (``b``, a bet of 1); there is no fold before the opening.
  Facing a bet: fold (``f``), call (``c``) or raise (``r``, by the bet size).
  One bet and one raise per round (section 6 lets heads-up play run uncapped:
  this reduction caps it, as Leduc does). Player 0 speaks first. The round ends
  when both check, when a bet is called, or with a fold (the other player wins
  the pot and shows nothing).
- The draw: player 0, then player 1, either stands pat (``pat``) or discards
  one card (``discard Qc``), at most ``max_discard`` cards. How many cards each
  draws is public, which cards is not. Replacements come from the stub (the
  cards not dealt): every set of that many stub cards is equally likely. The
  deck is big enough that the stub never runs out (the config checks it).
- Second betting round as the first with the big bet 2, player 0 first.
- Showdown: the better hand wins the pot, equal hands split.

Hand ranking: a hand of five cards is rated by :func:`pokerbonus.hands.high.high5`
(the full ranking of section 2, with the short-deck ace-low straight). Hands
of fewer cards use the same comparison restricted to what they can make
(straights and flushes need five cards and do not count): sort the cards into
groups by count, largest group first and equal groups by rank, and compare the
group sizes and then those ranks left to right. So with two cards a pair beats
no pair, a higher pair a lower one, and without a pair the higher card and then
the other decide: ``Ac Ad > Kc Kd > Qc Qd > Ac Kd > Ac Qd > Kc Qd``.

Information sets: ``"KdAc|kb"`` (the dealt hand, lowest card first, then the
first round's actions), ``"KdAc|kbc|draw"`` (player 0's draw),
``"KdAc|kbc|draw after 1"`` (player 1's draw after player 0 drew 1), then in
the second round ``"KdAc|kbc|Kd>Qc|drew 1-0|k"``: own exchange (``pat`` or the
discards ``>`` the cards received), both draw counts (player 0's first), the
second round's actions.

>>> game = draw_poker()
>>> game.num_nodes, game.num_infosets, game.actions("KdAc|"), game.actions("KdAc|b")
(123766, 8415, ('k', 'b'), ('f', 'c', 'r'))
>>> game.actions("KdAc|kbc|draw")
('pat', 'discard Kd', 'discard Ac')
>>> DrawPoker().holding("KdAc|kbc|Kd>Qc|drew 1-0|k")
(Card('Ac'), Card('Qc'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Final

from pokerbonus.cards import Card, format_cards, parse_cards
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands.high import HighRules, high5
from pokerbonus.solvers.game import CHANCE, TERMINAL, Game, GameDescription, build_game

__all__ = ["DrawConfig", "DrawPoker", "draw_poker", "hand_strength"]

ACE: Final = 12

Hand = tuple[int, ...]
Exchange = tuple[Hand, Hand | None]
"""(cards discarded, cards received or None while the chance node is pending)."""
DrawState = tuple[tuple[Hand, ...], str, tuple[Exchange, ...], str]
"""(dealt hands, first round, exchanges so far, second round)."""


@dataclass(frozen=True, slots=True)
class DrawConfig:
    """The numbers of the reduced draw game (defaults: the game of the module doc).

    ``ranks`` highest ranks in ``suits`` suits (clubs, diamonds, hearts,
    spades, in that order), ``hand_size`` cards each, ``max_discard`` cards at
    most at the draw, ``ante`` each, bets of ``small_bet`` then ``big_bet``,
    ``max_raises`` raises after the opening bet in each round.
    """

    ranks: int = 3
    suits: int = 2
    hand_size: int = 2
    max_discard: int = 1
    ante: int = 1
    small_bet: int = 1
    big_bet: int = 2
    max_raises: int = 1

    def __post_init__(self) -> None:
        checks = (
            ("ranks", self.ranks, 1, 13),
            ("suits", self.suits, 1, 4),
            ("hand_size", self.hand_size, 1, 5),
            ("max_discard", self.max_discard, 1, self.hand_size),
            ("ante", self.ante, 1, 10**6),
            ("small_bet", self.small_bet, 1, 10**6),
            ("big_bet", self.big_bet, 1, 10**6),
            ("max_raises", self.max_raises, 0, 4),
        )
        for field, value, low, high in checks:
            if not isinstance(value, int) or not low <= value <= high:
                raise ConfigurationError(
                    f"draw game {field}={value!r}: it must be an integer from {low} to {high}"
                )
        need = 2 * (self.hand_size + self.max_discard)
        if self.ranks * self.suits < need:
            raise ConfigurationError(
                f"draw game deck of {self.ranks * self.suits} cards "
                f"(ranks={self.ranks}, suits={self.suits}): two hands of {self.hand_size} "
                f"and two draws of {self.max_discard} need {need}"
            )

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards, lowest rank first: ``Qc Qd Kc Kd Ac Ad`` by default."""
        low = 13 - self.ranks
        return tuple(Card(4 * r + s) for r in range(low, 13) for s in range(self.suits))


def hand_strength(cards: Sequence[int], config: DrawConfig) -> tuple[int, ...]:
    """A key that orders the hands of the game: greater is stronger, equal ties.

    >>> cfg = DrawConfig()
    >>> key = lambda text: hand_strength(parse_cards(text), cfg)
    >>> key("Ac Ad") > key("Kc Kd") > key("Ac Kd") > key("Ac Qd") > key("Kc Qd")
    True
    >>> key("Ac Kd") == key("Ad Kc")
    True
    """
    if len(cards) == 5:
        return (high5(cards, HighRules(low=13 - config.ranks))[0],)
    counts: dict[int, int] = {}
    for card in cards:
        counts[card >> 2] = counts.get(card >> 2, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    return (*(n for n, _ in groups), *(r for _, r in groups))


def _text(cards: Sequence[int]) -> str:
    return "".join(str(Card(c)) for c in cards)


class DrawPoker(GameDescription[DrawState]):
    """The rules of the reduced draw game (see the module doc) for one :class:`DrawConfig`."""

    def __init__(self, config: DrawConfig | None = None) -> None:
        self.config: Final = config or DrawConfig()
        c = self.config
        self.name = (
            f"draw_poker({c.ranks}x{c.suits} cards, hands of {c.hand_size}, "
            f"discard up to {c.max_discard})"
        )
        self.unit = float(c.small_bet)
        self.unit_name = "small bet (the big blind of a limit table)"
        self._deck = tuple(int(card) for card in c.deck)
        self._strength = {
            hand: hand_strength(hand, c) for hand in combinations(self._deck, c.hand_size)
        }

    def initial_state(self) -> DrawState:
        """Nothing dealt."""
        return ((), "", (), "")

    @staticmethod
    def _round_over(actions: str) -> bool:
        return actions == "kk" or actions.endswith(("c", "f"))

    def player(self, state: DrawState) -> int:
        """Chance for the deal and the replacement cards; else whose turn it is."""
        hands, first, exchanges, second = state
        if len(hands) < 2:
            return CHANCE
        if first.endswith("f") or second.endswith("f"):
            return TERMINAL
        if not self._round_over(first):
            return len(first) % 2
        if exchanges and exchanges[-1][1] is None:
            return CHANCE
        if len(exchanges) < 2:
            return len(exchanges)
        if self._round_over(second):
            return TERMINAL
        return len(second) % 2

    def actions(self, state: DrawState) -> Sequence[str]:
        """Betting actions, or ``pat`` and ``discard ...`` at the draw."""
        hands, first, exchanges, second = state
        if not self._round_over(first) or len(exchanges) == 2:
            actions = second if len(exchanges) == 2 else first
            if "b" not in actions:
                return ("k", "b")
            raises = actions.count("r")
            return ("f", "c", "r") if raises < self.config.max_raises else ("f", "c")
        hand = hands[len(exchanges)]
        labels = ["pat"]
        for size in range(1, self.config.max_discard + 1):
            labels.extend("discard " + format_cards(d) for d in combinations(hand, size))
        return tuple(labels)

    def _stub(self, state: DrawState) -> list[int]:
        hands, _, exchanges, _ = state
        out = set(hands[0]) | set(hands[1])
        for _, received in exchanges:
            out.update(received or ())
        return [card for card in self._deck if card not in out]

    def chance_outcomes(self, state: DrawState) -> Sequence[tuple[str, float]]:
        """Every hand (or set of replacement cards) from the cards left, equally likely."""
        hands, _, exchanges, _ = state
        if len(hands) < 2:
            dealt = set(hands[0]) if hands else set()
            left = [card for card in self._deck if card not in dealt]
            size = self.config.hand_size
        else:
            left = self._stub(state)
            size = len(exchanges[-1][0])
        sets = list(combinations(left, size))
        return tuple((_text(cards), 1.0 / len(sets)) for cards in sets)

    def child(self, state: DrawState, action: str) -> DrawState:
        """Deal, bet, choose a discard or receive the replacement cards."""
        hands, first, exchanges, second = state
        who = self.player(state)
        if who == CHANCE:
            cards = tuple(int(card) for card in parse_cards(action))
            if len(hands) < 2:
                return ((*hands, cards), first, exchanges, second)
            discard = exchanges[-1][0]
            return (hands, first, (*exchanges[:-1], (discard, cards)), second)
        if not self._round_over(first):
            return (hands, first + action, exchanges, second)
        if len(exchanges) < 2:
            if action == "pat":
                return (hands, first, (*exchanges, ((), ())), second)
            discard = tuple(int(card) for card in parse_cards(action.removeprefix("discard ")))
            return (hands, first, (*exchanges, (discard, None)), second)
        return (hands, first, exchanges, second + action)

    def infoset(self, state: DrawState) -> str:
        """The acting player's view (see the module doc for the format)."""
        hands, first, exchanges, second = state
        if not self._round_over(first):
            who = len(first) % 2
            return f"{_text(hands[who])}|{first}"
        if len(exchanges) < 2:
            who = len(exchanges)
            tail = "draw" if who == 0 else f"draw after {len(exchanges[0][0])}"
            return f"{_text(hands[who])}|{first}|{tail}"
        who = len(second) % 2
        discard, received = exchanges[who]
        mine = f"{_text(discard)}>{_text(received or ())}" if discard else "pat"
        counts = f"drew {len(exchanges[0][0])}-{len(exchanges[1][0])}"
        return f"{_text(hands[who])}|{first}|{mine}|{counts}|{second}"

    def holding(self, infoset: str) -> tuple[Card, ...]:
        """The cards the player holds at one of their infosets (after their draw if made)."""
        parts = infoset.split("|")
        cards = list(parse_cards(parts[0]))
        if len(parts) == 5 and ">" in parts[2]:
            discard, received = parts[2].split(">")
            gone = set(parse_cards(discard))
            cards = [card for card in cards if card not in gone] + list(parse_cards(received))
        return tuple(cards)

    def _contributions(self, first: str, second: str) -> list[int]:
        c = self.config
        put = [c.ante, c.ante]
        for actions, size in ((first, c.small_bet), (second, c.big_bet)):
            for i, action in enumerate(actions):
                who = i % 2
                if action in "br":
                    put[who] = put[1 - who] + size
                elif action == "c":
                    put[who] = put[1 - who]
        return put

    def payoff(self, state: DrawState) -> float:
        """A fold loses what the folder put in; else the better final hand wins."""
        hands, first, exchanges, second = state
        put = self._contributions(first, second)
        last = second or first
        if last.endswith("f"):
            folder = (len(last) - 1) % 2
            return float(-put[0] if folder == 0 else put[1])
        final = []
        for hand, (discard, received) in zip(hands, exchanges, strict=True):
            kept = [card for card in hand if card not in discard]
            final.append(self._strength[tuple(sorted((*kept, *(received or ()))))])
        if final[0] == final[1]:
            return 0.0
        return float(put[1] if final[0] > final[1] else -put[0])


@lru_cache(maxsize=4)
def draw_poker(config: DrawConfig | None = None) -> Game:
    """The reduced draw game built as a :class:`Game` (cached per config)."""
    return build_game(DrawPoker(config))
