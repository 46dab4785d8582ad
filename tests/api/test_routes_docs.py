"""``/docs`` and ``/openapi.json`` in process (TestClient): Swagger UI served from the app itself."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api import create_app
from jobs.ondemand import OnDemand
from settings import Settings


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
