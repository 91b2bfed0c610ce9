"""``pokerbonus history``: the stored sessions and hands, and their export.

The lead registers it with ``app.add_typer(history_app, name="history")``.

- ``history sessions`` — every session: id, date, game, players, hands, status, net per player;
- ``history hands SESSION`` — the hands of a session;
- ``history export SESSION [--hand N] --format phh|pokerstars [--hero NAME] [--output FILE]``:
  the PokerStars text shows the hero's private cards only (and the hands shown at the
  showdown), the session's person by default.

``--db PATH`` (or ``POKERBONUS_DB``) names the database; ``--json`` prints the
listings as JSON. Errors print one line on stderr and exit with code 2.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer
from rich.console import Console
from rich.table import Table as RichTable

from pokerbonus.cli.bounds import ID_MAX, check_database, whole, whole_argument
from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext, pgettext

if TYPE_CHECKING:  # the store (SQLAlchemy) is imported when a database is opened
    from pokerbonus.store.store import SavedHand, Store

__all__ = ["export_session", "history_app"]

history_app = typer.Typer(
    help=gettext("Stored sessions and hands: list them, export them (PHH, PokerStars text)."),
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
            help=gettext(
                "Database file or SQLAlchemy URL (default: POKERBONUS_DB or the user's "
                "data folder)."
            ),
        ),
    ] = None,
) -> None:
    """Stored sessions and hands."""
    check_database(db)
    ctx.obj = db


def _fail(message: str) -> typer.Exit:
    typer.echo(gettext("error: {message}").format(message=message), err=True)
    return typer.Exit(code=2)


@contextmanager
def _store(ctx: typer.Context) -> Iterator[Store]:
    from pokerbonus.store.store import Store

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
    as_json: Annotated[bool, typer.Option("--json", help=gettext("Print JSON."))] = False,
) -> None:
    """List every session, newest first."""
    rows: list[Any] = []
    if not _surely_empty(ctx.obj):
        with _store(ctx) as store:
            rows = store.sessions()
    if as_json:
        typer.echo(json.dumps([r.to_json() for r in rows], indent=2))
        return
    table = RichTable(title=gettext("Sessions"))
    columns = (
        # Translators: the columns of `history sessions`.
        ("id", pgettext("sessions", "id")), ("date", pgettext("sessions", "date")),
        ("game", pgettext("sessions", "game")), ("players", pgettext("sessions", "players")),
        ("hands", pgettext("sessions", "hands")), ("status", pgettext("sessions", "status")),
        ("net", pgettext("sessions", "net")),
    )  # fmt: skip
    for key, name in columns:
        table.add_column(name, justify="right" if key in ("id", "hands") else "left")
    for r in rows:
        net = ", ".join(f"{p} {v:+d}" for p, v in r.net.items())
        table.add_row(
            str(r.id), r.created.strftime("%Y-%m-%d %H:%M"), r.game, ", ".join(r.players),
            str(r.hands), _status(r.status), net,
        )  # fmt: skip
    Console().print(table)


def _surely_empty(db: str | None) -> bool:
    """Whether the database is an SQLite file that holds no session, as the standard
    library reads it: then the listing needs no SQLAlchemy (a second of start-up).
    Anything else (a URL, no file yet, another schema, an error) is the store's."""
    import os
    import sqlite3

    location = db if db is not None else os.environ.get("POKERBONUS_DB")
    if location is None:
        import platformdirs  # the store's default file (a test checks they agree)

        location = str(Path(platformdirs.user_data_dir("pokerbonus")) / "pokerbonus.db")
    if "://" in location:
        return False
    path = Path(location).expanduser().absolute()
    if not path.is_file():
        return False
    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            return connection.execute("SELECT id FROM sessions LIMIT 1").fetchone() is None
        finally:
            connection.close()
    except sqlite3.Error:
        return False


def _status(status: str) -> str:
    """A session's or a hand's status in words (the JSON keeps the English key)."""
    words = {
        "open": pgettext("status", "open"),
        "closed": pgettext("status", "closed"),
        "finished": pgettext("status", "finished"),
        "voided": pgettext("status", "voided"),
        "playing": pgettext("status", "playing"),
    }
    return words.get(status, status)


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
    session: Annotated[int, whole_argument("SESSION", 1, ID_MAX, gettext("The session id."))],
    as_json: Annotated[bool, typer.Option("--json", help=gettext("Print JSON."))] = False,
) -> None:
    """List the hands of a session."""
    with _store(ctx) as store:
        hands = store.hands(session)
    if as_json:
        typer.echo(json.dumps([_hand_json(h) for h in hands], indent=2))
        return
    table = RichTable(title=gettext("Session {session}: hands").format(session=session))
    for name in (
        # Translators: the columns of `history hands`.
        pgettext("hands", "hand"), pgettext("hands", "status"), pgettext("hands", "players"),
        pgettext("hands", "start"), pgettext("hands", "end"), pgettext("hands", "result"),
        pgettext("hands", "actions"),
    ):  # fmt: skip
        table.add_column(name)
    for h in hands:
        result = ""
        if h.final_stacks is not None:
            diffs = (f - s for f, s in zip(h.final_stacks, h.starting_stacks, strict=True))
            result = ", ".join(f"{p} {d:+d}" for p, d in zip(h.players, diffs, strict=True))
        table.add_row(
            str(h.number), _status(h.status), ", ".join(h.players),
            " ".join(map(str, h.starting_stacks)),
            " ".join(map(str, h.final_stacks)) if h.final_stacks is not None else "-",
            result, str(len(h.actions)),
        )  # fmt: skip
    Console().print(table)


