#!/bin/bash
set -euo pipefail
suites=("$@")
for suite in ${suites[@]}; do
  ./run-suite "$suite"
done
