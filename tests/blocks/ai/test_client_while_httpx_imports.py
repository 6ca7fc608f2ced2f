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

    half_made = threading.Event()
    finish = threading.Event()

    class Loader(importlib.abc.Loader):
        def create_module(self, spec):
            return None

        def exec_module(self, module):
            module.Client = type("Client", (), {})
            half_made.set()
            finish.wait(10)  # the rest of the module is made later
            module.URL = type("URL", (), {})
            module.AsyncClient = type("AsyncClient", (), {})
            module.Timeout = type("Timeout", (), {})
            module.Limits = type("Limits", (), {})
            module.Response = type("Response", (), {})

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

    sys.modules.pop("httpx", None)
    sys.meta_path.insert(0, Finder())
    threading.Thread(target=lambda: __import__("httpx"), daemon=True).start()
    assert half_made.wait(10)
    threading.Timer(0.5, finish.set).start()  # the other thread finishes its import soon

    started = time.monotonic()
    client = LLMClient(LLMSettings(provider="openai", model="m", api_key="sk-test",
                                   base_url="http://127.0.0.1:9/v1"))
    waited = time.monotonic() - started
    assert hasattr(sys.modules["httpx"], "URL")
    print(f"built after {waited:.2f} s: {type(client._client).__name__}")
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
    assert "built after" in done.stdout, done.stdout
    assert float(done.stdout.split("built after ")[1].split(" s")[0]) >= 0.3  # it waited


def test_without_the_wait_openai_sees_the_half_made_module() -> None:
    # why the wait is there: openai reads the module while it is being made
    done = _run("without-the-wait")
    assert done.returncode != 0
    assert "has no attribute 'URL'" in done.stderr, done.stderr[-3000:]
