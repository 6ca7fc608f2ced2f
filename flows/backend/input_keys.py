"""The keys keiri gives its flow run inputs on Prefect (records beside a run, not its
parameters). Plain constants, importable without Prefect (the detached start uses them)."""

from __future__ import annotations

__all__ = ["CHILD_PAUSE_PREFIX", "FORM_PREFIX", "STARTED_KEY"]

#: `{"by", "at", "via"}`: who started the run (`flows.lifecycle.runs.started_by`).
STARTED_KEY = "keiri-started-by"
#: `<prefix><child>-<key>`: a loop item or subflow of this root run waits for input
#: (`flows.backend.child_pauses`).
CHILD_PAUSE_PREFIX = "keiri-child-paused-"
#: `<prefix><pause key>`: the form of a pause, stored just before the run pauses
#: (`flows.backend.prefect_backend`), read by the form app and `keiri resume`.
FORM_PREFIX = "keiri-form-"
