"""Puzzles people define: written in the catalog's format, checked, probed, stored under a short
id, owned, and found by every lookup by id (:func:`install`).

A definition is read by :func:`solver.definitions.parse_definition`; every problem comes back at
once, in the person's language. A stored puzzle never changes: an edit makes a new version
(``ID.2``), and the solver, the codes and the pictures know each version by that id, so what was
played stays readable. The bare id names the current version. Only the owner may edit, rename,
(un)list or delete; deleting leaves a tombstone, so a link to it says "deleted" rather than
"unknown". Quotas per person (puzzles kept, versions written a day) and the limits of a board
and of solving come from the settings.

Nothing here commits; the resolver :func:`install` sets up reads with a session of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy.orm import Session, sessionmaker

from db import custom_puzzles as store
from db.custom_puzzles import CustomPuzzle, looks_custom, split_version_id, version_id
from hints.cache import BoundedCache
from hints.errors import BeyondLimits
from settings import Settings, get_settings
from solver.bounded import TargetCount, probe
from solver.catalog import SINGLE_TARGET, Puzzle, target_for_date
from solver.definitions import PIECES_DIR, Definition, Limits, parse_definition
from solver.problems import Problem
from solver.puzzle_text import PieceSets
from solver.puzzles import Resolver, drop_resolver, use_resolver

__all__ = [
    "Created",
    "CustomPuzzle",
    "Definition",
    "Deleted",
    "NotOwner",
    "ProbeResult",
    "Problem",
    "QuotaReached",
    "TargetCount",
    "check_in_worker",
    "create",
    "edit",
    "install",
    "limits",
    "looks_custom",
    "owned",
    "piece_sets",
    "probe_definition",
    "probe_in_worker",
    "read",
    "record_refusal",
    "refusal",
]

PROBE_DAYS = 3  # today's target and the next days': the probe before a puzzle is kept
PROBE_SECONDS = 6.0  # for all of them together
CHECK_SECONDS = 2.0  # the editor's check as a person draws: today's target only, briefly
PARSED_VERSIONS = 256  # parsed versions kept per process (a version never changes)


class QuotaReached(Exception):
    """The person keeps as many puzzles, or wrote as many versions today, as they may."""

    def __init__(self, what: str, limit: int) -> None:
        super().__init__(what, limit)
        self.what = what  # "puzzles" or "versions"
        self.limit = limit


class NotOwner(Exception):
    """Only a puzzle's owner may change it."""


class Deleted(Exception):
    """The puzzle was deleted by its owner."""


@dataclass(frozen=True)
class ProbeResult:
    """The quick probe of a few targets before a puzzle is kept."""

    counts: tuple[TargetCount, ...]

    @property
    def unsolvable(self) -> list[str]:
        """The probed targets found to have no solution."""
        return [count.target for count in self.counts if count.solvable is False]

    @property
    def hopeless(self) -> bool:
        """Every probed target has no solution: the puzzle as written cannot be played."""
        return bool(self.counts) and len(self.unsolvable) == len(self.counts)


@dataclass(frozen=True)
class Created:
    """A puzzle stored (or a new version of it): what it is and what the probe found."""

    puzzle: CustomPuzzle
    definition: Definition
    probe: ProbeResult


def limits(settings: Settings | None = None) -> Limits:
    """The deployment's limits on people's puzzles."""
    given = settings or get_settings()
    return Limits(
        max_board_cells=given.CUSTOM_PUZZLE_MAX_BOARD_CELLS,
        max_pieces=given.CUSTOM_PUZZLE_MAX_PIECES,
        seconds_per_target=given.CUSTOM_PUZZLE_SECONDS_PER_TARGET,
        solutions_per_target=given.CUSTOM_PUZZLE_SOLUTIONS_PER_TARGET,
    )


def read(text: str, language: str, settings: Settings | None = None) -> Definition | list[Problem]:
    """The definition a text describes, or every problem in it, in ``language``."""
    return parse_definition(text, language=language, limits=limits(settings))


@dataclass(frozen=True)
class KnownSet:
    """A piece set a definition may name: its lattice and its pieces' drawings (cells as a drawing
    places them: text row and token, which on hexagons are not the solver's axial cells)."""

    name: str
    lattice: str
    pieces: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]  # (name, cells) in the file's order


