source("../R/stats.R")

test_that("mean works", {
  expect_equal(mean_of(c(1, 2, 3)), 2)
})

test_that("median of an odd count is the middle", {
  expect_equal(median_of(c(5, 1, 3)), 3)
})

test_that("scaling keeps proportions", {
  expect_equal(scale_to(c(1, 3), 100), c(25, 75))
})

test_that("a skipped check", {
  skip_if(TRUE, "not on this platform")
  expect_true(FALSE)
})
