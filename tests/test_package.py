"""The packages of the default build. CPack's .deb (CMakeLists.txt) holds what `cmake --install`
installs, at the paths the binary looks in, and depends on the Debian packages of the libraries the
binary really links. scripts/package.sh's relocatable tarball (below) runs anywhere with a glibc."""
import fcntl
import json
import os
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


# scripts/package.sh: the relocatable tarball of the default build (bin/, lib/ with the libraries that
# are not glibc's under an $ORIGIN rpath, share/elicit-conform/cases), its SHA256SUMS, and the
# oldest glibc it needs. Its binary is run with the source tree hidden (a tmpfs over it, in a mount
# namespace of its own) and an empty environment, so nothing it does can lean on the build.

GLIBC_LIBS = re.compile(r"(linux-vdso|ld-linux[-a-z0-9_]*|libc|libm|libpthread|libdl|librt|libresolv|libutil)\.so")


def _unshare_prefix():
    """The command prefix that runs a command in a mount namespace of its own where it may mount a
    tmpfs (root: unshare -m; else a user namespace), or None when this machine allows neither."""
    if shutil.which("unshare") is None:
        return None
    probe = pathlib.Path(__file__).resolve().parent
    for prefix in (["unshare", "--mount", "--fork"], ["unshare", "--user", "--map-root-user", "--mount", "--fork"]):
        proc = subprocess.run([*prefix, "/bin/sh", "-c", 'mount -t tmpfs tmpfs "$0" && ! test -e "$0/conftest.py"',
                               str(probe)], capture_output=True)
        if proc.returncode == 0:
            return prefix
    return None


UNSHARE = _unshare_prefix()


def hidden(argv, cwd, timeout=300):
    """Runs argv with the source tree (and so the build tree) hidden under an empty tmpfs, in an empty
    environment but for PATH=/usr/bin:/bin; without a way to hide it, with the tree in place."""
    argv = [str(a) for a in argv]
    env = ["env", "-i", "PATH=/usr/bin:/bin", "HOME=" + str(cwd)]
    if UNSHARE is not None:
        argv = [*UNSHARE, "/bin/sh", "-c", 'mount -t tmpfs tmpfs "$0" && shift && exec "$@"', str(ROOT), "-",
                *env, *argv]
    else:
        argv = [*env, *argv]
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=timeout)


class Package:
    def __init__(self, folder):
        self.out = folder / "dist"
        [self.tarball] = self.out.glob("elicit-conform-*.tar.gz")
        [self.tree] = (folder / "unpacked").iterdir()
        self.stdout = (folder / "package.stdout").read_text()
        self.bin = self.tree / "bin" / "elicit-conform"


