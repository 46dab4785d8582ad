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
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

from sqlalchemy.orm import Session

from bot.edition_names import edition_name
from bot.inputs import zone_label
from bot.logic import (
    Action,
    Callback,
    encode_board_callback,
    encode_callback,
    encode_edition_callback,
    local_today,
    zone,
)
from bot.texts import counted, difficulty_label, language_for, text
from db import bot_repository as chats
from db.bot_repository import GroupLink
from hints import game
from hints import seat as seats
from hints.codes import encode_position
from hints.daily import (
    CALENDAR_ID,
    DailyPuzzle,
    PuzzleKind,
    calendar_editions,
    edition_of,
    puzzle_target,
)
from hints.deeplink import board_key
from hints.errors import NotPrecomputed
from hints.positions import PositionAnalysis, problem_texts
from hints.solutions import year_counts
from render.date_counts import MAX_DATES, render_date_counts
from render.editions import render_editions
from render.images import render_heatmap
from render.position import piece_names, position_image
from render.solved_days import render_solved_days
from render.words import (
    board_label,
    date_label,
    day_label,
    heatmap_words,
    join_words,
    month_name,
    puzzle_title,
    solved_days_words,
    stored_dates_words,
)
from solver.catalog import Puzzle, Target
from solver.hints import Stage
from solver.problem import Placement


@dataclass(frozen=True)
class Button:
    label: str
    data: str = ""  # callback data, for buttons the bot answers
    url: str | None = None  # a link instead
    web_app: bool = False  # open the link as a Telegram Mini App (private chats only)


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
    private: str | None = None  # in a group: the /start payload of "Hints in private" (same puzzle)
    toast: str | None = None  # a button's answer as a toast instead of a message
    columns: int = 1  # buttons per row


@dataclass(frozen=True)
class Who:
    """Who is asking, and where."""

    chat_id: int
    chat_kind: str
    user_id: int
    language: str
    timezone: str
    first_name: str = ""
    edition: str = CALENDAR_ID  # the chat's calendar edition (/edition)
    faceup: bool = False  # the chat's face-up mode (/faceup)
    via: int | None = None  # in a private chat: the group whose link opened the puzzle (hints.seat.linked)

    @property
    def in_group(self) -> bool:
        return self.chat_kind in ("group", "supergroup")

    @property
    def seat(self) -> seats.Seat:
        """The person in this chat, as the service knows them."""
        return seats.Seat(
            self.chat_id,
            self.user_id,
            self.timezone,
            self.edition,
            self.faceup,
            self.in_group,
            self.first_name,
            self.via,
        )

    def at(self, seat: seats.Seat) -> Who:
        """Answer as the service placed them: a group's link may change the edition and face-up mode."""
        return replace(self, edition=seat.edition, faceup=seat.faceup, via=seat.via)


@dataclass(frozen=True)
class Web:
    """Where the web board lives (``PUBLIC_URL``): the "Play on the board" buttons link there."""

    public_url: str

    def play(
        self, puzzle: Puzzle, target: Target, placements: Sequence[Placement] = (), faceup: bool = False
    ) -> str:
        """The board page of a target (``faceup``: no flipping, face-up counts and hints)."""
        code = encode_position(puzzle, placements) if placements else None
        query = [f"p={code}"] if code else []
        query += ["faceup=1"] if faceup and puzzle.targets_kind != "board" else []
        return f"{self.public_url}/play/{puzzle.id}/{target.name}" + ("?" + "&".join(query) if query else "")


def play_buttons(
    web: Web | None, who: Who, puzzle: Puzzle, target: Target, placements: Sequence[Placement] = ()
) -> tuple[Button, ...]:
    """'Play on the board': a Mini App in private chats, a plain link in groups (Telegram allows
    ``web_app`` inline buttons only in private chats); nothing without ``PUBLIC_URL``."""
    if web is None:
        return ()
    url = web.play(puzzle, target, placements, who.faceup)
    return (Button(text("button_play", who.language), url=url, web_app=not who.in_group),)


# ---------------------------------------------------------------- images, captions and buttons


def language_key(language: str) -> str:
    """The part of a photo key that tells the language its words are drawn in ("" for English)."""
    return "" if language == "en" else f":{language}"


def _edition_key(daily: DailyPuzzle) -> str:
    """The part of a photo key that tells a calendar edition other than the default ("" else)."""
    default = daily.puzzle.id == CALENDAR_ID or daily.kind != PuzzleKind.CALENDAR
    return ("" if default else f":{daily.puzzle.id}") + (":faceup" if daily.faceup else "")


