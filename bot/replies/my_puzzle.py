"""/mypuzzle's answers: how to make a puzzle and the list of yours, every problem of a definition,
the probe's counts of a kept one, refusals, and the question before a delete."""

from __future__ import annotations

from collections.abc import Sequence

from bot.callbacks import CALLBACK_VERSION, encode_edition_callback
from bot.replies.types import Button, Reply, Web
from bot.texts import counted, text
from hints import links
from hints.custom_puzzles import (
    Created,
    CustomPuzzle,
    Deleted,
    NotOwner,
    ProbeResult,
    Problem,
    QuotaReached,
    TargetCount,
)
from hints.player_actions import InChat

PROBLEMS_SHOWN = 25  # a message holds 4096 characters; a definition this wrong needs a fresh start
# The callback data's word for these buttons: v1|mine|edit|ID (✏️), v1|mine|ask|ID (🗑), then
# v1|mine|yes|ID and v1|mine|no|ID.
MINE = "mine"
ANSWERS = ("edit", "ask", "yes", "no")


def encode_mine(answer: str, puzzle_id: str) -> str:
    return f"{CALLBACK_VERSION}|{MINE}|{answer}|{puzzle_id}"


def decode_mine(data: str | None) -> tuple[str, str] | None:
    """(edit/ask/yes/no, the puzzle's id) of a list's or a delete question's button; None for
    anything we did not make."""
    parts = (data or "").split("|")
    if len(parts) != 4 or parts[0] != CALLBACK_VERSION or parts[1] != MINE or parts[2] not in ANSWERS:
        return None
    return (parts[2], parts[3]) if parts[3] else None


def _daily_button(puzzle_id: str, who: InChat, label: str | None = None) -> Button:
    """Make the puzzle this chat's daily edition (the /edition button: admins only in a group)."""
    key = "button_mypuzzle_group_daily" if who.chat.in_group else "button_mypuzzle_daily"
    return Button(label or text(key, who.language), encode_edition_callback(puzzle_id))


def _play_button(puzzle_id: str, web: Web, label: str) -> Button:
    return Button(label, url=web.public_url + links.play_today(puzzle_id))


def overview(mine: Sequence[CustomPuzzle], who: InChat, web: Web | None) -> Reply:
    """/mypuzzle alone: how to make one (and the web editor's link, or where it is in words), then
    the person's puzzles, each a line with its link and a row of buttons: make it the daily puzzle,
    play, send a new version, delete."""
    language = who.language
    lines = [text("mypuzzle_how", language)]
    if web is not None:
        lines.append(text("mypuzzle_editor", language, url=f"{web.public_url}/make"))
    else:  # no address to link: where the editor is, in words
        lines.append(text("mypuzzle_editor_words", language))
    if not mine:
        return Reply("\n\n".join([*lines, text("mypuzzle_none", language)]))
    listed = [text("mypuzzle_yours", language)]
    buttons: list[Button] = []
    for puzzle in mine:
        title = puzzle.title or puzzle.id
        link = f" – {web.public_url}{links.custom_puzzle(puzzle.id)}" if web is not None else ""
        listed.append(f"• {title} ({puzzle.id}){link}")
        buttons.append(_daily_button(puzzle.id, who, f"📅 {title}"))
        if web is not None:
            buttons.append(_play_button(puzzle.id, web, "▶"))
        buttons.append(Button("✏️", encode_mine("edit", puzzle.id)))
        buttons.append(Button("🗑", encode_mine("ask", puzzle.id)))
    listed.append(text("mypuzzle_list_buttons_web" if web is not None else "mypuzzle_list_buttons", language))
    return Reply("\n\n".join([*lines, "\n".join(listed)]), buttons=tuple(buttons), columns=4 if web else 3)


def problems(found: Sequence[Problem], language: str) -> Reply:
    """Every problem of a definition, each with its line and column (the first few dozen)."""
    lines = [text("mypuzzle_problems", language)]
    lines += [
        text("mypuzzle_problem", language, line=p.line, column=p.column, message=p.message)
        for p in found[:PROBLEMS_SHOWN]
    ]
    if len(found) > PROBLEMS_SHOWN:
        lines.append(text("mypuzzle_more_problems", language, count=len(found) - PROBLEMS_SHOWN))
    return Reply("\n".join(lines))


def checking(language: str) -> Reply:
    return Reply(text("mypuzzle_checking", language))


def solutions_found(count: TargetCount, language: str) -> str:
    """How many solutions the probe found: all of them, more than its cap, or some by the deadline."""
    if count.outcome == "more-than":
        return text("mypuzzle_more_than", language, count=counted("solutions", count.cap, language))
    if count.outcome == "undecided":
        return text("mypuzzle_undecided", language, count=counted("solutions", count.count, language))
    if count.count == 0:
        return text("mypuzzle_no_solution", language)
    return counted("solutions", count.count, language)


def probe_lines(probed: ProbeResult, language: str) -> list[str]:
    """Today's target first, then the next days'; the unsolvable ones named once more."""
    lines = [
        text(
            "mypuzzle_today_count" if index == 0 else "mypuzzle_target_count",
            language,
            target=count.target,
            count=solutions_found(count, language),
        )
        for index, count in enumerate(probed.counts)
    ]
    if probed.unsolvable:
        lines.append(text("mypuzzle_some_unsolvable", language, targets=", ".join(probed.unsolvable)))
    return lines


