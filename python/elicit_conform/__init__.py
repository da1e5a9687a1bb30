"""elicit-conform as installed from its wheel (`pip install elicit-conform`): the `elicit-conform`
command runs the binary bundled in this package (`_bundle/`: bin/, lib/ and share/, the tree
scripts/package.sh makes), and the pytest plugin (pytest_elicit_conform, registered as a pytest11
entry point) runs that binary unless told another. Only the standard library.
"""
import os
import pathlib
import sys

# The project's version (CMakeLists.txt, project VERSION); the wheel's version is read from here, and
# scripts/build-wheel.sh refuses a package of another version.
__version__ = "0.1.0"

_BUNDLE = pathlib.Path(__file__).resolve().parent / "_bundle"


def bundled_binary():
    """The path of the bundled binary, or None in a source checkout (no _bundle/)."""
    path = _BUNDLE / "bin" / "elicit-conform"
    return str(path) if path.is_file() else None


def main():
    """The console script `elicit-conform`: becomes the bundled binary, with the same arguments."""
    path = bundled_binary()
    if path is None:
        sys.exit("elicit-conform: this installation has no bundled binary (elicit_conform/_bundle is missing)")
    os.execv(path, [path, *sys.argv[1:]])
