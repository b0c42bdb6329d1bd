"""A run-time hook that does nothing, standing in for PyInstaller's inspect and pkgutil hooks (see rthooks.dat)."""
