"""The sizes and costs of each shipped ``expert`` strategy, from its file and manifest.

One line per strategy file in ``src/pokerbonus/solvers/french/data``: the card
abstraction (suit classes, pre-draw and post-draw buckets), the abstract game's
public tree (nodes, decision nodes), its information sets and (information set,
action) pairs, the training's memory for its two float64 tables (regrets and
average strategy), the iterations and seconds of the recorded run with the load
it ran under, the file's size and the exact exploitability in the abstract game.

    python benchmarks/expert_sizes.py [--markdown]
"""

from __future__ import annotations

import argparse
import json

from pokerbonus.solvers.french.store import DATA_DIR, load_strategy

COLUMNS = (
    "strategy", "classes", "pre", "post", "nodes", "decisions", "infosets", "pairs",
    "train MB", "iterations", "seconds", "load", "file KB", "mbb/hand",
)  # fmt: skip


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    args = parser.parse_args()
    rows: list[list[str]] = []
    for npz in sorted(DATA_DIR.glob("*.npz")):
        strategy = load_strategy(npz)
        meta = json.loads(npz.with_suffix(".json").read_text())
        tree, cards = strategy.tree, strategy.cards
        rows.append([
            npz.stem, f"{cards.classes:,}", str(cards.pre_buckets), str(cards.post_buckets),
            f"{tree.num_nodes:,}", f"{tree.num_decisions:,}", f"{tree.num_infosets:,}",
            f"{tree.num_slots:,}", f"{2 * 8 * tree.num_slots / 1e6:.1f}",
            f"{meta['iterations']:,}", f"{meta['seconds']:,}",
            f"{meta['load_average'][0]}", f"{npz.stat().st_size / 1024:,.0f}",
            f"{meta['measured']['exploitability_mbb']:.4g}",
        ])  # fmt: skip
    if args.markdown:
        print("| " + " | ".join(COLUMNS) + " |")
        print("|" + "---|" * len(COLUMNS))
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(COLUMNS)]
    print("  ".join(c.rjust(w) for c, w in zip(COLUMNS, widths, strict=True)))
    for row in rows:
        print("  ".join(v.rjust(w) for v, w in zip(row, widths, strict=True)))


if __name__ == "__main__":
    main()
