"""What people call each calendar edition: short enough for a button; the full title is the
catalog's (and ``/edition`` names it)."""

from __future__ import annotations

from hints.catalog import Puzzle
from i18n import N_, translate

EDITION_NAMES = {
    "calendar-dragonfjord": N_("DragonFjord"),
    "calendar-creamakerspace": N_("CreaMakerspace (hexomino)"),
    "calendar-jarringwords": N_("JarringWords (T)"),
    "calendar-tetromino": N_("Tetromino (TheRammer)"),
    "calendar-weekday": N_("Weekday, Sunday first"),
    "calendar-weekday-monday": N_("Weekday, Monday first"),
    "calendar-dailypuzzle-8": N_("Daily puzzle 8 (sh1ura)"),
    "calendar-dailypuzzle-9": N_("Daily puzzle 9 (sh1ura)"),
    "calendar-weekday-6x9": N_("Weekday 6 × 9"),
    "calendar-hex-43": N_("Hexagonal 43 (sh1ura)"),
    "calendar-hex-61": N_("Hexagonal 61 (sh1ura)"),
    "calendar-calendarium": N_("Calendarium (Pluton)"),
}


def edition_name(puzzle: Puzzle, language: str) -> str:
    """The edition's short name in ``language`` (its title when it has none)."""
    name = EDITION_NAMES.get(puzzle.id)
    return translate(language, name) if name is not None else puzzle.title
