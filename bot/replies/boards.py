"""The user's own board: its status in words (/check, a board link) and hints from it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import assert_never

from bot.callbacks import Action, Callback, encode_board_callback, encode_callback
from bot.replies.buttons import play_buttons
from bot.replies.types import Button, Reply, Web
from bot.texts import counted, text
from hints import pictures, player_actions
from hints.catalog import Placement, Puzzle, Stage, Target
from hints.daily import PuzzleKind, puzzle_target
from hints.deeplink import board_key
from hints.player_actions import InChat
from hints.positions import PositionAnalysis, problem_texts
from hints.words import piece_names, puzzle_title


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
    who: InChat, puzzle: Puzzle, target: Target, analysis: PositionAnalysis | None, web: Web | None
) -> tuple[Button, ...]:
    found: list[Button] = []
    if analysis is None or (analysis.legal and not analysis.solved):
        found.append(
            Button(text("button_board_hint", who.language), encode_board_callback(board_key(puzzle, target)))
        )
    placements = analysis.placements if analysis is not None else ()
    return (*found, *play_buttons(web, who, puzzle, target, placements))


BOARD_TROUBLES = {
    player_actions.BoardTrouble.STALE_KEY: "stale_button",
    player_actions.BoardTrouble.NO_BOARD: "no_board",
    player_actions.BoardTrouble.OUTDATED: "outdated_board",
    player_actions.BoardTrouble.BAD_LINK: "bad_link",
}


def board_hint(found: player_actions.FromBoard, who: InChat, web: Web | None = None) -> Reply:
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
    photo = pictures.position(drawing, found.saved.code, language)
    buttons: list[Button] = []
    if stage < Stage.ANSWER and hint.added:
        buttons.append(
            Button(text("button_next_hint", language), encode_board_callback(board_key(puzzle, target)))
        )
    if found.daily is not None:
        featured = encode_callback(Callback(Action.FEATURED, *found.daily))
        buttons.append(Button(text("button_featured", language), featured))
    buttons.extend(play_buttons(web, who, puzzle, target, placements))
    return Reply(" ".join(parts), photo, tuple(buttons), spoiler=who.chat.in_group)


def board_reply(
    found: player_actions.BoardStatus | player_actions.BoardTrouble, who: InChat, web: Web | None = None
) -> Reply:
    """The saved board's status (/check: :func:`hints.player_actions.current_board`; a board link:
    :func:`hints.player_actions.load_board`), or why there is none."""
    match found:
        case player_actions.BoardStatus(puzzle=puzzle, target=target, analysis=analysis):
            buttons = _board_buttons(who, puzzle, target, analysis, web)
            return Reply(board_status(analysis, who.language), buttons=buttons)
        case player_actions.BoardTrouble():
            return Reply(text(BOARD_TROUBLES[found], who.language))
        case _:
            assert_never(found)


def copy_your_board(who: InChat, day: date, web: Web | None) -> Reply:
    """A photo of a board (with or without "what next?"): the bot cannot read one, but hints from a
    board copied onto the web board (Play on the board, today's calendar in the chat's edition);
    without a web board, the day's hints."""
    if web is None:
        return Reply(text("photo_no_board", who.language))
    puzzle, target = puzzle_target(PuzzleKind.CALENDAR, day, who.player.variant.edition)
    return Reply(text("photo_board", who.language), buttons=play_buttons(web, who, puzzle, target))
