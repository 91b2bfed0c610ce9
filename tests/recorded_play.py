"""Hands played at a recorded table, for the store's tests on SQLite and PostgreSQL."""

from __future__ import annotations

import random

from pokerbonus.engine.table import random_legal_action
from pokerbonus.store import RecordedTable


def play(rt: RecordedTable, rng: random.Random, hands: int, *, stop_after: int = 0) -> None:
    """Play ``hands`` hands; the last one is left unfinished after ``stop_after`` actions."""
    for i in range(hands):
        for player in rt.table.sitting_out():
            if rt.table.can_rebuy(player):
                rt.rebuy(player)
        if len(rt.table.active_seats()) < 2:
            return
        hand = rt.start_hand()
        actions = 0
        while not hand.finished:
            if i == hands - 1 and stop_after and actions == stop_after:
                return
            rt.act(random_legal_action(hand, rng))
            actions += 1
        rt.finish_hand()
