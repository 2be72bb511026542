import sys
from pathlib import Path

# Tests import pyapp and build.py from the working tree, not from an installed copy.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
