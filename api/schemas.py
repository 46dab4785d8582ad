"""Pydantic response and request schemas of the HTTP API (separate from the store's DB models).

Cells are ``[row, column]`` on the board's grid everywhere, exactly the
catalog's cell coordinates; a placement names its piece by NAME ("L",
"hexagon"), never by index.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from hints.custom_puzzles import TargetCount

CellOut = tuple[int, int]
CellIn = tuple[StrictInt, StrictInt]
MAX_CHECK_PLACEMENTS = 64
MAX_CHECK_CELLS = 64
# What the schema says a value looks like (``json_schema_extra``, like the languages' enum): the
# routes parse it themselves, so a value that does not fit answers their own code (invalid_date,
# invalid_timezone, unknown_target, unknown_piece), not a bare schema error.
DATE_PATTERN = r"^(today|[0-9]{4}-[0-9]{2}-[0-9]{2})$"
ZONE_PATTERN = r"^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$"  # every IANA name (Etc/GMT+5, UTC)
TARGET_PATTERN = r"^(board|[0-9]{2}-[0-9]{2}(-(mon|tue|wed|thu|fri|sat|sun))?)$"
PIECE_PATTERN = r"^[A-Za-z][A-Za-z0-9]*$"
PIECES_PATTERN = r"^([A-Za-z][A-Za-z0-9]*(,[A-Za-z][A-Za-z0-9]*)*)?$"


class ErrorBody(BaseModel):
    code: str = Field(description="stable machine-readable code, e.g. unknown_puzzle, invalid_request")
    message: str = Field(description="what is wrong, for people")
    details: list[dict[str, Any]] = Field(default_factory=list)


class ErrorOut(BaseModel):
    """The shape of every error response."""

    error: ErrorBody


class PlacementOut(BaseModel):
    piece: str = Field(description="piece name, e.g. 'L' or 'hexagon'")
    cells: list[CellOut]


class PieceOut(BaseModel):
    name: str
    cells: list[CellOut] = Field(description="the piece as drawn in its data file")
    orientations: int = Field(description="distinct rotations and reflections")


class BoardCellOut(BaseModel):
    cell: CellOut
    label: str | None = Field(description="calendar label such as 'Jan' or '25'; null on unlabelled boards")


class TargetOut(BaseModel):
    name: str = Field(description="'MM-DD' on calendars, 'board' on single-target boards")
    impossible: bool = Field(description="true for dates that do not exist, like 02-30")
    uncovered: list[CellOut] = Field(description="cells the pieces must leave open")
    solutions: int | None = Field(description="stored solutions; null while not precomputed")
    solutions_url: str


class PuzzleSummaryOut(BaseModel):
    id: str
    title: str
    lattice: str = Field(description="'square' or 'triangle'")
    pieces: list[str]
    targets: int = Field(description="number of targets (372 calendar dates, or 1 board)")
    stored_targets: int = Field(description="targets whose solutions are precomputed")
    total: int = Field(description="stored solutions over all targets")
    real_total: int = Field(description="stored solutions over real targets (impossible dates left out)")
    url: str


class PuzzlesOut(BaseModel):
    puzzles: list[PuzzleSummaryOut]


class PuzzleOut(PuzzleSummaryOut):
    piece_shapes: list[PieceOut]
    symmetries: int = Field(description="board symmetries; boards store one solution per class")
    cells: list[BoardCellOut]
    target_counts: list[TargetOut]
    heatmap: str | None = Field(description="URL of the year heatmap (calendars only)")


class SolutionOut(BaseModel):
    n: int = Field(description="solution number, from 1")
    placements: list[PlacementOut]
    image: str
    text: str


class SolutionPageOut(BaseModel):
    puzzle: str
    target: str
    total: int
    offset: int
    limit: int
    solutions: list[SolutionOut]


class DifficultyOut(BaseModel):
    level: int = Field(description="1 (most solutions) .. 5 (fewest)")
    label: str
    rank: int = Field(description="1 = the date with the fewest solutions")
    out_of: int


class HintLinkOut(BaseModel):
    stage: int
    title: str
    url: str
    image: str
    text: str


class HintOut(BaseModel):
    date: str
    puzzle: str
    target: str
    stage: int = Field(description="1 one piece, 2 half the pieces, 3 the full answer")
    title: str
    caption: str
    placements: list[PlacementOut] = Field(description="every piece shown at this stage")
    preplaced: list[str] = Field(description="pieces pre-placed by the challenge (empty on the calendar)")
    remaining: int = Field(description="solutions containing every shown placement")
    total: int
    image: str


class ChallengeOut(BaseModel):
    date: str
    puzzle: str
    title: str
    target: str
    placements: list[PlacementOut] = Field(description="the pre-placed pieces")
    total: int = Field(description="raw solutions of the board (all symmetric images)")
    image: str
    hints: list[HintLinkOut]
    board_url: str = Field(
        description="the playable board page with the pre-placed pieces on it, fixed (HTML, same origin)"
    )


class DailyOut(BaseModel):
    date: str
    puzzle: str
    title: str
    target: str
    uncovered: list[CellOut]
    labels: list[str] = Field(description="labels of the cells to leave open, e.g. ['Jan', '25']")
    faceup: bool = Field(
        description="face-up mode: counts and hints only over solutions turning no piece over"
    )
    total: int = Field(description="solutions of today's calendar target (face-up ones in face-up mode)")
    difficulty: DifficultyOut | None = Field(
        description="the date's rank among the edition's dates; null while an edition solved on demand "
        "has dates not computed yet"
    )
    image: str
    hints: list[HintLinkOut]
    board_url: str = Field(
        description="the playable board page of the date's target (face up in face-up mode; HTML, same "
        "origin)"
    )
    pentomino: ChallengeOut


class CheckPlacementIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    piece: Annotated[
        str,
        Field(
            min_length=1,
            max_length=64,
            description="a piece name of the puzzle, e.g. 'L' or 'hexagon' (GET /api/v1/puzzles/{id} lists "
            "them); another name: 422 unknown_piece",
            json_schema_extra={"pattern": PIECE_PATTERN},
        ),
    ]
    cells: Annotated[list[CellIn], Field(min_length=1, max_length=MAX_CHECK_CELLS)]


class CheckIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    puzzle: Annotated[str, Field(min_length=1, max_length=100, examples=["calendar-dragonfjord"])]
    target: Annotated[
        str | None,
        Field(
            max_length=32,
            description="'MM-DD' on the calendar, 'MM-DD-ddd' on the weekday editions, 'board' (or left "
            "out) on single-target boards; a target the puzzle does not have: 404 unknown_target",
            json_schema_extra={"pattern": TARGET_PATTERN},
        ),
    ] = None
    placements: Annotated[list[CheckPlacementIn], Field(max_length=MAX_CHECK_PLACEMENTS)] = []
    complete: bool = Field(default=False, description="also return one stored solution that extends it")


class CheckOut(BaseModel):
    puzzle: str
    target: str
    legal: bool = Field(description="false if a piece is not in one of its shapes or covers an open cell")
    problems: list[str]
    placed: int
    extensions: int = Field(
        description="solutions (all symmetric images on boards) that extend the placement"
    )
    total: int = Field(description="solutions of the target counted the same way")
    dead_end: bool = Field(description="true when no solution extends the placement")
    solution: list[PlacementOut] | None = Field(description="one completion when 'complete' was asked")


class PositionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    placements: Annotated[list[CheckPlacementIn], Field(max_length=MAX_CHECK_PLACEMENTS)] = []


class PositionOut(BaseModel):
    puzzle: str
    target: str
    code: str | None = Field(
        description="the position code (URL-safe, versioned); null when a piece is in no shape of its own"
    )
    legal: bool
    problems: list[str] = Field(description="why an illegal position breaks the rules")
    placed: int
    remaining: int = Field(
        description="solutions that contain every placed piece, counting every rotation and reflection "
        "of the board as a different arrangement (as on the physical board)"
    )
    total: int = Field(description="all solutions of the target, counted the same way as remaining")
    distinct_total: int = Field(description="solutions up to the board's symmetry (the published count)")
    distinct_remaining: int = Field(
        description="of the distinct_total solutions, those with a rotation or reflection that contains "
        "every placed piece: what the position can still become, counted as puzzle fans count"
    )
    dead_end: bool = Field(description="legal, but no solution contains every placed piece")
    take_off: list[str] = Field(
        description="on a dead end: the fewest pieces to take off to go on (never a fixed piece)"
    )
    solved: bool = Field(
        description="every piece placed, as one of the solutions counted (in face-up mode a full board "
        "that turns a piece over is a dead end instead)"
    )
    solution_number: int | None = Field(
        description="when solved: which solution (from 1, in the order of the solutions endpoint, "
        "asked with the same faceup: in face-up mode its place among the face-up solutions); on "
        "boards with symmetry, the one this arrangement is a rotation or reflection of"
    )
    all_sides_total: int | None = Field(
        default=None,
        description="in face-up mode: the solutions when pieces may be turned over too, counted like "
        "total (so a target without a face-up solution can say how many it has); null otherwise",
    )
    hints: list[HintLinkOut] = Field(default_factory=list, description="hints from this position")


class CodeLayoutOut(BaseModel):
    version: str = Field(description="the version character every code starts with")
    tag: str = Field(description="the puzzle's layout tag, after the version character")
    width: int = Field(description="base-64 digits of the number that follows the tag")
    cells: list[list[int]] = Field(
        description="the whole board's cells in layout order: per piece, per orientation (in the "
        "order of the board page's data), each translation that moves the orientation's first cell "
        "onto one of these cells in turn, the lattice allowing and every cell on the board, is the "
        "next placement; a placement's digit is 1 + its index among its piece's"
    )


class SolutionDigitsOut(BaseModel):
    puzzle: str
    target: str
    code: CodeLayoutOut = Field(description="how the position codes are written")
    pieces: list[str] = Field(description="the pieces, in the order of each solution's digits")
    solutions: list[list[int]] = Field(
        description="every raw solution (every rotation and reflection of a stored one on boards with "
        "symmetry), as one digit per piece: 1 + the index of its placement in layout order"
    )
    classes: list[int] = Field(
        description="per raw solution: the stored solution it is an image of, from 0 (solution_number "
        "- 1 for a whole target)"
    )
    face_up: list[bool] = Field(description="per raw solution: true when it turns no piece over")
    stored: int = Field(description="stored solutions: the count up to the board's symmetry")


class PositionHintOut(BaseModel):
    puzzle: str
    target: str
    code: str
    stage: int
    title: str
    caption: str
    given: list[PlacementOut] = Field(description="the position the hint starts from, take_off removed")
    take_off: list[str]
    placements: list[PlacementOut] = Field(description="the pieces this hint adds")
    remaining: int = Field(description="solutions containing the given and the added pieces (raw count)")
    total: int
    in_every: bool = Field(description="every solution that extends the given pieces has the added ones")
    image: str
    text: str


class HealthOut(BaseModel):
    status: str


class ReadyPuzzleOut(BaseModel):
    targets: int
    stored: int


class ReadyOut(BaseModel):
    status: str
    puzzles: dict[str, ReadyPuzzleOut]


class EditionOut(BaseModel):
    id: str = Field(description="use it as ?edition= on the daily endpoints")
    title: str = Field(description="the edition's name and its designer or maker")
    pieces: list[str] = Field(description="piece names, unique within the set (e.g. L and L4)")
    cells: int = Field(description="board cells")
    target_format: str = Field(description="'MM-DD', or 'MM-DD-ddd' on editions with weekdays")
    targets: int = Field(description="real targets (dates, or dates with their weekdays)")
    stored_targets: int = Field(description="real targets solved so far (all of them when precomputed)")
    on_demand: bool = Field(description="targets are solved the first time they are asked for")
    board: str = Field(description="URL of a picture of the empty board")
    daily: str = Field(description="URL of today's puzzle in this edition")
    puzzle: str = Field(description="URL of the edition's puzzle resource (targets, solutions)")


class EditionsOut(BaseModel):
    editions: list[EditionOut]


class DaySolvedOut(BaseModel):
    """A solve reported from the Mini App's board, and what it counts for."""

    date: str = Field(description="the puzzle's date, YYYY-MM-DD (the player's local date)")
    first: bool = Field(description="false when the player had reported it before (the first counts)")
    hints: int = Field(description="hint stages seen of that day's puzzle, anywhere (0-3)")
    seconds: int | None = Field(description="since the player first opened it, if known")
    streak: int = Field(description="consecutive days solved on their own day, this one included")
    best: int
    share_text: str = Field(description="the solve in two lines, no cell and no piece named")


