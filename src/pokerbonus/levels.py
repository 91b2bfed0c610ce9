"""The computer opponents' difficulty names, weakest first.

A module of its own so that the setup screens and forms list the levels without
loading the bots (numba and their kernels): :data:`pokerbonus.bots.LADDER` is this
same tuple.
"""

from __future__ import annotations

from typing import Final

from pokerbonus.i18n import N_

__all__ = ["LADDER", "LEVEL_HELP"]

LADDER: Final = ("random", "station", "easy", "medium", "hard", "expert")
"""The difficulty names, weakest first."""

LEVEL_HELP: Final[dict[str, str]] = {
    "random": N_("Plays at random: any legal action, any number of cards."),
    "station": N_("Calls everything and never bets: the calling station."),
    "easy": N_("Plays its hand class with fixed thresholds."),
    "medium": N_("Uses the exact draw odds, the pot odds and its position."),
    "hard": N_("Rates its hand against the ranges the betting and the draws show."),
    "expert": N_(
        "The top level: a strategy computed by counterfactual regret minimisation for the "
        "French draw heads-up (32 or 52 cards, no-limit and limit) and four-handed "
        "(32 cards, no-limit and limit; there the betting after the draw is hard's). "
        "Heads-up no-limit it beats hard by 156 mbb/hand over 20,000 duplicate hands; "
        "four-handed against three hard, by 129 mbb/hand in no-limit and 112 in limit "
        "over 40,000. At other tables it plays like hard."
    ),
}
"""What each level does, a sentence or three, for the level pickers of the tables, in
English (``gettext`` says it in the player's language; the expert's figures are
measured: ``docs/bots-expert.md``)."""
