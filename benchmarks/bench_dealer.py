"""Benchmark of dealer mode's values and return to player (RULES.md section 9).

Run: ``python benchmarks/bench_dealer.py [--situations N] [--exact]``.

1. One situation, every choice valued exactly: the fast path (the dealer's
   completions counted by rank multiset, ``situation_values``) against the
   direct method it replaced, timed in the same run: enumerate the 163,185
   completions into a histogram of dealer values plus one histogram per
   unseen card (a compact reference copy below, with the qualifier and the
   play-wager paytable). Both must give the same integers.
2. ``stats dealer``'s default run (sampled, seed 5) on 1 and 2 workers, with its
   95% interval (the target of issue 13: +-0.3 points in at most 180 s).
3. With ``--exact``: the whole game over every situation on 2 workers.

Print the load beside the figures (``uptime``): the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import time

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.analysis.stats import dealer_kernels as k
from pokerbonus.analysis.stats.dealer import RtpTerms, dealer_rtp
from pokerbonus.dealer import DealerSettings
from pokerbonus.hands.classes import BINOM, class_tables, hand_class


@numba.njit(cache=True, nogil=True)
def enumerated(
    hand: npt.NDArray[np.int64],
    up: int,
    value: npt.NDArray[np.int32],
    binom: npt.NDArray[np.int64],
    pays: npt.NDArray[np.int64],
    qualify: int,
    bet: int,
    play: int,
    out: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled
    """The reference: every completion enumerated (returns times SCALE, like the fast path)."""
    seen = np.zeros(52, dtype=np.bool_)
    for i in range(5):
        seen[hand[i]] = True
    seen[up] = True
    unseen = np.empty(46, dtype=np.int64)
    m = 0
    for c in range(52):
        if not seen[c]:
            unseen[m] = c
            m += 1
    hist = np.zeros(7464, dtype=np.int64)
    held = np.zeros((46, 7464), dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    five[0] = up
    for a in range(43):
        five[1] = unseen[a]
        for b in range(a + 1, 44):
            five[2] = unseen[b]
            for c in range(b + 1, 45):
                five[3] = unseen[c]
                for d in range(c + 1, 46):
                    five[4] = unseen[d]
                    j, s, x = hand_class(five, binom)
                    v = value[j, s, x]
                    hist[v] += 1
                    held[a, v] += 1
                    held[b, v] += 1
                    held[c, v] += 1
                    held[d, v] += 1
    below = np.zeros(7464, dtype=np.int64)
    for v in range(1, 7464):
        below[v] = below[v - 1] + hist[v - 1]

    def returned(v: int, q: int, bv: int, bn: int) -> int:
        total = q * (2 * bet + play)
        if v >= qualify:
            total += (bv - q) * (2 * bet + play * (1 + pays[v])) + (bn - bv) * (bet + play)
        return total

    j, s, x = hand_class(hand, binom)
    v = value[j, s, x]
    out[0] = 42 * returned(v, below[qualify], below[v], below[v + 1])
    for d in range(5):
        out[1 + d] = 0
    row = np.zeros(7464, dtype=np.int64)
    mixed = np.empty(5, dtype=np.int64)
    for r in range(46):
        for v in range(1, 7464):
            row[v] = row[v - 1] + held[r, v - 1]
        for d in range(5):
            for i in range(5):
                mixed[i] = hand[i]
            mixed[d] = unseen[r]
            j, s, x = hand_class(mixed, binom)
            v = value[j, s, x]
            out[1 + d] += returned(
                v, below[qualify] - row[qualify], below[v] - row[v], below[v + 1] - row[v + 1]
            )


def main() -> None:
    """Time the fast path against the enumeration, then the default RTP run."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--situations", type=int, default=100_000)
    parser.add_argument("--exact", action="store_true")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), cores: {os.cpu_count()}")
    settings = DealerSettings()
    terms = RtpTerms.of(settings)
    pays = k.play_pays(terms.pays)
    tables, work = k.situation_tables(), k.situation_work()
    value = class_tables(52).value
    rng = np.random.default_rng(1)
    situations = [rng.permutation(52)[:6].astype(np.int64) for _ in range(200)]
    fast = np.zeros(6, dtype=np.int64)
    slow = np.zeros(6, dtype=np.int64)
    for s in situations[:3]:  # compile (or load the cache) and check the two agree
        k.situation_values(s[:5], int(s[5]), tables, pays, terms.qualify, 1, 2, fast, work)
        enumerated(s[:5], int(s[5]), value, BINOM, pays, terms.qualify, 1, 2, slow)
        assert np.array_equal(fast, slow), (fast, slow)
    start = time.perf_counter()
    for s in situations[:40]:
        enumerated(s[:5], int(s[5]), value, BINOM, pays, terms.qualify, 1, 2, slow)
    reference = (time.perf_counter() - start) / 40
    start = time.perf_counter()
    for s in situations:
        k.situation_values(s[:5], int(s[5]), tables, pays, terms.qualify, 1, 2, fast, work)
    mine = (time.perf_counter() - start) / len(situations)
    print(f"one situation, every choice exact: rank multisets {mine * 1e3:.3f} ms, "
          f"enumeration {reference * 1e3:.3f} ms: {reference / mine:.1f}x")  # fmt: skip
    for workers in (1, 2):
        start = time.perf_counter()
        result = dealer_rtp(settings, situations=args.situations, seed=5, workers=workers)
        seconds = time.perf_counter() - start
        half = (result.ci95[1] - result.ci95[0]) / 2
        print(f"sampled, {args.situations:,} situations, {workers} worker(s): {seconds:.1f} s, "
              f"RTP {result.rtp:.4%} +-{half:.4%}")  # fmt: skip
    if args.exact:
        start = time.perf_counter()
        result = dealer_rtp(settings, exact=True, workers=2)
        print(f"exact, 2 workers: {time.perf_counter() - start:.1f} s, RTP {result.rtp:.6%}")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
