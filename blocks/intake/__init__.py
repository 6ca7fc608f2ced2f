"""Unattended intake: the evidence of a period, collected from where people drop it (a local
or mounted shared folder; other places — S3, SharePoint — are other `Source`s).

`sources` (the `Source` interface and `LocalFolder`), `collect` (the `intake.collect` block:
new, settled files only, each recorded by hash in the source's ledger so a rerun of the
period takes the same set; taken files moved aside, nothing deleted).

Imports `blocks.sdk`, `blocks.text` and `keiri.base` only.
"""

__all__: list[str] = []
