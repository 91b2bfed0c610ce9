"""Seeded tournament scenes of the terminal for the pilot and snapshot tests.

The computer opponents are scripted: a ``caller`` calls every bet, any other
opponent folds to a bet and checks when it may; the person pushes (all-in at
each bet decision) or checks and calls. Only the seeded deal and the rules
decide what happens, and the level clock is a fake one (a list's last value),
so a scene does not move when the bots' strategy or the machine's speed change.
"""

from __future__ import annotations

from collections.abc import Callable

from pokerbonus.bots import Bot, Budget, GameInfo
from pokerbonus.engine.actions import Action
from pokerbonus.engine.tournament_config import TournamentConfig, preset
from pokerbonus.engine.views import SeatView
from pokerbonus.store import Store
from pokerbonus.tui.tournament_session import TournamentSession, TournamentSettings


class Scripted(Bot):
    """Calls every bet (``caller``), or folds to a bet and checks when it may."""

    name = "scripted"

    def __init__(self, caller: bool = False) -> None:
        super().__init__(0)
        self.caller = caller

    def decide(self, view: SeatView, info: GameInfo, budget: Budget | None = None) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.decision == "bet":
            if legal.call_amount and not self.caller and legal.can_fold:
                return Action.fold()
            return Action.check_or_call()
        if legal.decision == "draw":
            return Action.stand_pat()
        return Action("decline")


class FakeClock:
    """A clock the test moves: ``now`` seconds."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def tournament_scene(
    seed: int,
    callers: tuple[str, ...] = ("Alice", "Bruno", "Chloe", "Denis", "Elise"),
    config: TournamentConfig | None = None,
    store: Store | None = None,
    clock: FakeClock | None = None,
) -> TournamentSession:
    """A seeded tournament against scripted opponents."""
    s = TournamentSession(
        TournamentSettings(config if config is not None else preset("quick"), level="station"),
        seed=seed, store=store if store is not None else Store("sqlite://"),
        clock=clock if clock is not None else FakeClock(),
    )  # fmt: skip
    for name in s.bots:
        s.bots[name] = Scripted(caller=name in callers)
    return s


def person_action(s: TournamentSession, push: bool) -> Action:
    """The person's scripted action: all-in (``push``) or check/call; stand pat."""
    view = s.view
    assert view is not None and view.legal is not None
    legal = view.legal
    if legal.decision == "bet":
        if push and legal.max_raise_to is not None:
            return Action.raise_to(legal.max_raise_to)
        return Action.check_or_call()
    if legal.decision == "draw":
        return Action.stand_pat()
    return Action("decline")


def play_until(
    s: TournamentSession,
    stop: Callable[[TournamentSession], bool],
    hands: int = 200,
    push: bool = False,
) -> bool:
    """Deal and play (see :func:`person_action`) until ``stop(s)``, between hands;
    whether it stopped there."""
    for _ in range(hands):
        if stop(s):
            return True
        if s.awaiting_rebuy:
            s.settle_bust(False)
            continue
        if not s.can_deal():
            return stop(s)
        s.start_hand()
        while s.in_hand and not s.awaiting_rebuy:
            s.act(person_action(s, push))
    return stop(s)
