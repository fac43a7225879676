"""The home screen has the matgo deck's faces made ahead (``shell.go_home``)
from constants written out (``tables.HOME_FACES``, ``HOME_WIDEST``) so that
it does not import the table: they must be the table's own."""
import test_glue_text  # noqa: F401  (stubs the browser modules, puts web/ on the path)
from app import tables
from app.hwatu_table import MatgoTable


def test_the_home_screen_preloads_the_matgo_tables_faces_at_its_width():
    table = MatgoTable(None)
    assert tables.HOME_FACES == list(table.art_urls())
    assert tables.HOME_WIDEST == table.widest_card()
