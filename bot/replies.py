"""What the bot answers, as plain data: text, an optional image, buttons.

Nothing here talks to Telegram, so every reply can be built and tested (and
timed) on its own. Puzzle data comes from the service (:mod:`hints.daily`),
each daily puzzle once per reply; the user's progress from the bot's own
repository. Nothing here commits: the handler's unit of work (one update) does.
Images are described by a cache key and a render function; the sender uploads
each key once and re-sends Telegram's file_id afterwards.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime

from sqlalchemy.orm import Session

from bot.logic import Action, Callback, encode_callback, local_today, stars, zone
from bot.texts import DIFFICULTY_JA, MONTHS_JA, text
from db import bot_repository as chats
from db.bot_repository import Progress
from hints.daily import CALENDAR_ID, DailyPuzzle, PuzzleKind, daily_calendar, daily_puzzle, other_solution
from hints.errors import NotPrecomputed
from hints.solutions import solution_counts
from render.images import render_heatmap
from solver.catalog import get_puzzle
from solver.hints import Stage


@dataclass(frozen=True)
class Button:
    label: str
    data: str


@dataclass(frozen=True)
class Photo:
    key: str  # identifies the image bytes: same key, same picture
    render: Callable[[], bytes]


@dataclass(frozen=True)
class Reply:
    text: str
    photo: Photo | None = None
    buttons: tuple[Button, ...] = ()
    spoiler: bool = False


@dataclass(frozen=True)
class Who:
    """Who is asking, and where."""

    chat_id: int
    chat_kind: str
    user_id: int
    language: str
    timezone: str

    @property
    def in_group(self) -> bool:
        return self.chat_kind in ("group", "supergroup")


# ---------------------------------------------------------------- images, captions and buttons


def stage_photo(daily: DailyPuzzle, stage: Stage) -> Photo:
    """A stage's image, keyed by puzzle kind, date and stage (the same picture as the API's)."""
    return Photo(f"{daily.kind}:{daily.day.isoformat()}:stage{int(stage)}", lambda: daily.image(stage))


def _month_day(language: str, day: date) -> tuple[str, str]:
    if language == "ja":
        return MONTHS_JA[day.month - 1], f"{day.day}日"
    return day.strftime("%b"), str(day.day)


def _button(language: str, label: str, action: Action, kind: PuzzleKind, day: date) -> Button:
    return Button(text(label, language), encode_callback(Callback(action, kind, day)))


def _another_buttons(language: str, kind: PuzzleKind, day: date) -> tuple[Button, ...]:
    """'Another solution' for calendars; the challenge has exactly one."""
    if kind != PuzzleKind.CALENDAR:
        return ()
    return (_button(language, "button_another", Action.ANOTHER, PuzzleKind.CALENDAR, day),)


def today_caption(daily: DailyPuzzle, language: str) -> str:
    assert daily.difficulty is not None
    month, day_label = _month_day(language, daily.day)
    label = daily.difficulty.label
    return text(
        "today_caption",
        language,
        date=daily.day.isoformat(),
        count=daily.total,
        stars=stars(daily.difficulty.level),
        label=DIFFICULTY_JA[label] if language == "ja" else label,
        month=month,
        day=day_label,
    )


def calendar_post(daily: DailyPuzzle, language: str) -> Reply:
    """The calendar puzzle with Hint and Pentomino challenge buttons (/today and the daily post)."""
    buttons = (
        _button(language, "button_hint", Action.HINT, PuzzleKind.CALENDAR, daily.day),
        _button(language, "button_challenge", Action.CHALLENGE, PuzzleKind.PENTOMINO, daily.day),
    )
    return Reply(today_caption(daily, language), stage_photo(daily, Stage.PUZZLE), buttons)


def daily_post(session: Session, language: str, day: date) -> Reply:
    """The day's calendar post (for the dispatcher, which sends one per language and day)."""
    return calendar_post(daily_calendar(session, day), language)


def challenge_post(daily: DailyPuzzle, language: str) -> Reply:
    caption = text(
        "challenge_caption",
        language,
        date=daily.day.isoformat(),
        board=daily.puzzle.id.removeprefix("pentomino-"),
        pieces=len(daily.preplaced),
    )
    buttons = (_button(language, "button_hint", Action.HINT, PuzzleKind.PENTOMINO, daily.day),)
    return Reply(caption, stage_photo(daily, Stage.PUZZLE), buttons)


def stage_reply(daily: DailyPuzzle, who: Who, stage: Stage) -> Reply:
    """The image and caption of hint ``stage`` (3 = the answer); spoilered in groups."""
    hint = daily.stages[stage]
    language = who.language
    if stage == Stage.ANSWER:
        caption = text("answer_caption", language, date=daily.day.isoformat(), total=hint.total)
        buttons = _another_buttons(language, daily.kind, daily.day)
    else:
        caption = text(
            "hint_caption",
            language,
            stage=int(stage),
            shown=len(hint.shown),
            remaining=hint.remaining,
            total=hint.total,
        )
        buttons = (_button(language, "button_next_hint", Action.HINT, daily.kind, daily.day),)
    return Reply(caption, stage_photo(daily, stage), buttons, spoiler=who.in_group)


