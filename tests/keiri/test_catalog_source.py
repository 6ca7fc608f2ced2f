"""One catalog (issue 29): what people read comes from `keiri.base.catalog`, in both languages.

AST scans of the product code (`keiri`, `blocks`, `compiler`, `flows`, `designer`, `ui_app`;
the catalog's own part modules aside):

- **No Japanese literal outside the catalog.** A string literal with Japanese in it would read
  the same with `KEIRI_LANG=en`. Docstrings and `Field(description=...)` (documentation) are not
  literals people read. Vocabulary (the words a reader looks for in a document, era names,
  company suffixes, the names of secrets) and prompts to a model are data, not messages: their
  modules are listed in `DATA` with the reason. No module is exempt otherwise.
- **No key built at run time**: no f-string or `+` that starts with a catalog prefix and a dot,
  no reader given one (a choice between messages is a mapping of literal keys).
- **Every key written exists in both languages, every catalog key is written somewhere**
  (product code, `scripts/`, or a command's `--help`, which is read by its command path).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from keiri.base.catalog import CATALOG, LANGUAGES, PARTS, placeholders
from tests.conftest import ROOT
from tests.support.source_text import built_keys, japanese_literals, key_literals

PRODUCT = ("keiri", "blocks", "compiler", "flows", "designer", "ui_app")
_CATALOG = ROOT / "keiri" / "base" / "catalog"
_PART_FILES = {_CATALOG / f"{name}.py" for name in PARTS.values()}

#: Modules whose Japanese is data, not messages -> why.
DATA: dict[str, str] = {
    "blocks/text/japanese.py": "era names, company suffixes, yes/no and other words people type",
    "blocks/text/amounts.py": "the yen amount grammar (円, 円也, 税込, △)",
    "blocks/invoice/doc_kinds.py": "the titles and labels that tell a document's kind",
    "blocks/file/ocr_engines.py": "OCR misreadings of Japanese dates, rules and ¥ (半), as patterns",
    "keiri/base/masking.py": "the Japanese names of secrets whose values are masked",
    "designer/vocabulary.py": "the accounting words a request is matched to blocks by",
    "designer/presets.py": "the fields an extraction preset asks the model for, as documents name them",
    "designer/prompts.py": "the designer's prompts; the model answers with a plan",
    "designer/prompt_words.py": "the words the designer writes into its prompts",
    "blocks/llm/process_llm.py": "the default prompt to the model (English, with one Japanese word)",
    "blocks/forms/date_fields.py": "the grammar of typed months and periods (年, 元, から, 〜)",
    "blocks/archive/add.py": "the dashes a registration number is typed with (ー)",
    "blocks/archive/search.py": "the dashes a registration number is typed with (ー)",
    "blocks/archive/export.py": "the export's column names, the search items the law names",
    "blocks/registration/numbers.py": "the dashes a registration number is typed with (ー)",
    "blocks/registration/reader.py": "the names of the NTA's download files (全件, 差分, 法人)",
    "blocks/registration/layout.py": "the column layout of the NTA's registration file",
    "blocks/counterparties/csvio.py": "the column names of the counterparty master CSV",
    "blocks/counterparties/linking.py": "the statement columns a payment is read from (摘要, 出金)",
    "blocks/counterparties/models.py": "the account kinds banks name (普通, 当座, 貯蓄)",
    "blocks/counterparties/names.py": "company suffixes and transfer prefixes, as patterns",
    "blocks/text/payment_terms.py": "the grammar of payment terms (末締め翌月末払い)",
    "blocks/journals/payments.py": "account names and statement columns written into entries",
    "blocks/journals/purchases.py": "account names written into entries, the review mark",
    "blocks/journals/tax.py": "the words that mark an issuer as registered (登録済, 適格)",
    "blocks/journals/formats.py": "the export's amount columns, found by their names",
    "blocks/journals/export_file.py": "the generic layout's column names and the 仕訳 sheet's 出力 column",
    "keiri/cli/evidence.py": "the unit 万 people type in an amount (`--min 5万`)",
    "blocks/analysis/prompts.py": "the analysis agent's prompts to the model (reason, code, "
    "report) and the words they frame the data and the history with",
    "blocks/invoice/vocabulary.py": "the values written into outputs and compared by plans "
    "(確定/要確認/なし, 照合済/未照合/…, the kind names, 上様) and a statement row's columns",
    "blocks/invoice/patterns.py": "the labels invoices print that extraction looks for (合計, "
    "消費税, 10%対象, 御中, 登録番号, 品名/金額), as patterns",
    "blocks/invoice/prompts.py": "the invoice readers' prompts to a model (it answers with fields)",
    "blocks/statements/vocabulary.py": "a statement's canonical columns (日付, 出金, 残高: the "
    "keys plans and the reconciliation read), the words exports print and the Zengin field names",
}


def _modules(where: str) -> list[Path]:
    base = ROOT / where
    return sorted(base.rglob("*.py")) if base.is_dir() else [base]


def _product_modules() -> list[Path]:
    return [path for root in PRODUCT for path in _modules(root) if path not in _PART_FILES]


def _exempt(path: Path) -> bool:
    relative = path.relative_to(ROOT).as_posix()
    return any(relative == key or relative.startswith(key + "/") for key in DATA)


def _japanese(paths: list[Path]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}"
        for path in paths
        for line, text in japanese_literals(path.read_text(encoding="utf-8"))
    ]


def test_the_scan_finds_japanese_and_skips_docstrings() -> None:
    source = "\n".join(
        [
            '"""受信箱: the module\'s docstring."""',
            'st.title("受信箱")',
            'x = Field(description="例: 振込手数料")',
            'label = f"{name} の送り方"',
            "def f():",
            '    """関数の説明。"""',
            '    return t("inbox.title")',
        ]
    )
    assert [line for line, _ in japanese_literals(source)] == [2, 4]


