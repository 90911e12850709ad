#!/usr/bin/env bats

setup() {
  load test_helper
  load_config
}

@test "reads the name" {
  expect_value name demo
}

@test "reads the port" {
  expect_value port 80
}

@test "reads a missing key" {
  run config_get "$CONFIG" missing
  [ "$status" -eq 0 ]
  [ -z "$output" ]
}

@test "matches the fixture" {
  cat "$BATS_TEST_DIRNAME/fixtures/app.conf" > "$BATS_TEST_TMPDIR/expected"
  diff "$BATS_TEST_TMPDIR/expected" "$CONFIG"
}
