"""The server-rendered page: today's puzzles, hint buttons, a date picker and the year heatmap.

Everything works without JavaScript: a hint button is a link to
``/?date=YYYY-MM-DD&stage=N&pstage=M`` and the page shows every image up to
the revealed stage (``stage`` for the calendar, ``pstage`` for the pentomino
challenge). ``/static/page.js`` only reveals the next image in place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
from html import escape
from urllib.parse import urlencode

from api import links
from hints.codes import encode_position
from hints.daily import CALENDAR_ID, DailyBundle, DailyPuzzle, PuzzleKind, calendar_editions
from render.words import join_words
from solver.catalog import Puzzle
from solver.hints import HINT_STAGES, Stage

STAGE_BUTTONS = {
    Stage.ONE_PIECE: "Hint 1: one piece",
    Stage.HALF: "Hint 2: half the pieces",
    Stage.ANSWER: "Show the answer",
}
PARAM = {PuzzleKind.CALENDAR: "stage", PuzzleKind.PENTOMINO: "pstage"}
SECTION_TITLES = {PuzzleKind.CALENDAR: "Calendar puzzle", PuzzleKind.PENTOMINO: "Pentomino challenge"}


@dataclass(frozen=True)
class View:
    """What the page shows: a date and how far each puzzle's hints are revealed (0..3)."""

    day: date
    stage: int = 0
    pstage: int = 0
    edition: str = CALENDAR_ID  # the calendar edition shown (kept in the URL)
    faceup: bool = False  # face-up mode: only solutions that turn no piece over (kept in the URL)

    def revealed(self, kind: PuzzleKind) -> int:
        return self.stage if kind == PuzzleKind.CALENDAR else self.pstage

    def with_stage(self, kind: PuzzleKind, stage: int) -> View:
        return replace(self, stage=stage) if kind == PuzzleKind.CALENDAR else replace(self, pstage=stage)

    def url(self, anchor: str = "") -> str:
        query = {"date": self.day.isoformat()}
        if self.edition != CALENDAR_ID:
            query["edition"] = self.edition
        if self.faceup:
            query["faceup"] = "1"
        if self.stage:
            query["stage"] = str(self.stage)
        if self.pstage:
            query["pstage"] = str(self.pstage)
        return f"/?{urlencode(query)}" + (f"#{anchor}" if anchor else "")


def _long_date(day: date) -> str:
    return f"{day.strftime('%A')} {day.day} {day.strftime('%B')} {day.year}"


def _alt(daily: DailyPuzzle, stage: Stage) -> str:
    return f"{SECTION_TITLES[daily.kind]}, {daily.title(stage)}: {daily.caption(stage)}"


def _figure(daily: DailyPuzzle, stage: Stage) -> str:
    src = links.stage_image(daily.day, daily.kind, stage, daily.puzzle.id, daily.faceup)
    return (
        f'<figure id="{daily.kind}-stage-{stage}" tabindex="-1">'
        f'<img src="{escape(src)}" alt="{escape(_alt(daily, stage))}">'
        f"<figcaption><strong>{escape(daily.title(stage))}</strong> — {escape(daily.caption(stage))}"
        "</figcaption></figure>"
    )


def _button(daily: DailyPuzzle, view: View, stage: Stage) -> str:
    done = stage <= view.revealed(daily.kind)
    attributes = {
        "class": "button done" if done else "button",
        "href": view.with_stage(daily.kind, stage).url(f"{daily.kind}-stage-{stage}"),
        "data-stage": str(stage),
        "data-src": links.stage_image(daily.day, daily.kind, stage, daily.puzzle.id, daily.faceup),
        "data-alt": _alt(daily, stage),
        "data-title": daily.title(stage),
        "data-caption": daily.caption(stage),
    }
    if done:
        attributes["aria-current"] = "step"
    rendered = " ".join(f'{name}="{escape(value)}"' for name, value in attributes.items())
    return f"<a {rendered}>{escape(STAGE_BUTTONS[stage])}</a>"


def _hide_link(daily: DailyPuzzle, view: View) -> str:
    """Back to the bare puzzle; hidden while nothing is revealed (the script unhides it)."""
    href = view.with_stage(daily.kind, 0).url(daily.kind)
    hidden = "" if view.revealed(daily.kind) else " hidden"
    return f'<a class="reset" href="{escape(href)}"{hidden}>Hide the hints</a>'


def _play_link(daily: DailyPuzzle) -> str:
    """The playable board of the puzzle, with the challenge's pre-placed pieces already on it."""
    code = encode_position(daily.puzzle, daily.preplaced) if daily.preplaced else None
    href = links.play(daily.puzzle.id, daily.target.name, code)
    if daily.faceup:
        href += ("&" if "?" in href else "?") + "faceup=1"
    link = f'<a class="button secondary" href="{escape(href)}">Play this on the board</a>'
    return f'<p class="play-link">{link}</p>'


def _facts(bundle: DailyBundle, kind: PuzzleKind) -> str:
    daily = bundle.of(kind)
    if kind == PuzzleKind.CALENDAR:
        labels = join_words([daily.puzzle.labels.get(c, "?") for c in sorted(daily.marked)], "en")
        level = daily.difficulty
        rank = (
            ""
            if level is None
            else f" · difficulty <strong>{escape(level.label)}</strong> (level {level.level} of 5)"
        )
        return (
            f"<p class=facts>{escape(daily.puzzle.title)}: leave <strong>{escape(labels)}</strong> "
            f"uncovered. <strong>{daily.total}</strong> solution{'s' if daily.total != 1 else ''}{rank}</p>"
        )
    count = len(daily.preplaced)
    board = daily.puzzle.title
    return (
        f"<p class=facts>{escape(board)}: {count} piece{'s' if count != 1 else ''} pre-placed, "
        f"<strong>exactly one</strong> way to finish (the board has {daily.total} solutions).</p>"
    )


