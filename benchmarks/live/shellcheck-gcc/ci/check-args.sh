#!/bin/bash
if [ $# > 2 ]; then
  echo "usage: check-args.sh [dir] [pattern]" >&2
  exit 2
fi
dir="${1:-.}"
find "$dir" -name "${2:-*.sh}" -print
