normalise <- function(x) {
  (x - min(x)) / (max(x) - min(x))
}

summarise_scores <- function(scores) {
  data.frame(
    mean = mean(scores),
    sd = sd(scores)
    n = length(scores)
  )
}
