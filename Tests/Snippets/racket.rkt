#lang racket

;; Factorial and a greeting
(define (fact n)
  (if (<= n 1)
      1
      (* n (fact (- n 1)))))

(define greeting "Hello")

(struct point (x y) #:transparent)

(for ([i (in-range 5)])
  (printf "~a! = ~a\n" i (fact i)))

(displayln (string-append greeting ", world" (number->string 42)))
