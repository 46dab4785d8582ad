"""What the bot answers, as plain data: text, an optional image, buttons.

Nothing here talks to Telegram, so every reply can be built and tested (and
timed) on its own. Images are described by a cache key and a render function;
the sender uploads each key once and re-sends Telegram's file_id afterwards.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime

from sqlalchemy.orm import Session

from bot.logic import Callback, encode_callback, local_today, stars, zone
from bot.texts import DIFFICULTY_JA, MONTHS_JA, text
from db import bot_repository as chats
from db import repository
from db.bot_repository import Progress
from hints import service
from render.hint import hint_image
from render.images import render_heatmap
from solver.hints import Hint
from solver.problem import decode

CALENDAR, PENTOMINO = "calendar", "pentomino"


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


# ---------------------------------------------------------------- images


def _calendar_stage_photo(session: Session, day: date, stage: int) -> Photo:
    daily = service.daily_calendar(session, day)
    hint = (
        Hint(0, (), daily.total, daily.total)
        if stage == 0
        else service.calendar_hints(session, day)[stage - 1]
    )
    return Photo(
        f"calendar:{day.isoformat()}:stage{stage}",
        lambda: hint_image(daily.puzzle, hint, heading=day.isoformat(), marked=daily.target.uncovered),
    )


def _challenge_stage_photo(session: Session, day: date, stage: int) -> Photo:
    challenge = service.daily_challenge(session, day)
    preplaced = len(challenge.preplaced)
    if stage == 0:
        hint = Hint(0, challenge.preplaced, 1, challenge.total)
    else:
        hint = service.challenge_hints(session, day)[stage - 1]
    heading = f"{day.isoformat()} · pentomino challenge ({challenge.puzzle.id.removeprefix('pentomino-')})"
    return Photo(
        f"pentomino:{day.isoformat()}:stage{stage}",
        lambda: hint_image(challenge.puzzle, hint, heading=heading, preplaced=preplaced),
    )


# ---------------------------------------------------------------- captions and buttons


def _month_day(language: str, day: date) -> tuple[str, str]:
    if language == "ja":
        return MONTHS_JA[day.month - 1], f"{day.day}日"
    return day.strftime("%b"), str(day.day)


def _buttons(language: str, kind: str, day: date, *, next_hint: bool, challenge: bool) -> tuple[Button, ...]:
    found = []
    if next_hint:
        label = "button_hint" if not challenge else "button_next_hint"
        found.append(Button(text(label, language), encode_callback(Callback("hint", kind, day))))
    if challenge:
        found.append(
            Button(text("button_challenge", language), encode_callback(Callback("challenge", PENTOMINO, day)))
        )
    return tuple(found)


def today_caption(session: Session, language: str, day: date) -> str:
    daily = service.daily_calendar(session, day)
    month, day_label = _month_day(language, day)
    label = daily.difficulty.label
    return text(
        "today_caption",
        language,
        date=day.isoformat(),
        count=daily.total,
        stars=stars(daily.difficulty.level),
        label=DIFFICULTY_JA[label] if language == "ja" else label,
        month=month,
        day=day_label,
    )


def daily_post(session: Session, language: str, day: date) -> Reply:
    """The day's calendar puzzle with Hint and Pentomino challenge buttons (/today and daily posts)."""
    return Reply(
        today_caption(session, language, day),
        _calendar_stage_photo(session, day, 0),
        (
            Button(text("button_hint", language), encode_callback(Callback("hint", CALENDAR, day))),
            Button(
                text("button_challenge", language), encode_callback(Callback("challenge", PENTOMINO, day))
            ),
        ),
    )


# ---------------------------------------------------------------- progress


def _progress(session: Session, who: Who, now: datetime) -> Progress:
    stored = chats.get_progress(session=session, chat_id=who.chat_id, user_id=who.user_id)
    if stored is not None:
        return stored
    return Progress(CALENDAR, local_today(now, zone(who.timezone, "UTC")), 0, 0)


def _start(session: Session, who: Who, kind: str, day: date) -> None:
    """Make (kind, day) the user's current puzzle, keeping progress if it already was."""
    stored = chats.get_progress(session=session, chat_id=who.chat_id, user_id=who.user_id)
    if stored is None or (stored.kind, stored.day) != (kind, day):
        chats.save_progress(
            session=session, chat_id=who.chat_id, user_id=who.user_id, progress=Progress(kind, day, 0, 0)
        )


def today(session: Session, who: Who, day: date) -> Reply:
    _start(session, who, CALENDAR, day)
    session.commit()
    return daily_post(session, who.language, day)


