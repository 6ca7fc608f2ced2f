"""Where Prefect's log lines go when a command runs a flow in this process (`keiri run`,
`resume`, `retry`): to the log file `<keiri home>/logs/cli.log`, never the terminal.

Prefect's logging configuration puts a console handler on the root logger, so a failed task
prints Prefect's full traceback (twice: the task run, then the flow run) before keiri's own
rendering. On the terminal, keiri's rendering is the one surface (`keiri.cli.render`); the
tracebacks, Prefect's state lines and keiri's own library logs go to the file (the run's logs
also reach the Prefect API as before). Masked like every other surface (`keiri.base.masking`).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from keiri.base import masking, settings

__all__ = ["LOG_NAME", "cli_log_path", "route_console_logs"]

LOG_NAME = "cli.log"
#: Loggers whose handlers Prefect's configuration points at the terminal.
_LOGGERS = ("", "prefect._internal", "prefect.extra", "uvicorn", "fastapi")


def cli_log_path() -> Path:
    return settings.keiri_home() / "logs" / LOG_NAME


class _MaskingFileHandler(logging.FileHandler):
    def format(self, record: logging.LogRecord) -> str:
        return masking.mask_text(super().format(record))


def _to_terminal(handler: logging.Handler) -> bool:
    stream = getattr(handler, "stream", None)
    return stream in (sys.stderr, sys.stdout, sys.__stderr__, sys.__stdout__)


def route_console_logs() -> Path:
    """Replace the terminal handlers of Prefect's logging configuration with one file handler
    (same format); returns the file. Call after Prefect is imported (it configures logging on
    import)."""
    import prefect.main  # noqa: F401  - sets up Prefect's logging: replace what it set up

    path = cli_log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    file_handler: logging.Handler | None = None
    for name in _LOGGERS:
        logger = logging.getLogger(name)
        for handler in list(logger.handlers):
            if isinstance(handler, _MaskingFileHandler) or not _to_terminal(handler):
                continue
            if file_handler is None:
                file_handler = _MaskingFileHandler(path, encoding="utf-8", delay=True)
                file_handler.setFormatter(handler.formatter)
            logger.removeHandler(handler)
            logger.addHandler(file_handler)
    return path
