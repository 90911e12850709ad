source("../R/stats.R")

test_that("mean works", {
  expect_equal(mean_of(c(1, 2, 3)), 2)
})

test_that("median of an even count averages the middle", {
  expect_equal(median_of(c(4, 1, 3, 2)), 2.5)
})

test_that("scaling keeps proportions", {
  scaled <- scale_to(c(1, 3), 100)
  expect_equal(scaled[[1]], 25)
  expect_identical(scaled, c(25L, 75L))
})
