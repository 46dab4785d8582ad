"""tools.onboarding_picture: the README's onboarding picture, drawn from the bot's own replies."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from bot.chat_setup import onboarding, onboarding_time
from hints.player_actions import InChat
from hints.players import Chat, Player
from tools.onboarding_picture import PHONE, main, onboarding_picture


@pytest.mark.parametrize("language", ["en", "ja"])
def test_both_steps_are_drawn_with_every_button_the_bot_sends(language: str) -> None:
    sheet, steps = onboarding_picture(language)
    who = InChat(Player(1, "UTC", language=language, name="Ann"), Chat(1))
    zone = "Asia/Tokyo" if language == "ja" else "UTC"
    expected = [len(onboarding(who).buttons), len(onboarding_time(who, zone).buttons)]
    assert [step.buttons for step in steps] == expected
    assert sheet.width == 2 * PHONE and sheet.height > max(step.image.height for step in steps)


def test_the_command_writes_the_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "onboarding.png"
    assert main(["-o", str(out)]) == 0
    assert Image.open(out).format == "PNG" and capsys.readouterr().out.startswith(f"{out}: 780x")