def stage_photo(daily: DailyPuzzle, stage: Stage, language: str = "en") -> Photo:
    """A stage's image, keyed by puzzle kind, edition, date and stage (the same picture as the API's)."""
    where = f"{daily.kind}{_edition_key(daily)}:{daily.day.isoformat()}"
    key = f"{where}:stage{int(stage)}{language_key(language)}"
    return Photo(key, lambda: daily.image(stage, language))


def _month_day(language: str, day: date) -> tuple[str, str]:
    return month_name(day.month, language), day_label(day.day, language)


def _button(language: str, label: str, action: Action, kind: PuzzleKind, day: date) -> Button:
    return Button(text(label, language), encode_callback(Callback(action, kind, day)))


def _hint_button(language: str, kind: PuzzleKind, day: date, stage: Stage) -> Button:
    """ "Hint 2 of 3": the button names the stage it shows and carries it, so a second press (a
    double tap) shows the same stage again instead of skipping ahead."""
    data = encode_callback(Callback(Action.HINT, kind, day, int(stage)))
    return Button(text("button_hint_stage", language, stage=int(stage)), data)


def _solved_button(language: str, kind: PuzzleKind, day: date) -> Button:
    return _button(language, "button_solved", Action.SOLVED, kind, day)


def _another_buttons(language: str, kind: PuzzleKind, day: date) -> tuple[Button, ...]:
    """'Another solution' for calendars; the challenge has exactly one."""
    if kind != PuzzleKind.CALENDAR:
        return ()
    return (_button(language, "button_another", Action.ANOTHER, PuzzleKind.CALENDAR, day),)


def today_caption(daily: DailyPuzzle, language: str) -> str:
    """Date, solutions, difficulty (once the edition's year is known) and the cells to leave open;
    an edition other than DragonFjord's is named first."""
    labels = [board_label(daily.puzzle.labels[cell], language) for cell in sorted(daily.target.uncovered)]
    values = {
        "date": daily.day.isoformat(),
        "solutions": counted("solutions", daily.total, language),
        "cells": join_words(_date_words(daily, labels, language), language),
    }
    if daily.difficulty is None:
        caption = text("today_caption_unranked", language, **values)
    else:
        label = difficulty_label(daily.difficulty.label, language)
        caption = text("today_caption", language, stars=daily.difficulty.stars, label=label, **values)
    return caption if daily.puzzle.id == CALENDAR_ID else f"{daily.puzzle.title}\n{caption}"


def _date_words(daily: DailyPuzzle, labels: list[str], language: str) -> list[str]:
    """The uncovered cells' labels as people say them: month, day (25日 in Japanese), weekday."""
    month, day = _month_day(language, daily.day)
    weekday = [w for w in labels if w not in (month, str(daily.day.day))]
    return [month, day, *weekday]


def calendar_post(daily: DailyPuzzle, language: str) -> Reply:
    """The calendar puzzle with Hint and Pentomino challenge buttons (/today and the daily post)."""
    buttons = (
        _hint_button(language, PuzzleKind.CALENDAR, daily.day, Stage.ONE_PIECE),
        _solved_button(language, PuzzleKind.CALENDAR, daily.day),
        _button(language, "button_challenge", Action.CHALLENGE, PuzzleKind.PENTOMINO, daily.day),
    )
    return Reply(today_caption(daily, language), stage_photo(daily, Stage.PUZZLE, language), buttons)


def post_language(settings: chats.ChatSettings) -> str:
    """The language of a chat's daily post, by the rule every reply follows: the chat's /language,
    else its person's Telegram language (a private chat's user, the admin who subscribed a group)
    if the bot speaks it, else English."""
    return language_for(settings.language, settings.telegram_language)


def daily_post(
    session: Session, language: str, day: date, edition: str = CALENDAR_ID, faceup: bool = False
) -> Reply:
    """The day's calendar post (for the dispatcher, which builds one per language, edition, mode and
    day); face up when the chat asked, else (or when no face-up solution exists, saying so) as usual."""
    daily, no_faceup = seats.calendar_of(session, day, edition, faceup)
    return _noted(calendar_post(daily, language), text("no_faceup", language) if no_faceup else None)


def _note(shown: seats.Shown, language: str) -> str | None:
    """Face up was asked but no solution keeps every piece face up: say the usual puzzle is shown."""
    return text("no_faceup", language) if shown.no_faceup else None