def once(tmp_path_factory, name, make):
    """A folder that make(folder) fills once per pytest run, however many xdist workers ask for it
    (the first, under a lock; the others wait and reuse it). Returns the folder."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder, which every worker's own folder is in
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        folder, done = base / name, base / f"{name}.done"
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.write_text("")
    return folder


def make_package(folder):
    """scripts/package.sh of the default build into folder/dist, unpacked into folder/unpacked."""
    if not (BUILD / "elicit-conform").exists():
        pytest.fail("no default build: run scripts/setup.sh")
    if shutil.which("patchelf") is None:
        pytest.fail("patchelf is not installed: scripts/install-deps.sh installs it")
    proc = subprocess.run([str(ROOT / "scripts" / "package.sh"), "--out", str(folder / "dist")], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (folder / "package.stdout").write_text(proc.stdout)
    [tarball] = (folder / "dist").glob("elicit-conform-*.tar.gz")
    (folder / "unpacked").mkdir()
    subprocess.run(["tar", "-xzf", str(tarball), "-C", str(folder / "unpacked")], check=True)


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    return Package(once(tmp_path_factory, "package", make_package))


def dynamic(path):
    return subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout


def test_package_is_named_summed_and_holds_every_library_but_glibc(package):
    version = re.search(r"project\(elicit_conform VERSION (\S+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
    arch = subprocess.run(["uname", "-m"], capture_output=True, text=True).stdout.strip()
    assert package.tarball.name == f"elicit-conform-{version}-linux-{arch}.tar.gz"
    assert package.tree.name == package.tarball.name[:-len(".tar.gz")]
    proc = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], capture_output=True, text=True, cwd=package.out)
    assert proc.returncode == 0 and f"{package.tarball.name}: OK" in proc.stdout, proc.stdout + proc.stderr

    # The binary's own libraries and theirs (ldd of the build), glibc's excepted, are all in lib/.
    ldd = subprocess.run(["ldd", str(BUILD / "elicit-conform")], capture_output=True, text=True).stdout
    wanted = {name for name in re.findall(r"^\s*(\S+) =>", ldd, re.M) if not GLIBC_LIBS.match(name)}
    bundled = {p.name for p in (package.tree / "lib").iterdir()}
    assert bundled == wanted and {"libstdc++.so.6", "libgcc_s.so.1"} <= bundled, (bundled, wanted)
    assert any(n.startswith("libyaml-cpp") for n in bundled) and any(n.startswith("libre2") for n in bundled)
    assert "Library runpath: [$ORIGIN/../lib]" in dynamic(package.bin)
    for lib in (package.tree / "lib").iterdir():
        assert "Library runpath: [$ORIGIN]" in dynamic(lib), lib
    # Loaded as the package's: every library but glibc's resolves into lib/, with no LD_LIBRARY_PATH.
    loaded = subprocess.run(["env", "-i", "ldd", str(package.bin)], capture_output=True, text=True).stdout
    for name, path in re.findall(r"^\s*(\S+) => (\S+)", loaded, re.M):
        if not GLIBC_LIBS.match(name):
            assert pathlib.Path(path).resolve().parent == package.tree / "lib", (name, path)

    packed = {str(p.relative_to(package.tree / "share" / "elicit-conform" / "cases"))
              for p in (package.tree / "share" / "elicit-conform" / "cases").rglob("*") if p.is_file()}
    source = {str(p.relative_to(ROOT / "cases")) for p in (ROOT / "cases").rglob("*") if p.is_file()}
    assert packed == source and "requirements/2025-11-25.json" in packed

    # "needs glibc >= X": the newest GLIBC_ version any of them references, as objdump -T lists it.
    symbols = subprocess.run(["objdump", "-T", str(package.bin), *map(str, (package.tree / "lib").iterdir())],
                             capture_output=True, text=True, check=True).stdout
    newest = max((tuple(map(int, v.split("."))) for v in re.findall(r"\bGLIBC_(\d+(?:\.\d+)+)", symbols)))
    glibc = ".".join(map(str, newest))
    assert f"needs glibc >= {glibc}\n" in package.stdout, package.stdout
    info = dict(line.split("=", 1) for line in
                (package.tree / "share" / "elicit-conform" / "package.txt").read_text().splitlines())
    assert info["glibc"] == glibc and info["version"] == version and info["arch"] == arch


def test_packaged_binary_runs_with_the_source_tree_out_of_reach(package, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    version = hidden([package.bin, "--version"], elsewhere)
    built = subprocess.run([str(BUILD / "elicit-conform"), "--version"], capture_output=True, text=True).stdout
    assert version.returncode == 0 and version.stdout == built, (version.stdout, version.stderr)
    named = re.fullmatch(r"elicit-conform \S+ \(commit ([0-9a-f]{40}) of (\d{4}-\d\d-\d\d)"
                         r"(, with uncommitted changes)?\)\n", version.stdout)
    assert named, version.stdout
    # The date is the commit's, in UTC (a build of an older commit names that one's).
    date = subprocess.run(["git", "-C", str(ROOT), "show", "-s", "--date=format-local:%Y-%m-%d", "--format=%cd",
                           named.group(1)], capture_output=True, text=True, env={**os.environ, "TZ": "UTC"})
    if date.returncode == 0:
        assert named.group(2) == date.stdout.strip(), (named.group(2), date.stdout)

    listed = hidden([package.bin, "list"], elsewhere)
    source = subprocess.run([str(BUILD / "elicit-conform"), "list", "--cases", str(ROOT / "cases")],
                            capture_output=True, text=True)
    assert listed.returncode == 0 and listed.stdout == source.stdout != "", listed.stderr

    schema = elsewhere / "schema.json"
    schema.write_text(json.dumps({"type": "object", "properties": {"name": {"type": "string"}}}))
    checked = hidden([package.bin, "check-schema", schema], elsewhere)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    message = elsewhere / "message.json"
    message.write_text(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {
        "message": "Your name?", "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}}))
    checked = hidden([package.bin, "check-message", message], elsewhere)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    outputs = [version.stdout, listed.stdout]
    # The whole suite against the package's own reference server, and client cases through the relay.
    for role, extra in (("server", []), ("client", ["--case", "client.form.*"])):
        proc = hidden([package.bin, role, "--command", f"{package.bin} reference {role}", *extra, "-j", "2",
                       "--report-dir", elsewhere / role], elsewhere)
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
        results = json.loads((elsewhere / role / "results.json").read_text())
        assert results["cases"] and results["coverage"], role
        assert all(c["status"] in ("PASS", "SKIP", "NOTE") for c in results["cases"]), role
        outputs += [proc.stdout, proc.stderr, *((elsewhere / role / f).read_text() for f in
                                               ("results.json", "report.md", "junit.xml"))]
    fuzz = hidden([package.bin, "fuzz", "server", "--command", f"{package.bin} reference server", "--duration", "2",
                   "--progress", "0", "--out", elsewhere / "fuzz"], elsewhere)
    assert fuzz.returncode == 0, fuzz.stdout[-2000:] + fuzz.stderr[-2000:]
    assert (elsewhere / "fuzz" / "summary.json").is_file()
    help_text = hidden([package.bin, "server", "--help"], elsewhere).stdout
    assert f"--cases TEXT={package.tree / 'share' / 'elicit-conform' / 'cases'}" in help_text, help_text
    for text in [*outputs, fuzz.stdout, fuzz.stderr, help_text]:
        assert str(ROOT) not in text, text[:2000]


def test_the_source_tree_is_out_of_reach_indeed(package, tmp_path):
    # Without its share/, the packaged binary would fall back to the compiled-in source path: hidden,
    # it finds no cases. This is what shows that the test above ran without the source tree.
    if UNSHARE is None:
        pytest.skip("no mount namespace here (unshare): the source tree cannot be hidden")
    bare = tmp_path / "bare"
    shutil.copytree(package.tree, bare, symlinks=True)
    shutil.rmtree(bare / "share")
    assert subprocess.run([str(bare / "bin" / "elicit-conform"), "list"], capture_output=True).returncode == 0
    proc = hidden([bare / "bin" / "elicit-conform", "list"], tmp_path)
    assert proc.returncode != 0 and proc.stdout == "", proc.stdout[:500]


def test_release_packaging_refuses_a_build_of_another_commit(tmp_path):
    fake = tmp_path / "build"
    fake.mkdir()
    (fake / "elicit-conform").write_text("#!/bin/sh\necho 'elicit-conform 0.1.0 (commit "
                                         + "0" * 40 + " of 2020-01-01)'\n")
    (fake / "elicit-conform").chmod(0o755)
    proc = subprocess.run([str(ROOT / "scripts" / "package.sh"), "--build", str(fake), "--out", str(tmp_path / "d"),
                           "--release"], capture_output=True, text=True)
    assert proc.returncode == 1 and "--release: the build is of commit 0000000000" in proc.stderr, proc.stderr
    assert not (tmp_path / "d").exists() or not any((tmp_path / "d").iterdir())


def test_package_runs_in_a_minimal_root_file_system(package):
    """scripts/check-relocatable.sh: a debootstrapped Debian stable (minbase, cached in
    $EC_RELOCATABLE_ROOT) with the package copied in, run in a chroot. Slow the first time (the
    debootstrap): only where EC_RELOCATABLE_ROOT is set (the release workflow)."""
    root = os.environ.get("EC_RELOCATABLE_ROOT")
    if not root or shutil.which("debootstrap") is None or os.geteuid() != 0:
        pytest.skip("needs root, debootstrap and EC_RELOCATABLE_ROOT (the cache of the root file system)")
    proc = subprocess.run([str(ROOT / "scripts" / "check-relocatable.sh"), str(package.tarball), root],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "a reference run in the root exited 0" in proc.stdout, proc.stdout
