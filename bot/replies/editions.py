"""The chat's variant of the daily puzzle: its calendar edition (/edition) and face-up mode
(/faceup)."""

from __future__ import annotations

from dataclasses import replace

from bot.callbacks import encode_edition_callback
from bot.edition_names import edition_name
from bot.replies.puzzles import opened
from bot.replies.types import Button, Reply, Web
from bot.texts import text
from hints import pictures, player_actions
from hints.daily import calendar_editions, edition_of
from hints.pictures import Picture
from hints.player_actions import InChat
from hints.words import puzzle_title


def editions_photo(language: str) -> Picture:
    """Every edition's board and piece set (what tells them apart), named, in one picture."""
    return pictures.edition_sheet([(p, edition_name(p, language)) for p in calendar_editions()], language)


def editions(who: InChat) -> Reply:
    """/edition: a picture of every edition's board and pieces and a button for each by its short
    name (the chat's ticked)."""
    choices = calendar_editions()
    language = who.language
    photo = editions_photo(language)
    buttons = tuple(
        Button(
            ("✓ " if p.id == who.player.variant.edition else "") + edition_name(p, language),
            encode_edition_callback(p.id),
        )
        for p in choices
    )
    current = edition_of(who.player.variant.edition)
    return Reply(text("editions", language, current=puzzle_title(current, language)), photo, buttons)


def unknown_edition(who: InChat, edition_id: str) -> Reply:
    names = ", ".join(p.id for p in calendar_editions())
    return Reply(text("unknown_edition", who.language, value=edition_id[:64], editions=names))


def edition_set(shown: player_actions.Shown, who: InChat, web: Web | None = None) -> Reply:
    """The chat's edition chosen (:func:`hints.player_actions.choose_variant`): today's puzzle in it."""
    puzzle_reply = opened(shown, who, web)
    words = text("edition_set", who.language, edition=puzzle_title(shown.daily.puzzle, who.language))
    return replace(puzzle_reply, text=f"{words}\n{puzzle_reply.text}")


def faceup_status(who: InChat) -> Reply:
    return Reply(text("faceup_is_on" if who.player.variant.faceup else "faceup_is_off", who.language))


def faceup_set(shown: player_actions.Shown, who: InChat, on: bool, web: Web | None = None) -> Reply:
    """The chat's face-up mode turned on or off (:func:`hints.player_actions.choose_variant`): today's
    puzzle in that mode."""
    puzzle_reply = opened(shown, who, web)
    words = text("faceup_set_on" if on else "faceup_set_off", who.language)
    return replace(puzzle_reply, text=f"{words}\n{puzzle_reply.text}")
