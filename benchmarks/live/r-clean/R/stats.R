mean_of <- function(x) {
  sum(x) / length(x)
}

median_of <- function(x) {
  x <- sort(x)
  n <- length(x)
  x[ceiling(n / 2)]
}

scale_to <- function(x, total) {
  x / sum(x) * total
}
