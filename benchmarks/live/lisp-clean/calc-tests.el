;;; calc-tests.el --- Tests of calc -*- lexical-binding: t -*-
(require 'ert)
(require 'calc)

(ert-deftest calc-test-add ()
  (should (equal (calc-add 1 2) 3)))

(ert-deftest calc-test-div-by-zero ()
  (should-not (calc-div 4 0)))

(ert-deftest calc-test-known-bug ()
  :expected-result :failed
  (should (equal (calc-add 1 1) 3)))
;;; calc-tests.el ends here
