"""``python -m yinsh``: the command line."""
import sys

from yinsh.cli import main

sys.exit(main())
