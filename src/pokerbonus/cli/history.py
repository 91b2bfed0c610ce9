"""``pokerbonus history``: the stored sessions and hands, and their export.

The lead registers it with ``app.add_typer(history_app, name="history")``.

- ``history sessions`` — every session: id, date, game, players, hands, status, net per player;
- ``history hands SESSION`` — the hands of a session;
- ``history export SESSION [--hand N] --format phh|pokerstars [--output FILE]``.

``--db PATH`` (or ``POKERBONUS_DB``) names the database; ``--json`` prints the
listings as JSON. Errors print one line on stderr and exit with code 2.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from rich.console import Console
from rich.table import Table as RichTable

from pokerbonus.errors import PokerError
from pokerbonus.store.store import SavedHand, Store

__all__ = ["export_session", "history_app"]

history_app = typer.Typer(
    help="Stored sessions and hands: list them, export them (PHH, PokerStars text).",
    no_args_is_help=True,
    add_completion=False,
)

ExportFormat = Literal["phh", "pokerstars"]


@history_app.callback()
def _history(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database file or SQLAlchemy URL (default: POKERBONUS_DB "
            "or the user's data folder).",
        ),
    ] = None,
) -> None:
    """Stored sessions and hands."""
    ctx.obj = db


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=2)


@contextmanager
def _store(ctx: typer.Context) -> Iterator[Store]:
    try:
        store = Store(ctx.obj)
    except PokerError as exc:
        raise _fail(str(exc)) from None
    try:
        yield store
    except PokerError as exc:
        raise _fail(str(exc)) from None
    finally:
        store.close()


@history_app.command("sessions")
def sessions_command(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List every session, newest first."""
    with _store(ctx) as store:
        rows = store.sessions()
    if as_json:
        typer.echo(json.dumps([r.to_json() for r in rows], indent=2))
        return
    table = RichTable(title="Sessions")
    for name in ("id", "date", "game", "players", "hands", "status", "net"):
        table.add_column(name, justify="right" if name in ("id", "hands") else "left")
    for r in rows:
        net = ", ".join(f"{p} {v:+d}" for p, v in r.net.items())
        table.add_row(
            str(r.id), r.created.strftime("%Y-%m-%d %H:%M"), r.game, ", ".join(r.players),
            str(r.hands), r.status, net,
        )  # fmt: skip
    Console().print(table)


def _hand_json(h: SavedHand) -> dict[str, Any]:
    return {
        "number": h.number,
        "status": h.status,
        "dealer": h.dealer,
        "players": list(h.players),
        "starting_stacks": list(h.starting_stacks),
        "final_stacks": list(h.final_stacks) if h.final_stacks is not None else None,
        "actions": len(h.actions),
        "seed": h.seed,
        "started": h.started.isoformat(),
        "ended": h.ended.isoformat() if h.ended is not None else None,
    }


@history_app.command("hands")
def hands_command(
    ctx: typer.Context,
    session: Annotated[int, typer.Argument(help="The session id.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the hands of a session."""
    with _store(ctx) as store:
        hands = store.hands(session)
    if as_json:
        typer.echo(json.dumps([_hand_json(h) for h in hands], indent=2))
        return
    table = RichTable(title=f"Session {session}: hands")
    for name in ("hand", "status", "players", "start", "end", "result", "actions"):
        table.add_column(name)
    for h in hands:
        result = ""
        if h.final_stacks is not None:
            diffs = (f - s for f, s in zip(h.final_stacks, h.starting_stacks, strict=True))
            result = ", ".join(f"{p} {d:+d}" for p, d in zip(h.players, diffs, strict=True))
        table.add_row(
            str(h.number), h.status, ", ".join(h.players),
            " ".join(map(str, h.starting_stacks)),
            " ".join(map(str, h.final_stacks)) if h.final_stacks is not None else "-",
            result, str(len(h.actions)),
        )  # fmt: skip
    Console().print(table)


def export_session(store: Store, session: int, fmt: ExportFormat, hand: int | None = None) -> str:
    """The finished hands of a table session (or one of them) as PHH or PokerStars text."""
    from pokerbonus.notation import dumps, dumps_many, loads
    from pokerbonus.notation.export import pokerstars_text
    from pokerbonus.store.recorder import replay_session

    saved = store.load_session(session)
    if saved.kind != "table":
        raise PokerError(f"export: session {session} is a {saved.kind} session, only table "
                         "sessions are exported")  # fmt: skip
    finished = saved.finished_hands
    if hand is not None and hand not in {h.number for h in finished}:
        raise PokerError(f"export: session {session} has no finished hand {hand}")
    if not finished:
        raise PokerError(f"export: session {session} has no finished hand")
    if fmt == "phh":
        histories = []
        for h in finished:
            if hand is not None and h.number != hand:
                continue
            if h.phh is None:
                raise PokerError(f"export: hand {h.number} has no stored PHH")
            [history] = loads(h.phh)
            histories.append(history)
        if hand is not None:
            return dumps(histories[0])
        return dumps_many(histories)
    if fmt != "pokerstars":
        raise PokerError(f"export: unknown format {fmt!r} (phh or pokerstars)")
    texts = []
    for _table, _rng, saved_hand, played in replay_session(saved):
        if hand is not None and saved_hand.number != hand:
            continue
        texts.append(
            pokerstars_text(
                played,
                players=saved_hand.players,
                number=saved_hand.number,
                table=f"Poker Bonus {session}",
                when=saved_hand.started,
            )
        )
    return "\n\n".join(texts)


@history_app.command("export")
def export_command(
    ctx: typer.Context,
    session: Annotated[int, typer.Argument(help="The session id.")],
    fmt: Annotated[str, typer.Option("--format", help="phh or pokerstars.")] = "phh",
    hand: Annotated[int | None, typer.Option("--hand", help="Only this hand.")] = None,
    output: Annotated[Path | None, typer.Option("--output", help="Write to this file.")] = None,
) -> None:
    """Export the finished hands of a session."""
    if fmt not in ("phh", "pokerstars"):
        raise _fail(f"--format: must be 'phh' or 'pokerstars', got {fmt!r}")
    with _store(ctx) as store:
        text = export_session(store, session, fmt, hand)  # type: ignore[arg-type]
        hands = 1 if hand is not None else len(store.load_session(session).finished_hands)
    if output is not None and fmt == "phh" and output.suffix == ".phh" and hands > 1:
        raise _fail(
            f"--output: {hands} hands go in a .phhs file (a .phh file holds one hand); "
            f"write {output.with_suffix('.phhs').name} or give --hand"
        )
    if output is None:
        typer.echo(text, nl=not text.endswith("\n"))
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise _fail(f"--output: cannot write {str(output)!r}: {exc.strerror}") from None
