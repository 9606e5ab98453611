"""Game-independent building blocks: diagnostics, record files, safe Markdown."""
