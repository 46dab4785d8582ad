"""/mypuzzle's words, built directly by :mod:`bot.replies.my_puzzle`: every problem with its place,
the kept answer with the probe's counts and its buttons, the quota refusals, the list, the delete
question; and what the handler takes from a message (:mod:`bot.handlers.my_puzzle`)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime

from bot.callbacks import decode_callback
from bot.handlers.my_puzzle import definition_in, edit_in
from bot.replies import my_puzzle
from bot.replies.types import Web
from hints import custom_puzzles as custom
from hints.custom_puzzles import Created, CustomPuzzle, ProbeResult, QuotaReached, TargetCount
from tests.support.replies import asker

BOX = """title: Three in a box
targets: board
pieces: pentominoes L P V
board:
# # # # #
# # # # #
# # # # #
"""
WEB = Web("https://puzzles.example")


def stored(
    puzzle_id: str = "u7k2m9xa", owner: int = 1, title: str = "Three in a box", version: int = 1
) -> CustomPuzzle:
    return CustomPuzzle(puzzle_id, owner, title, False, version, datetime(2026, 11, 28, tzinfo=UTC), False)


def created(*counts: TargetCount) -> Created:
    definition = custom.read(BOX, "en")
    assert not isinstance(definition, list)
    return Created(stored(), definition, ProbeResult(counts))


def count(target: str, outcome: str, solutions: int, cap: int = 5000) -> TargetCount:
    return TargetCount(target, outcome, tuple(f"s{i}" for i in range(solutions)), cap, 0.1)  # type: ignore[arg-type]


def test_every_problem_is_named_with_its_line_and_column_in_the_askers_language() -> None:
    broken = BOX.replace("L P V", "L P Q").replace("targets: board", "targets: boards")
    found = custom.read(broken, "en")
    assert isinstance(found, list) and len(found) >= 2
    words = my_puzzle.problems(found, "en").text.splitlines()
    assert words[0] == "I could not keep this definition:"
    assert words[1:] == [f"line {p.line}, column {p.column}: {p.message}" for p in found]
    assert any(line.startswith("line 3, column ") and "'Q'" in line for line in words)
    japanese = my_puzzle.problems(custom.read(broken, "ja"), "ja").text  # type: ignore[arg-type]
    assert "行" in japanese and "I could not" not in japanese


def test_a_long_list_of_problems_is_cut_with_a_count_of_the_rest() -> None:
    found = [custom.Problem(n, 1, "empty-title", "'title:' is empty") for n in range(1, 31)]
    words = my_puzzle.problems(found, "en").text.splitlines()
    assert len(words) == 1 + my_puzzle.PROBLEMS_SHOWN + 1 and words[-1] == "…and 5 more."


def test_the_kept_answer_names_the_puzzle_its_link_and_the_probes_counts() -> None:
    reply = my_puzzle.kept(
        created(count("11-28", "all", 83), count("11-29", "more-than", 5000), count("11-30", "all", 0)),
        asker(),
        WEB,
    )
    assert reply.text.splitlines() == [
        "Kept “Three in a box” as u7k2m9xa.",
        "https://puzzles.example/p/u7k2m9xa",
        "Today's target 11-28: 83 solutions",
        "Target 11-29: more than 5000 solutions",
        "Target 11-30: no solution",
        "No solution on 11-30: on those days there is nothing to play.",
    ]
    daily, play = reply.buttons
    assert daily.label == "Make it my daily puzzle" and decode_callback(daily.data).edition == "u7k2m9xa"  # type: ignore[union-attr]
    assert play.url == "https://puzzles.example/play/u7k2m9xa"


def test_in_a_group_the_button_makes_it_the_groups_puzzle_and_without_a_web_board_there_is_no_link() -> None:
    reply = my_puzzle.kept(created(count("board", "undecided", 3)), asker(group=True), None)
    assert reply.text.splitlines()[1:] == ["Today's target board: 3 solutions so far (not finished in time)"]
    assert [b.label for b in reply.buttons] == ["Make it this group's daily puzzle"]


def test_quotas_are_refused_in_words() -> None:
    assert my_puzzle.quota_reached(QuotaReached("puzzles", 20), "en").text == (
        "You keep 20 puzzles already, the most one person may: delete one first (/mypuzzle)."
    )
    assert (
        "30 puzzles or versions within a day"
        in my_puzzle.quota_reached(QuotaReached("versions", 30), "en").text
    )
    assert "20" in my_puzzle.quota_reached(QuotaReached("puzzles", 20), "ja").text


def test_the_list_says_how_and_gives_each_puzzle_a_row_of_buttons() -> None:
    empty = my_puzzle.overview([], asker(), WEB)
    assert "https://puzzles.example/make" in empty.text and empty.text.endswith(
        "You have no puzzle of your own yet."
    )
    listed = my_puzzle.overview([stored(), stored("b2", title="Second")], asker(), WEB)
    assert "• Three in a box (u7k2m9xa) – https://puzzles.example/p/u7k2m9xa" in listed.text
    assert [b.label for b in listed.buttons] == [
        "📅 Three in a box",
        "▶",
        "✏️",
        "🗑",
        "📅 Second",
        "▶",
        "✏️",
        "🗑",
    ]
    assert listed.columns == 4
    assert my_puzzle.decode_mine(listed.buttons[2].data) == ("edit", "u7k2m9xa")
    assert my_puzzle.decode_mine(listed.buttons[3].data) == ("ask", "u7k2m9xa")
    assert listed.text.endswith(
        "📅 makes one your daily puzzle here, ▶ plays today's on the web board, ✏️ takes a new version "
        "of it, 🗑 deletes it."
    )
    without_web = my_puzzle.overview([stored()], asker(), None).text
    assert "/make" not in without_web and "http" not in without_web  # no link that leads nowhere ...
    assert "the editor on the web: “Make your own puzzle”" in without_web  # ... but where it is, in words


def test_only_the_owner_is_asked_to_delete() -> None:
    question = my_puzzle.delete_question(stored(), asker())
    assert [my_puzzle.decode_mine(b.data) for b in question.buttons] == [
        ("yes", "u7k2m9xa"),
        ("no", "u7k2m9xa"),
    ]
    assert my_puzzle.delete_question(stored(owner=2), asker()).text.startswith("Only the person who made")
    assert my_puzzle.delete_question(None, asker()).text == "This puzzle is deleted already."
    assert (
        my_puzzle.decode_mine("v1|mine|maybe|x") is None and my_puzzle.decode_mine("v1|forget|yes|1") is None
    )


def test_the_definition_is_what_follows_the_command_line_by_line() -> None:
    assert definition_in("/mypuzzle\n" + BOX) == BOX.strip()
    assert definition_in("/mypuzzle@puzzle_hint_bot " + BOX) == BOX.strip()
    assert definition_in("/mypuzzle") == "" and definition_in("/mypuzzle   \n ") == ""


def test_probe_targets_start_with_today() -> None:
    definition = custom.read(BOX, "en")
    assert not isinstance(definition, list)
    assert [c.target for c in custom.probe_definition(definition, date(2026, 11, 28)).counts] == ["board"]


def test_a_new_version_names_its_number_and_keeps_the_kept_answers_counts_and_buttons() -> None:
    definition = custom.read(BOX, "en")
    assert not isinstance(definition, list)
    made = Created(stored(version=2), definition, ProbeResult((count("board", "all", 1),)))
    reply = my_puzzle.new_version(made, asker(), WEB)
    assert reply.text.splitlines() == [
        "Kept version 2 of “Three in a box” (u7k2m9xa); earlier versions stay as they were.",
        "https://puzzles.example/p/u7k2m9xa",
        "Today's target board: 1 solution",
    ]
    assert [b.label for b in reply.buttons] == ["Make it my daily puzzle", "Play today's"]
    assert "第2版" in my_puzzle.new_version(made, asker(language="ja"), None).text


def test_how_to_send_a_new_version_and_who_may_not() -> None:
    assert my_puzzle.edit_how(stored(), asker()).text == (
        "To change “Three in a box”, send /mypuzzle edit u7k2m9xa followed by the whole new definition "
        "on the next lines, or a .txt file with the caption /mypuzzle edit u7k2m9xa. I check it and try "
        "today's target as for a new puzzle; it becomes the puzzle's next version, and what was played on "
        "the earlier ones stays as it was."
    )
    assert my_puzzle.edit_refusal(stored(), "u7k2m9xa", asker()) is None
    refusals = {
        "someone else's": my_puzzle.edit_refusal(stored(owner=2), "u7k2m9xa", asker()),
        "unknown": my_puzzle.edit_refusal(None, "uzzzzzzz", asker()),
        "deleted": my_puzzle.edit_refusal(replace(stored(), deleted=True), "u7k2m9xa", asker()),
    }
    assert {why: reply.text for why, reply in refusals.items() if reply is not None} == {
        "someone else's": "Only the person who made this puzzle can change it.",
        "unknown": "None of your puzzles has the id “uzzzzzzz”: /mypuzzle lists yours.",
        "deleted": "This puzzle is deleted already.",
    }
    assert my_puzzle.edit_usage("en").text.startswith("Send /mypuzzle edit followed by the id")
    assert my_puzzle.not_kept(QuotaReached("versions", 30), "u7k2m9xa", asker()).text.startswith(
        "You made 30 puzzles or versions within a day"
    )
    assert my_puzzle.not_kept(custom.NotOwner("u7k2m9xa"), "u7k2m9xa", asker()).text.startswith("Only the")


def test_an_edit_is_the_id_after_edit_then_the_definition_line_by_line() -> None:
    assert edit_in(definition_in("/mypuzzle edit u7k2m9xa\n" + BOX)) == ("u7k2m9xa", BOX.strip())
    assert edit_in(definition_in("/mypuzzle EDIT u7k2m9xa")) == ("u7k2m9xa", "")
    assert edit_in(definition_in("/mypuzzle edit")) == ("", "")
    assert edit_in(definition_in("/mypuzzle\n" + BOX)) is None
    assert edit_in("editor: x") is None
