"""The archive's list pages (indexes, players, events, report) kept from one build to
the next while nothing they show changed.

Under ``mkdocs serve`` an edited record rebuilds the whole site, and every list page
was written again: at 2,000 records they were a sixth of a rebuild (a player's page
lists every game of the player). A list page reads only the records' light views, the
site plan (made from those views and the settings) and the pages' URLs, so it is the
same page while those are: an edited comment, a move's annotation, anything the
indexes do not show, leaves every list page as it was.

What is compared, each build: the settings that go into every page (the cache's salt:
kifuwiki's version, the games, the templates, the rules and language; and the site's
URL prefix and the records folder), every record's light view in order (unchanged files
give the very same objects, so this is an identity check but for the edited file's
games), and the URL of every page as the front end makes it (its URL scheme may change
between builds). Any difference drops every kept page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kifuwiki.games.base import RecordView
from kifuwiki.render.site import SitePage, SitePlan


@dataclass(slots=True)
class ListPages:
    """List page bodies by source URI, valid for :attr:`inputs`, :attr:`views` and
    :attr:`urls` (see the module's docstring)."""

    inputs: object = None
    views: Sequence[RecordView] = ()
    urls: tuple[str, ...] = ()
    html: dict[str, str] = field(default_factory=dict)
    checked: bool = False
    """Whether this build's URLs were compared already (once a build: a list page is
    rendered with the URLs every other one sees)."""

    def begin(self, inputs: object, views: Sequence[RecordView]) -> None:
        """A new build with these settings and light views."""
        same = (
            inputs == self.inputs
            and len(views) == len(self.views)
            and all(new is old or new == old for new, old in zip(views, self.views, strict=True))
        )
        if not same:
            self.html = {}
        self.inputs, self.views = inputs, views
        self.checked = False

    def get(
        self,
        page: SitePage,
        plan: SitePlan,
        url_of: Callable[[str], str],
        render: Callable[[], str],
    ) -> str:
        """``page``'s body: the kept one if every page's URL is still the same (checked
        at the build's first list page), else ``render()``'s (then kept)."""
        if not self.checked:
            urls = tuple(url_of(other.src_uri) for other in plan.pages)
            if getattr(url_of, "link_base", None) is not None:
                urls += ("(links relative to the source folder)",)  # SourceRelativeUrls
            if urls != self.urls:
                self.html = {}
                self.urls = urls
            self.checked = True
        html = self.html.get(page.src_uri)
        if html is None:
            html = self.html[page.src_uri] = render()
        return html
