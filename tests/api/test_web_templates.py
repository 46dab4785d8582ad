"""The pages' templates without a server: how lines are joined, how values are escaped, and that a
template asking for a value it was not given fails instead of printing nothing."""

from __future__ import annotations

import html

import pytest
from jinja2 import UndefinedError
from markupsafe import Markup

from api.web.templating import ENVIRONMENT, fill, join_lines, json_script


@pytest.mark.parametrize(
    ("source", "joined"),
    [
        ("<p>\n  <a>x</a>\n</p>\n", "<p><a>x</a></p>"),  # next to a tag: dropped
        ("<p>\n  {{ a }}\n  {{ b }}\n</p>", "<p>{{ a }}{{ b }}</p>"),  # next to a template tag too
        ("{% if a %}\n  text\n{% endif %}", "{% if a %}text{% endif %}"),
        ("<p>one\n   two</p>", "<p>one two</p>"),  # between words: one space
        ('<svg id="board"\n    class="board">', '<svg id="board" class="board">'),  # between attributes
        ("<b>x</b> {{ y }}", "<b>x</b> {{ y }}"),  # spaces on a line stay
    ],
)
def test_lines_are_joined_as_the_rules_say(source: str, joined: str) -> None:
    assert join_lines(source) == joined


def test_values_are_escaped_as_html_escape_does() -> None:
    tricky = '<a href="x">Tomorrow\'s & more</a>'
    rendered = ENVIRONMENT.get_template("solved_panel.html").render(
        solved={"solved": tricky, "share": "s", "challenge": "c", "challenge_url": tricky}
    )
    assert rendered.count(html.escape(tricky)) == 2 and tricky not in rendered  # in text and attribute
    assert "&#x27;" in rendered and "&#39;" not in rendered


def test_fill_escapes_the_sentence_and_plain_fields_but_keeps_the_templates_markup() -> None:
    filled = fill("<{n}> of {cells}", n=3, cells=Markup("<strong>Jan</strong>"))
    assert filled == "&lt;3&gt; of <strong>Jan</strong>"
    assert fill("{name}", name="Tom's <b>") == "Tom&#x27;s &lt;b&gt;"


def test_json_in_a_script_element_cannot_close_it() -> None:
    text = json_script({"words": "</script><b>&", "quote": "it's"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert '"quote":"it\'s"' in text  # JSON as it was: quotes are not HTML-escaped in a script


def test_a_value_a_template_was_not_given_is_an_error() -> None:
    with pytest.raises(UndefinedError):
        ENVIRONMENT.get_template("failure.html").render()


@pytest.mark.parametrize("name", ENVIRONMENT.list_templates(extensions=["html"]))
def test_every_template_compiles(name: str) -> None:
    assert ENVIRONMENT.get_template(name) is not None
