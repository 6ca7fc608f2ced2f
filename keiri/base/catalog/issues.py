"""Messages of the issues surface (see `keiri.base.catalog`): key -> {"ja": ..., "en": ...}.

Validation issues (`keiri validate`, `keiri dry-run`, the designer): `issue.pydantic.*` are
pydantic's error types (`blocks.sdk.issue_text`), the rest the compiler's own findings.
"""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    # --- shared pieces ---
    "issue.did_you_mean": {"ja": "もしかして: {names}", "en": "did you mean {names}?"},
    "issue.known_keys": {"ja": "使えるキー: {keys}", "en": "known keys: {keys}"},
    "issue.remove_key": {
        "ja": "このキーを削除するか、綴りを直してください",
        "en": "remove the key or fix its spelling",
    },
    "issue.add_key": {"ja": "`{name}:` を追加してください", "en": "add `{name}:`"},
    "issue.hint_join": {"ja": "（{hint}）", "en": "; {hint}"},
    "issue.see_plan_schema": {
        "ja": "計画の書き方は schemas/plan.schema.json を参照してください",
        "en": "see schemas/plan.schema.json",
    },
    "issue.see_block_spec_schema": {
        "ja": "ブロック仕様の書き方は schemas/block_spec.schema.json を参照してください",
        "en": "see schemas/block_spec.schema.json",
    },
    "issue.value.mapping": {"ja": "マッピング（キーと値の組）", "en": "a mapping"},
    "issue.value.list": {"ja": "{count} 件のリスト", "en": "a list of {count}"},
    # --- pydantic's error types, by `type` ---
    "issue.pydantic.missing": {
        "ja": "必須のキー '{name}' がありません",
        "en": "missing required key '{name}'",
    },
    "issue.pydantic.extra_forbidden": {
        "ja": "'{name}' は使えないキーです",
        "en": "unknown key '{name}'",
    },
    "issue.pydantic.string_type": {
        "ja": "文字列を書いてください（入力: {actual}）",
        "en": "expected text (got {actual})",
    },
    "issue.pydantic.int_type": {
        "ja": "整数を書いてください（入力: {actual}）",
        "en": "expected a whole number (got {actual})",
    },
    "issue.pydantic.int_from_float": {
        "ja": "小数ではなく整数を書いてください（入力: {actual}）",
        "en": "expected a whole number, not a fraction (got {actual})",
    },
    "issue.pydantic.float_type": {
        "ja": "数値を書いてください（入力: {actual}）",
        "en": "expected a number (got {actual})",
    },
    "issue.pydantic.finite_number": {
        "ja": "有限の数値を書いてください（入力: {actual}）",
        "en": "expected a finite number (got {actual})",
    },
    "issue.pydantic.bool_type": {
        "ja": "true か false を書いてください（入力: {actual}）",
        "en": "expected true or false (got {actual})",
    },
    "issue.pydantic.list_type": {
        "ja": "リスト（- で始まる項目）を書いてください（入力: {actual}）",
        "en": "expected a list (got {actual})",
    },
    "issue.pydantic.dict_type": {
        "ja": "マッピング（キー: 値）を書いてください（入力: {actual}）",
        "en": "expected a mapping of keys to values (got {actual})",
    },
    "issue.pydantic.literal_error": {
        "ja": "{expected} のいずれかを書いてください（入力: {actual}）",
        "en": "expected one of {expected} (got {actual})",
    },
    "issue.pydantic.none_required": {
        "ja": "ここには値を書けません（入力: {actual}）",
        "en": "no value is allowed here (got {actual})",
    },
    "issue.pydantic.pattern": {
        "ja": "{actual} は '{name}' の形式に合いません",
        "en": "{actual} does not have the form '{name}' expects",
    },
    "issue.pydantic.string_too_short": {
        "ja": "{limit} 文字以上で書いてください（入力: {actual}）",
        "en": "expected at least {limit} characters (got {actual})",
    },
    "issue.pydantic.string_too_long": {
        "ja": "{limit} 文字以内で書いてください（入力: {actual}）",
        "en": "expected at most {limit} characters (got {actual})",
    },
    "issue.pydantic.too_short": {
        "ja": "{limit} 件以上必要です（入力: {actual}）",
        "en": "expected at least {limit} items (got {actual})",
    },
    "issue.pydantic.too_long": {
        "ja": "{limit} 件までにしてください（入力: {actual}）",
        "en": "expected at most {limit} items (got {actual})",
    },
    "issue.pydantic.greater_than": {
        "ja": "{limit} より大きい値を書いてください（入力: {actual}）",
        "en": "expected a value greater than {limit} (got {actual})",
    },
    "issue.pydantic.greater_than_equal": {
        "ja": "{limit} 以上の値を書いてください（入力: {actual}）",
        "en": "expected a value of at least {limit} (got {actual})",
    },
    "issue.pydantic.less_than": {
        "ja": "{limit} より小さい値を書いてください（入力: {actual}）",
        "en": "expected a value less than {limit} (got {actual})",
    },
    "issue.pydantic.less_than_equal": {
        "ja": "{limit} 以下の値を書いてください（入力: {actual}）",
        "en": "expected a value of at most {limit} (got {actual})",
    },
    "issue.pydantic.multiple_of": {
        "ja": "{limit} の倍数を書いてください（入力: {actual}）",
        "en": "expected a multiple of {limit} (got {actual})",
    },
    "issue.pydantic.union_tag_invalid": {
        "ja": "'{name}' は {expected} のいずれかにしてください（入力: {actual}）",
        "en": "'{name}' must be one of {expected} (got {actual})",
    },
    "issue.pydantic.union_tag_not_found": {
        "ja": "種類を決めるキー '{name}' がありません（{expected} のいずれか）",
        "en": "the key '{name}' that tells the kind is missing (one of {expected})",
    },
    "issue.pydantic.date": {
        "ja": "日付（例: 2025-04-30）を書いてください（入力: {actual}）",
        "en": "expected a date such as 2025-04-30 (got {actual})",
    },
    "issue.pydantic.datetime": {
        "ja": "日時（例: 2025-04-30T09:00:00+09:00）を書いてください（入力: {actual}）",
        "en": "expected a date and time such as 2025-04-30T09:00:00+09:00 (got {actual})",
    },
    "issue.pydantic.url": {
        "ja": "URL（例: https://example.com）を書いてください（入力: {actual}）",
        "en": "expected a URL such as https://example.com (got {actual})",
    },
    "issue.pydantic.json_invalid": {
        "ja": "JSON として読めません（入力: {actual}）",
        "en": "not valid JSON (got {actual})",
    },
    "issue.pydantic.other": {
        "ja": "値が正しくありません（入力: {actual}。詳細: {detail}）",
        "en": "invalid value (got {actual}: {detail})",
    },
    # --- the plan's own validators (compiler.models, blocks.sdk.spec) ---
    "issue.not_semver": {
        "ja": "バージョン {value} は SemVer（MAJOR.MINOR.PATCH、例: 1.2.0）ではありません",
        "en": "version {value} is not SemVer (MAJOR.MINOR.PATCH)",
    },
    "issue.alias_not_identifier": {
        "ja": "{name} の別名は識別子（英字で始まる英数字と _）にしてください（入力: {alias}）",
        "en": "alias for {name} must be an identifier, got {alias}",
    },
    "issue.not_json_number": {
        "ja": "{value} は JSON の数値ではありません",
        "en": "{value} is not a JSON number",
    },
    "issue.options_not_unique": {
        "ja": "選択肢の id が重複しています: {ids}",
        "en": "option ids must be unique: {ids}",
    },
    "issue.default_not_option": {
        "ja": "既定値 {default} が選択肢にありません（{ids}）",
        "en": "default {default} is not an option ({ids})",
    },
    # --- the YAML loader ---
    "issue.yaml.duplicate_key": {
        "ja": "キー {name} が重複しています",
        "en": "duplicate key {name}",
    },
    "issue.yaml.duplicate_key_hint": {
        "ja": "YAML では重複したキーは最後の 1 つだけが残ります。どちらかを削除してください",
        "en": "YAML keeps only the last of duplicate keys; remove one",
    },
    "issue.yaml.not_finite": {
        "ja": "{value} は {kind} で、計画に書ける数値ではありません",
        "en": "{value} is {kind}, not a number a plan can hold",
    },
    "issue.yaml.not_finite_hint": {
        "ja": "NaN や Infinity は JSON の数値ではありません。有限の数値を書くか、文字列として引用符で囲んでください",
        "en": "NaN and Infinity are not JSON numbers; write a finite number or quote the text",
    },
    "issue.yaml.self_alias": {
        "ja": "エイリアスが自分を含むノードを参照しています",
        "en": "an alias refers to the node that contains it",
    },
    "issue.yaml.too_deep": {
        "ja": "入れ子が {limit} 段を超えています",
        "en": "nesting deeper than {limit} levels",
    },
    "issue.yaml.too_many_values": {
        "ja": "エイリアスを展開すると値が {limit} 個を超えます",
        "en": "more than {limit} values once its aliases are expanded",
    },
    "issue.yaml.long_integer": {
        "ja": "{digits} 桁の整数があります（{limit} 桁まで）",
        "en": "an integer of {digits} digits (at most {limit})",
    },
    "issue.yaml.too_many_chars": {
        "ja": "{count} 文字あります（{limit} 文字まで）",
        "en": "{count} characters (at most {limit})",
    },
    "issue.yaml.too_large": {
        "ja": "文書が大きすぎます: {detail}",
        "en": "the document is too large: {detail}",
    },
    "issue.yaml.too_large_hint": {
        "ja": "計画は小さな文書です。繰り返しのエイリアス、深い入れ子、長い値を取り除いてください",
        "en": "a plan is a small document: remove the repeated aliases, the deep nesting or the long value",
    },
    "issue.yaml.syntax": {
        "ja": "YAML の書き方に誤りがあります: {detail}（{column} 桁目）",
        "en": "{detail} (column {column})",
    },
    "issue.yaml.syntax_plain": {
        "ja": "YAML の書き方に誤りがあります: {detail}",
        "en": "{detail}",
    },
    "issue.yaml.syntax_hint": {
        "ja": "YAML の書き方を直してください。インデントのずれや、キーの後の ':' の抜けがよくある原因です",
        "en": "fix the YAML syntax; indentation and ':' after keys are common causes",
    },
    "issue.file.not_found": {
        "ja": "ファイルが見つかりません: {path}",
        "en": "no such file: {path}",
    },
    "issue.file.not_found_hint": {
        "ja": "計画ファイルのパスを確認してください",
        "en": "check the path of the plan",
    },
    "issue.file.not_utf8": {
        "ja": "{path} を読めません: UTF-8 のテキストではありません（{byte} バイト目、{line} 行目）",
        "en": "cannot read {path}: not UTF-8 text (byte {byte}, line {line})",
    },
    "issue.file.not_utf8_hint": {
        "ja": "ファイルを UTF-8 で保存し直してください（Windows のエディタは Shift_JIS/cp932 で保存することがあります）",
        "en": "save the file as UTF-8 (Windows editors may save Shift_JIS/cp932)",
    },
    "issue.file.unreadable": {
        "ja": "{path} を読めません: {detail}",
        "en": "cannot read {path}: {detail}",
    },
    "issue.per_node.no_node": {
        "ja": "per_node に指定されたノード {node} がありません",
        "en": "per_node names no node {node}",
    },
    "issue.per_node.loops": {
        "ja": "per_node はループの並列数を制限します（この計画のループ: {loops}）",
        "en": "per_node caps loops: {loops}",
    },
    "issue.none": {"ja": "なし", "en": "none"},
    "issue.per_node.exceeds": {
        "ja": "per_node.{node} = {cap} が default_max_workers = {limit} を超えています。小さい方（{limit}）が使われます",
        "en": "per_node.{node} = {cap} exceeds default_max_workers = {limit}; the lower one ({limit}) wins",
    },
    "issue.per_node.exceeds_hint": {
        "ja": "default_max_workers も上げるか、per_node を意図した上限に下げてください",
        "en": "raise default_max_workers too, or lower per_node to the cap you mean",
    },
    "issue.duplicate_node": {
        "ja": "ノード id {node} が 2 回使われています（最初は {first}、{line} 行目）",
        "en": "node id {node} is used twice (first at {first}, line {line})",
    },
    "issue.duplicate_node_hint": {
        "ja": "ノード id は計画全体（ループの中も含む）で一意にしてください",
        "en": "node ids must be unique in the whole plan, loop bodies included",
    },
    "issue.loop.one_of": {
        "ja": "ループには foreach か while のどちらか一方だけが必要です",
        "en": "a loop needs exactly one of foreach or while",
    },
    "issue.loop.one_of_hint": {
        "ja": "リストの各要素を繰り返すなら foreach、条件を満たすまで繰り返すなら while を使ってください",
        "en": "use foreach to iterate over a list, while to repeat until a condition",
    },
    "issue.collect.unknown": {
        "ja": "out.collect {name} はループ {loop} の本体がエクスポートする名前ではありません",
        "en": "out.collect {name} is not an export of the body of {loop}",
    },
    "issue.collect.exports": {
        "ja": "本体のエクスポート: {names}",
        "en": "exports of the body: {names}",
    },
    "issue.collect.none": {
        "ja": "body.plan.exports: [{{from: NODE.OUTPUT, as: NAME}}] を追加し、その NAME を collect に書いてください",
        "en": "add body.plan.exports: [{{from: NODE.OUTPUT, as: NAME}}] and collect NAME",
    },
    "issue.input.unknown": {
        "ja": "{block} に入力 {name} はありません",
        "en": "{block} has no input {name}",
    },
    "issue.input.known": {"ja": "{block} の入力: {names}", "en": "inputs of {block}: {names}"},
    "issue.input.missing": {
        "ja": "{block} には入力 {name} が必要です",
        "en": "{block} needs input {name}",
    },
    "issue.input.add": {"ja": "in.{name} を追加してください", "en": "add in.{name}"},
    "issue.input.add_described": {
        "ja": "in.{name} を追加してください（{description}）",
        "en": "add in.{name} ({description})",
    },
    "issue.output.unknown": {
        "ja": "{block} に出力 {name} はありません",
        "en": "{block} has no output {name}",
    },
    "issue.output.known": {"ja": "{block} の出力: {names}", "en": "outputs of {block}: {names}"},
    "issue.major.unpinned": {
        "ja": "{block} はバージョン指定がないため、メジャー {major}（{version}）が使われます。メジャー {older}（{older_version}）もインストールされています",
        "en": "{block} is not pinned and resolves to major {major} ({version}); major {older} ({older_version}) is installed too",
    },
    "issue.major.unpinned_hint": {
        "ja": "ノードが想定しているメジャーを指定してください: block: {block}@{older_version}（メジャー {older}）または {block}@{version}（メジャー {major}）",
        "en": "pin the major the node was written for: block: {block}@{older_version} (major {older}) or {block}@{version} (major {major})",
    },
    "issue.one_of.missing": {
        "ja": "{block} には {names} のいずれかが必要です",
        "en": "{block} needs one of {names}",
    },
    "issue.one_of.hint": {
        "ja": "{inputs} のいずれかに空でない値を指定してください",
        "en": "bind {inputs} to a non-empty value",
    },
    "issue.one_of.or": {"ja": " または ", "en": " or "},
    "issue.subflow.not_found": {
        "ja": "サブフロー {plan} が見つかりません（探した場所: {paths}）",
        "en": "subflow plan {plan} not found (looked for {paths})",
    },
    "issue.subflow.not_found_hint": {
        "ja": "call.plan_id には designs/<plan_id>.yaml の plan_id を書きます（例: common/validation_flow）",
        "en": "call.plan_id names designs/<plan_id>.yaml, e.g. common/validation_flow",
    },
    "issue.subflow.too_deep": {
        "ja": "サブフローの入れ子が {limit} 段を超えています: {chain}",
        "en": "subflows nested deeper than {limit} levels: {chain}",
    },
    "issue.subflow.too_deep_hint": {
        "ja": "サブフロー呼び出しの連鎖を浅くしてください",
        "en": "flatten the chain of subflow calls",
    },
    "issue.subflow.cycle": {
        "ja": "サブフローの呼び出しが循環しています: {chain}",
        "en": "subflow calls form a cycle: {chain}",
    },
    "issue.subflow.cycle_hint": {
        "ja": "計画は直接にも、別のサブフローを経由しても、自分自身を呼び出せません",
        "en": "a plan cannot call itself, directly or through another subflow",
    },
    "issue.subflow.invalid": {
        "ja": "サブフロー {plan} に問題があります（{target} に {count} 件）",
        "en": "subflow plan {plan} is invalid ({count} issue(s) in {target})",
    },
    "issue.subflow.invalid_hint": {
        "ja": "`keiri validate {target}` で確認してください",
        "en": "run `keiri validate {target}`",
    },
    "issue.subflow.no_var": {
        "ja": "サブフロー {plan} に変数 {name} は宣言されていません",
        "en": "subflow {plan} declares no var {name}",
    },
    "issue.subflow.no_var_hint": {
        "ja": "サブフローの入力は、呼び出す計画の vars です",
        "en": "inputs of a subflow are the called plan's vars",
    },
    "issue.subflow.no_export": {
        "ja": "サブフロー {plan} は {name} をエクスポートしていません",
        "en": "subflow {plan} exports no {name}",
    },
    "issue.subflow.exports": {"ja": "エクスポート: {names}", "en": "exports: {names}"},
    "issue.expression.syntax": {
        "ja": "式の書き方に誤りがあります: {detail}（{column} 文字目{found}）",
        "en": "{detail} at column {column}{found}",
    },
    "issue.expression.found": {"ja": "、実際: {found}", "en": " (found {found})"},
    "issue.expression.hint": {
        "ja": "式に使えるのは ${{...}} 参照、リテラル、== != < <= > >=、&& || ! と括弧です",
        "en": "expressions use ${{...}} references, literals, == != < <= > >=, && || ! and parentheses",
    },
    "issue.cycle": {"ja": "循環しています: {chain}", "en": "cycle: {chain}"},
    "issue.cycle.self_hint": {
        "ja": "ノードは自分自身の出力を読めません",
        "en": "a node cannot read its own outputs",
    },
    "issue.cycle.hint": {
        "ja": "ノードは直接にも、他のノードを経由しても、自分自身に依存できません。どこかで循環を断ち切ってください",
        "en": "a node cannot depend on itself, directly or through others; break the loop",
    },
    "issue.export.unknown_node": {
        "ja": "エクスポート元のノード {node} がありません",
        "en": "export from unknown node {node}",
    },
    "issue.export.unknown_node_hint": {
        "ja": "exports にはこのグラフの ノード.出力 を書きます",
        "en": "exports read node.output of this graph",
    },
    "issue.export.no_output": {
        "ja": "{node} に出力 {name} はありません",
        "en": "{node} has no output {name}",
    },
    "issue.export.no_output_hint": {
        "ja": "出力の別名を書いてください",
        "en": "name an output alias",
    },
    "issue.env.unset_default": {
        "ja": "環境変数 {name} が設定されていません。入力は既定値（{default}）になります",
        "en": "environment variable {name} is not set; the input takes its default ({default})",
    },
    "issue.env.unset_default_hint": {
        "ja": "既定値でよくなければ、計画を実行する環境で {name} を設定してください",
        "en": "set {name} where the plan runs if the default is not what you mean",
    },
    "issue.env.unset": {
        "ja": "環境変数 {name} が設定されていません（null として読まれます）",
        "en": "environment variable {name} is not set (it would read as null)",
    },
    "issue.env.unset_hint": {
        "ja": "計画を実行する環境で {name} を設定する（export するか .env に書く）か、vars で値を与えてください",
        "en": "set {name} where the plan runs (export it, or in .env), or give the value in vars",
    },
    "issue.type.ref": {
        "ja": "{ref} は {actual} ですが、{name} には {expected} が必要です",
        "en": "{ref} is {actual}, but {name} expects {expected}",
    },
    "issue.type.ref_hint": {
        "ja": "求められる型の出力を結び付けるか、上流のノードで変換してください",
        "en": "bind an output of the expected type, or convert it in an upstream node",
    },
    "issue.type.embedded": {
        "ja": "参照を埋め込んだテキストは文字列ですが、{name} には {expected} が必要です",
        "en": "text with embedded references is a string, but {name} expects {expected}",
    },
    "issue.type.embedded_hint": {
        "ja": "型のある値を渡すには、値全体を 1 つの ${{...}} だけにしてください",
        "en": "use exactly one ${{...}} as the whole value to pass a typed value",
    },
    "issue.type.literal_hint": {
        "ja": "ブロックの入力スキーマに合うように値を直してください",
        "en": "fix the literal value to match the block's input schema",
    },
    "issue.req.duplicate": {
        "ja": "入力項目 id {name} が 2 回使われています（{first} 番目と {index} 番目）",
        "en": "requirement id {name} is used twice (items {first} and {index})",
    },
    "issue.req.duplicate_hint": {
        "ja": "入力項目の id はそれぞれフォームの項目になります。重複しないようにしてください",
        "en": "each requirement id becomes a form field; make them unique",
    },
    "issue.req.no_options": {
        "ja": "選択式の入力項目 {name} に options がありません",
        "en": "select requirement {name} has no options",
    },
    "issue.req.no_options_hint": {
        "ja": "options に選択肢を並べてください",
        "en": "list the choices under options",
    },
    "issue.req.options_not_allowed": {
        "ja": "{type} 型の入力項目 {name} には options を書けません",
        "en": "{type} requirement {name} cannot have options",
    },
    "issue.req.options_not_allowed_hint": {
        "ja": "選択肢を使うには type: select にしてください",
        "en": "use type: select for a choice",
    },
    "issue.req.accept_not_allowed": {
        "ja": "{type} 型の入力項目 {name} には accept を書けません",
        "en": "{type} requirement {name} cannot have accept",
    },
    "issue.req.accept_not_allowed_hint": {
        "ja": "accept は file、files、folder 型に使います",
        "en": "accept is for file, files and folder",
    },
    "issue.req.bad_default": {
        "ja": "既定値 {default} は {type} 型の入力項目 {name} に合いません",
        "en": "default {default} does not fit {type} requirement {name}",
    },
    "issue.req.bad_default_hint": {
        "ja": "既定値を入力項目の型・選択肢に合わせてください",
        "en": "make the default match the requirement type/options",
    },
    "issue.req.declaration": {
        "ja": "入力項目 {name} の定義が正しくありません: {detail}",
        "en": "requirement {name} is malformed: {detail}",
    },
    "issue.req.declaration_hint": {
        "ja": "{type} 型の入力項目の書き方（blocks/forms/ にあるその型のモジュールの説明）に合わせてください",
        "en": "write it as a {type} requirement is written (the docstring of its module in blocks/forms/)",
    },
    "issue.req.bounds": {
        "ja": "validation.{low}（{lo}）が {high}（{hi}）より大きくなっています",
        "en": "validation.{low} ({lo}) is greater than {high} ({hi})",
    },
    "issue.req.bounds_hint": {
        "ja": "上限と下限を入れ替えるか直してください",
        "en": "swap or fix the bounds",
    },
    "issue.req.regex_hint": {
        "ja": "後方参照・先読み/後読み・入れ子の繰り返しを使わずにパターンを書いてください",
        "en": "write the pattern without backreferences, lookaround or nested repeats",
    },
    "issue.display.problem": {"ja": "display: {detail}", "en": "display: {detail}"},
    "issue.display.hint": {
        "ja": "display に書ける項目は blocks/forms/display.py を参照してください",
        "en": "see blocks/forms/display.py for the display items",
    },
    "issue.layout.twice": {
        "ja": "ui.layout に {node} が 2 回あります",
        "en": "ui.layout lists {node} twice",
    },
    "issue.layout.twice_hint": {
        "ja": "各ノードは 1 回だけ書いてください",
        "en": "list each node once",
    },
    "issue.layout.unknown": {
        "ja": "ui.layout の {node} はグラフのノードではありません",
        "en": "ui.layout names {node}, which is not a node of the graph",
    },
    "issue.layout.unknown_hint": {
        "ja": "ui.layout には表示順にノード id を並べます",
        "en": "ui.layout lists node ids in display order",
    },
    "issue.layout.not_output": {
        "ja": "{ref} はグラフのノードの出力（ノード.出力）ではありません",
        "en": "{ref} is not an output of a node of the graph (node.output)",
    },
    "issue.layout.not_output_hint": {
        "ja": "ノード.出力 の形で書いてください（例: write_report.report）",
        "en": "write node.output, e.g. write_report.report",
    },
    "issue.layout.missing": {
        "ja": "UI ノード {node} が ui.layout にありません",
        "en": "UI node {node} is missing from ui.layout",
    },
    "issue.layout.missing_hint": {
        "ja": "{node} を ui.layout に追加してください",
        "en": "add {node} to ui.layout",
    },
    "issue.unused.body_node": {
        "ja": "{owner} の本体にある {node} は使われず、エクスポートもされていません",
        "en": "{node} in the body of {owner} is neither used nor exported",
    },
    "issue.unused.body_node_hint": {
        "ja": "結果をエクスポートするか、ノードを削除してください",
        "en": "export its result or remove it",
    },
    "issue.unused.alias": {
        "ja": "{node} の出力の別名 {name} はどこからも使われていません",
        "en": "output alias {name} of {node} is never used",
    },
    "issue.unused.alias_hint": {
        "ja": "別名を削除するか、使ってください",
        "en": "remove the alias or use it",
    },
    "issue.placeholder.invalid": {
        "ja": "プレースホルダ vars.{name}: {detail}",
        "en": "placeholder vars.{name}: {detail}",
    },
    "issue.placeholder.invalid_hint": {
        "ja": "プレースホルダは {{placeholder: true, type: string|integer|number|boolean|array|object, question: 何を確認するか}} の形で書きます（schemas/plan.schema.json を参照）",
        "en": "a placeholder is {{placeholder: true, type: string|integer|number|boolean|array|object, question: what to ask}}; see schemas/plan.schema.json",
    },
    "issue.placeholder.pending": {
        "ja": "vars.{name} はまだ決まっていない設定値（プレースホルダ）です（{what}）",
        "en": "vars.{name} is a setting still to be given (a placeholder: {what})",
    },
    "issue.placeholder.pending_hint": {
        "ja": "実行前に値が必要です: {how}",
        "en": "a value is needed before a run: {how}",
    },
    "issue.block.legacy": {
        "ja": "ブロック {block} は古い UI ブロックで、ui.interactive_input に置き換えられました",
        "en": "unknown block {block}: a legacy UI block, replaced by ui.interactive_input",
    },
    "issue.block.legacy_hint": {
        "ja": "`keiri migrate PLAN` で書き換えてください（このブロックへの参照も書き換わります）",
        "en": "run `keiri migrate PLAN` to rewrite it (and the references to it)",
    },
    "issue.block.unknown": {"ja": "ブロック {block} はありません", "en": "unknown block {block}"},
    "issue.block.list_hint": {
        "ja": "`keiri blocks` でブロックの一覧を確認してください",
        "en": "run `keiri blocks` to list the blocks",
    },
    "issue.block.not_semver": {
        "ja": "{ref}: {pin} は SemVer のバージョンではありません",
        "en": "{ref}: {pin} is not a SemVer version",
    },
    "issue.block.not_semver_hint": {
        "ja": "id@1.2.0 のようにバージョンを指定してください",
        "en": "pin a version like id@1.2.0",
    },
    "issue.block.pin_unavailable": {
        "ja": "{ref} はバージョン {pin} を指定していますが、使えるのは {available} だけです",
        "en": "{ref} is pinned to {pin}, but only {available} is available",
    },
    "issue.block.pin_unavailable_hint": {
        "ja": "メジャーバージョンが違うとブロックの入出力が変わります。ノードを見直して {block}@{version} を指定してください",
        "en": "a different major version changes the block's contract; review the node and pin {block}@{version}",
    },
    "issue.block.defined_twice": {
        "ja": "ブロック {block}@{version} が 2 回定義されています: {first} と {second}",
        "en": "block {block}@{version} is defined twice: {first} and {second}",
    },
    "issue.block.defined_twice_hint": {
        "ja": "どちらかの仕様ファイルを削除するか、一方のバージョンを上げてください",
        "en": "remove one of the two spec files or bump the version of one",
    },
    "issue.plan.not_mapping": {
        "ja": "計画は apiVersion、id、graph などを持つ YAML のマッピングにしてください",
        "en": "a plan must be a YAML mapping with apiVersion, id, graph, ...",
    },
    "issue.loop.no_limit": {
        "ja": "while ループには max_iterations が必要です",
        "en": "a while loop needs max_iterations",
    },
    "issue.loop.no_limit_hint": {
        "ja": "ループが止まらなくならないよう、while.max_iterations（例: 3）を追加してください",
        "en": "add while.max_iterations (e.g. 3) so the loop cannot run forever",
    },
    "issue.ref.no_var": {"ja": "vars に {name} はありません", "en": "vars has no {name}"},
    "issue.ref.no_var_hint": {"ja": "vars: の下に定義してください", "en": "define it under vars:"},
    "issue.ref.var_path": {
        "ja": "{ref}: vars.{name} の {detail}",
        "en": "{ref}: vars.{name}'s {detail}",
    },
    "issue.ref.env_form": {"ja": "${{env.NAME}} の形で書いてください", "en": "use ${{env.NAME}}"},
    "issue.ref.env_not_allowed": {
        "ja": "環境変数 {name} は計画から読めません",
        "en": "environment variable {name} is not allowed in plans",
    },
    "issue.ref.env_setting": {
        "ja": "環境変数 {name} は計画から読めません（keiri 自身の設定です）",
        "en": "environment variable {name} is not allowed in plans (it is one of keiri's own settings)",
    },
    "issue.ref.env_hint": {
        "ja": "読めるのは {patterns} で始まる名前だけです（KEIRI_ENV_ALLOW）。keiri の設定や秘密の値は計画に渡せません",
        "en": "only names starting with {patterns} are readable (KEIRI_ENV_ALLOW), never keiri's settings; secrets must never reach a plan",
    },
    "issue.ref.no_config": {
        "ja": "config に {name} がありません（{file}）",
        "en": "config has no {name} ({file})",
    },
    "issue.ref.no_config_hint": {
        "ja": "config.yaml に追加するか、KEIRI_CONFIG を設定してください",
        "en": "add it to config.yaml or set KEIRI_CONFIG",
    },
    "issue.ref.index_keys": {
        "ja": "ループの番号にはキーがありません",
        "en": "a loop index has no keys",
    },
    "issue.ref.inside_loop": {
        "ja": "{ref}: ノード {node} はループ {loop} の中にあり、ここからは見えません",
        "en": "{ref}: node {node} is inside loop {loop} and is not visible here",
    },
    "issue.ref.inside_loop_hint": {
        "ja": "ループの本体からエクスポートし、{ref} で読んでください（out.collect）",
        "en": "export it from the loop body and read {ref} (out.collect)",
    },
    "issue.ref.no_node": {"ja": "{ref}: ノード {node} はありません", "en": "{ref}: no node {node}"},
    "issue.ref.no_node_hint": {
        "ja": "参照にはノード id、vars、env、config、ループ変数のいずれかを書きます",
        "en": "references name a node id, vars, env, config or a loop variable",
    },
    "issue.ref.name_output": {
        "ja": "{ref}: 出力の名前を書いてください",
        "en": "{ref}: name an output",
    },
    "issue.ref.no_output": {
        "ja": "{ref}: {node} に出力 {name} はありません",
        "en": "{ref}: {node} has no output {name}",
    },
    "issue.path.no_index": {
        "ja": "{where} は {types} なので、番号 [{index}] で取り出せません",
        "en": "{where} is {types}, it has no index [{index}]",
    },
    "issue.path.no_key": {
        "ja": "{where} は {types} なので、キー {name} はありません",
        "en": "{where} is {types}, it has no key {name}",
    },
    "issue.path.unknown_key": {
        "ja": "キー {name} はありません（あるキー: {known}）",
        "en": "no key {name} (known: {known})",
    },
    "issue.schema.type": {
        "ja": "{expected}を書いてください（入力: {actual}）",
        "en": "expected {expected} (got {actual})",
    },
    "issue.schema.type.string": {"ja": "文字列", "en": "text"},
    "issue.schema.type.integer": {"ja": "整数", "en": "a whole number"},
    "issue.schema.type.number": {"ja": "数値", "en": "a number"},
    "issue.schema.type.boolean": {"ja": "真偽値（true/false）", "en": "true or false"},
    "issue.schema.type.array": {"ja": "リスト", "en": "a list"},
    "issue.schema.type.object": {"ja": "マッピング（キー: 値）", "en": "a mapping"},
    "issue.schema.type.null": {"ja": "null", "en": "null"},
    "issue.schema.pattern": {
        "ja": "{actual} は求められる形式に合いません",
        "en": "{actual} does not have the expected form",
    },
    "issue.schema.any_of": {
        "ja": "{actual} はどの形にも合いません",
        "en": "{actual} does not fit any of the allowed forms",
    },
    "issue.schema.any_of_enum": {
        "ja": "{actual} はどの形にも合いません（使えるもの: {expected}）",
        "en": "{actual} does not fit any of the allowed forms (allowed: {expected})",
    },
    "issue.schema.one_of_many": {
        "ja": "{actual} は複数の形に当てはまります。どれか 1 つだけに合うように書いてください",
        "en": "{actual} fits more than one of the forms; it must fit exactly one",
    },
    "issue.schema.minProperties": {
        "ja": "キーを {limit} 個以上書いてください（入力: {actual}）",
        "en": "expected at least {limit} keys (got {actual})",
    },
    "issue.schema.maxProperties": {
        "ja": "キーは {limit} 個までにしてください（入力: {actual}）",
        "en": "expected at most {limit} keys (got {actual})",
    },
    "issue.schema.unique_items": {
        "ja": "同じ項目が 2 回以上あります（入力: {actual}）",
        "en": "the items must differ from each other (got {actual})",
    },
    "issue.schema.not": {
        "ja": "{actual} はここには書けません",
        "en": "{actual} is not allowed here",
    },
    "issue.schema.other": {
        "ja": "{actual} は JSON Schema の {keyword} の条件に合いません",
        "en": "{actual} does not satisfy the JSON Schema keyword {keyword}",
    },
    "issue.schema.not_finite": {
        "ja": "{value} は JSON の数値ではありません（NaN と Infinity は使えません）",
        "en": "{value} is not a JSON number (NaN and Infinity are refused)",
    },
    "issue.regex.unsupported": {
        "ja": "validation.regex は線形時間のエンジン（RE2）で実行できません: {detail}。後方参照と先読み/後読みは使えません",
        "en": "validation.regex cannot run in the linear-time engine (RE2): {detail}; backreferences and lookaround are not supported",
    },
    "issue.regex.nested_repeat": {
        "ja": "validation.regex に上限のない繰り返しの入れ子（(a+)+ のような形）があります。keiri は RE2 で実行しますが、バックトラックするエンジンでは入力によって非常に時間がかかります",
        "en": "validation.regex nests unbounded repeats (like (a+)+); keiri runs it in RE2, but a backtracking engine would take exponential time on some answers",
    },
    "issue.dryrun.prefix": {"ja": "ドライラン: {detail}", "en": "dry-run: {detail}"},
    "issue.dryrun.null": {
        "ja": "{ref} が null になりますが、{name} は必須です",
        "en": "{ref} resolved to null, but {name} is required",
    },
    "issue.dryrun.null_hint": {
        "ja": "上流のノードがスキップされるか、そのサンプルにこのキーがない可能性があります",
        "en": "the upstream node may be skipped or its sample lacks this key",
    },
    "issue.dryrun.input_hint": {
        "ja": "この入力が受け取る値が、入力のスキーマに合いません",
        "en": "the value this input would receive does not fit its schema",
    },
    "issue.dryrun.no_samples": {
        "ja": "{block} は出力 {name} の dry_run.samples を宣言していません",
        "en": "{block} declares no dry_run.samples for output {name}",
    },
    "issue.dryrun.no_samples_hint": {
        "ja": "ブロック仕様の outputs.{name} に dry_run.samples を追加してください",
        "en": "add dry_run.samples to outputs.{name} in the block spec",
    },
    "issue.config.not_mapping": {
        "ja": "config.yaml はマッピング（キー: 値）にしてください",
        "en": "config.yaml must be a mapping",
    },
    "issue.placeholder.how": {
        "ja": "keiri run {plan} --var {name}={example} で与えるか、Design ページの設計チャットで回答して保存するか、デプロイメントの vars に {name} を書いてください",
        "en": "pass keiri run {plan} --var {name}={example}, answer in the design chat of the Design page and save, or write {name} in the deployment's vars",
    },
    "issue.placeholder.describe": {"ja": "{type}: {question}", "en": "{type}: {question}"},
    "issue.placeholder.describe_options": {
        "ja": "{type}、選択肢: {options}: {question}",
        "en": "{type}, options: {options}: {question}",
    },
    "issue.placeholder.unset": {
        "ja": "vars.{name} が未設定のため実行を開始しません（{what}）",
        "en": "vars.{name} is not given, so the run does not start ({what})",
    },
    "issue.placeholder.mismatch": {
        "ja": "--var {name}={shown} は {what} に合いません: {detail}",
        "en": "--var {name}={shown} does not fit {what}: {detail}",
    },
    "issue.placeholder.mismatch_hint": {
        "ja": "{type} の値を与えてください（例: --var {name}=…）",
        "en": "give a {type} value (e.g. --var {name}=…)",
    },
    "issue.design.llm_only_templates": {
        "ja": "テンプレートが選ばれていますが、apply_mode llm-only はテンプレートを使いません",
        "en": "templates were selected, but apply_mode llm-only uses none",
    },
    "issue.design.llm_only_templates_hint": {
        "ja": "apply_mode を hint か compose にするか、テンプレートを選ばないでください",
        "en": "choose apply_mode hint or compose, or select no template",
    },
    "issue.design.unknown_template": {
        "ja": "テンプレート {name} はありません",
        "en": "unknown template {name}",
    },
    "issue.design.templates": {"ja": "テンプレート: {names}", "en": "templates: {names}"},
    "issue.design.add_instruction": {
        "ja": "in.{name}（モデルへの指示）を追加してください",
        "en": "add in.{name} (the instruction for the model)",
    },
    "issue.design.bad_json": {
        "ja": "値 {value} は JSON として読めません（{detail}）",
        "en": "value {value} is not valid JSON ({detail})",
    },
    "issue.design.bad_json_hint": {
        "ja": "ただの文字列や ${{...}} 参照には format: text を使うか、正しい JSON（文字列は引用符で囲む）を書いてください",
        "en": 'use format "text" for plain strings and ${{...}} references, or give valid JSON (strings quoted)',
    },
    "issue.design.input_twice": {
        "ja": "入力 {name} が 2 回指定されています",
        "en": "input {name} is given twice",
    },
    "issue.design.input_twice_hint": {
        "ja": "各入力は 1 回だけ指定してください",
        "en": "give each input once",
    },
    "issue.design.var_twice": {
        "ja": "変数 {name} が 2 回定義されています",
        "en": "var {name} is defined twice",
    },
    "issue.design.var_twice_hint": {
        "ja": "各変数は 1 回だけ定義してください",
        "en": "define each var once",
    },
    "issue.design.empty_instruction": {"ja": "指示が空です", "en": "the instruction is empty"},
    "issue.design.empty_instruction_hint": {
        "ja": "計画に行わせたい経理の作業を書いてください",
        "en": "describe the accounting task the plan should perform",
    },
    "issue.template.see_schema": {
        "ja": "テンプレートの書き方は schemas/template.schema.json を参照してください",
        "en": "see schemas/template.schema.json",
    },
    "issue.template.prefix": {"ja": "テンプレート: ", "en": "template: "},
    "issue.template.id_mismatch": {
        "ja": "テンプレート id {name} がファイル名 {file} と違います",
        "en": "template id {name} differs from its file name {file}",
    },
    "issue.template.id_mismatch_hint": {
        "ja": "ファイル名を designs/templates/<category>/<id>.yaml にしてください",
        "en": "name the file designs/templates/<category>/<id>.yaml",
    },
    "issue.template.twice": {
        "ja": "テンプレート id {name} が 2 回定義されています: {first} と {second}",
        "en": "template id {name} is defined twice: {first} and {second}",
    },
    "issue.template.twice_hint": {
        "ja": "テンプレート id はカテゴリをまたいで一意にしてください",
        "en": "template ids must be unique across categories",
    },
    "issue.display.known": {"ja": "使えるもの: {names}", "en": "known: {names}"},
    "issue.display.not_list": {
        "ja": "display は項目のリストにしてください",
        "en": "display must be a list of items",
    },
    "issue.display.not_mapping": {
        "ja": "display の各項目はマッピングにしてください",
        "en": "a display item is a mapping",
    },
    "issue.display.unknown_key": {
        "ja": "display に {name} というキーはありません",
        "en": "unknown display key {name}",
    },
    "issue.display.unknown_kind": {
        "ja": "display の種類 {name} はありません",
        "en": "unknown display kind {name}",
    },
    "issue.display.no_source": {
        "ja": "{kind} の表示には source（context の中のパス）が必要です",
        "en": "a {kind} display needs a source (a path in context)",
    },
    "issue.display.no_source_hint": {"ja": "例: source: matched", "en": "e.g. source: matched"},
    "issue.display.no_items": {
        "ja": "counts の表示には items（context のパス: 見出し）が必要です",
        "en": "a counts display needs items (context path: label)",
    },
    "issue.display.path_label": {
        "ja": "{name} はパスと見出しの対応にしてください",
        "en": "{name} maps a path to a label",
    },
    "issue.display.unknown_column_key": {
        "ja": "列に {name} というキーはありません",
        "en": "unknown column key {name}",
    },
    "issue.display.unknown_format": {
        "ja": "書式 {name} はありません",
        "en": "unknown format {name}",
    },
    "issue.display.no_label": {
        "ja": "列には見出し（label）が必要です",
        "en": "a column needs a label",
    },
    "issue.display.not_in_context": {
        "ja": "{path} はノードの context にありません",
        "en": "{path} is not in the node's context",
    },
    "issue.design.answer_not_json": {
        "ja": "JSON として読めません: {detail}",
        "en": "not valid JSON: {detail}",
    },
    "issue.design.no_node": {"ja": "ノード {node} がありません", "en": "there is no node {node}"},
    # --- expression and reference syntax (`compiler.expressions`, `compiler.references`) ---
    "issue.syntax.at": {
        "ja": "{detail}（{column} 文字目{found}）{hint}",
        "en": "{detail} at column {column}{found}{hint}",
    },
    "issue.syntax.hint": {"ja": "。{hint}", "en": "; {hint}"},
    "issue.expr.expected_one": {"ja": "ここには {item} が必要です", "en": "expected {item}"},
    "issue.expr.expected_any": {
        "ja": "ここには {items} のいずれかが必要です",
        "en": "expected {items}",
    },
    "issue.expr.list_sep": {"ja": "・", "en": ", "},
    "issue.expr.list_last": {"ja": "{items}・{last}", "en": "{items} or {last}"},
    "issue.expr.token.number": {"ja": "数値", "en": "a number"},
    "issue.expr.token.string": {"ja": "文字列", "en": "a string"},
    "issue.expr.token.reference": {"ja": "参照（${{...}}）", "en": "a reference"},
    "issue.expr.token.comparison": {
        "ja": "比較（== != < <= > >=）",
        "en": "a comparison operator",
    },
    "issue.expr.token.end": {"ja": "式の終わり", "en": "end of expression"},
    "issue.expr.token.name": {"ja": "名前", "en": "a name"},
    "issue.expr.token.identifier": {"ja": "名前", "en": "an identifier"},
    "issue.expr.token.index": {"ja": "0 以上の整数", "en": "an index"},
    "issue.expr.token.text": {"ja": "文字", "en": "text"},
    "issue.expr.found.end": {"ja": "式の終わり", "en": "end of expression"},
    "issue.expr.number_too_long": {
        "ja": "数値が長すぎます（{limit} 文字まで）",
        "en": "number is longer than {limit} characters",
    },
    "issue.expr.number_range": {
        "ja": "数値が大きすぎて扱えません",
        "en": "number is out of range",
    },
    "issue.expr.unclosed_string": {
        "ja": "{column} 文字目で始まった文字列が閉じられていません",
        "en": "the string opened at column {column} is never closed",
    },
    "issue.expr.ref_in_quotes": {
        "ja": "引用符の中の参照は展開されません",
        "en": "references are not expanded inside quotes",
    },
    "issue.expr.ref_in_quotes_hint": {
        "ja": "参照は引用符の外に書いてください（${{a}} == 'x'）。文字として ${{ を書くときは $${{ と書きます",
        "en": "write the reference without quotes (${{a}} == 'x'), or '$${{' for a literal '${{'",
    },
    "issue.expr.surrogate": {
        "ja": "\\u エスケープにサロゲート（D800〜DFFF）は使えません",
        "en": "a \\u escape cannot be a surrogate",
    },
    "issue.expr.unknown_escape": {
        "ja": "文字列の中に使えないエスケープ（\\ で始まる書き方）があります",
        "en": "unknown escape sequence in string",
    },
    "issue.expr.too_many_operators": {
        "ja": "式の演算子が多すぎます（{limit} 個まで）",
        "en": "expression has more than {limit} operators",
    },
    "issue.expr.too_deep": {
        "ja": "括弧の入れ子が深すぎます（{limit} 段まで）",
        "en": "expression nests more than {limit} parentheses",
    },
    "issue.expr.split_hint": {
        "ja": "条件をいくつかに分けて書いてください",
        "en": "split the condition",
    },
    "issue.expr.hint.lowercase": {
        "ja": "true・false・null は小文字で書きます",
        "en": "literals are lowercase: true, false, null",
    },
    "issue.expr.hint.bare_name": {
        "ja": "名前だけは書けません。参照は ${{{name}}} と書きます",
        "en": "bare names are not allowed; write a reference as ${{{name}}}",
    },
    "issue.expr.hint.eq": {"ja": "等しいかどうかは == で比べます", "en": "use '==' to compare"},
    "issue.expr.hint.and": {"ja": "「かつ」は && （または and）です", "en": "use '&&' (or 'and')"},
    "issue.expr.hint.or": {"ja": "「または」は || （または or）です", "en": "use '||' (or 'or')"},
    "issue.expr.hint.path": {
        "ja": "キーは参照の中に書きます（例: ${{node.key}}）",
        "en": "a path belongs inside the reference, e.g. ${{node.key}}",
    },
    "issue.expr.hint.index": {
        "ja": "番号は参照の中に書きます（例: ${{node.items[0]}}）",
        "en": "an index belongs inside the reference, e.g. ${{node.items[0]}}",
    },
    "issue.expr.hint.dollar": {
        "ja": "参照は ${{名前}} と書きます",
        "en": "a reference is written ${{name}}",
    },
    "issue.expr.hint.minus": {
        "ja": "負の数は空白を入れずに書きます（-5）。計算（足し算など）は使えません",
        "en": "negative numbers are written without a space (-5); arithmetic is not supported",
    },
    "issue.expr.hint.arithmetic": {
        "ja": "計算（+ - * /）は使えません",
        "en": "arithmetic is not supported",
    },
    "issue.expr.hint.chained": {
        "ja": "比較は続けて書けません。&& でつないでください",
        "en": "comparisons cannot be chained; join them with &&",
    },
    "issue.expr.hint.negation": {
        "ja": "否定は括弧で囲んでください: a == (!b)",
        "en": "put a negation in parentheses: a == (!b)",
    },
    "issue.ref.found.end": {"ja": "値の終わり", "en": "end of text"},
    "issue.ref.found.space": {"ja": "空白", "en": "whitespace"},
    "issue.ref.empty": {
        "ja": "参照が空です。${{ の後に名前が必要です",
        "en": "empty reference: expected a name after '${{'",
    },
    "issue.ref.unterminated_name": {
        "ja": "参照が閉じられていません。${{ の後に名前が必要です",
        "en": "unterminated reference: expected a name after '${{'",
    },
    "issue.ref.literal_hint": {
        "ja": "文字として ${{ を書くときは $${{ と書きます",
        "en": "write a literal '${{' as '$${{'",
    },
    "issue.ref.name": {
        "ja": "${{ の後に名前が必要です",
        "en": "expected a name after '${{'",
    },
    "issue.ref.identifier": {
        "ja": "'.' の後に名前が必要です",
        "en": "expected an identifier after '.'",
    },
    "issue.ref.index_hint": {
        "ja": "リストの番号は [n] の形で書きます",
        "en": "write a list index as [n]",
    },
    "issue.ref.index": {
        "ja": "'[' の後に 0 以上の整数が必要です",
        "en": "expected a non-negative integer index after '['",
    },
    "issue.ref.index_too_large": {
        "ja": "リストの番号が大きすぎます",
        "en": "list index is too large",
    },
    "issue.ref.close_index": {
        "ja": "番号を閉じる ']' が必要です",
        "en": "expected ']' to close the index",
    },
    "issue.ref.unterminated": {
        "ja": "参照が閉じられていません。'.'・'['・'}}' のいずれかが必要です",
        "en": "unterminated reference: expected '.', '[' or '}}'",
    },
    "issue.ref.unclosed": {
        "ja": "{column} 文字目で始まった参照が '}}' で閉じられていません",
        "en": "the reference opened at column {column} is never closed with '}}'",
    },
    "issue.ref.space_hint": {
        "ja": "${{...}} の中に空白は入れられません",
        "en": "whitespace is not allowed inside '${{...}}'",
    },
    # --- the structured-output schema of ai.* nodes (`blocks.llm.schema`) ---
    "issue.llm_schema.problem": {"ja": "{field}: {message}", "en": "{field}: {message}"},
    "issue.llm_schema.more": {"ja": "（ほか {count} 件）", "en": " (and {count} more)"},
    "issue.llm_schema.empty": {"ja": "空です", "en": "empty"},
    "issue.llm_schema.hint": {
        "ja": "output_schema には回答のキーごとに型を書きます: 型の名前（string・integer・number・"
        "boolean）か {{type: object, properties: {{...}}}}・{{type: array, items: ...}}・"
        "{{enum: [...]}}。object には properties、array には items が必要です",
        "en": "output_schema maps answer keys to types: a type name (string, integer, number, "
        "boolean) or {{type: object, properties: {{...}}}} / {{type: array, items: ...}} / "
        "{{enum: [...]}}; objects need properties and arrays need items",
    },
    "issue.llm_schema.not_mapping": {
        "ja": "回答のキーと型の対応（マッピング）を書いてください（入力: {value}）",
        "en": "must be a mapping of answer keys to types (got {value})",
    },
    "issue.llm_schema.top_extra": {
        "ja": "最上位に書けないキーがあります: {keys}",
        "en": "unsupported keys at the top level: {keys}",
    },
    "issue.llm_schema.no_keys": {
        "ja": "回答のキーを 1 つ以上書いてください",
        "en": "needs at least one answer key",
    },
    "issue.llm_schema.required_list": {
        "ja": "properties のキー名のリストを書いてください",
        "en": "must be a list of property names",
    },
    "issue.llm_schema.required_unknown": {
        "ja": "{name} は properties にありません",
        "en": "{name} is not one of the properties",
    },
    "issue.llm_schema.empty_name": {
        "ja": "キー名には空でない文字列を書いてください",
        "en": "property names must be non-empty strings",
    },
    "issue.llm_schema.bare": {
        "ja": "{type} だけでは形が決まりません。{{type: {name}, {needs}: ...}} の形で書いてください",
        "en": "a bare {type} has no shape; write {{type: {name}, {needs}: ...}}",
    },
    "issue.llm_schema.unknown_type": {
        "ja": "型 {type} は使えません（使える型: {types}）",
        "en": "unknown type {type} (use {types})",
    },
    "issue.llm_schema.not_type": {
        "ja": "型の名前かマッピングを書いてください（入力: {value}）",
        "en": "must be a type name or a mapping (got {value})",
    },
    "issue.llm_schema.keyword": {
        "ja": "{name} は使えないキーワードです（使えるもの: {keywords}）",
        "en": "unsupported keyword {name} (supported: {keywords})",
    },
    "issue.llm_schema.type_value": {
        "ja": "type には {types} のいずれか（null と組み合わせても可）を書いてください（入力: {value}）",
        "en": "must be one of {types} (optionally with 'null'), got {value}",
    },
    "issue.llm_schema.must_string": {"ja": "文字列を書いてください", "en": "must be a string"},
    "issue.llm_schema.object_properties": {
        "ja": "object には空でない properties が必要です",
        "en": "an object needs a non-empty properties map",
    },
    "issue.llm_schema.array_items": {
        "ja": "array には items が必要です",
        "en": "an array needs items",
    },
    "issue.llm_schema.needs_type": {
        "ja": "type（または enum・properties・items）が必要です",
        "en": "needs a type (or enum, properties, items)",
    },
    "issue.llm_schema.required_not_object": {
        "ja": "required を書けるのは object だけです",
        "en": "only objects take a required list",
    },
    "issue.llm_schema.enum_type": {
        "ja": "enum は型 {type} には使えません",
        "en": "enum does not apply to type {type}",
    },
    "issue.llm_schema.enum_empty": {
        "ja": "空でないリストを書いてください",
        "en": "must be a non-empty list",
    },
    "issue.llm_schema.enum_values": {
        "ja": "enum の値には文字列・整数・真偽値を書いてください",
        "en": "enum values must be strings, integers or booleans",
    },
    "issue.llm_schema.enum_kind": {
        "ja": "{value} は {type} ではありません",
        "en": "{value} is not a {type}",
    },
    "issue.llm_schema.applies_to": {
        "ja": "{types} にだけ使えます",
        "en": "applies to {types} only",
    },
    "issue.llm_schema.pattern": {
        "ja": "pattern の書き方が正しくありません",
        "en": "must be a valid regular expression",
    },
    "issue.llm_schema.results_object": {
        "ja": "ブロックの出力 results はオブジェクトなので、results はオブジェクト型にしてください",
        "en": "must be an object schema, because the block's `results` output is an object",
    },
    "issue.llm_schema.results_object_hint": {
        "ja": "リストはオブジェクトで包みます: results: {{type: object, properties: {{items: "
        "{{type: array, ...}}}}}}",
        "en": "wrap a list: results: {{type: object, properties: {{items: {{type: array, ...}}}}}}",
    },
    "issue.llm_schema.must_number": {"ja": "数値を書いてください", "en": "must be a number"},
    "issue.llm_schema.format": {
        "ja": "format は string にだけ使え、{formats} のいずれかです",
        "en": "strings only, one of {formats}",
    },
    # --- block specs (`blocks.sdk.spec`, `blocks.sdk.registry`) ---
    "issue.spec.ref_not_found": {
        "ja": "$ref {ref} が指す pydantic モデルを読み込めません",
        "en": "$ref {ref} does not name an importable pydantic model",
    },
    "issue.spec.ref_not_model": {
        "ja": "$ref {ref} は pydantic モデルではありません",
        "en": "$ref {ref} is not a pydantic model",
    },
    "issue.spec.ref_model_hint": {
        "ja": "$ref には モジュールのパス:モデル名（例: blocks.invoice.models:Invoice）を書きます",
        "en": "use module.path:ModelName (e.g. blocks.invoice.models:Invoice)",
    },
    "issue.spec.ref_no_schema": {
        "ja": "$ref {ref} のスキーマが見つかりません（{path}）",
        "en": "$ref {ref} not found at {path}",
    },
    "issue.spec.ref_schema_hint": {
        "ja": "共有スキーマは schemas/types/<名前>.schema.json に置きます",
        "en": "shared schemas live in schemas/types/<name>.schema.json",
    },
    "issue.spec.ref_unsupported": {
        "ja": "$ref {ref} は使えません",
        "en": "unsupported $ref {ref}",
    },
    "issue.spec.ref_hint": {
        "ja": "$ref には モジュールのパス:モデル名 か jsonschema://名前 を書きます",
        "en": "use module.path:ModelName or jsonschema://name",
    },
    "issue.spec.check_error": {"ja": "{code}: {message}", "en": "{code}: {message}"},
    "issue.spec.invalid_port_schema": {
        "ja": "{port}: JSON Schema として正しくありません: {reason}",
        "en": "{port}: invalid JSON Schema: {reason}",
    },
    "issue.spec.port_problem": {"ja": "{port}: {message}", "en": "{port}: {message}"},
    "issue.spec.no_samples": {
        "ja": "{port}: dry-run 用の見本がありません（dry_run.samples・examples・default のいずれかを書いてください）",
        "en": "{port}: no dry_run.samples/examples/default declared",
    },
}
