#!/usr/bin/python3
"""A minimal WebKitGTK browser for WebKitWebDriver, like Debian's MiniBrowser
but with a persistent profile: MiniBrowser's automation mode keeps all
website data in memory, where a Cache API entry is dropped as soon as no page
or worker holds its cache open, so a boot snapshot could never be tested
across visits. WebKitWebDriver starts this with ``--automation``; the profile
folder comes from ``--profile=DIR``."""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

profile = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--profile=")), None)
if "--automation" not in sys.argv or not profile:
    sys.exit("usage: browser.py --automation --profile=DIR")

manager = WebKit2.WebsiteDataManager(base_data_directory=f"{profile}/data",
                                     base_cache_directory=f"{profile}/cache")
context = WebKit2.WebContext(website_data_manager=manager)
context.set_automation_allowed(True)
windows = []


def new_view(_session):
    view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
    window = Gtk.Window()
    window.set_default_size(1280, 800)
    window.add(view)
    window.show_all()
    windows.append(window)
    return view


def started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("CardroomWebKit")
    info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
    session.set_application_info(info)
    session.connect("create-web-view", new_view)


context.connect("automation-started", started)
Gtk.main()
