"""Engine actions as stored text (compact JSON), and back.

>>> from pokerbonus.engine.actions import Action
>>> action_to_text(Action.raise_to(20))
'{"amount":20,"kind":"raise_to"}'
>>> action_from_text(action_to_text(Action.discard([51, 3])))
Action(kind='discard', amount=0, cards=(51, 3))
"""

from __future__ import annotations

import json
from typing import Any

from pokerbonus.engine.actions import ACTION_KINDS, Action
from pokerbonus.errors import NotationError
from pokerbonus.i18n import gettext

__all__ = ["action_from_text", "action_to_text"]


def action_to_text(action: Action) -> str:
    """The stored text of an engine action: JSON with ``kind``, and ``amount`` or ``cards``."""
    data: dict[str, Any] = {"kind": action.kind}
    if action.kind == "raise_to":
        data["amount"] = action.amount
    if action.cards:
        data["cards"] = [int(c) for c in action.cards]
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def action_from_text(text: str) -> Action:
    """The engine action of a stored text (see :func:`action_to_text`)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(
            gettext("stored action {text!r}: not JSON ({msg})").format(text=text, msg=exc.msg)
        ) from None
    if not isinstance(data, dict) or data.get("kind") not in ACTION_KINDS:
        raise NotationError(
            gettext("stored action {text!r}: 'kind' must be one of {action_kinds}").format(
                text=text, action_kinds=", ".join(ACTION_KINDS)
            )
        )
    amount = data.get("amount", 0)
    cards = data.get("cards", [])
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise NotationError(
            gettext("stored action {text!r}: 'amount' must be an integer").format(text=text)
        )
    if not isinstance(cards, list) or not all(isinstance(c, int) for c in cards):
        raise NotationError(
            gettext("stored action {text!r}: 'cards' must be a list of card indices").format(
                text=text
            )
        )
    return Action(data["kind"], amount, tuple(cards))
