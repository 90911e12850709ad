library(testthat)
library(calcpkg)
test_check("calcpkg")
