"""Hints from a player's own board, drawn and written: the board as it is, what to add, what to take off."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import N_, translator
from render.images import render_board
from render.text import render_text
from render.words import board_labels, join_words
from solver.catalog import Puzzle, Target
from solver.hints import Stage
from solver.problem import Placement

POSITION_TITLES = {
    Stage.ONE_PIECE: N_("From your board: the safest next piece"),
    Stage.HALF: N_("From your board: half of the missing pieces"),
    Stage.ANSWER: N_("From your board: every missing piece"),
}


@dataclass(frozen=True)
class PositionDrawing:
    """What a position hint shows. ``remaining``/``total`` count raw solutions (every rotation and
    reflection of a board apart); the ``distinct_`` pair counts them up to the board's symmetry,
    as puzzle fans do (2,339 for the 6x10), and is what the captions say."""

    puzzle: Puzzle
    target: Target
    stage: Stage
    given: tuple[Placement, ...]
    take_off: tuple[Placement, ...]
    added: tuple[Placement, ...]
    remaining: int
    total: int
    distinct_remaining: int
    distinct_total: int
    in_every: bool

    @property
    def symmetric(self) -> bool:
        """The board has symmetries, so raw counts differ from the published ones."""
        return self.total != self.distinct_total

    def names(self, placements: Sequence[Placement], language: str = "en") -> str:
        return piece_names(self.puzzle, placements, language)


def piece_names(puzzle: Puzzle, placements: Sequence[Placement], language: str = "en") -> str:
    """'L', 'L and N', 'L, N and P' (in ``language``)."""
    return join_words([puzzle.pieces[p.piece].name for p in placements], language)


def solutions_phrase(drawing: PositionDrawing, language: str = "en") -> str:
    """'3 of 40 solutions', or on boards with symmetries '12 of 2,339 distinct solutions' (up to
    rotation and reflection, the counts puzzle fans know)."""
    t = translator(language)
    if drawing.symmetric:
        phrase = t.ngettext(
            "{count} of {total} distinct solutions (up to rotation and reflection)",
            "{count} of {total} distinct solutions (up to rotation and reflection)",
            drawing.distinct_total,
        )
        return phrase.format(count=drawing.distinct_remaining, total=drawing.distinct_total)
    phrase = t.ngettext("{count} of {total} solution", "{count} of {total} solutions", drawing.total)
    return phrase.format(count=drawing.remaining, total=drawing.total)


def position_caption(drawing: PositionDrawing, language: str = "en") -> str:
    """One sentence: what to take off, what the hint adds, and how many solutions remain with it."""
    t = translator(language)
    parts = []
    if drawing.take_off:
        parts.append(
            t.gettext("Dead end: take off {pieces} first.").format(
                pieces=drawing.names(drawing.take_off, language)
            )
        )
    left = solutions_phrase(drawing, language)
    added = drawing.names(drawing.added, language)
    if not drawing.added:
        parts.append(t.gettext("Nothing to add: {left} match your board.").format(left=left))
    elif drawing.stage == Stage.ONE_PIECE and drawing.in_every:
        parts.append(
            t.gettext("Add {pieces}: every solution from here has it ({left}).").format(
                pieces=added, left=left
            )
        )
    elif drawing.stage == Stage.ONE_PIECE:
        parts.append(t.gettext("Add {pieces}: {left} remain with it.").format(pieces=added, left=left))
    elif drawing.remaining == 1:
        parts.append(t.gettext("Add {pieces}: then there is exactly one way to finish.").format(pieces=added))
    else:
        parts.append(t.gettext("Add {pieces}: {left} remain with them.").format(pieces=added, left=left))
    return " ".join(parts)


def where(drawing: PositionDrawing) -> str:
    """The target's name on calendars ('11-22'), the puzzle's title on single-target boards."""
    return drawing.target.name if len(drawing.puzzle.targets) > 1 else drawing.puzzle.title


def position_image(drawing: PositionDrawing, language: str = "en") -> bytes:
    """PNG: the given pieces, the hint's pieces lighter and ringed, pieces to take off crossed out."""
    title = translator(language).gettext(POSITION_TITLES[drawing.stage])
    return render_board(
        drawing.puzzle,
        drawing.given,
        marked=drawing.target.uncovered,
        title=f"{where(drawing)} · {title}",
        subtitle=position_caption(drawing, language),
        added=drawing.added,
        crossed=drawing.take_off,
        labels=board_labels(drawing.puzzle, language),
    )


def position_text(drawing: PositionDrawing) -> str:
    """The same hint as text: the board with the given and added pieces, then what is new."""
    lines = [
        f"{drawing.puzzle.title} · {drawing.target.name} · {POSITION_TITLES[drawing.stage]}",
        position_caption(drawing),
        render_text(drawing.puzzle, (*drawing.given, *drawing.added), drawing.target.uncovered),
    ]
    if drawing.added:
        lines.append(f"new: {drawing.names(drawing.added)}")
    if drawing.take_off:
        lines.append(f"take off: {drawing.names(drawing.take_off)}")
    return "\n".join(lines)
