"""The ``pokerbonus`` command line: one typer app, a module per command."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="pokerbonus",
    help="Poker Bonus: poker engine, hand evaluation, equity and games.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """Poker Bonus: poker engine, hand evaluation, equity and games."""


def _register() -> None:
    from pokerbonus.cli.equity import equity_command
    from pokerbonus.cli.eval import eval_command
    from pokerbonus.cli.games import games_command
    from pokerbonus.cli.history import history_app
    from pokerbonus.cli.match import match_command
    from pokerbonus.cli.play import play_command
    from pokerbonus.cli.replay import replay_command
    from pokerbonus.cli.serve import serve_command
    from pokerbonus.cli.simulate import simulate_command
    from pokerbonus.cli.solve import solve_command
    from pokerbonus.cli.stats import stats_app

    app.command("play")(play_command)
    app.command("serve")(serve_command)
    app.command("eval")(eval_command)
    app.command("equity")(equity_command)
    app.command("simulate")(simulate_command)
    app.command("match")(match_command)
    app.command("solve")(solve_command)
    app.command("games")(games_command)
    app.command("replay")(replay_command)
    app.add_typer(stats_app, name="stats")
    app.add_typer(history_app, name="history")


_register()


def main() -> None:
    """Entry point of the ``pokerbonus`` console script."""
    app()
