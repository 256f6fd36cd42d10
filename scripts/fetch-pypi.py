#!/usr/bin/env python3
"""Downloads one pinned package file from PyPI without pip, checking its SHA-256.

    scripts/fetch-pypi.py sdist|wheel NAME==VERSION DIR

Prints the downloaded file's path. `pip download` of a source distribution first prepares its metadata
(it installs the build tools and runs the package's build backend), which for the grammar sources costs
up to a minute for a file that downloads in two seconds; the grammars need only the files. The file is
chosen from PyPI's JSON description of the release: the source archive, or a wheel that runs on
CPython 3.11 on this machine's architecture (pure Python or manylinux). Exits with 3 when PyPI's JSON
interface cannot answer (another index, no such file), so that the caller falls back to pip.
"""

import hashlib
import json
import os
import platform
import re
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

INDEX = os.environ.get("MDVIEW_PYPI_JSON", "https://pypi.org/pypi")
CANNOT = 3


def wheel_fits(filename: str) -> bool:
    """Whether a wheel runs on CPython 3.11 on this machine: one of the combinations of its name's python,
    ABI and platform tags is pure Python (`py3-none-any`), built for 3.11 (`cp311-cp311`), or built for
    the stable ABI of 3.11 or an earlier version (`cp3X-abi3`), on `any` or a manylinux platform of this
    machine's architecture."""
    match = re.match(r".+-([^-]+)-([^-]+)-([^-]+)\.whl$", filename)
    if not match:
        return False
    pythons, abis, platforms = (tags.split(".") for tags in match.groups())
    machine = platform.machine()
    for python in pythons:
        for abi in abis:
            for place in platforms:
                if not (place == "any" or (place.startswith("manylinux") and place.endswith("_" + machine))):
                    continue
                stable = re.fullmatch(r"cp3(\d+)", python)
                if (python in ("py3", "py311") and abi == "none") or (python == "cp311" and abi in ("cp311", "none")):
                    return True
                if stable and abi == "abi3" and int(stable.group(1)) <= 11:
                    return True
    return False


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[1] not in ("sdist", "wheel") or "==" not in sys.argv[2]:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    kind, spec, directory = sys.argv[1:]
    name, version = spec.split("==", 1)
    description = f"{INDEX}/{urllib.parse.quote(name)}/json"
    try:
        with urllib.request.urlopen(description, timeout=60) as response:
            files = json.load(response)["releases"].get(version, [])
    except (urllib.error.URLError, OSError, ValueError, KeyError) as error:
        print(f"fetch-pypi: {description}: {error}", file=sys.stderr)
        return CANNOT
    if kind == "sdist":
        candidates = [f for f in files if f.get("packagetype") == "sdist" and f["filename"].endswith(".tar.gz")]
    else:
        candidates = [f for f in files if f.get("packagetype") == "bdist_wheel" and wheel_fits(f["filename"])]
        # Pure-Python wheels last: a platform wheel is what pip would pick first.
        candidates.sort(key=lambda f: f["filename"].endswith("-any.whl"))
    if not candidates:
        print(f"fetch-pypi: no {kind} of {spec} for this machine on PyPI", file=sys.stderr)
        return CANNOT
    chosen = candidates[0]
    url = urllib.parse.urljoin(description, chosen["url"])
    target = os.path.join(directory, os.path.basename(chosen["filename"]))
    digest = hashlib.sha256()
    os.makedirs(directory, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=directory, delete=False) as partial:
        try:
            with urllib.request.urlopen(url, timeout=300) as response:
                while block := response.read(1 << 20):
                    digest.update(block)
                    partial.write(block)
        except (urllib.error.URLError, OSError) as error:
            os.unlink(partial.name)
            print(f"fetch-pypi: {url}: {error}", file=sys.stderr)
            return CANNOT
    expected = chosen.get("digests", {}).get("sha256")
    if expected and digest.hexdigest() != expected:
        os.unlink(partial.name)
        print(f"fetch-pypi: {chosen['filename']}: SHA-256 differs from PyPI's", file=sys.stderr)
        return 1
    os.replace(partial.name, target)
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
