"""The day's two puzzles: the calendar post and the pentomino challenge, their captions and
stage pictures, and a puzzle opened (/today, /pentomino, a 'Hints in private' link followed)."""

from __future__ import annotations

from dataclasses import replace

from bot.callbacks import Action
from bot.replies.buttons import after_answer_buttons, button, hint_button, play_buttons, solved_button
from bot.replies.starts import private_start
from bot.replies.types import Reply, Web
from bot.texts import counted, difficulty_label, language_for, text
from hints import player_actions
from hints.catalog import Puzzle, Stage
from hints.chat_settings import ChatSettings
from hints.daily import CALENDAR_ID, DailyPuzzle, PuzzleKind
from hints.player_actions import InChat
from hints.words import (
    day_label,
    month_name,
    open_cells_words,
    puzzle_title,
    written_date,
)


def today_caption(daily: DailyPuzzle, language: str) -> str:
    """Date, solutions, difficulty (once the edition's year is known) and the cells to leave open;
    an edition other than DragonFjord's is named first."""
    labels = [daily.puzzle.labels[cell] for cell in sorted(daily.target.uncovered)]
    values = {
        "date": written_date(daily.day, language),
        "solutions": counted("solutions", daily.total, language),
        "cells": open_cells_words(labels, language),
    }
    if daily.difficulty is None:
        caption = text("today_caption_unranked", language, **values)
    else:
        label = difficulty_label(daily.difficulty.label, language)
        caption = text("today_caption", language, stars=daily.difficulty.stars, label=label, **values)
    return caption if daily.puzzle.id == CALENDAR_ID else f"{puzzle_title(daily.puzzle, language)}\n{caption}"


def working_out(puzzle: Puzzle, target: str, seconds: float | None, language: str) -> Reply:
    """What the chat sees at once while a target of an edition solved on demand is worked out for
    the first time: the date (from the target's name, ``MM-DD``…), the edition, about how long."""
    edition = puzzle_title(puzzle, language)
    parts = target.split("-")[:2]
    if len(parts) < 2 or not all(part.isdigit() for part in parts):  # a board's one target
        if seconds:
            return Reply(text("working_out_board", language, edition=edition, seconds=max(1, round(seconds))))
        return Reply(text("working_out_board_unknown", language, edition=edition))
    month, day = (int(part) for part in parts)
    values = {"month": month_name(month, language), "day": day_label(day, language)}
    if seconds:
        return Reply(text("working_out", language, edition=edition, seconds=max(1, round(seconds)), **values))
    return Reply(text("working_out_unknown", language, edition=edition, **values))


def calendar_post(daily: DailyPuzzle, language: str, seen: Stage = Stage.PUZZLE) -> Reply:
    """The calendar puzzle with Hint and Pentomino challenge buttons (/today and the daily post); the
    hint button names the stage after ``seen``, the one a typed /hint shows next."""
    buttons = (
        hint_button(language, PuzzleKind.CALENDAR, daily.day, _after(seen)),
        solved_button(language, PuzzleKind.CALENDAR, daily.day),
        button(language, "button_challenge", Action.CHALLENGE, PuzzleKind.PENTOMINO, daily.day),
    )
    return Reply(today_caption(daily, language), daily.picture(Stage.PUZZLE, language), buttons)


def post_language(settings: ChatSettings) -> str:
    """The language of a chat's daily post, by the rule every reply follows: the chat's /language,
    else its person's Telegram language (a private chat's user, the admin who subscribed a group)
    if the bot speaks it, else English."""
    return language_for(settings.language, settings.telegram_language)


def daily_post(daily: DailyPuzzle, no_faceup: bool, language: str) -> Reply:
    """The day's calendar post (for the dispatcher, which builds one per language, edition, mode and
    day, from :func:`hints.player_actions.calendar_of`): ``no_faceup``, face up was asked but no solution
    keeps every piece face up (the usual puzzle, saying so)."""
    return _noted(calendar_post(daily, language), text("no_faceup", language) if no_faceup else None)


def _note(shown: player_actions.Shown, language: str) -> str | None:
    """Face up was asked but no solution keeps every piece face up: say the usual puzzle is shown."""
    return text("no_faceup", language) if shown.no_faceup else None


