# Shared setup for the tests.
load_config() {
  source "$BATS_TEST_DIRNAME/../src/config.sh"
  CONFIG="$BATS_TEST_TMPDIR/app.conf"
  printf 'name=demo\nport=8080\n' > "$CONFIG"
}

expect_value() {
  local got
  got="$(config_get "$CONFIG" "$1")"
  [ "$got" = "$2" ]
}
