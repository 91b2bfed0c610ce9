"""Shared fixtures: a throwaway PostgreSQL server for the tests of ``tests/test_postgres*.py``.

``postgres_server`` (one per test session) runs ``initdb`` into a fresh folder and
starts the server on a unix socket in that folder (no TCP port, nothing shared with
another run), with the default durability (``fsync``, ``synchronous_commit``); it is
stopped and removed at the end. PostgreSQL refuses to run as root, so under root the
server runs as the ``postgres`` user (``runuser``). ``postgres_url`` gives each test
a database of its own. Without the PostgreSQL binaries or psycopg the tests skip
with the reason (CI installs both: ``.ci/run``).

The suite runs on every core (``-n auto`` in pyproject.toml, pytest-xdist), each
worker a process of its own with its own temporary folders; what they share is made
safe here:

- numba's on-disk cache: its index and data files are read and written under a file
  lock, in the workers and in every Python process the tests start (``tests/site``,
  first on ``PYTHONPATH``; see its module doc);
- the modules that must stay on one worker (one server or browser for the module, one
  PostgreSQL server for the run) carry an ``xdist_group`` mark, honoured by
  ``--dist loadgroup``;
- ``--snapshot-update`` runs serially: the snapshot plugin prunes unused snapshots only
  when one process has seen every test.

``-n 0`` runs the suite in one process (``--pdb`` does so by itself).

The suite speaks English whatever the machine's locale or saved preference:
``POKERBONUS_LANG=en`` for every command the tests start, and the language of the
process is English again after each test (the French tests ask for French), Typer's
words included (``speak_toolkit``, which ``pokerbonus.cli.main`` calls).
"""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import pokerbonus.i18n
from pokerbonus.i18n.toolkit import speak_toolkit

os.environ["POKERBONUS_LANG"] = "en"

SITE = Path(__file__).resolve().parent / "site"
collect_ignore = ["site"]


def _lock_numba_cache() -> None:
    """Numba's cache under a lock here and in every process started from here."""
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if str(SITE) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(SITE), *paths])
    spec = importlib.util.spec_from_file_location(
        "_pokerbonus_numba_lock", SITE / "sitecustomize.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # installs the lock (now or when numba is loaded)


_lock_numba_cache()


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """``--snapshot-update`` runs in one process (see the module doc)."""
    if config.getoption("--snapshot-update", default=False) and config.pluginmanager.has_plugin(
        "xdist"
    ):
        config.option.numprocesses = 0


DOCTEST_GROUPS = {"src/pokerbonus/solvers/french/cards.py": "solvers_french_cards"}
"""Doctests that read a result their module's tests build (cached per process): the
worker of those tests runs them."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of the PostgreSQL server share one (one per worker otherwise); the
    doctests of :data:`DOCTEST_GROUPS` join their module's tests."""
    for item in items:
        if "postgres_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("postgres"))
        group = DOCTEST_GROUPS.get(item.nodeid.split("::")[0])
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    pokerbonus.i18n.set_language("en")
    speak_toolkit("en")  # unbinds the catalog of Typer's words, restores LANGUAGE


@dataclass(frozen=True, slots=True)
class PostgresServer:
    """A running throwaway server: its socket folder and superuser."""

    socket_dir: Path
    user: str

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of ``database`` on this server."""
        return f"postgresql+psycopg://{self.user}@/{database}?host={self.socket_dir}"


def _bin_dir() -> Path | None:
    """The folder of ``initdb``/``pg_ctl``: on the PATH, else Debian's newest version."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    versions = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    versions.sort(key=lambda b: int(b.parent.name) if b.parent.name.isdigit() else 0)
    return versions[-1] if versions else None


def _as_owner(argv: list[str], owner: str | None) -> list[str]:
    return ["runuser", "-u", owner, "--", *argv] if owner else argv


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole test session (see the module doc)."""
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed (pip install 'pokerbonus[postgres]')")
    del psycopg
    bindir = _bin_dir()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (no initdb; Debian: apt-get install postgresql)")
    owner: str | None = None
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            pytest.skip("running as root and no runuser to start PostgreSQL as another user")
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no 'postgres' user to run PostgreSQL")
        owner = "postgres"
    base = Path(tempfile.mkdtemp(prefix="pb-pg-"))  # short: a socket path has ~100 characters
    if owner is not None:
        record = pwd.getpwnam(owner)
        os.chown(base, record.pw_uid, record.pw_gid)
    data = base / "data"
    user = "pokerbonus"
    log = base / "log"
    run = subprocess.run
    try:
        run(
            _as_owner(
                [str(bindir / "initdb"), "-D", str(data), "-U", user, "--auth=trust",
                 "--no-sync", "-E", "UTF8", "--locale=C"],
                owner,
            ),
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        options = f"-k {base} -c listen_addresses='' -c max_connections=50"
        run(
            _as_owner(
                [str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options,
                 "-w", "-t", "60", "start"],
                owner,
            ),
            check=True, capture_output=True, timeout=90,
        )  # fmt: skip
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        text = log.read_text(errors="replace") if log.exists() else ""
        err = getattr(exc, "stderr", b"") or b""
        shutil.rmtree(base, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start: {exc}\n{err.decode(errors='replace')}\n{text}")
    try:
        yield PostgresServer(base, user)
    finally:
        run(
            _as_owner([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                      owner),
            check=False, capture_output=True, timeout=60,
        )  # fmt: skip
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The SQLAlchemy URL of a new, empty database on the session's PostgreSQL server."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(
        host=str(postgres_server.socket_dir), user=postgres_server.user, dbname="postgres",
        autocommit=True,
    ) as conn:  # fmt: skip
        conn.execute(f'CREATE DATABASE "{name}"')  # a fresh name of hex digits
    return postgres_server.url(name)
