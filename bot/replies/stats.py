"""Statistics: a person's streaks and solved days (/stats in a private chat), and an edition's
solutions per date over a year (/heatmap, /stats in a group)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date, datetime

from sqlalchemy.orm import Session

from bot.inputs import zone_label
from bot.replies.types import Reply, Who
from bot.texts import counted, text
from hints import chat_settings, game, pictures
from hints.catalog import Puzzle, dates_of_year
from hints.chat_settings import ChatSettings
from hints.daily import CALENDAR_ID, edition_of
from hints.errors import NotPrecomputed
from hints.pictures import Picture
from hints.solutions import year_counts
from hints.words import heatmap_words


def personal_stats(session: Session, who: Who, now: datetime) -> Reply:
    """/stats in a private chat: your streaks, this month's solves and your hints on average, with
    a picture of the days of this month you solved."""
    today = who.today(now)
    mine = game.record(session, who.user_id, today)
    language = who.language
    lines = [text("stats_streak", language, streak=counted("days", mine.streak, language), best=mine.best)]
    if mine.challenge_solves:
        streak = counted("days", mine.challenge_streak, language)
        lines.append(text("stats_challenge_streak", language, streak=streak, best=mine.challenge_best))
    if mine.month:
        solved = counted("calendar_solved", len(mine.month), language)
        clean = sum(1 for hints in mine.month.values() if hints == 0)
        lines.append(text("stats_month", language, solved=solved, clean=clean))
    else:
        lines.append(text("stats_month_none", language))
    if mine.solves:
        solves = counted("solves", mine.solves, language)
        lines.append(text("stats_average", language, average=f"{mine.average_hints:.1f}", solves=solves))
    else:
        lines.append(text("stats_no_solves", language))
    return Reply("\n".join(lines), solved_days_photo(mine.month, today, language))


def solved_days_photo(solved: Mapping[date, int], today: date, language: str) -> Picture:
    """The month of ``today`` with the days of ``solved`` (date -> hint stages used) marked."""
    month = (today.year, today.month)
    days = {day.day: hints for day, hints in solved.items() if (day.year, day.month) == month}
    return pictures.solved_days(days, today, language)


def subscription_status(settings: ChatSettings | None, language: str, default_tz: str) -> str:
    if settings is None or not settings.subscribed:
        status = text("status_off", language)
    else:
        status = text(
            "status_on", language, time=settings.post_time, tz=zone_label(settings.timezone or default_tz)
        )
    return text("subscription_status", language, status=status)


def stats(session: Session, who: Who, default_tz: str, year: int) -> Reply:
    """The year heatmap with this chat's subscription (/stats in a group)."""
    status = subscription_status(chat_settings.settings_of(session, who.chat_id), who.language, default_tz)
    year_reply = _heatmap_reply(session, who, year)
    return replace(year_reply, text=f"{year_reply.text} {status}")


def heatmap(session: Session, who: Who, year: int) -> Reply:
    """/heatmap: the chat's edition's solutions per date over ``year`` (whose weekdays, on the
    weekday editions)."""
    return _heatmap_reply(session, who, year)


def _year_dates(puzzle: Puzzle, year: int) -> int:
    """How many dates a complete year heatmap of ``puzzle`` has: the days of ``year`` on the weekday
    editions (each counted with its weekday that year), every real target elsewhere."""
    if puzzle.has_weekdays:
        return len(dates_of_year(year))
    return sum(1 for t in puzzle.targets if t.real)


def _heatmap_reply(session: Session, who: Who, year: int) -> Reply:
    """The edition's solution counts per date as an image, with the fewest and the most. An
    edition solved on demand and not solved for every date yet shows only the dates it has, and
    says so (nothing solved yet: a text saying so); any other edition not precomputed at all:
    NotPrecomputed."""
    puzzle = edition_of(who.variant.edition)
    counts = year_counts(session, puzzle, year)
    language = who.language
    partial = puzzle.on_demand and len(counts) < _year_dates(puzzle, year)
    if not counts:
        if puzzle.on_demand:
            return Reply(text("heatmap_nothing_yet", language, edition=puzzle.title))
        raise NotPrecomputed(puzzle.id)
    fewest = min(counts, key=lambda k: (counts[k], k))
    most = max(counts, key=lambda k: (counts[k], k))
    ends = {"fewest": fewest, "fewest_count": counts[fewest], "most": most, "most_count": counts[most]}
    if partial:
        dates = counted("dates", len(counts), language)
        caption = text("stats_caption_stored", language, dates=dates, **ends)
    else:
        caption = text("stats_caption", language, **ends)
    if puzzle.has_weekdays:
        caption += " " + text("weekday_year", language, year=year)
    elif len(counts) < _year_dates(puzzle, year) and not partial:
        caption += " " + counted("dates_solved", len(counts), language)
    title = puzzle.title if puzzle.id != CALENDAR_ID else heatmap_words(language).title
    if partial:
        return Reply(caption, pictures.stored_dates(puzzle, counts, title, language))
    return Reply(caption, pictures.heatmap(puzzle, counts, title, language))
