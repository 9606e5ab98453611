"""``python -m kifuwiki`` runs the command-line interface."""

from kifuwiki.cli import main

if __name__ == "__main__":
    main()
