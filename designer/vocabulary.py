"""Tokens for block retrieval: Japanese character bigrams, English words, an accounting glossary.

- Text is NFKC-normalised and lower-cased. Runs of kanji/katakana become character bigrams (a
  one-character run stays a unigram); hiragana runs (particles, okurigana) are dropped; Latin
  words are split on `_ . -` and lightly stemmed (`reconciled`, `reconciliation` and
  `reconcile` share a stem).
- `expand_query` adds the other language's words for accounting terms found in a query
  (`請求書` ↔ `invoice`), so an English instruction finds blocks described in Japanese and the
  other way round.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["GLOSSARY", "expand_query", "stem", "tokenize"]

_TOKEN = re.compile(
    r"[a-z0-9]+"
    r"|[\u3041-\u309f]+"
    r"|[\u30a0-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆ヶ]+"
)
_SUFFIXES = (
    ("iations", 7),
    ("iation", 6),
    ("ations", 6),
    ("ation", 5),
    ("ings", 4),
    ("ing", 3),
    ("ies", 3),
    ("ied", 3),
    ("es", 2),
    ("ed", 2),
    ("s", 1),
)
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "in",
        "into",
        "is",
        "it",
        "of",
        "on",
        "or",
        "the",
        "this",
        "to",
        "with",
        "each",
        "all",
        "then",
        "them",
        "their",
        "that",
        "which",
        "per",
    ]
)

#: Groups of equivalent terms (Japanese and English) of accounting work.
GLOSSARY: tuple[tuple[str, ...], ...] = (
    ("請求書", "請求", "インボイス", "invoice", "bill", "billing"),
    ("適格請求書", "登録番号", "qualified", "registration", "インボイス制度"),
    ("領収書", "レシート", "receipt"),
    ("照合", "突合", "消込", "reconcile", "reconciliation", "match", "matching"),
    ("入金", "着金", "deposit", "incoming", "payment", "received"),
    ("出金", "支払", "振込", "withdrawal", "payment", "pay", "transfer"),
    ("銀行", "口座", "通帳", "bank", "account", "passbook"),
    ("明細", "statement", "detail", "transaction", "line"),
    ("集計", "合計", "小計", "aggregate", "sum", "total", "subtotal", "tally"),
    ("取引先別", "取引先", "仕入先", "得意先", "vendor", "supplier", "customer", "counterparty"),
    ("経費", "立替", "expense", "reimbursement", "spending"),
    ("精算", "経費精算", "settlement", "expense", "claim"),
    ("検証", "チェック", "確認", "点検", "check", "validate", "validation", "verify", "rule"),
    ("必須", "漏れ", "欠落", "required", "mandatory", "missing"),
    ("承認", "決裁", "approval", "approve", "sign", "confirm"),
    ("抽出", "読み取", "extract", "extraction", "parse", "capture"),
    ("要約", "サマリー", "summary", "summarize", "digest"),
    ("読込", "読み込", "取込", "取り込", "read", "load", "import", "ingest"),
    ("書込", "書き込", "出力", "書き出", "write", "output", "export", "save"),
    ("帳票", "レポート", "報告書", "report", "reporting"),
    ("エクセル", "excel", "xlsx", "spreadsheet", "workbook", "sheet"),
    ("表", "一覧", "台帳", "table", "list", "ledger", "records"),
    ("証跡", "証憑", "エビデンス", "evidence", "voucher", "document"),
    ("zip", "圧縮", "解凍", "アーカイブ", "archive", "unzip", "compressed"),
    ("フォルダ", "folder", "directory"),
    ("テキスト", "文字", "text"),
    ("pdf", "docx", "word", "ファイル", "file", "files"),
    ("アップロード", "提出", "upload", "submit"),
    ("入力", "フォーム", "input", "form", "human", "ask", "collect"),
    ("月次", "月末", "monthly", "month"),
    ("決算", "締め", "closing", "close", "checklist"),
    ("勘定科目", "科目", "account", "category", "classification"),
    ("仕訳", "journal", "entry", "bookkeeping"),
    ("消費税", "税率", "税額", "tax", "vat", "consumption"),
    ("重複", "二重", "duplicate", "double", "dedupe"),
    ("差異", "差額", "不一致", "difference", "discrepancy", "variance", "mismatch"),
    ("分類", "仕分け", "classify", "categorize"),
    ("ai", "llm", "生成", "判定", "gpt", "model"),
    ("金額", "amount", "price", "yen"),
    ("期限", "支払期限", "due", "deadline"),
    ("売掛金", "receivable", "receivables"),
    ("買掛金", "payable", "payables"),
)


def stem(word: str) -> str:
    """A light English stem: plural and -ing/-ed/-ation endings, then a final `e`/`ate`."""
    for suffix, size in _SUFFIXES:
        if word.endswith(suffix) and len(word) - size >= 3 and not word.endswith("ss"):
            word = word[:-size]
            if suffix in ("ies", "ied"):
                word += "y"
            break
    if word.endswith("ate") and len(word) > 5:
        word = word[:-3]
    elif word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def _is_hiragana(run: str) -> bool:
    return "\u3041" <= run[0] <= "\u309f"


def tokenize(text: str) -> list[str]:
    """Tokens of a text (document or query), in order, with repeats."""
    tokens: list[str] = []
    normalised = unicodedata.normalize("NFKC", text).lower()
    for match in _TOKEN.finditer(normalised):
        run = match.group(0)
        if run[0].isascii():
            if run not in _STOPWORDS and not (run.isdigit() and len(run) > 4):
                tokens.append(stem(run))
        elif not _is_hiragana(run):
            tokens.extend([run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)])
    return tokens


def _group_hits(normalised: str, words: set[str], group: tuple[str, ...]) -> bool:
    for term in group:
        if term.isascii():
            if stem(term) in words:
                return True
        elif term in normalised:
            return True
    return False


def expand_query(text: str) -> str:
    """The glossary terms (both languages) of every group the query mentions, space-joined."""
    normalised = unicodedata.normalize("NFKC", text).lower()
    words = {stem(w) for w in re.findall(r"[a-z0-9]+", normalised)}
    extra: list[str] = []
    for group in GLOSSARY:
        if _group_hits(normalised, words, group):
            extra.extend(group)
    return " ".join(extra)