def _noted(reply: Reply, note: str | None) -> Reply:
    return reply if note is None else replace(reply, text=f"{note}\n{reply.text}")


def challenge_post(daily: DailyPuzzle, language: str) -> Reply:
    caption = text(
        "challenge_caption",
        language,
        date=daily.day.isoformat(),
        board=daily.puzzle.id.removeprefix("pentomino-"),
        pieces=counted("pieces", len(daily.preplaced), language),
    )
    buttons = (
        _hint_button(language, PuzzleKind.PENTOMINO, daily.day, Stage.ONE_PIECE),
        _solved_button(language, PuzzleKind.PENTOMINO, daily.day),
    )
    return Reply(caption, stage_photo(daily, Stage.PUZZLE, language), buttons)


def stage_reply(daily: DailyPuzzle, who: Who, stage: Stage) -> Reply:
    """The image and caption of hint ``stage`` (3 = the answer); spoilered in groups."""
    language = who.language
    if stage == Stage.ANSWER:
        buttons = after_answer_buttons(language, daily.kind, daily.day)
    else:
        buttons = (
            _hint_button(language, daily.kind, daily.day, Stage(stage + 1)),
            _solved_button(language, daily.kind, daily.day),
        )
    return Reply(
        stage_caption(daily, stage, language),
        stage_photo(daily, stage, language),
        buttons,
        spoiler=who.in_group,
    )


def stage_caption(daily: DailyPuzzle, stage: Stage, language: str) -> str:
    """What a hint stage shows, in words. The challenge has exactly one way to finish, so its
    captions say so instead of counting the board's solutions ("1 of 1472" would be noise)."""
    hint = daily.stages[stage]
    challenge = daily.kind == PuzzleKind.PENTOMINO
    if stage == Stage.ANSWER:
        key = "challenge_answer_caption" if challenge else "answer_caption"
        return text(key, language, date=daily.day.isoformat(), total=hint.total)
    shown = counted("pieces", len(hint.shown), language)
    if challenge:
        return text("challenge_hint_caption", language, stage=int(stage), shown=shown)
    remaining = counted("remaining", hint.remaining, language, total=hint.total)
    return text("hint_caption", language, stage=int(stage), shown=shown, remaining=remaining)


def _with_play(reply: Reply, web: Web | None, who: Who, daily: DailyPuzzle) -> Reply:
    """Add 'Play on the board' and, in groups, the way to the same puzzle in a private chat."""
    extra = play_buttons(web, who, daily.puzzle, daily.target, daily.preplaced)
    private = private_start(daily.kind, daily.day, who.chat_id) if who.in_group else None
    return replace(reply, buttons=reply.buttons + extra, private=private)


# ---------------------------------------------------------------- first contact

PRIVATE_PREFIXES = {PuzzleKind.CALENDAR: "cal", PuzzleKind.PENTOMINO: "pen"}
GROUP_PART = re.compile(r"g([1-9][0-9]{0,17})")  # a group's id without its minus sign


@dataclass(frozen=True)
class PrivateStart:
    """What a 'Hints in private' link names: a daily puzzle, and the group it was offered in."""

    kind: PuzzleKind
    day: date
    group: int | None = None  # the group's chat id (negative); None in links made before groups were named


def private_start(kind: PuzzleKind, day: date, group: int | None = None) -> str:
    """The /start payload that opens a daily puzzle in the bot's private chat: ``cal_20260125``, and
    from a group ``cal_20260125_g1001234567890`` (its id -1001234567890). Telegram allows 64
    characters of ``A-Za-z0-9_-``; the longest is 33."""
    payload = f"{PRIVATE_PREFIXES[kind]}_{day:%Y%m%d}"
    return payload if group is None or group >= 0 else f"{payload}_g{-group}"


def hints_in_private(bot_username: str, payload: str, language: str) -> Button:
    """'Hints in private': a link that opens the puzzle of ``payload`` in the bot's private chat."""
    return Button(text("button_private", language), url=f"https://t.me/{bot_username}?start={payload}")


def parse_private_start(payload: str) -> PrivateStart | None:
    """The daily puzzle (and group) a 'Hints in private' link names, or None if the payload is not one."""
    parts = payload.split("_")
    if len(parts) not in (2, 3):
        return None
    prefix, digits, *rest = parts
    kinds = {value: kind for kind, value in PRIVATE_PREFIXES.items()}
    if prefix not in kinds or len(digits) != 8 or not digits.isdigit():
        return None
    group = GROUP_PART.fullmatch(rest[0]) if rest else None
    if rest and group is None:
        return None
    try:
        day = date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        return None
    return PrivateStart(kinds[prefix], day, None if group is None else -int(group[1]))


