source("../R/inventory.R")

test_that("restocking adds to the count", {
  stock <- list(apple = 2, pear = 1)
  expect_equal(restock(stock, "apple", 3)$apple, 5)
})

test_that("restocking an unknown item", {
  stock <- list(apple = 2)
  expect_equal(restock(stock, "plum", 1)$plum, 1)
})

test_that("the value of the stock", {
  stock <- list(apple = 2, pear = 1)
  prices <- list(apple = 0.5, pear = "0.75")
  expect_equal(value_of(stock, prices), 1.75)
})
