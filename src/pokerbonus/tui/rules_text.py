"""The rules screen's text: the game and its house rules in plain words, in the
current language (:mod:`pokerbonus.i18n`).

>>> from pokerbonus.engine.config import TableConfig
>>> text = rules_text(TableConfig(players=4))
>>> "32 cards" in text and "ante of 1" in text
True
>>> print(rules_text(TableConfig(game="razz", players=3)).splitlines()[0])
Razz
>>> from pokerbonus.i18n import using_language
>>> with using_language("fr"):
...     print(rules_text(TableConfig(players=4)).splitlines()[0])
Poker fermé (poker à cinq cartes avec échange)
"""

from __future__ import annotations

from pokerbonus.cards import lowest_rank
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import game_for
from pokerbonus.hands.describe import rank_words
from pokerbonus.i18n import current_language, gettext, ngettext
from pokerbonus.rules.catalog import CATALOG

__all__ = ["rules_text"]


def _deck(config: TableConfig) -> list[str]:
    """The deck: its size (by the number of players or fixed) and the jokers."""
    size = config.effective_deck_size
    low = rank_words(current_language()).plural[lowest_rank(size)]
    by_players = config.deck_size is None
    if size < 52:
        words = (
            gettext("Deck: {size} cards ({low} to aces), by the number of players.")
            if by_players
            else gettext("Deck: {size} cards ({low} to aces).")
        )
    else:
        words = (
            gettext("Deck: {size} cards, by the number of players.")
            if by_players
            else gettext("Deck: {size} cards.")
        )
    lines = [words.format(size=size, low=low)]
    if config.jokers:
        lines.append(
            ngettext(
                "Plus {count} joker: a joker plays as an ace, or completes a straight, a flush "
                "or a straight flush; four of a kind and a joker make a 'Poker', the best hand.",
                "Plus {count} jokers: a joker plays as an ace, or completes a straight, a flush "
                "or a straight flush; four of a kind and a joker make a 'Poker', the best hand.",
                config.jokers,
            ).format(count=config.jokers)
        )
    return lines


def _kill(config: TableConfig) -> list[str]:
    """The kill pot (RULES.md section 8), when the table plays it."""
    rule = config.kill_rule
    if rule is None:
        return []
    full = rule.kind == "full"
    limit = config.betting == "limit"
    if config.is_draw:
        if full:
            blind = (
                gettext(
                    "the next hand the killer posts a kill blind of twice the blind "
                    "(and the limit bets are raised alike)."
                )
                if limit
                else gettext("the next hand the killer posts a kill blind of twice the blind.")
            )
        else:
            blind = (
                gettext(
                    "the next hand the killer posts a kill blind of one and a half times "
                    "the blind (and the limit bets are raised alike)."
                )
                if limit
                else gettext(
                    "the next hand the killer posts a kill blind of one and a half times the blind."
                )
            )
    elif full:
        blind = (
            gettext("the next hand the killer posts a kill blind of twice the big blind "
                    "(and the limit bets are raised alike).") if limit
            else gettext("the next hand the killer posts a kill blind of twice the big blind.")
        )  # fmt: skip
    else:
        blind = (
            gettext("the next hand the killer posts a kill blind of one and a half times "
                    "the big blind (and the limit bets are raised alike).") if limit
            else gettext("the next hand the killer posts a kill blind of one and a half times "
                         "the big blind.")
        )  # fmt: skip
    sentence = (
        # Translators: {kill_blind} is one of the clauses "the next hand the killer posts...".
        gettext(
            "Kill pot: a player who wins two pots in a row without splitting becomes the "
            "killer; {kill_blind} The kill goes on while the killer wins; it ends when the "
            "killer loses a pot."
        )
        if rule.end == "cardroom"
        # Translators: {kill_blind} is one of the clauses "the next hand the killer posts...".
        else gettext(
            "Kill pot: a player who wins two pots in a row without splitting becomes the "
            "killer; {kill_blind} The kill ends as soon as the killer wins the killed pot "
            "(or loses it)."
        )
    )
    parts = [sentence.format(kill_blind=blind)]
    if config.is_draw and config.forced_bets == "mixed":
        parts.append(gettext("In a pot-game hand the kill waits for the next blind-game hand."))
    if rule.min_pot:
        parts.append(gettext("Only a pot of at least {amount} counts.").format(amount=rule.min_pot))
    if rule.look_at_two:
        parts.append(
            gettext("Look at two and kill: after two cards, any player may put the kill on.")
        )
    return [" ".join(parts)]