# ---------------------------------------------------------------- progress


def _progress(session: Session, who: Who, now: datetime) -> Progress:
    stored = chats.get_progress(session=session, chat_id=who.chat_id, user_id=who.user_id)
    if stored is not None:
        return stored
    return Progress(PuzzleKind.CALENDAR, local_today(now, zone(who.timezone, "UTC")), 0, 0)


def _save(session: Session, who: Who, progress: Progress) -> None:
    chats.save_progress(session=session, chat_id=who.chat_id, user_id=who.user_id, progress=progress)


def _start(session: Session, who: Who, kind: PuzzleKind, day: date) -> None:
    """Make (kind, day) the user's current puzzle, keeping progress if it already was."""
    stored = chats.get_progress(session=session, chat_id=who.chat_id, user_id=who.user_id)
    if stored is None or (stored.kind, stored.day) != (kind, day):
        _save(session, who, Progress(kind, day, 0, 0))


def today(session: Session, who: Who, day: date) -> Reply:
    _start(session, who, PuzzleKind.CALENDAR, day)
    return calendar_post(daily_calendar(session, day), who.language)


def pentomino(session: Session, who: Who, day: date) -> Reply:
    _start(session, who, PuzzleKind.PENTOMINO, day)
    return challenge_post(daily_puzzle(session, PuzzleKind.PENTOMINO, day), who.language)


def next_hint(
    session: Session, who: Who, now: datetime, kind: PuzzleKind | None = None, day: date | None = None
) -> Reply:
    """The next hint stage of the user's current puzzle (or of the puzzle a button names)."""
    progress = _progress(session, who, now)
    if kind is not None and day is not None and (progress.kind, progress.day) != (kind, day):
        progress = Progress(kind, day, 0, 0)
    current = PuzzleKind(progress.kind)
    if progress.stage >= Stage.ANSWER:
        key = "all_hints_seen" if current == PuzzleKind.CALENDAR else "challenge_unique"
        buttons = _another_buttons(who.language, current, progress.day)
        return Reply(text(key, who.language, date=progress.day.isoformat()), buttons=buttons)
    stage = Stage(progress.stage + 1)
    reply = stage_reply(daily_puzzle(session, current, progress.day), who, stage)
    _save(session, who, replace(progress, stage=stage))
    return reply


def solution(session: Session, who: Who, now: datetime) -> Reply:
    progress = _progress(session, who, now)
    reply = stage_reply(daily_puzzle(session, PuzzleKind(progress.kind), progress.day), who, Stage.ANSWER)
    _save(session, who, replace(progress, stage=Stage.ANSWER))
    return reply


def another(session: Session, who: Who, now: datetime, day: date | None = None) -> Reply:
    """A different stored solution of the day's calendar puzzle, cycling through all of them."""
    progress = _progress(session, who, now)
    if day is not None and (progress.kind, progress.day) != (PuzzleKind.CALENDAR, day):
        progress = Progress(PuzzleKind.CALENDAR, day, 0, 0)
    if progress.kind != PuzzleKind.CALENDAR:
        return Reply(text("challenge_unique", who.language))
    daily = daily_calendar(session, progress.day)
    step = progress.another + 1
    number, answer = other_solution(session, daily, step)
    photo = Photo(f"calendar:{daily.heading}:solution{number - 1}", lambda: daily.draw(answer))
    caption = text("another_caption", who.language, number=number, total=daily.total, date=daily.heading)
    buttons = _another_buttons(who.language, PuzzleKind.CALENDAR, progress.day)
    _save(session, who, replace(progress, stage=Stage.ANSWER, another=step))
    return Reply(caption, photo, buttons, spoiler=who.in_group)


# ---------------------------------------------------------------- the year and the chat


def subscription_status(settings: chats.ChatSettings | None, language: str, default_tz: str) -> str:
    if settings is None or not settings.subscribed:
        status = text("status_off", language)
    else:
        status = text("status_on", language, time=settings.post_time, tz=settings.timezone or default_tz)
    return text("subscription_status", language, status=status)


def stats(session: Session, who: Who, default_tz: str) -> Reply:
    counts = solution_counts(session, get_puzzle(CALENDAR_ID))
    if not counts:
        raise NotPrecomputed(CALENDAR_ID)
    fewest = min(counts, key=lambda k: (counts[k], k))
    most = max(counts, key=lambda k: (counts[k], k))
    digest = hashlib.sha256(repr(sorted(counts.items())).encode()).hexdigest()[:12]
    status = subscription_status(
        chats.get_chat(session=session, chat_id=who.chat_id), who.language, default_tz
    )
    caption = text(
        "stats_caption",
        who.language,
        fewest=fewest,
        fewest_count=counts[fewest],
        most=most,
        most_count=counts[most],
        subscription=status,
    )
    return Reply(caption, Photo(f"heatmap:{digest}", lambda: render_heatmap(counts)))
