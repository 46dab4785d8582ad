"""The day's two puzzles: the calendar post and the pentomino challenge, their captions and
stage pictures, and a puzzle opened (/today, /pentomino, a 'Hints in private' link followed)."""

from __future__ import annotations

from dataclasses import replace

from bot.callbacks import Action
from bot.replies.buttons import after_answer_buttons, button, hint_button, play_buttons, solved_button
from bot.replies.starts import private_start
from bot.replies.types import Reply, Web
from bot.texts import counted, difficulty_label, language_for, text
from hints import seat as seats
from hints.catalog import Stage
from hints.chat_settings import ChatSettings
from hints.daily import CALENDAR_ID, DailyPuzzle, PuzzleKind
from hints.seat import InChat
from hints.words import open_cells_words, puzzle_title, written_date


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


def calendar_post(daily: DailyPuzzle, language: str) -> Reply:
    """The calendar puzzle with Hint and Pentomino challenge buttons (/today and the daily post)."""
    buttons = (
        hint_button(language, PuzzleKind.CALENDAR, daily.day, Stage.ONE_PIECE),
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
    day, from :func:`hints.seat.calendar_of`): ``no_faceup``, face up was asked but no solution
    keeps every piece face up (the usual puzzle, saying so)."""
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
        date=written_date(daily.day, language),
        board=daily.puzzle.id.removeprefix("pentomino-"),
        pieces=counted("pieces", len(daily.preplaced), language),
    )
    buttons = (
        hint_button(language, PuzzleKind.PENTOMINO, daily.day, Stage.ONE_PIECE),
        solved_button(language, PuzzleKind.PENTOMINO, daily.day),
    )
    return Reply(caption, daily.picture(Stage.PUZZLE, language), buttons)


def stage_reply(daily: DailyPuzzle, who: InChat, stage: Stage) -> Reply:
    """The image and caption of hint ``stage`` (3 = the answer); spoilered in groups."""
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
        spoiler=who.chat.in_group,
    )


def stage_caption(daily: DailyPuzzle, stage: Stage, language: str) -> str:
    """What a hint stage shows, in words. The challenge has exactly one way to finish, so its
    captions say so instead of counting the board's solutions ("1 of 1472" would be noise)."""
    hint = daily.stages[stage]
    challenge = daily.kind == PuzzleKind.PENTOMINO
    if stage == Stage.ANSWER:
        key = "challenge_answer_caption" if challenge else "answer_caption"
        return text(key, language, date=written_date(daily.day, language), total=hint.total)
    shown = counted("pieces", len(hint.shown), language)
    if challenge:
        return text("challenge_hint_caption", language, stage=int(stage), shown=shown)
    remaining = counted("remaining", hint.remaining, language, total=hint.total)
    return text("hint_caption", language, stage=int(stage), shown=shown, remaining=remaining)


def with_play(reply: Reply, web: Web | None, who: InChat, daily: DailyPuzzle) -> Reply:
    """Add 'Play on the board' and, in groups, the way to the same puzzle in a private chat."""
    extra = play_buttons(web, who, daily.puzzle, daily.target, daily.preplaced)
    private = private_start(daily.kind, daily.day, who.chat.id) if who.chat.in_group else None
    return replace(reply, buttons=reply.buttons + extra, private=private)


def opened(shown: seats.Shown, who: InChat, web: Web | None = None, from_group: bool = False) -> Reply:
    """A daily puzzle opened (/today, /pentomino, a button, a 'Hints in private' link): the
    calendar post or the challenge, with the ways to play it; ``from_group``: a group's link
    opened it in the group's edition and face-up mode, and says so."""
    who = shown.here
    if shown.daily.kind == PuzzleKind.CALENDAR:
        reply = _noted(calendar_post(shown.daily, who.language), _note(shown, who.language))
    else:
        reply = challenge_post(shown.daily, who.language)
    reply = with_play(reply, web, who, shown.daily)
    return _noted(reply, text("from_group", who.language)) if from_group else reply
