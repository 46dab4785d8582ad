"""Hints: the next stage of a daily puzzle or one from the saved board, the answer, another
solution, and why there is none."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import assert_never

from bot.replies.boards import BOARD_TROUBLES, board_hint
from bot.replies.buttons import after_answer_buttons, confirming, hint_button, solved_button
from bot.replies.puzzles import stage_reply, with_play
from bot.replies.types import Button, Reply, Web
from bot.texts import text
from hints import player_actions
from hints.catalog import Stage
from hints.daily import PuzzleKind
from hints.player_actions import InChat
from hints.words import written_date


def hint_reply(found: player_actions.NextHint, who: InChat, web: Web | None = None) -> Reply:
    """A hint (:func:`hints.player_actions.next_hint`, ``featured_hint``, ``board_hint_by_key``), formatted:
    a stage of the day's ladder, one from the saved board, or why there is none. Every kind of
    answer has its case: mypy proves none is left out (``assert_never``)."""
    match found:
        case player_actions.Shown(here=here, daily=daily, stage=stage):
            return with_play(stage_reply(daily, here, stage), web, here, daily)
        case player_actions.FromBoard(here=here):
            return board_hint(found, here, web)
        case player_actions.AllSeen(kind=kind, day=day):
            key = "all_hints_seen" if kind == PuzzleKind.CALENDAR else "challenge_unique"
            buttons = after_answer_buttons(who.language, kind, day)
            return Reply(text(key, who.language, date=written_date(day, who.language)), buttons=buttons)
        case player_actions.StaleDay(day=day):
            return stale_day(who, day)
        case player_actions.BoardTrouble():
            return Reply(text(BOARD_TROUBLES[found], who.language))
        case _:
            assert_never(found)


def stale_day(who: InChat, day: date) -> Reply:
    """A button of an older day's puzzle the user is not on (a past daily post): a toast pointing
    to today, no new message (/today <date> opens an older puzzle on purpose)."""
    return Reply("", toast=text("stale_day_button", who.language, date=written_date(day, who.language)))


def solution(shown: player_actions.Shown, who: InChat, web: Web | None = None) -> Reply:
    """/solution: the full answer of the user's current puzzle (:func:`hints.player_actions.answer`), with
    the same buttons as every answer, 'Play on the board' among them."""
    return with_play(stage_reply(shown.daily, shown.here, Stage.ANSWER), web, shown.here, shown.daily)


def another(
    found: player_actions.Another | player_actions.AnswerFirst | None, who: InChat, web: Web | None = None
) -> Reply:
    """A different stored solution of the day's calendar puzzle (:func:`hints.player_actions.another`), with
    every button the answer has ('I solved it', another, the challenge, the board); None: the
    person is on the challenge, which has one."""
    match found:
        case player_actions.Another(here=here, daily=daily, number=number, solution=drawn):
            photo = daily.solution_picture(number - 1, drawn, here.language)
            caption = text(
                "another_caption", here.language, number=number, total=daily.total, date=daily.heading
            )
            buttons = after_answer_buttons(here.language, PuzzleKind.CALENDAR, daily.day)
            return with_play(Reply(caption, photo, buttons, spoiler=True), web, here, daily)
        case player_actions.AnswerFirst():
            return answer_first(found)
        case None:
            return Reply(text("challenge_unique", who.language))
        case _:
            assert_never(found)


def answer_first(found: player_actions.AnswerFirst) -> Reply:
    """Another solution asked for before the answer: the next hint offered instead."""
    language = found.here.language
    buttons = (
        hint_button(language, found.kind, found.day, found.next),
        solved_button(language, found.kind, found.day),
    )
    return Reply(text("answer_first", language, date=found.day.isoformat()), buttons=buttons)


def ask_before_answer(kind: PuzzleKind, day: date, pressed: Sequence[Button], who: InChat) -> Reply:
    """ "Show the answer" pressed: a toast saying what it costs, and the pressed message's button
    turned into "Yes, show the answer" (a message the presser may not change: a new one asking)."""
    words = text("answer_ask", who.language)
    buttons = confirming(pressed, who.language, kind, day)
    return Reply(words, buttons=buttons, flash=words, keyboard_only=True)
