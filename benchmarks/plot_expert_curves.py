"""The exploitability of each shipped ``expert`` strategy against its iterations.

Reads the curves the training recorded in the strategies' manifests
(``src/pokerbonus/solvers/french/data/*.json``: the exact exploitability in the
abstract game at iterations 1, 2, 5, 10, ...) and draws them on log-log axes;
the points drawn go beside the image as CSV (same name, ``.csv``).

    python benchmarks/plot_expert_curves.py [--out docs/images/expert-exploitability.png]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from pokerbonus.solvers.french.store import DATA_DIR


def main() -> None:
    """Draw the curves."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("docs/images/expert-exploitability.png"))
    args = parser.parse_args()
    fig, ax = plt.subplots(figsize=(7.5, 4.5), dpi=110)
    lines = ["strategy,iterations,exploitability_mbb"]
    for manifest in sorted(DATA_DIR.glob("*.json")):
        data = json.loads(manifest.read_text())
        history = [(i, e) for i, e in data.get("history", []) if e > 0]
        if not history:
            continue
        xs, ys = zip(*history, strict=True)
        ax.plot(xs, ys, marker="o", markersize=3, label=data["key"])
        lines.extend(f"{data['key']},{i},{e}" for i, e in history)
        print(f"{data['key']}: {len(history)} points, last {ys[-1]:.4g} mbb/hand at {xs[-1]}")
    ax.axhline(1.0, color="grey", linestyle="--", linewidth=0.8)
    ax.text(1.2, 1.15, "1 mbb/hand", color="grey", fontsize=8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("iterations")
    ax.set_ylabel("exploitability in the abstract game (mbb/hand)")
    ax.set_title("expert: exploitability of the average strategy while training")
    ax.grid(True, which="both", linewidth=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out, metadata={"Software": None})
    args.out.with_suffix(".csv").write_text("\n".join(lines) + "\n")
    print(f"written {args.out} and {args.out.with_suffix('.csv')}")


if __name__ == "__main__":
    main()
