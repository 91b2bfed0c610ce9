"""Double-board hold'em at the terminal table: both boards drawn, each board's winners named."""

from __future__ import annotations

from pokerbonus.engine.actions import Action
from pokerbonus.store import Store
from pokerbonus.tui.render import board_text, board_winners, cards_text, showdown_text
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings


def test_both_boards_shown_and_each_boards_winners_named() -> None:
    settings = PlaySettings.build(
        {"game": "double-board-holdem", "opponents": 2, "level": "station"}
    )
    for seed in range(1, 6):
        s = PlaySession(settings, seed=seed, store=Store("sqlite://"))
        s.start_hand()
        while s.in_hand:
            s.act(Action("check_or_call"))
        view = s.view
        assert view is not None and view.finished
        if not view.shown:
            continue
        assert len(view.boards) == 2 and all(len(b) == 5 for b in view.boards)
        text = board_text(view).plain
        for k, board in enumerate(view.boards):
            assert f"Board {k + 1}: {cards_text(board).plain}" in text
        winners = board_winners(view, s.config)
        assert len(winners) == 2
        won = {seat for seats in winners for seat in seats}
        assert won == {seat for seat, _ in view.pot_results[0].shares}
        words = showdown_text(view, s.hand_players, s.config).plain
        for k, seats in enumerate(winners):
            names = ", ".join(s.hand_players[x] for x in seats)
            assert f"board {k + 1} to {names}" in words
        return
    raise AssertionError("no seed reached a showdown")
