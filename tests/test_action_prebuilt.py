"""scripts/action-prebuilt.sh, the Action's prebuilt binary (action.yml): a release at the action's
ref is found by its SHA256SUMS, the package for this arch is fetched, checked against its sum,
kept for actions/cache and linked where the run step looks; a wrong sum fails, and no release
(or none for this arch) means building from source. The release is served on loopback
(EC_RELEASE_BASE_URL); the action is a copy of the script in a folder of the test's own, so the
link never lands in this tree's build/."""
import functools
import http.server
import os
import shutil
import subprocess
import threading

import pytest

from conftest import ROOT
from test_action import run_action
from test_package import package  # noqa: F401 (a fixture)

BUILD = ROOT / "build" / "default"


@pytest.fixture
def release(tmp_path, package):  # noqa: F811
    """A folder served on loopback as a release: package.sh's tarball and SHA256SUMS."""
    folder = tmp_path / "release"
    folder.mkdir()
    shutil.copy(package.tarball, folder)
    shutil.copy(package.out / "SHA256SUMS", folder)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield folder, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def action_copy(folder):
    (folder / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "action-prebuilt.sh", folder / "scripts")
    return folder


def step(action, tmp_path, *args, **env):
    """Runs the script as the Action's step does; returns the process and its outputs."""
    output = tmp_path / "output"
    output.write_text("")
    proc = subprocess.run(["/bin/bash", str(action / "scripts" / "action-prebuilt.sh"), *args], capture_output=True,
                          text=True, timeout=120, env={"PATH": env.pop("PATH", "/usr/bin:/bin"),
                                                       "GITHUB_OUTPUT": str(output), "HOME": str(tmp_path),
                                                       "RUNNER_TEMP": str(tmp_path / "runner-temp"), **env})
    return proc, dict(line.split("=", 1) for line in output.read_text().splitlines())


def test_a_release_is_found_verified_cached_and_run(tmp_path, release, package):  # noqa: F811
    folder, url = release
    action = action_copy(tmp_path / "action")
    proc, found = step(action, tmp_path, "find", EC_RELEASE_BASE_URL=url)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    sha = subprocess.run(["sha256sum", str(package.tarball)], capture_output=True, text=True).stdout.split()[0]
    assert found == {"found": "true", "asset": package.tarball.name, "sha256": sha,
                     "url": f"{url}/{package.tarball.name}"}, found

    cache = tmp_path / "cache" / sha
    env = {"EC_ASSET": found["asset"], "EC_SHA256": found["sha256"], "EC_URL": found["url"]}
    proc, fetched = step(action, tmp_path, "fetch", str(cache), **env)
    assert proc.returncode == 0 and fetched == {"ready": "true"}, proc.stdout + proc.stderr
    assert (cache / package.tarball.name).read_bytes() == package.tarball.read_bytes()
    linked = action / "build" / "default" / "elicit-conform"
    assert linked.is_symlink() and str(linked.resolve()).startswith(str(tmp_path / "runner-temp"))
    version = subprocess.run([str(linked), "--version"], capture_output=True, text=True).stdout
    assert version == subprocess.run([str(BUILD / "elicit-conform"), "--version"], capture_output=True,
                                     text=True).stdout and version in proc.stdout

    # The run step of action.yml runs it as it ran the built one.
    proc, outputs, summary = run_action(tmp_path, action, mode="server", command=f"{linked} reference server",
                                        extra_args="--case 'server.form.*' -j 2")
    assert proc.returncode == 0 and outputs["exit-code"] == "0", proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "server.form.request-well-formed" in summary

    # A cache hit needs no network: the release is gone, the cached tarball is checked again.
    shutil.rmtree(folder)
    linked.unlink()
    proc, fetched = step(action, tmp_path, "fetch", str(cache), **env)
    assert proc.returncode == 0 and fetched == {"ready": "true"} and "from the cache" in proc.stdout, proc.stdout
    assert linked.is_symlink()


def test_a_wrong_sum_fails_and_nothing_is_kept(tmp_path, release, package):  # noqa: F811
    folder, url = release
    action = action_copy(tmp_path / "action")
    cache = tmp_path / "cache"
    proc, fetched = step(action, tmp_path, "fetch", str(cache), EC_ASSET=package.tarball.name, EC_SHA256="0" * 64,
                         EC_URL=f"{url}/{package.tarball.name}")
    assert proc.returncode == 1 and "::error::" in proc.stdout and "SHA-256" in proc.stdout, proc.stdout
    assert fetched == {} and not cache.exists() and not (action / "build").exists()


def test_no_release_or_no_package_for_this_arch_builds_from_source(tmp_path, release):
    folder, url = release
    action = action_copy(tmp_path / "action")
    proc, found = step(action, tmp_path, "find", EC_RELEASE_BASE_URL=f"{url}/no-such-tag")
    assert proc.returncode == 0 and found == {"found": "false"} and "building from source" in proc.stdout
    sums = (folder / "SHA256SUMS").read_text()
    arch = os.uname().machine
    (folder / "SHA256SUMS").write_text(sums.replace(f"-linux-{arch}.tar.gz", "-linux-sparc64.tar.gz"))
    proc, found = step(action, tmp_path, "find", EC_RELEASE_BASE_URL=url)
    assert proc.returncode == 0 and found == {"found": "false"} and f"no package for linux-{arch}" in proc.stdout


def test_the_release_is_the_one_of_the_action_ref(tmp_path):
    """github.action_repository and github.action_ref, or else the action's folder
    (.../_actions/OWNER/REPO/REF), name the release; a stand-in curl records the address."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "curl").write_text('#!/bin/sh\nfor a; do last="$a"; done\necho "$last" >> "$CURL_LOG"\nexit 22\n')
    (bin_dir / "curl").chmod(0o755)
    log = tmp_path / "curl.log"
    path = f"{bin_dir}:/usr/bin:/bin"
    action = action_copy(tmp_path / "_actions" / "someone" / "elicit-conform" / "v9.8.7")
    proc, found = step(action, tmp_path, "find", PATH=path, CURL_LOG=str(log))
    assert found == {"found": "false"}, proc.stdout + proc.stderr
    proc, found = step(action, tmp_path, "find", PATH=path, CURL_LOG=str(log), EC_ACTION_REPOSITORY="owner/repo",
                       EC_ACTION_REF="v1.2.3")
    assert log.read_text().splitlines() == [
        "https://github.com/someone/elicit-conform/releases/download/v9.8.7/SHA256SUMS",
        "https://github.com/owner/repo/releases/download/v1.2.3/SHA256SUMS"]
    # A local action (uses: ./) has neither: no address at all, the source is built.
    local = action_copy(tmp_path / "workspace")
    proc, found = step(local, tmp_path, "find", PATH=path, CURL_LOG=str(log))
    assert found == {"found": "false"} and "unknown" in proc.stdout and len(log.read_text().splitlines()) == 2


def test_without_curl_the_source_is_built(tmp_path):
    # A bare container (debian:12 has no curl): said so, and the source is built.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("dirname", "uname", "mktemp", "rm"):
        (bin_dir / tool).symlink_to(shutil.which(tool))
    action = action_copy(tmp_path / "_actions" / "someone" / "elicit-conform" / "v9.8.7")
    proc, found = step(action, tmp_path, "find", PATH=str(bin_dir))
    assert proc.returncode == 0 and found == {"found": "false"}, proc.stdout + proc.stderr
    assert "curl is not installed" in proc.stdout, proc.stdout