def welcome(who: Who, day: date, web: Web | None = None) -> Reply:
    """The short /start greeting with the ways in: today's puzzle, the challenge, the web board."""
    language = who.language
    buttons = (
        _button(language, "button_today", Action.TODAY, PuzzleKind.CALENDAR, day),
        _button(language, "button_challenge", Action.CHALLENGE, PuzzleKind.PENTOMINO, day),
    )
    puzzle, target = puzzle_target(PuzzleKind.CALENDAR, day, who.edition)
    return Reply(text("welcome_back", language), buttons=buttons + play_buttons(web, who, puzzle, target))


def from_private_link(
    session: Session, who: Who, payload: str, web: Web | None, member_of: int | None = None
) -> Reply | None:
    """``/start cal_20260125`` (a group's 'Hints in private'): that day's puzzle; None if not such a link.

    A link that names a group the asker is a member of (``member_of``: Telegram said so) opens that
    day's puzzles in the group's edition and face-up mode, and a solve reported here counts for
    the group too; the link names the group, its settings are read from the store. Any other
    link opens the day's puzzle as this chat has it.
    """
    found = parse_private_start(payload)
    if found is None:
        return None
    link = None
    if found.group is not None and found.group == member_of and not who.in_group:
        link = seats.group_link(session, found.group)
    if found.kind == PuzzleKind.CALENDAR:
        reply = today(session, who, found.day, web, link=link)
    else:
        reply = pentomino(session, who, found.day, web, link=link)
    return reply if link is None else _noted(reply, text("from_group", who.language))


def today(
    session: Session,
    who: Who,
    day: date,
    web: Web | None = None,
    now: datetime | None = None,
    link: GroupLink | None = None,
) -> Reply:
    """The calendar puzzle of ``day``, made the user's current one (``link``: the group whose
    private link opened it)."""
    shown = seats.open_puzzle(session, who.seat, PuzzleKind.CALENDAR, day, now, link)
    who = who.at(shown.seat)
    reply = _with_play(calendar_post(shown.daily, who.language), web, who, shown.daily)
    return _noted(reply, _note(shown, who.language))


def pentomino(
    session: Session,
    who: Who,
    day: date,
    web: Web | None = None,
    now: datetime | None = None,
    link: GroupLink | None = None,
) -> Reply:
    """The pentomino challenge of ``day``, made the user's current puzzle (``link``: as :func:`today`)."""
    shown = seats.open_puzzle(session, who.seat, PuzzleKind.PENTOMINO, day, now, link)
    return _with_play(challenge_post(shown.daily, who.language), web, who.at(shown.seat), shown.daily)


def next_hint(
    session: Session,
    who: Who,
    now: datetime,
    kind: PuzzleKind | None = None,
    day: date | None = None,
    web: Web | None = None,
    stage: Stage | None = None,
) -> Reply:
    """A hint of the user's current puzzle (or of the puzzle a button names): the ``stage`` a
    button names, else the next one; from their saved board when they chose it (hints.seat)."""
    return hint_reply(seats.next_hint(session, who.seat, now, kind, day, stage), who, web)


def hint_reply(found: seats.NextHint, who: Who, web: Web | None = None) -> Reply:
    """A hint, formatted: a stage of the day's ladder, one from the saved board, or why there is none."""
    if isinstance(found, seats.StaleDay):
        return stale_day(who, found.day)
    if isinstance(found, seats.BoardTrouble):
        return Reply(text(BOARD_TROUBLES[found], who.language))
    if isinstance(found, seats.FromBoard):
        return board_hint(found, who.at(found.seat), web)
    if isinstance(found, seats.AllSeen):
        key = "all_hints_seen" if found.kind == PuzzleKind.CALENDAR else "challenge_unique"
        buttons = after_answer_buttons(who.language, found.kind, found.day)
        return Reply(text(key, who.language, date=found.day.isoformat()), buttons=buttons)
    who = who.at(found.seat)
    return _with_play(stage_reply(found.daily, who, found.stage), web, who, found.daily)


