;;; stack.el --- A tiny stack -*- lexical-binding: t -*-

;;; Commentary:
;; Push and pop.

;;; Code:

(defun stack-push (stack item)
  "Push ITEM on STACK."
  (cons item stack))

(defun stack-peek (stack)
  "The top of STACK."
  (let ((top (car stack))
        (rest (cdr stack)))
    top))

(provide 'stack)
;;; stack.el ends here
