"""Which language to speak: the ``--lang`` option, a saved preference, the locale,
the browser's ``Accept-Language`` and the web page's remembered switch.

For the command line and the terminal table (:func:`choose_language`), first
match wins:

1. ``--lang fr`` (or ``en``) on the command line;
2. the environment variable ``POKERBONUS_LANG``;
3. the saved preference (:func:`save_language`, the terminal setup screen): the
   ``lang`` key of ``settings.toml`` in the user's config folder;
4. the locale: the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``
   that is set (the order gettext reads them in); ``fr_*`` gives French;
5. English.

For a web page (:func:`language_for_request`): the page's remembered switch (a
cookie), else the best language of ``Accept-Language``, else English.

>>> normalize("fr_FR.UTF-8"), normalize("fr-CA"), normalize("en_GB"), normalize("de_DE")
('fr', 'fr', 'en', None)
>>> language_from_locale({"LANG": "fr_BE.UTF-8"}), language_from_locale({"LC_ALL": "C"})
('fr', None)
>>> language_from_accept("de-CH, fr;q=0.8, en;q=0.5")
'fr'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import DEFAULT_LANGUAGE, LANGUAGES, check_language, gettext

__all__ = [
    "LOCALE_VARIABLES",
    "choose_language",
    "language_for_request",
    "language_from_accept",
    "language_from_locale",
    "normalize",
    "save_language",
    "saved_language",
    "settings_path",
]

ENV_VARIABLE: Final = "POKERBONUS_LANG"
LOCALE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The locale variables, in the order gettext reads them: the first one set decides."""


def normalize(tag: str) -> str | None:
    """The interface language of a locale name or language tag (``fr_FR.UTF-8``,
    ``fr-CA``, ``en``), or ``None`` when it is none of :data:`LANGUAGES`."""
    base = tag.strip().replace("-", "_").split("_")[0].split(".")[0].split("@")[0].lower()
    return base if base in LANGUAGES else None


def language_from_locale(environ: Mapping[str, str] | None = None) -> str | None:
    """The language of the locale variables of ``environ`` (default: the process's).

    The first variable set decides, as in gettext; ``LANGUAGE`` may list several
    languages (``fr:en``), the first one the interface speaks is taken. ``C``,
    ``POSIX`` or an unknown language give ``None``.
    """
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name)
        if not value:
            continue
        for part in value.split(":") if name == "LANGUAGE" else (value,):
            found = normalize(part)
            if found is not None:
                return found
        if name != "LANGUAGE":  # LANGUAGE without a language we speak defers to the rest
            return None
    return None


def language_from_accept(header: str | None) -> str:
    """The best language of an HTTP ``Accept-Language`` header (quality values
    honoured, ties in the header's order); English when none is spoken here."""
    best, best_q = DEFAULT_LANGUAGE, 0.0
    for item in (header or "").split(","):
        tag, _, params = item.partition(";")
        found = normalize(tag)
        if found is None:
            continue
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                continue
        if q > best_q:
            best, best_q = found, q
    return best


def language_for_request(switch: str | None, accept_language: str | None) -> str:
    """The language of a web page: the page's remembered switch (``"en"``/``"fr"``,
    e.g. a cookie) when valid, else :func:`language_from_accept`."""
    if switch in LANGUAGES:
        return switch
    return language_from_accept(accept_language)


def settings_path() -> Path:
    """The user's settings file: ``settings.toml`` in the config folder
    (``$XDG_CONFIG_HOME/pokerbonus`` on Linux)."""
    import platformdirs

    return Path(platformdirs.user_config_dir("pokerbonus")) / "settings.toml"


def saved_language(path: Path | None = None) -> str | None:
    """The saved preference, or ``None`` when there is none (or it cannot be read)."""
    try:
        with (path or settings_path()).open("rb") as file:
            data = file.read()
    except OSError:  # no preference saved, the usual case: no TOML parser imported
        return None
    import tomllib

    try:
        value = tomllib.loads(data.decode("utf-8")).get("lang")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return value if value in LANGUAGES else None


def save_language(lang: str, path: Path | None = None) -> Path:
    """Save ``lang`` as the preference (other keys of the file are kept); returns the file."""
    import tomllib

    check_language(lang)
    target = path or settings_path()
    try:
        with target.open("rb") as file:
            settings = tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError):
        settings = {}
    settings["lang"] = lang
    lines = [f"{key} = {_toml_value(value)}" for key, value in settings.items()]
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(target)
    return target


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    message = gettext("settings: cannot save {value!r} (expected a text, a number or yes/no)")
    raise ConfigurationError(message.format(value=value))


def choose_language(
    flag: str | None = None,
    environ: Mapping[str, str] | None = None,
    settings: Path | None = None,
) -> str:
    """The language of a command: ``flag`` (``--lang``), ``POKERBONUS_LANG``, the
    saved preference, the locale, English (see the module doc).

    A bad ``flag`` or ``POKERBONUS_LANG`` raises :class:`~pokerbonus.i18n.LanguageError`.

    >>> choose_language("fr", environ={})
    'fr'
    >>> choose_language(environ={"POKERBONUS_LANG": "en", "LANG": "fr_FR.UTF-8"})
    'en'
    """
    if flag:
        return check_language(flag)
    env = os.environ if environ is None else environ
    forced = env.get(ENV_VARIABLE)
    if forced:
        return check_language(forced)
    saved = saved_language(settings)
    if saved is not None:
        return saved
    return language_from_locale(env) or DEFAULT_LANGUAGE
