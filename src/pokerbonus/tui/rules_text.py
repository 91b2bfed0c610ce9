"""The rules screen's text: the game and its house rules in plain words.

>>> from pokerbonus.engine.config import TableConfig
>>> text = rules_text(TableConfig(players=4))
>>> "32 cards" in text and "ante of 1" in text
True
"""

from __future__ import annotations

from pokerbonus.cards import RANK_NAMES, lowest_rank
from pokerbonus.engine.config import TableConfig

__all__ = ["rules_text"]


def _deck(config: TableConfig) -> str:
    size = config.effective_deck_size
    low = RANK_NAMES[lowest_rank(size)]
    deck = f"{size} cards ({low}s to aces)" if size < 52 else "52 cards"
    if config.deck_size is None:
        deck += ", by the number of players"
    if config.jokers:
        deck += (
            f", plus {config.jokers} joker{'s' if config.jokers > 1 else ''}: a joker plays "
            "as an ace, or completes a straight, a flush or a straight flush; four of a kind "
            "and a joker make a 'Poker', the best hand"
        )
    return deck


def rules_text(config: TableConfig) -> str:
    """The game and every house rule of ``config``, in plain words."""
    lines = [
        "French five-card draw (poker ferme)",
        "",
        f"Deck: {_deck(config)}.",
        "Each player gets five cards face down. A betting round, then the draw, "
        "then a second betting round, then the showdown: the best hand wins; exact ties split.",
    ]
    if config.forced_bets == "pot":
        lines.append(f"Pot game: everyone puts an ante of {config.ante} before the deal.")
    elif config.forced_bets == "blind":
        lines.append(
            f"Blind game: the player left of the dealer puts a blind of {config.blind}; "
            "it is an opening bet, so nobody checks in the first round; the blinder speaks last."
        )
    else:
        lines.append(
            f"Mixed game: {config.pot_orbits} orbit(s) of pot game (ante {config.ante}) and "
            f"{config.blind_orbits} orbit(s) of blind game (blind {config.blind}) alternate, "
            f"starting with the {config.mixed_start} game."
        )
    if config.forced_bets != "pot":
        lines.append(
            "Surblinds: the next player may double the blind before looking, and so on; the "
            "last to do so speaks last."
            if config.surblind
            else "No surblinds."
        )
        lines.append(
            "If everyone folds to the blinder, they take the blind back and the next deal is "
            "a pot game whose minimum opening is the blind."
        )
    if config.forced_bets != "blind":
        lines.append(
            "Buying the pot: before looking, the player left of the dealer may double the pot "
            "and then speaks last."
            if config.buy_pot
            else "Buying the pot is not allowed."
        )
    if config.betting == "limit":
        lines.append(
            f"Limit betting: bets and raises of {config.small_bet} before the draw and "
            f"{config.big_bet} after; one bet and {config.raise_cap} raises per round "
            "(no cap heads-up)."
        )
    elif config.betting == "pot-limit":
        lines.append("Pot-limit: a raise may make the total at most the pot after the call.")
    else:
        lines.append("No-limit: any bet or raise up to the whole stack, at least the last raise.")
    lines.append(
        "Before anyone opens, a player may check (parole); there is no fold before the opening. "
        "A player short of chips may call all-in and can win from each opponent only what they "
        "put in (side pots)."
    )
    if config.max_discard == 5:
        lines.append("The draw: anyone may exchange up to all five cards.")
    else:
        lines.append(
            "The draw: each player exchanges up to three cards; one player per hand may "
            "exchange four (the fourth card comes after everyone else is served)."
        )
    ranking = (
        "Hands, weakest first: high card, pair, two pair, straight, three of a kind, full "
        "house, flush, straight flush, four of a kind (the archaic order)."
        if config.ranking == "archaic"
        else "Hands, weakest first: high card, pair, two pair, three of a kind, straight, "
        "flush, full house, four of a kind, straight flush."
    )
    lines.append(ranking)
    if config.wheel:
        lines.append("The ace may play low in a straight, below the deck's lowest rank.")
    else:
        lines.append("The ace is only high: there is no wheel.")
    lines.append(
        "Shuffle: the deck is shuffled before every hand." if config.shuffle == "every-hand"
        else "Shuffle: cut only; the deck is shuffled once and afterwards only gathered and cut."
    )  # fmt: skip
    rebuy = {
        "free": "any number of caves, between hands",
        "limited": f"whole caves, at most {config.max_caves} per player in all",
        "unlimited": "any amount, between hands",
    }[config.rebuy]
    lines.append(f"Money: a cave of {config.cave} chips on sitting down; rebuys: {rebuy}.")
    lines.append("Suits never rank.")
    return "\n".join(lines)
