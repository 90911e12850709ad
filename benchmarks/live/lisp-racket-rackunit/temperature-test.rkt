#lang racket/base
(require rackunit "temperature.rkt")

(check-equal? (c->f 100) 212)
(check-equal? (f->c 212) 100 "boiling point")

(test-case "freezing"
  (check-equal? (c->f 0) 32)
  (check-equal? (f->c 32) 0))
