;; mdview's highlight query for tree-sitter-scala 0.23 (no registry package ships one).

[(comment) (block_comment)] @comment

[
  "abstract" "case" "catch" "class" "def" "derives" "do" "else" "end" "enum" "export" "extends"
  "extension" "final" "finally" "for" "given" "if" "implicit" "import" "lazy" "match" "new" "object"
  "opaque" "override" "package" "private" "protected" "return" "sealed" "then" "throw" "trait" "try"
  "type" "using" "val" "var" "while" "with" "yield" "inline" "open" "transparent" "infix"
] @keyword

(function_definition name: (identifier) @function)
(function_declaration name: (identifier) @function)
(call_expression function: (identifier) @function.call)
(call_expression function: (field_expression field: (identifier) @function.method))
(generic_function function: (identifier) @function.call)

(class_definition name: (identifier) @type)
(object_definition name: (identifier) @type)
(trait_definition name: (identifier) @type)
(enum_definition name: (identifier) @type)
(type_definition name: (type_identifier) @type)
(type_identifier) @type

((identifier) @constant (#match? @constant "^[A-Z][A-Z0-9_]+$"))

["this" "super"] @variable.builtin
(boolean_literal) @constant.builtin
(null_literal) @constant.builtin

(annotation) @attribute

[(string) (interpolated_string_expression) (character_literal)] @string
(escape_sequence) @escape
(interpolation "$" @punctuation.special)

[(integer_literal) (floating_point_literal)] @number

(parameter name: (identifier) @variable.parameter)
(class_parameter name: (identifier) @variable.parameter)

(operator_identifier) @operator
["=" "=>" "<-" "<:" ">:" "#" ":" "@"] @operator
["," ";" "."] @punctuation.delimiter
["(" ")" "[" "]" "{" "}"] @punctuation.bracket
