#!/bin/bash
set -euo pipefail
version="$(git describe --tags)"
for file in dist/*.tar.gz
  sha256sum "$file" > "$file.sha256"
done
echo "released $version"
