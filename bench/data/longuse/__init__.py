"""The long-use set of issue 15: its word lists, generator and validator."""
