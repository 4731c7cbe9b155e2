"""`python -m gdl ...`: the same as the `gdl` command."""

import sys

from gdl.cli import main

if __name__ == "__main__":
    sys.exit(main())
