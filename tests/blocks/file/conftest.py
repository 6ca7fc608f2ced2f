"""Fixtures of the file block tests: a sandboxed store, the blocks from their shipped specs,
the evidence generator (samples/make_evidence.py) and real files made from it."""

from __future__ import annotations

import importlib.util
import io
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from pypdf import PdfWriter

from blocks.sdk.base import Block
from blocks.sdk.context import BlockContext
from blocks.sdk.spec import BlockSpec
from blocks.sdk.store import FileStore

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "samples" / "evidence"


def load_block(block_id: str) -> Block:
    category = block_id.split(".", 1)[0]
    path = ROOT / "block_specs" / category / f"{block_id}.yaml"
    spec = BlockSpec.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    module = importlib.import_module(spec.module_name)
    cls: type[Block] = getattr(module, spec.class_name)
    return cls(spec)


@pytest.fixture(scope="session")
def evidence() -> ModuleType:
    """samples/make_evidence.py as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location(
        "make_evidence", ROOT / "samples" / "make_evidence.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_evidence"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def invoice_pdfs(evidence: ModuleType) -> list[bytes]:
    """Three generated invoices, one per layout (standard, compact, 2-page statement)."""
    return [evidence.render_pdf(inv) for inv in evidence.build_invoices(3)]


@pytest.fixture(scope="session")
def office_files(evidence: ModuleType) -> dict[str, bytes]:
    invoices = evidence.build_invoices(2)
    return {"docx": evidence.render_docx(invoices[0]), "xlsx": evidence.render_xlsx(invoices[1])}


@pytest.fixture(scope="session")
def encrypted_pdf(invoice_pdfs: list[bytes]) -> bytes:
    writer = PdfWriter(clone_from=io.BytesIO(invoice_pdfs[0]))
    writer.encrypt(user_password="open-me", owner_password="owner", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _files(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def sandbox(tmp_path: Path, keiri_home: Path) -> Iterator[Path]:
    """A folder holding the store; after the test, every new file must be inside the store's
    objects (nothing extracted beside it, no temporary file left behind). The run's OCR
    ledger in the keiri home (`blocks.file.ocr_budget`) is state, not an extracted file."""
    root = tmp_path / "sandbox"
    root.mkdir()
    before = _files(tmp_path)
    yield root
    added = _files(tmp_path) - before
    kept = (root / "store" / "objects", keiri_home / "budgets" / "ocr")
    outside = sorted(str(p) for p in added if not any(k in p.parents for k in kept))
    assert outside == [], f"files written outside the store's objects: {outside}"


@pytest.fixture
def store(sandbox: Path) -> FileStore:
    return FileStore(sandbox / "store")


@pytest.fixture
def events() -> list[tuple[str, dict[str, Any]]]:
    return []


@pytest.fixture
def ctx(store: FileStore, events: list[tuple[str, dict[str, Any]]]) -> BlockContext:
    def emit(event: str, **fields: Any) -> None:
        events.append((event, fields))

    return BlockContext(run_id="t", plan_id="t", node_id="n", file_store=store, emit=emit)


@pytest.fixture
def put(store: FileStore) -> Callable[[bytes, str], dict[str, Any]]:
    def _put(data: bytes, name: str) -> dict[str, Any]:
        return store.put_bytes(data, name).model_dump(mode="json")

    return _put


@pytest.fixture
def run(ctx: BlockContext) -> Callable[..., dict[str, Any]]:
    def _run(block_id: str, **inputs: Any) -> dict[str, Any]:
        return load_block(block_id).execute(ctx, inputs)

    return _run
