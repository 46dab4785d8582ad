"""Real Alembic migrations on real databases (SQLite file and PostgreSQL): up, down, up again, and
downgrades that would delete people's data refused unless allowed."""

import argparse
import io
from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import func, inspect, select, text

from db import custom_puzzles, repository, web_players
from db.data_loss import DataLossRefused
from db.engine import make_engine, session_factory
from db.migrate import PROJECT_ROOT, alembic_config, downgrade, upgrade
from db.migrate import main as migrate_main
from db.models import (
    QUEUE_TABLE_PREFIX,
    Base,
    ChatRow,
    HintProgressRow,
    PlayerDayRow,
    SavedPositionRow,
    SolutionSetRow,
    SolveGroupRow,
    SolveRow,
    WebPlayerRow,
    is_modelled,
)
from tests.db.factories import encodings, store_targets


def tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def columns(url: str, table: str) -> set[str]:
    engine = make_engine(url)
    try:
        return {column["name"] for column in inspect(engine).get_columns(table)}
    finally:
        engine.dispose()


def test_upgrade_downgrade_upgrade(any_database_url: str) -> None:
    url = any_database_url  # already at head
    assert set(Base.metadata.tables) | {"alembic_version"} <= tables(url)
    downgrade(url, "base")
    assert tables(url) <= {"alembic_version"}
    upgrade(url)
    assert set(Base.metadata.tables) <= tables(url)


def test_the_solve_job_queue_is_made_on_postgresql_only_and_goes_with_a_downgrade(
    any_database_url: str,
) -> None:
    url = any_database_url
    queue = {name for name in tables(url) if name.startswith(QUEUE_TABLE_PREFIX)}
    if url.startswith("postgresql"):
        assert queue == {
            f"{QUEUE_TABLE_PREFIX}{name}" for name in ("jobs", "workers", "events", "periodic_defers")
        }
    else:
        assert queue == set()
    downgrade(url, "0020")
    assert not any(name.startswith(QUEUE_TABLE_PREFIX) for name in tables(url))
    upgrade(url)
    assert {name for name in tables(url) if name.startswith(QUEUE_TABLE_PREFIX)} == queue


def test_the_queue_schema_kept_is_the_installed_procrastinate_s() -> None:
    """Migration 0021 applies a copy of procrastinate's schema; a release that changes it needs a
    revision of its own (procrastinate's migration files), so the copy must match the package."""
    from importlib.resources import files

    installed = files("procrastinate").joinpath("sql/schema.sql").read_text(encoding="utf-8")
    kept = (PROJECT_ROOT / "migrations" / "procrastinate" / "schema-3.10.0.sql").read_text(encoding="utf-8")
    assert kept == installed


def test_models_match_the_migrations(any_database_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = make_engine(any_database_url)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"include_name": is_modelled})
        differences = compare_metadata(context, Base.metadata)
    engine.dispose()
    assert differences == []


# ---------------------------------------------------------------- 0010: one packed row per target


