"""Plots of the statistics (matplotlib, Agg backend): PNG or SVG by file extension.

matplotlib is an extra (``pip install 'pokerbonus[plots]'``), needed by this module
only: :func:`check_plot` says, before any work starts, whether a plot can be saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pokerbonus.analysis.stats.dealer import DealerResult
from pokerbonus.analysis.stats.dealt import DealtStats
from pokerbonus.analysis.stats.draw import DrawStats
from pokerbonus.errors import ConfigurationError, MissingExtraError
from pokerbonus.hands.category import Category
from pokerbonus.hands.classes import CATEGORY_KEYS
from pokerbonus.hands.describe import category_name
from pokerbonus.i18n import current_language, gettext, ngettext
from pokerbonus.i18n.numbers import number

__all__ = ["check_plot", "plot_dealer", "plot_dealt", "plot_draw", "plot_results"]

_FORMATS = {".png": "png", ".svg": "svg"}


def check_plot(path: Path) -> str:
    """The format of the plot ``path`` asks for (``"png"``, ``"svg"``); raises
    :class:`ConfigurationError` for another extension and :class:`MissingExtraError`
    when matplotlib is not installed."""
    fmt = _FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise ConfigurationError(
            gettext("plot: {path!r} must end in .png or .svg").format(path=str(path))
        )
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise MissingExtraError(
            gettext(
                "plot: matplotlib is not installed; install the plots extra: "
                "pip install 'pokerbonus[plots]'"
            )
        ) from None
    return fmt


def _figure(path: Path) -> tuple[Any, Any, str]:
    fmt = check_plot(path)
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9, 5), layout="constrained")
    return figure, figure.add_subplot(), fmt


def _labels(keys: list[str]) -> list[str]:
    """The categories under the bars: their keys in English (``two pair``), their
    names in another language."""
    lang = current_language()
    if lang == "en":
        return [k.replace("_", " ") for k in keys]
    return [category_name(Category[k.upper()], lang) for k in keys]


def plot_dealt(stats: DealtStats, path: Path) -> None:
    """Bar chart (log scale) of the exact dealt frequencies."""
    figure, ax, fmt = _figure(path)
    keys = [k for k in CATEGORY_KEYS if stats.counts[k]]
    ax.bar(_labels(keys), [stats.frequency(k) for k in keys], color="tab:blue")
    ax.set_yscale("log")
    ax.set_ylabel(gettext("frequency"))
    title = ngettext(
        "Five-card deal, {deck} cards + {jokers} joker (exact)",
        "Five-card deal, {deck} cards + {jokers} jokers (exact)",
        stats.jokers,
    )
    ax.set_title(title.format(deck=stats.deck, jokers=stats.jokers))
    ax.tick_params(axis="x", rotation=30)
    figure.savefig(path, format=fmt)


def plot_draw(stats: DrawStats, path: Path) -> None:
    """Final frequencies with 95% intervals (log scale) and win expectancies."""
    figure, ax, fmt = _figure(path)
    keys = [k for k in CATEGORY_KEYS if stats.final_counts[k]]
    freq = [stats.final_frequency[k] for k in keys]
    errors = [
        [f - stats.ci95(k)[0] for k, f in zip(keys, freq, strict=True)],
        [stats.ci95(k)[1] - f for k, f in zip(keys, freq, strict=True)],
    ]
    ax.bar(_labels(keys), freq, yerr=errors, color="tab:blue", label=gettext("final frequency"))
    ax.set_yscale("log")
    ax.set_ylabel(gettext("final frequency"))
    ax.tick_params(axis="x", rotation=30)
    twin = ax.twinx()
    dealt = stats.win_expectancy_dealt
    final = stats.win_expectancy_final
    twin.plot(_labels(keys), [final.get(k, 0.0) for k in keys], "o-", color="tab:red",
              label=gettext("win expectancy (final)"))  # fmt: skip
    twin.plot(_labels(keys), [dealt.get(k, float("nan")) for k in keys], "s--",
              color="tab:green", label=gettext("win expectancy (dealt)"))  # fmt: skip
    twin.set_ylim(0, 1)
    twin.set_ylabel(gettext("win expectancy"))
    twin.legend(loc="upper left")
    ax.set_title(
        gettext("Five-card draw, {deck} cards, {players} players, {hands} deals").format(
            deck=stats.config.deck, players=stats.players, hands=number(stats.hands)
        )
    )
    figure.savefig(path, format=fmt)


def plot_dealer(result: DealerResult, path: Path) -> None:
    """Best decision shares and the RTP with its interval."""
    figure, ax, fmt = _figure(path)
    ax.bar(
        [gettext("fold"), gettext("keep"), gettext("exchange one")],
        [result.fold, result.keep, result.exchange],
        color=["tab:gray", "tab:blue", "tab:orange"],
    )
    ax.set_ylabel(gettext("share of situations"))
    low, high = result.ci95
    title = (
        gettext("Dealer mode: RTP {rtp} (95% CI {low}-{high}), exact, {situations} situations")
        if result.method == "exact"
        else gettext(
            "Dealer mode: RTP {rtp} (95% CI {low}-{high}), sampled, {situations} situations"
        )
    )
    ax.set_title(
        title.format(
            rtp=number(result.rtp, ".4f"),
            low=number(low, ".4f"),
            high=number(high, ".4f"),
            situations=number(result.situations),
        )
    )
    figure.savefig(path, format=fmt)


def plot_results(results: dict[str, tuple[list[int], list[float]]], path: Path) -> None:
    """The running result of each player over their hands (chips), with the all-in
    expected-value line dashed where some hand went all in before the end."""
    figure, axes, fmt = _figure(path)
    for name, (nets, evs) in results.items():
        running = 0
        line: list[int] = []
        for v in nets:
            running += v
            line.append(running)
        (drawn,) = axes.plot(range(1, len(line) + 1), line, label=name)
        if evs != [float(v) for v in nets]:
            total = 0.0
            ev_line: list[float] = []
            for ev in evs:
                total += ev
                ev_line.append(total)
            axes.plot(
                range(1, len(ev_line) + 1), ev_line, linestyle="--", color=drawn.get_color(),
                # Translators: the dashed line of a player's results plot.
                label=gettext("{name}, all-in EV").format(name=name),
            )  # fmt: skip
    axes.axhline(0, color="grey", linewidth=0.5)
    axes.set_xlabel(gettext("hands played"))
    axes.set_ylabel(gettext("chips won"))
    axes.set_title(gettext("Results over the hands"))
    if results:
        axes.legend()
    figure.savefig(path, format=fmt)