def _betting(config: TableConfig, draw: bool) -> str:
    """The betting structure in one line; ``draw``: the small bet before the draw
    and the big one after (else in the early rounds and in the later ones)."""
    if config.betting == "limit":
        words = (
            gettext(
                "Limit betting: bets and raises of {small} before the draw and {big} after; "
                "one bet and {raises} raises per round (no cap heads-up)."
            )
            if draw
            else gettext(
                "Limit betting: bets and raises of {small} in the early rounds and {big} in the "
                "later ones; one bet and {raises} raises per round (no cap heads-up)."
            )
        )
        return words.format(small=config.small_bet, big=config.big_bet, raises=config.raise_cap)
    if config.betting == "pot-limit":
        return gettext("Pot-limit: a raise may make the total at most the pot after the call.")
    return gettext("No-limit: any bet or raise up to the whole stack, at least the last raise.")


def _catalog_game(config: TableConfig) -> list[str]:
    """A game of the catalog: its name and description, forced bets and betting."""
    entry = CATALOG[config.game]
    description = gettext(entry.description)
    lines = [gettext(entry.name), "", description[:1].upper() + description[1:] + "."]
    if config.forced == "bring-in":
        words = (
            gettext(
                "Antes of {ante} and a bring-in of {bring_in} from the highest up card; "
                "suits break a bring-in tie."
            )
            if game_for(config).rule.mode == "low"
            else gettext(
                "Antes of {ante} and a bring-in of {bring_in} from the lowest up card; "
                "suits break a bring-in tie."
            )
        )
        lines.append(words.format(ante=config.effective_ante, bring_in=config.bring_in))
    else:
        small, big = config.effective_blinds
        lines.append(
            gettext("Blinds: small blind {small}, big blind {big}.").format(small=small, big=big)
        )
        if config.blind_ante:
            lines.append(
                gettext("Antes: everyone puts an ante of {ante} before the blinds.").format(
                    ante=config.blind_ante
                )
            )
        if config.straddle:
            lines.append(
                gettext(
                    "Straddle: the player left of the big blind posts twice the big blind before "
                    "the deal and acts last in the first round."
                )
            )
    lines.append(_betting(config, draw=False))
    lines.append(
        gettext(
            "A player short of chips may call all-in and can win from each opponent only what "
            "they put in (side pots)."
        )
    )
    return lines


