;; Sum of squares
(define (square x) (* x x))

(define (sum-of-squares lst)
  (let loop ((xs lst) (acc 0))
    (if (null? xs)
        acc
        (loop (cdr xs) (+ acc (square (car xs)))))))

(display "result: ")
(display (sum-of-squares '(1 2 3 4)))
(newline)
(define greeting #t)