@pytest.mark.parametrize("root", PRODUCT)
def test_no_japanese_literal_outside_the_catalog(root: str) -> None:
    paths = [path for path in _product_modules() if path.is_relative_to(ROOT / root)]
    assert len(paths) > 3
    assert _japanese([path for path in paths if not _exempt(path)]) == []


@pytest.mark.parametrize("where", sorted(DATA))
def test_a_data_module_still_holds_japanese(where: str) -> None:
    """A module listed as data that no longer holds Japanese leaves the list."""
    assert _japanese(_modules(where))


# -- keys -------------------------------------------------------------------------------------

#: Literals shaped like keys that are not message keys -> what they are.
NOT_KEYS: dict[str, str] = {
    "runs.start": "a copilot tool",
    "runs.status": "a copilot tool",
    "runs.list": "a copilot tool",
    "runs.resume": "a copilot tool",
    "runs.retry": "a copilot tool",
    "runs.cancel": "a copilot tool",
}
#: A file name (`cli.log`, `design.py`) is not a key.
_FILE_NAME = re.compile(r"\.(?:py|log|json|ya?ml|sqlite3?|md|txt|csv|xlsx|pdf|zip)$")
#: Modules that build keys by design -> why.
BUILDS_KEYS: dict[str, str] = {
    "keiri/cli/help_text.py": "`--help` texts are keyed by command path (`cli.help.<path>`)",
}
_READERS = {"t", "has", "state_label", "placeholders"}


def _written_keys() -> dict[str, list[str]]:
    """key -> where it is written (`path:line`), in product code and `scripts/`."""
    found: dict[str, list[str]] = {}
    for path in _product_modules():
        for line, key in key_literals(path.read_text(encoding="utf-8"), PARTS):
            found.setdefault(key, []).append(f"{path.relative_to(ROOT)}:{line}")
    quoted = re.compile(rf"""["']((?:{"|".join(PARTS)})\.[A-Za-z0-9_.]+)["']""")
    for path in sorted((ROOT / "scripts").iterdir()):
        if path.is_file() and path.suffix in (".py", ".sh"):
            for key in quoted.findall(path.read_text(encoding="utf-8")):
                found.setdefault(key, []).append(str(path.relative_to(ROOT)))
    return found


def _help_keys() -> set[str]:
    """The `--help` keys of the complete `keiri` group (read by command path)."""
    from keiri.cli.help_text import command_paths, help_key, param_help_key
    from keiri.cli.main import COMMANDS, cli, load_command

    for name, target in COMMANDS.items():
        cli.add_command(load_command(name, target), name)
    keys: set[str] = set()
    for path, command in command_paths(cli):
        keys.add(help_key(path))
        keys.update(
            key for param in command.params if (key := param_help_key(path, param.name or ""))
        )
    return keys


def test_the_scan_finds_keys_built_at_run_time() -> None:
    source = "\n".join(
        [
            'label = t(f"cli.col.{c}")',
            'key = "state." + name.upper()',
            't(prefix + "x")',
            'words = {"paused": "state.PAUSED"}',
            "t(words[state])",
            'path = f"{home}/cli.log"',
        ]
    )
    assert sorted({line for line, _ in built_keys(source, PARTS, _READERS)}) == [1, 2, 3]


