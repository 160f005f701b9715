"""The SDK's version, derived from the protocol version it speaks: one source of truth.

The package version is `PROTOCOL_VERSION.RELEASE`: its major number is the protocol's major
version (docs/PROTOCOL.md §6; the tag `MSGHOST/1`, `MSGHOST_PROTOCOL`, `hello.protocol`), so
`pip install "msghost>=1,<2"` gets an SDK that speaks `MSGHOST/1`, and a new protocol major
is a new package major by construction. `RELEASE` counts the SDK's own releases within it.

pyproject.toml reads `__version__` from this file (hatchling's `code` version source runs it
alone, without importing the package), so it must import nothing.
"""

#: The protocol's major version (PROTOCOL.md §6): the one number the wire tag, `hello`, the
#: launch environment check and the package version all come from.
PROTOCOL_VERSION = 1

#: The SDK's own release within that protocol version (minor.patch).
RELEASE = "0.0"

__version__ = f"{PROTOCOL_VERSION}.{RELEASE}"
