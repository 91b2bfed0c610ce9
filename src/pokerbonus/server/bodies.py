"""The HTTP request bodies (pydantic models: strict types, no extra fields)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class BotSpec(BaseModel):
    """A bot at a seat."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int = Field(ge=0, le=63)
    level: str = Field(max_length=16)


class TimerSpec(BaseModel):
    """The action clock."""

    model_config = ConfigDict(extra="forbid")
    action_seconds: float = Field(default=30.0, ge=0, le=3600)
    time_bank: float = Field(default=60.0, ge=0, le=36000)


class CoverageQuery(BaseModel):
    """``POST /api/expert-coverage``: the table being set up on the create form."""

    model_config = ConfigDict(extra="forbid")
    config: dict[str, Any] = Field(default_factory=dict)


class CreateTable(BaseModel):
    """``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=64)
    seat: int | None = Field(default=None, ge=0, le=63)
    config: dict[str, Any] = Field(default_factory=dict)
    bots: list[BotSpec] = Field(default_factory=list, max_length=8)
    timer: TimerSpec = Field(default_factory=TimerSpec)
    max_hands: int | None = Field(default=None, ge=1, le=100000)
    bots_alone: bool = False
    start: Literal["host", "join", "now"] = "host"


class JoinTable(BaseModel):
    """``POST /api/tables/{table}/join``."""

    model_config = ConfigDict(extra="forbid")
    invite: str = Field(min_length=1, max_length=128)
    name: str = Field(min_length=1, max_length=64)
