"""End to end in Debian's headless Chromium: a run pauses for a ZIP upload and a
confirmation; a person opens the inbox, follows the link, uploads, submits; the run completes
and parses the uploaded ZIP. An invalid value keeps the run paused and shows the message.

Chromium is Debian's (`apt-get install -y chromium chromium-driver`), driven by the
`playwright` package with `executable_path`; never `playwright install`. Japanese text is
rendered with the IPAex Gothic font shipped by matplotlib-fontja (added through a fontconfig
file), so the screenshots need no system CJK font.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from keiri.base.catalog import t
from tests.conftest import ROOT
from tests.support.catalog_text import message
from tests.support.timing import scaled_ms
from tests.ui_app.samples import evidence_zip

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
_KEIRI_UI = "import sys; from keiri.cli.main import main; sys.exit(main(sys.argv[1:]))"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.prefect,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Debian's Chromium is not installed (apt-get install -y chromium chromium-driver)",
    ),
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _alive(session: int) -> bool:
    """True if a process of the session `session` (keiri ui's) is still running."""
    time.sleep(0.5)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == session and fields[0] != "Z":  # fields[3]: the session id
            return True
    return False


def _fontconfig(tmp_path: Path) -> Path:
    """A fontconfig file: the system's fonts plus matplotlib-fontja's Japanese TTF."""
    import matplotlib_fontja

    fonts = Path(matplotlib_fontja.__file__).parent / "fonts"
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        f"  <dir>{fonts}</dir>\n  <cachedir>{tmp_path / 'fontcache'}</cachedir>\n"
        "</fontconfig>\n",
        encoding="utf-8",
    )
    return conf


@pytest.fixture
def zip_run(paused_run: Callable[[str], str]) -> str:
    """A run paused for the ZIP upload, started before the browser: Playwright's sync API
    keeps an event loop running, under which Prefect's dual sync/async calls turn async."""
    return paused_run("zip_upload_confirm")


@pytest.fixture
def form_app(
    paused_run: Callable[[str], str], tmp_path: Path
) -> Iterator[tuple[str, Callable[[], str]]]:
    """`keiri ui` on a free loopback port (the real command); yields (url, log reader)."""
    port = _free_port()
    log_path = tmp_path / "keiri-ui.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-c", _KEIRI_UI, "ui", "--port", str(port)],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env=os.environ.copy(),
            start_new_session=True,
        )

    def read_log() -> str:
        return log_path.read_text(encoding="utf-8", errors="replace")[-4000:]

    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"keiri ui did not start:\n{read_log()}")
        time.sleep(0.3)
    try:
        yield url, read_log
    finally:
        process.terminate()  # keiri ui passes SIGTERM on to Streamlit
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # its own session: keiri ui and Streamlit
            process.wait()
        assert not _alive(process.pid), "Streamlit outlived keiri ui"


@pytest.fixture
def browser_page(tmp_path: Path) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    env: dict[str, str | float | bool] = {
        **os.environ,
        "FONTCONFIG_FILE": str(_fontconfig(tmp_path)),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, env=env
        )
        page = browser.new_page(viewport={"width": 1280, "height": 1400}, locale="ja-JP")
        page.set_default_timeout(30_000)
        try:
            yield page
        finally:
            browser.close()


def _open_form_from_inbox(page: Any, url: str, run_id: str, shots: Path) -> None:
    page.goto(url)
    page.get_by_role("heading", name=t("inbox.title")).wait_for()
    page.get_by_text("4月分の証跡 ZIP をアップロードし").first.wait_for()
    page.screenshot(path=str(shots / "inbox.png"), full_page=True)
    page.locator(f'a[href*="run={run_id}"]').first.click()
    page.get_by_role("heading", name=t("form.title")).wait_for()
    page.get_by_role("heading", name="4月分の証跡の受け取りと承認").wait_for()


def _fill_period(page: Any, value: str) -> None:
    field = page.get_by_label("対象月" + t("form.required_mark"))  # the plan's label
    field.fill(value)
    field.press("Enter")


def _record(run_id: str) -> dict[str, Any]:
    from flows.lifecycle.runs import outcome

    return outcome(run_id).to_json()


