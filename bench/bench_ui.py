"""The form app and the LLM commands as an accountant waits for them (issue 26): medians of
`--repeat` (5) against the targets, in Debian's headless Chromium at 1366×768.

- `keiri ui` start → the inbox drawn (≤ 3 s): from starting the real `keiri ui` process to the
  受信箱 heading and its content drawn;
- the runs page with 200 runs (≤ 1.5 s): a visit of 実行履歴 while the local Prefect server holds
  200 ended plan runs (the page lists the newest 30); the first visit of each app process and
  the next one (the app's caches of `ui_app.backend`) are both printed;
- 実行を開始 → the page answers (≤ 1 s; 「開始しました」 drawn) and → the first form drawn (≤ 5 s),
  for a one-form design;
- the first visit of 分析 and コパイロット in a fresh app (≤ 3 s each);
- `keiri chat` / `keiri analyze` without LLM settings → the message (≤ 1.5 s).

Everything runs against a Prefect server of its own under a temporary keiri home (stopped at
the end); nothing is sent to an LLM. `--with-key` sets a placeholder OpenAI key (never used:
no message is sent), so 分析 and コパイロット draw as when configured (the copilot opens its
session and reads the runs); without it they draw the 「管理者の設定が必要です」 notice.

Run: .venv/bin/python bench/bench_ui.py [--repeat 5] [--with-key]
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
KEIRI = ROOT / ".venv" / "bin" / "keiri"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
LLM_ENV = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "AZURE_OPENAI_API_KEY", "AZURE_OPENAI_ENDPOINT")
#: measure -> target (seconds).
TARGETS = {
    "keiri ui start -> inbox drawn": 3.0,
    "runs page, 200 runs (first visit)": 1.5,
    "runs page, 200 runs (next visit)": 1.5,
    "実行を開始 -> page answers": 1.0,
    "実行を開始 -> first form drawn": 5.0,
    "分析 first visit": 3.0,
    "コパイロット first visit": 3.0,
    "keiri chat without a key -> message": 1.5,
    "keiri analyze without a key -> message": 1.5,
}
DESIGN = """\
apiVersion: v1
id: bench_first_form
version: 1.0.0
description: ベンチマーク用の確認
graph:
  - id: confirm
    block: ui.interactive_input
    in:
      mode: confirm
      message: 内容を確認して承認してください
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _settled(page: Any) -> None:
    """Streamlit has drawn the page: no script running, nothing stale, labels drawn."""
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " && !document.querySelector('[data-stale=\"true\"]')"
        " && [...document.querySelectorAll('summary')].every(s => s.innerText.trim())",
        timeout=120_000,
    )


def _seed_runs(count: int) -> None:
    """`count` ended plan runs on the server (as `flows.run_plan` tags them)."""
    from prefect import flow
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.objects import State
    from prefect.states import Completed

    @flow(name="run_plan")
    def run_plan() -> None:  # never run: only its name is registered
        return None

    start = datetime.now(UTC) - timedelta(days=30)
    with get_client(sync_client=True) as client:
        for i in range(count):
            began = start + timedelta(hours=3 * i)
            state: State[Any] = Completed()
            state.timestamp = began + timedelta(seconds=40)
            client.create_flow_run(
                run_plan,
                name=f"monthly_invoice_check-{began:%Y%m%d-%H%M%S}",
                parameters={"plan": "designs/monthly_invoice_check.yaml"},
                tags=["plan:monthly_invoice_check", "plan-version:1.0.0"],
                state=state,
            )


