"""bot.questions: only a person's newest question is answered, and once."""

from __future__ import annotations

from bot.questions import Questions


def test_only_the_newest_question_is_answered_and_only_once() -> None:
    questions = Questions()
    first = questions.ask(7)
    second = questions.ask(7)
    assert not questions.settle(7, first)  # asked again since
    assert questions.ask(8) and questions.settle(7, second)  # another person's question is their own
    assert not questions.settle(7, second)  # "Yes" after "No"
    assert not questions.settle(7, 0) and not questions.settle(9, 1)  # never asked