def export_session(
    store: Store,
    session: int,
    fmt: ExportFormat,
    hand: int | None = None,
    hero: str | None = None,
) -> str:
    """The finished hands of a table session (or one of them) as PHH or PokerStars text.

    The PokerStars text is ``hero``'s (a player's name): that player's private cards,
    the up cards and the hands shown, as a tracker reads a player's own history.
    ``None``: the session's person (a session of bots only: nobody's private cards).
    """
    from pokerbonus.notation import dumps, dumps_many, loads
    from pokerbonus.notation.export import pokerstars_text
    from pokerbonus.store.recorder import replay_session

    saved = store.load_session(session)
    if saved.kind == "tournament":
        from pokerbonus.cli.history_tournament import export_tournament

        return export_tournament(saved, fmt, hand, hero)
    if saved.kind != "table":
        raise PokerError(
            gettext(
                "export: session {session} is a {kind} session, only table sessions are exported"
            ).format(session=session, kind=saved.kind)
        )
    finished = saved.finished_hands
    if hand is not None and hand not in {h.number for h in finished}:
        raise PokerError(
            gettext("export: session {session} has no finished hand {hand}").format(
                session=session, hand=hand
            )
        )
    if not finished:
        raise PokerError(
            gettext("export: session {session} has no finished hand").format(session=session)
        )
    if fmt == "phh":
        histories = []
        for h in finished:
            if hand is not None and h.number != hand:
                continue
            if h.phh is None:
                raise PokerError(
                    gettext("export: hand {number} has no stored PHH").format(number=h.number)
                )
            [history] = loads(h.phh)
            histories.append(history)
        if hand is not None:
            return dumps(histories[0])
        return dumps_many(histories)
    if fmt != "pokerstars":
        raise PokerError(
            gettext("export: unknown format {fmt!r} (phh or pokerstars)").format(fmt=fmt)
        )
    names = [p.name for p in saved.players]
    if hero is None:
        people = [p.name for p in saved.players if p.kind == "human"]
        if len(people) > 1:
            raise PokerError(
                gettext(
                    "export: session {session} has several people ({names}): choose one with --hero"
                ).format(session=session, names=", ".join(people))
            )
        hero = people[0] if people else None
    elif hero not in names:
        raise PokerError(
            gettext("--hero: {name!r} did not play in session {session} ({names})").format(
                name=hero, session=session, names=", ".join(sorted(names))
            )
        )
    texts = []
    for _table, _rng, saved_hand, played in replay_session(saved):
        if hand is not None and saved_hand.number != hand:
            continue
        dealt_in = list(saved_hand.players)
        texts.append(
            pokerstars_text(
                played,
                players=saved_hand.players,
                number=saved_hand.number,
                table=f"Poker Bonus {session}",
                hero=dealt_in.index(hero) if hero in dealt_in else "spectator",
                when=saved_hand.started,
            )
        )
    return "\n\n".join(texts)


@history_app.command("export")
def export_command(
    ctx: typer.Context,
    session: Annotated[int, whole_argument("SESSION", 1, ID_MAX, gettext("The session id."))],
    fmt: Annotated[str, typer.Option("--format", help=gettext("phh or pokerstars."))] = "phh",
    hand: Annotated[int | None, whole("--hand", 1, ID_MAX, gettext("Only this hand."))] = None,
    output: Annotated[
        Path | None, typer.Option("--output", help=gettext("Write to this file."))
    ] = None,
    hero: Annotated[
        str | None,
        typer.Option(
            "--hero",
            help=gettext(
                "PokerStars text: whose private cards are shown (default: the session's person)."
            ),
        ),
    ] = None,
) -> None:
    """Export the finished hands of a session."""
    if fmt not in ("phh", "pokerstars"):
        raise _fail(gettext("--format: must be 'phh' or 'pokerstars', got {fmt!r}").format(fmt=fmt))
    with _store(ctx) as store:
        text = export_session(store, session, fmt, hand, hero)  # type: ignore[arg-type]
        hands = 1 if hand is not None else len(store.load_session(session).finished_hands)
    if output is not None and fmt == "phh" and output.suffix == ".phh" and hands > 1:
        raise _fail(
            gettext(
                "--output: {hands} hands go in a .phhs file (a .phh file holds one hand); "
                "write {name} or give --hand"
            ).format(hands=hands, name=output.with_suffix(".phhs").name)
        )
    if output is None:
        typer.echo(text, nl=not text.endswith("\n"))
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise _fail(
            gettext("--output: cannot write {output!r}: {strerror}").format(
                output=str(output), strerror=exc.strerror
            )
        ) from None


