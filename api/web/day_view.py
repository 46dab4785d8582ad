"""The day's page as its address says it: a date, how far each puzzle's hints are revealed, the
calendar edition, face-up mode and the language, all kept in the page's links (``/?date=…``)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from urllib.parse import urlencode

from api.web.language import PageLanguage
from hints.daily import CALENDAR_ID, PuzzleKind


@dataclass(frozen=True)
class View:
    """What the page shows: a date and how far each puzzle's hints are revealed (0..3)."""

    day: date
    stage: int = 0
    pstage: int = 0
    edition: str = CALENDAR_ID  # the calendar edition shown (kept in the URL)
    faceup: bool = False  # face-up mode: only solutions that turn no piece over (kept in the URL)
    language: PageLanguage = field(default_factory=PageLanguage)  # kept in the URL (not English)

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
        if self.language.param:
            query["lang"] = self.language.param
        return f"/?{urlencode(query)}" + (f"#{anchor}" if anchor else "")
