"""Task templates and answer parsing."""

from __future__ import annotations

from pathlib import Path

import pytest

from aga.llm.errors import AnswerError, TemplateError
from aga.llm.parsing import extract_json
from aga.llm.tasks import Task
from tests.fakes import RATE, Rating


def test_render_substitutes_variables():
    assert '"Klaus reads"' in RATE.render({"event": "Klaus reads"})


def test_missing_variable_names_template_and_variable():
    with pytest.raises(TemplateError) as info:
        RATE.render({"evnt": "typo"})
    assert "test.rate.txt" in str(info.value) and "'event'" in str(info.value)


def test_missing_template_file_is_a_clear_error(tmp_path):
    task = Task(name="test.missing", template=tmp_path / "nope.txt", schema=Rating, failsafe=Rating(rating=1))
    with pytest.raises(TemplateError, match=r"nope\.txt"):
        task.render({})


def test_duplicate_task_names_with_different_templates_are_rejected(tmp_path):
    with pytest.raises(ValueError, match="declared twice"):
        Task(name="test.rate", template=tmp_path / "other.txt", schema=Rating, failsafe=Rating(rating=1))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"a": 1}', {"a": 1}),
        ('```json\n{"a": [1, 2]}\n```', {"a": [1, 2]}),
        ('Here you go: {"a": "x}y"} hope it helps', {"a": "x}y"}),
        ("[3, 4]", [3, 4]),
        ('noise {bad} then {"b": 2}', {"b": 2}),
    ],
)
def test_extract_json(text, value):
    assert extract_json(text) == value


@pytest.mark.parametrize("text", ["", "   ", "no json here", "{unclosed"])
def test_extract_json_rejects(text):
    with pytest.raises(AnswerError):
        extract_json(text)


def test_schema_violation_names_the_field():
    with pytest.raises(AnswerError, match="rating"):
        RATE.parse('{"rating": 0}')


def test_module_defaults_to_name_prefix():
    assert RATE.module == "test"
    assert Path(RATE.template).name == "test.rate.txt"
