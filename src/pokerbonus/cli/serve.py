"""``pokerbonus serve``: the web tables' server (see ``docs/server.md``).

The lead registers the command with ``app.command("serve")(serve_command)``.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from pokerbonus.cli.bounds import check_database, decimal, whole
from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext

__all__ = ["serve_command"]


def serve_command(
    host: Annotated[str, typer.Option(help=gettext("Address to listen on."))] = "127.0.0.1",
    port: Annotated[int, whole("--port", 1, 65535, gettext("Port to listen on."))] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help=gettext("Database: an SQLite file or an SQLAlchemy URL (postgresql://...).")
        ),
    ] = None,
    void_cut_hands: Annotated[
        bool,
        typer.Option("--void-cut-hands", help=gettext("Void (not resume) hands cut by a restart.")),
    ] = False,
    bot_delay: Annotated[
        float, decimal("--bot-delay", 0, 60, gettext("Seconds before a bot acts."))
    ] = 0.6,
    hand_pause: Annotated[
        float, decimal("--hand-pause", 0, 600, gettext("Seconds between hands."))
    ] = 3.0,
    node: Annotated[
        str | None,
        typer.Option(
            help=gettext(
                "This server's name among the servers sharing a PostgreSQL database "
                "(its server name in the proxy's configuration; default: host-port)."
            )
        ),
    ] = None,
    public_url: Annotated[
        str,
        typer.Option(
            help=gettext(
                "Where clients reach this server directly, for the redirects to it "
                "(default: none, through the proxy)."
            )
        ),
    ] = "",
    lease_seconds: Annotated[
        float,
        decimal(
            "--lease-seconds",
            1,
            60,
            gettext("Seconds a table's lease runs unrenewed (several servers on PostgreSQL)."),
        ),
    ] = 4.0,
    warm: Annotated[
        bool,
        typer.Option(
            help=gettext(
                "Compile or load the bots' kernels at start, before any table deals "
                "(a few seconds; the first time, half a minute)."
            )
        ),
    ] = True,
) -> None:
    """Run the web tables: create a table, send the invite link, play with friends and bots."""
    if not 0 < port < 65536:
        message = gettext("--port {port}: must be 1..65535").format(port=port)
        Console(stderr=True).print(
            gettext("error: {message}").format(message=message), markup=False
        )
        raise typer.Exit(code=2)
    check_database(db)
    import uvicorn

    from pokerbonus.server import UVICORN_OPTIONS, ServerSettings, create_app
    from pokerbonus.server.leases import default_node_name

    settings = ServerSettings(
        db=db,
        resume="void" if void_cut_hands else "resume",
        bot_delay=max(0.0, bot_delay),
        hand_pause=max(0.0, hand_pause),
        warm_games=("draw", "holdem") if warm else (),
        node=node or default_node_name(port),
        public_url=public_url,
        lease_seconds=lease_seconds,
    )
    try:
        app = create_app(settings)
    except PokerError as exc:
        Console(stderr=True).print(gettext("error: {message}").format(message=exc), markup=False)
        raise typer.Exit(code=2) from None
    uvicorn.run(app, host=host, port=port, log_level="info", **UVICORN_OPTIONS)
