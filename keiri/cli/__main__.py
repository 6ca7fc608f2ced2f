"""`python -m keiri.cli ...` (the form app's retry button runs it in the background)."""

import sys

from keiri.cli.main import main

sys.exit(main())
