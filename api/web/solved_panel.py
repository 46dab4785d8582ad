"""The board's solved state: a celebration, the time, the hints used, the streak, a share text and
where to go next. The panel is static HTML (``templates/solved_panel.html``); the board's script
keeps the player's record in the browser and fills the panel in when the board is solved."""

from __future__ import annotations

from dataclasses import dataclass

from api.web.language import PageLanguage
from i18n import N_

SOLVED = N_("Solved!")
SHARE = N_("Share")
CHALLENGE = N_("Try the pentomino challenge")


@dataclass(frozen=True)
class SolvedPanel:
    solved: str
    share: str
    challenge: str
    challenge_url: str | None  # the day's challenge board, offered next on a calendar board


def solved_panel(language: PageLanguage, challenge_url: str | None) -> SolvedPanel:
    """The words of the hidden panel the script shows on a solve."""
    text = language.text
    return SolvedPanel(text(SOLVED), text(SHARE), text(CHALLENGE), challenge_url)
