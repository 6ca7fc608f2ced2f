"""The Web-API fallback against a local fake server: numbers the local data lacks are asked
(`valid` for one, `num` for up to 10 per request), answers cached, requests rate limited, and
the API's errors (refusals, server errors, malformed answers, 429) never fail a check nor show
the application id."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator

import pytest

from blocks.registration.database import registry_path
from blocks.registration.importer import ImportReport
from blocks.registration.lookup import Query, Registry
from blocks.registration.online import TokenBucket, WebApi
from keiri.base.catalog import t
from samples.make_registry import number_for, row
from tests.blocks.registration.fake_api import APP_ID, FakeRegistryApi, Scripted

#: Numbers only the online registry knows.
ONLINE = [number_for(800_000_000 + i) for i in range(12)]
RECORDS = [
    row(1, ONLINE[0], "株式会社オンライン商事"),
    row(2, ONLINE[1], "株式会社取消済", process="04", updated="2025-01-10", cancelled="2025-01-10"),
    row(3, ONLINE[2], "株式会社旧社名", latest="0"),
    row(4, ONLINE[2], "株式会社新社名", process="02", updated="2026-01-05"),
    *(row(10 + i, n, f"株式会社番号{i}") for i, n in enumerate(ONLINE[3:])),
]  # fmt: skip


@pytest.fixture
def fake() -> Iterator[FakeRegistryApi]:
    with FakeRegistryApi(RECORDS) as server:
        yield server


def registry(fake: FakeRegistryApi, **options: object) -> Registry:
    bucket = options.pop("bucket", TokenBucket(rate=50, capacity=10))
    options.setdefault("backoff", 0.01)
    api = WebApi(APP_ID, fake.url, db=registry_path(), bucket=bucket, **options)  # type: ignore[arg-type]
    return Registry(online=api)


def paths(fake: FakeRegistryApi) -> list[str]:
    return [path for _at, path, _query, _status in fake.requests]


def test_one_missing_number_is_asked_with_valid_and_then_cached(
    loaded: ImportReport, fake: FakeRegistryApi
) -> None:
    local = number_for(900_000_000)  # the generator's "registered" case: known locally
    with registry(fake) as reg:
        known, online = reg.check(
            [Query(local, "2026-03-01"), Query(ONLINE[0], "2026-03-01", "(株)オンライン商事")]
        )
        assert reg.check([Query(ONLINE[0], "2026-03-01")])[0].status == "registered"
    assert paths(fake) == ["/1/valid"]  # the local number was never asked; then the cache
    _at, _path, query, _status = fake.requests[0]
    assert query == {"id": APP_ID, "number": ONLINE[0], "day": "2026-03-01", "type": "21"}
    assert known.source.kind == "local" and online.source.kind == "api"
    assert (online.status, online.registered_name, online.name_matches) == (
        "registered",
        "株式会社オンライン商事",
        True,
    )
    assert online.attribution == t("registry.attribution.api")


def test_a_number_not_valid_that_day_is_classified_with_its_history(
    loaded: ImportReport, fake: FakeRegistryApi
) -> None:
    with registry(fake) as reg:
        [answer] = reg.check([Query(ONLINE[1], "2025-03-01")])
    assert paths(fake) == ["/1/valid", "/1/num"]
    assert fake.requests[1][2]["history"] == "1"
    assert (answer.status, answer.cancelled_on, answer.source.kind) == (
        "cancelled",
        "2025-01-10",
        "api",
    )


def test_several_missing_numbers_go_ten_per_request_with_history(
    loaded: ImportReport, fake: FakeRegistryApi
) -> None:
    with registry(fake) as reg:
        found = reg.check([Query(n, "2026-03-01") for n in ONLINE])
    assert paths(fake) == ["/1/num", "/1/num"]
    assert [len(q["number"].split(",")) for _a, _p, q, _s in fake.requests] == [10, 2]
    assert [a.status for a in found] == ["registered", "cancelled", *["registered"] * 10]
    assert found[2].registered_name == "株式会社新社名"  # the history, ordered by update date
    with registry(fake) as reg:
        [old] = reg.check([Query(ONLINE[2], "2025-12-01")])
    assert old.registered_name == "株式会社旧社名" and len(fake.requests) == 2  # cached


def test_without_an_application_id_the_api_is_never_asked(
    loaded: ImportReport, monkeypatch: pytest.MonkeyPatch, fake: FakeRegistryApi
) -> None:
    monkeypatch.setenv("KEIRI_REGISTRY_API_URL", fake.url)
    monkeypatch.delenv("KEIRI_REGISTRY_APP_ID", raising=False)
    with Registry.from_settings() as reg:
        [answer] = reg.check([Query(ONLINE[0], "2026-03-01")])
    assert answer.status == "unknown_number" and answer.source.kind == "local"
    assert fake.requests == []
    monkeypatch.setenv("KEIRI_REGISTRY_APP_ID", APP_ID)
    with Registry.from_settings() as reg:
        [answer] = reg.check([Query(ONLINE[0], "2026-03-01")])
    assert answer.source.kind == "api" and len(fake.requests) == 1


@pytest.mark.parametrize(
    ("scripted", "recoverable", "shown"),
    [
        (Scripted(403, json.dumps({"errors": [{"code": "E03", "message": "bad id"}]})), False, lambda: "E03 bad id"),
        # the API's own words, shown as it said them
        (Scripted(400, "パラメータが正しくありません"), False, lambda: "パラメータが正しくありません"),
        (Scripted(200, "<html>maintenance</html>"), False, lambda: t("registry.api.malformed")),
        (Scripted(200, json.dumps({"count": "0"})), False, lambda: t("registry.api.malformed")),
    ],
)  # fmt: skip
def test_an_api_error_leaves_the_local_answer_with_the_error(
    loaded: ImportReport,
    fake: FakeRegistryApi,
    scripted: Scripted,
    recoverable: bool,
    shown: Callable[[], str],
) -> None:
    fake.script.append(scripted)
    with registry(fake) as reg:
        [answer] = reg.check([Query(ONLINE[0], "2026-03-01")])
    assert answer.status == "unknown_number" and answer.source.kind == "local"
    assert answer.online_error is not None and answer.online_error["code"] == "API_ERROR"
    assert shown() in answer.online_error["message"]
    assert APP_ID not in json.dumps(answer.model_dump(), ensure_ascii=False)


def test_the_application_id_is_never_in_an_error_even_when_echoed(
    loaded: ImportReport, fake: FakeRegistryApi
) -> None:
    fake.script.append(Scripted(401, f"unknown id={APP_ID}"))
    with registry(fake) as reg:
        [answer] = reg.check([Query(ONLINE[0], "2026-03-01")])
    assert answer.online_error is not None and "id=***" in answer.online_error["message"]
    assert APP_ID not in answer.online_error["message"]


def test_server_errors_are_retried_then_reported(
    loaded: ImportReport, fake: FakeRegistryApi
) -> None:
    fake.script.extend([Scripted(500, "boom"), Scripted(502, "bad gateway")])
    with registry(fake) as reg:
        [answer] = reg.check([Query(ONLINE[0], "2026-03-01")])
    assert answer.status == "registered" and [s for *_r, s in fake.requests] == [500, 502, 200]
    fake.script.extend([Scripted(500, "boom")] * 3)
    with registry(fake) as reg:
        [answer] = reg.check([Query(ONLINE[3], "2026-03-01")])
    assert answer.online_error is not None and "HTTP 500" in answer.online_error["message"]


def test_requests_keep_to_the_servers_rate_limit(
    loaded: ImportReport, fake: FakeRegistryApi
) -> None:
    fake.limit, fake.window = 2, 0.5  # at most 2 requests in any half second
    # one at a time, three a second: never more than two in any half second
    with registry(fake, bucket=TokenBucket(rate=3.0, capacity=1)) as reg:
        for number in ONLINE[:6]:
            assert reg.check([Query(number, "2026-03-01")])[0].source.kind == "api"
    assert fake.rate_limited == 0 and len(fake.requests) >= 6
    times = [at for at, *_rest in fake.requests]
    assert all(later - earlier > 0.5 for earlier, later in zip(times, times[2:], strict=False))


def test_a_429_is_waited_out_and_retried_and_reported_when_it_persists(
    loaded: ImportReport, fake: FakeRegistryApi
) -> None:
    fake.limit, fake.window = 1, 0.25
    eager = TokenBucket(rate=1000, capacity=100)  # a client that ignores the limit
    with registry(fake, bucket=eager, retries=4) as reg:
        found = [reg.check([Query(n, "2026-03-01")])[0] for n in ONLINE[:3]]
    assert [a.source.kind for a in found] == ["api"] * 3
    assert fake.rate_limited >= 1  # answered with Retry-After, waited out, retried
    with registry(fake, bucket=eager, retries=0) as reg:
        reg.check([Query(ONLINE[4], "2026-03-01")])
        [answer] = reg.check([Query(ONLINE[5], "2026-03-01")])
    assert answer.online_error is not None and "HTTP 429" in answer.online_error["message"]


def test_the_token_bucket_spaces_requests_by_its_rate() -> None:
    now = [100.0]
    waited: list[float] = []

    def sleep(seconds: float) -> None:
        waited.append(seconds)
        now[0] += seconds

    bucket = TokenBucket(rate=2.0, capacity=3, clock=lambda: now[0], sleep=sleep)
    assert [bucket.acquire() for _ in range(3)] == [0.0, 0.0, 0.0]  # the burst
    assert bucket.acquire() == pytest.approx(0.5)
    assert bucket.acquire() == pytest.approx(0.5)
    now[0] += 10  # idle: the bucket refills to its capacity, not beyond
    assert [bucket.acquire() for _ in range(4)] == pytest.approx([0, 0, 0, 0.5])
    assert sum(waited) == pytest.approx(1.5)


def test_the_real_sleep_of_the_bucket_is_bounded() -> None:
    bucket = TokenBucket(rate=20.0, capacity=1)
    started = time.monotonic()
    for _ in range(5):
        bucket.acquire()
    assert 0.18 <= time.monotonic() - started < 2.0
