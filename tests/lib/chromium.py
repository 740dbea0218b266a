"""chromium: headless Chromium as the suite drives it.

One fresh profile per run, and none of the browser's own traffic
(updates, sync, background fetches), so that what it loads is what the
page asks for.  Script is left on: a page must stop its own.
"""
import subprocess
import tempfile


def chromium(url, tmp, *flags, timeout=120):
    """Runs chromium on url with flags; returns the CompletedProcess."""
    profile = tempfile.mkdtemp(dir=tmp)
    return subprocess.run(["chromium", "--headless", "--no-sandbox",
                           "--disable-gpu", "--disable-quic",
                           "--no-first-run",
                           "--disable-background-networking",
                           "--disable-component-update", "--disable-sync",
                           "--user-data-dir=" + profile, *flags, url],
                          capture_output=True, timeout=timeout)
