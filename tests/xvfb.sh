. "$(dirname "$0")/lib.sh" # compat: start_xvfb lives in tests/lib.sh now
