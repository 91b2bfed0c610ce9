"""The hands of a session played again, action by action, as the person saw them:
the logic behind the terminal's "last hands" screen (:mod:`pokerbonus.tui.replayer`),
with no screen.

A hand is read back from the store and replayed through
:func:`pokerbonus.store.recorder.hand_steps` with the person as the watcher, so
every frame is the person's :class:`~pokerbonus.engine.views.SeatView` at that
point: their own cards, the others' cards hidden until shown at the showdown,
the public log. Frame 0 is the deal (before the first action); frame ``k`` is the
table just after the ``k``-th stored action. The actions are the stored ones, in
their order: the replay's steps are the journal's.

>>> from pokerbonus.tui.session import PlaySession
>>> from pokerbonus.tui.settings import PlaySettings
>>> from pokerbonus.engine.actions import Action
>>> s = PlaySession(PlaySettings.build({"opponents": 1, "level": "station"}), seed=2)
>>> s.start_hand()
>>> while s.in_hand:
...     s.act(Action.stand_pat() if s.view.legal.decision == "draw" else Action.check_or_call())
>>> saved = s.store.load_session(s.session_id)
>>> [h.number for h in session_hands(saved, s.person)]
[1]
>>> replay = replay_hand(saved, 1, s.person)
>>> len(replay.frames) == len(replay.actions) + 1, replay.frames[-1].view == s.view
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext, pgettext
from pokerbonus.store import SavedSession, hand_steps
from pokerbonus.tui.render import (
    board_text,
    log_text,
    pots_text,
    seats_text,
    showdown_text,
)

__all__ = [
    "FrameText",
    "HandEntry",
    "HandFrame",
    "HandReplay",
    "Stepper",
    "entry_words",
    "frame_text",
    "replay_hand",
    "session_hands",
]


@dataclass(frozen=True, slots=True)
class HandFrame:
    """The table at one point of a hand, as the person saw it: their ``view``,
    and the stored action that led there (``None`` for the deal) with its actor's
    hand seat."""

    view: SeatView
    actor: int | None = None
    action: Action | None = None


@dataclass(frozen=True, slots=True)
class HandReplay:
    """One stored hand, frame by frame: its number, the players by hand seat,
    the person's hand seat (``None``: not dealt in, a spectator's view) and the
    frames (the deal, then one per stored action)."""

    number: int
    names: tuple[str, ...]
    seat: int | None
    frames: tuple[HandFrame, ...]

    @property
    def actions(self) -> tuple[Action, ...]:
        """The hand's actions in their stored order."""
        return tuple(f.action for f in self.frames if f.action is not None)


@dataclass(frozen=True, slots=True)
class HandEntry:
    """A finished hand of the session in the list to choose from: its number, and
    the person's result in chips (``None``: not dealt in)."""

    number: int
    net: int | None


def session_hands(saved: SavedSession, person: str) -> tuple[HandEntry, ...]:
    """The finished hands of ``saved``, in play order, with the person's result."""
    out = []
    for hand in saved.finished_hands:
        net: int | None = None
        if person in hand.players and hand.final_stacks is not None:
            seat = hand.players.index(person)
            net = hand.final_stacks[seat] - hand.starting_stacks[seat]
        out.append(HandEntry(hand.number, net))
    return tuple(out)


def entry_words(entry: HandEntry) -> str:
    """One line of the list of hands: ``Hand 3: +12``."""
    if entry.net is None:
        return gettext("Hand {number}: you were not dealt in").format(number=entry.number)
    return gettext("Hand {number}: {net:+d}").format(number=entry.number, net=entry.net)


