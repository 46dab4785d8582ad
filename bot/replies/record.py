"""Solves: "I solved it" and what it counts for, a group's /top, the line about yesterday in its
daily post, and /forget."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.replies.buttons import other_puzzle_button
from bot.replies.starts import private_start
from bot.replies.types import Button, Card, Reply
from bot.texts import counted, text, then
from hints import game, player_actions
from hints.daily import PuzzleKind
from hints.player_actions import InChat
from hints.words import written_date


def solved(report: player_actions.SolveReport, who: InChat) -> Reply:
    """ "I solved it" recorded (:func:`hints.player_actions.report_solve`): what it counts for, and a
    spoiler-free text to share."""
    result, language = report.solved, who.language
    kind, day = result.play.kind, result.play.day
    words = text(
        "solved" if result.fresh else "already_solved",
        language,
        date=written_date(day, language),
        hints=counted("hint_stages", result.hints, language),
        streak=counted("days", result.streak, language),
    )
    if result.fresh and result.seconds is not None:
        words = then(
            words, text("solved_time", language, minutes=max(1, round(result.seconds / 60))), language
        )
    if not result.on_day:
        words += "\n" + text("solved_past_day", language)
    words += f"\n\n{text('share_intro', language)}\n{report.share}"
    flash = text("solved_toast" if result.fresh else "already_solved_toast", language)
    buttons = (share_button(language, kind, day), other_puzzle_button(language, kind, day))
    return Reply(words, buttons=buttons, flash=flash)


def share_button(language: str, kind: PuzzleKind, day: date) -> Button:
    """Share: Telegram lets the person pick a chat and puts "@bot cal_20260125" in it, which the
    bot answers with the solve's card (:func:`share_card`)."""
    return Button(text("button_share", language), switch_inline=private_start(kind, day))


def share_card(share: str | None, payload: str, language: str, bot_username: str) -> Card | None:
    """The card an inline query for a solve (a payload of :func:`private_start`) answers with: the
    share text, and a link that opens the bot on that puzzle; None before the person solved it."""
    if share is None:
        return None
    link = Button(text("button_play_it", language), url=f"https://t.me/{bot_username}?start={payload}")
    title = text("share_title", language)
    return Card(payload, title, share, share, link)


def top(solvers: Sequence[game.Solver], day: date, language: str) -> Reply:
    """/top in a group: the day's solvers of the calendar puzzle (:func:`hints.game.chat_solvers`),
    fewest hints first, then fastest."""
    if not solvers:
        return Reply(text("top_empty", language, date=written_date(day, language)))
    lines = [text("top_heading", language, date=written_date(day, language))]
    for place, solve in enumerate(solvers, start=1):
        minutes = "" if solve.seconds is None else f", {max(1, round(solve.seconds / 60))} min"
        stages = counted("hint_stages", solve.hints, language)
        lines.append(text("top_line", language, place=place, name=solve.first_name, hints=stages) + minutes)
    return Reply("\n".join(lines))


def yesterday_line(solvers: Sequence[game.Solver], language: str) -> str | None:
    """One line for a group's daily post about the day before's solvers ("5 solved, 2 with no hint")."""
    if not solvers:
        return None
    clean = sum(1 for s in solvers if s.hints == 0)
    return text("yesterday_line", language, solved=len(solvers), clean=clean)


def forgotten(language: str) -> Reply:
    """/forget answered Yes, and everything about the person deleted (:func:`hints.players.forget`)."""
    return Reply(text("forgotten", language))
