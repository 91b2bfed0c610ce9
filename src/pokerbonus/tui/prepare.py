"""Getting the table ready in the background while the person chooses the settings.

The setup screen of ``pokerbonus play`` needs only the settings and Textual; the
table needs the bots, the store and, on the first run on a machine, the bots'
numba kernels compiled (a few seconds). :class:`Preparation` does that work in a
background thread as soon as the setup screen is up: it imports the table's
modules, then plays a short rehearsal with computer players on every seat of the
chosen settings (an in-memory store, a fixed seed), which makes numba compile
and cache every kernel those bots use. Pressing *Play* with other settings
rehearses those too.

:class:`ScreenReporter` puts a word in the screen's header while numba compiles
(in the background, or because a decision needs a kernel not compiled yet), so a
first hand started before the kernels are ready says why the computer players
are slow to act. Later runs load the kernels from numba's cache: nothing to say.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable, Hashable
from typing import Final

from pokerbonus.i18n import N_, gettext
from pokerbonus.tui.settings import PlaySettings

__all__ = [
    "PREPARING",
    "REHEARSAL_HANDS",
    "Preparation",
    "ScreenReporter",
    "prepare_dealer",
    "rehearse",
]

PREPARING: Final = N_("Preparing the computer players for this computer (first run only)...")
"""The word shown while the kernels are being compiled (in English: shown translated)."""

REHEARSAL_HANDS: Final = 2
"""Hands played by the rehearsal: enough for every street and decision kind."""

_SEED: Final = 20_261_201


def rehearse(settings: PlaySettings, hands: int = REHEARSAL_HANDS) -> None:
    """Play ``hands`` hands of ``settings`` with computer players deciding every seat
    but the person's, which checks, calls or stands pat (nothing is stored)."""
    from pokerbonus.bots import fallback_action
    from pokerbonus.engine.actions import Action
    from pokerbonus.store import Store
    from pokerbonus.tui.session import PlaySession

    with Store("sqlite://") as store:
        session = PlaySession(settings, seed=_SEED, store=store)
        for _ in range(hands):
            if not session.can_deal():
                break
            session.start_hand(run_bots=False)
            while session.in_hand:
                if session.bot_to_act:
                    session.bot_step()
                    continue
                view = session.view
                assert view is not None
                legal = view.legal
                bet = legal is not None and legal.decision == "bet"
                action = Action.check_or_call() if bet else fallback_action(legal, view.hole)
                session.act(action, run_bots=False)


def prepare_dealer() -> None:
    """Dealer mode's kernels compiled (first run) or loaded: one exact decision.

    The hint and the computer players of dealer mode work out the exact value of
    every choice (:func:`pokerbonus.dealer.strategy.best_decision`); its kernels
    take tens of seconds to compile on the first run on a machine, so the dealer
    table makes this call in the background as soon as it opens. The kernels do
    not depend on the table's settings (they are arguments), so one call does.
    """
    from pokerbonus.dealer.strategy import best_decision

    best_decision("Qh 2c 9s Qc 9c", "6s")


def _key(settings: PlaySettings) -> Hashable:
    """What decides which kernels the bots use: the house rules and the level."""
    return (settings.config, settings.level)


class Preparation:
    """The background work of the setup screen: one thread, started by :meth:`start`.

    ``rehearsal`` is the work done per settings (tests pass a stand-in).
    """

    def __init__(self, rehearsal: Callable[[PlaySettings], None] = rehearse) -> None:
        self._rehearsal = rehearsal
        self._jobs: queue.SimpleQueue[PlaySettings] = queue.SimpleQueue()
        self._asked: set[Hashable] = set()
        self._done: set[Hashable] = set()
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None
        self.imported = threading.Event()
        """Set once the table's modules are imported (a session can be made without
        waiting on an import in progress)."""

    def start(self, settings: PlaySettings) -> None:
        """Prepare for ``settings`` in the background (nothing if asked before)."""
        with self._lock:
            key = _key(settings)
            if key in self._asked:
                return
            self._asked.add(key)
            self._jobs.put(settings)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._work, name="prepare-table", daemon=True
                )
                self._thread.start()

    def ready(self, settings: PlaySettings) -> bool:
        """Whether the rehearsal of ``settings`` is over."""
        with self._lock:
            return _key(settings) in self._done

    def wait(self, settings: PlaySettings, timeout: float | None = None) -> bool:
        """Wait until :meth:`ready` (at most ``timeout`` seconds); whether it is."""
        key = _key(settings)
        with self._changed:
            return self._changed.wait_for(lambda: key in self._done, timeout)

    def _work(self) -> None:
        with contextlib.suppress(Exception):  # the table imports them again, and says why
            import pokerbonus.store
            import pokerbonus.tui.session  # noqa: F401
        self.imported.set()
        while True:
            settings = self._jobs.get()
            # a failed rehearsal (a bot's bug) only costs the preparation: the table
            # compiles what it needs when it needs it, and falls back as always
            with contextlib.suppress(Exception):
                self._rehearsal(settings)
            with self._changed:
                self._done.add(_key(settings))
                self._changed.notify_all()


class ScreenReporter:
    """A :class:`pokerbonus.compiling.Reporter` that shows :data:`PREPARING` in the
    header while numba compiles, from whichever thread compiles.

    ``show`` is called with the text (or ``""`` when done) on the screen's thread.
    """

    def __init__(self, show: Callable[[str], None], call_on_screen: Callable[..., object]) -> None:
        self._show = show
        self._call = call_on_screen
        self._active = 0
        self._lock = threading.Lock()

    def started(self) -> None:
        """A compilation began: show the word."""
        with self._lock:
            self._active += 1
        self._on_screen(gettext(PREPARING))

    def finished(self, seconds: float) -> None:
        """A compilation ended: clear the word once none is running."""
        with self._lock:
            self._active -= 1
            idle = self._active == 0
        if idle:
            self._on_screen("")

    def _on_screen(self, text: str) -> None:
        try:
            self._call(self._show, text)
        except RuntimeError:  # already on the screen's thread (or the app is closing)
            with contextlib.suppress(Exception):
                self._show(text)
