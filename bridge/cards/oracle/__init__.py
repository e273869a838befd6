"""The Oracle-text compiler (issue 15): Scryfall card objects -> card YAML maps."""
from .compile import CompiledCard, LineResult, compile_card, compile_line

__all__ = ["CompiledCard", "LineResult", "compile_card", "compile_line"]
