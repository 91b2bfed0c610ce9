"""Seeded scenes of the terminal table for the pilot and snapshot tests.

The opponents are scripted (:class:`Scripted`): a ``pusher`` goes all-in at its
first bet decision, the others check or call; every opponent stands pat and
declines offers. Only the seeded deal and the rules decide what happens, so a
scene does not move when the computer opponents' strategy changes.
"""

from __future__ import annotations

from collections.abc import Callable

from pokerbonus.bots import Bot, Budget, GameInfo
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView
from pokerbonus.store import Store
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings


class Scripted(Bot):
    """An opponent that plays by a fixed rule: all-in at once (``push``) or
    check/call; stand pat; decline every offer."""

    name = "scripted"

    def __init__(self, push: bool = False) -> None:
        super().__init__(0)
        self.push = push

    def decide(self, view: SeatView, info: GameInfo, budget: Budget | None = None) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.decision == "bet":
            if self.push and legal.max_raise_to is not None:
                return Action.raise_to(legal.max_raise_to)
            return Action.check_or_call()
        if legal.decision == "draw":
            return Action.stand_pat()
        if legal.decision == "discard":
            return Action.discard(view.hole[: legal.discard_count])
        return Action("decline")


def scene(
    seed: int, pushers: tuple[str, ...] = (), caves: int = 1, **values: object
) -> PlaySession:
    """A seeded session against scripted opponents (``pushers`` go all-in);
    the person buys ``caves`` caves in all before the first hand."""
    base: dict[str, object] = {"opponents": 3, "level": "station"}
    base.update(values)
    s = PlaySession(PlaySettings.build(base), seed=seed, store=Store("sqlite://"))
    for name in s.bots:
        s.bots[name] = Scripted(push=name in pushers)
    if caves > 1:
        s.rebuy(caves - 1)
    return s


def play_until(
    s: PlaySession, stop: Callable[[PlaySession], bool], hands: int = 20, fold: bool = False
) -> bool:
    """Deal and play (the person checks or calls, or with ``fold`` folds to a bet;
    stands pat, declines) until ``stop(s)``; whether it stopped there."""
    for _ in range(hands):
        if not s.in_hand:
            if not s.can_deal():
                return stop(s)
            s.start_hand()
        while s.in_hand:
            if stop(s):
                return True
            view = s.view
            assert view is not None and view.legal is not None
            decision = view.legal.decision
            if decision == "bet":
                fold_now = fold and view.legal.can_fold and bool(view.legal.call_amount)
                s.act(Action.fold() if fold_now else Action.check_or_call())
            elif decision == "draw":
                s.act(Action.stand_pat())
            else:
                s.act(Action("decline"))
        if stop(s):
            return True
    return False


def facing_all_in(s: PlaySession) -> bool:
    """The person is to bet, facing an opponent's all-in."""
    view = s.view
    if view is None or view.legal is None or view.legal.decision != "bet" or s.bot_to_act:
        return False
    return bool(view.legal.call_amount) and any(
        view.stacks[x] == 0 and not view.folded[x] for x in range(view.players) if x != view.seat
    )


def at_the_draw(s: PlaySession) -> bool:
    """The person is to choose the cards to exchange."""
    view = s.view
    legal = view.legal if view is not None else None
    return legal is not None and legal.decision == "draw" and not s.bot_to_act


def hand_over(s: PlaySession) -> bool:
    """A hand just ended."""
    return not s.in_hand and s.view is not None


def broke(s: PlaySession) -> bool:
    """The person has no chips left."""
    return s.broke
