"""The send rate of one bot token, shared by every process sending with it (``send_budget``)."""

from __future__ import annotations

from sqlalchemy import case, update
from sqlalchemy.orm import Session

from db.models import SendBudgetRow
from db.statements import insert_ignoring_conflicts


def reserve_send_slot(*, session: Session, name: str, now: float, interval: float) -> float:
    """Reserve the next free moment (Unix seconds) at which this process may send one message.

    All processes sending with one bot token share the row ``name``: each
    reservation moves its ``next_slot`` on by ``interval`` in one atomic
    UPDATE, so however many processes send, slots are ``interval`` apart and
    no second holds more than ``1 / interval`` messages. The caller commits,
    then waits until the returned moment.
    """
    start = case((SendBudgetRow.next_slot > now, SendBudgetRow.next_slot), else_=now)
    statement = (
        update(SendBudgetRow)
        .where(SendBudgetRow.name == name)
        .values(next_slot=start + interval)
        .returning(SendBudgetRow.next_slot)
    )
    following = session.scalar(statement)
    if following is None:  # the first send ever under this name
        session.execute(
            insert_ignoring_conflicts(session, SendBudgetRow, "name"), {"name": name, "next_slot": now}
        )
        following = session.scalar(statement)
    assert following is not None
    return float(following) - interval
