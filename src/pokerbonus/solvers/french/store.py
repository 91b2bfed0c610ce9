"""Strategy files: the shipped strategies of the French draw solver and their checks.

A strategy file (``<key>.npz``) holds everything the ``expert`` bot needs to play it
without computing anything: the game settings (:class:`.tree.GameSpec`), the public
tree's arrays, the card abstraction's tables and the average strategy, two bytes per
(infoset, action) (probabilities in 65,535ths, normalised again when read; one byte,
in 255ths, for the four-handed strategies, whose exploitability is far above what
the rounding adds: heads-up, one byte added about 1 mbb/hand in limit and 10 in no-
limit with 52 cards). It is written byte for byte the same for the same content (a
zip archive with fixed dates), so re-running the recorded command gives the same
file. Beside it, ``<key>.json`` (the manifest) records the file's SHA-256, the
settings, the seed and command that made it, the measured figures and the versions
of Python, numpy and numba.

:func:`load_strategy` refuses, with a :class:`StrategyFileError` naming the
file and the reason, a file whose bytes do not match the manifest's digest
(damaged), whose format or abstraction version is not this code's (stale), or
whose tables do not match the digests recorded inside it (damaged).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError
from pokerbonus.hands.classes import class_tables
from pokerbonus.solvers.french.cards import CardAbstraction
from pokerbonus.solvers.french.tree import GameSpec, PublicTree

__all__ = [
    "ABSTRACTION_VERSION",
    "DATA_DIR",
    "FORMAT_VERSION",
    "Strategy",
    "StrategyFileError",
    "load_strategy",
    "quantise",
    "save_strategy",
]

FORMAT_VERSION: Final = 2
"""The layout of a strategy file."""
ABSTRACTION_VERSION: Final = 1
"""The meaning of the abstraction (buckets, tree, transitions); bump it when the
code that computes them changes, so older files are refused as stale."""

DATA_DIR: Final = Path(__file__).with_name("data")
"""Where the package's shipped strategies live."""

_TREE_FIELDS: Final = (
    "kind", "actor", "act", "amount", "first_child", "num_children", "parent",
    "contrib", "bets", "folded", "drawn", "round", "slot", "width",
)  # fmt: skip
_CARD_FIELDS: Final = (
    "keys", "counts", "class_bucket", "discards", "edges", "transitions", "pre_probs",
)  # fmt: skip

F64 = npt.NDArray[np.float64]
UINT = npt.NDArray[np.uint16] | npt.NDArray[np.uint8]

SCALE: Final = 65535
"""Two-byte probabilities are multiples of ``1 / SCALE`` (one-byte ones of 1/255)."""


class StrategyFileError(ConfigurationError):
    """A strategy file that cannot be used: missing, damaged or stale."""


@dataclass(frozen=True, slots=True, eq=False)
class Strategy:
    """A strategy ready to play: the game (``spec``), its ``tree`` and ``cards``
    abstraction, the average strategy ``policy`` (one probability per slot) and
    the manifest's ``meta``."""

    key: str
    spec: GameSpec
    tree: PublicTree
    cards: CardAbstraction
    policy: F64
    meta: dict[str, Any]

    def probabilities(self, node: int, bucket: int) -> F64:
        """The action probabilities of ``(node, bucket)``, in the node's child order."""
        count = int(self.tree.num_children[node])
        base = int(self.tree.slot[node]) + bucket * count
        return self.policy[base : base + count]


def quantise(tree: PublicTree, policy: F64, bits: int = 16) -> UINT:
    """Probabilities in multiples of ``1 / SCALE`` (``bits`` 16) or of 1/255 (8), each
    infoset summing to the scale (largest remainders)."""
    if bits not in (8, 16):
        raise ConfigurationError(f"bits: probabilities are stored in 8 or 16 bits, not {bits!r}")
    scale = SCALE if bits == 16 else 255
    dtype = np.uint16 if bits == 16 else np.uint8
    out = np.zeros(policy.shape[0], dtype=dtype)
    decisions = np.flatnonzero(tree.slot >= 0)
    for node in decisions:
        count = int(tree.num_children[node])
        base = int(tree.slot[node])
        rows = policy[base : base + int(tree.width[node]) * count].reshape(-1, count)
        scaled = rows * float(scale)
        floor = np.floor(scaled)
        short = (scale - floor.sum(axis=1)).astype(np.int64)
        order = np.argsort(-(scaled - floor), axis=1, kind="stable")
        for i in range(rows.shape[0]):
            floor[i, order[i, : short[i]]] += 1
        out[base : base + rows.size] = floor.astype(dtype).ravel()
    return cast(UINT, out)


def dequantise(tree: PublicTree, quantised: UINT) -> F64:
    """The probabilities back from :func:`quantise`."""
    out = quantised.astype(np.float64)
    decisions = np.flatnonzero(tree.slot >= 0)
    for node in decisions:
        count = int(tree.num_children[node])
        base = int(tree.slot[node])
        size = int(tree.width[node]) * count
        rows = out[base : base + size].reshape(-1, count)
        totals = rows.sum(axis=1, keepdims=True)
        rows[:] = np.where(totals > 0, rows / np.where(totals > 0, totals, 1.0), 1.0 / count)
    return out


