"""The rules of dealer mode in plain words, for the rules screen.

Each paragraph is one whole sentence or a few, with the table's numbers in it
(ready for the translation layer: no sentence is built from pieces).

>>> text = rules_text(DealerSettings(), rtp=(0.9821, 0.9821, 0.9821), house_edge=0.0412)
>>> any(p.startswith("An exact tie") for p in text), text[0]
(True, 'Return to player with these settings, under the best play: 98.21% (exact). The \
house edge is 4.12% of the bet.')
"""

from __future__ import annotations

from typing import Final

from pokerbonus.dealer.settings import MAX_PLAYERS, PAYTABLE_HANDS, DealerSettings

__all__ = ["HAND_NAMES", "rtp_sentence", "rules_text"]

HAND_NAMES: Final = {
    "high_card": "High card", "pair": "Pair", "two_pair": "Two pair",
    "trips": "Three of a kind", "straight": "Straight", "flush": "Flush",
    "full_house": "Full house", "quads": "Four of a kind", "straight_flush": "Straight flush",
    "royal_flush": "Royal flush",
}  # fmt: skip
"""The hands of the paytable, as the rules screen names them."""


def rtp_sentence(rtp: tuple[float, float, float], house_edge: float) -> str:
    """The return to player in one sentence: ``rtp`` is ``(value, low, high)`` (the
    95% interval; equal bounds for an exact figure), ``house_edge`` per unit of bet."""
    value, low, high = rtp
    if low == high:
        return (
            f"Return to player with these settings, under the best play: {value:.2%} "
            f"(exact). The house edge is {house_edge:.2%} of the bet."
        )
    return (
        f"Return to player with these settings, under the best play: {value:.2%} "
        f"(95% interval {low:.2%} to {high:.2%}). The house edge is {house_edge:.2%} of the bet."
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
    pays = ", ".join(f"{HAND_NAMES[k]} {s.paytable.to_dict()[k]} to 1" for k in PAYTABLE_HANDS)
    if s.switch:
        choices = (
            "In turn, starting from the first seat, each player chooses: fold (the bet is "
            "lost, the ante stays in the table pot); keep (add a play wager of "
            f"{s.play}, {s.play_multiple} times the bet, and keep the five cards); or exchange "
            f"one (add the play wager of {s.play} and pay a switch fee of {s.fee}, lost to "
            "the bank whatever happens, then give up one card and get the next card of the "
            "deck)."
        )
    else:
        choices = (
            "In turn, starting from the first seat, each player chooses: fold (the bet is "
            "lost, the ante stays in the table pot) or keep (add a play wager of "
            f"{s.play}, {s.play_multiple} times the bet). This table plays without the switch: "
            "no card can be exchanged."
        )
    out = [
        f"Up to {MAX_PLAYERS} players play against the dealer, who is the bank. The game "
        "uses one 52-card deck without jokers; hands rank as in ordinary poker and suits "
        "never rank.",
        f"Before the deal every player puts an ante of {s.ante} into the table pot and a "
        f"bet of {s.bet} against the bank.",
        "Every player and the dealer get five cards face down. The dealer turns his first "
        "card face up before anyone decides.",
        choices,
        "Then the dealer turns his other four cards, one at a time. He qualifies with "
        f"{s.qualifier.text}. If he does not qualify, every player still in wins the bet "
        "1 to 1 and gets the play wager back.",
        "If he qualifies, a better hand than his wins the bet 1 to 1 and the play wager "
        "by the paytable; a worse hand loses both.",
        "An exact tie with a qualifying dealer (the same five ranks; suits never count) is "
        "a push: the bet and the play wager are both returned.",
        f"Play wager paytable: {pays}.",
        "The table pot of antes goes to the best hand among the players who did not fold. "
        "Exact ties split it; an odd chip goes one by one to the tied players from the "
        "first seat on. If everyone folds, the pot stays on the table for the next hand.",
    ]
    if rtp is not None and house_edge is not None:
        out.insert(0, rtp_sentence(rtp, house_edge))
    return out
