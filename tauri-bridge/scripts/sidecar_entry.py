"""PyInstaller entry point of the packaged `memory-sidecar-<target triple>` executable."""

from sidecar.cli import run

run()
