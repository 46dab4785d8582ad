"""Keep the gettext catalogs in step with the code.

python -m i18n extract        # the source strings -> i18n/locales/messages.pot
python -m i18n update         # merge the template into every catalog (new strings untranslated)
python -m i18n init LANGUAGE  # start a catalog for a new language
python -m i18n check          # exit 1 when a catalog misses, fuzzes or garbles a string
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from i18n.catalogs import check_catalogs, extract_template, init_catalog, update_catalogs, write_template


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m i18n", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="write the template of every source string")
    commands.add_parser("update", help="merge the template into every catalog")
    init = commands.add_parser("init", help="start the catalog of a new language")
    init.add_argument("language", help="a language code such as de or pt_BR")
    commands.add_parser("check", help="report missing, fuzzy or garbled translations")
    args = parser.parse_args(argv)
    if args.command == "extract":
        print(f"wrote {write_template(extract_template())}")
    elif args.command == "update":
        for path in update_catalogs(extract_template()):
            print(f"updated {path}")
    elif args.command == "init":
        print(f"wrote {init_catalog(args.language, extract_template())}")
    else:
        problems = check_catalogs(extract_template())
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            return 1
        print("every catalog translates every string")
    return 0


if __name__ == "__main__":
    sys.exit(main())
