"""Every example of README.md and docs/ runs: a broken example fails the suite.

- Each ```` ```python ```` block runs, in page order, in one namespace per page (a
  block may use the names of the blocks above it); a block written as a doctest
  (``>>>``) is checked as one. A block that needs a long run, a server or a
  database that is not there says so on the line before its fence:
  ``<!-- not run: the reason -->``; a block of more than a few seconds runs in the
  long suite only: ``<!-- long run: the reason -->``. A test checks that each such
  mark gives a reason.
- Each ``pokerbonus ...`` line of a ```` ```sh ```` block is a smoke test: it must
  exit with code 0. The quick ones run here, all in one process
  (``tests/run_commands.py``: the imports and the kernels are loaded once); the
  long ones (:data:`LONG`) run in the long suite; the interactive, serving and
  hours-long ones, and the synopses, are listed in :data:`EXCLUDED` with the reason.

Everything runs in a scratch folder (``docs`` linked into it, the database and the
user's folders in it), so the examples' files (``hands.phhs``, ``draw.svg``) land there.
"""

from __future__ import annotations

import doctest
import json
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
NOT_RUN = re.compile(r"^<!--\s*not run:\s*(.*?)\s*-->$")
LONG_RUN = re.compile(r"^<!--\s*long run:\s*(.*?)\s*-->$")
FENCE = re.compile(r"^\s*```(\S*)\s*$")

# fmt: off
EXCLUDED: dict[str, str] = {
    # the start of a command line (its comment left out): why it is not run
    "pokerbonus play": "the interactive terminal table (tests/test_tui*.py drive it)",
    "pokerbonus serve": "a web server that runs until stopped (tests/test_server*.py start it)",
    "pokerbonus solve --game french-draw --players 2 --betting limit --deck 32 --out":
        "trains a strategy for hours (docs/bots-expert.md)",
    "pokerbonus solve --game french-draw --players 2 --betting no-limit --deck 32 --out":
        "trains a strategy for hours",
    "pokerbonus solve --game french-draw --players 2 --betting limit --deck 52 --out":
        "trains a strategy for hours",
    "pokerbonus solve --game french-draw --players 2 --betting no-limit --deck 52 --out":
        "trains a strategy for hours",
    "pokerbonus solve --game french-draw --players 4 --betting no-limit --deck 32 --out":
        "trains a strategy for hours",
    "pokerbonus solve --game french-draw --players 4 --betting limit --deck 32 --out":
        "trains a strategy for hours",
    "pokerbonus solve --game french-draw --betting limit --report --lbr-hands 1000":
        "about 5 minutes of local best response (the README says so)",
    "pokerbonus stats dealer --exact": "every situation of the game: minutes",
    "pokerbonus stats dealer [--json]": "a synopsis (optional parts in brackets)",
    "pokerbonus match --game G ": "a synopsis (placeholders)",
    "pokerbonus solve --game kuhn|leduc|draw": "a synopsis (placeholders)",
    "pokerbonus solve --game french-draw [--players": "a synopsis (placeholders)",
    "pokerbonus solve --game french-draw --report [--players": "a synopsis (placeholders)",
    "pokerbonus history [--db": "a synopsis (placeholders)",
    "pokerbonus history hands SESSION": "a synopsis (placeholders)",
    "pokerbonus history export SESSION": "a synopsis (placeholders)",
    "POKERBONUS_DB=postgresql://": "needs a PostgreSQL server (tests/test_postgres*.py)",
    "pokerbonus simulate --game draw --players 6 --hands 10000 --seed 1 [--json]":
        "a synopsis (optional parts in brackets)",
    "pokerbonus match --game draw --players 6 --bots hard,medium*5 --hands 6000":
        "a synopsis (optional parts in brackets); 6,000 six-handed hands are a long run",
    "pokerbonus solve --game french-draw --players 4 --candidate --out":
        "trains the candidate four-handed tree: about 35 minutes",
    "pokerbonus gauntlet --game draw --level expert|hard": "a synopsis (placeholders)",
}

