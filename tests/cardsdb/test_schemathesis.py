"""A developer's bot sends whatever the OpenAPI schema allows (and much it does not): every
endpoint answers without a 5xx, with a status code the schema documents, and a body that
conforms to it.

Schemathesis reads `/api/v1/schema/` from the WSGI app and, for every operation, sends the
schema's examples, its coverage cases (boundary values, missing and wrong-typed parameters,
methods the path does not have) and hypothesis-fuzzed requests, then checks each answer.

Two sizes, both bounded and derandomized (the same requests every run):
- `make test` (quick): examples and fuzzing, `FUZZ_EXAMPLES` (default 8) fuzzed requests per
  operation: a few hundred requests, seconds.
- `FUZZ_FULL=1` (`.ci/run` sets it, on SQLite and on PostgreSQL): the coverage phase as well and
  25 fuzzed requests per operation: thousands of requests, a minute or two; the last test
  checks that at least 1,000 were made. It is the command line's `--phases coverage,fuzzing
  --checks all`: `call_and_validate` runs every check, the refusal of schema-violating requests
  (negative data) included.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from cardsdb.api.desk_views import RulingThrottle

FULL = os.environ.get("FUZZ_FULL") == "1"
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25" if FULL else "8"))
MIN_REQUESTS = 1000 if FULL else 200
MIN_OPERATIONS = 30  # every operation in the schema: 34 when this was written

# The requests made are counted in this process: the fuzzing and the count's check below run
# on one pytest-xdist worker (its xdist_group, with `--dist loadgroup`), the check after it.
pytestmark = pytest.mark.xdist_group("schemathesis")

requests_made: dict[str, int] = {}


@pytest.fixture
def api_schema(db: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from django.core.cache import cache
    from django.core.handlers.wsgi import WSGIHandler
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    # Thousands of rulings in a minute from one client: the rate limit has its own test
    # (tests/cardsdb/test_hostile_input.py).
    monkeypatch.setattr(RulingThrottle, "THROTTLE_RATES", {"rulings": "1000000/min"})
    cache.clear()
    # The app runs inside the test's transaction: like Django's own test client, keep the
    # request signals from closing that connection (PostgreSQL would lose the transaction).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", WSGIHandler())
        # A request the schema allows may still be refused with a reason, in the error shape:
        # a game slug that is not loaded, a query the card language cannot read, a board state
        # whose fields each fit but together cannot exist. Anything else (405, 415, 422...)
        # is a failure.
        schema.config.checks.positive_data_acceptance.expected_statuses = ["2xx", "400", "404"]
        schema.config.phases.coverage.enabled = FULL
        yield schema
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_every_endpoint_answers_as_its_schema_says(case: Any) -> None:
    requests_made[case.operation.label] = requests_made.get(case.operation.label, 0) + 1
    case.call_and_validate()


def test_the_schema_is_valid_openapi_and_documents_every_error(api: Any) -> None:
    from drf_spectacular.validation import validate_schema

    document = api.get("/api/v1/schema/", {"format": "json"}).json()
    validate_schema(document)
    assert document["openapi"].startswith("3.1")
    error = {"$ref": "#/components/schemas/Error"}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            responses = operation["responses"]
            assert responses["503"]["content"]["application/json"]["schema"] == error
            assert "Retry-After" in responses["503"]["headers"]
            if "requestBody" in operation:
                assert {"400", "413", "415", "429"} <= set(responses), (method, path)
                assert "Retry-After" in responses["429"]["headers"]
            if "{" in path:
                assert "404" in responses, (method, path)
            assert operation.get("security", []) == [], (method, path)


# In the database part of the run (tests/conftest.py orders the parts), as the fuzzing is, so
# that it runs after it: without a database it would be handed out first of all and find no
# request counted.
@pytest.mark.django_db
def test_the_fuzzing_reached_every_operation_with_enough_requests() -> None:
    if not requests_made:
        pytest.skip("the schemathesis run was not selected")
    total = sum(requests_made.values())
    print(f"schemathesis: {total} requests over {len(requests_made)} operations")
    assert len(requests_made) >= MIN_OPERATIONS, sorted(requests_made)
    assert total >= MIN_REQUESTS, f"only {total} requests over {len(requests_made)} operations"