def stale_day(who: Who, day: date) -> Reply:
    """A button of an older day's puzzle the user is not on (a past daily post): a toast pointing
    to today, no new message (/today <date> opens an older puzzle on purpose)."""
    return Reply("", toast=text("stale_day_button", who.language, date=day.isoformat()))


def featured_hint(
    session: Session, who: Who, now: datetime, kind: PuzzleKind, day: date, web: Web | None = None
) -> Reply:
    """Stop hinting from the saved board of this daily puzzle; the next of the day's featured hints."""
    return hint_reply(seats.featured_hint(session, who.seat, now, kind, day), who, web)


def solution(session: Session, who: Who, now: datetime) -> Reply:
    """/solution: the full answer of the user's current puzzle."""
    shown = seats.answer(session, who.seat, now)
    return stage_reply(shown.daily, who.at(shown.seat), Stage.ANSWER)


def another(session: Session, who: Who, now: datetime, day: date | None = None) -> Reply:
    """A different stored solution of the day's calendar puzzle, cycling through all of them."""
    found = seats.another(session, who.seat, now, day)
    if found is None:
        return Reply(text("challenge_unique", who.language))
    who, daily = who.at(found.seat), found.daily
    solution_key = f"{daily.heading}:solution{found.number - 1}{language_key(who.language)}"
    key = f"calendar{_edition_key(daily)}:{solution_key}"
    photo = Photo(key, lambda: daily.draw(found.solution, language=who.language))
    caption = text(
        "another_caption", who.language, number=found.number, total=daily.total, date=daily.heading
    )
    buttons = _another_buttons(who.language, PuzzleKind.CALENDAR, daily.day)
    return Reply(caption, photo, buttons, spoiler=who.in_group)


# ---------------------------------------------------------------- solves, streaks, the group board


def other_puzzle_button(language: str, kind: PuzzleKind, day: date) -> Button:
    """The day's other daily puzzle: the challenge after the calendar, the calendar after it."""
    if kind == PuzzleKind.CALENDAR:
        return _button(language, "button_challenge", Action.CHALLENGE, PuzzleKind.PENTOMINO, day)
    return _button(language, "button_today", Action.TODAY, PuzzleKind.CALENDAR, day)


def after_answer_buttons(language: str, kind: PuzzleKind, day: date) -> tuple[Button, ...]:
    """No dead end after the answer: 'I solved it', another solution, the other daily puzzle."""
    return (
        _button(language, "button_solved", Action.SOLVED, kind, day),
        *_another_buttons(language, kind, day),
        other_puzzle_button(language, kind, day),
    )


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


def personal_stats(session: Session, who: Who, now: datetime) -> Reply:
    """/stats in a private chat: your streaks, this month's solves and your hints on average, with
    a picture of the days of this month you solved."""
    today = local_today(now, zone(who.timezone, "UTC"))
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


def solved_days_photo(solved: Mapping[date, int], today: date, language: str) -> Photo:
    """The month of ``today`` with the days of ``solved`` (date -> hint stages used) marked, keyed by
    today (the month, and the day framed), the days and hints of that month, and the language."""
    month = (today.year, today.month)
    days = {day.day: hints for day, hints in solved.items() if (day.year, day.month) == month}
    digest = hashlib.sha256(repr(sorted(days.items())).encode()).hexdigest()[:12]
    words = solved_days_words(today.year, today.month, language)
    return Photo(
        f"solved:{today.isoformat()}:{digest}{language_key(language)}",
        lambda: render_solved_days(today.year, today.month, days, today=today.day, **vars(words)),
    )


def top(session: Session, who: Who, now: datetime) -> Reply:
    """/top in a group: today's solvers of the calendar puzzle, fewest hints first, then fastest."""
    day = local_today(now, zone(who.timezone, "UTC"))
    solvers = chats.chat_solves(session=session, chat_id=who.chat_id, day=day, kind=PuzzleKind.CALENDAR)
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
    solvers = chats.chat_solves(
        session=session, chat_id=chat_id, day=day - timedelta(days=1), kind=PuzzleKind.CALENDAR
    )
    if not solvers:
        return None
    clean = sum(1 for s in solvers if s.hints == 0)
    return text("yesterday_line", language, solved=len(solvers), clean=clean)


def forget(session: Session, who: Who) -> Reply:
    """/forget answered Yes (:mod:`bot.forgetting`): delete the person's solves, hint progress,
    saved boards and private chat."""
    chats.forget_user(session=session, user_id=who.user_id)
    return Reply(text("forgotten", who.language))