def old_rows(url: str) -> list[tuple[int, int, str]]:
    """``(target_id, ordinal, encoding)`` of every row of the pre-0010 ``solutions`` table."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            query = text("SELECT target_id, ordinal, encoding FROM solutions ORDER BY target_id, ordinal")
            return [(row.target_id, row.ordinal, row.encoding) for row in connection.execute(query)]
    finally:
        engine.dispose()


def store_old_layout(url: str, targets: dict[str, list[str]]) -> None:
    """Targets and their solutions as revision 0009 stored them: one ``solutions`` row each."""
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO puzzles (id, title, lattice, fingerprint) VALUES ('cal', 'Cal', 'square', 'f')")
        )
        for name, codes in targets.items():
            connection.execute(
                text(
                    "INSERT INTO targets (puzzle_id, name, is_real, solution_count, seconds) "
                    "VALUES ('cal', :name, :real, :count, 1.5)"
                ),
                {"name": name, "real": bool(codes), "count": len(codes)},
            )
            target_id = connection.scalar(text("SELECT id FROM targets WHERE name = :name"), {"name": name})
            if codes:
                connection.execute(
                    text("INSERT INTO solutions (target_id, ordinal, encoding) VALUES (:t, :o, :e)"),
                    [{"t": target_id, "o": i, "e": code} for i, code in enumerate(codes)],
                )
            connection.execute(
                text(
                    "INSERT INTO hint_cache (target_id, ordinal, preplaced, stage1, stage2, remaining1, "
                    "remaining2, total) VALUES (:t, 0, '', 'A', 'AB', 3, 1, :n)"
                ),
                {"t": target_id, "n": len(codes)},
            )
    engine.dispose()


def hint_cache_rows(url: str) -> int:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.scalar(text("SELECT count(*) FROM hint_cache")) or 0)
    finally:
        engine.dispose()


def test_0010_packs_stored_solutions_and_downgrade_expands_them_again(any_database_url: str) -> None:
    url = any_database_url
    targets = {f"01-{day:02}": encodings(count, seed=day) for day, count in ((1, 1), (2, 700), (3, 90))}
    targets["02-30"] = []  # a target without solutions
    downgrade(url, "0009")
    store_old_layout(url, targets)
    before = old_rows(url)
    assert len(before) == 791

    upgrade(url, "0013")
    assert columns(url, "solutions") == {"target_id", "codec", "data"}
    assert hint_cache_rows(url) == len(targets)  # 0010 keeps the hint cache (0014 empties it)
    upgrade(url)
    engine = make_engine(url)
    with session_factory(engine)() as session:
        for name, codes in targets.items():
            assert repository.get_encodings(session=session, puzzle_id="cal", target=name) == codes
            assert repository.count_solutions(session=session, puzzle_id="cal", target=name) == len(codes)
            assert (
                repository.get_encodings(session=session, puzzle_id="cal", target=name, offset=5, limit=3)
                == codes[5:8]
            )
        sets = session.scalar(select(func.count()).select_from(SolutionSetRow))
    engine.dispose()
    assert sets == 3  # one row per target with solutions

    downgrade(url, "0009")
    assert columns(url, "solutions") == {"id", "target_id", "ordinal", "encoding"}
    engine = make_engine(url)
    found = inspect(engine)
    assert "ix_solutions_target_id" in {index["name"] for index in found.get_indexes("solutions")}
    assert {"uq_solutions_target_ordinal"} == {u["name"] for u in found.get_unique_constraints("solutions")}
    engine.dispose()
    assert old_rows(url) == before
    upgrade(url)  # and up again, to the same solutions
    engine = make_engine(url)
    with session_factory(engine)() as session:
        assert repository.get_encodings(session=session, puzzle_id="cal", target="01-02") == targets["01-02"]
    engine.dispose()


# ---------------------------------------------------------------- 0012: codec 2 with flip records


def test_0012_downgrade_repacks_flip_records_away_and_0010_still_expands(any_database_url: str) -> None:
    url = any_database_url
    targets = {"01-01": encodings(1), "01-02": encodings(400, seed=2), "02-30": []}
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        store_targets(session, targets)
    engine.dispose()

    downgrade(url, "0011")
    upgrade(url)  # upgrading leaves codec 1 as it is: precompute adds the records
    engine = make_engine(url)
    with session_factory(engine)() as session:
        assert set(session.scalars(select(SolutionSetRow.codec))) == {repository.LZMA_CODEC}
        for name, codes in targets.items():
            stored = repository.get_solutions(session=session, puzzle_id="cal", target=name)
            assert (stored.encodings, stored.flips) == (codes, None) if codes else stored is None
        assert repository.targets_without_flip_records(session=session) == [
            ("cal", "01-01"),
            ("cal", "01-02"),
        ]
    engine.dispose()

    downgrade(url, "0009")  # through 0012 and 0010: one row per solution again
    assert [row[2] for row in old_rows(url)] == targets["01-01"] + targets["01-02"]


# ---------------------------------------------------------------- 0014: target generations


def test_0014_gives_stored_targets_a_generation_and_empties_the_hint_cache(any_database_url: str) -> None:
    url = any_database_url
    targets = {"01-01": encodings(1), "01-02": encodings(40, seed=2)}
    downgrade(url, "0009")
    store_old_layout(url, targets)
    upgrade(url, "0013")
    assert hint_cache_rows(url) == 2
    upgrade(url)
    assert hint_cache_rows(url) == 0  # entries from before could have come from an older storing
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        keys = [repository.target_key(session=session, puzzle_id="cal", target=name) for name in targets]
        assert [key.generation for key in keys if key] == [f"legacy-{key.id}" for key in keys if key]
        store_targets(session, {"01-02": encodings(40, seed=5)})
        again = repository.target_key(session=session, puzzle_id="cal", target="01-02")
        assert again is not None and again.generation and len(again.generation) == 32
    engine.dispose()

    downgrade(url, "0013")  # drops the column in place: the targets and their solutions stay
    assert "generation" not in columns(url, "targets")
    engine = make_engine(url)
    with engine.connect() as connection:
        assert connection.scalar(text("SELECT count(*) FROM targets")) == 2
        assert connection.scalar(text("SELECT count(*) FROM solutions")) == 2
    engine.dispose()


def test_0015_drops_the_hints_cached_by_the_ladder_that_did_not_nest(any_database_url: str) -> None:
    url = any_database_url
    downgrade(url, "0009")
    store_old_layout(url, {"01-01": encodings(1), "01-02": encodings(40, seed=2)})
    upgrade(url, "0013")
    upgrade(url, "0014")
    engine = make_engine(url)
    with engine.begin() as connection:  # hints cached between 0014 and 0015, by the old rule
        target_id = connection.scalar(text("SELECT min(id) FROM targets"))
        connection.execute(
            text(
                "INSERT INTO hint_cache (target_id, ordinal, preplaced, stage1, stage2, remaining1,"
                " remaining2, total) VALUES (:t, 0, '', 'x', 'xy', 9, 2, 40)"
            ),
            {"t": target_id},
        )
    engine.dispose()
    assert hint_cache_rows(url) == 1
    upgrade(url)
    assert hint_cache_rows(url) == 0


def test_0017_downgrade_refuses_to_drop_the_groups_languages_and_solves_but_not_a_private_chats(
    any_database_url: str,
) -> None:
    """A private chat's language comes back with its user's next message and a day's private link is
    over by the next day; a group's language (its subscribing admin's) and the groups a solve counts
    for do not come back."""
    url, day = any_database_url, datetime(2026, 1, 25, tzinfo=UTC).date()
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        session.add(ChatRow(id=7, kind="private", subscribed=False, telegram_language="ja"))
        session.add(HintProgressRow(chat_id=7, user_id=7, kind="calendar", day=day, group_id=-5))
    engine.dispose()
    downgrade(url, "0016")
    assert "telegram_language" not in columns(url, "chats") and "group_id" not in columns(
        url, "hint_progress"
    )
    assert "solve_groups" not in tables(url)
    upgrade(url)
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        session.add(ChatRow(id=-5, kind="group", subscribed=True, telegram_language="ja"))
        session.add(SolveGroupRow(user_id=7, kind="calendar", day=day, chat_id=-5))
    engine.dispose()
    with pytest.raises(DataLossRefused) as refused:
        downgrade(url, "0016")
    assert "solve_groups: 1 row (revision 0017)" in str(refused.value)
    assert "chats.telegram_language: 1 row (revision 0017)" in str(refused.value)  # the group's only
    assert revision(url) == HEAD
    downgrade(url, "0016", allow_data_loss=True)
    assert revision(url) == "0016"
    upgrade(url)


def test_0016_downgrade_refuses_to_drop_the_players_days_and_the_solves_made_after_their_day(
    any_database_url: str,
) -> None:
    """hint_progress keeps only a person's current puzzle and stage: a day the upgrade makes again
    from it loses nothing, any other day's hints are lost, and a solve made after its day would make
    a streak again."""
    url, day = any_database_url, datetime(2026, 1, 25, tzinfo=UTC).date()
    opened = datetime(2026, 1, 25, 9, 30, tzinfo=UTC)
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        session.add(
            HintProgressRow(chat_id=7, user_id=7, kind="calendar", day=day, stage=1, opened_at=opened)
        )
        session.add(
            SolveRow(
                user_id=7, kind="calendar", day=day, chat_id=7, first_name="A", hints=1, solved_at=opened
            )
        )
    engine.dispose()
    downgrade(url, "0015")
    upgrade(url)  # player_days made from hint_progress, the solve made on its day
    downgrade(url, "0015")  # the same again: nothing is lost
    assert "player_days" not in tables(url) and "on_day" not in columns(url, "solves")
    upgrade(url)
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        seen = session.get(PlayerDayRow, (7, day, "calendar"))
        late = session.get(SolveRow, (7, "calendar", day))
        assert seen is not None and seen.featured_stage == 1 and late is not None and late.on_day
        seen.featured_stage, late.on_day = 3, False
        session.add(PlayerDayRow(user_id=7, day=day, puzzle="calendar-weekday", kind="calendar"))
    engine.dispose()
    with pytest.raises(DataLossRefused) as refused:
        downgrade(url, "0015")
    assert "player_days: 2 rows (revision 0016)" in str(refused.value)
    assert "solves.on_day: 1 row (revision 0016)" in str(refused.value)
    assert revision(url) == HEAD and "on_day" in columns(url, "solves")
    downgrade(url, "0015", allow_data_loss=True)
    assert revision(url) == "0015" and "player_days" not in tables(url)
    upgrade(url)


def test_0018_marks_as_chosen_the_settings_that_hold_more_than_a_default(any_database_url: str) -> None:
    """Before the chats kept their choices, a setting other than its default was read as chosen:
    the upgrade writes just that down, so a move of the chat merges as it did."""
    url = any_database_url
    downgrade(url, "0017")
    with make_engine(url).begin() as connection:
        connection.execute(
            text(
                "INSERT INTO chats (id, kind, language, timezone, edition, faceup, subscribed, post_time) "
                "VALUES (-5, 'group', 'ja', NULL, 'calendar-weekday', :on, :on, '07:30'), "
                "(7, 'private', NULL, NULL, NULL, :off, :off, '08:00')"
            ),
            {"on": True, "off": False},
        )
    upgrade(url)
    with make_engine(url).connect() as connection:
        rows = dict(connection.execute(text("SELECT id, chosen FROM chats ORDER BY id")).all())
    assert rows == {-5: "language,edition,faceup,subscribed", 7: ""}


def test_0019_web_players_go_down_and_up_and_a_visitor_is_not_dropped_unasked(any_database_url: str) -> None:
    """The server's secret may go (a new one is made); a web visitor's row may not, unless allowed."""
    url, now = any_database_url, datetime(2026, 1, 25, 9, 30, tzinfo=UTC)
    with session_factory(make_engine(url)).begin() as session:
        assert web_players.server_secret(session=session, name="k") == web_players.server_secret(
            session=session, name="k"
        )
    downgrade(url, "0018")  # only a secret stored: nothing of people's goes
    assert not {"web_players", "server_secrets"} & tables(url)
    upgrade(url)
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        visitor = web_players.create(session=session, now=now)
        assert visitor.id > web_players.WEB_PLAYER_BASE
        session.add(WebPlayerRow(created_at=now, last_seen_at=now, timezone="Asia/Tokyo"))
    engine.dispose()
    with pytest.raises(DataLossRefused) as refused:
        downgrade(url, "0018")
    assert "web_players: 2 rows (revision 0019)" in str(refused.value)
    downgrade(url, "0018", allow_data_loss=True)
    assert revision(url) == "0018"
    upgrade(url)


def test_0020_custom_puzzles_are_not_dropped_unasked(any_database_url: str) -> None:
    """Tables without rows go down and up; a person's puzzle blocks the downgrade unless allowed."""
    url, now = any_database_url, datetime(2026, 11, 28, 9, 30, tzinfo=UTC)
    downgrade(url, "0019")
    assert not {"custom_puzzles", "custom_puzzle_versions"} & tables(url)
    upgrade(url)
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        custom_puzzles.create(session=session, owner=7, title="Mine", definition="board:\n# #", now=now)
    engine.dispose()
    with pytest.raises(DataLossRefused) as refused:
        downgrade(url, "0019")
    assert "custom_puzzles: 1 row (revision 0020)" in str(refused.value)
    downgrade(url, "0019", allow_data_loss=True)
    assert revision(url) == "0019"
    upgrade(url)


