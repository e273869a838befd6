"""A command's engine: `Engine` (ask, check, why), the `--timeout` deadline and forked
children, checking `expect`, and the program dump of `ground`."""
