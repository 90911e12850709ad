#lang racket/base
(require racket/list)

(define (mean xs)
  (/ (sum xs) (length xs)))

(displayln (mean (range 1 10)))
