"""Compiled catalogs: the ``.mo`` of each ``.po``, built on first use and cached.

Only the ``.po`` sources are in the repository and in the package. The first
time a language is needed, its ``.po`` is compiled with Babel into
``<cache>/locale/<lang>-<digest>.mo``, where the digest is that of the ``.po``
bytes: an edited catalog (a developer's checkout, an upgrade) is compiled again,
and an unchanged one is read by the standard library's gettext alone. The cache
folder is the evaluator's (``$POKERBONUS_CACHE``, ``$XDG_CACHE_HOME/pokerbonus``
or ``~/.cache/pokerbonus``); where it cannot be written, the catalog is compiled
in memory each time the process needs it.

>>> catalog = load_catalog("fr")
>>> catalog.pgettext("rank", "king"), catalog.ngettext("{count} game", "{count} games", 1)
('roi', '{count} jeu')
"""

from __future__ import annotations

import gettext
import hashlib
import io
import os
import tempfile
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from pokerbonus.i18n import DOMAIN, check_language

__all__ = ["cache_dir", "catalog_source", "compile_po", "load_catalog", "mo_path"]


def cache_dir() -> Path:
    """The cache folder: ``$POKERBONUS_CACHE``, ``$XDG_CACHE_HOME/pokerbonus`` or
    ``~/.cache/pokerbonus`` (the same rule as the evaluator's table cache)."""
    override = os.environ.get("POKERBONUS_CACHE")
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "pokerbonus"


def catalog_source(lang: str) -> Traversable:
    """The ``.po`` file of ``lang`` inside the package."""
    check_language(lang)
    return resources.files("pokerbonus.i18n") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str, po: bytes) -> Path:
    """Where the compiled catalog of these ``.po`` bytes is cached."""
    digest = hashlib.sha256(po).hexdigest()[:16]
    return cache_dir() / "locale" / f"{lang}-{digest}.mo"


def compile_po(po: bytes, lang: str) -> bytes:
    """The ``.mo`` bytes of a ``.po`` text (fuzzy entries left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(po), locale=lang, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def load_catalog(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang``, from the cache or compiled now."""
    po = catalog_source(lang).read_bytes()
    path = mo_path(lang, po)
    try:
        with path.open("rb") as cached:
            return gettext.GNUTranslations(cached)
    except (OSError, EOFError):
        pass
    mo = compile_po(po, lang)
    _save(path, mo)
    return gettext.GNUTranslations(io.BytesIO(mo))


def _save(path: Path, mo: bytes) -> None:
    """Write ``mo`` at ``path`` atomically and drop the older builds of that
    language; a cache that cannot be written is simply not used."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(mo)
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)
        lang = path.name.split("-")[0]
        for old in path.parent.glob(f"{lang}-*.mo"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