def kept(created: Created, who: InChat, web: Web | None) -> Reply:
    """A definition kept: its id, title and link, the probe's counts, and buttons to make it the
    daily puzzle (and to play today's on the web board)."""
    language, puzzle = who.language, created.puzzle
    title = puzzle.title or created.definition.title
    heading = text("mypuzzle_kept", language, title=title, id=puzzle.id)
    if web is not None:
        heading += f"\n{web.public_url}{links.custom_puzzle(puzzle.id)}"
    buttons = [_daily_button(puzzle.id, who)]
    if web is not None:
        buttons.append(_play_button(puzzle.id, web, text("button_mypuzzle_play", language)))
    return Reply("\n".join([heading, *probe_lines(created.probe, language)]), buttons=tuple(buttons))


def new_version(created: Created, who: InChat, web: Web | None) -> Reply:
    """A new version kept: its number, the puzzle's title and id, the probe's counts, and the
    buttons of a kept puzzle (a chat whose daily puzzle it is plays the new version from now)."""
    language, puzzle = who.language, created.puzzle
    title = puzzle.title or created.definition.title
    heading = text(
        "mypuzzle_new_version", language, version=puzzle.current_version, title=title, id=puzzle.id
    )
    if web is not None:
        heading += f"\n{web.public_url}{links.custom_puzzle(puzzle.id)}"
    buttons = [_daily_button(puzzle.id, who)]
    if web is not None:
        buttons.append(_play_button(puzzle.id, web, text("button_mypuzzle_play", language)))
    return Reply("\n".join([heading, *probe_lines(created.probe, language)]), buttons=tuple(buttons))


def edit_usage(language: str) -> Reply:
    """``/mypuzzle edit`` with no id."""
    return Reply(text("mypuzzle_edit_usage", language))


def edit_how(puzzle: CustomPuzzle | None, who: InChat) -> Reply:
    """How to send a new version of the asker's puzzle (the ✏️ button, ``/mypuzzle edit ID`` alone)."""
    assert puzzle is not None
    return Reply(text("mypuzzle_edit_how", who.language, title=puzzle.title or puzzle.id, id=puzzle.id))


def edit_refusal(puzzle: CustomPuzzle | None, puzzle_id: str, who: InChat) -> Reply | None:
    """Why the asker may not send a new version of this puzzle (no such id, deleted, someone
    else's); None when they may."""
    if puzzle is None:
        return Reply(text("mypuzzle_unknown", who.language, id=puzzle_id))
    if puzzle.deleted:
        return Reply(text("mypuzzle_gone", who.language))
    if puzzle.owner != who.player.id:
        return Reply(text("mypuzzle_not_yours_edit", who.language))
    return None


def not_kept(refused: Exception, puzzle_id: str, who: InChat) -> Reply:
    """A checked definition not kept: the quota, or the puzzle to edit unknown, deleted or not the
    asker's by the time it was kept."""
    if isinstance(refused, QuotaReached):
        return quota_reached(refused, who.language)
    if isinstance(refused, Deleted):
        return Reply(text("mypuzzle_gone", who.language))
    if isinstance(refused, NotOwner):
        return Reply(text("mypuzzle_not_yours_edit", who.language))
    return Reply(text("mypuzzle_unknown", who.language, id=puzzle_id))


def hopeless(probed: ProbeResult, language: str) -> Reply:
    """No probed target has a solution: nothing kept."""
    return Reply(text("mypuzzle_hopeless", language, targets=", ".join(probed.unsolvable)))


def quota_reached(reached: QuotaReached, language: str) -> Reply:
    key = "mypuzzle_quota_puzzles" if reached.what == "puzzles" else "mypuzzle_quota_versions"
    return Reply(text(key, language, limit=reached.limit))


def delete_question(puzzle: CustomPuzzle | None, who: InChat) -> Reply:
    """'Delete “Title”?' with Yes and No side by side (or why it cannot be deleted)."""
    refused = delete_refusal(puzzle, who)
    if refused is not None:
        return refused
    assert puzzle is not None
    return Reply(
        text("mypuzzle_delete_question", who.language, title=puzzle.title or puzzle.id, id=puzzle.id),
        buttons=(
            Button(text("button_mypuzzle_delete_yes", who.language), encode_mine("yes", puzzle.id)),
            Button(text("button_mypuzzle_delete_no", who.language), encode_mine("no", puzzle.id)),
        ),
        columns=2,
    )


def delete_refusal(puzzle: CustomPuzzle | None, who: InChat) -> Reply | None:
    """Why the asker may not delete this puzzle (gone, or someone else's); None when they may."""
    if puzzle is None or puzzle.deleted:
        return Reply(text("mypuzzle_gone", who.language))
    if puzzle.owner != who.player.id:
        return Reply(text("mypuzzle_not_yours", who.language))
    return None


def deleted(puzzle: CustomPuzzle | None, who: InChat) -> Reply:
    """The answer to **Yes**: deleted, or why not."""
    refused = delete_refusal(puzzle, who)
    if refused is not None:
        return refused
    assert puzzle is not None
    return Reply(text("mypuzzle_deleted", who.language, title=puzzle.title or puzzle.id))


def not_deleted(who: InChat) -> Reply:
    return Reply(text("mypuzzle_not_deleted", who.language))


def too_large(language: str, limit_bytes: int) -> Reply:
    return Reply(text("mypuzzle_too_large", language, limit=limit_bytes // 1000))


def not_text(language: str) -> Reply:
    return Reply(text("mypuzzle_not_text", language))
