;; mdview's highlight query for tree-sitter-swift 0.0.1 (the only ABI-14 release on PyPI; no release
;; ships a query). The first pattern that captures a node wins: specific patterns come first.

[(comment) (multiline_comment)] @comment

[
  "actor" "associatedtype" "async" "await" "break" "case" "catch" "class" "continue" "convenience"
  "default" "defer" "deinit" "didSet" "do" "dynamic" "else" "enum" "extension" "fallthrough"
  "fileprivate" "final" "for" "func" "get" "guard" "if" "import" "in" "indirect" "infix" "init"
  "inout" "internal" "is" "lazy" "let" "macro" "mutating" "nonisolated" "nonmutating" "open"
  "operator" "optional" "override" "package" "postfix" "precedencegroup" "prefix" "private"
  "protocol" "public" "repeat" "required" "return" "set" "some" "any" "static" "struct" "subscript"
  "switch" "throw" "throws" "rethrows" "try" "typealias" "unowned" "var" "weak" "where" "while"
  "willSet" "yield" "borrowing" "consuming" "each"
] @keyword

(function_declaration name: (simple_identifier) @function)
(protocol_function_declaration name: (simple_identifier) @function)
(init_declaration "init" @constructor)
(call_expression (simple_identifier) @function.call)
(call_expression (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @function.method)))

(class_declaration name: (type_identifier) @type)
(protocol_declaration name: (type_identifier) @type)
(typealias_declaration name: (type_identifier) @type)
(type_identifier) @type

(attribute) @attribute
(modifiers) @keyword
(parameter external_name: (simple_identifier) @variable.parameter)
(parameter name: (simple_identifier) @variable.parameter)
(navigation_suffix suffix: (simple_identifier) @property)

[(self_expression) "super"] @variable.builtin
(boolean_literal) @constant.builtin
"nil" @constant.builtin

[(line_string_literal) (multi_line_string_literal) (raw_string_literal)] @string
(str_escaped_char) @escape
(interpolated_expression) @embedded
["\\(" ] @punctuation.special
(regex_literal) @string.special.regex

[(integer_literal) (real_literal) (hex_literal) (oct_literal) (bin_literal)] @number

[
  "=" "+" "-" "*" "/" "%" "+=" "-=" "*=" "/=" "==" "!=" "===" "!==" "<" ">" "<=" ">=" "&&" "||" "!"
  "??" "->" "..." "..<" "?" "&" "|" "^" "<<" ">>"
] @operator
["," ";" "." ":"] @punctuation.delimiter
["(" ")" "[" "]" "{" "}"] @punctuation.bracket
