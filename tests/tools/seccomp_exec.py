#!/usr/bin/env python3
"""seccomp_exec.py UNIT -- PROGRAM ARGS...: run PROGRAM under the system call
filter of a systemd unit, as systemd would: the SystemCallFilter= lines in
order (an allow list, then ~ lines taking groups and calls out of it), every
other call answered with SystemCallErrorNumber= (EPERM here), no_new_privs
set. Groups are expanded with `systemd-analyze syscall-filter`, so the test
uses the installed systemd's own definition of @system-service.

Used by tests/test_display_setups.sh, where systemd is not PID 1 and so
cannot start the unit itself. Needs libseccomp.so.2 (a dependency of
systemd) through ctypes: no compiler, no python3-seccomp."""
import ctypes
import errno
import os
import subprocess
import sys


def groups():
    """{"@name": [members]} from `systemd-analyze syscall-filter`."""
    out = subprocess.run(["systemd-analyze", "syscall-filter"], check=True,
                         capture_output=True, text=True).stdout
    found, cur = {}, None
    for line in out.splitlines():
        if line.startswith("@"):
            cur = found.setdefault(line.strip(), [])
        elif cur is not None and line.strip() and not line.strip().startswith("#"):
            cur.append(line.strip())
        elif not line.strip():
            cur = None
    return found


def expand(item, table, seen=None):
    seen = set() if seen is None else seen
    if not item.startswith("@"):
        return {item}
    if item in seen:
        return set()
    seen.add(item)
    if item not in table:
        sys.exit("seccomp_exec: unknown group %s" % item)
    calls = set()
    for m in table[item]:
        calls |= expand(m, table, seen)
    return calls


def unit_filter(path):
    allow, err = None, errno.EPERM
    table = groups()
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line.startswith("SystemCallErrorNumber="):
            err = getattr(errno, line.split("=", 1)[1])
        if not line.startswith("SystemCallFilter="):
            continue
        value = line.split("=", 1)[1]
        deny = value.startswith("~")
        calls = set()
        for item in value.lstrip("~").split():
            calls |= expand(item, table)
        if deny:
            allow = (allow if allow is not None else set()) - calls
        else:
            allow = (allow or set()) | calls
    if allow is None:
        sys.exit("seccomp_exec: %s has no SystemCallFilter=" % path)
    return allow, err


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit(__doc__)
    allow, err = unit_filter(sys.argv[1])
    lib = ctypes.CDLL("libseccomp.so.2", use_errno=True)
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_rule_add.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                                     ctypes.c_uint]
    lib.seccomp_load.argtypes = [ctypes.c_void_p]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    scmp_act_allow = 0x7FFF0000
    scmp_act_errno = 0x00050000 | (err & 0xFFFF)
    ctx = lib.seccomp_init(scmp_act_errno)  # no_new_privs is set by default
    if not ctx:
        sys.exit("seccomp_exec: seccomp_init failed")
    added = 0
    for name in sorted(allow):
        nr = lib.seccomp_syscall_resolve_name(name.encode())
        if nr < 0:  # not a call of this architecture (e.g. the 32-bit ones)
            continue
        if lib.seccomp_rule_add(ctx, scmp_act_allow, nr, 0) == 0:
            added += 1
    if lib.seccomp_load(ctx) != 0:
        sys.exit("seccomp_exec: seccomp_load failed")
    sys.stderr.write("seccomp_exec: %d calls allowed, the rest %s\n"
                     % (added, errno.errorcode[err]))
    os.execvp(sys.argv[3], sys.argv[3:])


main()