# ---------------------------------------------------------------- the year and the chat


def subscription_status(settings: chats.ChatSettings | None, language: str, default_tz: str) -> str:
    if settings is None or not settings.subscribed:
        status = text("status_off", language)
    else:
        status = text(
            "status_on", language, time=settings.post_time, tz=zone_label(settings.timezone or default_tz)
        )
    return text("subscription_status", language, status=status)


def stats(session: Session, who: Who, default_tz: str, year: int) -> Reply:
    """The year heatmap with this chat's subscription (/stats in a group)."""
    status = subscription_status(
        chats.get_chat(session=session, chat_id=who.chat_id), who.language, default_tz
    )
    year_reply = _heatmap_reply(session, who, year)
    return replace(year_reply, text=f"{year_reply.text} {status}")


def heatmap(session: Session, who: Who, year: int) -> Reply:
    """/heatmap: the chat's edition's solutions per date over ``year`` (whose weekdays, on the
    weekday editions)."""
    return _heatmap_reply(session, who, year)


def _year_dates(puzzle: Puzzle, year: int) -> int:
    """How many dates a complete year heatmap of ``puzzle`` has: the days of ``year`` on the weekday
    editions (each counted with its weekday that year), every real target elsewhere."""
    if puzzle.targets_kind == "month-day-weekday":
        return (date(year + 1, 1, 1) - date(year, 1, 1)).days
    return sum(1 for t in puzzle.targets if t.real)


def _heatmap_reply(session: Session, who: Who, year: int) -> Reply:
    """The edition's solution counts per date as an image, with the fewest and the most. An
    edition solved on demand and not solved for every date yet shows only the dates it has, and
    says so (nothing solved yet: a text saying so); any other edition not precomputed at all:
    NotPrecomputed."""
    puzzle = edition_of(who.edition)
    counts = year_counts(session, puzzle, year)
    language = who.language
    partial = puzzle.on_demand and len(counts) < _year_dates(puzzle, year)
    if not counts:
        if puzzle.on_demand:
            return Reply(text("heatmap_nothing_yet", language, edition=puzzle.title))
        raise NotPrecomputed(puzzle.id)
    fewest = min(counts, key=lambda k: (counts[k], k))
    most = max(counts, key=lambda k: (counts[k], k))
    digest = hashlib.sha256(repr((puzzle.id, sorted(counts.items()))).encode()).hexdigest()[:12]
    ends = {"fewest": fewest, "fewest_count": counts[fewest], "most": most, "most_count": counts[most]}
    if partial:
        dates = counted("dates", len(counts), language)
        caption = text("stats_caption_stored", language, dates=dates, **ends)
    else:
        caption = text("stats_caption", language, **ends)
    if puzzle.targets_kind == "month-day-weekday":
        caption += " " + text("weekday_year", language, year=year)
    elif len(counts) < _year_dates(puzzle, year) and not partial:
        caption += " " + counted("dates_solved", len(counts), language)
    words = heatmap_words(language)
    title = puzzle.title if puzzle.id != CALENDAR_ID else words.title
    if partial:
        return Reply(caption, _stored_dates_photo(counts, title, digest, language))
    photo = Photo(
        f"heatmap:{digest}{language_key(language)}",
        lambda: render_heatmap(counts, **{**vars(words), "title": title}),
    )
    return Reply(caption, photo)


def _stored_dates_photo(counts: Mapping[str, int], title: str, digest: str, language: str) -> Photo:
    """The counts of an edition's dates solved so far: a tile per date while they are few, else the
    year grid with the missing dates said to be not solved yet."""
    words = stored_dates_words(language)
    key = f"heatmap-stored:{digest}{language_key(language)}"
    if len(counts) > MAX_DATES:
        year_words = {**vars(heatmap_words(language)), "title": title, "no_data": words.no_data}
        return Photo(key, lambda: render_heatmap(counts, **year_words))
    tiles = [(date_label(int(k[:2]), int(k[3:]), language), counts[k]) for k in sorted(counts)]
    return Photo(
        key,
        lambda: render_date_counts(
            tiles, title=title, subtitle=words.subtitle, fewest=words.fewest, most=words.most
        ),
    )


# ---------------------------------------------------------------- the user's own board


