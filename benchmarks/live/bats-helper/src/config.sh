#!/usr/bin/env bash
# Reads KEY=VALUE settings.
config_get() {
  local file="$1" key="$2"
  grep "^${key}=" "$file" | cut -d= -f2
}