def _section(bundle: DailyBundle, kind: PuzzleKind, view: View) -> str:
    daily = bundle.of(kind)
    figures = "".join(_figure(daily, stage) for stage in Stage if stage <= view.revealed(kind))
    buttons = "".join(_button(daily, view, stage) for stage in HINT_STAGES)
    title = SECTION_TITLES[kind]
    return (
        f'<section id="{kind}" class="puzzle" aria-labelledby="{kind}-title" '
        f'data-param="{PARAM[kind]}" data-date="{daily.day.isoformat()}">'
        f'<h2 id="{kind}-title">{escape(title)}</h2>'
        f"{_facts(bundle, kind)}"
        f'<div class="stages" aria-live="polite">{figures}</div>'
        f'<nav class="hints" aria-label="{escape(title)} hints">{buttons}{_hide_link(daily, view)}</nav>'
        f"{_play_link(daily)}</section>"
    )


def _day_link(view: View, offset: int, text: str, rel: str) -> str:
    try:
        other = view.day + timedelta(days=offset)
    except OverflowError:
        return ""
    href = replace(view, day=other, stage=0, pstage=0).url()
    return f'<a href="{escape(href)}" rel="{rel}">{escape(text)}</a>'


def _edition_select(view: View) -> str:
    """The calendar edition the player owns; submitted with the date, kept in every link."""
    options = "".join(
        f'<option value="{escape(p.id)}"{" selected" if p.id == view.edition else ""}>'
        f"{escape(p.title)}</option>"
        for p in calendar_editions()
    )
    checked = " checked" if view.faceup else ""
    return (
        f'<label for="edition">Your calendar</label><select id="edition" name="edition">{options}</select>'
        f'<label class="faceup"><input type="checkbox" name="faceup" value="1"{checked}> '
        "Face up only (no piece turned over)</label>"
    )


def _date_form(view: View, today: date) -> str:
    day = view.day
    return (
        '<form class="pick" method="get" action="/">'
        f"{_edition_select(view)}"
        '<label for="date">Another day</label>'
        f'<input type="date" id="date" name="date" value="{day.isoformat()}" '
        'min="0001-01-01" max="9999-12-31" required>'
        '<button type="submit">Show</button></form>'
        '<nav class="days" aria-label="Other days">'
        f"{_day_link(view, -1, '← Previous day', 'prev')}"
        f'<a href="{escape(replace(view, day=today, stage=0, pstage=0).url())}">Today</a>'
        f"{_day_link(view, 1, 'Next day →', 'next')}</nav>"
    )


def _heatmap(view: View, puzzle: Puzzle) -> str:
    """The year at a glance of the edition shown; on the weekday editions, the shown year's weekdays."""
    src = links.heatmap(puzzle.id)
    words = "How many solutions the calendar has on each date; grey dates do not exist"
    if puzzle.targets_kind == "month-day-weekday":
        src += f"?year={view.day.year}"
        words += (
            f". Each date is counted with the weekday it has in {view.day.year} "
            "(the weekday cell left open too)"
        )
    if puzzle.on_demand:
        words += "; dates not solved yet are grey too (each is solved the first time it is asked for)"
    return (
        '<section id="year" aria-labelledby="year-title">'
        '<h2 id="year-title">The year at a glance</h2>'
        f"<p>{escape(words)}.</p>"
        f'<img src="{escape(src)}" '
        f'alt="Heatmap of the number of solutions of {escape(puzzle.title)} for each date of the year">'
        "</section>"
    )


def _document(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        '<link rel="stylesheet" href="/static/page.css">'
        '<script src="/static/page.js" defer></script></head>'
        f'<body><a class="skip" href="#main">Skip to the puzzles</a>{body}'
        '<footer><p>API: <a href="/docs">OpenAPI docs</a> · '
        '<a href="/api/v1/puzzles">the catalog</a></p></footer></body></html>'
    )


def render_page(bundle: DailyBundle, view: View, today: date) -> str:
    """The whole page for one date."""
    heading = _long_date(view.day)
    json_link = links.daily(view.day, PuzzleKind.CALENDAR, view.edition, view.faceup)
    body = (
        f'<header><h1>Puzzles of the day <span class="day">{escape(heading)}</span></h1>'
        f"{_date_form(view, today)}</header>"
        '<main id="main"><div class="puzzles">'
        f"{_section(bundle, PuzzleKind.CALENDAR, view)}{_section(bundle, PuzzleKind.PENTOMINO, view)}"
        f"</div>{_heatmap(view, bundle.calendar.puzzle)}"
        f'<p class="json">This day as JSON: <a href="{escape(json_link)}">{escape(json_link)}</a></p></main>'
    )
    return _document(f"Puzzles of the day · {view.day.isoformat()}", body)


def render_no_faceup(view: View, today: date, message: str) -> str:
    """Face-up mode on a date with no face-up solution: say so plainly, offer the usual hints."""
    usual = replace(view, faceup=False).url("calendar")
    body = (
        f"<header><h1>Puzzles of the day</h1>{_date_form(view, today)}</header>"
        f'<main id="main"><p class="error">{escape(message)}.</p>'
        f'<p><a class="button" href="{escape(usual)}">Show the usual hints (pieces may be turned over)</a>'
        "</p></main>"
    )
    return _document("No face-up solution", body)


def render_error(message: str, today: date) -> str:
    """A page saying what is wrong, with the date form to try again."""
    body = (
        f"<header><h1>Puzzles of the day</h1>{_date_form(View(today), today)}</header>"
        f'<main id="main"><p class="error" role="alert">{escape(message)}</p></main>'
    )
    return _document("Puzzles of the day · error", body)
