"""The rules of dealer mode in plain words, for the rules screen, in the current
language (:mod:`pokerbonus.i18n`).

Each paragraph is one whole sentence or a few, with the table's numbers in it
(no sentence is built from pieces).

>>> text = rules_text(DealerSettings(), rtp=(0.9821, 0.9821, 0.9821), house_edge=0.0412)
>>> any(p.startswith("An exact tie") for p in text), text[0]
(True, 'Return to player with these settings, under the best play: 98.21% (exact). The \
house edge is 4.12% of the bet.')
"""

from __future__ import annotations

from typing import Final

from pokerbonus.i18n import N_, gettext
from pokerbonus.i18n.numbers import number
from pokerbonus.rules.dealer import MAX_PLAYERS, PAYTABLE_HANDS, DealerSettings

__all__ = ["HAND_NAMES", "hand_name", "rtp_sentence", "rules_text"]

HAND_NAMES: Final = {
    "high_card": N_("High card"), "pair": N_("Pair"), "two_pair": N_("Two pair"),
    "trips": N_("Three of a kind"), "straight": N_("Straight"), "flush": N_("Flush"),
    "full_house": N_("Full house"), "quads": N_("Four of a kind"),
    "straight_flush": N_("Straight flush"), "royal_flush": N_("Royal flush"),
}  # fmt: skip
"""The hands of the paytable, as the rules screen names them (in English: show
them with :func:`hand_name`)."""


def hand_name(key: str) -> str:
    """The name of a paytable hand in the current language ("Full house", « Full »)."""
    return gettext(HAND_NAMES[key])


def rtp_sentence(rtp: tuple[float, float, float], house_edge: float) -> str:
    """The return to player in one sentence: ``rtp`` is ``(value, low, high)`` (the
    95% interval; equal bounds for an exact figure), ``house_edge`` per unit of bet."""
    value, low, high = rtp
    if low == high:
        return gettext(
            "Return to player with these settings, under the best play: {rtp} (exact). "
            "The house edge is {edge} of the bet."
        ).format(rtp=number(value, ".2%"), edge=number(house_edge, ".2%"))
    return gettext(
        "Return to player with these settings, under the best play: {rtp} (95% interval "
        "{low} to {high}). The house edge is {edge} of the bet."
    ).format(
        rtp=number(value, ".2%"),
        low=number(low, ".2%"),
        high=number(high, ".2%"),
        edge=number(house_edge, ".2%"),
    )


def rules_text(
    settings: DealerSettings | None = None,
    *,
    rtp: tuple[float, float, float] | None = None,
    house_edge: float | None = None,
) -> list[str]:
    """The rules of dealer mode with the settings' numbers, one paragraph per item,
    the tie rule among them; the first paragraph gives the return to player when
    ``rtp`` is known (see :func:`rtp_sentence`)."""
    s = settings if settings is not None else DealerSettings()
    pays = ", ".join(
        # Translators: one line of the play wager's paytable ("Flush 4 to 1").
        gettext("{hand} {pays} to 1").format(hand=hand_name(k), pays=s.paytable.to_dict()[k])
        for k in PAYTABLE_HANDS
    )
    if s.switch:
        choices = gettext(
            "In turn, starting from the first seat, each player chooses: fold (the bet is "
            "lost, the ante stays in the table pot); keep (add a play wager of {play}, "
            "{multiple} times the bet, and keep the five cards); or exchange one (add the "
            "play wager of {play} and pay a switch fee of {fee}, lost to the bank whatever "
            "happens, then give up one card and get the next card of the deck)."
        ).format(play=s.play, multiple=s.play_multiple, fee=s.fee)
    else:
        choices = gettext(
            "In turn, starting from the first seat, each player chooses: fold (the bet is "
            "lost, the ante stays in the table pot) or keep (add a play wager of {play}, "
            "{multiple} times the bet). This table plays without the switch: no card can be "
            "exchanged."
        ).format(play=s.play, multiple=s.play_multiple)
    out = [
        gettext(
            "Up to {most} players play against the dealer, who is the bank. The game uses "
            "one 52-card deck without jokers; hands rank as in ordinary poker and suits "
            "never rank."
        ).format(most=MAX_PLAYERS),
        gettext(
            "Before the deal every player puts an ante of {ante} into the table pot and a "
            "bet of {bet} against the bank."
        ).format(ante=s.ante, bet=s.bet),
        gettext(
            "Every player and the dealer get five cards face down. The dealer turns his "
            "first card face up before anyone decides."
        ),
        choices,
        gettext(
            "Then the dealer turns his other four cards, one at a time. He qualifies with "
            "{qualifier}. If he does not qualify, every player still in wins the bet 1 to 1 "
            "and gets the play wager back."
        ).format(qualifier=s.qualifier.text),
        gettext(
            "If he qualifies, a better hand than his wins the bet 1 to 1 and the play wager "
            "by the paytable; a worse hand loses both."
        ),
        gettext(
            "An exact tie with a qualifying dealer (the same five ranks; suits never count) "
            "is a push: the bet and the play wager are both returned."
        ),
        gettext("Play wager paytable: {pays}.").format(pays=pays),
        gettext(
            "The table pot of antes goes to the best hand among the players who did not "
            "fold. Exact ties split it; an odd chip goes one by one to the tied players from "
            "the first seat on. If everyone folds, the pot stays on the table for the next "
            "hand."
        ),
    ]
    if rtp is not None and house_edge is not None:
        out.insert(0, rtp_sentence(rtp, house_edge))
    return out
