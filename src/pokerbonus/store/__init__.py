"""Storage of sessions and hands (SQLite by default, any SQLAlchemy URL).

See ``docs/store.md``. :class:`Store` writes and reads sessions, hands,
actions and ledger rows; :class:`RecordedTable` plays a table while writing
every step; :func:`resume_or_void` picks an interrupted session up again.
"""

from __future__ import annotations

from pokerbonus.store.codec import action_from_text, action_to_text
from pokerbonus.store.recorder import (
    RecordedTable,
    ReplayStep,
    ResumeOutcome,
    ResumePolicy,
    ResumeResult,
    fill_facts,
    hand_steps,
    rebuild_table,
    replay_session,
    resume_or_void,
)
from pokerbonus.store.store import (
    DB_ENV,
    FactsItem,
    HandStatus,
    LedgerItem,
    PlayerSpec,
    SavedHand,
    SavedSession,
    SessionId,
    SessionKind,
    SessionSummary,
    Store,
    default_database_path,
    resolve_url,
)

__all__ = [
    "DB_ENV",
    "FactsItem",
    "HandStatus",
    "LedgerItem",
    "PlayerSpec",
    "RecordedTable",
    "ReplayStep",
    "ResumeOutcome",
    "ResumePolicy",
    "ResumeResult",
    "SavedHand",
    "SavedSession",
    "SessionId",
    "SessionKind",
    "SessionSummary",
    "Store",
    "action_from_text",
    "action_to_text",
    "default_database_path",
    "fill_facts",
    "hand_steps",
    "rebuild_table",
    "replay_session",
    "resolve_url",
    "resume_or_void",
]
