#!/usr/bin/env bash
# Greets people.
greet() {
  local name="${1:-world}"
  echo "Hello, ${name}"
}