LONG: dict[str, str] = {
    # commands that run in the long suite only (seconds of work each, measured here)
    "pokerbonus stats draw --deck 32 --players 4 --hands 1000000": "10^6 deals: about 6 s",
    "pokerbonus stats draw --deck 32 --lang fr": "10^6 deals by default: about 3 s",
    "pokerbonus stats dealer": "the dealer-mode RTP by simulation: about 10 s",
    "pokerbonus match --game draw --players 2 --bots hard,medium --hands 2000":
        "2,000 duplicate hands between bots: about 6 s",
    "pokerbonus solve --game french-draw --players 2 --betting limit --deck 32 --report":
        "the exploitability report: about 5 s",
    "pokerbonus simulate --game draw --players 6 --hands 10000": "10,000 hands: about 3 s",
}
# fmt: on


@dataclass(frozen=True, slots=True)
class Block:
    """A fenced block of a page: where it starts (the fence's line), its language and text;
    ``skip``, ``long``: the reason given by a ``<!-- not run: ... -->`` or
    ``<!-- long run: ... -->`` line just above it."""

    page: Path
    line: int
    lang: str
    text: str
    skip: str | None
    long: str | None

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def page_blocks(page: Path) -> list[Block]:
    """The fenced blocks of ``page``, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        end = i + 1
        while not lines[end].strip().startswith("```"):
            end += 1
        above = lines[i - 1].strip() if i else ""
        skip, long = NOT_RUN.match(above), LONG_RUN.match(above)
        text = "\n".join(lines[i + 1 : end]) + "\n"
        blocks.append(
            Block(
                page, i + 1, opening.group(1), text, skip and skip.group(1), long and long.group(1)
            )
        )
        i = end + 1
    return blocks


@dataclass(frozen=True, slots=True)
class Command:
    """A ``pokerbonus`` line of a shell block: the line as written (without its
    comment), the variables set before it and the arguments after ``pokerbonus``."""

    where: str
    line: str
    env: dict[str, str]
    argv: list[str]


def shell_commands() -> Iterator[Command]:
    """Every ``pokerbonus`` line of every ``sh`` block, in page order."""
    for page in PAGES:
        for block in page_blocks(page):
            if block.lang != "sh" or block.skip:
                continue
            for offset, raw in enumerate(block.text.splitlines(), start=1):
                words = shlex.split(raw, comments=True)
                env: dict[str, str] = {}
                while words and re.match(r"^[A-Z_]+=", words[0]):
                    name, _, value = words.pop(0).partition("=")
                    env[name] = value
                if not words or words[0] != "pokerbonus":
                    continue
                line = raw.split(" #")[0].strip()
                yield Command(f"{block.where}+{offset}", line, env, words[1:])


def _reason(command: Command, table: dict[str, str]) -> str | None:
    return next((why for start, why in table.items() if command.line.startswith(start)), None)


COMMANDS = list(shell_commands())
QUICK = [c for c in COMMANDS if _reason(c, EXCLUDED) is None and _reason(c, LONG) is None]
SLOW = [c for c in COMMANDS if _reason(c, EXCLUDED) is None and _reason(c, LONG) is not None]


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder to run the examples in: ``docs`` linked in, the database and the
    user's folders inside it."""
    (tmp_path / "docs").symlink_to(ROOT / "docs")
    for name, value in {
        "POKERBONUS_DB": str(tmp_path / "pokerbonus.db"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "POKERBONUS_LANG": "en",
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def played(scratch: Path) -> Path:
    """:func:`scratch` with one finished table session in its database (session 1, for
    the README's ``history export 1``)."""
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.engine.table import random_legal_action
    from pokerbonus.store import PlayerSpec, RecordedTable, Store

    rng = random.Random(5)
    with Store(scratch / "pokerbonus.db") as store:
        players: list[PlayerSpec | str] = ["you", PlayerSpec("bot", "bot", "easy")]
        rt = RecordedTable.create(store, TableConfig(players=2), players, rng=random.Random(3))
        for _ in range(3):
            hand = rt.start_hand()
            while not hand.finished:
                rt.act(random_legal_action(hand, rng))
            rt.finish_hand()
    return scratch


def _run_commands(commands: list[Command], folder: Path, timeout: int) -> None:
    todo = [{"argv": c.argv, "env": c.env, "timeout": timeout} for c in commands]
    (folder / "commands.json").write_text(json.dumps(todo), encoding="utf-8")
    results_path = folder / "results.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    finished = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "run_commands.py"), "commands.json", "results.json"],
        cwd=folder, env=env, capture_output=True, text=True, timeout=timeout * len(commands) + 60,
        check=False,
    )  # fmt: skip
    results = json.loads(results_path.read_text()) if results_path.exists() else []
    failures = [
        f"{c.where}: `{c.line}` exited with {r['code']}:\n{r['output'][-1500:]}"
        for c, r in zip(commands, results, strict=False)
        if r["code"] != 0
    ]
    if len(results) < len(commands):
        failures.append(f"the runner stopped after {len(results)} commands: {finished.stderr}")
    assert not failures, "\n\n".join(failures)


def test_the_quick_commands_exit_with_0(played: Path) -> None:
    assert len(QUICK) >= 20, [c.line for c in QUICK]
    _run_commands(QUICK, played, timeout=120)
    # the README's export wrote the file its replay read
    assert (played / "hands.phhs").read_text().count("[") >= 3


@pytest.mark.long
def test_the_long_commands_exit_with_0(played: Path) -> None:
    _run_commands(SLOW, played, timeout=600)


def test_every_exclusion_names_a_command_and_every_command_is_sorted() -> None:
    for table in (EXCLUDED, LONG):
        for start, why in table.items():
            assert any(c.line.startswith(start) for c in COMMANDS), f"no command starts {start!r}"
            assert len(why.split()) >= 2, start
    assert len(SLOW) == len(LONG)


def _python_pages() -> list[Path]:
    return [p for p in PAGES if any(b.lang == "python" for b in page_blocks(p))]


def test_every_not_run_mark_gives_a_reason() -> None:
    marks = 0
    for page in PAGES:
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
            if re.match(r"<!--\s*(not|long) run:", line.strip()):
                found = NOT_RUN.match(line.strip()) or LONG_RUN.match(line.strip())
                assert found and len(found.group(1).split()) >= 3, f"{page}:{number}"
                marks += 1
    marked = [b for p in PAGES for b in page_blocks(p) if b.skip or b.long]
    assert marks == len(marked), "a mark that is not on the line just above a fence"


def _long_pages() -> list[Path]:
    return [p for p in _python_pages() if any(b.long for b in page_blocks(p))]


@pytest.mark.parametrize("page", _python_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_run(page: Path, scratch: Path) -> None:
    _run_python(page, scratch, long=False)


@pytest.mark.long
@pytest.mark.parametrize("page", _long_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_long_python_examples_run(page: Path, scratch: Path) -> None:
    _run_python(page, scratch, long=True)


def _run_python(page: Path, scratch: Path, *, long: bool) -> None:
    # the page's namespace is a module (numba finds a cached kernel's module by name)
    module = types.ModuleType("docs_example_" + re.sub(r"\W", "_", page.stem))
    sys.modules[module.__name__] = module
    try:
        _run_blocks(page, module.__dict__, long=long)
    finally:
        del sys.modules[module.__name__]


def _run_blocks(page: Path, namespace: dict[str, object], *, long: bool) -> None:
    ran = 0
    for block in page_blocks(page):
        if block.lang != "python" or block.skip or (block.long and not long):
            continue
        if ">>>" in block.text:
            parser = doctest.DocTestParser()
            test = parser.get_doctest(block.text, namespace, block.where, str(page), block.line)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            report: list[str] = []
            runner.run(test, out=report.append, clear_globs=False)
            assert runner.failures == 0, "".join(report)
        else:
            # from a file, so that numba can cache a kernel the example defines (a file
            # of its own, rewritten only when the example changes: numba's cache holds)
            name = f"{page.stem}_{block.line}_{len(block.text)}.py"
            source = Path(tempfile.gettempdir()) / "pokerbonus-docs-examples" / name
            if not source.exists() or source.read_text(encoding="utf-8") != block.text:
                source.parent.mkdir(exist_ok=True)
                source.write_text(block.text, encoding="utf-8")
            try:
                exec(compile(block.text, str(source), "exec"), namespace)
            except Exception as error:
                pytest.fail(f"{block.where}: {type(error).__name__}: {error}")
        ran += 1
    assert ran or not long, f"{page}: every Python block is marked not run"
