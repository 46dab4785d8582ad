"""tools.bot_commands: docs/bot.md's command list is the bot's own /help, and --check says when it is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands import help_text
from tools.bot_commands import BEGIN, BOT_DOC, END, command_list, main, with_commands

HELP = "/today [date] – the day's calendar puzzle\n/faceup on|off – face-up mode"


def test_each_command_is_one_bullet_with_its_usage_as_code() -> None:
    assert command_list(HELP).splitlines() == [
        "- `/today [date]` – the day's calendar puzzle",
        "- `/faceup on|off` – face-up mode",
    ]


def test_a_sections_heading_is_bold_and_sections_stay_apart() -> None:
    sections = "Puzzles\n/today – the day's puzzle\n\nSettings\n/faceup on|off – face-up mode"
    assert command_list(sections).splitlines() == [
        "**Puzzles**",
        "- `/today` – the day's puzzle",
        "",
        "**Settings**",
        "- `/faceup on|off` – face-up mode",
    ]


def test_only_the_text_between_the_markers_is_replaced() -> None:
    document = f"# Bot\n\nBefore.\n\n{BEGIN}\n- `/old` – gone\n{END}\n\nAfter.\n"
    expected = f"# Bot\n\nBefore.\n\n{BEGIN}\n- `/new` – here\n{END}\n\nAfter.\n"
    assert with_commands(document, "- `/new` – here") == expected


def test_a_document_without_the_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="markers"):
        with_commands("# Bot\n", "- `/new` – here")


def stale_doc(tmp_path: Path) -> Path:
    doc = tmp_path / "bot.md"
    doc.write_text(f"# Bot\n\n{BEGIN}\n- `/old` – gone\n{END}\n\nProse stays.\n", encoding="utf-8")
    return doc


def test_check_fails_on_a_stale_list_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = stale_doc(tmp_path)
    before = doc.read_text(encoding="utf-8")
    assert main(["--check", "--doc", str(doc)]) == 1
    assert "is stale" in capsys.readouterr().err
    assert doc.read_text(encoding="utf-8") == before


def test_writing_makes_the_list_current(tmp_path: Path) -> None:
    doc = stale_doc(tmp_path)
    assert main(["--doc", str(doc)]) == 0
    text = doc.read_text(encoding="utf-8")
    assert command_list(help_text("en")) in text and "/old" not in text and text.endswith("Prose stays.\n")
    assert main(["--check", "--doc", str(doc)]) == 0


def test_the_shipped_bot_page_lists_every_command() -> None:
    assert main(["--check", "--doc", str(BOT_DOC)]) == 0