class KindRecordOut(BaseModel):
    """One kind of puzzle in a player's record."""

    played: int = Field(description="days the player opened it or saw a hint of it, or solved it")
    solved: int = Field(description="puzzles of that kind solved, on any day")
    streak: int = Field(description="consecutive days solved on their own day, up to today (or yesterday)")
    best: int = Field(description="the longest such run")
    hints: int = Field(description="hint stages used over those solves (0-3 each)")
    solved_today: bool = Field(description="whether the player solved today's puzzle of that kind")


class MeOut(BaseModel):
    """The player asking (the Telegram user of a Mini App sign-in, or the web board's visitor of
    the cookie): their day, settings and record."""

    kind: str = Field(description="telegram, web (a visitor known by the cookie), or new (no cookie yet)")
    today: str = Field(description="the player's local date, YYYY-MM-DD")
    timezone: str = Field(description="the zone their day is in: theirs, else the server's default")
    timezone_known: bool = Field(description="false while the player has not set their zone")
    edition: str = Field(description="their calendar edition")
    faceup: bool = Field(description="face-up mode: no piece turned over")
    language: str | None = Field(description="the language they chose; null for none")
    calendar: KindRecordOut
    challenge: KindRecordOut = Field(description="the daily pentomino challenge")


class SettingsIn(BaseModel):
    """Settings to change; a field left out stays as it is."""

    model_config = ConfigDict(extra="forbid")

    timezone: str | None = Field(
        default=None,
        max_length=64,
        description="an IANA time zone, e.g. Asia/Tokyo (422 invalid_timezone otherwise)",
        json_schema_extra={"pattern": ZONE_PATTERN},
    )
    edition: str | None = Field(
        default=None,
        max_length=64,
        description="a calendar edition (GET /api/v1/editions; 422 unknown_edition)",
    )
    faceup: bool | None = Field(default=None, description="face-up mode")
    language: str | None = Field(default=None, max_length=16, description="en or ja (422 unknown_language)")