def _write_zip(arrays: dict[str, npt.NDArray[Any]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(arrays):
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            body = io.BytesIO()
            np.lib.format.write_array(body, np.ascontiguousarray(arrays[name]), allow_pickle=False)
            archive.writestr(info, body.getvalue(), compresslevel=9)
    return buffer.getvalue()


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_strategy(
    folder: Path, key: str, tree: PublicTree, cards: CardAbstraction, policy: F64,
    meta: dict[str, Any], bits: int = 16,
) -> tuple[Path, Path]:  # fmt: skip
    """Write ``<key>.npz`` and its manifest ``<key>.json`` into ``folder``; returns
    both paths. ``meta`` goes into the manifest as it is (plus the file's digest);
    ``bits``: 16 or 8 bits per stored probability."""
    arrays: dict[str, npt.NDArray[Any]] = {
        "format": np.array([FORMAT_VERSION, ABSTRACTION_VERSION], dtype=np.int64),
        "spec": np.frombuffer(json.dumps(tree.spec.to_dict(), sort_keys=True).encode(), np.uint8),
        "digests": np.frombuffer(f"{tree.digest()}:{cards.digest()}".encode(), np.uint8),
        "policy": quantise(tree, policy, bits),
        "sizes": np.array(
            [cards.pre_buckets, cards.post_buckets, tree.depth, cards.seed], dtype=np.int64
        ),
    }
    for name in _TREE_FIELDS:
        arrays[f"tree_{name}"] = getattr(tree, name)
    for name in _CARD_FIELDS:
        arrays[f"cards_{name}"] = getattr(cards, name)
    data = _write_zip(arrays)
    npz = folder / f"{key}.npz"
    _atomic_write(npz, data)
    manifest = {
        "key": key,
        "file": npz.name,
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
        "format": FORMAT_VERSION,
        "abstraction_version": ABSTRACTION_VERSION,
        "tree_digest": tree.digest(),
        "cards_digest": cards.digest(),
        **meta,
    }
    manifest_path = folder / f"{key}.json"
    _atomic_write(manifest_path, (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode())
    return npz, manifest_path


def _refuse(path: Path, why: str) -> StrategyFileError:
    return StrategyFileError(f"strategy file {str(path)!r}: {why}")


def load_strategy(path: Path) -> Strategy:
    """Read and check a strategy file and its manifest (see the module doc)."""
    manifest_path = path.with_suffix(".json")
    try:
        data = path.read_bytes()
        meta = json.loads(manifest_path.read_text())
    except FileNotFoundError as exc:
        raise _refuse(path, f"missing ({Path(exc.filename or path).name} not found)") from None
    except (OSError, ValueError) as exc:
        raise _refuse(path, f"unreadable manifest or file ({exc})") from None
    if hashlib.sha256(data).hexdigest() != meta.get("sha256"):
        raise _refuse(path, "damaged: its SHA-256 is not the one its manifest records")
    if (
        meta.get("format") != FORMAT_VERSION
        or meta.get("abstraction_version") != ABSTRACTION_VERSION
    ):
        raise _refuse(
            path,
            f"stale: made by format {meta.get('format')} / abstraction "
            f"{meta.get('abstraction_version')}, this version reads format {FORMAT_VERSION} / "
            f"abstraction {ABSTRACTION_VERSION} (solve it again)",
        )
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in npz.files}
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
        raise _refuse(path, f"damaged: not a readable archive ({exc})") from None
    try:
        return _assemble(path, arrays, meta)
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        raise _refuse(path, f"damaged: {exc!r}") from None


def _assemble(path: Path, arrays: dict[str, npt.NDArray[Any]], meta: dict[str, Any]) -> Strategy:
    version = [int(x) for x in arrays["format"]]
    if version != [FORMAT_VERSION, ABSTRACTION_VERSION]:
        raise _refuse(path, f"stale: archive of format/abstraction {version}")
    spec = GameSpec.from_dict(json.loads(arrays["spec"].tobytes().decode()))
    pre, post, depth, seed = (int(x) for x in arrays["sizes"])
    fields = {name: arrays[f"tree_{name}"] for name in _TREE_FIELDS}
    tree = PublicTree(spec=spec, num_slots=int(arrays["policy"].shape[0]), depth=depth, **fields)
    deck_values = np.ascontiguousarray(class_tables(spec.deck).value[0]).astype(np.int32)
    cards = CardAbstraction(
        deck=spec.deck, pre_buckets=pre, post_buckets=post, seed=seed,
        values=deck_values, **{name: arrays[f"cards_{name}"] for name in _CARD_FIELDS},
    )  # fmt: skip
    recorded = arrays["digests"].tobytes().decode()
    if recorded != f"{tree.digest()}:{cards.digest()}" or recorded != (
        f"{meta.get('tree_digest')}:{meta.get('cards_digest')}"
    ):
        raise _refuse(path, "damaged: the abstraction's digest does not match its tables")
    policy = dequantise(tree, arrays["policy"])
    return Strategy(meta.get("key", path.stem), spec, tree, cards, policy, meta)


@lru_cache(maxsize=8)
def shipped_strategy(key: str) -> Strategy:
    """The shipped strategy ``key`` (``DATA_DIR/<key>.npz``), loaded once per process."""
    return load_strategy(DATA_DIR / f"{key}.npz")
