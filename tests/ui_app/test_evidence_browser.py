"""The 証憑検索 page in Debian's headless Chromium against the real `keiri ui`: search by
counterparty and date, the chosen PDF's first page shown as an image, the download the same
bytes as the kept file, and the NTA attribution beside the registry's answer."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blocks.archive.archive import EvidenceArchive
from blocks.archive.search import Filters, search
from tests.ui_app import test_browser as _browser
from tests.ui_app.evidence_archive import INVOICES, RECEIPT, keep_month

CHROMIUM = _browser.CHROMIUM
form_app = _browser.form_app  # `keiri ui` on a free port (the real command)
browser_page = _browser.browser_page
zip_run = _browser.zip_run

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]


def _date(page: Any, label: str, day: dt.date) -> None:
    """Type a day into the date field's segments (year, month, day)."""
    for segment, value in (("year", f"{day.year}"), ("month", f"{day.month:02d}"),
                           ("day", f"{day.day:02d}")):  # fmt: skip
        field = page.get_by_role("spinbutton", name=f"{segment}, {label}")
        field.click()
        page.keyboard.type(value)


@pytest.fixture
def kept(tmp_path: Path) -> dict[str, Any]:
    return keep_month(tmp_path)


def test_search_preview_and_download(
    kept: dict[str, Any],
    form_app: tuple[str, Callable[[], str]],
    browser_page: Any,
    tmp_path: Path,
) -> None:
    url, read_log = form_app
    page = browser_page
    invoice = INVOICES[0]
    name = invoice["zip_path"].rsplit("/", 1)[-1]
    page.goto(f"{url}/evidence")
    page.get_by_role("heading", name="証憑検索").wait_for()
    page.get_by_text("6 件見つかりました").wait_for()

    page.get_by_label("取引先（名称または登録番号の一部）").fill("山田商店")
    day = dt.date.fromisoformat(invoice["date"])
    _date(page, "取引年月日（から）", day)
    _date(page, "取引年月日（まで）", day)
    page.get_by_role("button", name="検索").click()
    page.get_by_text("1 件見つかりました").wait_for()
    page.get_by_role("heading", name=f"プレビュー: {name}").wait_for()
    page.get_by_text(f"{name}（1 ページ目 / 全 1 ページ）").wait_for()
    image = page.locator('[data-testid="stImage"]', has_text="1 ページ目").locator("img")
    page.wait_for_function(
        "img => img.complete && img.naturalHeight > 0", arg=image.element_handle()
    )
    page.screenshot(path=str(tmp_path / "evidence-search.png"), full_page=True)
    box = image.bounding_box()
    assert box is not None and box["height"] > box["width"] > 500, box  # an A4 page, portrait
    page.screenshot(path=str(tmp_path / "evidence-search.png"), full_page=True)

    with page.expect_download() as download:
        page.get_by_role("button", name=f"{name} をダウンロード").click()
    saved = tmp_path / "downloaded.pdf"
    download.value.save_as(saved)
    archive = EvidenceArchive()
    with archive.connect() as conn:
        (record,) = search(conn, Filters(party="山田商店", date_from=invoice["date"],
                                          date_to=invoice["date"]))  # fmt: skip
    assert saved.read_bytes() == archive.file_path(record).read_bytes()
    assert download.value.suggested_filename == name

    # the receipt: its issuer is in the loaded registry, shown with the NTA's attribution
    page.get_by_label("取引先（名称または登録番号の一部）").fill("喫茶みどり")
    _date(page, "取引年月日（から）", dt.date(2024, 4, 1))
    _date(page, "取引年月日（まで）", dt.date(2024, 4, 30))
    page.get_by_role("button", name="検索").click()
    page.get_by_role("heading", name=f"プレビュー: {RECEIPT}").wait_for()
    page.get_by_text("登録済み").wait_for()
    page.get_by_text("出典：国税庁適格請求書発行事業者公表サイト", exact=False).wait_for()
    page.screenshot(path=str(tmp_path / "evidence-receipt.png"), full_page=True)
    assert "Traceback" not in read_log()
