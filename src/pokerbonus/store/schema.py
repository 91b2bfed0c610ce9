"""The database schema of the store: sessions, players, hands, actions, ledger rows.

Portable column types only (integers, strings, text, JSON, timestamps), so the
same schema works on SQLite (the default) and on PostgreSQL by URL.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

__all__ = [
    "ActionRow",
    "Base",
    "HandFactsRow",
    "HandRow",
    "LedgerRow",
    "PlayerRow",
    "SessionExtrasRow",
    "SessionRow",
]


class Base(DeclarativeBase):
    """The declarative base of the store's tables."""


class SessionRow(Base):
    """One session: a table (or a dealer-mode game) played over many hands."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    closed: Mapped[datetime.datetime | None] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(16))
    game: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer: Mapped[int | None] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    players: Mapped[list[PlayerRow]] = relationship(
        back_populates="session", order_by="PlayerRow.seat", cascade="all, delete-orphan"
    )


class PlayerRow(Base):
    """A player of a session, by seat: name, human or bot, and the bot's level."""

    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("session_id", "seat"),
        UniqueConstraint("session_id", "name"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    level: Mapped[str | None] = mapped_column(String(32))
    session: Mapped[SessionRow] = relationship(back_populates="players")


class HandRow(Base):
    """One hand of a session, from its start to its end (finished or voided)."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("session_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    started: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    ended: Mapped[datetime.datetime | None] = mapped_column(DateTime(timezone=True))
    dealer: Mapped[int] = mapped_column(Integer)
    players: Mapped[list[str]] = mapped_column(JSON)
    starting_stacks: Mapped[list[int]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    deck: Mapped[list[int] | None] = mapped_column(JSON)
    info: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    final_stacks: Mapped[list[int] | None] = mapped_column(JSON)
    phh: Mapped[str | None] = mapped_column(Text)


class ActionRow(Base):
    """One action of a hand, numbered from 1 in the order it was taken."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("hand_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)


class LedgerRow(Base):
    """Chips bought by a player: the first cave on sitting down, or a rebuy."""

    __tablename__ = "ledger"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    created: Mapped[datetime.datetime] = mapped_column(DateTime(timezone=True))
    player: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    chips: Mapped[int] = mapped_column(Integer)
    caves: Mapped[int] = mapped_column(Integer)
    after_hand: Mapped[int] = mapped_column(Integer)


class SessionExtrasRow(Base):
    """What a session keeps besides its rules: the person's display choices
    (four-colour deck), the computer players' kind. A table of its own, so a
    database made before it gains it by ``create_all``."""

    __tablename__ = "session_extras"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True
    )
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class HandFactsRow(Base):
    """What the player statistics need of a finished hand (the public facts of each
    seat, :func:`pokerbonus.analysis.hand_facts.hand_facts`), kept so that the
    statistics of many hands are a sum, not a replay. A table of its own: a
    database made before it gains it by ``create_all``, and its hands are read
    once (replayed) to fill it."""

    __tablename__ = "hand_facts"

    hand_id: Mapped[int] = mapped_column(
        ForeignKey("hands.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
