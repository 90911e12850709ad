#lang racket/base
(provide c->f f->c)

(define (c->f c) (+ 32 (* 9/5 c)))
(define (f->c f) (* 5/9 (- f 23)))