@pytest.mark.parametrize("root", PRODUCT)
def test_no_key_is_built_at_run_time(root: str) -> None:
    built = [
        f"{path.relative_to(ROOT)}:{line}: {code}"
        for path in _product_modules()
        if path.is_relative_to(ROOT / root) and path.relative_to(ROOT).as_posix() not in BUILDS_KEYS
        for line, code in built_keys(path.read_text(encoding="utf-8"), PARTS, _READERS)
    ]
    assert built == []


def test_every_key_written_exists_in_both_languages() -> None:
    written = _written_keys()
    assert len(written) > 500
    missing = {
        key: where[:2]
        for key, where in written.items()
        if key not in CATALOG and key not in NOT_KEYS and not _FILE_NAME.search(key)
    }
    assert missing == {}
    assert [
        key
        for key in written
        if key in CATALOG and any(not CATALOG[key].get(lang) for lang in LANGUAGES)
    ] == []


def test_every_catalog_key_is_used() -> None:
    used = set(_written_keys()) | _help_keys()
    assert sorted(set(CATALOG) - used) == []


def test_words_that_are_not_keys_are_not_in_the_catalog() -> None:
    """`NOT_KEYS` stays honest: a listed name that became a key leaves the list."""
    assert [key for key in NOT_KEYS if key in CATALOG] == []


def test_no_message_has_a_field_named_like_an_argument_of_t() -> None:
    """`t(key, lang, **fields)`: a `{key}` or `{lang}` field could never be filled."""
    assert [key for key in CATALOG if placeholders(key, "ja") & {"key", "lang"}] == []


# -- tests ------------------------------------------------------------------------------------

#: Test files that may assert a whole catalog sentence as a literal -> why. Only the checks that
#: the language is Japanese when `KEIRI_LANG` is unset keep one (every other test builds the
#: text with `t(key, ...)`, so a rewording in the catalog breaks no test).
LITERAL_SENTENCES: dict[str, str] = {
    # `test_language_from_keiri_lang`: `t("field.required")` reads 必須項目です… by default.
    "tests/keiri/test_messages.py": "the default language is Japanese (one literal)",
}


def _whole_sentences() -> dict[str, str]:
    """The Japanese of every message without fields, 6 characters or more -> its key (as `t`
    renders it: `{{` is `{`)."""
    sentences: dict[str, str] = {}
    for key, entry in CATALOG.items():
        if len(entry["ja"]) >= 6 and not placeholders(key, "ja"):
            sentences.setdefault(entry["ja"].replace("{{", "{").replace("}}", "}"), key)
    return sentences


def _copied_sentences(source: str, sentences: dict[str, str]) -> list[tuple[int, str]]:
    """(line, key) of each string constant in an `assert` that is a whole catalog sentence."""
    return [
        (node.lineno, sentences[node.value])
        for statement in ast.walk(ast.parse(source))
        if isinstance(statement, ast.Assert)
        for node in ast.walk(statement)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if node.value in sentences
    ]


def test_the_test_scan_finds_a_copied_sentence() -> None:
    sentences = {"必須項目です。入力してください": "field.required"}
    source = "\n".join(
        [
            'assert t("field.required") == "必須項目です。入力してください"',
            'assert "必須項目です" in text  # a fragment: not a copy',
            'expected = "必須項目です。入力してください"  # not in an assert',
        ]
    )
    assert _copied_sentences(source, sentences) == [(1, "field.required")]


def test_no_test_asserts_a_copy_of_a_catalog_sentence() -> None:
    """A test that checks what a person reads builds it with `t(key, ...)` (issue 29)."""
    sentences = _whole_sentences()
    assert len(sentences) > 500
    copied = [
        f"{relative}:{line}: {key}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if (relative := path.relative_to(ROOT).as_posix()) not in LITERAL_SENTENCES
        for line, key in _copied_sentences(path.read_text(encoding="utf-8"), sentences)
    ]
    assert copied == [], "build these with t(key, ...) from keiri.base.catalog"


@pytest.mark.parametrize("where", sorted(LITERAL_SENTENCES))
def test_a_file_allowed_a_literal_sentence_still_holds_one(where: str) -> None:
    """A file that no longer asserts a catalog sentence leaves `LITERAL_SENTENCES`."""
    assert _copied_sentences((ROOT / where).read_text(encoding="utf-8"), _whole_sentences())
