#!/usr/bin/env bats
bats_load_library bats-support
bats_load_library bats-assert

setup() {
  source "$BATS_TEST_DIRNAME/../src/greet.sh"
}

@test "greets the world by default" {
  run greet
  assert_success
  assert_output "Hello, world!"
}

@test "greets a name" {
  run greet Ada
  assert_output "Hello, Ada"
}

@test "prints one line" {
  run greet Bob
  assert_equal "${#lines[@]}" 2
}