def test_upload_zip_confirm_and_the_run_completes(
    zip_run: str,
    form_app: tuple[str, Callable[[], str]],
    browser_page: Any,
    tmp_path: Path,
) -> None:
    from flows.lifecycle.control import wait_for_run

    url, read_log = form_app
    page = browser_page
    run_id = zip_run
    archive = tmp_path / "証跡_2024年4月.zip"
    archive.write_bytes(evidence_zip())

    _open_form_from_inbox(page, url, run_id, tmp_path)
    page.locator('input[type="file"]').first.set_input_files(str(archive))
    page.get_by_text(message("form.accepted_files", count=1)).wait_for()
    _fill_period(page, "2024-04")
    page.get_by_text(t("form.approved"), exact=True).click()
    page.get_by_label(t("form.response")).fill("内容を確認しました")
    page.screenshot(path=str(tmp_path / "form-filled.png"), full_page=True)
    page.get_by_role("button", name=t("form.submit")).click()
    page.get_by_text(message("form.submitted", by="yamada")).wait_for()
    page.screenshot(path=str(tmp_path / "form-submitted.png"), full_page=True)

    view = wait_for_run(run_id, since_pause_key="upload", timeout=90)
    assert view.state_type == "COMPLETED", (view, read_log())
    outputs = _record(run_id)["outputs"]
    assert outputs["upload"]["collected_data"]["period"] == "2024-04"
    assert outputs["upload"]["approved"] is True
    assert outputs["upload"]["response"] == "内容を確認しました"
    assert outputs["upload"]["metadata"]["answered_by"] == "yamada"
    evidence = outputs["parse"]["evidence_data"]
    assert evidence["source"]["name"] == archive.name
    texts = {f["path"]: f["text"] for f in evidence["files"]}
    assert "ご請求金額 ¥35,698-" in texts["株式会社山田商店/請求書_2024年04月_001.txt"]
    assert {f["name"] for f in evidence["folders"]} == {"", "株式会社山田商店"}


def test_invalid_value_shows_the_message_and_the_run_stays_paused(
    zip_run: str,
    form_app: tuple[str, Callable[[], str]],
    browser_page: Any,
    tmp_path: Path,
) -> None:
    from flows.lifecycle.control import find_run

    url, _read_log = form_app
    page = browser_page
    run_id = zip_run
    _open_form_from_inbox(page, url, run_id, tmp_path)
    _fill_period(page, "2024/04")
    page.get_by_role("button", name=t("form.submit")).click()
    page.get_by_text(t("field.pattern_example", example="2024-04")).wait_for()
    page.get_by_text(t("field.required")).first.wait_for()
    page.screenshot(path=str(tmp_path / "form-invalid.png"), full_page=True)
    assert page.get_by_label("対象月" + t("form.required_mark")).input_value() == "2024/04"
    time.sleep(1.5)  # longer than the pause's poll interval: nothing resumed it
    run = find_run(run_id)
    assert run.state is not None and run.state.type.value == "PAUSED"


@pytest.fixture
def paused_after_start(
    form_app: tuple[str, Callable[[], str]], paused_run: Callable[[str], str]
) -> str:
    """A run that pauses after `keiri ui` started (and read its first inbox ahead)."""
    return paused_run("ask_then_record")


def test_a_run_paused_after_the_app_started_is_listed_in_the_inbox(
    form_app: tuple[str, Callable[[], str]],
    paused_after_start: str,
    browser_page: Any,
    tmp_path: Path,
) -> None:
    """The first inbox may be drawn from what was read when the app started
    (`ui_app.read_ahead`); it is read again at once, so a form asked meanwhile is listed."""
    url, read_log = form_app
    page = browser_page
    page.goto(url)
    page.get_by_role("heading", name=t("inbox.title")).wait_for()
    link = page.locator(f'a[href*="run={paused_after_start}"]').first
    link.wait_for(timeout=scaled_ms(30_000))
    page.screenshot(path=str(tmp_path / "inbox-after-start.png"), full_page=True)
    assert "Traceback" not in read_log()