# ---------------------------------------------------------------- downgrades and people's data


HEAD = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def add_people_data(url: str) -> None:
    """A chat that chose an edition and face-up mode, a user's progress, solve and saved board."""
    now = datetime(2026, 1, 25, 9, 30, tzinfo=UTC)
    engine = make_engine(url)
    with session_factory(engine).begin() as session:
        session.add(ChatRow(id=7, kind="private", edition="calendar-weekday", faceup=True, subscribed=False))
        session.add(HintProgressRow(chat_id=7, user_id=70, kind="calendar", day=now.date(), opened_at=now))
        session.add(
            SolveRow(
                user_id=70,
                kind="calendar",
                day=now.date(),
                chat_id=7,
                first_name="Ann",
                hints=1,
                solved_at=now,
            )
        )
        session.add(
            SavedPositionRow(
                user_id=70, puzzle_id="calendar-dragonfjord", target="01-25", code="1abc", updated_at=now
            )
        )
    engine.dispose()


def revision(url: str) -> str | None:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return connection.scalar(text("SELECT version_num FROM alembic_version"))
    finally:
        engine.dispose()


def people_rows(url: str, edition: bool = True) -> tuple[object, ...]:
    """The chat's edition (if the column is there) and the rows of solves, saved boards, progress."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            query = "SELECT (SELECT count(*) FROM solves), (SELECT count(*) FROM saved_positions), "
            query += "(SELECT count(*) FROM hint_progress)"
            query += ", (SELECT edition FROM chats)" if edition else ""
            return tuple(connection.execute(text(query)).one())
    finally:
        engine.dispose()


def test_a_downgrade_that_would_delete_peoples_data_is_refused_before_anything_changes(
    any_database_url: str,
) -> None:
    url = any_database_url
    add_people_data(url)
    with pytest.raises(DataLossRefused) as refused:
        downgrade(url, "base")
    message = str(refused.value)
    for name in (
        "chats.edition: 1 row",
        "chats.faceup",
        "solves",
        "hint_progress.opened_at",
        "saved_positions",
    ):
        assert name in message
    assert "-x allow-data-loss=true" in message and "--allow-data-loss" in message
    assert "telegram_files" not in message and "targets" not in message  # those can be made again
    assert revision(url) == HEAD  # not even the revisions above the first refusal were undone
    assert people_rows(url) == (1, 1, 1, "calendar-weekday")
    assert set(Base.metadata.tables) <= tables(url)

    downgrade(url, "base", allow_data_loss=True)
    assert tables(url) <= {"alembic_version"}
    upgrade(url)


def test_downgrades_that_delete_no_peoples_data_need_no_flag(any_database_url: str) -> None:
    url = any_database_url
    add_people_data(url)
    downgrade(url, "0011")  # telegram_files.stored_at and the codec go; the people's data stays
    assert revision(url) == "0011"
    assert people_rows(url) == (1, 1, 1, "calendar-weekday")
    upgrade(url)
    engine = make_engine(url)
    with engine.begin() as connection:  # nothing left in the columns 0011 drops: nothing is lost
        connection.execute(text("UPDATE chats SET edition = NULL, faceup = :no"), {"no": False})
    engine.dispose()
    downgrade(url, "0010")
    assert revision(url) == "0010"
    assert people_rows(url, edition=False) == (1, 1, 1)


def test_the_alembic_command_line_flag_allows_it(database_url: str) -> None:
    add_people_data(database_url)
    config = alembic_config(database_url)
    config.cmd_opts = argparse.Namespace(x=["allow-data-loss=maybe"])
    with pytest.raises(CommandError, match="say true or false"):
        command.downgrade(config, "0008")
    config.cmd_opts = argparse.Namespace(x=["allow-data-loss=false"])
    with pytest.raises(DataLossRefused, match="solves: 1 row"):
        command.downgrade(config, "0008")
    assert revision(database_url) == HEAD
    config.cmd_opts = argparse.Namespace(x=["allow-data-loss=true"])
    command.downgrade(config, "0008")
    assert revision(database_url) == "0008"
    assert "solves" not in tables(database_url)


def test_sql_mode_refuses_without_counting(database_url: str) -> None:
    config = alembic_config(database_url)
    config.output_buffer = io.StringIO()
    with pytest.raises(DataLossRefused, match=r"saved_positions \(revision 0005; rows are not counted"):
        command.downgrade(config, "0006:0004", sql=True)


def test_the_migrate_command_downgrades_with_its_flag(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    add_people_data(database_url)
    assert migrate_main(["--database-url", database_url, "--downgrade", "0010"]) == 2
    assert "error: refusing to downgrade: it would delete people's data" in capsys.readouterr().err
    assert revision(database_url) == HEAD
    assert migrate_main(["--database-url", database_url, "--downgrade", "0010", "--allow-data-loss"]) == 0
    assert "database downgraded to 0010" in capsys.readouterr().out
    assert "edition" not in columns(database_url, "chats")
    assert migrate_main(["--database-url", database_url, "--downgrade", "0099"]) == 2
    assert migrate_main(["--database-url", database_url]) == 0
    assert revision(database_url) == HEAD