class ProbedTargetOut(BaseModel):
    """One target solved by the probe before a puzzle is kept."""

    target: str
    solvable: bool | None = Field(description="null: not decided in the probe's few seconds")
    solutions: int = Field(description="solutions found (all of them unless more_than or undecided)")
    more_than: bool = Field(description="the target has more solutions than are kept")
    undecided: bool = Field(description="time ran out before all were found")

    @classmethod
    def of(cls, count: TargetCount) -> ProbedTargetOut:
        return cls(
            target=count.target,
            solvable=count.solvable,
            solutions=count.count,
            more_than=count.outcome == "more-than",
            undecided=count.outcome == "undecided",
        )


class CustomPuzzleOut(BaseModel):
    """A puzzle a person made."""

    id: str = Field(description="its short id: /p/{id} opens it, and every route takes it")
    version: int = Field(description="its current version (an edit makes a new one)")
    puzzle: str = Field(description="the id of this version, ID.VERSION: it never changes")
    title: str
    published: bool = Field(description="listed for everyone (else only its link finds it)")
    yours: bool = Field(description="the player asking made it (and may change it)")
    link: str = Field(description="its short link")
    play: str = Field(description="its board at today's target")
    probe: list[ProbedTargetOut] = Field(
        description="today's target and the next days', solved before it was kept"
    )
    unsolvable: list[str] = Field(description="probed targets that have no solution")


class CustomPuzzlesOut(BaseModel):
    puzzles: list[CustomPuzzleOut]