def replay_hand(saved: SavedSession, number: int, person: str) -> HandReplay:
    """Hand ``number`` of ``saved``, frame by frame as ``person`` saw it
    (:class:`PokerError` for a hand that is not finished or not there)."""
    if saved.kind == "tournament":
        from pokerbonus.store.tournament_recorder import tournament_hand_steps

        replayed = tournament_hand_steps(saved, [number], watcher=person)
    else:
        replayed = ((h, p, s, x) for _t, h, p, s, x in hand_steps(saved, [number], watcher=person))
    for saved_hand, hand, seat, steps in replayed:
        first = steps[0].before if steps else hand.view(seat)
        frames = [HandFrame(first)]
        frames += [HandFrame(step.after, step.actor, step.action) for step in steps]
        return HandReplay(saved_hand.number, saved_hand.players, seat, tuple(frames))
    raise PokerError(
        gettext("hand {number} of session {session} is not a finished hand").format(
            number=number, session=saved.id
        )
    )


class Stepper:
    """A position among ``count`` things (frames, hands): moved by a step,
    to the first or the last, never out of ``0 .. count - 1``.

    >>> s = Stepper(3)
    >>> s.move(1), s.move(1), s.move(1), s.index
    (True, True, False, 2)
    >>> s.first(), s.index, s.first()
    (True, 0, False)
    """

    def __init__(self, count: int, index: int = 0) -> None:
        if count < 1:
            raise PokerError(gettext("nothing to step through"))
        self.count = count
        self.index = min(max(index, 0), count - 1)

    def to(self, index: int) -> bool:
        """Go to ``index`` (kept in range); whether the position changed."""
        new = min(max(index, 0), self.count - 1)
        moved = new != self.index
        self.index = new
        return moved

    def move(self, by: int) -> bool:
        """Go ``by`` places on (back when negative); whether the position changed."""
        return self.to(self.index + by)

    def first(self) -> bool:
        """Go to the first place; whether the position changed."""
        return self.to(0)

    def last(self) -> bool:
        """Go to the last place; whether the position changed."""
        return self.to(self.count - 1)

    @property
    def at_first(self) -> bool:
        """Whether the position is the first."""
        return self.index == 0

    @property
    def at_last(self) -> bool:
        """Whether the position is the last."""
        return self.index == self.count - 1


@dataclass(frozen=True, slots=True)
class FrameText:
    """What the replayer shows of one frame: where it is in the hand (``status``),
    what that step did (``step``), and the table's parts as the table screen
    draws them."""

    status: Text
    step: Text
    seats: Text
    board: Text
    pots: Text
    showdown: Text
    log: Text


def frame_text(
    replay: HandReplay,
    index: int,
    config: TableConfig,
    four_color: bool = False,
    of_hands: tuple[int, int] | None = None,
    named: bool = True,
) -> FrameText:
    """The texts of frame ``index`` of ``replay`` (``of_hands``: the hand's place
    among the session's finished hands, 1-based, and their count; ``named``
    false: the seat rows leave the shown hands' names to the showdown's lines),
    all drawn from the frame's view: nothing the person did not see then."""
    frame = replay.frames[index]
    view = frame.view
    names = replay.names
    total = len(replay.frames) - 1
    status = Text()
    if of_hands is not None:
        place, count = of_hands
        status.append(
            gettext("Hand {number} ({place} of {count})").format(
                number=replay.number, place=place, count=count
            ),
            style="bold",
        )
    else:
        status.append(gettext("Hand {number}").format(number=replay.number), style="bold")
    status.append("  ")
    if index == 0:
        status.append(pgettext("replayer", "the deal"))
    else:
        status.append(gettext("action {step} of {count}").format(step=index, count=total))
    if view.finished:
        status.append("  " + gettext("hand over"), style="bold green")
    log = log_text(view, names, four_color, last=len(view.log) + 1)
    lines: list[Text] = list(log.split("\n")) if log.plain else []
    if index:
        earlier = log_text(replay.frames[index - 1].view, names, four_color, last=len(view.log) + 1)
        told = len(earlier.split("\n")) if earlier.plain else 0
    else:
        told = 0
    step = Text("\n").join(lines[told:])
    seats = seats_text(view, names, config, four_color, named=named)
    seats.rstrip()
    parts = [board_text(view, four_color), pots_text(view, names)]
    parts.append(showdown_text(view, names, config))
    for part in parts:
        part.rstrip()
    return FrameText(status, step, seats, parts[0], parts[1], parts[2], log)
