;; mdview's Bash prelude, placed before tree-sitter-bash's highlights.scm, which leaves numbers and
;; some keywords of the pinned grammar uncoloured.

(number) @number
(arithmetic_expansion ["$((" "))"] @punctuation.special)
(test_operator) @operator
(special_variable_name) @variable.builtin
