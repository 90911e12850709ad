;;; calc.el --- Tiny calc -*- lexical-binding: t -*-

;;; Commentary:
;; Adds and divides.

;;; Code:

(defun calc-add (a b)
  "Add A and B."
  (+ a b))

(defun calc-div (a b)
  "Divide A by B, nil when B is zero."
  (unless (zerop b) (/ a b)))

(provide 'calc)
;;; calc.el ends here
