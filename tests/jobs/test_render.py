"""``python -m render``: PNG and text drawings of stored stages, challenges and the heatmap, and
one error line (exit 2) for a bad command line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from jobs.render import main

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str


def render_cli(capsys: pytest.CaptureFixture[str], *args: str) -> Ran:
    """``python -m render ARGS``, run by its ``main`` in this process (argparse's exit included)."""
    try:
        code = main(list(args))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return Ran(code, out, err)


def test_cli_stage_challenge_and_heatmap(
    sample_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--database-url", sample_url]
    for args in (
        ["calendar-dragonfjord", "01-25", "--stage", "2", "--year", "2026"],
        ["challenge", "2026-11-24", "--stage", "0"],  # the 8x8 board with a hole
        ["challenge", "2026-11-24", "--stage", "3"],
        ["heatmap"],
    ):
        out = tmp_path / "out.png"
        result = render_cli(capsys, *args, "-o", str(out), *db)
        assert result.returncode == 0, result.stderr
        assert Image.open(out).format == "PNG"
        out.unlink()
    text = render_cli(capsys, "calendar-dragonfjord", "11-24", "--stage", "1", "--text", *db)
    assert text.returncode == 0 and "of the day's 35 solutions" in text.stdout and "[Nov]" in text.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["calendar-dragonfjord", "02-30", "--stage", "1"], "must be a real date"),
        (["calendar-dragonfjord", "02-29", "--stage", "1", "--year", "2026"], "must be a real date"),
        (["calendar-dragonfjord", "13-01", "--stage", "1"], "valid targets"),
        (["challenge", "yesterday", "--stage", "1"], "must be a real date"),
        (["challenge", "2026-01-01"], "needs --stage"),
        (["pentomino-6x10", "board", "--stage", "1"], "--stage works for"),
    ],
)
def test_cli_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    result = render_cli(
        capsys, *args, "-o", str(tmp_path / "x.png"), "--database-url", f"sqlite:///{tmp_path}/e.db"
    )
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_cli_stage_4_is_refused_by_the_parser(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = render_cli(
        capsys, "calendar-dragonfjord", "01-25", "--stage", "4", "-o", str(tmp_path / "x.png")
    )
    assert result.returncode == 2 and "invalid choice" in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_cli_without_a_store_says_how_to_fill_it(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = render_cli(
        capsys,
        "calendar-dragonfjord",
        "01-25",
        "--stage",
        "1",
        "-o",
        str(tmp_path / "x.png"),
        "--database-url",
        database_url,  # migrated, nothing precomputed
    )
    assert result.returncode == 1 and "python -m solver.precompute" in result.stderr


def test_cli_writes_a_png(tmp_path, capsys) -> None:
    out = tmp_path / "hint.png"
    assert main(["calendar-dragonfjord", "01-25", "-o", str(out), "--pieces", "2"]) == 0
    assert out.read_bytes().startswith(PNG_SIGNATURE)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nope", "01-25"], "unknown puzzle 'nope'"),
        (["calendar-dragonfjord", "13-01"], "unknown target '13-01'"),
        (["pentomino-6x10", "board", "--pieces", "13"], "--pieces must be between 0 and 12"),
    ],
)
def test_cli_bad_input_is_one_error_line_and_exit_2(tmp_path, capsys, argv: list[str], message: str) -> None:
    out = tmp_path / "hint.png"
    assert main([*argv, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
    assert not out.exists()
