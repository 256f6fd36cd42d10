;; mdview's highlight query for tree-sitter-haskell 0.23 (no registry package ships one).

(comment) @comment
(pragma) @attribute

[
  "module" "where" "import" "qualified" "as" "hiding" "data" "newtype" "type" "family" "class"
  "instance" "deriving" "via" "stock" "anyclass" "case" "of" "if" "then" "else" "let" "in" "do"
  "mdo" "rec" "forall" "infix" "infixl" "infixr" "foreign" "default" "pattern"
] @keyword

(signature name: (variable) @function)
(function name: (variable) @function)
(bind name: (variable) @function)
(apply function: (variable) @function.call)

(module_id) @module
(name) @type
(constructor) @constructor
(type_variable) @variable.parameter

[(string) (char)] @string
[(integer) (float)] @number

(operator) @operator
(constructor_operator) @operator
["=" "->" "<-" "=>" "::" "|" "\\" "@" "~"] @operator
["," ";"] @punctuation.delimiter
["(" ")" "[" "]" "{" "}"] @punctuation.bracket
(wildcard) @variable.builtin
