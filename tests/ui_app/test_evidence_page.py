"""The 証憑検索 page in AppTest over a real archive and registry in the test's keiri home: every
filter of `keiri evidence search` (date range, amount range, party by name or number, kind),
alone and combined, a range that ends first refused, the previews (a PDF's first page as an
image, a photo, a text), the download, and the registry's answer with the NTA's attribution."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from keiri.base.catalog import t
from tests.support.catalog_text import shown
from tests.support.timing import scaled
from tests.ui_app.conftest import APP
from tests.ui_app.evidence_archive import INVOICES, LETTER, RECEIPT, RECEIPT_NUMBER, keep_month


@pytest.fixture
def page(loopback: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[AppTest]:
    monkeypatch.delenv("KEIRI_UI_SECRET", raising=False)
    monkeypatch.setenv("KEIRI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("KEIRI_USER", "yamada")
    keep_month(tmp_path)
    at = AppTest.from_file(str(APP), default_timeout=scaled(60))
    at.switch_page("views/evidence.py")
    yield at.run()


def _files(at: AppTest) -> list[str]:
    return [str(name) for name in at.dataframe[0].value[t("archive.col.file")]]


def _search(at: AppTest, **values: Any) -> AppTest:
    keys = {"date_from": "search::from", "date_to": "search::to", "amount_min": "search::min",
            "amount_max": "search::max"}  # fmt: skip
    for name, value in values.items():
        if name == "party":
            at.text_input(key="search::party").set_value(value)
        elif name == "kind":
            at.selectbox(key="search::kind").set_value(value)
        else:
            widget = at.date_input if name.startswith("date") else at.number_input
            widget(key=keys[name]).set_value(value)
    return at.button[0].click().run()


def test_every_filter_alone_and_combined(page: AppTest) -> None:
    at = page
    assert not at.exception
    assert at.title[0].value == t("search.title")
    assert t("search.found", count=6) in [c.value for c in at.caption]
    first = INVOICES[0]
    name = first["zip_path"].rsplit("/", 1)[-1]

    day = dt.date.fromisoformat(first["date"])
    _search(at, date_from=day, date_to=day)
    assert _files(at) == [name]
    _search(at, date_from=None, date_to=None, amount_min=first["total"], amount_max=first["total"])
    assert _files(at) == [name]
    _search(at, amount_min=None, amount_max=None, party="(株)山田商店")
    assert name in _files(at) and all(
        "山田商店" in p for p in at.dataframe[0].value[t("archive.col.party")]
    )
    _search(at, party=RECEIPT_NUMBER[5:12])  # a part of the number
    assert _files(at) == [RECEIPT]
    _search(at, party="", kind="cover_letter")
    assert _files(at) == [LETTER]
    _search(at, kind=None, date_from=dt.date(2024, 4, 1), date_to=dt.date(2024, 4, 30),
            amount_max=10_000)  # fmt: skip
    assert _files(at) == [RECEIPT]
    _search(at, amount_min=5_000_000, amount_max=None)
    assert at.info[0].value == t("search.none")

    _search(at, date_from=dt.date(2024, 5, 1), date_to=dt.date(2024, 4, 1), amount_min=None)
    assert [e.value for e in at.error] == [t("search.bad_range", what=t("search.what.date"))]


def test_previews_download_and_the_registry_attribution(page: AppTest) -> None:
    at = page
    pdf = INVOICES[0]["zip_path"].rsplit("/", 1)[-1]
    choice = at.selectbox(key="search::choice")
    by_name = {label.split(" ")[-1]: int(label.split(":")[0]) for label in choice.options}
    assert set(by_name) >= {pdf, RECEIPT, LETTER}
    # the first result by date: the receipt photo, its issuer registered in the loaded registry
    assert choice.value == by_name[RECEIPT]
    assert at.subheader[0].value == t("search.preview", file=RECEIPT)
    assert len(at.get("image")) == 1
    registered = t("registry.status.registered")
    assert at.markdown[-1].value == t("search.registry", number=RECEIPT_NUMBER, status=registered)
    assert shown("search.name_differs", at.warning[0].value, name="喫茶みどり")
    captions = [c.value for c in at.caption]
    assert any(c.startswith(t("registry.attribution.local")) for c in captions)
    labels = [b.proto.label for b in at.get("download_button")]
    assert labels == [t("search.download", file=RECEIPT)]

    choice.set_value(by_name[pdf]).run()  # a PDF: its first page as an image
    assert not at.exception
    images = at.get("image")
    assert len(images) == 1 and t("search.pdf_page", file=pdf, pages=1) in str(images[0].proto)
    assert [b.proto.label for b in at.get("download_button")] == [t("search.download", file=pdf)]
    assert shown("search.registry", at.markdown[-1].value, number="T5582318564206")

    at.selectbox(key="search::choice").set_value(by_name[LETTER]).run()
    assert "請求書を送付いたします" in at.code[0].value
    assert not at.get("image")
    assert [b.proto.label for b in at.get("download_button")] == [t("search.download", file=LETTER)]