def piece_sets() -> list[KnownSet]:
    """Every piece set a definition may name (``pieces: NAME``), by name."""
    sets = PieceSets(PIECES_DIR)
    found = []
    for name in sets.names():
        known = sets.get(name)
        if known is not None:
            drawn = known.lattice.to_text
            pieces = tuple((piece.name, tuple(drawn(cell) for cell in piece.cells)) for piece in known.pieces)
            found.append(KnownSet(name, known.lattice.name, pieces))
    return found


def probe_targets(puzzle: Puzzle, today: date, days: int = PROBE_DAYS) -> list[str]:
    """The targets the probe solves: today's and the next days' (distinct), or the board's one."""
    if puzzle.targets_kind == "board":
        return [SINGLE_TARGET]
    names = [target_for_date(puzzle, today + timedelta(days=offset)).name for offset in range(days)]
    return list(dict.fromkeys(names))


def probe_definition(
    definition: Definition,
    today: date,
    settings: Settings | None = None,
    *,
    days: int = PROBE_DAYS,
    seconds: float = PROBE_SECONDS,
) -> ProbeResult:
    """Solve today's target and the next days' within a few seconds (CPU work: a compute
    worker's job)."""
    puzzle = definition.puzzle("probe")
    counts = probe(puzzle, probe_targets(puzzle, today, days), seconds, limits(settings))
    return ProbeResult(tuple(counts))


def probe_in_worker(_session: Session, definition: Definition, today: date) -> ProbeResult:
    """:func:`probe_definition` as a compute worker's ``work(session, …)`` (the API's)."""
    return probe_definition(definition, today)


def check_in_worker(_session: Session, definition: Definition, today: date) -> ProbeResult:
    """The editor's quick look as a compute worker's ``work(session, …)``: today's target only,
    within :data:`CHECK_SECONDS`."""
    return probe_definition(definition, today, days=1, seconds=CHECK_SECONDS)


def _check_quota(session: Session, owner: int, now: datetime, settings: Settings) -> None:
    kept = len(store.owned(session=session, owner=owner))
    if kept >= settings.CUSTOM_PUZZLES_PER_PERSON:
        raise QuotaReached("puzzles", settings.CUSTOM_PUZZLES_PER_PERSON)
    written = store.versions_written_since(session=session, owner=owner, since=now - timedelta(days=1))
    if written >= settings.CUSTOM_PUZZLE_VERSIONS_PER_DAY:
        raise QuotaReached("versions", settings.CUSTOM_PUZZLE_VERSIONS_PER_DAY)


def create(
    session: Session,
    owner: int,
    definition: Definition,
    probed: ProbeResult,
    now: datetime,
    settings: Settings | None = None,
) -> Created:
    """Keep a checked and probed definition as a new puzzle of ``owner``. QuotaReached when they
    may keep no more."""
    given = settings or get_settings()
    _check_quota(session, owner, now, given)
    made = store.create(
        session=session, owner=owner, title=definition.title, definition=definition.text, now=now
    )
    return Created(made, definition, probed)


def _owned_live(session: Session, owner: int, puzzle_id: str) -> CustomPuzzle:
    found = store.get(session=session, puzzle_id=split_version_id(puzzle_id)[0])
    if found is None:
        raise LookupError(puzzle_id)
    if found.deleted:
        raise Deleted(puzzle_id)
    if found.owner != owner:
        raise NotOwner(puzzle_id)
    return found


def edit(
    session: Session,
    owner: int,
    puzzle_id: str,
    definition: Definition,
    probed: ProbeResult,
    now: datetime,
    settings: Settings | None = None,
) -> Created:
    """A new version of the owner's puzzle (the earlier ones stay, for what was played on them)."""
    found = _owned_live(session, owner, puzzle_id)
    written = store.versions_written_since(session=session, owner=owner, since=now - timedelta(days=1))
    limit = (settings or get_settings()).CUSTOM_PUZZLE_VERSIONS_PER_DAY
    if written >= limit:
        raise QuotaReached("versions", limit)
    made = store.add_version(
        session=session, puzzle_id=found.id, title=definition.title, definition=definition.text, now=now
    )
    return Created(made, definition, probed)


