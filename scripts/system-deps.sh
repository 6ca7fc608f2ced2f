#!/usr/bin/env bash
# Debian packages the tests need beside Python: Chromium and its driver (the form app's
# end-to-end test drives Debian's browser, never a downloaded one; the Japanese font comes from
# matplotlib-fontja), PostgreSQL (the scale-out test starts its own cluster), Tesseract with
# its Japanese model (OCR of scanned invoices and photos of receipts) and bubblewrap (the
# kernel layer of the analysis sandbox: without it, generated analysis code does not run).
set -euo pipefail
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium chromium-driver)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || packages+=(postgresql)
command -v tesseract >/dev/null || packages+=(tesseract-ocr)
tesseract --list-langs 2>/dev/null | grep -qx jpn || packages+=(tesseract-ocr-jpn)
command -v bwrap >/dev/null || packages+=(bubblewrap)
[ ${#packages[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
else
  echo "scripts/system-deps.sh: cannot install ${packages[*]} (needs root or sudo);" \
       "the browser / PostgreSQL / OCR / analysis sandbox tests will be reported as skipped" >&2
fi
