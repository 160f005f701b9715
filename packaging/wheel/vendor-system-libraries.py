#!/usr/bin/env python3
"""Vendors into a repaired wheel the libraries auditwheel leaves out on purpose.

    packaging/wheel/vendor-system-libraries.py WHEEL

`auditwheel repair` copies every shared library the program loads into `<package>.libs/`,
except those on the manylinux policy's list of libraries "every system has" (glib, gobject,
X11, expat, …). A minimal Debian (debootstrap --variant=minbase, a slim container) has none
of them, and MessagesSDK's drawing (Cairo, Pango) loads several, so the programs would not
start there (Tests/Packaging). This copies each such library the wheel's ELF files need from
this machine, with what those need in turn, into the same folder, points them at each other
(`RPATH=$ORIGIN`, and the names auditwheel gave its own copies), and rewrites the wheel and its
RECORD. Only the C library's own parts, the compiler's runtime and zlib stay the system's:
every glibc-2.35 system has them (manylinux_2_35), minimal ones included.
"""
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

# Libraries every manylinux_2_35 system has, minimal ones too: glibc's, the compiler runtime's, zlib.
BASE = re.compile(r"^(ld-linux.*|libc|libm|libmvec|libdl|libpthread|librt|libresolv|libutil|libanl|libnsl|libgcc_s|libstdc\+\+|libatomic|libz)\.so(\.\d+)*$")


def needed(path: Path) -> list:
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def system_path(soname: str) -> str:
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        match = re.match(rf"\s*{re.escape(soname)} \(libc6,x86-64\) => (\S+)", line)
        if match:
            return match.group(1)
    raise SystemExit(f"vendor-system-libraries: {soname} is needed and not on this machine")


def main() -> int:
    wheel = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "wheel"
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(root)
            # extractall does not restore modes: the programs must stay executable.
            modes = {info.filename: (info.external_attr >> 16) & 0o777 for info in archive.infolist()}
        libs = next(root.glob("*.libs"))
        # auditwheel's copies, by the name a dependant asks for (libpcre2-8.so.0 → its copy).
        grafted = {}
        for copy in libs.iterdir():
            # libgio-2-5eb29a8a.0.so.0.7400.6 was libgio-2.0.so.0: the hash out, up to .so.N.
            original = re.match(r"^(.*?\.so\.\d+)", re.sub(r"-[0-9a-f]{8}(?=[.-])", "", copy.name, count=1))
            grafted[original.group(1) if original else copy.name] = copy.name
        elves = [p for p in root.rglob("*") if p.is_file() and p.read_bytes()[:4] == b"\x7fELF"]
        pending = [name for elf in elves for name in needed(elf)]
        added = []
        while pending:
            soname = pending.pop()
            if BASE.match(soname) or soname in grafted or re.search(r"-[0-9a-f]{8}[.-]", soname):
                continue
            target = libs / soname
            shutil.copy2(system_path(soname), target)
            os.chmod(target, 0o755)
            grafted[soname] = soname
            added.append(soname)
            pending += needed(target)
        for name in added:
            target = libs / name
            subprocess.run(["patchelf", "--set-rpath", "$ORIGIN", str(target)], check=True)
            for dependency in needed(target):
                if grafted.get(dependency, dependency) != dependency:
                    subprocess.run(["patchelf", "--replace-needed", dependency, grafted[dependency], str(target)], check=True)
        # The RECORD of every file, then the wheel again (RECORD last, as pip writes it).
        dist_info = next(root.glob("*.dist-info"))
        record = dist_info / "RECORD"
        rows = []
        for path in sorted(p for p in root.rglob("*") if p.is_file() and p != record):
            data = path.read_bytes()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append(f"{path.relative_to(root).as_posix()},sha256={digest},{len(data)}")
        rows.append(f"{record.relative_to(root).as_posix()},,")
        record.write_text("\n".join(rows) + "\n")
        rebuilt = Path(scratch) / wheel.name
        with zipfile.ZipFile(rebuilt, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(p for p in root.rglob("*") if p.is_file() and p != record):
                info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
                name = path.relative_to(root).as_posix()
                info.external_attr = ((modes.get(name) or 0o755) | 0o100000) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())
            archive.write(record, record.relative_to(root).as_posix())
        shutil.move(str(rebuilt), wheel)
    print(f"vendor-system-libraries: added {', '.join(sorted(added)) or 'nothing'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
