"""`designs/monthly_close.yaml` end to end in Debian's headless Chromium at 1366×768, against
the real `keiri ui` and the local Prefect server, on a client without a CJK font (the app
serves its own):

- 新規実行 starts the demo; the upload form takes the invoice ZIP and the bank statement; the
  results are approved; in the 仕訳確認 form the account of 有限会社みどり印刷's invoice (the
  master's default 消耗品費) is changed to 通信費 in the grid, and approved;
- the runs page makes and downloads the 弥生 file: cp932, 25 fields a line, 通信費 on that
  entry; the correction is a learned rule of the vendor, named with who and when in the store
  and on the 取引先 page;
- a second run of the same period suggests 通信費 for the vendor by itself, its 仕訳確認 form
  says every entry was already exported (by which run), and its file holds no entry.

Screenshots of each page are kept under the test's tmp folder (`shots/`); their paths are
printed for a person to look at.
"""

from __future__ import annotations

import csv
import io
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from blocks.counterparties.models import Counterparty
from blocks.counterparties.store import CounterpartyStore
from tests.conftest import ROOT
from tests.ui_app import test_browser as _browser

CHROMIUM = _browser.CHROMIUM
form_app = _browser.form_app  # `keiri ui` on a free port (the real command)
SAMPLES = ROOT / "samples"
VENDOR = "有限会社みどり印刷"
#: The columns of the 仕訳確認 grid as shown (the line id is hidden): 取引先, 勘定科目, ...
ACCOUNT_COLUMN = 1
#: Entries of the sample month: 7 purchases and 8 payments.
ENTRIES = 15
#: A laptop's screen: what the last round's screenshots were cut at.
WIDTH, HEIGHT = 1366, 768

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed"),
]


def _latin_fonts_only(tmp_path: Path) -> Path:
    """A fontconfig file that knows DejaVu only: no CJK font on this client."""
    conf = tmp_path / "latin-fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        "  <dir>/usr/share/fonts/truetype/dejavu</dir>\n"
        f"  <cachedir>{tmp_path / 'latin-fontcache'}</cachedir>\n</fontconfig>\n",
        encoding="utf-8",
    )
    return conf


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    env: dict[str, str | float | bool] = {
        **os.environ,
        "FONTCONFIG_FILE": str(_latin_fonts_only(tmp_path)),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=_browser.CHROMIUM_ARGS, env=env
        )
        page = browser.new_page(
            viewport={"width": WIDTH, "height": HEIGHT}, locale="ja-JP", accept_downloads=True
        )
        page.set_default_timeout(120_000)  # a form page reads the run from Prefect: slow under load
        try:
            yield page
        finally:
            page.screenshot(path=str(tmp_path / "last.png"), full_page=True)  # where it ended
            browser.close()


Shot = Callable[..., None]
_PAGE_HEIGHT = """() => Math.max(document.documentElement.scrollHeight,
  ...[...document.querySelectorAll('[data-testid="stMain"]')].map(e => e.scrollHeight))"""


@pytest.fixture
def shots(tmp_path: Path) -> Shot:
    """`shot(page, name)`: the whole page; `full_page=False`: what the window shows."""
    folder = tmp_path / "shots"
    folder.mkdir()

    def shot(page: Any, name: str, *, full_page: bool = True) -> None:
        path = folder / f"{name}.png"
        if full_page:  # Streamlit scrolls inside its main block: a window as tall as the page
            height = page.evaluate(_PAGE_HEIGHT)
            page.set_viewport_size({"width": WIDTH, "height": max(HEIGHT, min(height, 8000))})
        page.screenshot(path=str(path), full_page=full_page)
        if full_page:
            page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
        print(f"screenshot: {path}")  # noqa: T201 (the report lists them)

    return shot


@pytest.fixture
def master() -> None:
    """The vendor in the master, its default account 消耗品費 (entered by suzuki)."""
    vendor = Counterparty(
        code="MIDORI",
        name=VENDOR,
        kana="ﾐﾄﾞﾘｲﾝｻﾂ",
        registration_number="T2253636834851",
        default_account="消耗品費",
    )
    with CounterpartyStore() as store:
        store.save(vendor, "suzuki")


def _runner_pids(run_id: str) -> list[int]:
    """The detached runner of a run (`python -m flows.lifecycle.runner RUN_ID`), by its id."""
    pids = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue
        if b"flows.lifecycle.runner" in args and run_id.encode() in args:
            pids.append(int(cmdline.parent.name))
    return pids


