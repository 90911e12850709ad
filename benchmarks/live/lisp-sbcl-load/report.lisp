;;;; Prints a report of the inventory.
(load "inventory.lisp")

(format t "Average: ~a~%" (average-count))
(add-item "apple" 3)
