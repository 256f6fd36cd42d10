;; mdview's C++ additions, placed before tree-sitter-c's highlights.scm (the pinned tree-sitter-cpp
;; sdist ships no query). Earlier patterns win, so C++-specific captures come first.

[
  "class" "namespace" "template" "typename" "using" "virtual" "override" "final" "public" "private"
  "protected" "friend" "explicit" "operator" "new" "delete" "try" "catch" "throw" "noexcept"
  "constexpr" "consteval" "constinit" "concept" "requires" "co_await" "co_return" "co_yield"
  "mutable" "thread_local" "static_assert" "decltype" "export" "import" "module"
] @keyword

(function_declarator declarator: (qualified_identifier name: (identifier) @function))
(function_declarator declarator: (field_identifier) @function.method)
(function_declarator declarator: (destructor_name (identifier) @function.method))
(call_expression function: (qualified_identifier name: (identifier) @function.call))
(call_expression function: (field_expression field: (field_identifier) @function.method))
(template_function name: (identifier) @function.call)
(template_method name: (field_identifier) @function.method)

(namespace_identifier) @module
((namespace_identifier) @type (#match? @type "^[A-Z]"))
(auto) @type.builtin

(this) @variable.builtin
(nullptr) @constant.builtin
[(true) (false)] @boolean

(raw_string_literal) @string
(user_defined_literal (number_literal) @number)
(literal_suffix) @number

["::" "->*" ".*" "<=>"] @operator