@pytest.fixture
def bare_page() -> Iterator[Any]:
    """Chromium with the system's fonts only (no CJK font: Japanese must come from the app)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="ja-JP")
        page.set_default_timeout(30_000)
        try:
            yield page
        finally:
            browser.close()


_GLYPHS = "受信箱請求書"


def _glyph_shots(page: Any, family: str) -> list[bytes]:
    """Each glyph of `_GLYPHS`, rendered alone in `family`, as PNG bytes."""
    page.evaluate(
        """([family, glyphs]) => {
            for (const old of document.querySelectorAll('.keiri-glyph')) old.remove();
            glyphs.split('').forEach((ch, i) => {
                const span = document.createElement('span');
                span.className = 'keiri-glyph';
                span.id = 'keiri-glyph-' + i;
                span.textContent = ch;
                Object.assign(span.style, {position: 'fixed', left: (400 + i * 70) + 'px',
                    top: '400px', fontSize: '48px', fontFamily: family, background: '#fff',
                    color: '#000', zIndex: 99999, lineHeight: '1'});
                document.body.appendChild(span);
            });
        }""",
        [family, _GLYPHS],
    )
    page.evaluate(
        """async () => {
            await document.fonts.ready;
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
        }"""
    )
    return [page.locator(f"#keiri-glyph-{i}").screenshot() for i in range(len(_GLYPHS))]


def _distinct(shots: list[bytes]) -> int:
    """How many different glyph images (pixels compared, antialiasing noise ignored)."""
    import io

    from PIL import Image, ImageChops

    images = [Image.open(io.BytesIO(s)).convert("L") for s in shots]
    kinds: list[Any] = []
    for image in images:
        same = any(
            k.size == image.size
            and sum(v > 64 for v in ImageChops.difference(k, image).tobytes()) < 20
            for k in kinds
        )
        if not same:
            kinds.append(image)
    return len(kinds)


def _ink(png: bytes) -> int:
    """Dark pixels in a glyph shot (a blank or a hollow box has few)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("L")
    return sum(1 for value in image.tobytes() if value < 128)


def test_japanese_renders_without_a_system_cjk_font(
    form_app: tuple[str, Callable[[], str]], bare_page: Any, tmp_path: Path
) -> None:
    """Pixel test against tofu: without a CJK font every kanji falls back to the same
    .notdef box (identical shots); with the app's web font each kanji has its own shape."""
    url, read_log = form_app
    page = bare_page
    with urllib.request.urlopen(f"{url}/app/static/fonts/ipaexg.ttf", timeout=10) as response:
        assert response.status == 200 and len(response.read()) > 1_000_000  # served
    page.goto(url)
    page.get_by_role("heading", name=t("inbox.title")).wait_for()
    # The page's own text asks for the Japanese face; wait until it has arrived (6 MB).
    page.evaluate(
        """async () => { await document.fonts.load('48px "Source Sans"', '受信箱');
                         await document.fonts.ready; }"""
    )
    page.screenshot(path=str(tmp_path / "inbox-no-cjk-font.png"), full_page=True)

    control = _glyph_shots(page, "keiri-no-such-font, sans-serif")
    for i, shot in enumerate(control):
        (tmp_path / f"control-{i}.png").write_bytes(shot)
    if _distinct(control) > 1:
        pytest.skip("a CJK font is installed system-wide: tofu cannot be told apart")
    served = _glyph_shots(page, '"Source Sans", sans-serif')
    for i, shot in enumerate(served):
        (tmp_path / f"served-{i}.png").write_bytes(shot)
    assert _distinct(served) == len(_GLYPHS), "kanji render as identical boxes (tofu)"
    assert _distinct([control[0], *served]) == len(_GLYPHS) + 1
    assert min(_ink(s) for s in served) > 100, read_log()
    # Streamlit's own page text uses the same family: the heading is not tofu either.
    heading = page.get_by_role("heading", name=t("inbox.title"))
    family = heading.evaluate("e => getComputedStyle(e).fontFamily")
    assert "Source Sans" in family
    loaded = page.evaluate(
        "() => [...document.fonts].filter(f => f.status === 'loaded')"
        ".map(f => f.family.replaceAll('\"', ''))"
    )
    assert "Source Sans" in loaded


def test_upload_texts_are_japanese(
    zip_run: str, form_app: tuple[str, Callable[[], str]], bare_page: Any, tmp_path: Path
) -> None:
    url, _read_log = form_app
    page = bare_page
    page.goto(f"{url}/form?run={zip_run}")
    dropzone = page.locator('[data-testid="stFileUploaderDropzone"]').first
    dropzone.wait_for()
    page.screenshot(path=str(tmp_path / "upload-texts.png"), full_page=True)
    visible = page.locator("section.stMain, [data-testid='stMain']").first.inner_text()
    for english in ("per file", "Drag and drop", "Browse files"):
        assert english not in visible, visible
    label = dropzone.locator("button").first.evaluate(
        "b => getComputedStyle(b.querySelector('p') || b, '::after').content"
    )
    assert t("form.browse_files") in label
    assert page.get_by_text(message("form.upload_help")).first.is_visible()
