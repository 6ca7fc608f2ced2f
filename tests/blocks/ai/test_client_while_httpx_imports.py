"""The LLM client is built while another thread of the process is still importing `httpx`
(the form app reads Prefect's runs ahead in the background; seen once in CI as 「module 'httpx'
has no attribute 'URL'」 on the copilot page). openai looks the legacy `httpx` up in
`sys.modules` without the import lock, so it may see the module half made; the client waits
for the import to finish first.

Run in a fresh interpreter: a stand-in `httpx` whose import another thread holds half done (a
meta path finder serving it blocks in the middle of its module's code), then the real openai
client built by `LLMClient` in the main thread."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.conftest import ROOT
from tests.support.timing import scaled

SCRIPT = textwrap.dedent(
    """
    import importlib.abc, importlib.machinery, sys, threading, time

    happened = []  # what happened, in order
    half_made = threading.Event()
    finish = threading.Event()

    class Loader(importlib.abc.Loader):
        def create_module(self, spec):
            return None

        def exec_module(self, module):
            module.Client = type("Client", (), {})
            half_made.set()
            finish.wait(120)  # the rest of the module is made once the main thread waits
            for name in ("URL", "AsyncClient", "Timeout", "Limits", "Response"):
                setattr(module, name, type(name, (), {}))
            happened.append("httpx whole")

    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == "httpx":
                return importlib.machinery.ModuleSpec(name, Loader())
            return None

    import openai  # noqa: F401  (its own import does not touch httpx)
    import blocks.llm.client as client_module
    from blocks.llm.client import LLMClient, LLMSettings

    if sys.argv[1] == "without-the-wait":
        client_module._legacy_httpx_whole = lambda: None

    main = threading.get_ident()

    def release_once_the_main_thread_waits():
        # a state, not a time: the main thread's stack is inside the wait for httpx
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            frame = sys._current_frames().get(main)
            while frame is not None and frame.f_code.co_name != "_legacy_httpx_whole":
                frame = frame.f_back
            if frame is not None:
                happened.append("client waits")
                break
            time.sleep(0.001)
        finish.set()

    sys.modules.pop("httpx", None)
    sys.meta_path.insert(0, Finder())
    threading.Thread(target=lambda: __import__("httpx"), daemon=True).start()
    assert half_made.wait(120)
    threading.Thread(target=release_once_the_main_thread_waits, daemon=True).start()

    client = LLMClient(LLMSettings(provider="openai", model="m", api_key="sk-test",
                                   base_url="http://127.0.0.1:9/v1"))
    happened.append("client built")
    assert hasattr(sys.modules["httpx"], "URL")
    print(" -> ".join(happened), type(client._client).__name__)
    """
)


def _run(mode: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, mode],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=scaled(120),
    )


def test_the_client_waits_for_another_threads_import_of_httpx() -> None:
    done = _run("as-built")
    assert done.returncode == 0, done.stderr[-3000:]
    # the client waited for the other thread's import, and was built once httpx was whole
    assert done.stdout.split() == ["client", "waits", "->", "httpx", "whole", "->", "client",
                                   "built", "OpenAI"], done.stdout  # fmt: skip


def test_without_the_wait_openai_sees_the_half_made_module() -> None:
    # why the wait is there: openai reads the module while it is being made (the other thread
    # is never released: nothing waits for it)
    done = _run("without-the-wait")
    assert done.returncode != 0
    assert "has no attribute 'URL'" in done.stderr, done.stderr[-3000:]
