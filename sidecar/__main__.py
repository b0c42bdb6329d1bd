"""`python -m sidecar`."""

from sidecar.cli import run

run()
