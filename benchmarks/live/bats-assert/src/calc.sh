#!/usr/bin/env bash
# A tiny calculator library.
add() { echo $(($1 + $2)); }
sub() { echo $(($1 - $2)); }
