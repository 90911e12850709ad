source("../R/report.R")
library(tinytablr)

test_that("words are counted", {
  expect_equal(word_count("  one two  three "), 3)
})
