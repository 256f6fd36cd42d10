;; mdview's highlight query for tree-sitter-ruby (the pinned ABI-14 sdist ships none).
;; The first pattern that captures a node wins, so specific patterns come before general ones.

(comment) @comment

[
  "alias" "and" "begin" "break" "case" "class" "def" "do" "else" "elsif" "end" "ensure" "for" "if"
  "in" "module" "next" "not" "or" "redo" "rescue" "retry" "return" "then" "undef" "unless" "until"
  "when" "while" "yield" "BEGIN" "END"
] @keyword

((identifier) @function.builtin
 (#any-of? @function.builtin "require" "require_relative" "include" "extend" "attr_reader"
  "attr_writer" "attr_accessor" "puts" "print" "raise" "private" "protected" "public" "lambda" "proc"))

(method name: [(identifier) (constant)] @function)
(singleton_method name: [(identifier) (constant)] @function)
(call method: [(identifier) (constant)] @function.method)

(class name: (constant) @type)
(module name: (constant) @type)
(superclass (constant) @type)

((constant) @constant (#match? @constant "^[A-Z][A-Z0-9_]+$"))
(constant) @type

[(self) (super)] @variable.builtin
[(nil) (true) (false)] @constant.builtin

[(instance_variable) (class_variable) (global_variable)] @variable.special

[(string) (bare_string) (subshell) (heredoc_body) (heredoc_beginning) (character)] @string
[(simple_symbol) (delimited_symbol) (hash_key_symbol) (bare_symbol)] @string.special.symbol
(regex) @string.special.regex
(escape_sequence) @escape
(interpolation ["#{" "}"] @punctuation.special)

[(integer) (float) (complex) (rational)] @number

[(block_parameter) (keyword_parameter) (optional_parameter) (splat_parameter) (hash_splat_parameter)] @variable.parameter
(method_parameters (identifier) @variable.parameter)
(block_parameters (identifier) @variable.parameter)

["=" "=>" "->" "+" "-" "*" "/" "**" "%" "==" "!=" "<" ">" "<=" ">=" "<=>" "===" "=~" "!~" "&&" "||" "!" "+=" "-=" "||=" "&&=" "<<" ">>" "&" "|" "^" "~" ".." "..."] @operator
["," ";" "." "::"] @punctuation.delimiter
["(" ")" "[" "]" "{" "}" "%w(" "%i("] @punctuation.bracket