def _counts(
    language: str, remaining: int, total: int, distinct_remaining: int, distinct_total: int
) -> dict[str, object]:
    """The solutions left and in all, as puzzle fans count them: up to the board's symmetry (and
    saying so) on boards with symmetries, as laid out on calendars (which have none); the left
    one counted in words ("1 of 35 solutions remains")."""
    counting = ""
    if total != distinct_total:
        remaining, total, counting = distinct_remaining, distinct_total, text("board_counting", language)
    return {"remaining": counted("remaining", remaining, language, total=total), "counting": counting}


def _board_action(puzzle: Puzzle, added: Sequence[Placement], moved: set[int], language: str) -> str:
    """What a board hint asks for: "add L and N", "move V", "move V and add L"."""
    shifted = [p for p in added if p.piece in moved]
    new = [p for p in added if p.piece not in moved]
    if not shifted:
        return text("board_add", language, pieces=piece_names(puzzle, new, language))
    if not new:
        return text("board_move", language, pieces=piece_names(puzzle, shifted, language))
    moved_names = piece_names(puzzle, shifted, language)
    return text("board_move_add", language, moved=moved_names, pieces=piece_names(puzzle, new, language))


def board_status(analysis: PositionAnalysis, language: str) -> str:
    """Plain words on a board: rule broken, dead end and what to take off, solved, or solutions left."""
    puzzle = analysis.puzzle
    if not analysis.legal:
        status = text(
            "board_illegal", language, problems="; ".join(problem_texts(analysis.problems, language))
        )
    elif analysis.dead_end:
        status = text("board_dead_end", language, pieces=piece_names(puzzle, analysis.take_off, language))
    elif analysis.solved:
        status = text(
            "board_solved", language, number=analysis.solution_number, distinct=analysis.distinct_total
        )
    else:
        counts = _counts(
            language,
            analysis.remaining,
            analysis.total,
            analysis.distinct_remaining,
            analysis.distinct_total,
        )
        status = text("board_remaining", language, **counts)
    return text(
        "board_status",
        language,
        puzzle=puzzle_title(puzzle, language),
        target=analysis.target.name,
        pieces=len(analysis.placements),
        status=status,
    )


def _board_buttons(
    who: Who, puzzle: Puzzle, target: Target, analysis: PositionAnalysis | None, web: Web | None
) -> tuple[Button, ...]:
    found: list[Button] = []
    if analysis is None or (analysis.legal and not analysis.solved):
        found.append(
            Button(text("button_board_hint", who.language), encode_board_callback(board_key(puzzle, target)))
        )
    placements = analysis.placements if analysis is not None else ()
    return (*found, *play_buttons(web, who, puzzle, target, placements))


BOARD_TROUBLES = {
    seats.BoardTrouble.STALE_KEY: "stale_button",
    seats.BoardTrouble.NO_BOARD: "no_board",
    seats.BoardTrouble.OUTDATED: "outdated_board",
    seats.BoardTrouble.BAD_LINK: "bad_link",
}


def board_hint(found: seats.FromBoard, who: Who, web: Web | None = None) -> Reply:
    """A hint from the user's saved board, formatted; the board's status when it breaks a rule."""
    puzzle, target, language = found.puzzle, found.target, who.language
    stage, placements, hint = found.found.stage, found.found.placements, found.found.hint
    if hint is None:
        assert found.found.analysis is not None
        ways = play_buttons(web, who, puzzle, target, placements)
        return Reply(board_status(found.found.analysis, language), buttons=ways)
    moved = {p.piece for p in hint.take_off} & {p.piece for p in hint.added}  # off, and on elsewhere
    taken_off = [p for p in hint.take_off if p.piece not in moved]
    parts = (
        [text("board_take_off", language, pieces=piece_names(puzzle, taken_off, language))]
        if taken_off
        else []
    )
    if hint.added:
        counts = _counts(language, hint.remaining, hint.total, hint.distinct_remaining, hint.distinct_total)
        action = _board_action(puzzle, hint.added, moved, language)
        parts.append(text("board_hint_caption", language, stage=int(stage), action=action, **counts))
    else:
        parts.append(text("board_complete", language))
    drawing = hint.drawing(puzzle, target)
    photo = Photo(
        f"board:{puzzle.id}:{target.name}:{found.saved.code}:stage{int(stage)}{language_key(language)}",
        lambda: position_image(drawing, language),
    )
    buttons: list[Button] = []
    if stage < Stage.ANSWER and hint.added:
        buttons.append(
            Button(text("button_next_hint", language), encode_board_callback(board_key(puzzle, target)))
        )
    if found.daily is not None:
        featured = encode_callback(Callback(Action.FEATURED, *found.daily))
        buttons.append(Button(text("button_featured", language), featured))
    buttons.extend(play_buttons(web, who, puzzle, target, placements))
    return Reply(" ".join(parts), photo, tuple(buttons), spoiler=who.in_group)


