# A headless browser for the web pages' browser test
# (crates/web/tests/browser.rs), sourced by scripts/test (or by hand:
# `source scripts/browser.sh && install_test_browser`).
#
# install_test_browser installs Chromium and its WebDriver from the
# distribution's packages when they are missing (Debian/Ubuntu, as root),
# and axe-core from the npm registry into a cache directory, exported as
# CAIRN_AXE_JS. Without them it prints one line and the test (or its
# axe-core part) skips.

install_test_browser() {
  if { ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; } \
    && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Chromium (apt-get install chromium chromium-driver)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1; } \
      || true
  fi
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    echo "note: chromium or chromedriver is not installed: the browser test will skip"
    return 0
  fi
  local dir="${XDG_CACHE_HOME:-$HOME/.cache}/cairn/axe-core"
  local axe="$dir/node_modules/axe-core/axe.min.js"
  if [ ! -f "$axe" ] && command -v npm >/dev/null; then
    mkdir -p "$dir"
    (cd "$dir" && npm install --no-save --no-audit --no-fund --silent axe-core@4 >/dev/null 2>&1) || true
  fi
  if [ -f "$axe" ]; then
    export CAIRN_AXE_JS="$axe"
  else
    echo "note: axe-core could not be installed (npm): the browser test skips its accessibility check"
  fi
}
