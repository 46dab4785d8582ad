"""Statistics: a person's streaks and solved days (/stats in a private chat), and an edition's
solutions per date over a year (/heatmap, /stats in a group)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date

from bot.inputs import zone_label
from bot.replies.types import Reply
from bot.texts import counted, text, then
from hints import game, pictures
from hints.catalog import Puzzle, dates_of_year
from hints.chat_settings import ChatSettings
from hints.daily import CALENDAR_ID, EditionYear
from hints.pictures import Picture
from hints.words import heatmap_words, month_day_words, puzzle_title


def personal_stats(mine: game.Record, today: date, language: str) -> Reply:
    """/stats in a private chat (:func:`hints.game.record` on ``today``): your streaks, this
    month's solves and your hints on average, with a picture of the days of this month you solved."""
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
            "status_on",
            language,
            time=settings.post_time,
            tz=zone_label(settings.timezone or default_tz, language),
        )
    return text("subscription_status", language, status=status)


def with_status(
    reply: Reply, settings: ChatSettings | None, language: str, default_tz: str, *, same_line: bool = False
) -> Reply:
    """A reply with the chat's subscription after it (/stats): on a line of its own, or
    ``same_line`` as the next sentence."""
    status = subscription_status(settings, language, default_tz)
    return replace(reply, text=then(reply.text, status, language) if same_line else f"{reply.text}\n{status}")


def _year_dates(puzzle: Puzzle, year: int) -> int:
    """How many dates a complete year heatmap of ``puzzle`` has: the days of ``year`` on the weekday
    editions (each counted with its weekday that year), every real target elsewhere."""
    if puzzle.has_weekdays:
        return len(dates_of_year(year))
    return sum(1 for t in puzzle.targets if t.real)


def heatmap(found: EditionYear, language: str) -> Reply:
    """/heatmap, and /stats in a group: the edition's solutions per date over a year
    (:func:`hints.daily.edition_year`; whose weekdays, on the weekday editions) as an image, with
    the fewest and the most. An edition solved on demand and not solved for every date yet shows
    only the dates it has, and says so (nothing solved yet: a text saying so)."""
    puzzle, counts, year = found.puzzle, found.counts, found.year
    partial = puzzle.on_demand and len(counts) < _year_dates(puzzle, year)
    if not counts:
        return Reply(text("heatmap_nothing_yet", language, edition=puzzle_title(puzzle, language)))
    fewest = min(counts, key=lambda k: (counts[k], k))
    most = max(counts, key=lambda k: (counts[k], k))
    ends = {
        "fewest": month_day_words(fewest, language),
        "fewest_count": counts[fewest],
        "most": month_day_words(most, language),
        "most_count": counts[most],
    }
    if partial:
        dates = counted("dates", len(counts), language)
        caption = text("stats_caption_stored", language, dates=dates, **ends)
    else:
        caption = text("stats_caption", language, **ends)
    if puzzle.has_weekdays:
        caption = then(caption, text("weekday_year", language, year=year), language)
    elif len(counts) < _year_dates(puzzle, year) and not partial:
        caption = then(caption, counted("dates_solved", len(counts), language), language)
    title = puzzle_title(puzzle, language) if puzzle.id != CALENDAR_ID else heatmap_words(language).title
    if partial:
        return Reply(caption, pictures.stored_dates(puzzle, counts, title, language))
    return Reply(caption, pictures.heatmap(puzzle, counts, title, language))