def board_hint_by_key(session: Session, who: Who, now: datetime, key: str, web: Web | None = None) -> Reply:
    """The 'Hint from my board' button: the next hint from the board saved for that puzzle target
    ("no longer valid" for a key that names none: forged, or from a catalog since changed)."""
    return hint_reply(seats.board_hint_by_key(session, who.seat, now, key), who, web)


def _board_reply(found: seats.BoardStatus | seats.BoardTrouble, who: Who, web: Web | None) -> Reply:
    if isinstance(found, seats.BoardTrouble):
        return Reply(text(BOARD_TROUBLES[found], who.language))
    buttons = _board_buttons(who, found.puzzle, found.target, found.analysis, web)
    return Reply(board_status(found.analysis, who.language), buttons=buttons)


def check(session: Session, who: Who, now: datetime, web: Web | None = None) -> Reply:
    """/check: the status of the user's saved board."""
    return _board_reply(seats.current_board(session, who.seat, now), who, web)


def load_board(
    session: Session, who: Who, now: datetime, payload: str, web: Web | None = None
) -> Reply | None:
    """/start <payload> (a deep link from the web board): save that board as the user's, say its
    status; None when the payload names no board (a referral, an old link: greet instead)."""
    found = seats.load_board(session, who.seat, now, payload)
    return None if found == seats.BoardTrouble.BAD_LINK else _board_reply(found, who, web)


# ---------------------------------------------------------------- editions


def editions_photo(language: str) -> Photo:
    """Every edition's board and piece set (what tells them apart), named, in one picture."""
    choices = calendar_editions()
    named = [(p, edition_name(p, language)) for p in choices]
    key = f"edition-sheet:{'|'.join(p.id for p in choices)}{language_key(language)}"
    return Photo(key, lambda: render_editions(named))


def editions(who: Who) -> Reply:
    """/edition: a picture of every edition's board and pieces and a button for each by its short
    name (the chat's ticked)."""
    choices = calendar_editions()
    language = who.language
    photo = editions_photo(language)
    buttons = tuple(
        Button(
            ("✓ " if p.id == who.edition else "") + edition_name(p, language), encode_edition_callback(p.id)
        )
        for p in choices
    )
    current = edition_of(who.edition)
    return Reply(text("editions", language, current=current.title), photo, buttons)


def unknown_edition(who: Who, edition_id: str) -> Reply:
    names = ", ".join(p.id for p in calendar_editions())
    return Reply(text("unknown_edition", who.language, value=edition_id[:64], editions=names))


def set_edition(session: Session, who: Who, edition_id: str, now: datetime, web: Web | None = None) -> Reply:
    """Make ``edition_id`` the chat's edition; the answer is today's puzzle in it."""
    puzzle = edition_of(edition_id)
    stored = None if puzzle.id == CALENDAR_ID else puzzle.id
    chats.set_edition(session=session, chat_id=who.chat_id, kind=who.chat_kind, edition=stored)
    seats.leave_group(session, who.seat)
    chosen = replace(who, edition=puzzle.id)
    day = local_today(now, zone(who.timezone, "UTC"))
    puzzle_reply = today(session, chosen, day, web, now)
    words = text("edition_set", who.language, edition=puzzle.title)
    return replace(puzzle_reply, text=f"{words}\n{puzzle_reply.text}")


# ---------------------------------------------------------------- face-up mode


def faceup_status(who: Who) -> Reply:
    return Reply(text("faceup_is_on" if who.faceup else "faceup_is_off", who.language))


def set_faceup(session: Session, who: Who, on: bool, now: datetime, web: Web | None = None) -> Reply:
    """Turn the chat's face-up mode on or off; the answer is today's puzzle in that mode."""
    chats.set_faceup(session=session, chat_id=who.chat_id, kind=who.chat_kind, faceup=on)
    seats.leave_group(session, who.seat)
    day = local_today(now, zone(who.timezone, "UTC"))
    puzzle_reply = today(session, replace(who, faceup=on), day, web, now)
    words = text("faceup_set_on" if on else "faceup_set_off", who.language)
    return replace(puzzle_reply, text=f"{words}\n{puzzle_reply.text}")
