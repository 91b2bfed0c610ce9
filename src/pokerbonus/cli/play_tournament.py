"""``pokerbonus play --tournament NAME`` and the resumption of a stored tournament
(see ``docs/tournaments.md``).

:func:`play_tournament` opens a new tournament of a preset or a TOML/JSON file
against computer opponents; :func:`resume_tournament_play` brings one back
(``pokerbonus play --resume``, when the newest open session is a tournament, or
``--resume ID`` of a tournament). Errors are :class:`PokerError` (the command
prints them on one line).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext

if TYPE_CHECKING:
    from pokerbonus.store import Store

__all__ = ["newest_open_kind", "play_tournament", "resume_tournament_play", "table_flags_refusal"]

TOURNAMENT_FLAGS = frozenset({"level", "name", "four_color"})
"""The options of ``play`` that go with ``--tournament`` (with ``--seed`` and ``--db``)."""


def table_flags_refusal(options: Mapping[str, object], config: object) -> None:
    """Refuse the table's own options with ``--tournament``: the structure sets the game
    and the forced bets (a tournament file holds them, ``docs/tournaments.md``)."""
    given = sorted(k for k, v in options.items() if v is not None and k not in TOURNAMENT_FLAGS)
    if config is not None:
        given.insert(0, "config")
    if given:
        raise PokerError(
            gettext(
                "--tournament: {flags} belong to a cash table; a tournament's game and forced "
                "bets come from its structure (a preset or a .toml/.json file)"
            ).format(flags=", ".join("--" + k.replace("_", "-") for k in given))
        )


def newest_open_kind(store: Store, session_id: int | None) -> str | None:
    """The kind (``table`` or ``tournament``) of the session ``--resume`` brings
    back: the one named, else the newest open table or tournament (``None``: none)."""
    if session_id is not None:
        return str(store.load_session(session_id).kind)
    for summary in store.sessions():
        if summary.status == "open" and summary.kind in ("table", "tournament"):
            return str(summary.kind)
    return None


def play_tournament(
    text: str,
    store: Store,
    *,
    level: str | None,
    name: str | None,
    four_color: bool | None,
    seed: int | None,
    bot_pause: float,
) -> None:
    """Play a new tournament of ``text`` (a preset or a file) in the terminal."""
    from pokerbonus.cli.match import load_tournament
    from pokerbonus.tui.tournament import TournamentApp
    from pokerbonus.tui.tournament_session import TournamentSession, TournamentSettings

    config = load_tournament(text)
    values: dict[str, object] = {"config": config}
    if level is not None:
        values["level"] = level
    if name is not None:
        if not name.strip() or len(name) > 20:
            raise PokerError(gettext("--name: 1 to 20 characters, got {name!r}").format(name=name))
        values["name"] = name
    if four_color is not None:
        values["four_color"] = four_color
    settings = TournamentSettings(**values)  # type: ignore[arg-type]
    session = TournamentSession(settings, seed=seed, store=store)
    TournamentApp(session, bot_pause=bot_pause).run()


def resume_tournament_play(
    store: Store,
    session_id: int | None,
    *,
    seed: int | None,
    four_color: bool | None,
    void: bool,
    bot_pause: float,
) -> None:
    """Bring back a stored tournament in the terminal."""
    from pokerbonus.tui.tournament import TournamentApp
    from pokerbonus.tui.tournament_session import TournamentSession

    session = TournamentSession.resume(
        store, session_id, seed=seed, four_color=four_color,
        policy="void" if void else "resume",
    )  # fmt: skip
    TournamentApp(session, bot_pause=bot_pause).run()
