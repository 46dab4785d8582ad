"""Property-based fuzzing: no input to any operation of the OpenAPI surface (or the page) is a 5xx.

Schemathesis generates valid and invalid requests for every operation of
``/openapi.json`` against the live test server; besides "no server error" it
checks that status codes, content types and bodies match the schema. The one
check left out is "schema-valid data must be accepted": valid-looking input
such as ``2026-02-30``, an unknown time zone or an offset past the end is
rightly a 4xx. Runs are bounded and derandomized, so they are reproducible.
"""

from __future__ import annotations

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api import create_app
from jobs.target_solving import OnDemand
from settings import Settings

# The schema comes from the app itself (describing it needs no database), so the test is
# parametrized per operation at collection time; the requests go to the live test server.
schema = schemathesis.openapi.from_dict(create_app(Settings(DATABASE_URL="sqlite://"), OnDemand).openapi())


@schema.parametrize()
@settings(
    max_examples=30, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
def test_no_operation_answers_a_server_error(case: schemathesis.Case, api_url: str) -> None:
    response = case.call(base_url=api_url, timeout=60)
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:300]}"
    case.validate_response(response, excluded_checks=[positive_data_acceptance])


query_text = st.one_of(st.none(), st.text(max_size=24), st.integers(-5, 12).map(str))


@given(
    day=st.one_of(query_text, st.dates().map(lambda d: d.isoformat())),
    stage=query_text,
    pstage=query_text,
    tz=st.one_of(st.none(), st.sampled_from(["UTC", "Asia/Tokyo", "Nowhere/Land", ""]), st.text(max_size=12)),
)
@settings(max_examples=40, derandomize=True, deadline=None, database=None)
def test_the_page_never_answers_a_server_error(
    client: httpx.Client, day: str | None, stage: str | None, pstage: str | None, tz: str | None
) -> None:
    params = {
        k: v for k, v in {"date": day, "stage": stage, "pstage": pstage, "tz": tz}.items() if v is not None
    }
    response = client.get("/", params=params)
    assert response.status_code in (200, 400), response.text[:300]
    assert response.headers["content-type"] == "text/html; charset=utf-8"
