"""``/docs`` and ``/openapi.json`` in process (TestClient): Swagger UI served from the app itself."""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api import create_app
from hints.daily import calendar_editions
from jobs.target_solving import OnDemand
from settings import Settings
from solver.puzzles import catalog


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    unused = f"sqlite:///{tmp_path_factory.mktemp('docs') / 'unused.db'}"  # the docs read no store
    with TestClient(create_app(Settings(_env_file=None, DATABASE_URL=unused), OnDemand)) as client:  # type: ignore[call-arg]
        yield client


def test_the_docs_page_loads_everything_from_this_server(api: TestClient) -> None:
    page = api.get("/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "https://" not in page.text and "http://" not in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "http" not in policy
    assert page.headers["cache-control"] == "no-cache"


@pytest.mark.parametrize(
    ("name", "media"),
    [
        ("swagger-ui-bundle.js", "text/javascript"),
        ("swagger-ui.css", "text/css"),
        ("favicon-32x32.png", "image/png"),
        ("start.js", "text/javascript"),
    ],
)
def test_each_asset_is_served_with_its_type_and_etag(api: TestClient, name: str, media: str) -> None:
    asset = api.get(f"/docs/assets/{name}")
    assert asset.status_code == 200 and asset.headers["content-type"].startswith(media) and asset.content
    assert (
        api.get(f"/docs/assets/{name}", headers={"If-None-Match": asset.headers["etag"]}).status_code == 304
    )


def test_the_start_script_points_swagger_at_the_schema(api: TestClient) -> None:
    assert '"/openapi.json"' in api.get("/docs/assets/start.js").text


def test_any_other_asset_is_404(api: TestClient) -> None:
    assert api.get("/docs/assets/index.html").status_code == 404


def test_the_schema_documents_the_routes_and_their_errors(api: TestClient) -> None:
    schema = api.get("/openapi.json").json()
    assert schema["info"]["title"] == "Puzzle hint API"
    daily = schema["paths"]["/api/v1/daily/{date}"]["get"]
    assert {"422", "429", "503"} <= set(daily["responses"])
    assert "/telegram/webhook" not in schema["paths"] and "/docs" not in schema["paths"]


def parameters(schema: dict[str, Any], path: str, method: str = "get") -> dict[str, dict[str, Any]]:
    return {p["name"]: p["schema"] for p in schema["paths"][path][method]["parameters"]}


def test_the_schema_says_what_dates_zones_targets_and_pieces_look_like(api: TestClient) -> None:
    """The patterns admit every value the server has (each zone of its database, each target and
    piece of the catalog and the editions), so a client that follows the schema is refused only for
    a value that looks right and names nothing (2026-02-30, Mars/Olympus, 02-32, piece Q)."""
    schema = api.get("/openapi.json").json()
    daily = parameters(schema, "/api/v1/daily/{date}")
    position = parameters(schema, "/api/v1/puzzles/{puzzle_id}/targets/{target}/position", "post")
    body = schema["components"]["schemas"]
    patterns = {
        "date": daily["date"]["pattern"],
        "tz": daily["tz"]["pattern"],
        "target": position["target"]["pattern"],
        "check target": body["CheckIn"]["properties"]["target"]["pattern"],
        "piece": body["CheckPlacementIn"]["properties"]["piece"]["pattern"],
        "fixed": position["fixed"]["pattern"],
    }
    puzzles = [*catalog().values(), *calendar_editions()]
    targets = {t.name for p in puzzles for t in p.targets}
    pieces = {piece.name for p in puzzles for piece in p.pieces}
    admitted = {
        "date": ["today", "2026-01-25", "9999-12-31"],
        "tz": sorted(zoneinfo.available_timezones()),
        "target": sorted(targets),
        "check target": sorted(targets),
        "piece": sorted(pieces),
        "fixed": ["", "I,L", ",".join(sorted(pieces))],
    }
    for name, values in admitted.items():
        assert all(re.fullmatch(patterns[name], value) for value in values), name
    refused = {"date": "2026-1-5", "tz": "../../etc/passwd", "target": "13", "piece": "L 4", "fixed": "I, L"}
    for name, value in refused.items():
        assert re.fullmatch(patterns[name], value) is None, name
    offset = parameters(schema, "/api/v1/puzzles/{puzzle_id}/targets/{target}/solutions")["offset"]
    assert "offset_out_of_range" in offset["description"]
