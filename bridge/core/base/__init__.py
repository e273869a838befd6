"""The core's foundations, importing nothing above them: records, errors, clingo terms and
symbols, the on-disk cache."""
