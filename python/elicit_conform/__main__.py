"""`python -m elicit_conform ARGS`: the bundled binary, as the `elicit-conform` command."""
from elicit_conform import main

main()
