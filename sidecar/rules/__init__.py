"""The memory rules as pure functions: no I/O, so hypothesis can hammer them."""