@pytest.fixture
def started_runs() -> Iterator[list[str]]:
    """The runs the test starts from the browser. One still waiting at the end is cancelled
    and its runner (started by the app, not by the test) stopped by its process id, so it does
    not poll a stopped server for a day."""
    runs: list[str] = []
    yield runs
    from prefect.client.orchestration import get_client
    from prefect.states import Cancelled

    from flows.lifecycle.control import parse_run_id

    waiting: list[str] = []

    def cancel() -> None:
        with get_client(sync_client=True) as client:
            for run_id in runs:
                run = client.read_flow_run(parse_run_id(run_id))
                if run.state is not None and not run.state.is_final():
                    waiting.append(run_id)
                    client.set_flow_run_state(run.id, Cancelled(), force=True)

    worker = threading.Thread(target=cancel)  # outside Playwright's event loop
    worker.start()
    worker.join(timeout=60)
    for pid in [pid for run_id in waiting for pid in _runner_pids(run_id)]:
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 20
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    """Running (not gone, not a zombie its parent has yet to reap)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _wait(run_id: str, since: str | None, state: str = "PAUSED") -> str | None:
    from flows.lifecycle.control import wait_for_run

    view = wait_for_run(run_id, since_pause_key=since, timeout=300)
    assert view.state_type == state, view
    return view.pause_key


def _send(page: Any, approve: bool = False) -> None:
    from playwright.sync_api import expect

    submit = page.get_by_role("button", name="送信して再開")
    expect(submit).to_have_count(1)  # the page done rendering
    if approve:
        page.get_by_text("承認する", exact=True).click()
    submit.click()
    page.get_by_text("送信しました。yamada が").wait_for()


def _start_and_upload(page: Any, url: str, runs: list[str], shot: Shot) -> str:
    """新規実行 → 実行を開始 (the app opens the first form) → upload → the confirm form."""
    page.goto(f"{url}/new_run")
    start = page.locator(".st-key-new_run--start--monthly_close").get_by_role(
        "button", name="実行を開始"
    )
    start.click()
    page.wait_for_url("**/form?run=*")
    run_id = page.url.rsplit("run=", 1)[1].split("&", 1)[0]
    runs.append(run_id)
    page.get_by_text("当月の請求書ZIPと入出金明細をアップロードしてください").wait_for()
    inputs = page.locator('input[type="file"]')
    # one upload at a time: each is checked in a rerun, and a file given while the page reruns
    # for the other may be dropped on a loaded machine
    inputs.nth(0).set_input_files(str(SAMPLES / "evidence" / "evidence.zip"))
    page.get_by_text("受け付けたファイル 1 件").first.wait_for()
    inputs.nth(1).set_input_files(str(SAMPLES / "bank" / "bank_statement.xlsx"))
    page.get_by_text("受け付けたファイル 1 件").nth(1).wait_for()
    _send(page)
    key = _wait(run_id, None)

    page.goto(f"{url}/form?run={run_id}")
    page.get_by_text("照合結果と指摘事項を確認してください").wait_for()
    shot(page, f"close-{len(runs)}-confirm")
    _send(page, approve=True)
    _wait(run_id, key)
    page.goto(f"{url}/form?run={run_id}")
    page.get_by_text("仕訳を確認してください").first.wait_for()
    return str(run_id)


def _entries_grid(page: Any) -> Any:
    """The grid of the entries (the last one naming the vendor: the payments' table is above)."""
    grid = page.locator('[data-testid="stDataFrame"]').filter(has_text=VENDOR).last
    grid.scroll_into_view_if_needed()
    return grid


def _vendor_row(grid: Any) -> int:
    """The grid row of the vendor's first entry (the accessible table's cell ids: col-row)."""
    cell = grid.locator('td[id^="glide-cell-0-"]', has_text=VENDOR).first
    cell.wait_for(state="attached")
    return int(str(cell.get_attribute("id")).rsplit("-", 1)[-1])


def _account_cell(grid: Any, row: int) -> Any:
    return grid.locator(f"td#glide-cell-{ACCOUNT_COLUMN}-{row}")


#: The grid's cell editor is open: its text input has the focus.
_EDITOR_OPEN = "() => document.activeElement && document.activeElement.tagName === 'INPUT'"


def _change_account(page: Any, grid: Any, row: int, account: str) -> None:
    """Choose `account` in the account cell of `row`, by keyboard (the grid is a canvas)."""
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 30, box["y"] + 35 + 17)  # the first body cell
    # Under load the click takes the focus late, and arrows pressed before it are lost (the
    # edit then lands on another row): move only once the grid holds the focus.
    page.wait_for_function(
        "g => g.contains(document.activeElement)", arg=grid.element_handle(), timeout=20_000
    )
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    for _ in range(ACCOUNT_COLUMN):
        page.keyboard.press("ArrowRight")
    # Enter opens the cell's choice; under load it may take a while, and keys typed before
    # its input has the focus are lost: wait for the input, press again if it never came
    for _attempt in range(3):
        page.keyboard.press("Enter")
        try:
            page.wait_for_function(_EDITOR_OPEN, timeout=20_000)
        except PlaywrightTimeout:
            continue
        break
    page.keyboard.type(account)
    page.keyboard.press("Enter")
    page.get_by_text("変更した行: 1 行").wait_for()
    cell = _account_cell(grid, row)
    assert cell.inner_text() == account, (row, cell.inner_text())  # the vendor's row changed


