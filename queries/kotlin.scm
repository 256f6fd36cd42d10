;; mdview's highlight query for tree-sitter-kotlin 1.x (no registry package ships one).

[(line_comment) (block_comment)] @comment

[
  "package" "import" "class" "interface" "object" "fun" "val" "var" "typealias" "constructor" "init"
  "companion" "enum" "data" "sealed" "annotation" "inner" "value" "open" "abstract" "final" "override"
  "private" "protected" "public" "internal" "lateinit" "const" "suspend" "inline" "infix" "operator"
  "tailrec" "external" "vararg" "noinline" "crossinline" "reified" "expect" "actual" "by" "where"
  "get" "set" "if" "else" "when" "for" "while" "do" "try" "catch" "finally" "throw" "return"
  "break" "continue" "in" "is" "as" "as?" "!in" "!is"
] @keyword

(function_declaration name: (identifier) @function)
(call_expression (identifier) @function.call)
(call_expression (navigation_expression (identifier) @function.method .))

(class_declaration name: (identifier) @type)
(object_declaration name: (identifier) @type)
(type_alias (identifier) @type)
(user_type (identifier) @type)

["this" "super"] @variable.builtin
(this_expression) @variable.builtin
(super_expression) @variable.builtin
["true" "false" "null"] @constant.builtin
(boolean_literal) @constant.builtin
(null_literal) @constant.builtin

((identifier) @constant (#match? @constant "^[A-Z][A-Z0-9_]+$"))

(annotation) @attribute
(label) @label

[(string_literal) (multiline_string_literal)] @string
(character_literal) @string
(escape_sequence) @escape
(interpolation ["${" "}"] @punctuation.special)

[(number_literal) (float_literal)] @number

(parameter name: (identifier) @variable.parameter)
(property_declaration (variable_declaration (identifier) @variable))

["=" "+=" "-=" "*=" "/=" "==" "!=" "===" "!==" "<" ">" "<=" ">=" "&&" "||" "!" "+" "-" "*" "/" "%" "++" "--" ".." "..<" "?:" "->" "::" "?." "!!"] @operator
["," ";" "." ":"] @punctuation.delimiter
["(" ")" "[" "]" "{" "}" "<" ">"] @punctuation.bracket