@history_app.command("stats")
def stats_command(
    ctx: typer.Context,
    session: Annotated[
        int | None,
        whole_argument("SESSION", 1, ID_MAX, gettext("The session id (default: every session).")),
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", help=gettext("Only this player."))
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", help=gettext("Only hands started on or after this date (UTC).")),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option("--until", help=gettext("Only hands started before this date (UTC).")),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=gettext("Print JSON."))] = False,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help=gettext("Save the results over the hands (.png or .svg).")),
    ] = None,
) -> None:
    """Player statistics over stored hands (VPIP, PFR, showdowns, results)."""
    from pokerbonus.cli.history_stats import (
        FactsQuery,
        load_facts,
        parse_date,
        player_stats,
        stats_json,
        stats_rows,
    )

    try:
        if plot is not None:
            from pokerbonus.analysis.stats.plots import check_plot

            check_plot(plot)
        query = FactsQuery(
            session,
            parse_date(since, "--since") if since is not None else None,
            parse_date(until, "--until") if until is not None else None,
        )
        rows = load_facts(ctx.obj, query, quiet=as_json)
    except PokerError as exc:
        raise _fail(str(exc)) from None
    stats = player_stats(rows, player)
    if player is not None and player not in stats:
        raise _fail(
            gettext("--player: {name!r} played no stored hand of these").format(name=player)
        )
    if plot is not None:
        from pokerbonus.analysis.stats.plots import plot_results

        try:
            plot_results({name: (s.results, s.ev_results) for name, s in stats.items()}, plot)
        except (PokerError, OSError) as exc:
            raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(stats_json(stats, rows), indent=2))
        return
    if not stats:
        typer.echo(gettext("No stored hand to count."))
        return
    where = (
        gettext("session {session}").format(session=session)
        if session is not None
        else gettext("every session")
    )
    table = RichTable(
        title=gettext("Player statistics: {where}, {hands} hands").format(
            where=where, hands=len(rows)
        )
    )
    table.add_column("")
    for name in stats:
        table.add_column(name, justify="right")
    lines = [stats_rows(s) for s in stats.values()]
    longest = max(lines, key=len)
    for i, (label, _value) in enumerate(longest):
        table.add_row(label, *(rows_[i][1] if i < len(rows_) else "-" for rows_ in lines))
    Console().print(table)
    typer.echo(
        gettext(
            "Public information only: a hand folded before the showdown is never read. "
            "mbb: thousandths of the hand's big blind (or blind, else ante)."
        )
    )


@history_app.command("review")
def review_command(
    ctx: typer.Context,
    session: Annotated[
        int,
        whole_argument(
            "SESSION", 1, ID_MAX, gettext("The session id (a tournament's: its number).")
        ),
    ],
    hand: Annotated[int | None, whole("--hand", 1, ID_MAX, gettext("Only this hand."))] = None,
    player: Annotated[
        str | None,
        typer.Option("--player", help=gettext("Whose decisions (default: the session's person).")),
    ] = None,
) -> None:
    """The coach: your decisions of a session or a tournament against the solved strategy
    and the odds."""
    from pokerbonus.bots.coach import advice_lines, limits_text
    from pokerbonus.cli.history_review import person_of, review_session, summary_line

    with _store(ctx) as store:
        saved = store.load_session(session)
        if saved.kind not in ("table", "tournament"):
            raise _fail(
                gettext(
                    "review: session {session} is a {kind} session, not a table or a tournament"
                ).format(session=session, kind=saved.kind)
            )
        if hand is not None and hand not in {h.number for h in saved.finished_hands}:
            raise _fail(
                gettext("review: session {session} has no finished hand {hand}").format(
                    session=session, hand=hand
                )
            )
        try:
            name = person_of(saved, player)
            reviews = []
            for review in review_session(saved, name, [hand] if hand is not None else None):
                reviews.append(review)
                typer.echo(
                    gettext("Hand {number} ({player})").format(number=review.number, player=name)
                )
                for advice in review.advice:
                    for line in advice_lines(advice):
                        typer.echo("  " + line)
        except PokerError as exc:
            raise _fail(str(exc)) from None
    typer.echo(gettext("Summary: {line}").format(line=summary_line(reviews)))
    typer.echo(limits_text())
