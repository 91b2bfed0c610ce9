"""Tournament hands in PokerStars text: ``Tournament #...`` and ``Level I (10/20)``."""

from __future__ import annotations

import random

from pokerbonus.engine.table import random_legal_action
from pokerbonus.engine.tournament import Tournament
from pokerbonus.engine.tournament_config import preset
from pokerbonus.notation.pokerstars import hand_text


def test_tournament_header() -> None:
    rng = random.Random(2)
    t = Tournament(preset("quick"), ["ann", "bob", "cy", "dee", "ed", "flo"], rng, tournament_id=27)
    texts = []
    for _ in range(8):
        level = t.clock().number
        hand = t.start_hand(1)
        names = t.tables[1].hand_players
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
        texts.append(hand_text(hand, players=names, number=t.hand_number,
                               tournament=(t.id, level)))  # fmt: skip
        t.finish_hand(1)
        if t.finished:
            break
    assert texts[0].startswith(
        "PokerStars Hand #1: Tournament #27, Hold'em No Limit - Level I (10/20)"
    )
    assert any("- Level II (20/40)" in text for text in texts[6:])
