"""The card-game kit: the pieces every card game's package writes again, written once.

:mod:`kifuwiki.cards` knows what a card *is*; this kit knows how a card game's record
is usually written, checked and shown. A game package stays the owner of its rules,
its seats and its words; it takes from here only what would otherwise be a copy:

==========================  ==========================================================
:mod:`.hands`               what a record's hands leave unchecked (a seat's hand
                            left out while the others' are written: an info note)
:mod:`.lines`               record lines ``key: body``, move marks (``!?``), hands in
                            brackets, memoised card runs, the parsed-lines walk that
                            keeps comments and bookmarks by move
:mod:`.options`             named rule options: presets, front-matter overrides
                            (``rules: {preset: x, option: value}``), value checks with
                            documented ranges, ``describe()`` for page headers
:mod:`.order`               ace-high ranks, a cheap identity key per card, sorting
:mod:`.unread`              a play line that could not be read: shown as its own
                            step, and whether it took a turn (one typo, one error)
:mod:`.view`                card dicts for ``state.html``, comments/bookmarks of a
                            step, which step a diagnostic flags
:mod:`.writer`              ``kifuwiki fmt`` plumbing: marks, lines kept as written
==========================  ==========================================================

Nothing here names a game (``tests/contract/test_no_game_names.py``); ``site_src/
adding-a-game.md`` shows a new game using it.
"""
