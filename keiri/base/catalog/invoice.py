"""Messages of the invoice domain (see `keiri.base.catalog`): key -> {"ja": ..., "en": ...}.

`invoice.*`: the findings of the qualified-invoice checks (`invoice.check`) with the items the
law requires (`invoice.item.*`, named as the 消費税法 names them), the reasons a field is 要確認
(`invoice.review.*`), the question asked about an unclear total (`invoice.ask.*`) and the reasons
of the evidence files' outcomes (`invoice.outcome.*`). The values written into outputs (確定,
要確認, 照合済, …) are data, not messages: `blocks/invoice/vocabulary.py`."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    "invoice.yen": {"ja": "{amount}円", "en": "¥{amount}"},
    "invoice.candidate": {"ja": "{value}円（{text}）", "en": "¥{value} ({text})"},
    # --- the items of a 適格請求書 (the law's names) ---
    "invoice.item.issuer": {
        "ja": "発行者（適格請求書発行事業者）の氏名又は名称",
        "en": "The name of the issuer (the registered invoice issuer)",
    },
    "invoice.item.registration_number": {"ja": "登録番号", "en": "The registration number"},
    "invoice.item.transaction_date": {"ja": "取引年月日", "en": "The transaction date"},
    "invoice.item.description": {
        "ja": "取引内容（品名・明細）",
        "en": "The description of the transaction (items)",
    },
    "invoice.item.buyer": {
        "ja": "書類の交付を受ける事業者（宛名）の氏名又は名称",
        "en": "The name of the business receiving the document (the addressee)",
    },
    "invoice.item.totals_by_rate": {
        "ja": "税率ごとに区分して合計した対価の額及び適用税率",
        "en": "The total per tax rate and the rate applied",
    },
    "invoice.item.tax_or_rate": {
        "ja": "税率ごとに区分した消費税額等又は適用税率",
        "en": "The consumption tax per tax rate, or the rate applied",
    },
    "invoice.item.tax_by_rate": {
        "ja": "{rate}%対象の消費税額等",
        "en": "The consumption tax on the {rate}% total",
    },
    "invoice.item.total": {"ja": "請求金額（税込合計）", "en": "The amount billed (tax included)"},
    # --- findings of invoice.check ---
    "invoice.finding.missing": {
        "ja": "{what}が記載されていません（読み取れません）",
        "en": "{what} is not stated (or cannot be read)",
    },
    "invoice.finding.registration_format": {
        "ja": "登録番号「{number}」は「T」＋13桁の数字の形式ではありません",
        "en": "The registration number “{number}” is not “T” followed by 13 digits",
    },
    "invoice.finding.check_digit": {
        "ja": "登録番号「{number}」のチェックデジット（先頭の数字）が正しくありません"
        "（計算上は {expected}）",
        "en": "The check digit (the first digit) of the registration number “{number}” is "
        "wrong (it should be {expected})",
    },
    "invoice.finding.date_invalid": {
        "ja": "取引年月日が正しい日付ではありません: {message}",
        "en": "The transaction date is not a valid date: {message}",
    },
    "invoice.finding.reduced_without_items": {
        "ja": "8%対象の合計がありますが、軽減税率の対象品目である旨が記載された明細がありません",
        "en": "There is an 8% total, but no item is marked as taxed at the reduced rate",
    },
    "invoice.finding.reduced_unmarked": {
        "ja": "軽減税率の対象品目である旨（※印等）がない明細があります: {items}",
        "en": "Some items are not marked (※ or similar) as taxed at the reduced rate: {items}",
    },
    "invoice.finding.marker_unexplained": {
        "ja": "※印等で軽減税率対象を示していますが、その印が軽減税率対象であることの説明（凡例）が"
        "ありません",
        "en": "Items are marked (※ or similar) as reduced-rate, but no legend says what the mark "
        "means",
    },
    "invoice.finding.unsupported_rate": {
        "ja": "税率 {rate}% は消費税の税率（10% / 8%）ではありません",
        "en": "A rate of {rate}% is not a consumption tax rate (10% / 8%)",
    },
    "invoice.finding.tax_any_rounding": {
        "ja": "{rate}%対象 {base}（{basis}）の消費税額は、切り捨て・四捨五入・切り上げのいずれでも"
        "記載の {stated} になりません（切り捨てなら {expected}）",
        "en": "The tax on the {rate}% total of {base} ({basis}) is not the stated {stated} with "
        "any rounding (rounded down it is {expected})",
    },
    "invoice.finding.tax_rounding": {
        "ja": "{rate}%対象 {base}（{basis}）の消費税額は{rounding}で{expected}になるはずですが、"
        "記載は {stated} です",
        "en": "The tax on the {rate}% total of {base} ({basis}), {rounding}, should be "
        "{expected}, but {stated} is stated",
    },
    "invoice.finding.tax_per_line": {
        "ja": "。明細ごとに端数処理して合計した額と一致します（端数処理は税率ごとに1回）",
        "en": ". It is the sum of the tax rounded per item (the tax is rounded once per rate)",
    },
    "invoice.basis.inclusive": {"ja": "税込", "en": "tax included"},
    "invoice.basis.exclusive": {"ja": "税抜", "en": "tax excluded"},
    "invoice.rounding.down": {"ja": "切り捨て", "en": "rounded down"},
    "invoice.rounding.half_up": {"ja": "四捨五入", "en": "rounded half up"},
    "invoice.rounding.up": {"ja": "切り上げ", "en": "rounded up"},
    "invoice.finding.total_mismatch": {
        "ja": "合計 {total} が、税率ごとの合計と消費税額から計算した {computed} と一致しません",
        "en": "The total {total} is not {computed}, computed from the totals and the tax per rate",
    },
    "invoice.finding.line_amount": {
        "ja": "明細「{description}」の数量×単価（{quantity}×{price}）が金額 {amount} と一致しません",
        "en": "For the item “{description}”, quantity × unit price ({quantity}×{price}) is "
        "not the amount {amount}",
    },
    "invoice.finding.line_sum": {
        "ja": "{rate}%対象の明細の合計 {summed} が、記載の {rate}%対象合計 {stated} と一致しません",
        "en": "The {rate}% items add up to {summed}, not to the stated {rate}% total {stated}",
    },
    "invoice.finding.text_unavailable": {
        "ja": "テキストを読み取れないため確認できません（{code}: {message}）",
        "en": "Cannot be checked: the text cannot be read ({code}: {message})",
    },
    "invoice.finding.text_truncated": {
        "ja": "抽出テキストが途中で切れているため、後半の記載を確認できていません",
        "en": "The extracted text was cut short: the rest of the document is not checked",
    },
    "invoice.finding.kind_unknown": {
        "ja": "書類の表題（請求書・領収書等）が読み取れません。適格請求書として確認しました",
        "en": "The document's title (invoice, receipt, …) cannot be read. It was checked as a "
        "qualified invoice",
    },
    "invoice.finding.total_unconfirmed": {
        "ja": "合計を確定できません: {reason}。候補: {candidates}",
        "en": "The total cannot be confirmed: {reason}. Candidates: {candidates}",
    },
    # --- why a field is 要確認 ---
    "invoice.review.total_arithmetic": {
        "ja": "記載の合計が税率ごとの金額と税額の計算（{computed}）と一致しません",
        "en": "The stated total is not what the amounts and the tax per rate give ({computed})",
    },
    "invoice.review.computed": {"ja": "計算値", "en": "computed"},
    "invoice.review.total_rivals": {
        "ja": "合計の候補が複数あり、一致しません",
        "en": "Several candidate totals disagree",
    },
    "invoice.review.net_differs": {
        "ja": "差引後の請求額 {amount} が、明細と税額から計算した合計と異なります。差し引かれた内容を確認してください",
        "en": "The amount billed after deductions, {amount}, is not the total the lines and the tax give: check what was deducted",
    },
    "invoice.review.withholding": {
        "ja": "源泉徴収税額 {amount} が差し引かれています。支払額（差引後）と税込合計のどちらを合計とするか確認してください",
        "en": "Withholding tax of {amount} is deducted: check whether the total is the amount paid (after it) or the gross",
    },
    "invoice.review.after_withholding": {
        "ja": "源泉徴収後の支払額",
        "en": "amount paid after withholding",
    },
    "invoice.review.before_withholding": {
        "ja": "源泉徴収前の合計",
        "en": "total before withholding",
    },
    "invoice.review.total_unlabelled": {
        "ja": "合計の見出しが読めません。税率ごとの金額と消費税額から計算した額と同じ、記載の金額です",
        "en": "No total label was read: this printed amount is what the amounts and tax per rate give",
    },
    "invoice.review.total_ocr": {
        "ja": "OCR で読んだ合計を計算で確かめられません",
        "en": "The total read by OCR cannot be checked by the arithmetic",
    },
    "invoice.review.total_small": {
        "ja": "合計の欄の数値が小さく、金額の記載（¥・円・桁区切り）がありません",
        "en": "The number in the total's place is small and not written as money (¥, 円, "
        "thousands separators)",
    },
    "invoice.review.flat_table": {
        "ja": "見出しの行と金額の行が分かれた表を読み順で読んだため、どの金額が合計か確かめられません",
        "en": "A table with its headers and amounts on separate rows was read in reading order: "
        "which amount is the total cannot be checked",
    },
    "invoice.review.total_below_line": {
        "ja": "合計が明細の金額より小さく、計算が合いません",
        "en": "The total is smaller than an item's amount: the figures do not add up",
    },
    "invoice.review.date_rivals": {
        "ja": "請求日（発行日）とは別の日付（利用日・納品日）も記載されています",
        "en": "Another date (a date of use or delivery) is printed beside the invoice date",
    },
    "invoice.review.date_year_inferred": {
        "ja": "年の記載がない日付です（年は書類の日付・対象月から補いました）",
        "en": "The date is printed without its year (the year is taken from the document's date or month)",
    },
    "invoice.review.date_ocr": {
        "ja": "OCR で読んだ日付です（読み違いの可能性）",
        "en": "A date read by OCR (it may be misread)",
    },
    "invoice.review.registration_ocr": {
        "ja": "OCR で読んだ登録番号です（0 と 9 の読み違いはチェックデジットでは見分けられません）",
        "en": "A registration number read by OCR (its check digit cannot catch a 0 read as a 9)",
    },
    "invoice.review.name_ocr": {
        "ja": "OCR で読んだ名称です（読み違いの可能性）",
        "en": "A name read by OCR (it may be misread)",
    },
    "invoice.review.issuer_weak": {
        "ja": "発行者の手がかり（発行者欄、登録番号や住所の近くの会社名）がありません",
        "en": "Nothing points at the issuer (an issuer field, a company name by the "
        "registration number or the address)",
    },
    "invoice.review.quote_missing": {
        "ja": "根拠の引用が本文にありません",
        "en": "The quoted evidence is not in the text",
    },
    "invoice.review.quote_without_value": {
        "ja": "引用に値が含まれていません",
        "en": "The quote does not contain the value",
    },
    "invoice.review.total_unchecked": {
        "ja": "税率ごとの金額がなく、合計を計算で確かめられません",
        "en": "There are no amounts per rate: the total cannot be checked by the arithmetic",
    },
    "invoice.review.only_model": {
        "ja": "画像を読んだ LLM だけが読んだ値です（文字の読み取りで確かめられません）",
        "en": "Only the LLM reading the image read this value (the text reading cannot confirm it)",
    },
    "invoice.review.model_differs": {
        "ja": "文字の読み取りと画像を読んだ LLM の値が異なります（{seen}）",
        "en": "The text reading and the LLM reading the image differ ({seen})",
    },
    "invoice.review.model_total": {
        "ja": "。画像を読んだ LLM は {amount}円 と読みました",
        "en": ". The LLM reading the image read ¥{amount}",
    },
    "invoice.candidate.model": {"ja": "画像を読んだ LLM", "en": "the LLM reading the image"},
    "invoice.note.line_dropped": {
        "ja": "本文にない品名の明細を除きました: {name}",
        "en": "An item whose description is not in the text was left out: {name}",
    },
    # --- the question about an unclear total (confirm_ambiguous) ---
    "invoice.ask.nth": {"ja": "{number} 件目", "en": "document {number}"},
    "invoice.ask.option_yen": {"ja": "{value} 円（{text}）", "en": "¥{value} ({text})"},
    "invoice.ask.option": {"ja": "{value}（{text}）", "en": "{value} ({text})"},
    "invoice.ask.amount": {"ja": "金額", "en": "Amount"},
    "invoice.ask.basis": {"ja": "根拠", "en": "Evidence"},
    "invoice.ask.total": {
        "ja": "{name} の合計金額が確定できません（{reason}）。どれが合計ですか？",
        "en": "The total of {name} cannot be confirmed ({reason}). Which one is the total?",
    },
    # --- why an evidence file has its outcome ---
    "invoice.outcome.kind_unknown": {
        "ja": "書類の表題（請求書・領収書など）が読み取れません",
        "en": "The document's title (invoice, receipt, …) cannot be read",
    },
    "invoice.outcome.no_total": {
        "ja": "合計金額が読み取れません",
        "en": "The total cannot be read",
    },
    "invoice.outcome.no_date": {
        "ja": "取引日が読み取れません",
        "en": "The transaction date cannot be read",
    },
    "invoice.outcome.separator": {"ja": "、", "en": "; "},
    "invoice.outcome.unreconcilable": {
        "ja": "照合できない値",
        "en": "a value that cannot be matched",
    },
    "invoice.outcome.no_payment": {
        "ja": "明細に対応する支払が見つかりません",
        "en": "No payment in the statement matches it",
    },
    "invoice.outcome.candidate": {"ja": "{value}（{text}）", "en": "{value} ({text})"},
}
