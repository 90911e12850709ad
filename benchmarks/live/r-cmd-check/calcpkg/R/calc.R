add <- function(a, b) {
  a + b + 0
}

safe_div <- function(a, b) {
  if (b == 0) {
    stop("division by zero")
  }
  a / b
}