def _editable_columns_on_screen(page: Any, grid: Any) -> None:
    """The account and tax-category headers lie inside the window, no sideways scroll."""
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    assert box is not None and box["x"] + box["width"] <= WIDTH, box
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], widths  # the page itself does not scroll sideways
    # 取引先 180 + 勘定科目 130 + 税区分 240 (the plan's widths) fit in the grid as shown
    assert box["width"] >= 180 + 130 + 240, box


def _download_yayoi(page: Any, url: str, run_id: str, shot: Shot) -> bytes:
    page.goto(f"{url}/runs")
    # the run's expander, found by its key's class (the page shows no run id to people; a
    # collapsed entry draws nothing until opened)
    run = page.locator(f".st-key-runs--open--{run_id}")
    run.locator("summary").first.wait_for()
    if run.locator("details").first.get_attribute("open") is None:
        run.locator("summary").first.click()
    run.get_by_text("仕訳の出力（会計ソフトへの取り込み用）").wait_for()
    run.get_by_role("button", name="ファイルを作成").click()
    button = run.get_by_role("button", name="をダウンロード").filter(has_text="仕訳_yayoi_")
    refused = run.locator('[data-testid="stAlertContentError"]')  # the error widget
    button.or_(refused).first.wait_for()
    assert not refused.count(), refused.all_inner_texts()
    with page.expect_download() as download:
        button.click()
    shot(page, f"close-runs-{run_id[:8]}")
    return Path(download.value.path()).read_bytes()


def _yayoi_lines(data: bytes) -> list[list[str]]:
    lines = list(csv.reader(io.StringIO(data.decode("cp932"), newline="")))
    assert all(len(line) == 25 for line in lines), [len(line) for line in lines]
    return lines


def test_the_month_closes_in_the_browser(
    master: None,
    form_app: tuple[str, Callable[[], str]],
    page: Any,
    shots: Shot,
    started_runs: list[str],
) -> None:
    url, read_log = form_app

    # --- the first run: upload, confirm, correct one account, approve --------------------------
    first = _start_and_upload(page, url, started_runs, shots)
    page.locator('[data-testid="stMetric"]').filter(has_text="仕入の合計").wait_for()
    shots(page, "close-1-review-top", full_page=False)  # the cards, as the window opens
    grid = _entries_grid(page)
    shots(page, "close-1-review")
    _editable_columns_on_screen(page, grid)
    row = _vendor_row(grid)
    assert _account_cell(grid, row).inner_text() == "消耗品費"  # the master's default
    _change_account(page, grid, row, "通信費")
    shots(page, "close-1-review-grid", full_page=False)  # the grid as the window shows it
    _send(page, approve=True)
    _wait(first, None, "COMPLETED")

    lines = _yayoi_lines(_download_yayoi(page, url, first, shots))
    vendor = [line for line in lines if VENDOR in line[16]]
    assert vendor and vendor[0][4] == "通信費", vendor  # 借方勘定科目 of its first entry
    assert len({line[21].split()[0] for line in lines}) == ENTRIES  # 仕訳メモ: entry id, run id

    # --- what was learned, and who did it ------------------------------------------------------
    with CounterpartyStore() as store:
        learned = [r for r in store.rules() if r.origin == "learned"]
        assert [(r.counterparty_code, r.account, r.created_by) for r in learned] == [
            ("MIDORI", "通信費", "yamada")
        ]
        log = [c for c in store.changes(target="rule") if c.who == "yamada"]
        assert log and log[0].at
    page.goto(f"{url}/counterparties")
    page.get_by_role("tab", name="学習したルール").click()
    page.locator('td[id^="glide-cell-"]', has_text="通信費").first.wait_for(state="attached")
    shots(page, "close-parties-rules")
    page.get_by_role("tab", name="変更履歴").click()
    page.locator('td[id^="glide-cell-"]', has_text="yamada").first.wait_for(state="attached")
    shots(page, "close-parties-log")

    page.goto(f"{url}/evidence")
    page.get_by_text("件見つかりました").first.wait_for()
    image = page.locator('[data-testid="stImage"]', has_text="1 ページ目").locator("img")
    page.wait_for_function(
        "img => img.complete && img.naturalHeight > 0", arg=image.element_handle()
    )
    shots(page, "close-evidence")

    # --- the same period again: the rule suggests, nothing is exported twice --------------------
    second = _start_and_upload(page, url, started_runs, shots)
    grid = _entries_grid(page)
    shots(page, "close-2-review")
    row = _vendor_row(grid)
    assert _account_cell(grid, row).inner_text() == "通信費"  # learned from yamada
    exported = page.locator('[data-testid="stMetric"]').filter(has_text="出力済みの仕訳")
    assert exported.locator('[data-testid="stMetricValue"]').inner_text() == str(ENTRIES)
    _send(page, approve=True)
    _wait(second, None, "COMPLETED")

    data = _download_yayoi(page, url, second, shots)
    assert _yayoi_lines(data) == []  # every entry was in the first run's file
    page.get_by_text(f"{ENTRIES} 件の仕訳はほかの実行（{first[:8]}）で出力済みのため").wait_for()
    assert "Traceback" not in read_log()
