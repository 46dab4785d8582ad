"""docs/bot.md's command list, written from the bot's own table: ``python -m tools.bot_commands [--check]``.

The list between the two marker comments of docs/bot.md is ``bot.commands.help_text("en")``,
what ``/help`` answers in a private chat, as Markdown (each section's heading in bold, then its
commands as bullets); everything else in the file is written by hand. Without
options the list is rewritten in place; ``--check`` only compares and exits 1 when it is stale.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOT_DOC = ROOT / "docs" / "bot.md"
BEGIN = "<!-- commands: written by python -m tools.bot_commands from bot/commands.py; do not edit -->"
END = "<!-- end of commands -->"
SEPARATOR = " – "  # between usage and description in bot.commands.Command.help_line


def command_list(help_text: str) -> str:
    """The Markdown of one ``/help`` text: one bullet per command, its usage as code; a line
    without a description is a section's heading (bold), a blank line stays."""
    lines = []
    for line in help_text.splitlines():
        usage, _, description = line.partition(SEPARATOR)
        if not line.strip():
            lines.append("")
        elif description:
            lines.append(f"- `{usage.strip()}` – {description.strip()}")
        else:
            lines.append(f"**{line.strip()}**")
    return "\n".join(lines)


def with_commands(document: str, commands: str) -> str:
    """``document`` with ``commands`` between the markers; ValueError when a marker is missing."""
    start, end = document.find(BEGIN), document.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the markers are missing or out of order; expected {BEGIN!r} then {END!r}")
    return f"{document[: start + len(BEGIN)]}\n{commands}\n{document[end:]}"


def english_help() -> str:
    """What ``/help`` lists in English (imported late: the bot's modules load the catalogs)."""
    from bot.commands import help_text

    return help_text("en")


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite docs/bot.md's command list, or with ``--check`` say whether it is current (0) or not (1)."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.bot_commands",
        description="Write the command list of docs/bot.md from bot/commands.py.",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/bot.md is stale; write nothing")
    parser.add_argument("--doc", type=Path, default=BOT_DOC, help="the file to write (default: docs/bot.md)")
    arguments = parser.parse_args(argv)
    document = arguments.doc.read_text(encoding="utf-8")
    try:
        current = with_commands(document, command_list(english_help()))
    except ValueError as exc:
        print(f"{arguments.doc}: {exc}", file=sys.stderr)
        return 1
    if arguments.check:
        if current != document:
            print(
                f"{arguments.doc} is stale: its command list differs from bot/commands.py; "
                "run python -m tools.bot_commands",
                file=sys.stderr,
            )
            return 1
        return 0
    if current != document:
        arguments.doc.write_text(current, encoding="utf-8")
        print(f"wrote the command list of {arguments.doc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
