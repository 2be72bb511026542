"""Which log lines the page shows (pyapp/webapp/logview.py): the latest page, earlier ones on request."""

from pyapp.webapp.logview import LOG_PAGE, earlier, earlier_label, first_line


def test_a_fresh_view_shows_the_latest_page_and_keeps_its_start_as_lines_come():
    assert first_line(10, None) == 0
    assert first_line(LOG_PAGE + 120, None) == 120
    assert first_line(LOG_PAGE + 500, 120) == 120  # lines appended: the view does not jump
    assert first_line(50, 120) == 0  # another game, or an undo before the view's start


def test_earlier_goes_back_a_page_and_says_how_many():
    assert earlier(620) == 620 - LOG_PAGE and earlier(120) == 0
    assert earlier_label(120) == "Show 120 earlier lines (120 not shown)"
    assert earlier_label(1) == "Show 1 earlier line (1 not shown)"
    assert earlier_label(LOG_PAGE + 3) == f"Show {LOG_PAGE} earlier lines ({LOG_PAGE + 3} not shown)"
