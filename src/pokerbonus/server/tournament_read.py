"""What a web tournament's page reads (``GET /api/tournaments/{id}`` and every change's
answer): the level clock, the room's public state, and for the person asking their
table, place, and what they may buy or agree now (docs/server.md, Tournaments).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerbonus.engine.tournament_config import roman
from pokerbonus.errors import TournamentError
from pokerbonus.i18n import gettext
from pokerbonus.server.tournament_buys import deal_refusal, offer_json

if TYPE_CHECKING:
    from pokerbonus.server.tournaments import RoomPerson, TournamentRoom

__all__ = ["clock_json", "room_json"]


def clock_json(room: TournamentRoom) -> dict[str, Any] | None:
    """The level clock: the level now and next, their blinds and antes, what is left."""
    t = room.tournament
    if t is None:
        return None
    now = room.clock()
    c = t.clock(now)
    nxt = c.next_level
    return {
        "level": c.number,
        "roman": roman(c.number),
        "levels": len(room.config.levels),
        "small_blind": c.level.small_blind,
        "big_blind": c.level.big_blind,
        "ante": c.ante,
        "bring_in": c.level.bring_in,
        "hands_left": c.hands_left,
        "seconds_left": None if c.seconds_left is None else round(c.seconds_left, 1),
        "break_left": round(c.break_left, 1),
        "on_break": t.on_break(now),
        "next": None
        if nxt is None
        else {
            "small_blind": nxt.small_blind,
            "big_blind": nxt.big_blind,
            "ante": c.next_ante,
            "bring_in": nxt.bring_in,
        },
    }


def room_json(room: TournamentRoom, person: RoomPerson | None) -> dict[str, Any]:
    """What the tournament page shows (everything here is public but ``you``)."""
    t = room.tournament
    status = "registering" if t is None else "finished" if t.finished else "playing"
    out: dict[str, Any] = {
        "id": room.id,
        "name": room.config.name,
        "status": status,
        "game": room.config.game,
        "starting_stack": room.config.starting_stack,
        "seats_per_table": room.config.seats_per_table,
        "entrants": [{"name": e.name, "bot": e.level} for e in room.entrants],
        "host": next((p.name for p in room.persons.values() if p.host), None),
        "clock": clock_json(room),
        "restored": room.restored,
        "failed": room.failed,
        "rebuys": {
            "levels": room.config.rebuy_levels,
            "max": room.config.max_rebuys,
            "chips": room.config.effective_rebuy_chips,
            "addon_chips": room.config.addon_chips,
            "addon_cost": room.config.effective_addon_cost,
        },
        "late_registration": {
            "levels": room.config.late_registration_levels,
            "open": t is None
            or (bool(room.config.late_registration_levels) and t.can_register(room.clock())),
        },
    }
    you: dict[str, Any] | None = None
    if person is not None:
        you = {
            "name": person.name,
            "host": person.host,
            "plays": person.plays,
            "table": None,
            "seat": None,
            "place": None,
            "prize": 0,
        }
    if t is None:
        out["you"] = you
        return out
    standings = t.standings()
    left = t.players_left()
    prizes = t.place_prizes()
    out.update(
        players_left=len(left),
        entries=len(t.entrants),
        prize_pool=t.prize_pool,
        average_stack=t.average_stack,
        prizes=list(prizes),
        final_table=t.final_table,
        chips={"in_play": t.chips_in_play(), "issued": t.chips_issued},
        eliminations=[
            {
                "name": f.player,
                "place": f.place,
                "shared": f.shared,
                "hand": f.hand,
                "prize": next(s.prize for s in standings if s.player == f.player),
            }
            for f in reversed(t.finishes)
        ],
        standings=[
            {
                "name": s.player,
                "place": s.place,
                "shared": s.shared,
                "prize": s.prize,
                "stack": s.stack,
            }
            for s in standings
        ],
        tables=[
            {
                "id": room.table_id(number),
                "number": number,
                "players": [
                    {"name": p, "stack": t.stacks[p], "seat": table.seats.index(p)}
                    for p in table.players
                ],
                "in_hand": table.hand is not None,
            }
            for number, table in t.tables.items()
        ],
    )
    if you is not None:
        name = person.name if person is not None else ""
        if name in left:
            table = t.table_of(name)
            you.update(
                table=room.table_id(table.id), seat=table.seats.index(name), stack=t.stacks[name]
            )
        standing = next((s for s in standings if s.player == name), None)
        if standing is not None:
            you.update(place=standing.place, prize=standing.prize)
        if you["table"] is None and t.tables:
            you["watch"] = room.table_id(min(t.tables))
        if name in left:
            you.update(_chips_json(room, name))
    out["deal"] = offer_json(room)
    if not t.finished and deal_refusal(room) is None:
        out["deal_terms"] = {kind: t.deal_amounts(kind) for kind in ("icm", "chips")}
    out["you"] = you
    return out


def _chips_json(room: TournamentRoom, name: str) -> dict[str, Any]:
    """What ``name`` may buy now, and why not (the page's buttons and their titles), and
    the question of a rebuy after a bust (the seconds left to answer)."""
    t = room.tournament
    assert t is not None
    now = room.clock()
    refusals: dict[str, str | None] = {}
    queued = room.queued.get(name)
    for what, verify in (("rebuy", t.verify_rebuy), ("addon", t.verify_addon)):
        try:
            verify(name, now, in_hand_ok=True)  # during a hand, a click waits for its end
        except TournamentError as exc:
            refusals[what] = str(exc)
        else:
            refusals[what] = None
        if queued is not None and queued == (what == "addon"):
            refusals[what] = gettext("asked for: made once this hand is over")
    ask = room.asks.get(name)
    return {
        "rebuys": t.rebuys.get(name, 0),
        "addon_taken": name in t.addons,
        "may_rebuy": refusals["rebuy"] is None,
        "may_addon": refusals["addon"] is None,
        "rebuy_refusal": refusals["rebuy"],
        "addon_refusal": refusals["addon"],
        "asked": None
        if ask is None or ask.answer is not None
        else {"seconds_left": round(max(0.0, ask.deadline - now), 1)},
        "may_deal": deal_refusal(room, name) is None,
        "queued": None if queued is None else ("addon" if queued else "rebuy"),
    }
