test_that("adds", {
  expect_equal(add(1, 1), 2)
})

test_that("divides", {
  expect_equal(safe_div(9, 3), 3)
  expect_error(safe_div(1, 0), "by zero")
  expect_equal(safe_div(1, 4), 0.2)
})
