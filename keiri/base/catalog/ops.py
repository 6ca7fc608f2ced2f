"""Messages of recurring runs (issue 24): `keiri deployments`, business-day schedules in
`keiri deploy`, periods and catch-up, the operations watcher's notices (`ops.*`), the company
calendar (`calendar.*`) and the unattended intake of evidence (`intake.*`)."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    # --- the company calendar (`blocks.text.calendar`) ---
    "calendar.missing": {
        "ja": "会社カレンダー {path} が見つかりません（KEIRI_COMPANY_CALENDAR）",
        "en": "company calendar {path} not found (KEIRI_COMPANY_CALENDAR)",
    },
    "calendar.unreadable": {
        "ja": "会社カレンダー {path} を読めません: {reason}",
        "en": "company calendar {path} cannot be read: {reason}",
    },
    "calendar.shape": {
        "ja": "会社カレンダー {path} は `closed:` の一覧だけを持つ YAML です",
        "en": "company calendar {path} is YAML with one list, `closed:`",
    },
    "calendar.bad_entry": {
        "ja": "会社カレンダー {path} の {index} 件目 {entry} は日付ではありません"
        "（YYYY-MM-DD、毎年の MM-DD、またはその範囲 A..B）",
        "en": "entry {index} of company calendar {path}, {entry}, is not a day "
        "(YYYY-MM-DD, a yearly MM-DD, or a range A..B of either)",
    },
    # --- keiri deploy: schedules and the runs a deploy removes ---
    "ops.deploy.schedule": {
        "ja": "    スケジュール: {rule}（{timezone}）{inactive}  次の実行:",
        "en": "    schedule: {rule} ({timezone}){inactive}  next runs:",
    },
    "ops.deploy.next_time": {"ja": "      {when}", "en": "      {when}"},
    "ops.weekdays": {"ja": "月,火,水,木,金,土,日", "en": "Mon,Tue,Wed,Thu,Fri,Sat,Sun"},
    "ops.deploy.stale_run.would_delete": {
        "ja": "削除予定: {deployment} の予定実行 {run}（{when}）— {reason}",
        "en": "would delete: scheduled run {run} of {deployment} ({when}) — {reason}",
    },
    "ops.deploy.stale_run.would_retag": {
        "ja": "付け替え予定: {deployment} の実行 {run}（{when}）— {reason}",
        "en": "would re-tag: run {run} of {deployment} ({when}) — {reason}",
    },
    "ops.deploy.stale_run.deleted": {
        "ja": "削除しました: {deployment} の予定実行 {run}（{when}）— {reason}",
        "en": "deleted: scheduled run {run} of {deployment} ({when}) — {reason}",
    },
    "ops.deploy.stale_run.retagged": {
        "ja": "現在の版に付け替えました: {deployment} の実行 {run}（{when}）— {reason}",
        "en": "re-tagged with the deployed version: run {run} of {deployment} ({when}) — {reason}",
    },
    "ops.deploy.stale_reason.schedule": {
        "ja": "新しいスケジュールにない日時です",
        "en": "the new schedule does not produce this time",
    },
    "ops.deploy.stale_reason.version": {
        "ja": "古い版 {version} のままです",
        "en": "it carries the older version {version}",
    },
    "ops.hint.duration": {
        "ja": "期間は 90s、10m、4h、1d のように書きます",
        "en": "write a duration like 90s, 10m, 4h or 1d",
    },
    # --- periods, catch-up, starters (`flows.backend.admission`) ---
    "ops.period.refused": {
        "ja": "期間 {period} には未完了の実行 {run} があるため、この実行は開始しませんでした",
        "en": "not started: period {period} already has an open run {run}",
    },
    "ops.hint.period_open": {
        "ja": "実行 {run} を完了させるか取り消してから、もう一度実行してください"
        "（keiri runs / フォームアプリの受信箱）",
        "en": "finish or cancel run {run} first, then run again (keiri runs / the form app's inbox)",
    },
    "ops.catch_up.skipped": {
        "ja": "{due} の予定実行はサーバーまたはワーカーの停止中に過ぎたため、飛ばしました（catch_up: skip）",
        "en": "the run due {due} was missed while the server or workers were down: skipped (catch_up: skip)",
    },
    "ops.catch_up.superseded": {
        "ja": "{due} の予定実行は停止中に過ぎ、より新しい実行 {run} があるため飛ばしました（catch_up: latest）",
        "en": "the run due {due} was missed and a later run {run} is due: skipped (catch_up: latest)",
    },
    "ops.starter.schedule": {"ja": "スケジュール", "en": "schedule"},
    # --- keiri deployments ---
    "ops.error.no_deployment": {
        "ja": "デプロイメント {name} はありません",
        "en": "no deployment {name}",
    },
    "ops.hint.deployments": {
        "ja": "デプロイメント: {names}（keiri deployments ls）",
        "en": "deployments: {names} (keiri deployments ls)",
    },
    "ops.error.no_period_rule": {
        "ja": "デプロイメント {name} には期間（period:）がありません",
        "en": "deployment {name} has no period (period:)",
    },
    "ops.hint.period_rule": {
        "ja": "deployments/<名前>.yaml に `period: month` を書いて keiri deploy してください",
        "en": "add `period: month` to deployments/<name>.yaml and run keiri deploy",
    },
    "ops.error.bad_month": {
        "ja": "期間は YYYY-MM で書きます（入力: {first} / {last}）",
        "en": "periods are written YYYY-MM (got {first} / {last})",
    },
    "ops.error.bad_range": {
        "ja": "期間の範囲 {first}..{last} は前から後ろへ、10 年以内で指定してください",
        "en": "the range {first}..{last} must run forward and span at most 10 years",
    },
    "ops.error.bad_var": {
        "ja": "--var は KEY=VALUE で書きます（入力: {value}）",
        "en": "--var is KEY=VALUE (got {value})",
    },
    "ops.ls.none": {
        "ja": "デプロイメントはありません（keiri deploy で作成します）",
        "en": "no deployments (keiri deploy creates them)",
    },
    "ops.ls.row": {
        "ja": "[bold]{name}[/]  {state}  版 {version}",
        "en": "[bold]{name}[/]  {state}  version {version}",
    },
    "ops.ls.active": {"ja": "稼働中", "en": "active"},
    "ops.ls.paused": {"ja": "[yellow]一時停止中[/]", "en": "[yellow]paused[/]"},
    "ops.ls.schedule": {"ja": "    スケジュール: {schedule}", "en": "    schedule: {schedule}"},
    "ops.ls.business_days": {
        "ja": "営業日スケジュール（{timezone}）: 残り {count} 回、最終 {last}（keiri deploy で延長）",
        "en": "business days ({timezone}): {count} times left, the last on {last} "
        "(keiri deploy extends it)",
    },
    "ops.ls.next": {"ja": "    次の実行: {when}", "en": "    next run: {when}"},
    "ops.ls.period": {
        "ja": "    期間: 月（ずらし {offset}）、取りこぼし: {catch_up}",
        "en": "    period: month (offset {offset}), catch-up: {catch_up}",
    },
    "ops.ls.open_period": {
        "ja": "    未完了の期間 {period}: {state}",
        "en": "    open period {period}: {state}",
    },
    "ops.ls.runs": {"ja": "    実行: {counts}", "en": "    runs: {counts}"},
    "ops.ls.no_runs": {"ja": "未完了なし", "en": "none open"},
    "ops.paused": {
        "ja": "{name} のスケジュールを一時停止しました",
        "en": "paused the schedules of {name}",
    },
    "ops.resumed": {
        "ja": "{name} のスケジュールを再開しました",
        "en": "resumed the schedules of {name}",
    },
    "ops.unchanged": {"ja": "（変更なし）", "en": " (unchanged)"},
    "ops.run.started": {
        "ja": "{name} の実行 {run} を作成しました（{run_id}）。ワーカーが開始します",
        "en": "created run {run} of {name} ({run_id}); a worker starts it",
    },
    "ops.backfill.created": {
        "ja": "期間 {period}: 実行 {run_id} を作成しました",
        "en": "period {period}: created run {run_id}",
    },
    "ops.backfill.skipped": {
        "ja": "期間 {period}: 未完了の実行 {run_id} があるため飛ばしました",
        "en": "period {period}: skipped, run {run_id} is open or waiting",
    },
    "ops.backfill.done": {
        "ja": "{created} 件作成、{skipped} 件は既存の実行があり飛ばしました",
        "en": "{created} created, {skipped} skipped (a run exists)",
    },
    # --- the watcher and its notices ---
    "ops.watch.started": {
        "ja": "監視を開始しました（{seconds} 秒ごと、Ctrl-C で終了）",
        "en": "watching (every {seconds} s; Ctrl-C stops)",
    },
    "ops.watch.sent": {"ja": "通知しました: {kind} {run}", "en": "sent: {kind} {run}"},
    "ops.watch.retried": {
        "ja": "再試行を予定しました: {run}",
        "en": "retry scheduled: {run}",
    },
    "ops.watch.nothing": {"ja": "通知するものはありません", "en": "nothing to send"},
    "ops.notify.late": {"ja": "⏰ 遅延 / late", "en": "⏰ late"},
    "ops.notify.late_detail": {
        "ja": "{due} に開始する予定でした",
        "en": "was due at {due}",
    },
    "ops.notify.crashed": {"ja": "⚠ 異常終了 / crashed", "en": "⚠ crashed"},
    "ops.notify.skipped": {"ja": "⏭ 飛ばしました / skipped", "en": "⏭ skipped"},
    "ops.notify.refused": {
        "ja": "⛔ 開始しませんでした / not started",
        "en": "⛔ not started",
    },
    "ops.notify.retry": {"ja": "🔁 再試行 / retry", "en": "🔁 retry"},
    "ops.retry.scheduled": {
        "ja": "自動再試行 {attempt}/{count}",
        "en": "automatic retry {attempt}/{count}",
    },
}

ENTRIES.update(
    {
        # --- the unattended intake (`blocks.intake.collect`) ---
        "intake.no_folder": {
            "ja": "証跡フォルダ {folder} がありません（まだマウントされていない可能性があります）",
            "en": "evidence folder {folder} does not exist (it may not be mounted yet)",
        },
        "intake.no_folder_hint": {
            "ja": "フォルダのパスと共有フォルダのマウントを確認し、実行を再試行してください",
            "en": "check the path and the share's mount, then retry the run",
        },
        "intake.changed": {
            "ja": "以前取り込んだ {name}（{location}）の内容が台帳の sha256 と違います",
            "en": "{name} taken before ({location}) no longer matches its sha256 in the ledger",
        },
        "intake.changed_hint": {
            "ja": "取り込み済みのファイルは変更しないでください。元のファイルを戻すか、"
            "台帳（.keiri-intake/<期間>.json）を確認してください",
            "en": "files taken are not to be edited: put the original back, or check the "
            "ledger (.keiri-intake/<period>.json)",
        },
        "intake.skip.partial": {
            "ja": "作成途中またはロック用のファイル名です",
            "en": "a name of a file being written or a lock file",
        },
        "intake.skip.locked": {
            "ja": "横にロックファイル（.lock）があります",
            "en": "a lock file (.lock) is beside it",
        },
        "intake.skip.unsettled": {
            "ja": "コピー中のため次回に取り込みます（サイズか更新時刻が変わっています）",
            "en": "still being copied (its size or time changed): left for the next run",
        },
        "intake.role_missing": {
            "ja": "{folder} に {role}（{pattern}）に当たるファイルがありません",
            "en": "no file for {role} ({pattern}) in {folder}",
        },
        "intake.role_ambiguous": {
            "ja": "{folder} に {role}（{pattern}）に当たるファイルが複数あります: {names}",
            "en": "several files for {role} ({pattern}) in {folder}: {names}",
        },
        "intake.role_hint": {
            "ja": "期間の証跡を 1 つずつフォルダに置いてから、実行を再試行してください",
            "en": "put one file per role in the folder, then retry the run",
        },
        "ops.worker.started": {
            "ja": "ワーカー {name} がプール {pool} の実行を待っています（同時に最大 {limit} 件）",
            "en": "worker {name} is serving pool {pool} (at most {limit} runs at once)",
        },
        "ops.worker.draining": {
            "ja": "停止の指示を受けました。新しい実行は取らず、実行中の {count} 件の終了を最大 {seconds} 秒待ちます",
            "en": "asked to stop: claiming nothing more, waiting up to {seconds} s for {count} running run(s)",
        },
        "ops.worker.drained": {
            "ja": "実行中の実行はすべて終わりました。ワーカーを停止します",
            "en": "every running run finished: the worker stops",
        },
        "ops.worker.stopped_with_runs": {
            "ja": "猶予時間が過ぎたため、実行中の {count} 件を残してワーカーを停止します",
            "en": "the grace period is over: the worker stops with {count} run(s) still going",
        },
        "ops.worker.settled": {
            "ja": "処理するプロセスがなくなった実行を整理しました: {run}（{state}）",
            "en": "a run whose process was gone is settled: {run} ({state})",
        },
        "ops.liveness.released_worker": {
            "ja": "実行を受け取ったワーカー {worker} が開始前に停止したため、"
            "実行を予定に戻しました。次のワーカーが実行します",
            "en": "the worker {worker} that took the run stopped before starting it: "
            "the run is scheduled again for the next worker",
        },
        "ops.liveness.no_heartbeat_on": {
            "ja": "{host} で実行中のはずのプロセス {pid} から {window} 以上ハートビート（生存通知）が"
            "届いていません。マシンかワーカーが停止したか、サーバーとの接続が切れたため、"
            "異常終了としました。`keiri retry` で続きから実行できます（完了したノードは再実行されません）",
            "en": "no heartbeat for over {window} from its process {pid} on {host}: the machine "
            "or its worker stopped, or lost the server, so the run is marked Crashed; "
            "`keiri retry` continues it (finished nodes are not run again)",
        },
        "ops.liveness.no_heartbeat": {
            "ja": "実行中のはずの実行から {window} 以上ハートビート（生存通知）が届いていません。"
            "実行していたマシンかワーカーが停止したか、サーバーとの接続が切れたため、"
            "異常終了としました。`keiri retry` で続きから実行できます（完了したノードは再実行されません）",
            "en": "no heartbeat for over {window} from the run's process: the machine or its "
            "worker stopped, or lost the server, so the run is marked Crashed; "
            "`keiri retry` continues it (finished nodes are not run again)",
        },
        "ops.liveness.released": {
            "ja": "実行を受け取ったワーカー {worker}（{host}）が開始前に停止したため、"
            "実行を予定に戻しました。次のワーカーが実行します",
            "en": "the worker {worker} on {host} that took the run stopped before starting it: "
            "the run is scheduled again for the next worker",
        },
    }
)
