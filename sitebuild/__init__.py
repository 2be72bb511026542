"""The parts of building the site, one job per module, that build.py puts together.

Loaded before the virtual environment exists (standard library only): paths, log, setup.
Loaded inside it: site (and what it renders with: pages, vendor, archive, icons,
service_worker, snapshot) and serve.
"""
