"""Solves: "I solved it" and what it counts for, a group's /top, the line about yesterday in its
daily post, and /forget."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from sqlalchemy.orm import Session

from bot.replies.buttons import other_puzzle_button
from bot.replies.types import Reply, Who
from bot.texts import counted, text
from db import solves
from hints import players
from hints import seat as seats
from hints.daily import PuzzleKind


def solved(
    session: Session, who: Who, now: datetime, kind: PuzzleKind | None = None, day: date | None = None
) -> Reply:
    """Record "I solved it" for the user's current puzzle (or the one a button names): what it
    counts for, and a spoiler-free text to share. It counts for the group it is reported in, or in
    a private chat for the group whose link opened that day's puzzles there."""
    report = seats.report_solve(session, who.seat, now, kind, day, who.language)
    result, language = report.solved, who.language
    kind, day = result.play.kind, result.play.day
    words = text(
        "solved" if result.fresh else "already_solved",
        language,
        date=day.isoformat(),
        hints=counted("hint_stages", result.hints, language),
        streak=counted("days", result.streak, language),
    )
    if result.fresh and result.seconds is not None:
        words += " " + text("solved_time", language, minutes=max(1, round(result.seconds / 60)))
    if not result.on_day:
        words += "\n" + text("solved_past_day", language)
    words += f"\n\n{text('share_intro', language)}\n{report.share}"
    return Reply(words, buttons=(other_puzzle_button(language, kind, day),))


def top(session: Session, who: Who, now: datetime) -> Reply:
    """/top in a group: today's solvers of the calendar puzzle, fewest hints first, then fastest."""
    day = who.today(now)
    solvers = solves.chat_solves(session=session, chat_id=who.chat_id, day=day, kind=PuzzleKind.CALENDAR)
    if not solvers:
        return Reply(text("top_empty", who.language, date=day.isoformat()))
    lines = [text("top_heading", who.language, date=day.isoformat())]
    for place, solve in enumerate(solvers, start=1):
        minutes = "" if solve.seconds is None else f", {max(1, round(solve.seconds / 60))} min"
        stages = counted("hint_stages", solve.hints, who.language)
        lines.append(
            text("top_line", who.language, place=place, name=solve.first_name, hints=stages) + minutes
        )
    return Reply("\n".join(lines))


def yesterday_line(session: Session, chat_id: int, day: date, language: str) -> str | None:
    """One line for a group's daily post about the day before ("5 solved, 2 with no hint")."""
    solvers = solves.chat_solves(
        session=session, chat_id=chat_id, day=day - timedelta(days=1), kind=PuzzleKind.CALENDAR
    )
    if not solvers:
        return None
    clean = sum(1 for s in solvers if s.hints == 0)
    return text("yesterday_line", language, solved=len(solvers), clean=clean)


def forget(session: Session, who: Who) -> Reply:
    """/forget answered Yes (:mod:`bot.handlers.forget`): delete the person's solves, hint progress,
    saved boards, private chat and the web visitors who became them."""
    players.forget(session, who.user_id)
    return Reply(text("forgotten", who.language))
