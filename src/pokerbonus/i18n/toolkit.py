"""Typer's own words (panel titles, the error box, ``[default: ...]``) in the
language of the process, through the standard library's gettext.

Typer writes some of its words through the module-level ``gettext.gettext``
(``from gettext import gettext as _`` in ``typer/core.py`` and
``typer/rich_utils.py``), in the standard library's current text domain. For a
language other than English, :func:`speak_toolkit` compiles the catalog
``locale/<lang>/LC_MESSAGES/typer.po`` like ours (Babel, cached by digest under
``<cache>/locale/typer-<digest>/``), binds it as the text domain
:data:`TOOLKIT_DOMAIN` and names the language in ``LANGUAGE``, the variable from
which gettext takes the language of messages. It must run before Typer parses the
command line (``pokerbonus.cli.main`` calls it once the language is chosen), and
before ``typer.rich_utils`` is imported: that module translates its panel titles
once, at import.

English changes nothing: no domain is bound, so Typer's output stays exactly what
it is without this module. A Typer upgrade that changes a message only brings that
message back in English (``tests/test_i18n_catalog.py`` checks that every entry of
the catalog is still a message of the installed Typer).

Most of the words of Typer's bundled copy of Click (``Usage:``, ``No such option:``,
``Missing argument``, ``Invalid value``, ``Show this message and exit.``) are
plain English text in the installed Typer (no gettext call), so they stay English.
"""

from __future__ import annotations

import gettext
import hashlib
import os
import shutil
import tempfile
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final

from pokerbonus.i18n import DEFAULT_LANGUAGE, check_language
from pokerbonus.i18n.compiled import cache_dir, compile_po

__all__ = ["TOOLKIT_DOMAIN", "speak_toolkit", "toolkit_source"]

TOOLKIT_DOMAIN: Final = "pokerbonus-typer"
"""The standard library's text domain bound to the catalog of Typer's words."""

# What speak_toolkit changed, to put it back when the process returns to English:
# (the text domain before, the LANGUAGE variable before), or None.
_changed: tuple[str, str | None] | None = None


def toolkit_source(lang: str) -> Traversable:
    """The ``.po`` file of Typer's words in ``lang``, inside the package."""
    check_language(lang)
    return resources.files("pokerbonus.i18n") / "locale" / lang / "LC_MESSAGES" / "typer.po"


def _locale_dir(lang: str) -> Path | None:
    """The folder holding ``<lang>/LC_MESSAGES/<domain>.mo``, compiled now if needed;
    ``None`` where the cache cannot be written (gettext reads only files)."""
    po = toolkit_source(lang).read_bytes()
    base = cache_dir() / "locale"
    folder = base / f"typer-{hashlib.sha256(po).hexdigest()[:16]}"
    mo = folder / lang / "LC_MESSAGES" / f"{TOOLKIT_DOMAIN}.mo"
    if mo.is_file():
        return folder
    try:
        mo.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=mo.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(compile_po(po, lang))
            os.replace(tmp, mo)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError:
        return None
    for old in base.glob("typer-*"):
        if old != folder:
            shutil.rmtree(old, ignore_errors=True)
    return folder


def speak_toolkit(lang: str) -> bool:
    """Make the standard library's gettext translate Typer's words into ``lang``
    for the rest of the process; English undoes it. Returns whether a catalog is
    now in use (``False`` for English, or where the cache cannot be written)."""
    global _changed
    if check_language(lang) == DEFAULT_LANGUAGE:
        if _changed is not None:
            domain, language = _changed
            gettext.textdomain(domain)
            if language is None:
                os.environ.pop("LANGUAGE", None)
            else:
                os.environ["LANGUAGE"] = language
            _changed = None
        return False
    folder = _locale_dir(lang)
    if folder is None:
        return False
    if _changed is None:
        _changed = (gettext.textdomain(), os.environ.get("LANGUAGE"))
    gettext.bindtextdomain(TOOLKIT_DOMAIN, str(folder))
    gettext.textdomain(TOOLKIT_DOMAIN)
    os.environ["LANGUAGE"] = lang
    return True
