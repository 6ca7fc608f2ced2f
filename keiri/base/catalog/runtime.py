"""Messages of the runtime surface (see `keiri.base.catalog`): key -> {"ja": ..., "en": ...}."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    "runtime.env.not_allowed": {"ja": "{ref} は読めません", "en": "{ref} is not allowed"},
    "runtime.env.not_allowed_hint": {
        "ja": "読めるのは許可された名前（KEIRI_ENV_ALLOW）だけです",
        "en": "only allow-listed names (KEIRI_ENV_ALLOW) are readable",
    },
    "runtime.ref.path": {"ja": "{ref}: {detail}", "en": "{ref}: {detail}"},
    "runtime.ref.path_hint": {
        "ja": "参照した値が、計画が想定している形になっていません",
        "en": "the referenced value does not have the shape the plan expects",
    },
    "runtime.path.no_index": {
        "ja": "{kind}から番号 [{index}] で取り出せません",
        "en": "cannot take index [{index}] of {kind}",
    },
    "runtime.path.no_key": {
        "ja": "{kind}からキー {name} を読めません",
        "en": "cannot read key {name} of {kind}",
    },
    "runtime.path.list_key": {
        "ja": "{kind}からキー {name} を読めません（リストの要素は [n] で取り出します）",
        "en": "cannot read key {name} of {kind} (use [n] to index a list)",
    },
    "runtime.embed": {
        "ja": "{ref}（{kind}）の値はテキストに埋め込めません: {detail}",
        "en": "cannot embed the value of {ref} ({kind}) in text: {detail}",
    },
    "runtime.kind.boolean": {"ja": "真偽値", "en": "a boolean"},
    "runtime.kind.number": {"ja": "数値", "en": "a number"},
    "runtime.kind.string": {"ja": "文字列", "en": "a string"},
    "runtime.kind.list": {"ja": "リスト", "en": "a list"},
    "runtime.kind.object": {"ja": "オブジェクト", "en": "an object"},
    "runtime.kind.other": {"ja": "テキストにできない値", "en": "a value without a text form"},
    "runtime.port.not_input": {
        "ja": "このブロックの入力ではありません",
        "en": "not an input of this block",
    },
    "runtime.port.input_missing": {
        "ja": "必須の入力がないか、null です",
        "en": "required input is missing or null",
    },
    "runtime.port.input_invalid": {
        "ja": "{block} の入力 {field}: {detail}",
        "en": "input {field} of {block}: {detail}",
    },
    "runtime.port.input_invalid_hint": {
        "ja": "ノードの in の指定か、参照している上流の出力を直してください",
        "en": "fix the node's `in` bindings or the upstream outputs they reference",
    },
    "runtime.port.not_mapping": {
        "ja": "{block} の出力が「出力名: 値」のマッピングではありません",
        "en": "{block} did not return a mapping of outputs",
    },
    "runtime.port.not_output": {
        "ja": "このブロックの出力ではありません",
        "en": "not an output of this block",
    },
    "runtime.port.output_missing": {
        "ja": "必須の出力がありません",
        "en": "required output missing",
    },
    "runtime.port.output_invalid": {
        "ja": "{block} の出力 {field}: {detail}",
        "en": "output {field} of {block}: {detail}",
    },
    "runtime.port.output_invalid_hint": {
        "ja": "{block} の実装が仕様と合っていません。報告してください",
        "en": "the implementation of {block} disagrees with its spec; report it",
    },
    "runtime.zip.unsafe": {
        "ja": "{archive}: 安全でない ZIP のため処理を止めました: {reason}（{member}）",
        "en": "{archive}: unsafe archive: {reason} ({member})",
    },
    "runtime.zip.unsafe_hint": {
        "ja": "問題の項目を展開する前に ZIP を拒否しました。元のファイルから作り直すか、内容が想定どおりなら上限を上げてください",
        "en": "the ZIP was rejected before anything was extracted from the offending entry; re-create it from the original files, or raise the limit if the content is expected",
    },
    "runtime.zip.all_members": {"ja": "（すべての項目）", "en": "(all members)"},
    "runtime.zip.too_many": {
        "ja": "項目が {limit} 個を超えています",
        "en": "more than {limit} members",
    },
    "runtime.zip.too_many_declared": {
        "ja": "項目が {limit} 個を超えています（目録上は {count} 個）",
        "en": "more than {limit} members (the directory declares {count})",
    },
    "runtime.zip.declared_size": {
        "ja": "展開後のサイズ（目録上 {size} バイト）が上限 {limit} バイトを超えています",
        "en": "declared unpacked size {size} bytes exceeds {limit}",
    },
    "runtime.zip.ratio": {
        "ja": "圧縮率 {ratio}:1 が上限 {limit}:1 を超えています",
        "en": "compression ratio {ratio}:1 exceeds {limit}:1",
    },
    "runtime.zip.size_streaming": {
        "ja": "展開中にサイズが上限 {limit} バイトを超えました",
        "en": "unpacked size exceeds {limit} bytes while extracting",
    },
    "runtime.zip.ratio_streaming": {
        "ja": "展開中に圧縮率が上限 {limit}:1 を超えました",
        "en": "compression ratio exceeds {limit}:1 while extracting",
    },
    "runtime.zip.too_deep": {
        "ja": "ZIP の中の ZIP が {limit} 段を超えています",
        "en": "nested archive deeper than {limit} levels",
    },
    "runtime.zip.symlink": {"ja": "シンボリックリンクです", "en": "symbolic link"},
    "runtime.zip.duplicate": {
        "ja": "同じ名前の項目が重複しています",
        "en": "duplicate member name",
    },
    "runtime.zip.absolute": {"ja": "絶対パスです", "en": "absolute path"},
    "runtime.zip.drive": {"ja": "パスにドライブ名があります", "en": "drive letter in path"},
    "runtime.zip.parent": {
        "ja": "パスに親フォルダ（..）があります",
        "en": "parent directory segment (..)",
    },
    "runtime.zip.control": {"ja": "名前に制御文字があります", "en": "control character in name"},
    "runtime.zip.member_corrupt": {
        "ja": "{archive}: 項目 {member} が壊れています（{detail}）",
        "en": "{archive}: member {member} is corrupt ({detail})",
    },
    "runtime.zip.member_corrupt_hint": {
        "ja": "ZIP が壊れているか途中で切れています。作り直すか、もう一度ダウンロードしてください",
        "en": "the ZIP is damaged or was cut off; re-create or re-download it",
    },
    "runtime.zip.compression": {
        "ja": "{archive}: 項目 {member} は対応していない圧縮方式です（{detail}）",
        "en": "{archive}: member {member} uses an unsupported compression method ({detail})",
    },
    "runtime.zip.compression_hint": {
        "ja": "標準の Deflate 圧縮で ZIP を作り直してください",
        "en": "re-create the ZIP with standard Deflate compression",
    },
    "runtime.zip.bad_name": {
        "ja": "{archive}: 項目の名前が UTF-8 でも cp932 でもありません（{raw}）",
        "en": "{archive}: a member name is neither UTF-8 nor cp932 ({raw})",
    },
    "runtime.zip.bad_name_hint": {
        "ja": "名前を UTF-8 にして ZIP を作り直してください（7-Zip: -mcu=on。Windows 11 のエクスプローラーは既定で UTF-8 です）",
        "en": "re-create the ZIP with UTF-8 names (7-Zip: -mcu=on; Windows 11 Explorer does this by default)",
    },
    "runtime.zip.empty": {
        "ja": "{archive}: 空のファイルです（0 バイト）",
        "en": "{archive}: empty file (0 bytes)",
    },
    "runtime.zip.empty_hint": {
        "ja": "アップロードで空のファイルになりました。ZIP をもう一度送ってください",
        "en": "the upload produced an empty file; send the ZIP again",
    },
    "runtime.zip.corrupt": {
        "ja": "{archive}: ZIP が途中で切れているか壊れています",
        "en": "{archive}: truncated or corrupt",
    },
    "runtime.zip.not_zip": {
        "ja": "{archive}: ZIP ではありません（中身は {looks}）",
        "en": "{archive}: not a ZIP ({looks})",
    },
    "runtime.zip.open_hint": {
        "ja": ".zip ファイルをアップロードしてください。ZIP であれば作り直してください（途中で切れている可能性があります）",
        "en": "upload a .zip archive; if it is one, re-create it (it may have been cut off)",
    },
    "runtime.zip.encrypted": {
        "ja": "{archive}: 項目 {member} はパスワードで暗号化されています",
        "en": "{archive}: member {member} is encrypted",
    },
    "runtime.zip.encrypted_hint": {
        "ja": "パスワードなしで ZIP を作り直してください（暗号化された中身は読めません）",
        "en": "re-create the ZIP without a password (the contents cannot be read)",
    },
    "runtime.pdf.needs_crypto": {
        "ja": "{name}: この PDF の復号には `cryptography` パッケージが必要です",
        "en": "{name}: decrypting this PDF needs the `cryptography` package",
    },
    "runtime.pdf.needs_crypto_hint": {
        "ja": "ブロックを実行する環境に cryptography>=3.1 をインストールしてください",
        "en": "install cryptography>=3.1 in the environment that runs the block",
    },
    "runtime.pdf.encrypted": {
        "ja": "PDF がパスワードで保護されています",
        "en": "the PDF is password-protected",
    },
    "runtime.pdf.encrypted_hint": {
        "ja": "送り主に、開くためのパスワードのないものを依頼し、もう一度アップロードしてください",
        "en": "ask the sender for a copy without an open password, then upload it again",
    },
    "runtime.pdf.bomb": {
        "ja": "PDF の中のデータを展開すると安全上の上限を超えます（{detail}）",
        "en": "a stream of the PDF expands beyond pypdf's safety limit ({detail})",
    },
    "runtime.pdf.bomb_hint": {
        "ja": "展開すると巨大になる PDF（圧縮爆弾）の可能性があります。作成元から出力し直してください",
        "en": "the PDF may be a decompression bomb; re-export it from its source",
    },
    "runtime.pdf.corrupt": {
        "ja": "PDF が壊れているか、途中で切れています（{detail}）",
        "en": "the PDF is corrupt or truncated ({detail})",
    },
    "runtime.pdf.corrupt_hint": {
        "ja": "PDF をもう一度ダウンロードするか出力し直してください。アップロードが途中で止まった場合にも起こります",
        "en": "re-download or re-export the PDF; a partial upload also causes this",
    },
    "runtime.file.not_found": {
        "ja": "ファイルが見つかりません: {path}",
        "en": "file not found: {path}",
    },
    "runtime.file.not_found_hint": {"ja": "パスを確認してください", "en": "check the path"},
    "runtime.file.empty": {"ja": "空のファイルです（0 バイト）", "en": "empty file (0 bytes)"},
    "runtime.file.empty_hint": {
        "ja": "アップロードまたは出力で空のファイルになりました。もう一度送ってください",
        "en": "the upload or export produced an empty file; send it again",
    },
    "runtime.file.too_large": {
        "ja": "ファイルサイズが {size} バイトあり、上限 {limit} バイトを超えています",
        "en": "the file has {size} bytes (limit {limit})",
    },
    "runtime.file.too_large_hint": {
        "ja": "ファイルを分割するか、このサイズが想定どおりならブロックのサイズ上限を上げてください",
        "en": "split the file, or raise the size limit of the block if this size is expected",
    },
    "runtime.file.office_encrypted": {
        "ja": "Office ファイルがパスワードで保護されています",
        "en": "the Office file is password-protected",
    },
    "runtime.file.office_encrypted_hint": {
        "ja": "Office でパスワードを解除してから、もう一度アップロードしてください",
        "en": "remove the password in Office and upload the file again",
    },
    "runtime.file.zip_unreadable": {
        "ja": "ファイルが壊れているか、途中で切れています（ZIP の目録を読めません）",
        "en": "the file is corrupt or truncated (its ZIP directory cannot be read)",
    },
    "runtime.file.zip_unreadable_hint": {
        "ja": "ファイルをもう一度ダウンロードするか出力し直してください。アップロードが途中で止まった場合に起こります",
        "en": "re-download or re-export the file; a partial upload causes this",
    },
    "runtime.file.mismatch": {
        "ja": "名前は「{expected}」ですが、中身は「{actual}」です",
        "en": "the name says {expected} but the content is {actual}",
    },
    "runtime.file.mismatch_hint": {
        "ja": "拡張子と中身が合っていません: {rename}。または出力し直してください",
        "en": "the extension does not match the content: {rename}, or re-export it",
    },
    "runtime.file.no_text": {
        "ja": "{kind} からはテキストを取り出せません",
        "en": "no text can be extracted from {kind}",
    },
    "runtime.file.no_text_hint": {
        "ja": "対応している形式: {supported}。{advice}",
        "en": "supported formats: {supported}; {advice}",
    },
    "runtime.office.dtd": {
        "ja": "パーツ {part} に DTD または実体宣言があります。Office はこれを書き出しません（XML 爆弾や外部実体攻撃の可能性）",
        "en": "the part {part} declares a DTD or entities, which Office never writes (an XML bomb or external-entity attack)",
    },
    "runtime.office.dtd_hint": {
        "ja": "Office でファイルを開いて保存し直してください。送り主を信用しないでください",
        "en": "open the file in Office and save it again; do not trust its sender",
    },
    "runtime.office.long_tag": {
        "ja": "シート {part} に {limit} バイトを超えるタグがあります",
        "en": "the sheet {part} holds a tag longer than {limit} bytes",
    },
    "runtime.office.long_tag_hint": {
        "ja": "Excel でファイルを開いて保存し直してください",
        "en": "open the file in Excel and save it again",
    },
    "runtime.office.too_many_cells": {
        "ja": "シート {part} の使用範囲が {rows} 行 × {cols} 列（{cells} セル、上限 {limit}）あります。データから離れたセルが使用範囲を広げています",
        "en": "the sheet {part} uses {rows} rows x {cols} columns ({cells} cells, limit {limit}): a cell far from the data makes the used area this large",
    },
    "runtime.office.too_many_cells_hint": {
        "ja": "データの右や下の離れたセルを削除し（Ctrl+End で最後のセルが分かります）、保存してもう一度アップロードしてください",
        "en": "delete the stray cells far right/below the data (Ctrl+End shows the last used cell), save, and upload again",
    },
    "runtime.kind.pdf": {"ja": "PDF", "en": "a PDF"},
    "runtime.kind.docx": {"ja": "Word 文書（.docx）", "en": "a Word document (.docx)"},
    "runtime.kind.xlsx": {"ja": "Excel ブック（.xlsx）", "en": "an Excel workbook (.xlsx)"},
    "runtime.kind.pptx": {"ja": "PowerPoint ファイル（.pptx）", "en": "a PowerPoint file (.pptx)"},
    "runtime.kind.zip": {"ja": "ZIP", "en": "a ZIP archive"},
    "runtime.kind.ole": {
        "ja": "古い形式の Office ファイル（.doc/.xls）またはパスワード付きの Office ファイル",
        "en": "a legacy Office file (.doc/.xls) or a password-protected Office file",
    },
    "runtime.kind.binary": {"ja": "バイナリデータ", "en": "binary data"},
    "runtime.kind.text": {"ja": "テキスト", "en": "text"},
    "runtime.file.rename": {
        "ja": "中身が本当にそうなら *{suffix} に名前を変えてください",
        "en": "rename it to *{suffix} if that is what it is",
    },
    "runtime.file.check": {"ja": "ファイルを確認してください", "en": "check the file"},
    "runtime.file.advice_zip": {
        "ja": "ZIP は file.parse_zip_2tier で開いてください",
        "en": "open archives with file.parse_zip_2tier",
    },
    "runtime.file.advice_ole": {
        "ja": "先に Office で .docx/.xlsx として保存してください",
        "en": "save it as .docx/.xlsx in Office first",
    },
    "runtime.file.advice_convert": {"ja": "先に変換してください", "en": "convert it first"},
    "runtime.upstream.not_done": {
        "ja": "入力 {name} は {ref} を読みますが、ノード {node} は{state}でした",
        "en": "input {name} reads {ref}, but node {node} was {state}",
    },
    "runtime.node_state.skipped": {"ja": "スキップされました", "en": "skipped"},
    "runtime.node_state.failed": {"ja": "失敗しました", "en": "failed"},
    "runtime.upstream.skipped_hint": {
        "ja": "{upstream} はスキップされました（when が偽）。{node} にも同じ when を付けるか、入力を省略可能にしてください",
        "en": "{upstream} was skipped (its when was false): give {node} the same when, or make the input optional",
    },
    "runtime.upstream.failed_hint": {
        "ja": "先に {upstream} を直してください。on_error: continue の場合、その出力は null になります",
        "en": "fix {upstream} first; with on_error: continue its outputs are null",
    },
    "runtime.when.failed": {
        "ja": "条件 {condition} を評価できません: {detail}",
        "en": "condition {condition}: {detail}",
    },
    "runtime.when.failed_hint": {
        "ja": "同じ型の値どうしを比べてください。null は == と != でだけ比べられます",
        "en": "compare values of the same type; null compares only with == and !=",
    },
    "runtime.timeout": {
        "ja": "ノード {node} が {ms} ミリ秒以内に終わりませんでした",
        "en": "node {node} did not finish within {ms} ms",
    },
    "runtime.timeout_hint": {
        "ja": "policy.timeout_ms（またはノードの timeout_ms）を上げるか、入力を小さくしてください",
        "en": "raise policy.timeout_ms (or the node's timeout_ms), or make the input smaller",
    },
    "runtime.human.no_input": {
        "ja": "ノード {node} には人の入力が必要ですが、与えられていません",
        "en": "node {node} needs human input and none was given",
    },
    "runtime.human.no_input_hint": {
        "ja": "各項目を --input {node}.FIELD=VALUE で与えるか、Prefect 上で実行して一時停止させてください",
        "en": "pass --input {node}.FIELD=VALUE for each field, or run on Prefect to pause",
    },
    "runtime.loop.not_list": {
        "ja": "{loop} の foreach.input が{kind}で、リストではありません",
        "en": "foreach.input of {loop} is {kind}, not a list",
    },
    "runtime.loop.not_list_hint": {
        "ja": "foreach.input にはリストを参照させてください（例: ${{parse.evidence.files}}）",
        "en": "foreach.input must reference a list (e.g. ${{parse.evidence.files}})",
    },
    "runtime.loop.limit": {
        "ja": "{loop}: {limit} 回繰り返しても条件がまだ真です",
        "en": "{loop}: condition still true after {limit} iterations",
    },
    "runtime.loop.limit_hint": {
        "ja": "while.max_iterations を上げるか、条件を直してください",
        "en": "raise while.max_iterations or fix the condition",
    },
    "runtime.loop.iteration": {"ja": "{number} 回目", "en": "round {number}"},
    "runtime.migrate.file_label": {"ja": "ファイル", "en": "File"},
    "runtime.migrate.confirm_message": {"ja": "確認してください", "en": "Please review"},
    "runtime.bug_hint": {
        "ja": "keiri の不具合です。実行ログを確認してください",
        "en": "this is a bug in keiri; see the run log",
    },
    "runtime.subflow.failed": {
        "ja": "サブフロー {plan} が失敗しました: {detail}",
        "en": "subflow {plan} failed: {detail}",
    },
    "runtime.placeholder.unset": {
        "ja": "vars.{name} が未設定のため実行できません（{what}）",
        "en": "vars.{name} is not given, so the plan cannot run ({what})",
    },
    "runtime.placeholder.more": {
        "ja": " ほか {count} 件: {names}",
        "en": " and {count} more: {names}",
    },
    "runtime.excel.encrypted": {
        "ja": "ブック {name} はパスワードで保護されています",
        "en": "workbook {name} is password-protected",
    },
    "runtime.excel.encrypted_hint": {
        "ja": "Excel でパスワードを解除して（ファイル → 情報 → ブックの保護）、もう一度アップロードしてください",
        "en": "remove the password in Excel (File → Info → Protect Workbook) and upload again",
    },
    "runtime.excel.unreadable": {
        "ja": "ブック {name} を読めません: {detail}",
        "en": "workbook {name} cannot be read: {detail}",
    },
    "runtime.excel.unreadable_hint": {
        "ja": "Excel で保存した .xlsx/.xlsm/.xls ファイルをアップロードしてください。壊れているか、別の形式の可能性があります",
        "en": "upload an .xlsx/.xlsm/.xls file saved by Excel; it may be corrupt or another format",
    },
    "runtime.excel.no_sheets": {
        "ja": "ブック {name} にシートがありません",
        "en": "workbook {name} has no sheets",
    },
    "runtime.excel.workbook": {"ja": "ブック {name}", "en": "workbook {name}"},
    "runtime.excel.sheet_added": {
        "ja": "シート {sheet} をテンプレートに追加しました（{close} のことですか？）",
        "en": "sheet {sheet} was added to the template; did you mean {close}?",
    },
    "runtime.excel.suggest": {"ja": "（もしかして: {names}）", "en": "; did you mean {names}?"},
    "runtime.excel.no_sheet": {
        "ja": "{kind} にシート {sheet} はありません{suggestion}",
        "en": "{kind} has no sheet {sheet}{suggestion}",
    },
    "runtime.excel.sheets": {
        "ja": "ブックのシート: {names}",
        "en": "sheets in the workbook: {names}",
    },
    "runtime.excel.bad_range": {
        "ja": "範囲 {range} は Excel の範囲ではありません",
        "en": "range {range} is not an Excel range",
    },
    "runtime.excel.bad_range_hint": {
        "ja": '"A1:F200" のように範囲を書いてください（列全体なら "A:F"）',
        "en": 'write a range like "A1:F200" (or "A:F" for whole columns)',
    },
    "runtime.excel.header_below": {
        "ja": "見出し行 {row} がシート {sheet} のデータ（{rows} 行）より下にあります",
        "en": "header row {row} is below the data of sheet {sheet} ({rows} rows)",
    },
    "runtime.excel.header_below_hint": {
        "ja": "header_row は range の最初の行から数えます（range がなければシートの 1 行目から）",
        "en": "header_row counts from the first row of `range` (row 1 of the sheet without one)",
    },
    "runtime.excel.bad_cell": {
        "ja": "start_cell {cell} はセル番地ではありません",
        "en": "start_cell {cell} is not a cell reference",
    },
    "runtime.excel.bad_cell_hint": {
        "ja": '"A1" や "B3" のようにセルを書いてください',
        "en": 'write a cell like "A1" or "B3"',
    },
    "runtime.excel.not_date": {
        "ja": "{where}: {value} は日付（ISO 形式）ではありません（列 {column} は日付型です）",
        "en": "{where}: {value} is not an ISO date (column {column} has type date)",
    },
    "runtime.excel.not_date_hint": {
        "ja": '日付は "2024-04-01" の形で書いてください',
        "en": 'dates must look like "2024-04-01"',
    },
    "runtime.excel.not_number": {
        "ja": "{where}: {value} は数値ではありません（列 {column} は数値型です）",
        "en": "{where}: {value} is not a number (column {column} has type number)",
    },
    "runtime.excel.not_number_hint": {
        "ja": "文字を取り除くか、列をテキスト型にしてください",
        "en": "remove the text or declare the column as text",
    },
    "runtime.excel.control_char": {
        "ja": "{field} に Excel に保存できない制御文字があります",
        "en": "{field} holds a control character Excel cannot store",
    },
    "runtime.excel.control_char_hint": {
        "ja": "データから制御文字（タブと改行以外の \\x00-\\x1f）を取り除いてください",
        "en": "remove control characters (\\x00-\\x1f except tab and newline) from the data",
    },
    "runtime.excel.not_row": {
        "ja": "{field} が 1 行分のオブジェクトではありません",
        "en": "{field} is not an object (one row)",
    },
    "runtime.excel.not_row_hint": {
        "ja": "各行は、列名をキーとするオブジェクトにしてください",
        "en": "every row must be an object whose keys are the columns",
    },
    "runtime.excel.merged": {
        "ja": "シート {sheet} の範囲 {area} が結合セル {merged} と重なっています",
        "en": "the area {area} of sheet {sheet} overlaps merged cells {merged}",
    },
    "runtime.excel.merged_hint": {
        "ja": "start_cell を動かすか、テンプレートのそのセルの結合を解除してください",
        "en": "move start_cell, or unmerge those cells in the template",
    },
    "runtime.excel.drawings": {
        "ja": "テンプレート {name} に図形（画像・グラフ・図形）があります。書き出したファイルには残りません",
        "en": "template {name} contains drawings (images, charts or shapes); openpyxl does not keep them in the written file",
    },
    "runtime.llm.hint.auth": {
        "ja": "プロバイダが認証情報を拒否しました。OPENAI_API_KEY（または AZURE_OPENAI_API_KEY）を確認してください",
        "en": "the provider rejected the credentials: check OPENAI_API_KEY (or AZURE_OPENAI_API_KEY)",
    },
    "runtime.llm.hint.rate_limit": {
        "ja": "プロバイダがリクエストを制限しています。時間をおいて再試行するか、KEIRI_LLM_CONCURRENCY を下げるか、KEIRI_LLM_MAX_RETRIES を上げてください",
        "en": "the provider is throttling requests: retry later, lower KEIRI_LLM_CONCURRENCY or raise KEIRI_LLM_MAX_RETRIES",
    },
    "runtime.llm.hint.quota": {
        "ja": "アカウントの利用枠が残っていません。API アカウントのプランと請求を確認してください",
        "en": "the account has no quota left: check the plan and billing of the API account",
    },
    "runtime.llm.hint.refusal": {
        "ja": "モデルが回答を拒否しました。指示を言い換えるか、文書を確認してください",
        "en": "the model refused to answer: rephrase the prompt or check the documents",
    },
    "runtime.llm.hint.truncated": {
        "ja": "回答が出力トークンの上限に達しました。per_file_chars を下げるか、group_key で作業を分けるか、output_schema を小さくしてください",
        "en": "the answer hit the output token limit: lower per_file_chars, split the work with group_key, or ask for a smaller output_schema",
    },
    "runtime.llm.hint.content_filter": {
        "ja": "プロバイダのコンテンツフィルタが回答を止めました。指示と文書を見直してください",
        "en": "the provider's content filter blocked the answer: review the prompt and the documents",
    },
    "runtime.llm.hint.schema_mismatch": {
        "ja": "回答が output_schema に合いません。スキーマを単純にするか、各項目について指示を具体的にしてください",
        "en": "the answer does not match output_schema: make the schema simpler or the prompt more explicit about each field",
    },
    "runtime.llm.hint.bad_request": {
        "ja": "プロバイダがリクエストを拒否しました。モデル名（KEIRI_LLM_MODEL または AZURE_OPENAI_DEPLOYMENT）と output_schema を確認してください",
        "en": "the provider rejected the request: check the model name (KEIRI_LLM_MODEL or AZURE_OPENAI_DEPLOYMENT) and output_schema",
    },
    "runtime.llm.hint.connection": {
        "ja": "LLM のエンドポイントに接続できません。ネットワークと OPENAI_BASE_URL（または AZURE_OPENAI_ENDPOINT）を確認してください",
        "en": "could not reach the LLM endpoint: check the network and OPENAI_BASE_URL (or AZURE_OPENAI_ENDPOINT)",
    },
    "runtime.llm.hint.server_error": {
        "ja": "プロバイダ側で失敗しました。時間をおいて再試行してください",
        "en": "the provider failed: retry later",
    },
    "runtime.llm.hint.timeout": {
        "ja": "時間内に回答がありませんでした。KEIRI_LLM_TIMEOUT_S を上げるか、送るテキストを減らしてください",
        "en": "no answer in time: raise KEIRI_LLM_TIMEOUT_S or send less text",
    },
    "runtime.llm.hint.no_api_key": {
        "ja": "OPENAI_API_KEY を設定してください（Azure OpenAI なら AZURE_OPENAI_ENDPOINT、AZURE_OPENAI_API_KEY、AZURE_OPENAI_API_VERSION、AZURE_OPENAI_DEPLOYMENT）",
        "en": "set OPENAI_API_KEY (or AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY, AZURE_OPENAI_API_VERSION and AZURE_OPENAI_DEPLOYMENT for Azure OpenAI)",
    },
    "runtime.llm.no_api_key": {
        "ja": "LLM プロバイダ {provider} の API キーが設定されていません",
        "en": "no API key configured for the {provider} LLM provider",
    },
    "runtime.llm.azure_required": {
        "ja": "は Azure OpenAI プロバイダに必要です",
        "en": "is required for the Azure OpenAI provider",
    },
    "runtime.llm.not_set": {"ja": "が設定されていません", "en": "is not set"},
    "runtime.llm.no_choices": {"ja": "回答に候補がありません", "en": "the answer has no choices"},
    "runtime.llm.refused": {
        "ja": "モデルが回答を拒否しました",
        "en": "the model refused to answer",
    },
    "runtime.llm.embeddings": {
        "ja": "{texts} 件のテキストに対して埋め込みが {count} 件でした",
        "en": "{count} embeddings for {texts} texts",
    },
    "runtime.llm.failed": {
        "ja": "LLM の呼び出しに失敗しました（{reason}）: {detail}",
        "en": "LLM call failed ({reason}): {detail}",
    },
    "runtime.llm.schema_at": {
        "ja": "回答が output_schema に合いません（{path}）: {detail}",
        "en": "the answer does not match output_schema at {path}: {detail}",
    },
    "runtime.llm.schema": {
        "ja": "回答が output_schema に合いません: {detail}",
        "en": "the answer does not match output_schema: {detail}",
    },
    "runtime.llm.timeout": {
        "ja": "{seconds} 秒以内に回答がありませんでした",
        "en": "no answer within {seconds}s",
    },
    "runtime.llm.connection": {
        "ja": "LLM のエンドポイントに接続できませんでした",
        "en": "could not connect to the LLM endpoint",
    },
    "runtime.llm.truncated": {
        "ja": "回答が出力トークンの上限で切れました",
        "en": "the answer was cut at the output token limit",
    },
    "runtime.llm.content_filter": {
        "ja": "コンテンツフィルタが回答を止めました",
        "en": "the content filter blocked the answer",
    },
    "runtime.llm.config": {
        "ja": "LLM の設定: {name} {problem}",
        "en": "LLM configuration: {name} {problem}",
    },
    "runtime.llm.config_hint": {
        "ja": "環境変数の LLM 設定を直してください（blocks/llm/client.py を参照）",
        "en": "fix the LLM settings in the environment (see blocks/llm/client.py)",
    },
    "runtime.llm.injected": {
        "ja": "ctx.services['llm_client'] に LLM クライアントではないものが渡されています",
        "en": "ctx.services['llm_client'] is not an LLM client",
    },
    "runtime.llm.injected_hint": {
        "ja": "blocks.llm.client.LLMClient を渡すか、何も渡さずに環境の設定を使ってください",
        "en": "provide a blocks.llm.client.LLMClient, or none to use the environment",
    },
    "runtime.store.path_hint": {
        "ja": "パスを確認してください。相対パスは作業フォルダから読まれます",
        "en": "check the path; relative paths are read from the working directory",
    },
    "runtime.store.no_permission": {
        "ja": "{path} を読む権限がありません",
        "en": "cannot read {path}",
    },
    "runtime.store.unreadable": {
        "ja": "{path} を読めません: {detail}",
        "en": "cannot read {path}: {detail}",
    },
    "runtime.store.unreadable_hint": {
        "ja": "読めるファイルのパスを指定してください",
        "en": "give the path of a readable file",
    },
    "runtime.store.cannot_store": {
        "ja": "{name} をファイルストア（{store}）に保存できません: {detail}",
        "en": "cannot store {name} in the file store at {store}: {detail}",
    },
    "runtime.store.cannot_store_hint": {
        "ja": "ファイルストア（KEIRI_STORE_DIR）の空き容量を増やすか、より大きいディスクを指定して、もう一度実行してください",
        "en": "free space in the store (KEIRI_STORE_DIR) or point it at a larger disk, then try again",
    },
    "runtime.store.not_ref": {
        "ja": "keiri のファイルストアの参照ではありません: {uri}",
        "en": "not a keiri store reference: {uri}",
    },
    "runtime.store.not_ref_hint": {
        "ja": "ファイルは keiri のファイルストアを通して実行に渡してください",
        "en": "files must enter a run through the keiri file store",
    },
    "runtime.store.missing": {
        "ja": "保存したファイル {name} がファイルストア（{store}）にありません",
        "en": "stored file {name} is missing from the store at {store}",
    },
    "runtime.store.missing_hint": {
        "ja": "すべてのワーカーで同じ KEIRI_STORE_DIR を使ってください",
        "en": "all workers must share the same KEIRI_STORE_DIR",
    },
    "runtime.human.requirements": {"ja": "requirements: {detail}", "en": "requirements: {detail}"},
    "runtime.human.requirements_hint": {
        "ja": "各入力項目には id、type、label が必要です",
        "en": "each requirement needs id, type and label",
    },
    "runtime.human.needed": {
        "ja": "ノード {node} には人の入力が必要です",
        "en": "node {node} needs human input",
    },
    "runtime.human.needed_hint": {
        "ja": "--input {node}.FIELD=VALUE で与えてください",
        "en": "pass --input {node}.FIELD=VALUE",
    },
    "runtime.human.rejected": {
        "ja": "{node}: {by} が承認しませんでした",
        "en": "{node}: not approved by {by}",
    },
    "runtime.human.rejected_comment": {"ja": "（{response}）", "en": " ({response})"},
    "runtime.human.rejected_hint": {
        "ja": "このノードは on_reject: fail です。実行を再試行すると、もう一度確認を求めます（入力済みの回答が入った状態で開きます）",
        "en": "the node says on_reject: fail; retry the run to ask again (the answers given are prefilled)",
    },
    "runtime.office.broken_hint": {
        "ja": "Office でファイルを開いて保存し直してください。アップロードが途中で止まった場合にも起こります",
        "en": "open the file in Office and save it again; a partial upload also causes this",
    },
    "runtime.office.zip_broken": {
        "ja": "ファイルが壊れているか、途中で切れています（中の ZIP を読めません: {detail}）",
        "en": "the file is corrupt or truncated (its ZIP container cannot be read: {detail})",
    },
    "runtime.office.unpacked": {
        "ja": "文書を展開すると {size} バイトになり、上限 {limit} バイトを超えます",
        "en": "the document unpacks to {size} bytes (limit {limit})",
    },
    "runtime.office.unpacked_hint": {
        "ja": "文書を分割するか、本当にこの大きさなら max_unpacked を上げてください",
        "en": "split the document, or raise max_unpacked if it is genuinely this large",
    },
    "runtime.office.encrypted_parts": {
        "ja": "文書の一部が暗号化されています",
        "en": "parts of the document are encrypted",
    },
    "runtime.office.encrypted_parts_hint": {
        "ja": "Office で保護を解除して、もう一度アップロードしてください",
        "en": "remove the protection in Office and upload the file again",
    },
    "runtime.office.docx_unreadable": {
        "ja": "Word 文書を読めません（{detail}）",
        "en": "the Word document cannot be read ({detail})",
    },
    "runtime.office.xlsx_encrypted": {
        "ja": "ブックがパスワードで保護されています",
        "en": "the workbook is password-protected",
    },
    "runtime.office.xlsx_encrypted_hint": {
        "ja": "Excel でパスワードを解除して、もう一度アップロードしてください",
        "en": "remove the password in Excel and upload the file again",
    },
    "runtime.office.xlsx_unreadable": {
        "ja": "ブックを読めません（{detail}）",
        "en": "the workbook cannot be read ({detail})",
    },
    "runtime.reconcile.pair": {
        "ja": "{missing} がありません: {left} と {right} は組で指定します",
        "en": "{missing} is missing: {left} and {right} go together",
    },
    "runtime.reconcile.pair_hint": {
        "ja": "{left} と {right} の両方を指定するか、どちらも指定しないでください",
        "en": "give both {left} and {right}, or neither",
    },
    "runtime.invoice.one_source": {
        "ja": "text、document、documents のどれか 1 つだけを指定してください",
        "en": "give exactly one of text, document or documents",
    },
    "runtime.invoice.given": {"ja": "（指定: {names}）", "en": " (got {names})"},
    "runtime.invoice.one_source_hint": {
        "ja": "請求書 1 件なら text か document（evidence_data.files[i]）、複数なら documents（evidence_data.files）",
        "en": "one invoice: text or document (evidence_data.files[i]); several: documents (evidence_data.files)",
    },
    "runtime.rules.bad_pattern": {
        "ja": "{field} のルールのパターンが正しくありません: {detail}",
        "en": "the rule for {field} has an invalid pattern: {detail}",
    },
    "runtime.rules.bad_pattern_hint": {
        "ja": "ルールのパターン（regex）を直してください",
        "en": "fix the pattern (regex) of the rule",
    },
    "runtime.aggregate.more": {"ja": " ほか {count} 件", "en": " and {count} more"},
    "runtime.aggregate.not_amounts": {
        "ja": "{count} 件の値が金額ではありません: {shown}{more}",
        "en": "{count} value(s) are not amounts: {shown}{more}",
    },
    "runtime.aggregate.not_amounts_hint": {
        "ja": "金額の列に数値以外（NaN、Infinity、指数表記、文字）が入っています。元データを修正してください",
        "en": "the amount columns hold non-numbers (NaN, Infinity, exponents, text); fix the source data",
    },
    "runtime.statement.too_many_rows": {
        "ja": "ファイルの行数が {limit} 行を超えています",
        "en": "the file has more than {limit} rows",
    },
    "runtime.statement.too_many_rows_hint": {
        "ja": "月ごとに分けて出力するか、max_rows を上げてください",
        "en": "split the export by month, or raise max_rows",
    },
    "runtime.statement.header_below": {
        "ja": "見出し行 {row} がデータ（{rows} 行）より下にあります",
        "en": "header row {row} is below the data ({rows} rows)",
    },
    "runtime.statement.header_below_hint": {
        "ja": "header_row はファイルの 1 行目から数えます",
        "en": "header_row counts from the first row of the file",
    },
    "runtime.statement.no_header": {
        "ja": "最初の {rows} 行に、日付の列と金額の列（出金/入金）を持つ見出し行が見つかりません",
        "en": "no header row with a date column and an amount column (出金/入金) was found in the first {rows} rows",
    },
    "runtime.statement.no_header_hint": {
        "ja": "見出しに列名（例: 日付、摘要、出金、入金、残高）が必要です（銀行独自の列名は blocks/statements/statement_profiles.yaml に追加してください）",
        "en": "the header must name the columns, e.g. 日付, 摘要, 出金, 入金, 残高 (add your bank's labels to blocks/statements/statement_profiles.yaml)",
    },
    "runtime.statement.too_many_records": {
        "ja": "ファイルのレコード数が {limit} 件を超えています",
        "en": "the file has more than {limit} records",
    },
    "runtime.statement.too_many_records_hint": {
        "ja": "ファイルを分けるか、max_rows を上げてください",
        "en": "split the file, or raise max_rows",
    },
    "runtime.statement.too_large": {
        "ja": "明細のサイズが {size} バイトあり、上限 {limit} バイトを超えています",
        "en": "the statement has {size} bytes (limit {limit})",
    },
    "runtime.statement.too_large_hint": {
        "ja": "月ごとに分けて出力してください",
        "en": "split the export by month",
    },
    "runtime.extract.worker_died": {
        "ja": "テキスト抽出の作業プロセスが異常終了しました（{detail}）",
        "en": "a text-extraction worker process died ({detail})",
    },
    "runtime.extract.worker_died_hint": {
        "ja": "メモリ不足の可能性があります。作業プロセスの数を減らして再試行してください",
        "en": "the machine may be out of memory; retry with fewer workers",
    },
    "runtime.llm.files_not_list": {
        "ja": "ファイル項目のリストを渡してください（入力: {value}）",
        "en": "must be a list of file entries (got {value})",
    },
    "runtime.llm.files_not_list_hint": {
        "ja": "file.parse_zip_2tier の evidence か、{{files: [<ファイル項目 1 件>]}} を渡してください",
        "en": "pass the evidence of file.parse_zip_2tier, or {{files: [<one file entry>]}}",
    },
    "runtime.llm.file_not_entry": {
        "ja": "ファイル項目（path・name・text などを持つマッピング）を渡してください（入力: {value}）",
        "en": "must be a file entry (a mapping with path, name, text, ...) (got {value})",
    },
    "runtime.llm.file_not_entry_hint": {
        "ja": "各ファイル項目は path・name・text などのキーを持ちます",
        "en": "each file entry has path, name, text, ...",
    },
    "runtime.llm.group_key_missing": {
        "ja": "group_key {name} はこのファイル項目にないキーです（あるキー: {fields}）",
        "en": "group_key {name} is not a field of this file entry (fields: {fields})",
    },
    "runtime.llm.group_key_hint": {
        "ja": "group_key には、どのファイル項目にもあるキー（例: folder）を指定してください",
        "en": "set group_key to a field every file entry has, e.g. folder",
    },
    "runtime.llm.no_prompt": {
        "ja": "ai.process_llm には prompt か instruction が必要ですが、どちらもないか空です",
        "en": "ai.process_llm needs `prompt` or `instruction`: both are missing or empty",
    },
    "runtime.llm.empty": {"ja": "ないか空です", "en": "missing or empty"},
    "runtime.llm.no_prompt_hint": {
        "ja": "ノードの in で prompt（LLM への主な指示）か instruction を指定してください",
        "en": "bind `prompt` (the main instruction to the LLM) or `instruction` in the node's `in`",
    },
    "runtime.choice.not_option": {
        "ja": "{node}: {value} は {question} の選択肢にありません",
        "en": "{node}: {value} is not an option of {question}",
    },
    "runtime.choice.none": {
        "ja": "{node}: {question} の選択肢が選ばれていません",
        "en": "{node}: no option chosen for {question}",
    },
    "runtime.choice.options": {
        "ja": "次のどれかを選んでください: {options}",
        "en": "choose one of: {options}",
    },
    "runtime.ocr.install_hint": {
        "ja": "Tesseract と日本語モデルをインストールしてください: `sudo apt-get install tesseract-ocr tesseract-ocr-jpn`（bash scripts/system-deps.sh でも入ります）",
        "en": "install Tesseract and its Japanese model: `sudo apt-get install tesseract-ocr tesseract-ocr-jpn` (bash scripts/system-deps.sh does it)",
    },
    "runtime.ocr.no_tesseract": {
        "ja": "このスキャン文書には OCR が必要ですが、Tesseract がインストールされていません",
        "en": "OCR is needed for this scanned document, but Tesseract is not installed",
    },
    "runtime.ocr.no_rapidocr": {
        "ja": "OCR エンジンに RapidOCR が設定されていますが、インストールされていません",
        "en": "the OCR engine is set to RapidOCR, but it is not installed",
    },
    "runtime.ocr.rapidocr_hint": {
        "ja": "keiri の依存パッケージ（rapidocr と onnxruntime）を `pip install -e .` でインストールし直すか、KEIRI_OCR_ENGINE=tesseract（または auto）にしてください",
        "en": "reinstall keiri's dependencies (rapidocr and onnxruntime) with `pip install -e .`, or set KEIRI_OCR_ENGINE=tesseract (or auto)",
    },
    "runtime.ocr.no_language": {
        "ja": "Tesseract に {language} の言語モデルがありません",
        "en": "Tesseract has no {language} language model",
    },
    "runtime.ocr.timeout": {
        "ja": "{name}: OCR が {seconds} 秒以内に終わりませんでした",
        "en": "{name}: OCR took longer than {seconds} s",
    },
    "runtime.ocr.timeout_hint": {
        "ja": "300 dpi 以下でスキャンするか、ファイルを分割してください",
        "en": "scan the page at 300 dpi or less, or split the file",
    },
    "runtime.ocr.failed": {"ja": "OCR に失敗しました: {detail}", "en": "OCR failed: {detail}"},
    "runtime.ocr.failed_hint": {
        "ja": "画像が画像ビューアで開けるか確認してください",
        "en": "check that the image opens in an image viewer",
    },
    "runtime.ocr.bomb": {
        "ja": "画像が大きすぎて展開できません（{detail}）",
        "en": "the image is too large to decode ({detail})",
    },
    "runtime.ocr.resize_hint": {
        "ja": "300 dpi でスキャンするか、写真を縮小してからアップロードしてください",
        "en": "scan at 300 dpi or resize the photo before uploading",
    },
    "runtime.ocr.cannot_open": {"ja": "画像を開けません", "en": "the image cannot be opened"},
    "runtime.ocr.resave_hint": {
        "ja": "写真を JPEG か PNG で保存し直してください",
        "en": "save the photo again as JPEG or PNG",
    },
    "runtime.ocr.too_many_pixels": {
        "ja": "画像が {width} × {height} ピクセルあり、上限 {limit} ピクセルを超えています",
        "en": "the image has {width} x {height} pixels (limit {limit} pixels)",
    },
    "runtime.ocr.corrupt": {
        "ja": "画像が途中で切れているか壊れています（{detail}）",
        "en": "the image is truncated or corrupt ({detail})",
    },
    "runtime.ocr.render": {
        "ja": "スキャンした PDF のページを描画できません（{detail}）",
        "en": "a page of the scanned PDF cannot be rendered ({detail})",
    },
    "runtime.ocr.render_hint": {
        "ja": "スキャンし直すか、PDF を出力し直してください",
        "en": "re-scan or re-export the PDF",
    },
    "runtime.text.bad_encoding": {
        "ja": "テキストの文字コードが {tried} のどれでもありません",
        "en": "the text is not valid {tried}",
    },
    "runtime.text.bad_encoding_hint": {
        "ja": "ファイルを UTF-8（または Shift_JIS/cp932）で保存し直して、もう一度アップロードしてください",
        "en": "save the file as UTF-8 (or Shift_JIS/cp932) and upload it again",
    },
    "runtime.timeout_passed": {
        "ja": "ノード {node} が制限時間を過ぎました",
        "en": "node {node} ran past its timeout",
    },
    "runtime.analyze.too_many_questions": {
        "ja": "分析エージェントの質問が上限（{limit} 回）を超えました: {question}",
        "en": "the analysis agent asked more than {limit} questions: {question}",
    },
    "runtime.analyze.too_many_questions_hint": {
        "ja": "question に必要な情報（列の意味・期間・粒度）を含めるか、max_questions を増やしてください",
        "en": "put what it needs (meaning of columns, period, granularity) in question, or raise max_questions",
    },
    "runtime.analyze.one_source": {
        "ja": "data（ファイル）と records（レコード）のどちらか一方を指定してください",
        "en": "give exactly one of data (a file) and records",
    },
    "runtime.analyze.one_source_hint": {
        "ja": "in: {{ data: ${{node.file}} }} または in: {{ records: ${{node.records}} }}",
        "en": "in: {{ data: ${{node.file}} }} or in: {{ records: ${{node.records}} }}",
    },
    "runtime.analyze.no_records": {
        "ja": "records が空です（分析する行がありません）",
        "en": "records is empty (no rows to analyse)",
    },
    "runtime.analyze.no_records_hint": {
        "ja": "前のノードが行を返しているか確認してください",
        "en": "check that the previous node returns rows",
    },
    "runtime.analyze.asking": {
        "ja": "分析エージェントが質問しています: {question}",
        "en": "the analysis agent asks: {question}",
    },
    "runtime.analyze.asking_hint": {
        "ja": "--input {node}.answer=回答 で回答を渡してください",
        "en": "pass the answer with --input {node}.answer=ANSWER",
    },
    "runtime.analyze.empty_answer": {"ja": "回答が空です", "en": "the answer is empty"},
    "runtime.analyze.empty_answer_hint": {
        "ja": "質問への回答を入力してください",
        "en": "enter an answer to the question",
    },
    "runtime.analyze.no_report": {"ja": "レポートがありません", "en": "there is no report"},
    "runtime.block.not_implemented": {
        "ja": "ブロック {block} はまだ実装されていません（{entrypoint} がありません）",
        "en": "block {block} is not implemented yet: {entrypoint} does not exist",
    },
    "runtime.block.not_implemented_hint": {
        "ja": "仕様だけが含まれています。実装は今後のリリースで追加されます",
        "en": "the spec is shipped; its implementation comes with a later release",
    },
    "runtime.block.import_failed": {
        "ja": "ブロック {block}: {module} を読み込めません: {detail}",
        "en": "block {block}: importing {module} failed: {detail}",
    },
    "runtime.block.import_failed_hint": {
        "ja": "足りない依存パッケージをインストールしてください",
        "en": "install the missing dependency",
    },
    "runtime.block.not_a_block": {
        "ja": "ブロック {block}: {entrypoint} はブロックの実装ではありません",
        "en": "block {block}: {entrypoint} is not a block implementation",
    },
    "runtime.block.no_run": {
        "ja": "ブロック {block}: {entrypoint} に run() の実装がありません",
        "en": "block {block}: {entrypoint} does not implement run()",
    },
    # --- evaluating conditions (`compiler.expressions`) ---
    "runtime.kind.null": {"ja": "null", "en": "a null"},
    "runtime.expr.not_finite": {
        "ja": "{value} は計画で扱える数値ではありません（NaN や無限大）",
        "en": "{value} is not a number a plan can hold (NaN/Infinity)",
    },
    "runtime.expr.not_json": {
        "ja": "条件で扱えない値です（数値・文字列・真偽値・null・リスト・オブジェクトのいずれかにしてください）",
        "en": "the value is not JSON-like (use a number, string, boolean, null, list or object)",
    },
    "runtime.expr.unknown_op": {
        "ja": "比較演算子 {op} は使えません（使えるもの: {names}）",
        "en": "unknown comparison operator {op}; expected one of {names}",
    },
    "runtime.expr.cannot_order": {
        "ja": "{left}と{right}は '{symbol}' で大小を比べられません。大小を比べられるのは数値どうしか文字列どうしです",
        "en": "cannot order {left} and {right} with '{symbol}'; ordering works on two numbers or two strings",
    },
    "runtime.expr.in": {"ja": "{detail}（式: {expr}）", "en": "{detail} (in {expr})"},
    # --- settings (`keiri.base.settings`): a `ConfigError` lists each problem with its variable ---
    "runtime.settings.problem": {"ja": "環境変数 {name}: {message}", "en": "{name}: {message}"},
    "runtime.settings.duration": {
        "ja": "期間は 90s・30m・4h・1d のように数と単位（s 秒・m 分・h 時間・d 日）で書くか、"
        "off にしてください（入力: {value}）",
        "en": "expected a duration like 90s, 30m, 4h or 1d, or off (got {value})",
    },
    "runtime.settings.remind_min": {
        "ja": "リマインドの間隔は 10 秒以上にしてください（Prefect の最小値。入力: {value}）。"
        "リマインドしない場合は off にします",
        "en": "Prefect's minimum is 10s (got {value}); use off for no reminder",
    },
    "runtime.settings.crash_window": {
        "ja": "異常終了と判定するまでの時間は、ハートビート間隔（PREFECT_FLOWS_HEARTBEAT_FREQUENCY = "
        "{heartbeat} 秒）より長い {minimum}s 以上にしてください。短いと正常な実行まで異常終了と"
        "判定されます（入力: {value}）",
        "en": "must be longer than the heartbeat interval ({heartbeat} s, "
        "PREFECT_FLOWS_HEARTBEAT_FREQUENCY), at least {minimum}s, or healthy runs crash "
        "(got {value})",
    },
    "runtime.settings.timezone": {
        "ja": "タイムゾーンが見つかりません。Asia/Tokyo のような IANA の名前で指定してください"
        "（入力: {value}）",
        "en": "unknown time zone {value} (use an IANA name such as Asia/Tokyo)",
    },
    "runtime.settings.no_file": {
        "ja": "ファイル {path} が見つかりません",
        "en": "no such file: {path}",
    },
    # --- the permissions file (`keiri.base.permissions`): a `ConfigError` naming the file and key ---
    "runtime.permissions.problem": {"ja": "{path}: {message}", "en": "{path}: {message}"},
    "runtime.permissions.unreadable": {
        "ja": "ファイルを読めません。ファイルの権限と状態を確認してください",
        "en": "cannot read the file; check its permissions",
    },
    "runtime.permissions.yaml_at": {
        "ja": "{line} 行 {column} 桁目あたりの YAML の書き方に誤りがあります",
        "en": "the YAML is malformed near line {line}, column {column}",
    },
    "runtime.permissions.yaml": {
        "ja": "YAML の書き方に誤りがあります",
        "en": "the YAML is malformed",
    },
    "runtime.permissions.not_mapping": {
        "ja": "default_role: と users: を持つマッピング（キー: 値）にしてください",
        "en": "must be a mapping with default_role: and users:",
    },
    "runtime.permissions.users_not_mapping": {
        "ja": "{field} はユーザー名: ロール のマッピングにしてください（例: tanaka: operator）",
        "en": "{field} must map user names to roles (e.g. tanaka: operator)",
    },
    "runtime.permissions.role": {
        "ja": "{field} のロール {value} はありません。使えるロール: {roles}",
        "en": "{field}: role {value} is not one of {roles}",
    },
    "runtime.permissions.hint": {
        "ja": "permissions.yaml を直してください（書き方: default_role: viewer と users: の下に "
        "ユーザー名: ロール。ロールは {roles}）",
        "en": "fix permissions.yaml (default_role: viewer, and users: with name: role; roles: {roles})",
    },
    # --- the form app (`ui_app.backend`, `ui_app.auth`): errors shown on its pages ---
    "runtime.form_app.no_api_url": {
        "ja": "Prefect サーバーの接続先（{name}）が設定されていません",
        "en": "the Prefect server address ({name}) is not set",
    },
    "runtime.form_app.no_api_url_hint": {
        "ja": "フォームアプリは `keiri ui` で起動してください（Prefect の接続先を設定します）",
        "en": "start the form app with `keiri ui` (it sets the Prefect address)",
    },
    "runtime.form_app.api_failed": {
        "ja": "Prefect サーバーとの通信に失敗しました（{action}）",
        "en": "talking to the Prefect server failed ({action})",
    },
    "runtime.form_app.api_failed_hint": {
        "ja": "`keiri server status` で Prefect サーバーの状態を確認し、もう一度操作してください",
        "en": "check the Prefect server with `keiri server status` and try again",
    },
    "runtime.form_app.action.inbox": {"ja": "受信箱の読み込み", "en": "reading the inbox"},
    "runtime.form_app.action.form": {"ja": "フォームの読み込み", "en": "reading the form"},
    "runtime.form_app.action.resume": {"ja": "実行の再開", "en": "resuming the run"},
    "runtime.form_app.action.runs": {"ja": "実行履歴の読み込み", "en": "reading the runs"},
    "runtime.form_app.action.outcome": {"ja": "実行結果の読み込み", "en": "reading the outcome"},
    "runtime.form_app.action.retry": {"ja": "再実行", "en": "retrying"},
    "runtime.form_app.action.start": {"ja": "実行の開始", "en": "starting a run"},
    "runtime.form_app.action.run": {"ja": "実行の読み込み", "en": "reading the run"},
    "runtime.form_app.action.summary": {
        "ja": "実行のまとめの読み込み",
        "en": "reading the run summary",
    },
    "runtime.form_app.no_identity": {
        "ja": "ログインしたユーザーの名前またはメールアドレスを取得できませんでした",
        "en": "the signed-in user has no name or email address",
    },
    "runtime.form_app.no_identity_hint": {
        "ja": "ID プロバイダーで email または name のクレームを返すよう設定してください",
        "en": "make the identity provider return an email or name claim",
    },
    "runtime.form_app.no_access_control": {
        "ja": "アクセス制御が設定されていないため、フォームアプリを表示できません",
        "en": "the form app is not shown: no access control is configured",
    },
    "runtime.form_app.no_access_control_hint": {
        "ja": "`keiri ui` で 127.0.0.1 に起動するか、KEIRI_UI_SECRET または OIDC ログインを設定してください",
        "en": "start it with `keiri ui` on 127.0.0.1, or set KEIRI_UI_SECRET or an OIDC login",
    },
    "runtime.form_app.not_logged_in": {"ja": "ログインしていません", "en": "not signed in"},
    "runtime.form_app.not_logged_in_hint": {
        "ja": "ページを再読み込みしてログインしてください",
        "en": "reload the page and sign in",
    },
    "runtime.pause.left": {
        "ja": "入力待ちの実行が、回答を受け取らないまま入力待ちでなくなりました（状態: {state}）",
        "en": "the paused run left its pause for {state}",
    },
    # --- runtime.amount.* / runtime.date.* / runtime.value.* (blocks.text) ---
    "runtime.amount.too_large": {
        "ja": "{digits}桁を超える金額です",
        "en": "an amount of more than {digits} digits",
    },
    "runtime.amount.not_finite": {
        "ja": "数値ではありません（NaN・無限大）",
        "en": "not a number (NaN or infinity)",
    },
    "runtime.amount.boolean": {
        "ja": "真偽値は金額ではありません",
        "en": "a true/false value is not an amount",
    },
    "runtime.amount.not_amount": {
        "ja": "{kind} は金額ではありません",
        "en": "{kind} is not an amount",
    },
    "runtime.amount.format": {"ja": "金額の形式ではありません", "en": "not written as an amount"},
    "runtime.amount.double_sign": {
        "ja": "符号が二重になっています",
        "en": "the sign is given twice",
    },
    "runtime.value.too_long": {
        "ja": "{limit}文字を超える値です",
        "en": "longer than {limit} characters",
    },
    "runtime.date.no_such_day": {"ja": "存在しない日付です", "en": "no such day"},
    "runtime.date.boolean": {
        "ja": "真偽値は日付ではありません",
        "en": "a true/false value is not a date",
    },
    "runtime.date.not_finite": {"ja": "数値ではありません", "en": "not a number"},
    "runtime.date.serial_range": {
        "ja": "日付のシリアル値の範囲外です",
        "en": "outside the range of date serial numbers",
    },
    "runtime.date.format": {"ja": "日付の形式ではありません", "en": "not written as a date"},
    # --- runtime.rules.* (data.check_rules findings) ---
    "runtime.rules.required": {"ja": "{field} は必須です", "en": "{field} is required"},
    "runtime.rules.type": {
        "ja": "{field} は {kind} である必要があります（値: {value}）",
        "en": "{field} must be {kind} (value: {value})",
    },
    "runtime.rules.min": {
        "ja": "{field} は {limit} 以上である必要があります（値: {value}）",
        "en": "{field} must be at least {limit} (value: {value})",
    },
    "runtime.rules.max": {
        "ja": "{field} は {limit} 以下である必要があります（値: {value}）",
        "en": "{field} must be at most {limit} (value: {value})",
    },
    "runtime.rules.regex": {
        "ja": "{field} の形式が正しくありません（値: {value}）",
        "en": "{field} does not have the expected format (value: {value})",
    },
    "runtime.rules.min_length": {
        "ja": "{field} は {limit} 文字以上必要です",
        "en": "{field} needs at least {limit} characters",
    },
    "runtime.rules.max_length": {
        "ja": "{field} は {limit} 文字以内です",
        "en": "{field} takes at most {limit} characters",
    },
    "runtime.rules.one_of": {
        "ja": "{field} は {options} のいずれかです（値: {value}）",
        "en": "{field} must be one of {options} (value: {value})",
    },
    "runtime.rules.not_record": {
        "ja": "レコード {index} がオブジェクトではありません",
        "en": "record {index} is not an object",
    },
    # --- questions a block asks, and what it notes ---
    "runtime.confirm.checked": {"ja": "確認済み", "en": "confirmed"},
    "runtime.excel.header_question": {
        "ja": "{name} の見出し行がはっきりしません（1 行目は見出しに見えません）。"
        "どの行を見出しにしますか？",
        "en": "The header row of {name} is unclear (row 1 does not look like headers). "
        "Which row holds the headers?",
    },
    "runtime.excel.header_option": {"ja": "{row} 行目: {cells}", "en": "Row {row}: {cells}"},
    "runtime.excel.header_first_row": {
        "ja": "1 行目（そのまま読む）",
        "en": "Row 1 (read as it is)",
    },
    "runtime.excel.header_detail_row": {"ja": "行", "en": "Row"},
    "runtime.excel.header_detail_cells": {"ja": "見出し", "en": "Headers"},
    "runtime.excel.header_assumed": {
        "ja": "1 行目を見出しとして読みました。見出し行を確認してください。",
        "en": "Read row 1 as the headers. Check the header row.",
    },
    "runtime.reconcile.question": {
        "ja": "{row} 行目（{text}）に当てはまる候補が {count} 件あります。どれと照合しますか？",
        "en": "Row {row} ({text}) has {count} matching candidates. Which one does it match?",
    },
    "runtime.reconcile.option": {"ja": "{row} 行目: {text}", "en": "Row {row}: {text}"},
    "runtime.reconcile.none_option": {
        "ja": "該当なし（照合しない）",
        "en": "None of them (leave unmatched)",
    },
    "runtime.reconcile.auto_matched": {
        "ja": "候補が複数あり、最も近い候補を自動で照合しました。確認してください。",
        "en": "Several candidates matched; the closest was chosen automatically. Check it.",
    },
    "runtime.reconcile.row_sep": {"ja": "、", "en": ", "},
    "runtime.reconcile.not_transaction": {
        "ja": "取引ではない行（{label}）",
        "en": "not a transaction ({label})",
    },
    "runtime.reconcile.empty": {"ja": "{field} が空", "en": "{field} is empty"},
    # --- runtime.office.* / runtime.zip.* (notes of extraction) ---
    "runtime.office.uncached": {
        "ja": "数式の計算結果が保存されていないセルがあります（空として読みました）: {cells}。"
        "Excel で開いて保存し直してください",
        "en": "Some formula cells have no saved result (read as empty): {cells}. "
        "Open the workbook in Excel and save it again",
    },
    "runtime.office.more_cells": {"ja": " ほか{count}セル", "en": " and {count} more cells"},
    "runtime.zip.skip_lock_file": {
        "ja": "Office のロックファイル（~$）",
        "en": "an Office lock file (~$)",
    },
    "runtime.zip.skip_empty": {"ja": "空のファイル（0 バイト）", "en": "an empty file (0 bytes)"},
    # --- runtime.excel.* (excel.write's inputs) ---
    "runtime.excel.data_shape": {
        "ja": "data はレコードのリストか、リストを値に持つオブジェクトにしてください",
        "en": "data must be a list of records or an object of lists",
    },
    "runtime.excel.sheet_not_list": {
        "ja": "data.sheets.{name} がレコードのリストではありません",
        "en": "data.sheets.{name} must be a list of records",
    },
    "runtime.excel.sheet_not_list_hint": {
        "ja": '{{"sheets": {{"シート名": [{{...}}, ...]}}}} の形で書いてください',
        "en": 'write {{"sheets": {{"Sheet name": [{{...}}, ...]}}}}',
    },
    "runtime.excel.no_records": {
        "ja": "data に書き出すレコードのリストがありません（キー: {keys}）",
        "en": "data has no list of records to write (keys: {keys})",
    },
    "runtime.excel.no_records_hint": {
        "ja": 'レコードのリスト、{{"items": [...]}} または {{"sheets": {{"シート名": [...]}}}} を渡してください',
        "en": 'pass a list of records, {{"items": [...]}} or {{"sheets": {{"Sheet name": [...]}}}}',
    },
    "runtime.excel.row_not_object": {
        "ja": "{where} が {kind} です。1 行は 1 つのオブジェクトにしてください",
        "en": "{where} is {kind}, expected an object (one row)",
    },
    "runtime.excel.row_not_object_hint": {
        "ja": "各行を、列名をキーにしたオブジェクトにしてください",
        "en": "every row must be an object whose keys are the columns",
    },
    "runtime.excel.one_sheet_many_tables": {
        "ja": "output_config.sheet はシートを 1 つだけ指定しますが、data には表が {count} 個あります",
        "en": "output_config.sheet names one sheet but data has {count} tables",
    },
    "runtime.excel.one_sheet_many_tables_hint": {
        "ja": "output_config.sheets: [{{source: <キー>, sheet: <シート名>}}, ...] を使ってください",
        "en": "use output_config.sheets: [{{source: <key>, sheet: <name>}}, ...]",
    },
    "runtime.excel.unknown_source": {
        "ja": "output_config.sheets[{index}] は {source} を読みますが、data にありません",
        "en": "output_config.sheets[{index}] reads {source}, which data does not have",
    },
    "runtime.excel.known_sources": {
        "ja": "data にあるもの: {sources}",
        "en": "data holds: {sources}",
    },
    "runtime.excel.file_name": {
        "ja": "file_name {name} は {suffix} で終わるファイル名だけにしてください（フォルダは書けません）",
        "en": "file_name {name} must be a plain file name ending with {suffix}",
    },
    "runtime.excel.file_name_hint": {
        "ja": "例: 「照合結果_2024年4月{suffix}」（拡張子はテンプレートに合わせます）",
        "en": 'for example "reconciliation_2024-04{suffix}" (the suffix follows the template)',
    },
    # -- OCR budgets (blocks/file/ocr_findings.py) and strict Zengin (blocks/statements/zengin.py)
    "runtime.ocr.finding.page_limit": {
        "ja": "{name}: 1ファイルで OCR するページ数の上限（{limit} ページ）に達したため、{pages} ページ目は読み取っていません",
        "en": "{name}: page(s) {pages} not read: the OCR limit of {limit} pages per file was reached",
    },
    "runtime.ocr.finding.page_limit_hint": {
        "ja": "必要なページだけの PDF に分けるか、設定 KEIRI_OCR_MAX_PAGES_PER_FILE を増やして再実行してください",
        "en": "split the PDF to the pages needed, or raise KEIRI_OCR_MAX_PAGES_PER_FILE and run again",
    },
    "runtime.ocr.finding.run_budget": {
        "ja": "{name}: この実行で OCR に使える時間（{seconds} 秒）を使い切ったため、{pages} ページ目は読み取っていません",
        "en": "{name}: page(s) {pages} not read: this run's OCR time ({seconds} s) is used up",
    },
    "runtime.ocr.finding.run_budget_hint": {
        "ja": "ファイルを分けて実行するか、設定 KEIRI_OCR_RUN_BUDGET_S を増やして再実行してください",
        "en": "run the files in smaller batches, or raise KEIRI_OCR_RUN_BUDGET_S and run again",
    },
    "runtime.ocr.finding.page_timeout": {
        "ja": "{name}: {pages} ページ目の OCR が {seconds} 秒以内に終わらなかったため、読み取れていません",
        "en": "{name}: page(s) {pages} not read: OCR did not finish within {seconds} s",
    },
    "runtime.ocr.finding.page_timeout_hint": {
        "ja": "300 dpi 以下でスキャンし直すか、設定 KEIRI_OCR_PAGE_TIMEOUT_S を増やしてください",
        "en": "re-scan at 300 dpi or less, or raise KEIRI_OCR_PAGE_TIMEOUT_S",
    },
    "runtime.ocr.finding.image_too_large": {
        "ja": "{name}: {pages} ページ目の画像が大きすぎる（{width} × {height} ピクセル、上限 {limit} ピクセル）ため、読み取っていません",
        "en": "{name}: page(s) {pages} not read: an image of {width} x {height} pixels (limit {limit})",
    },
    "runtime.ocr.finding.image_too_large_hint": {
        "ja": "300 dpi でスキャンし直してください",
        "en": "re-scan the page at 300 dpi",
    },
    "runtime.ocr.finding.downscaled": {
        "ja": "{name}: {pages} ページ目は用紙が大きいため、{dpi} dpi に下げて OCR しました（読み違いの可能性があります）",
        "en": "{name}: page(s) {pages} are large and were read at {dpi} dpi (misreadings are likely)",
    },
    "runtime.ocr.finding.downscaled_hint": {
        "ja": "A4 など通常の用紙サイズでスキャンし直すか、設定 KEIRI_OCR_MAX_PAGE_PIXELS（いまは {pixels} ピクセル）を増やしてください",
        "en": "re-scan at a usual paper size such as A4, or raise KEIRI_OCR_MAX_PAGE_PIXELS (now {pixels} pixels)",
    },
    "runtime.ocr.finding.blank": {
        "ja": "{name}: {pages} ページ目は白紙のため、読み取りを省きました",
        "en": "{name}: page(s) {pages} are blank and were skipped",
    },
    "runtime.ocr.finding.blank_hint": {
        "ja": "内容のあるページが白紙と判定された場合は、濃いめの設定でスキャンし直してください",
        "en": "if a page with content was taken as blank, re-scan it darker",
    },
    "runtime.statement.zengin.header": {"ja": "ヘッダーレコード", "en": "header record"},
    "runtime.statement.zengin.data": {"ja": "データレコード", "en": "data record"},
    "runtime.statement.zengin.trailer": {"ja": "トレーラーレコード", "en": "trailer record"},
    "runtime.statement.zengin.end": {"ja": "エンドレコード", "en": "end record"},
    "runtime.statement.zengin.line_length": {
        "ja": "{line} 行目のレコードが {length} バイトです（全銀の明細は 1 レコード 200 バイトです）",
        "en": "record {line} has {length} bytes (a Zengin record has 200)",
    },
    "runtime.statement.zengin.size": {
        "ja": "ファイルの長さ {size} バイトが 200 バイトの倍数ではありません（最後のレコードが {rest} バイトで切れています）",
        "en": "the file's {size} bytes are not a multiple of 200 (the last record is cut at {rest} bytes)",
    },
    "runtime.statement.zengin.length_hint": {
        "ja": "ファイルが途中で切れているか、改行や空白が書き換えられています。銀行のサービスから明細をダウンロードし直してください",
        "en": "the file is truncated or its line breaks or spaces were changed; download the statement from the bank again",
    },
    "runtime.statement.zengin.structure_hint": {
        "ja": "全銀の入出金取引明細は、ヘッダー（1）・データ（2）・トレーラー（8）・エンド（9）の順に並びます。銀行のサービスから明細をダウンロードし直してください",
        "en": "a Zengin 入出金取引明細 file is header (1), data (2), trailer (8) and end (9) records in this order; download the statement from the bank again",
    },
    "runtime.statement.zengin.trailer_hint": {
        "ja": "明細が欠けているか、書き換えられたか、余分な明細が入っています。銀行のサービスから明細をダウンロードし直してください",
        "en": "records are missing, altered or added; download the statement from the bank again",
    },
    "runtime.statement.zengin.not_digits": {
        "ja": "{field}「{value}」が半角数字 {width} 桁ではありません",
        "en": "{field} '{value}' is not {width} ASCII digits",
    },
    "runtime.statement.zengin.bad_date": {
        "ja": "勘定日「{value}」: {reason}",
        "en": "勘定日 '{value}': {reason}",
    },
    "runtime.statement.zengin.bad_in_out": {
        "ja": "入払区分「{value}」が 1（入金）・2（出金）のどちらでもありません",
        "en": "入払区分 '{value}' is neither 1 (deposit) nor 2 (withdrawal)",
    },
    "runtime.statement.zengin.unread": {
        "ja": "読めない明細（{problems}）",
        "en": "unreadable record ({problems})",
    },
    "runtime.statement.zengin.trailer_not_digits": {
        "ja": "{line} 行目のトレーラーレコードの{field}「{value}」が半角数字 {width} 桁ではありません",
        "en": "trailer record {line}: {field} '{value}' is not {width} ASCII digits",
    },
    "runtime.statement.zengin.difference_count": {
        "ja": "{field}（トレーラー {expected} 件、明細 {found} 件）",
        "en": "{field} (trailer {expected}, records {found})",
    },
    "runtime.statement.zengin.difference_amount": {
        "ja": "{field}（トレーラー {expected} 円、明細 {found} 円）",
        "en": "{field} (trailer {expected} yen, records {found} yen)",
    },
    "runtime.statement.zengin.separator": {"ja": "、", "en": "; "},
    "runtime.statement.zengin.trailer_mismatch": {
        "ja": "{line} 行目のトレーラーレコードと明細が一致しません: {differences}",
        "en": "trailer record {line} does not match the data records: {differences}",
    },
    "runtime.statement.zengin.unread_rows": {
        "ja": "（読めなかった明細: {rows} 行目）",
        "en": " (unreadable records: {rows})",
    },
    "runtime.statement.zengin.after_end": {
        "ja": "{line} 行目: エンドレコード（{end} 行目）の後にレコードがあります",
        "en": "record {line} follows the end record ({end})",
    },
    "runtime.statement.zengin.unknown_kind": {
        "ja": "{line} 行目のデータ区分「{kind}」は入出金取引明細にありません（1・2・8・9 のみです）",
        "en": "record {line}: データ区分 '{kind}' is not one of 1, 2, 8, 9",
    },
    "runtime.statement.zengin.not_statement": {
        "ja": "{line} 行目のヘッダーレコードの種別コード「{code}」は入出金取引明細（03）ではありません",
        "en": "header record {line}: 種別コード '{code}' is not 03 (入出金取引明細)",
    },
    "runtime.statement.zengin.before_header": {
        "ja": "{line} 行目の{record}の前に、対応するヘッダーレコードがありません",
        "en": "record {line}: a {record} without its header record",
    },
    "runtime.statement.zengin.no_trailer": {
        "ja": "{line} 行目より前に、口座の明細を締めくくるトレーラーレコードがありません",
        "en": "no trailer record closes the account's records before record {line}",
    },
    "runtime.statement.zengin.no_trailer_eof": {
        "ja": "最後のレコード（{line} 行目）までにトレーラーレコードがありません（ファイルが途中で切れている可能性があります）",
        "en": "no trailer record up to the last record ({line}); the file may be truncated",
    },
    "runtime.statement.zengin.no_end": {
        "ja": "エンドレコードがありません（最後のレコードは {line} 行目です。ファイルが途中で切れている可能性があります）",
        "en": "no end record (the last record is {line}); the file may be truncated",
    },
    "runtime.ui.open_address": {
        "ja": "アクセス制御が設定されていないため、フォームアプリを {host} で公開できません。{name}（{minimum} 文字以上の共有シークレット）か .streamlit/secrets.toml の [auth] の OIDC ログインを設定するか、127.0.0.1 で起動してください",
        "en": "refusing to serve the form app on {host} without access control: set {name} (a shared secret of at least {minimum} characters) or configure OIDC login under [auth] in .streamlit/secrets.toml, or listen on 127.0.0.1",
    },
    "runtime.ui.every_interface": {"ja": "すべてのアドレス", "en": "every interface"},
    "runtime.ui.short_secret": {
        "ja": "{name} が {minimum} 文字より短いため、フォームアプリを {host} で公開できません。推測されにくい長い値にしてください（例: `python -c 'import secrets; print(secrets.token_urlsafe(24))'`）",
        "en": "{name} is shorter than {minimum} characters (serving on {host}); use a long random value (e.g. `python -c 'import secrets; print(secrets.token_urlsafe(24))'`)",
    },
    # --- the analysis sandbox (`blocks.analysis.sandbox*`) ---
    "runtime.sandbox.violation": {
        "ja": "サンドボックス違反: {what}",
        "en": "sandbox violation: {what}",
    },
    "runtime.sandbox.read_outside": {
        "ja": "ワークスペース外のファイルの読み取りは許可されていません（{path}）",
        "en": "reading a file outside the workspace is not allowed ({path})",
    },
    "runtime.sandbox.write_outside": {
        "ja": "ワークスペース外のファイルの書き込みは許可されていません（{path}）",
        "en": "writing a file outside the workspace is not allowed ({path})",
    },
    "runtime.sandbox.listing_outside": {
        "ja": "ワークスペース外のフォルダの一覧や参照は許可されていません（{path}）",
        "en": "listing or opening a folder outside the workspace is not allowed ({path})",
    },
    "runtime.sandbox.path_outside": {
        "ja": "ワークスペース外のファイル操作（{event}）は許可されていません（{path}）",
        "en": "a file operation outside the workspace ({event}) is not allowed ({path})",
    },
    "runtime.sandbox.network": {
        "ja": "ネットワーク接続（{event}）は許可されていません",
        "en": "network access ({event}) is not allowed",
    },
    "runtime.sandbox.process": {
        "ja": "プロセスの起動（{event}）は許可されていません",
        "en": "starting a process ({event}) is not allowed",
    },
    "runtime.sandbox.ctypes": {
        "ja": "ctypes（{event}）は許可されていません",
        "en": "ctypes ({event}) is not allowed",
    },
    "runtime.sandbox.call": {"ja": "{event} は許可されていません", "en": "{event} is not allowed"},
    "runtime.sandbox.denied_import": {
        "ja": "モジュール {module} の読み込みは許可されていません",
        "en": "loading the module {module} is not allowed",
    },
    "runtime.sandbox.import_not_allowed": {
        "ja": "import {module} は許可されていません（使えるのは pandas, numpy, sklearn, "
        "matplotlib, seaborn と安全な標準モジュールのみ）",
        "en": "import {module} is not allowed (only pandas, numpy, sklearn, matplotlib, "
        "seaborn and harmless standard modules)",
    },
    "runtime.sandbox.channel_forged": {
        "ja": "実行結果を伝える通信路に、サンドボックス以外が書いたデータが見つかりました",
        "en": "the channel that reports the result holds data the sandbox did not write",
    },
    "runtime.sandbox.special_file": {
        "ja": "ワークスペースに通常のファイル以外（シンボリックリンクなど）が作られていたため削除しました（{path}）",
        "en": "something other than a plain file (a symbolic link, ...) was created in the "
        "workspace and has been removed ({path})",
    },
    "runtime.sandbox.setuid": {
        "ja": "ワークスペースのファイルに setuid/setgid 属性が付けられていたため外しました（{path}）",
        "en": "a workspace file was given the setuid/setgid bit, which has been cleared ({path})",
    },
    "runtime.plan.block_moved": {
        "ja": "ブロック {block} はこの実行の開始時にはバージョン {then} でしたが、今は {now} です。この実行は今のバージョンで続けます",
        "en": "Block {block} was at version {then} when this run started and is at {now} now; the run goes on with the current one",
    },
    "runtime.plan.pinned": {
        "ja": "{path} はこの実行の開始後に変更されています。この実行は開始時の定義（バージョン {version}）のまま続けます。新しい定義は次の実行から使われます",
        "en": "{path} has changed since this run started; the run goes on with the definition it started with (version {version}). The new one applies from the next run",
    },
    "runtime.sandbox.memory": {
        "ja": "MemoryError: メモリ上限（{mib} MiB）を超えました",
        "en": "MemoryError: the memory limit ({mib} MiB) was exceeded",
    },
    "runtime.sandbox.output_limit": {
        "ja": "OutputLimitExceeded: 標準出力が上限（{limit} 文字）を超えたため、実行を打ち切りました",
        "en": "OutputLimitExceeded: the output passed its limit ({limit} characters); "
        "the run was stopped",
    },
    "runtime.sandbox.violation_and_error": {
        "ja": "{violation}（この実行のエラー: {error}）",
        "en": "{violation} (the run's error: {error})",
    },
    "runtime.sandbox.error": {"ja": "{type}: {message}", "en": "{type}: {message}"},
    "runtime.sandbox.error_at": {
        "ja": "{type}: {message}（{line} 行目）",
        "en": "{type}: {message} (line {line})",
    },
    "runtime.sandbox.error_at_source": {
        "ja": "{type}: {message}（{line} 行目: {source}）",
        "en": "{type}: {message} (line {line}: {source})",
    },
    "runtime.sandbox.timeout": {
        "ja": "TimeoutError: 実行時間の上限（{seconds} 秒）を超えたため、処理を停止しました",
        "en": "TimeoutError: the time limit ({seconds} s) was reached; the run was stopped",
    },
    "runtime.sandbox.cpu": {
        "ja": "TimeoutError: CPU 時間の上限（{seconds} 秒）を超えました",
        "en": "TimeoutError: the CPU time limit ({seconds} s) was exceeded",
    },
    "runtime.sandbox.killed": {
        "ja": "MemoryError: プロセスが強制終了されました（メモリ上限 {mib} MiB の超過など）",
        "en": "MemoryError: the process was killed (over the {mib} MiB memory limit, or similar)",
    },
    "runtime.sandbox.channel_lost": {
        "ja": "RuntimeError: 実行結果を伝える通信路が閉じられたため、失敗として扱います",
        "en": "RuntimeError: the channel that reports the result was closed; counted as a failure",
    },
    "runtime.sandbox.no_sentinel": {
        "ja": "RuntimeError: 分析コードが最後まで実行されないまま終了しました（終了コード {code}）",
        "en": "RuntimeError: the analysis code ended before it finished (exit code {code})",
    },
    "runtime.sandbox.no_sentinel_detail": {
        "ja": "RuntimeError: 分析コードが最後まで実行されないまま終了しました（終了コード {code}）: {detail}",
        "en": "RuntimeError: the analysis code ended before it finished (exit code {code}): {detail}",
    },
    "runtime.sandbox.unavailable": {
        "ja": "分析コードを安全に隔離して実行する仕組みがこのコンピューターで使えないため、分析コードは実行しません（{reason}）",
        "en": "analysis code is not run: this computer cannot isolate it safely ({reason})",
    },
    "runtime.sandbox.unavailable_hint": {
        "ja": "管理者に bubblewrap のインストール（Debian/Ubuntu: apt-get install bubblewrap、"
        "または scripts/system-deps.sh）と、ユーザー名前空間の許可（sysctl "
        "kernel.unprivileged_userns_clone=1、Ubuntu では AppArmor の bwrap 用プロファイル）を依頼してください",
        "en": "ask an administrator to install bubblewrap (Debian/Ubuntu: apt-get install "
        "bubblewrap, or scripts/system-deps.sh) and to allow user namespaces (sysctl "
        "kernel.unprivileged_userns_clone=1; on Ubuntu, an AppArmor profile for bwrap)",
    },
    "runtime.sandbox.no_bwrap": {
        "ja": "bubblewrap（bwrap コマンド）が見つかりません",
        "en": "bubblewrap (the bwrap command) was not found",
    },
    "runtime.sandbox.bwrap_refused": {
        "ja": "bubblewrap が隔離環境を作れませんでした: {detail}",
        "en": "bubblewrap could not build the sandbox: {detail}",
    },
    "runtime.sandbox.start_failed": {
        "ja": "分析コードの実行環境を起動できませんでした（{detail}）",
        "en": "the analysis code's sandbox could not be started ({detail})",
    },
    "runtime.sandbox.start_failed_hint": {
        "ja": "もう一度実行してください。繰り返す場合は Python 環境（pandas, matplotlib）と bubblewrap を確認してください",
        "en": "run it again; if it keeps failing, check the Python environment (pandas, "
        "matplotlib) and bubblewrap",
    },
    "runtime.secrets.sweep_failed": {
        "ja": "保管期間を過ぎた秘密の値（Secret ブロック）を削除できませんでした（次の実行の開始時に再試行します）: {error}",
        "en": "could not delete the secret values (Secret blocks) past their retention (tried again at the next run's start): {error}",
    },
}
