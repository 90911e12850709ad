source("R/helpers.R")

scores <- c(12, 15, 9, 20, 17)
print(normalise(scores))
print(summarise_scores(scores))
