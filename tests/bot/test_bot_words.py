"""Words people type, end to end through the fake Bot API: only the wiring (a plain text answered
as its command, a photo, the refusal once a flood); what the replies say is tested without Telegram."""

from __future__ import annotations

from db import chats
from tests.support.bot import RunningBot, buttons, press

PRIVATE = 8181


async def test_plain_words_are_answered_as_the_command_they_mean(running_bot: RunningBot) -> None:
    (hint,) = await running_bot.ask("hint please", chat_id=PRIVATE)
    assert hint.method == "sendPhoto" and hint.params["caption"].startswith("Hint 1 of 3")
    (tomorrow,) = await running_bot.ask("tomorrow", chat_id=PRIVATE)
    assert tomorrow.params["caption"].startswith("2026-01-26")  # the clock says 2026-01-25
    (japanese,) = await running_bot.ask("ヒントください", chat_id=PRIVATE)
    assert japanese.params["caption"].startswith("Hint 1 of 3")  # of the puzzle now open: 01-26


async def test_a_mistyped_command_gets_the_one_it_means(running_bot: RunningBot) -> None:
    (reply,) = await running_bot.ask("/tody 01-25", chat_id=PRIVATE)
    assert reply.params["text"] == "Did you mean /today 01-25? /help lists what I can do."
    (unknown,) = await running_bot.ask("/frobnicate", chat_id=PRIVATE)
    assert unknown.params["text"].startswith("I don't know that command.")


async def test_a_number_after_hint_is_explained_and_spends_no_stage(running_bot: RunningBot) -> None:
    (reply,) = await running_bot.ask("/hint 9", chat_id=PRIVATE)
    words = reply.params["text"]
    assert words.startswith("/hint takes no number") and "3: the answer" in words
    (hint,) = await running_bot.ask("/hint", chat_id=PRIVATE)
    assert hint.params["caption"].startswith("Hint 1 of 3")


async def test_a_date_with_two_readings_offers_both_as_buttons(running_bot: RunningBot) -> None:
    (question,) = await running_bot.ask("/today 01/02", chat_id=PRIVATE)
    assert question.params["text"] == "Which one do you mean?"
    readings = buttons(question)
    assert [label for label, _ in readings] == ["Friday 2 January 2026", "Sunday 1 February 2026"]
    opened = await press(running_bot, readings[1][1], PRIVATE)
    assert opened.params["caption"].startswith("2026-02-01")  # type: ignore[attr-defined]


async def test_language_without_an_argument_offers_both_as_buttons(running_bot: RunningBot) -> None:
    (question,) = await running_bot.ask("/language", chat_id=PRIVATE)
    choices = dict(buttons(question))
    assert list(choices) == ["English", "日本語"]
    running_bot.fake.press(choices["日本語"], chat_id=PRIVATE, under=question.result)
    await running_bot.settled()
    with running_bot.sessions() as session:
        settings = chats.get_chat(session=session, chat_id=PRIVATE)
    assert settings is not None and settings.language == "ja"


async def test_a_photo_with_a_question_is_told_how_to_copy_the_board(running_bot: RunningBot) -> None:
    photo = {
        "photo": [{"file_id": "p", "file_unique_id": "pu", "width": 9, "height": 9}],
        "caption": "what next?",
    }
    (reply,) = await running_bot.ask(None, chat_id=PRIVATE, extra=photo)
    assert reply.params["text"].startswith("I can't read a board from a photo.")  # no PUBLIC_URL here


async def test_help_topics_open_in_place(running_bot: RunningBot) -> None:
    (short,) = await running_bot.ask("/help", chat_id=PRIVATE)
    topics = dict(buttons(short))
    running_bot.fake.press(topics["Settings"], chat_id=PRIVATE, under=short.result)
    await running_bot.eventually(lambda: bool(running_bot.fake.calls_to("editMessageText", PRIVATE)))
    (topic,) = running_bot.fake.calls_to("editMessageText", PRIVATE)
    assert (
        topic.params["text"].startswith("Settings\n/settings") and "/language en|ja" in topic.params["text"]
    )
