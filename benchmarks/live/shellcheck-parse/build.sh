#!/bin/bash
set -euo pipefail
target="${1:-release}"
if [ "$target" = "debug"]; then
  flags="-O0 -g"
else
  flags="-O2"
fi
echo "building with $flags"