def rules_text(config: TableConfig) -> str:
    """The game and every house rule of ``config``, in plain words."""
    if not config.is_draw:
        return "\n".join([*_catalog_game(config), *_kill(config), *_house(config)])
    lines = [
        # Translators: the title of the French draw's rules screen.
        gettext("French five-card draw (poker ferme)"),
        "",
        *_deck(config),
        gettext(
            "Each player gets five cards face down. A betting round, then the draw, then a "
            "second betting round, then the showdown: the best hand wins; exact ties split."
        ),
    ]
    ante, blind = config.effective_ante, config.effective_blind
    if config.forced_bets == "pot":
        lines.append(
            gettext("Pot game: everyone puts an ante of {ante} before the deal.").format(ante=ante)
        )
    elif config.forced_bets == "blind":
        lines.append(
            gettext(
                "Blind game: the player left of the dealer puts a blind of {blind}; it is an "
                "opening bet, so nobody checks in the first round; the blinder speaks last "
                "and, when everyone just calls, still checks or raises."
            ).format(blind=blind)
        )
    else:
        words = (
            gettext(
                "Mixed game: {pot_orbits} orbit(s) of pot game (ante {ante}) and {blind_orbits} "
                "orbit(s) of blind game (blind {blind}) alternate, starting with the pot game."
            )
            if config.mixed_start == "pot"
            else gettext(
                "Mixed game: {pot_orbits} orbit(s) of pot game (ante {ante}) and {blind_orbits} "
                "orbit(s) of blind game (blind {blind}) alternate, starting with the blind game."
            )
        )
        lines.append(
            words.format(
                pot_orbits=config.pot_orbits,
                ante=ante,
                blind_orbits=config.blind_orbits,
                blind=blind,
            )
        )
    if config.forced_bets != "pot" and config.blind_ante:
        lines.append(
            gettext("Antes and blind together: everyone antes {ante} first.").format(
                ante=config.blind_ante
            )
        )
    if config.forced_bets != "pot":
        surblinds = {
            "surblind": gettext(
                "Surblinds: the next player may double the blind before looking, and so on; "
                "the last to do so speaks last. The surblind only: no overblind."
            ),
            "overblind": gettext(
                "Surblinds: the next player may double the blind before looking, and so on; "
                "the last to do so speaks last. The surblind and the overblind only."
            ),
            "unlimited": gettext(
                "Surblinds: the next player may double the blind before looking, and so on; "
                "the last to do so speaks last."
            ),
        }[config.surblind_depth]
        lines.append(surblinds if config.surblind else gettext("No surblinds."))
        lines.append(
            gettext(
                "If everyone folds to the blinder, they take the blind back and the next deal "
                "is a pot game whose minimum opening is the blind."
            )
        )
    if config.forced_bets != "blind":
        lines.append(
            gettext(
                "Buying the pot: before looking, the player left of the dealer may double the "
                "pot and then speaks last."
            )
            if config.buy_pot
            else gettext("Buying the pot is not allowed.")
        )
    lines.append(_betting(config, draw=True))
    lines.append(
        gettext(
            "Before anyone opens, a player may check (parole); there is no fold before the "
            "opening. A player short of chips may call all-in and can win from each opponent "
            "only what they put in (side pots)."
        )
    )
    if config.max_discard == 5:
        lines.append(gettext("The draw: anyone may exchange up to all five cards."))
    else:
        lines.append(
            gettext(
                "The draw: each player exchanges up to three cards; one player per hand may "
                "exchange four (the fourth card comes after everyone else is served)."
            )
        )
    lines.append(
        gettext(
            "Hands, weakest first: high card, pair, two pair, straight, three of a kind, full "
            "house, flush, straight flush, four of a kind (the archaic order)."
        )
        if config.ranking == "archaic"
        else gettext(
            "Hands, weakest first: high card, pair, two pair, three of a kind, straight, "
            "flush, full house, four of a kind, straight flush."
        )
    )
    if config.wheel:
        lines.append(gettext("The ace may play low in a straight, below the deck's lowest rank."))
    else:
        lines.append(gettext("The ace is only high: there is no wheel."))
    lines += _kill(config)
    return "\n".join(lines + _house(config))


def _house(config: TableConfig) -> list[str]:
    """The shuffle, the money and the suits: every game."""
    lines = []
    if config.house_dealer:
        lines.append(
            gettext(
                "A house dealer who does not play deals every hand; the dealer button moves "
                "clockwise and the first player left of it speaks first."
            )
        )
    lines.append(
        gettext("Shuffle: the deck is shuffled before every hand.")
        if config.shuffle == "every-hand"
        else gettext(
            "Shuffle: cut only; the deck is shuffled once and afterwards only gathered and cut."
        )
    )
    if config.rebuy == "free":
        money = gettext(
            "Money: a cave of {cave} chips on sitting down; rebuys: any number of caves, "
            "between hands."
        )
    elif config.rebuy == "limited":
        money = gettext(
            "Money: a cave of {cave} chips on sitting down; rebuys: whole caves, at most "
            "{most} per player in all."
        )
    else:
        money = gettext(
            "Money: a cave of {cave} chips on sitting down; rebuys: any amount, between hands."
        )
    lines.append(money.format(cave=config.cave, most=config.max_caves))
    lines.append(
        gettext("Suits never rank, except to break a bring-in tie.")
        if config.forced == "bring-in"
        else gettext("Suits never rank.")
    )
    return lines
