"""Install-time build step: the evaluators' lookup tables, written into the package.

Hatchling runs this hook for every wheel, the editable one of ``pip install -e .``
included: it builds the tables of :mod:`pokerbonus.hands.tables` (batch),
:mod:`pokerbonus.hands.high` (per hand, and the short deck's classes) and
:mod:`pokerbonus.hands.five` (the lowball games' five-card ranks) into
``src/pokerbonus/hands/data/`` (a folder git ignores) and ships them in the
wheel, so that no command builds them at its first run. The hook needs numpy
only (listed in pyproject.toml); a process that finds no table file still
builds it and caches it (:mod:`pokerbonus.hands.table_files`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class TablesBuildHook(BuildHookInterface):
    """Write the lookup tables into the package before the wheel is assembled."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Build both table files and add them to the wheel's files."""
        src = str(Path(self.root, "src"))
        sys.path.insert(0, src)
        try:
            from pokerbonus.hands import five, high, tables

            written = [
                high.write_shipped(),
                high.write_shipped_shortdeck(),
                tables.write_shipped(),
                *five.write_shipped(),
            ]
        finally:
            sys.path.remove(src)
        for path in written:
            build_data["artifacts"].append(path.relative_to(self.root).as_posix())