def change(
    session: Session, owner: int, puzzle_id: str, *, title: str | None = None, published: bool | None = None
) -> CustomPuzzle:
    """Rename and/or (un)list the owner's puzzle."""
    found = _owned_live(session, owner, puzzle_id)
    store.change(session=session, puzzle_id=found.id, title=title, published=published)
    changed = store.get(session=session, puzzle_id=found.id)
    assert changed is not None
    return changed


def delete(session: Session, owner: int, puzzle_id: str, now: datetime) -> None:
    """Delete the owner's puzzle (a tombstone stays: its links then say it was deleted)."""
    found = _owned_live(session, owner, puzzle_id)
    store.delete(session=session, puzzle_id=found.id, now=now)


def owned(session: Session, owner: int) -> list[CustomPuzzle]:
    """A person's puzzles, newest first."""
    return store.owned(session=session, owner=owner)


def stored(session: Session, puzzle_id: str) -> CustomPuzzle | None:
    """The stored puzzle an id names (bare or with a version), deleted ones included."""
    return (
        store.get(session=session, puzzle_id=split_version_id(puzzle_id)[0])
        if looks_custom(puzzle_id)
        else None
    )


# ---------------------------------------------------------------- targets beyond the limits


def refusal(
    session: Session, puzzle_id: str, target: str, settings: Settings | None = None
) -> BeyondLimits | None:
    """The refusal kept for a target of one version (``ID.N``), in the words of the limits as they
    stand; None when none was kept, or when the limits have grown past it (it is solved again).
    Whoever solved it kept it (:func:`record_refusal`): any process, any solver worker."""
    kept = store.refusal(session=session, puzzle_id=puzzle_id, target=target)
    if kept is None:
        return None
    now = limits(settings)
    if kept.more_than is not None:
        if now.solutions_per_target > kept.more_than:
            return None
        return BeyondLimits(
            puzzle_id, target, more_than=now.solutions_per_target, seconds=now.seconds_per_target
        )
    if now.seconds_per_target > kept.seconds:
        return None
    return BeyondLimits(puzzle_id, target, seconds=now.seconds_per_target)


def record_refusal(session: Session, refused: BeyondLimits, now: datetime) -> None:
    """Keep a target's refusal for every process (a version never changes: it holds while the
    limits do)."""
    store.record_refusal(
        session=session,
        puzzle_id=refused.puzzle_id,
        target=refused.target,
        more_than=refused.more_than,
        seconds=refused.seconds,
        now=now,
    )


# ---------------------------------------------------------------- finding a custom puzzle by id

_parsed: BoundedCache[str, Puzzle] = BoundedCache(PARSED_VERSIONS)


def _solver_puzzle(session: Session, puzzle_id: str) -> Puzzle | None:
    stable, version = split_version_id(puzzle_id)
    found = store.get(session=session, puzzle_id=stable)
    if found is None or found.deleted:
        return None
    chosen = version or found.current_version
    key = version_id(stable, chosen)
    cached = _parsed.get(key)
    if cached is not None:
        return cached
    text = store.definition(session=session, puzzle_id=stable, version=chosen)
    if text is None:
        return None
    parsed = parse_definition(text, limits=limits())
    if isinstance(parsed, list):  # the limits were lowered since it was kept: it is kept all the same
        parsed = parse_definition(text, limits=Limits(max_board_cells=10**6, max_pieces=26))
        if isinstance(parsed, list):
            return None
    puzzle = parsed.puzzle(key)
    _parsed.put(key, puzzle)
    return puzzle


def resolver(sessions: sessionmaker[Session]) -> Resolver:
    """The lookup :func:`solver.puzzles.get_puzzle` asks for an id it does not ship: the custom
    puzzle (its current version for a bare id) read from the store, None for any other id."""

    def resolve(puzzle_id: str) -> Puzzle | None:
        if not looks_custom(puzzle_id):
            return None
        with sessions() as session:
            return _solver_puzzle(session, puzzle_id)

    return resolve


_installed: dict[int, Resolver] = {}


def install(sessions: sessionmaker[Session]) -> Callable[[], None]:
    """Let every lookup by id in this process find the puzzles kept in this store; the returned
    function undoes it (a closing store, a test)."""
    found = _installed.get(id(sessions))
    if found is None:
        found = _installed[id(sessions)] = resolver(sessions)
    use_resolver(found)

    def uninstall() -> None:
        drop_resolver(found)
        _installed.pop(id(sessions), None)

    return uninstall
