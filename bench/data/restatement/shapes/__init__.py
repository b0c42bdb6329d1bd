"""The held-out restatement shapes set of issue 16: its generator and validator."""
