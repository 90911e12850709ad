#!/usr/bin/env bats

setup() {
  source "$BATS_TEST_DIRNAME/../src/calc.sh"
}

@test "adds two numbers" {
  result="$(add 2 2)"
  [ "$result" -eq 5 ]
}

@test "subtracts" {
  run sub 5 3
  [ "$status" -eq 0 ]
  [ "$output" = "2" ]
}

@test "multiplies" {
  result="$(mul 2 3)"
  [ "$result" = "6" ]
}