@contextmanager
def _form_app(env: dict[str, str], log: Path) -> Iterator[tuple[str, float, Any]]:
    """`keiri ui` on a free port; (url, the moment it was started, the process)."""
    port = _free_port()
    started = time.perf_counter()
    with log.open("ab") as out:
        process = subprocess.Popen(
            [str(KEIRI), "ui", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=env["KEIRI_BENCH_CWD"],
            env=env,
            start_new_session=True,
        )
    try:
        yield f"http://127.0.0.1:{port}", started, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _wait_health(url: str, process: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("keiri ui ended before it answered")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("keiri ui did not answer")


def _timed(action: Callable[[], None]) -> float:
    began = time.perf_counter()
    action()
    return time.perf_counter() - began


def _app_round(page: Any, env: dict[str, str], log: Path, results: dict[str, list[float]]) -> None:
    """One fresh `keiri ui`: inbox, first visits of 分析 / コパイロット, runs (twice), a start."""
    from flows.lifecycle import runs

    with _form_app(env, log) as (url, started, process):
        _wait_health(url, process)
        page.goto(url)
        page.get_by_role("heading", name="受信箱").wait_for(timeout=120_000)
        _settled(page)
        results["keiri ui start -> inbox drawn"].append(time.perf_counter() - started)

        for name, path, heading in (
            ("分析 first visit", "analysis", "分析"),
            ("コパイロット first visit", "copilot", "コパイロット"),
        ):

            def visit(path: str = path, heading: str = heading) -> None:
                page.goto(f"{url}/{path}")
                page.get_by_role("heading", name=heading).first.wait_for(timeout=120_000)
                page.locator('[data-testid="stChatInput"]').first.wait_for(timeout=120_000)
                _settled(page)

            results[name].append(_timed(visit))

        for name in ("runs page, 200 runs (first visit)", "runs page, 200 runs (next visit)"):

            def runs_page() -> None:
                page.goto(f"{url}/runs")
                page.get_by_role("heading", name="実行履歴").wait_for(timeout=120_000)
                page.locator('[data-testid="stExpander"]').nth(29).wait_for(timeout=120_000)
                _settled(page)

            results[name].append(_timed(runs_page))

        page.goto(f"{url}/new_run")
        start = page.get_by_role("button", name="実行を開始").first
        start.wait_for(timeout=120_000)
        _settled(page)
        clicked = time.perf_counter()
        start.click()
        page.get_by_text("開始しました").first.wait_for(timeout=120_000)
        results["実行を開始 -> page answers"].append(time.perf_counter() - clicked)
        page.get_by_role("heading", name="入力フォーム").wait_for(timeout=300_000)
        page.get_by_text("内容を確認して承認してください").first.wait_for(timeout=120_000)
        results["実行を開始 -> first form drawn"].append(time.perf_counter() - clicked)
        run_id = page.url.split("run=", 1)[1].split("&", 1)[0]
        runs.cancel(run_id, "bench")


def _cli_round(env: dict[str, str], data: Path, results: dict[str, list[float]]) -> None:
    for name, args, code in (
        ("keiri chat without a key -> message", ["chat"], 2),
        ("keiri analyze without a key -> message", ["analyze", str(data), "-q", "合計は？"], 1),
    ):
        began = time.perf_counter()
        done = subprocess.run(
            [str(KEIRI), *args],
            capture_output=True,
            env=env,
            cwd=env["KEIRI_BENCH_CWD"],
            stdin=subprocess.DEVNULL,
            check=False,
            timeout=120,
        )
        elapsed = time.perf_counter() - began
        if done.returncode != code:
            raise RuntimeError(f"keiri {args[0]}: exit {done.returncode}\n{done.stderr[-2000:]!r}")
        results[name].append(elapsed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--with-key", action="store_true")
    options = parser.parse_args()

    home = Path(tempfile.mkdtemp(prefix="keiri-bench-ui-"))
    designs = home / "designs"
    designs.mkdir()
    (designs / "bench_first_form.yaml").write_text(DESIGN, encoding="utf-8")
    data = home / "売上.csv"
    data.write_text("部門,売上\n営業部,120000\n", encoding="utf-8")
    for name in LLM_ENV:
        os.environ.pop(name, None)
    os.environ.update(
        KEIRI_HOME=str(home / "home"),
        KEIRI_RUNS_DIR=str(home / "runs"),
        KEIRI_DESIGNS_DIR=str(designs),
        KEIRI_USER="bench",
        KEIRI_LANG="ja",
        KEIRI_BENCH_CWD=str(home),  # no `.env` of a work tree
    )
    os.environ.pop("KEIRI_UI_SECRET", None)
    from tests.support.prefect_server import start_test_server

    load_before = os.getloadavg()
    _api, stop_server = start_test_server(home / "server")
    try:
        _seed_runs(200)
        cli_env = dict(os.environ)
        app_env = dict(os.environ)
        if options.with_key:
            # A placeholder: nothing is sent (no message is typed), the pages draw as configured.
            app_env.update(
                OPENAI_API_KEY="sk-bench-unused", OPENAI_BASE_URL="http://127.0.0.1:9/v1"
            )
        results: dict[str, list[float]] = {name: [] for name in TARGETS}
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1366, "height": 768}, locale="ja-JP")
            for _ in range(options.repeat):
                _app_round(page, app_env, home / "keiri-ui.log", results)
                _cli_round(cli_env, data, results)
            browser.close()
    finally:
        stop_server()
    load_after = os.getloadavg()
    _report(results, options, load_before, load_after)


def _padded(text: str, columns: int) -> str:
    """`text` padded to `columns` terminal columns (a Japanese character takes two)."""
    width = sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)
    return text + " " * max(columns - width, 0)


def _report(
    results: dict[str, list[float]],
    options: argparse.Namespace,
    load_before: tuple[float, float, float],
    load_after: tuple[float, float, float],
) -> None:
    out = sys.stdout
    out.write(
        f"bench_ui: medians of {options.repeat}"
        f"{' (a placeholder LLM key set for the app)' if options.with_key else ' (no LLM key)'}; "
        f"{os.cpu_count()} cores; load average "
        f"{' '.join(f'{v:.2f}' for v in load_before)} before, "
        f"{' '.join(f'{v:.2f}' for v in load_after)} after\n"
    )
    out.write(f"{'measure':44} {'median s':>9} {'target s':>9} {'ratio':>6}  samples\n")
    for name, target in TARGETS.items():
        samples = results[name]
        median = statistics.median(samples)
        ratio = median / target
        mark = "ok" if ratio <= 1 else "OVER"
        shown = " ".join(f"{s:.2f}" for s in samples)
        out.write(
            f"{_padded(name, 44)} {median:9.2f} {target:9.2f} {ratio:6.2f}  {shown}  {mark}\n"
        )


if __name__ == "__main__":
    main()