def pentomino(session: Session, who: Who, day: date) -> Reply:
    _start(session, who, PENTOMINO, day)
    session.commit()
    challenge = service.daily_challenge(session, day)
    caption = text(
        "challenge_caption",
        who.language,
        date=day.isoformat(),
        board=challenge.puzzle.id.removeprefix("pentomino-"),
        pieces=len(challenge.preplaced),
    )
    buttons = _buttons(who.language, PENTOMINO, day, next_hint=True, challenge=False)
    return Reply(caption, _challenge_stage_photo(session, day, 0), buttons)


def _stage_reply(session: Session, who: Who, kind: str, day: date, stage: int) -> Reply:
    """The image and caption of hint ``stage`` (3 = the answer); spoilered in groups."""
    if kind == CALENDAR:
        hints = service.calendar_hints(session, day)
        photo = _calendar_stage_photo(session, day, stage)
    else:
        hints = service.challenge_hints(session, day)
        photo = _challenge_stage_photo(session, day, stage)
    hint = hints[stage - 1]
    if stage == 3:
        caption = text("answer_caption", who.language, date=day.isoformat(), total=hint.total)
        buttons = (
            (Button(text("button_another", who.language), encode_callback(Callback("another", kind, day))),)
            if kind == CALENDAR
            else ()
        )
    else:
        caption = text(
            "hint_caption",
            who.language,
            stage=stage,
            shown=len(hint.shown),
            remaining=hint.remaining,
            total=hint.total,
        )
        buttons = (
            Button(text("button_next_hint", who.language), encode_callback(Callback("hint", kind, day))),
        )
    return Reply(caption, photo, buttons, spoiler=who.in_group)


def next_hint(
    session: Session, who: Who, now: datetime, kind: str | None = None, day: date | None = None
) -> Reply:
    """The next hint stage of the user's current puzzle (or of the puzzle a button names)."""
    progress = _progress(session, who, now)
    if kind is not None and day is not None and (progress.kind, progress.day) != (kind, day):
        progress = Progress(kind, day, 0, 0)
    if progress.stage >= 3:
        key = "all_hints_seen" if progress.kind == CALENDAR else "challenge_unique"
        buttons = (
            (
                Button(
                    text("button_another", who.language),
                    encode_callback(Callback("another", CALENDAR, progress.day)),
                ),
            )
            if progress.kind == CALENDAR
            else ()
        )
        return Reply(text(key, who.language, date=progress.day.isoformat()), buttons=buttons)
    stage = progress.stage + 1
    reply = _stage_reply(session, who, progress.kind, progress.day, stage)
    chats.save_progress(
        session=session, chat_id=who.chat_id, user_id=who.user_id, progress=replace(progress, stage=stage)
    )
    session.commit()
    return reply


def solution(session: Session, who: Who, now: datetime) -> Reply:
    progress = _progress(session, who, now)
    reply = _stage_reply(session, who, progress.kind, progress.day, 3)
    chats.save_progress(
        session=session, chat_id=who.chat_id, user_id=who.user_id, progress=replace(progress, stage=3)
    )
    session.commit()
    return reply


def another(session: Session, who: Who, now: datetime, day: date | None = None) -> Reply:
    """A different stored solution of the day's calendar puzzle, cycling through all of them."""
    progress = _progress(session, who, now)
    if day is not None and (progress.kind, progress.day) != (CALENDAR, day):
        progress = Progress(CALENDAR, day, 0, 0)
    if progress.kind != CALENDAR:
        return Reply(text("challenge_unique", who.language))
    daily = service.daily_calendar(session, progress.day)
    step = progress.another + 1
    ordinal = (daily.featured + step) % daily.total
    (code,) = repository.get_encodings(
        session=session, puzzle_id=daily.puzzle.id, target=daily.target.name, offset=ordinal, limit=1
    )
    placements = decode(daily.puzzle, code)
    hint = Hint(3, placements, 1, daily.total)
    heading = progress.day.isoformat()
    photo = Photo(
        f"calendar:{heading}:solution{ordinal}",
        lambda: hint_image(daily.puzzle, hint, heading=heading, marked=daily.target.uncovered),
    )
    caption = text("another_caption", who.language, number=ordinal + 1, total=daily.total, date=heading)
    button = Button(
        text("button_another", who.language), encode_callback(Callback("another", CALENDAR, progress.day))
    )
    chats.save_progress(
        session=session,
        chat_id=who.chat_id,
        user_id=who.user_id,
        progress=replace(progress, stage=3, another=step),
    )
    session.commit()
    return Reply(caption, photo, (button,), spoiler=who.in_group)


def subscription_status(settings: chats.ChatSettings | None, language: str, default_tz: str) -> str:
    if settings is None or not settings.subscribed:
        status = text("status_off", language)
    else:
        status = text("status_on", language, time=settings.post_time, tz=settings.timezone or default_tz)
    return text("subscription_status", language, status=status)


def stats(session: Session, who: Who, default_tz: str) -> Reply:
    counts = service.solution_counts(session)
    if not counts:
        raise service.NotPrecomputed("the calendar is not precomputed")
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
