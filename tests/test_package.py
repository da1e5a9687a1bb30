"""CPack's .deb (CMakeLists.txt) holds what `cmake --install` installs, at the paths the binary
looks in, and depends on the Debian packages of the libraries the binary really links."""
import pathlib
import re
import shutil
import subprocess

import pytest

from conftest import ROOT

BUILD = ROOT / "build" / "default"


def owning_packages(binary):
    """The Debian packages of the shared libraries the binary names as NEEDED."""
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]",
                        subprocess.run(["readelf", "-d", str(binary)], capture_output=True, text=True).stdout)
    paths = dict(re.findall(r"^\s*(\S+) => (\S+)", subprocess.run(["ldd", str(binary)], capture_output=True,
                                                                  text=True).stdout, re.M))
    packages = set()
    for lib in needed:
        # dpkg knows a library by one of its names: the link ldd shows or the file behind it (usrmerge).
        proc = subprocess.run(["dpkg", "-S", str(pathlib.Path(paths[lib]).resolve())], capture_output=True, text=True)
        if proc.returncode != 0:
            proc = subprocess.run(["dpkg", "-S", paths[lib]], capture_output=True, text=True)
        assert proc.returncode == 0, f"no package owns {lib}: {proc.stderr}"
        packages.add(proc.stdout.split(":", 1)[0])
    return packages


def test_deb_package_of_the_default_build(tmp_path):
    for tool in ("cpack", "dpkg-deb", "readelf"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (Debian: cmake, dpkg, binutils): the .deb cannot be built or read")
    if not (BUILD / "CPackConfig.cmake").exists():
        pytest.fail("no default build: run scripts/setup.sh")
    proc = subprocess.run(["cpack", "-G", "DEB", "-B", str(tmp_path), "--config", str(BUILD / "CPackConfig.cmake")],
                          capture_output=True, text=True, cwd=BUILD, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    version = re.search(r"project\(elicit_conform VERSION (\S+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
    [deb] = tmp_path.glob("elicit-conform_*.deb")
    assert re.fullmatch(rf"elicit-conform_{re.escape(version)}_[a-z0-9]+\.deb", deb.name), deb.name

    fields = {f: subprocess.run(["dpkg-deb", "-f", str(deb), f], capture_output=True, text=True).stdout.strip()
              for f in ("Package", "Version", "Maintainer", "Depends")}
    assert fields["Package"] == "elicit-conform" and fields["Version"] == version, fields
    assert re.fullmatch(r".+ <[^@\s]+@[^>\s]+>", fields["Maintainer"]), fields
    depends = {d.strip().split(" ")[0] for d in fields["Depends"].split(",")}
    if shutil.which("dpkg") and shutil.which("ldd"):
        assert depends == owning_packages(BUILD / "elicit-conform"), "Depends out of step with what the binary links"

    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True).stdout
    entries = {line.split()[-1]: line.split()[0] for line in listing.splitlines()}
    assert entries.get("./usr/bin/elicit-conform", "").startswith("-rwx"), listing[:2000]
    packed = {p[len("./usr/share/elicit-conform/cases/"):] for p in entries
              if p.startswith("./usr/share/elicit-conform/cases/") and not p.endswith("/")}
    source = {str(p.relative_to(ROOT / "cases")) for p in (ROOT / "cases").rglob("*") if p.is_file()}
    assert packed == source and "requirements/2025-11-25.json" in packed

    # Unpacked anywhere, the packed binary finds the packed corpus next to itself.
    root = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    packed_list = subprocess.run([str(root / "usr" / "bin" / "elicit-conform"), "list"], capture_output=True,
                                 text=True, cwd=elsewhere)
    source_list = subprocess.run([str(BUILD / "elicit-conform"), "list", "--cases", str(ROOT / "cases")],
                                 capture_output=True, text=True)
    assert packed_list.returncode == 0 and packed_list.stdout == source_list.stdout != ""
