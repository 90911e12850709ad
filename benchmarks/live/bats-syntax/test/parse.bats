#!/usr/bin/env bats

@test "parses a number" {
  if [ "42" -gt 0 ]; then
    echo "positive"
}

@test "parses nothing" {
  true
}
