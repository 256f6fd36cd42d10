;; mdview's Rust prelude, placed before textual's rust.scm, which captures literals as
;; @constant.builtin: numbers and booleans get the capture names mdview's themes use.

[(integer_literal) (float_literal)] @number
(boolean_literal) @constant.builtin
(char_literal) @string
(macro_invocation macro: (identifier) @function.macro "!" @function.macro)
(lifetime (identifier) @label)