def _noted(reply: Reply, note: str | None) -> Reply:
    return reply if note is None else replace(reply, text=f"{note}\n{reply.text}")


def _after(seen: Stage) -> Stage:
    return Stage(min(seen + 1, Stage.ANSWER))


def challenge_post(daily: DailyPuzzle, language: str, seen: Stage = Stage.PUZZLE) -> Reply:
    caption = text(
        "challenge_caption",
        language,
        date=written_date(daily.day, language),
        board=daily.puzzle.id.removeprefix("pentomino-"),
        pieces=counted("pieces", len(daily.preplaced), language),
    )
    buttons = (
        hint_button(language, PuzzleKind.PENTOMINO, daily.day, _after(seen)),
        solved_button(language, PuzzleKind.PENTOMINO, daily.day),
    )
    return Reply(caption, daily.picture(Stage.PUZZLE, language), buttons)


def stage_reply(daily: DailyPuzzle, who: InChat, stage: Stage) -> Reply:
    """The image and caption of hint ``stage`` (3 = the answer); spoilered in groups, and the
    answer everywhere (a private chat may be on a shared screen)."""
    language = who.language
    if stage == Stage.ANSWER:
        buttons = after_answer_buttons(language, daily.kind, daily.day)
    else:
        buttons = (
            hint_button(language, daily.kind, daily.day, Stage(stage + 1)),
            solved_button(language, daily.kind, daily.day),
        )
    return Reply(
        stage_caption(daily, stage, language),
        daily.picture(stage, language),
        buttons,
        spoiler=who.chat.in_group or stage == Stage.ANSWER,
    )


def stage_caption(daily: DailyPuzzle, stage: Stage, language: str) -> str:
    """What a hint stage shows, in words. The challenge has exactly one way to finish, so its
    captions say so instead of counting the board's solutions ("1 of 1472" would be noise); a
    first piece every solution shares says so instead of "720 of 720 solutions remain"."""
    hint = daily.stages[stage]
    challenge = daily.kind == PuzzleKind.PENTOMINO
    if stage == Stage.ANSWER:
        key = "challenge_answer_caption" if challenge else "answer_caption"
        return text(key, language, date=written_date(daily.day, language), total=hint.total)
    shown = counted("pieces", len(hint.shown), language)
    if challenge:
        return text("challenge_hint_caption", language, stage=int(stage), shown=shown)
    if stage == Stage.ONE_PIECE and hint.remaining == hint.total:  # "720 of 720 remain" says nothing
        return text("hint_caption_common", language, stage=int(stage), shown=shown, total=hint.total)
    remaining = counted("remaining", hint.remaining, language, total=hint.total)
    return text("hint_caption", language, stage=int(stage), shown=shown, remaining=remaining)


def with_play(reply: Reply, web: Web | None, who: InChat, daily: DailyPuzzle) -> Reply:
    """Add 'Play on the board' and, in groups, the way to the same puzzle in a private chat."""
    extra = play_buttons(web, who, daily.puzzle, daily.target, daily.preplaced)
    private = private_start(daily.kind, daily.day, who.chat.id) if who.chat.in_group else None
    return replace(reply, buttons=reply.buttons + extra, private=private)


def opened(
    shown: player_actions.Shown, who: InChat, web: Web | None = None, from_group: bool = False
) -> Reply:
    """A daily puzzle opened (/today, /pentomino, a button, a 'Hints in private' link): the
    calendar post or the challenge, with the ways to play it; ``from_group``: a group's link
    opened it in the group's edition and face-up mode, and says so."""
    who, seen = shown.here, shown.stage
    if from_group and seen > Stage.PUZZLE:  # where the person left off in the group
        reply = stage_reply(shown.daily, who, seen)
    elif shown.daily.kind == PuzzleKind.CALENDAR:
        reply = _noted(calendar_post(shown.daily, who.language, seen), _note(shown, who.language))
    else:
        reply = challenge_post(shown.daily, who.language, seen)
    reply = with_play(reply, web, who, shown.daily)
    return _noted(reply, text("from_group", who.language)) if from_group else reply
