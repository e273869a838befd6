"""The rules, as answer-set programs (package data)."""
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent
