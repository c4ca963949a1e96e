"""Lets the Smess tests import the independent reference generator beside them."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
