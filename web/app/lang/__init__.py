"""Translation tables: English text -> translation (see app/i18n.py)."""
