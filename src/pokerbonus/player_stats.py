"""Player statistics summed from the stored facts of hands: VPIP, PFR, showdowns, results.

The facts of each hand come from :func:`pokerbonus.analysis.hand_facts.hand_facts`
(the public record of the hand, nothing hidden); this module only sums them, with
the standard library alone, so that a command reading ten thousand stored hands
starts at once. It stands on the engine's floor, under :mod:`pokerbonus.analysis`
(which writes the facts).

The words (see ``docs/stats.md``, "Player statistics"):

- VPIP: the hands where the player put chips in the first betting round of
  their own will (a call, a bet, a raise, a surblind, buying the pot); antes,
  blinds, the bring-in and a blinder's check are forced or free, not voluntary;
- PFR: the hands where the player bet or raised in the first betting round;
- re-raise %: of the times the player acted in the first round facing a
  voluntary bet or raise of another player, how often they raised again;
- aggression factor: (bets + raises) / calls, every round;
- WTSD: of the hands where the player was still in after the first round (and
  the hand went on), how often they reached the showdown; W$SD: of the
  showdowns, how often they won chips there;
- net and mbb/hand: chips won or lost, and the mean per hand in thousandths of
  the hand's unit (its big blind or blind, else its ante), with a 95% interval
  (mean ± 1.96 standard errors);
- draw games: the mean number of cards exchanged per draw, the share of draws
  where the player stood pat, and of the pat hands shown at the showdown, the
  share that were a bluff (one pair or less).

>>> seat = {"vpip": 1, "pfr": 0, "rr_chance": 0, "rr": 0, "agg": 0, "calls": 1, "saw": 1,
...         "sd": 1, "wsd": 1, "net": 4, "won_pot": 6, "best": None, "draws": [2],
...         "pat_shown": 0, "pat_bluff": 0, "allin_ev": None}
>>> stats = aggregate([{"unit": 1, "pot": 6, "names": ["ann"], "seats": [seat]}])["ann"]
>>> stats.vpip_pct, stats.mean_drawn, stats.mbb_per_hand
(100.0, 2.0, 4000.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FACTS_VERSION", "PlayerStats", "aggregate"]

FACTS_VERSION = 1
"""The version of the facts' layout: stored facts of another version are rebuilt."""


# -- aggregation -----------------------------------------------------------------------


@dataclass(slots=True)
class PlayerStats:
    """One player's statistics over many hands (see the module doc for the words)."""

    name: str
    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    rr_chances: int = 0
    rr: int = 0
    aggressive: int = 0
    calls: int = 0
    saw: int = 0
    showdowns: int = 0
    won_showdowns: int = 0
    net: int = 0
    biggest_pot: int = 0
    best: tuple[int, int, tuple[int, ...], tuple[int, ...], int] | None = None
    draws: int = 0
    cards_drawn: int = 0
    stood_pat: int = 0
    pat_shown: int = 0
    pat_bluffs: int = 0
    _mbb_sum: float = 0.0
    _mbb_sq: float = 0.0
    results: list[int] = field(default_factory=list)
    ev_results: list[float] = field(default_factory=list)
    any_allin_ev: bool = False

    @staticmethod
    def _pct(part: int, whole: int) -> float | None:
        return 100.0 * part / whole if whole else None

    @property
    def vpip_pct(self) -> float | None:
        """VPIP, in percent of the hands."""
        return self._pct(self.vpip, self.hands)

    @property
    def pfr_pct(self) -> float | None:
        """PFR, in percent of the hands."""
        return self._pct(self.pfr, self.hands)

    @property
    def reraise_pct(self) -> float | None:
        """Re-raises, in percent of the chances to re-raise in the first round."""
        return self._pct(self.rr, self.rr_chances)

    @property
    def aggression(self) -> float | None:
        """(bets + raises) / calls; ``None`` without a call."""
        return self.aggressive / self.calls if self.calls else None

    @property
    def wtsd_pct(self) -> float | None:
        """Went to showdown, in percent of the hands seen past the first round."""
        return self._pct(self.showdowns, self.saw)

    @property
    def wsd_pct(self) -> float | None:
        """Won chips at the showdown, in percent of the showdowns."""
        return self._pct(self.won_showdowns, self.showdowns)

    @property
    def mbb_per_hand(self) -> float | None:
        """Mean result per hand in milli big blinds (thousandths of the hand's unit)."""
        return self._mbb_sum / self.hands if self.hands else None

    @property
    def mbb_interval(self) -> tuple[float, float] | None:
        """The 95% interval of :attr:`mbb_per_hand` (normal, 1.96 standard errors)."""
        if self.hands < 2:
            return None
        mean = self._mbb_sum / self.hands
        var = max(0.0, (self._mbb_sq - self.hands * mean * mean) / (self.hands - 1))
        half = 1.96 * math.sqrt(var / self.hands)
        return (mean - half, mean + half)

    @property
    def mean_drawn(self) -> float | None:
        """Mean number of cards exchanged per draw."""
        return self.cards_drawn / self.draws if self.draws else None

    @property
    def pat_pct(self) -> float | None:
        """Draws where the player stood pat, in percent."""
        return self._pct(self.stood_pat, self.draws)

    @property
    def pat_bluff_pct(self) -> float | None:
        """Pat hands shown at the showdown that were a bluff (one pair or less), in percent."""
        return self._pct(self.pat_bluffs, self.pat_shown)

    def add(self, facts: Mapping[str, Any], unit: int, pot: int, session: int = 0) -> None:
        """Count one hand's facts of this player (``unit``: the hand's big blind or ante)."""
        self.hands += 1
        self.vpip += facts["vpip"]
        self.pfr += facts["pfr"]
        self.rr_chances += facts["rr_chance"]
        self.rr += facts["rr"]
        self.aggressive += facts["agg"]
        self.calls += facts["calls"]
        self.saw += facts["saw"]
        self.showdowns += facts["sd"]
        self.won_showdowns += facts["wsd"]
        net = facts["net"]
        self.net += net
        mbb = 1000.0 * net / unit
        self._mbb_sum += mbb
        self._mbb_sq += mbb * mbb
        if facts["won_pot"] > self.biggest_pot:
            self.biggest_pot = facts["won_pot"]
        best = facts["best"]
        if best is not None and (self.best is None or (best[0], best[1]) > self.best[:2]):
            self.best = (best[0], best[1], tuple(best[2]), tuple(best[3]), session)
        for count in facts["draws"]:
            self.draws += 1
            self.cards_drawn += count
            if count == 0:
                self.stood_pat += 1
        self.pat_shown += facts["pat_shown"]
        self.pat_bluffs += facts["pat_bluff"]
        self.results.append(net)
        ev = facts["allin_ev"]
        if ev is not None:
            self.any_allin_ev = True
        self.ev_results.append(float(net) if ev is None else float(ev))
        del pot

    def to_json(self) -> dict[str, Any]:
        """The statistics as JSON-ready numbers (``None`` where undefined)."""
        interval = self.mbb_interval
        return {
            "player": self.name,
            "hands": self.hands,
            "vpip": self.vpip_pct,
            "pfr": self.pfr_pct,
            "reraise": self.reraise_pct,
            "aggression": self.aggression,
            "wtsd": self.wtsd_pct,
            "wsd": self.wsd_pct,
            "net": self.net,
            "mbb_per_hand": self.mbb_per_hand,
            "mbb_interval": list(interval) if interval is not None else None,
            "biggest_pot": self.biggest_pot,
            "best_hand": None if self.best is None else {
                "category": self.best[0], "rank": self.best[1],
                "cards": list(self.best[2]), "board": list(self.best[3]),
            },
            "mean_drawn": self.mean_drawn,
            "stood_pat": self.pat_pct,
            "pat_bluff": self.pat_bluff_pct,
            "counts": {
                "vpip": self.vpip, "pfr": self.pfr, "reraise_chances": self.rr_chances,
                "reraises": self.rr, "bets_raises": self.aggressive, "calls": self.calls,
                "saw_second_round": self.saw, "showdowns": self.showdowns,
                "won_showdowns": self.won_showdowns, "draws": self.draws,
                "cards_drawn": self.cards_drawn, "pat_shown": self.pat_shown,
                "pat_bluffs": self.pat_bluffs,
            },
        }  # fmt: skip


def aggregate(
    hands: Iterable[Mapping[str, Any] | tuple[int, Mapping[str, Any]]],
    player: str | None = None,
) -> dict[str, PlayerStats]:
    """Each player's :class:`PlayerStats` over the facts of ``hands`` (in play order;
    an item is a facts dict or ``(session, facts)``); ``player``: only that one."""
    out: dict[str, PlayerStats] = {}
    for item in hands:
        session, facts = item if isinstance(item, tuple) else (0, item)
        unit, pot = facts["unit"], facts["pot"]
        for name, seat in zip(facts["names"], facts["seats"], strict=True):
            if player is not None and name != player:
                continue
            stats = out.get(name)
            if stats is None:
                stats = out[name] = PlayerStats(name)
            stats.add(seat, unit, pot, session)
    return out
