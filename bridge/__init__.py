"""The Python bridge: scenario model -> facts -> clingo -> outcomes -> ruling text."""
