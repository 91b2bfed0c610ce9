"""The rules screen's text: the game and its house rules in plain words.

>>> from pokerbonus.engine.config import TableConfig
>>> text = rules_text(TableConfig(players=4))
>>> "32 cards" in text and "ante of 1" in text
True
>>> print(rules_text(TableConfig(game="razz", players=3)).splitlines()[0])
Razz
"""

from __future__ import annotations

from pokerbonus.cards import RANK_NAMES, lowest_rank
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import game_for
from pokerbonus.rules.catalog import CATALOG

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


def _kill(config: TableConfig) -> list[str]:
    """The kill pot (RULES.md section 8), when the table plays it."""
    rule = config.kill_rule
    if rule is None:
        return []
    times = "twice" if rule.kind == "full" else "one and a half times"
    line = (
        "Kill pot: a player who wins two pots in a row without splitting becomes the killer; "
        f"the next hand the killer posts a kill blind of {times} the "
        + ("blind" if config.is_draw else "big blind")
        + (" (and the limit bets are raised alike)" if config.betting == "limit" else "")
        + (
            ". The kill goes on while the killer wins; it ends when the killer loses a pot."
            if rule.end == "cardroom"
            else ". The kill ends as soon as the killer wins the killed pot (or loses it)."
        )
    )
    if config.is_draw and config.forced_bets == "mixed":
        line += " In a pot-game hand the kill waits for the next blind-game hand."
    if rule.min_pot:
        line += f" Only a pot of at least {rule.min_pot} counts."
    if rule.look_at_two:
        line += " Look at two and kill: after two cards, any player may put the kill on."
    return [line]


def _betting(config: TableConfig, small_when: str, big_when: str) -> str:
    """The betting structure in one line; ``small_when`` and ``big_when`` say when
    the small and the big bet of a limit game apply."""
    if config.betting == "limit":
        return (
            f"Limit betting: bets and raises of {config.small_bet} {small_when} "
            f"{config.big_bet} {big_when}; one bet and {config.raise_cap} raises per round "
            "(no cap heads-up)."
        )
    if config.betting == "pot-limit":
        return "Pot-limit: a raise may make the total at most the pot after the call."
    return "No-limit: any bet or raise up to the whole stack, at least the last raise."


def _catalog_game(config: TableConfig) -> list[str]:
    """A game of the catalog: its name and description, forced bets and betting."""
    entry = CATALOG[config.game]
    lines = [entry.name, "", entry.description[:1].upper() + entry.description[1:] + "."]
    if config.forced == "bring-in":
        lowest = "highest" if game_for(config).rule.mode == "low" else "lowest"
        lines.append(
            f"Antes of {config.effective_ante} and a bring-in of {config.bring_in} from the "
            f"{lowest} up card; suits break a bring-in tie."
        )
    else:
        small, big = config.effective_blinds
        lines.append(f"Blinds: small blind {small}, big blind {big}.")
        if config.blind_ante:
            lines.append(f"Antes: everyone puts an ante of {config.blind_ante} before the blinds.")
        if config.straddle:
            lines.append(
                "Straddle: the player left of the big blind posts twice the big blind before "
                "the deal and acts last in the first round."
            )
    lines.append(_betting(config, "in the early rounds and", "in the later ones"))
    lines.append(
        "A player short of chips may call all-in and can win from each opponent only what they "
        "put in (side pots)."
    )
    return lines


def rules_text(config: TableConfig) -> str:
    """The game and every house rule of ``config``, in plain words."""
    if not config.is_draw:
        return "\n".join([*_catalog_game(config), *_kill(config), *_house(config)])
    lines = [
        "French five-card draw (poker ferme)",
        "",
        f"Deck: {_deck(config)}.",
        "Each player gets five cards face down. A betting round, then the draw, "
        "then a second betting round, then the showdown: the best hand wins; exact ties split.",
    ]
    ante, blind = config.effective_ante, config.effective_blind
    if config.forced_bets == "pot":
        lines.append(f"Pot game: everyone puts an ante of {ante} before the deal.")
    elif config.forced_bets == "blind":
        lines.append(
            f"Blind game: the player left of the dealer puts a blind of {blind}; "
            "it is an opening bet, so nobody checks in the first round; the blinder speaks last "
            "and, when everyone just calls, still checks or raises."
        )
    else:
        lines.append(
            f"Mixed game: {config.pot_orbits} orbit(s) of pot game (ante {ante}) and "
            f"{config.blind_orbits} orbit(s) of blind game (blind {blind}) alternate, "
            f"starting with the {config.mixed_start} game."
        )
    if config.forced_bets != "pot" and config.blind_ante:
        lines.append(f"Antes and blind together: everyone antes {config.blind_ante} first.")
    if config.forced_bets != "pot":
        depth = {
            "surblind": " The surblind only: no overblind.",
            "overblind": " The surblind and the overblind only.",
            "unlimited": "",
        }[config.surblind_depth]
        lines.append(
            "Surblinds: the next player may double the blind before looking, and so on; the "
            "last to do so speaks last." + depth
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
    lines.append(_betting(config, "before the draw and", "after"))
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
    lines += _kill(config)
    return "\n".join(lines + _house(config))


def _house(config: TableConfig) -> list[str]:
    """The shuffle, the money and the suits: every game."""
    lines = []
    if config.house_dealer:
        lines.append(
            "A house dealer who does not play deals every hand; the dealer button moves "
            "clockwise and the first player left of it speaks first."
        )
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
    lines.append(
        "Suits never rank, except to break a bring-in tie." if config.forced == "bring-in"
        else "Suits never rank."
    )  # fmt: skip
    return lines
